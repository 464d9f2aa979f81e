/** One console answer, shown as the app classified it: a grid of hits, a table, or formatted JSON. */
import type { ColDef } from "ag-grid-community";
import { useMemo, useState } from "react";
import type { ConsoleRun, TaskReport } from "../../api/types.ts";
import { displayCell } from "../../ui/cell-text.ts";
import { LargeText } from "./LargeText.tsx";
import { ResultGrid } from "./ResultGrid.tsx";
import { ResultTables } from "./ResultTables.tsx";

type Row = Record<string, unknown>;

export function ResultView({ run }: { run: ConsoleRun }) {
  const r = run.result;
  // Tables the app built stand in for the JSON of a summary or a text listing.
  const tables = (r.kind === "json" || r.kind === "grid") && r.tables?.length ? r.tables : null;
  const [asJson, setAsJson] = useState(r.kind === "json" && !tables);
  const table = useMemo(() => tabular(run), [run]);
  const switchable = table !== null || (r.kind === "json" && tables !== null);
  return (
    <div className="result-view" data-kind={r.kind} data-testid={`result-${r.kind}`}>
      <div className="result-switch">
        <span
          className="muted"
          data-testid={r.kind === "json" && r.task ? "task-summary" : undefined}
        >
          {r.kind === "json" && r.task
            ? taskSummary(r.task)
            : r.kind === "grid"
              ? `search hits${r.total !== null ? ` · ${r.total.toLocaleString("en-US")} total` : ""}`
              : r.kind === "table"
                ? `${r.rows.length.toLocaleString("en-US")} rows`
                : tables && !asJson
                  ? typeof r.raw === "string"
                    ? "text listing as a table"
                    : "summaries as tables"
                  : typeof r.raw === "string"
                    ? "text"
                    : "JSON"}
        </span>
        {switchable ? (
          <button type="button" className="link" onClick={() => setAsJson((v) => !v)}>
            {asJson
              ? r.kind === "grid"
                ? "Show as grid"
                : "Show as table"
              : typeof r.raw === "string"
                ? "Show text"
                : "Show JSON"}
          </button>
        ) : null}
      </div>
      <ResultNotes result={r} />
      {table && !asJson ? (
        <ResultGrid<Row> rows={table.rows} columns={table.columns} />
      ) : tables && !asJson && r.kind === "json" ? null : (
        <LargeText raw={r.raw} />
      )}
      {tables && !asJson ? <ResultTables tables={tables} /> : null}
    </div>
  );
}

/** What the status alone would not say: a task stopped early, failed items, a refusal, partial data. */
function ResultNotes({ result: r }: { result: ConsoleRun["result"] }) {
  return (
    <>
      {r.kind === "json" && r.task?.stop ? (
        // The cluster ended it early: what was done, what was not, and how to go on.
        <div className="error-note" role="alert" data-testid="task-stopped">
          <div className="error-message">
            Stopped early: {r.task.stop.reason}.
            {r.task.notAttempted !== null
              ? ` ${counted(r.task.notAttempted, "document was", "documents were")} not attempted.`
              : ""}
          </div>
          <div className="error-remedy">{r.task.stop.remedy}</div>
        </div>
      ) : null}
      {r.kind === "json" && r.itemFailures ? (
        // A 2xx answer whose items partly failed: the status alone would say all was done.
        <div className="error-note" role="alert" data-testid="item-failures">
          <div className="error-message">
            {counted(r.itemFailures.failed, "item", "items")} of {n(r.itemFailures.total)} failed
            {r.itemFailures.failed < r.itemFailures.total ? "; the others were done" : ""}.
          </div>
          <div className="error-remedy">First: {r.itemFailures.first}</div>
        </div>
      ) : null}
      {r.kind === "error" ? (
        // What the cluster refused and why: the first thing to read, above the whole answer.
        <div className="error-note" role="alert" data-testid="cluster-error">
          <div className="error-message">
            <code>{r.type}</code>: {r.reason}
          </div>
        </div>
      ) : null}
      {(r.kind === "grid" || r.kind === "json") && r.partial ? (
        <div className="partial-note" role="alert" data-testid="partial-results-warning">
          <strong>Partial results.</strong> {r.partial.message}
        </div>
      ) : null}
    </>
  );
}

function tabular(run: ConsoleRun): { columns: ColDef<Row>[]; rows: Row[] } | null {
  const r = run.result;
  if (r.kind === "grid") {
    const columns: ColDef<Row>[] = r.columns.map((c) => ({
      colId: c.name,
      headerName: c.name,
      valueGetter: (p) => p.data?.[c.name] ?? null,
      valueFormatter: (p) => displayCell(p.value),
      cellClass: c.kind === "field" || c.kind === "meta" ? undefined : "cell-json",
      // The columns share the width there is; past it the grid scrolls sideways.
      minWidth: c.kind === "meta" ? 120 : 150,
      flex: c.kind === "meta" ? 0 : 1,
      ...(c.kind === "meta" ? { width: 160 } : {}),
    }));
    const rows = r.rows.map((row) => ({
      _id: row._id,
      _index: row._index,
      _score: row._score,
      ...row.cells,
    }));
    return { columns, rows };
  }
  if (r.kind === "table") {
    const columns: ColDef<Row>[] = r.headers.map((h, i) => ({
      colId: String(i),
      headerName: h,
      valueGetter: (p) => p.data?.[String(i)] ?? null,
      valueFormatter: (p) => displayCell(p.value),
      minWidth: 110,
      flex: 1,
    }));
    const rows = r.rows.map((cells) => Object.fromEntries(cells.map((v, i) => [String(i), v])));
    return { columns, rows };
  }
  return null;
}

const n = (x: number) => x.toLocaleString("en-US");
const counted = (x: number, one: string, many: string) => `${n(x)} ${x === 1 ? one : many}`;

/** What a bulk task did, in words: "300 of 1,000 documents deleted" (every counter it moved). */
export function taskCounts(t: TaskReport): string {
  const moved = (
    [
      ["deleted", t.deleted],
      ["updated", t.updated],
      ["created", t.created],
      ["unchanged", t.noops],
    ] as const
  ).filter(([, v]) => v > 0);
  const of = t.total !== null ? ` of ${n(t.total)}` : "";
  if (moved.length === 0) return `0${of} documents`;
  if (moved.length === 1) {
    const [word, v] = moved[0]!;
    return `${n(v)}${of} documents ${word}`;
  }
  return `${moved.map(([word, v]) => `${n(v)} ${word}`).join(", ")}${of ? ` (${of.slice(1)})` : ""}`;
}

/** The line above a task's report: counts, batches, conflicts, failures, how it ended. */
function taskSummary(t: TaskReport): string {
  const parts = [
    `${t.outcome === "stopped" ? "Task stopped early" : "Task"}: ${taskCounts(t)}`,
    counted(t.batches, "batch", "batches"),
    counted(t.versionConflicts, "version conflict", "version conflicts"),
  ];
  const failed = t.failures.filter((f) => !f.conflict).length + t.searchFailures.length;
  if (failed > 0) parts.push(counted(failed, "failure", "failures"));
  if (t.outcome !== "completed" && t.notAttempted)
    parts.push(`${counted(t.notAttempted, "document", "documents")} not attempted`);
  if (t.error)
    parts.push(
      t.error.type === "task_cancelled" ? "cancelled" : `${t.error.type}: ${t.error.reason}`,
    );
  return parts.join(" · ");
}
