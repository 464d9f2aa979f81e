import { useMemo, useState } from "react";
import type { ConsoleRun, QueryTable } from "../../api/types.ts";
import { useToasts } from "../../ui/errors.tsx";
import { BarChart } from "../results/BarChart.tsx";
import { LargeText } from "../results/LargeText.tsx";
import { ResultGrid } from "../results/ResultGrid.tsx";
import { SaveQueryDialog } from "../work/SaveQueryDialog.tsx";
import { AccuracyNote } from "./AccuracyNote.tsx";
import { CutNote } from "./CutNote.tsx";
import { type QueryRow, queryCharts, queryColumnDefs, queryRows, querySummary } from "./columns.ts";
import { QueryExportDialog } from "./QueryExportDialog.tsx";
import { QueryGridDialog } from "./QueryGridDialog.tsx";
import "./esql.css";

/** The table of a run, when the app read its answer as one. */
export function queryTableOf(run: ConsoleRun): QueryTable | undefined {
  return run.result.kind === "json" ? run.result.queryTable : undefined;
}

/** The query a run ran, when its body holds one (what Export all and the grid's pages read again). */
function queryOf(run: ConsoleRun): string | undefined {
  const q = (run.request.body as { query?: unknown } | undefined)?.query;
  return typeof q === "string" ? q : undefined;
}

/** A piped query's table, its actions and their dialogs. Long because it is that markup, in one place. */
export function QueryResult({
  run,
  table,
  connectionId,
}: {
  run: ConsoleRun;
  table: QueryTable;
  connectionId: string;
}) {
  const query = queryOf(run);
  const more = table.cut && query ? { connectionId, query } : undefined;
  const [asJson, setAsJson] = useState(false);
  const [open, setOpen] = useState<"grid" | "export" | "save" | null>(null);
  const toasts = useToasts();
  const columns = useMemo(() => queryColumnDefs(table), [table]);
  const rows = useMemo(() => queryRows(table), [table]);
  const charts = useMemo(() => queryCharts(table), [table]);
  return (
    <div className="result-view query-result" data-testid="query-result">
      <div className="result-switch">
        <span className="muted" data-testid="query-summary">
          {table.language} · {querySummary(table)}
        </span>
        <button type="button" className="link" onClick={() => setOpen("grid")}>
          Open as grid
        </button>
        <button type="button" className="link" onClick={() => setOpen("export")}>
          Export…
        </button>
        {typeof query === "string" ? (
          <button
            type="button"
            className="link"
            onClick={() => setOpen("save")}
            title="Save the query to the library, {{name}} as parameters"
          >
            Save
          </button>
        ) : null}
        <button type="button" className="link" onClick={() => setAsJson((v) => !v)}>
          {asJson ? "Show as table" : "Show JSON"}
        </button>
      </div>
      {table.cut ? <CutNote cut={table.cut} /> : null}
      <AccuracyNote table={table} />
      {asJson ? (
        <LargeText raw={run.result.raw} />
      ) : (
        <>
          {charts.map((chart) => (
            <div key={chart.title} className="query-chart">
              {charts.length > 1 ? (
                <div className="muted query-chart-title">{chart.title}</div>
              ) : null}
              <BarChart table={chart} />
            </div>
          ))}
          <ResultGrid<QueryRow> rows={rows} columns={columns} testId="query-table" />
        </>
      )}
      {open === "grid" ? (
        <QueryGridDialog table={table} more={more} onClose={() => setOpen(null)} />
      ) : null}
      {open === "export" ? (
        <QueryExportDialog table={table} more={more} onClose={() => setOpen(null)} />
      ) : null}
      {open === "save" && typeof query === "string" ? (
        <SaveQueryDialog
          connectionId={connectionId}
          kind="esql"
          text={query}
          onClose={() => setOpen(null)}
          onSaved={(name) => {
            setOpen(null);
            toasts.success(`Saved "${name}" to the library.`);
          }}
        />
      ) : null}
    </div>
  );
}
