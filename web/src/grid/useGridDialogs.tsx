/**
 * The grid's two dialogs, each with whether it is open: a cell's value in full (edits go through
 * `onEdit`; a cell opened from the keyboard gets the focus back on close), and an export of the
 * view.
 */
import { useState } from "react";
import type { BrowseRequest } from "../api/types.ts";
import { CellDialog } from "./edits/CellDialog.tsx";
import { ExportDialog } from "./export/ExportDialog.tsx";
import type { GridRow } from "./table/GridTable.tsx";
import type { GridFocus } from "./table/useGridFocus.ts";

/** A cell opened in its dialog. */
interface ExpandedCell {
  row: GridRow;
  column: string;
  /** The cell to focus again when the dialog closes (it was opened from the keyboard). */
  cell?: { rowIndex: number; column: string } | undefined;
}

export function useCellDialog(
  connectionId: string,
  focus: GridFocus,
  onEdit: (row: GridRow, column: string, value: unknown) => void,
) {
  const [expand, setExpand] = useState<ExpandedCell | null>(null);

  const open = (row: GridRow, column: string, fromKeyboard: boolean) => {
    const focused = focus.gridApi.current?.getFocusedCell();
    setExpand({
      row,
      column,
      cell: fromKeyboard && focused ? { rowIndex: focused.rowIndex, column } : undefined,
    });
  };

  const close = () => {
    const cell = expand?.cell;
    setExpand(null);
    if (cell) focus.focusCellLater(cell);
  };

  const dialog = expand ? (
    <CellDialog
      connectionId={connectionId}
      row={expand.row}
      column={expand.column}
      onClose={() => close()}
      onEdit={(value) => {
        onEdit(expand.row, expand.column, value);
        close();
      }}
    />
  ) : null;

  return { open, dialog };
}

export function useExportDialog(connectionId: string, table: string, request: BrowseRequest) {
  const [exporting, setExporting] = useState(false);
  const dialog = exporting ? (
    <ExportDialog
      connectionId={connectionId}
      table={table}
      filters={request.filters}
      rawQuery={request.rawQuery}
      onClose={() => setExporting(false)}
    />
  ) : null;
  return { open: () => setExporting(true), dialog };
}
