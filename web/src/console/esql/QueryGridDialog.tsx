/**
 * "Open as grid": a query's whole result in a large read-only grid (a piped query's rows have no
 * key to write back to), its typed columns, sort and paging within the result. When the database
 * cut the result, the grid reads the query again past the cap in keyed pages (by _id), a page of
 * 10,000 rows at each "Load more"; a query that cannot be paged says why.
 */
import { AgGridReact } from "ag-grid-react";
import { useMemo, useState } from "react";
import { call, ui } from "../../api/client.ts";
import { ErrorNote } from "../../ui/errors.tsx";
import { Modal } from "../../ui/modal.tsx";
import { resultTheme } from "../results/result-grid.ts";
import { AccuracyNote } from "./AccuracyNote.tsx";
import { CutNote } from "./CutNote.tsx";
import { type QueryRow, queryColumnDefs, queryRows, querySummary } from "./columns.ts";
import type { QueryDialogProps } from "./QueryExportDialog.tsx";

const PAGE = 100;
/** Rows each keyed page reads: the database's cap on one answer. */
const KEYED_PAGE = 10_000;

interface Keyed {
  rows: QueryRow[];
  expected: number | null;
  after: unknown[] | null;
}

export function QueryGridDialog({ table, more, onClose }: QueryDialogProps) {
  const columns = useMemo(() => queryColumnDefs(table), [table]);
  const firstRows = useMemo(() => queryRows(table), [table]);
  const [keyed, setKeyed] = useState<Keyed | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const load = async () => {
    if (!more || loading) return;
    setLoading(true);
    setError(null);
    try {
      const page = await call(ui.connections[":id"].esql.pages.$post, {
        param: { id: more.connectionId },
        json: { query: more.query, after: keyed?.after ?? null, size: KEYED_PAGE },
      });
      // The page's columns by name onto the table's (the key it was read by may be left out).
      const at = table.columns.map((c) => page.columns.indexOf(c.name));
      const rows = page.rows.map((cells) =>
        Object.fromEntries(at.map((i, c) => [String(c), i === -1 ? null : (cells[i] ?? null)])),
      );
      setKeyed((k) => ({
        rows: [...(k?.rows ?? []), ...rows],
        expected: k?.expected ?? page.expected,
        after: page.after,
      }));
    } catch (e) {
      setError(e);
    } finally {
      setLoading(false);
    }
  };
  const rows = keyed ? keyed.rows : firstRows;
  return (
    <Modal title={`${table.language} result · ${querySummary(table)}`} onClose={onClose} wide>
      {table.cut && !keyed ? <CutNote cut={table.cut} /> : null}
      <AccuracyNote table={table} />
      {more ? (
        <p className="hint" data-testid="query-grid-pages">
          {keyed
            ? `${keyed.rows.length.toLocaleString("en-US")} of ${keyed.expected?.toLocaleString("en-US") ?? "?"} rows read in pages by _id.`
            : "The grid can read every row of this query past the cap, in pages by _id."}{" "}
          {!keyed || keyed.after ? (
            <button type="button" className="link" onClick={() => void load()} disabled={loading}>
              {loading ? "Reading…" : keyed ? "Load more" : "Read every row"}
            </button>
          ) : null}
        </p>
      ) : null}
      {error ? <ErrorNote error={error} /> : null}
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
