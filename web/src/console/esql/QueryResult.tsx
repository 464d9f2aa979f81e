/**
 * A piped query's answer (ES|QL) in the console: its typed table sortable in the page, the row
 * count and `took`, a note when the database cut the rows, a bar chart per number of a grouping
 * (its keys name the bars), and the ways on: Open as grid (read-only, paged) and Export….
 */
import { AgGridReact } from "ag-grid-react";
import { useMemo, useState } from "react";
import type { ConsoleRun, QueryTable } from "../../api/types.ts";
import { BarChart } from "../results/BarChart.tsx";
import { LargeText } from "../results/LargeText.tsx";
import { gridHeight, resultTheme } from "../results/result-grid.ts";
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

export function QueryResult({ run, table }: { run: ConsoleRun; table: QueryTable }) {
  const [asJson, setAsJson] = useState(false);
  const [open, setOpen] = useState<"grid" | "export" | null>(null);
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
          <div
            className="result-grid"
            data-testid="query-table"
            style={{ height: gridHeight(rows.length) }}
          >
            <AgGridReact<QueryRow>
              theme={resultTheme}
              rowData={rows}
              columnDefs={columns}
              enableCellTextSelection
              ensureDomOrder
            />
          </div>
        </>
      )}
      {open === "grid" ? <QueryGridDialog table={table} onClose={() => setOpen(null)} /> : null}
      {open === "export" ? <QueryExportDialog table={table} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}
