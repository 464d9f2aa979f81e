/** A result's rows in a read-only grid, as tall as a short table needs (result-grid.ts). */
import type { ColDef } from "ag-grid-community";
import { AgGridReact } from "ag-grid-react";
import { gridHeight, resultTheme } from "./result-grid.ts";

export function ResultGrid<R>({
  rows,
  columns,
  testId,
}: {
  rows: R[];
  columns: ColDef<R>[];
  testId?: string;
}) {
  return (
    <div className="result-grid" data-testid={testId} style={{ height: gridHeight(rows.length) }}>
      <AgGridReact<R>
        theme={resultTheme}
        rowData={rows}
        columnDefs={columns}
        enableCellTextSelection
        ensureDomOrder
      />
    </div>
  );
}
