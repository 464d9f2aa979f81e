/**
 * The grid's keyboard shortcuts: Ctrl/Cmd+S saves (the cell being typed in included) and
 * Ctrl/Cmd+Shift+N adds a row.
 */
import type { GridApi } from "ag-grid-community";
import { type RefObject, useEffect, useState } from "react";
import type { GridRow } from "../table/GridTable.tsx";

export function useSaveShortcuts(
  gridApi: RefObject<GridApi<GridRow> | null>,
  save: () => void,
  addRow: () => void,
): void {
  const [saveAsked, setSaveAsked] = useState(false);

  // A save asked for from the keyboard runs once the edit in progress has become a pending edit.
  // biome-ignore lint/correctness/useExhaustiveDependencies: save reads the edits of this render
  useEffect(() => {
    if (!saveAsked) return;
    setSaveAsked(false);
    save();
  }, [saveAsked]);

  useEffect(() => {
    const on = (e: KeyboardEvent) => {
      const mod = e.ctrlKey || e.metaKey;
      if (!mod) return;
      if (e.key.toLowerCase() === "s") {
        e.preventDefault();
        // Ending the edit hands its value to onEdit through AG Grid's (asynchronous) edit
        // request; the save runs after it, on a render that has the edit.
        const api = gridApi.current;
        if (api && api.getEditingCells().length > 0) {
          api.stopEditing();
          setTimeout(() => setSaveAsked(true), 0);
        } else setSaveAsked(true);
      } else if (e.shiftKey && e.key.toLowerCase() === "n") {
        e.preventDefault();
        addRow();
      }
    };
    window.addEventListener("keydown", on);
    return () => window.removeEventListener("keydown", on);
  });
}
