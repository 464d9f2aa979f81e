/**
 * Where the keyboard focus goes in the grid: the first cell of a table just opened, the same
 * document after a reload (it may have moved on the page), and back to a cell after its dialog.
 */
import type { GridApi } from "ag-grid-community";
import { useCallback, useRef } from "react";
import type { BrowseResult } from "../../api/types.ts";
import type { GridRow } from "./GridTable.tsx";

/** A document's cell, by row key, that keeps the focus across a reload. */
export interface FocusedRow {
  key: string;
  column: string;
}

export type GridFocus = ReturnType<typeof useGridFocus>;

export function useGridFocus() {
  const gridApi = useRef<GridApi<GridRow> | null>(null);
  const focusedOnce = useRef(false);
  const refocusAfterReload = useRef<FocusedRow | null>(null);

  /**
   * A table just opened (from the sidebar, a link, Alt+D) is there to be read: the first page's
   * first cell takes the focus, so arrows and Enter work at once. Focus the user put elsewhere
   * (the filter bar, the console) is left alone.
   */
  const focusFirstCell = useCallback((r: BrowseResult) => {
    const first = r.columns[0]?.name;
    if (focusedOnce.current || r.rows.length === 0 || !first) return;
    focusedOnce.current = true;
    // The rows reach the grid on a later render: wait (a few frames at most) for the first cell.
    let frames = 30;
    const tryFocus = () => {
      const at = document.activeElement;
      const idle = !at || at === document.body || at.matches("main") || !!at.closest(".sidebar");
      if (!idle) return;
      const api = gridApi.current;
      if (api && api.getDisplayedRowCount() > 0) api.setFocusedCell(0, first);
      else if (frames-- > 0) requestAnimationFrame(tryFocus);
    };
    requestAnimationFrame(tryFocus);
  }, []);

  /**
   * The document whose cell has the keyboard focus. A saved document can move on the page when
   * it is loaded again (the cluster's order changes with an update), and AG Grid keeps the focus
   * on the row index: the focus follows the document instead.
   */
  const focusedRow = (): FocusedRow | null => {
    const api = gridApi.current;
    const cell = api?.getFocusedCell();
    if (!api || !cell || !document.activeElement?.closest(".grid-host")) return null;
    const key = api.getDisplayedRowAtIndex(cell.rowIndex)?.id;
    return key ? { key, column: cell.column.getColId() } : null;
  };

  /** Focuses the document's cell once the grid has the reloaded rows (see onRowDataUpdated). */
  const refocusRow = (focus: FocusedRow) => {
    refocusAfterReload.current = focus;
  };

  const onRowDataUpdated = (api: GridApi<GridRow>) => {
    const focus = refocusAfterReload.current;
    if (!focus) return;
    refocusAfterReload.current = null;
    const at = api.getRowNode(focus.key)?.rowIndex;
    if (at != null && api.getFocusedCell()?.rowIndex !== at) api.setFocusedCell(at, focus.column);
  };

  /** Runs a reload that may move the focused document, and keeps the focus on that document. */
  const keepingFocus = async (reload: () => Promise<boolean>) => {
    const focused = focusedRow();
    if ((await reload()) && focused) refocusRow(focused);
  };

  /** Gives a cell the focus back, after the dialog that took it has closed. */
  const focusCellLater = (cell: { rowIndex: number; column: string }) =>
    setTimeout(() => gridApi.current?.setFocusedCell(cell.rowIndex, cell.column), 0);

  return { gridApi, focusFirstCell, keepingFocus, onRowDataUpdated, focusCellLater };
}
