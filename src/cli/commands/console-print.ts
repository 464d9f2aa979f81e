/** How `quarry console` shows what it runs: progress of long tasks, and each answer as text. */
import type {
  ConsoleRequest,
  ConsoleResult,
  TaskProgress,
  TaskReport,
} from "../../core/console.ts";
import type { DriverSession } from "../../core/driver.ts";
import { printLine, printTable, warnPartial } from "../output.ts";

/** A task stopped early, or a `_bulk` / `_msearch` whose cluster answered 2xx with failed items. */
export function partlyDone(r: ConsoleResult): boolean {
  return r.kind === "json" && (r.task?.outcome === "stopped" || r.itemFailures !== undefined);
}

let lastProgress = 0;
let announced: string | undefined;
export function showTaskProgress(p: TaskProgress): void {
  // An async query is named once on any standard error (a script may stop it by its id).
  if (p.elapsedMs !== undefined && announced !== p.task) {
    announced = p.task;
    process.stderr.write(`query ${p.task} is running; Ctrl-C stops it\n`);
  }
  if (!process.stderr.isTTY || Date.now() - lastProgress < 200) return;
  lastProgress = Date.now();
  if (p.elapsedMs !== undefined) {
    process.stderr.write(`\rrunning for ${Math.round(p.elapsedMs / 1000)} s   `);
    return;
  }
  const of = p.total === null ? "" : ` of ${p.total}`;
  process.stderr.write(
    `\r${p.task}: ${p.done}${of} documents (${p.deleted} deleted, ${p.versionConflicts} conflicts)   `,
  );
}

/** The request's first line as console text ("GET /logs/_search"), for headings and prompts. */
export function firstLine(s: DriverSession, request: ConsoleRequest): string {
  return s.console.format(request).split("\n")[0] as string;
}

export function printResult(head: string, r: ConsoleResult): void {
  if (process.stderr.isTTY && lastProgress > 0) process.stderr.write("\n");
  process.stderr.write(`${head} → ${r.status}\n`);
  if ((r.kind === "grid" || r.kind === "json") && r.partial) warnPartial(r.partial);
  switch (r.kind) {
    case "grid": {
      // Columns empty in every row shown are left out of the terminal's view (not of --json).
      const shown = r.columns.filter(
        (c) =>
          c.name === "_id" ||
          r.rows.some((row) => row.cells[c.name] !== null && row.cells[c.name] !== undefined),
      );
      printTable(
        shown.map((c) => c.name),
        r.rows.map((row) => shown.map((c) => row.cells[c.name])),
      );
      printLine(
        `${r.rows.length} row${r.rows.length === 1 ? "" : "s"}${r.total === null ? "" : ` of ${r.total}`}`,
      );
      return;
    }
    case "table":
      printTable(r.headers, r.rows);
      return;
    case "json":
      if (r.task) {
        printTask(r.task);
        return;
      }
      printLine(typeof r.raw === "string" ? r.raw : JSON.stringify(r.raw, null, 2));
      if (r.itemFailures) {
        const f = r.itemFailures;
        process.stderr.write(
          `error: ${f.failed} of ${f.total} items failed${f.failed < f.total ? "; the others were done" : ""}. First: ${f.first}\n`,
        );
      }
      return;
    case "error":
      process.stderr.write(`error: ${r.status} ${r.type}: ${r.reason}\n`);
      return;
  }
}

/** A task's report: its counts, each failure, and why it stopped. */
function printTask(t: TaskReport): void {
  const counts = [
    `${t.deleted} deleted`,
    ...(t.updated ? [`${t.updated} updated`] : []),
    ...(t.created ? [`${t.created} created`] : []),
    ...(t.noops ? [`${t.noops} unchanged`] : []),
    `${t.versionConflicts} version conflict${t.versionConflicts === 1 ? "" : "s"}`,
    ...(t.outcome !== "completed" && t.notAttempted !== null
      ? [`${t.notAttempted} not attempted`]
      : []),
  ];
  const how = t.outcome === "stopped" ? "stopped early" : t.outcome;
  printLine(`task ${t.task} ${how}: ${counts.join(", ")} (of ${t.total ?? "?"})`);
  for (const f of t.failures)
    printLine(
      `  ${f.conflict ? "conflict" : "failed"}: ${f.index}/${f.id} ${f.status ?? ""} ${f.type}: ${f.reason}`,
    );
  for (const f of t.searchFailures)
    printLine(`  search failure: ${f.index ?? ""} shard ${f.shard ?? "?"} ${f.type}: ${f.reason}`);
  if (t.error) printLine(`  task error: ${t.error.type}: ${t.error.reason}`);
  if (t.stop) {
    printLine(`  why: ${t.stop.reason}`);
    process.stderr.write(`${t.stop.remedy}\n`);
  }
}
