/**
 * "Open as grid": a query's whole result in a large read-only grid (a piped query's rows have no
 * key to write back to), its typed columns, sort and paging within the result.
 */
import { AgGridReact } from "ag-grid-react";
import { useMemo } from "react";
import type { QueryTable } from "../../api/types.ts";
import { Modal } from "../../ui/modal.tsx";
import { resultTheme } from "../results/result-grid.ts";
import { AccuracyNote } from "./AccuracyNote.tsx";
import { CutNote } from "./CutNote.tsx";
import { type QueryRow, queryColumnDefs, queryRows, querySummary } from "./columns.ts";

const PAGE = 100;

export function QueryGridDialog({ table, onClose }: { table: QueryTable; onClose: () => void }) {
  const columns = useMemo(() => queryColumnDefs(table), [table]);
  const rows = useMemo(() => queryRows(table), [table]);
  return (
    <Modal title={`${table.language} result · ${querySummary(table)}`} onClose={onClose} wide>
      {table.cut ? <CutNote cut={table.cut} /> : null}
      <AccuracyNote table={table} />
      <p className="muted">Read-only: a query's rows have no document to write back to.</p>
      <div className="query-grid" data-testid="query-grid">
        <AgGridReact<QueryRow>
          theme={resultTheme}
          rowData={rows}
          columnDefs={columns}
          pagination
          paginationPageSize={PAGE}
          paginationPageSizeSelector={[50, 100, 500]}
          enableCellTextSelection
          ensureDomOrder
        />
      </div>
    </Modal>
  );
}
