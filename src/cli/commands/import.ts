/**
 * `quarry import <conn> <index> --in FILE|- [--format ndjson|json|csv] [--mode create|index|update]
 * [--batch-size N] [--resume] [--id-column NAME] [--yes]`: loads a file of documents into an
 * index: JSON lines (Quarry's NDJSON export and any `_bulk` body, search hits one a line, plain
 * documents), a JSON array (or a saved search answer's hits), or CSV. A missing index is created
 * first (the request is printed); for CSV with the mapping inferred from the first rows, shown,
 * and created only when confirmed (--yes, or typed on a terminal). Lines (and a JSON array's
 * elements) that are not documents, and documents the cluster refuses, are listed with the reason.
 */
import { join } from "node:path";
import type { Command } from "commander";
import { appDataDir } from "../../app/storage/paths.ts";
import { type ImportProgress, type ImportReport, importFile } from "../../app/transfer/import.ts";
import { formatOf, IMPORT_FORMATS } from "../../app/transfer/import-format.ts";
import type { PlannedTable } from "../../app/transfer/import-table.ts";
import type { ConsoleRequest } from "../../core/console.ts";
import { QuarryError } from "../../core/errors.ts";
import { LOAD_MODES, type LoadMode } from "../../core/transfer.ts";
import { addConnectionFlags, type ConnectionFlags } from "../connection-options.ts";
import { wantsJson, withSession } from "../context.ts";
import { printJson } from "../output.ts";
import { confirmTyped } from "./delete-index.ts";

interface ImportFlags extends ConnectionFlags {
  in: string;
  mode: string;
  batchSize?: string;
  resume?: boolean;
  format?: string;
  idColumn?: string;
  yes?: boolean;
}

export function registerImportCommand(program: Command): void {
  addConnectionFlags(
    program
      .command("import")
      .description(
        "load a file of documents (NDJSON, _bulk body, search hits, JSON array, CSV) into an index",
      )
      .argument("<conn>", "a saved connection's name, or a URL such as http://localhost:9200")
      .argument("<index>", "the index to load (created when it does not exist)")
      .requiredOption("--in <file>", "the file to read; - for standard input")
      .option(
        "--mode <mode>",
        "create (only new _ids), index (new or replacing) or update (existing documents)",
        "create",
      )
      .option("--batch-size <n>", "documents per _bulk request (default 1000)")
      .option(
        "--format <format>",
        `${IMPORT_FORMATS.join(", ")} (default: from the file's extension, else its first character)`,
      )
      .option("--id-column <name>", "CSV: the column that gives each document's _id (default _id)")
      .option("--yes", "CSV into a new index: create it with the mapping shown, without asking")
      .option("--resume", "go on with an interrupted import of the same file"),
  ).action((conn: string, index: string, flags: ImportFlags, cmd: Command) =>
    runImport(conn, index, flags, wantsJson(cmd)),
  );
}

function modeOf(text: string): LoadMode {
  if (!LOAD_MODES.includes(text as LoadMode))
    throw new QuarryError(
      "invalid_input",
      `--mode: "${text}" is not an import mode`,
      `Use one of ${LOAD_MODES.join(", ")}.`,
    );
  return text as LoadMode;
}

function batchOf(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^[1-9]\d*$/.test(text))
    throw new QuarryError(
      "invalid_input",
      `--batch-size: "${text}" is not a whole number above 0`,
      "Give --batch-size a number, e.g. --batch-size 500.",
    );
  return Number(text);
}

/** The index about to be created, on standard error: its request, notes, and CSV columns' kinds. */
function showPlan(plan: PlannedTable, format: (r: ConsoleRequest) => string): void {
  if (plan.fields) {
    process.stderr.write(
      `The index does not exist. Its fields, inferred from the first ${plan.inferredFrom} rows:\n`,
    );
    for (const [field, kind] of Object.entries(plan.fields))
      process.stderr.write(`  ${field}: ${kind}\n`);
  }
  process.stderr.write(`Creating the index:\n\n  ${format(plan.request as ConsoleRequest)}\n\n`);
  for (const note of plan.notes) process.stderr.write(`  note: ${note}\n`);
}

/** --yes confirms; a terminal asks; a script without --yes is refused with the plan (import-table.ts). */
function confirmer(yes: boolean, index: string, fromStdin: boolean) {
  if (yes) return async () => {};
  // Standard input holding the file cannot also answer.
  if (fromStdin || !process.stdin.isTTY || !process.stderr.isTTY) return undefined;
  return () =>
    confirmTyped(
      `Create ${index} with this mapping and import? Type yes to confirm: `,
      "yes",
      `creating ${index}`,
      (answer) => /^y(es)?$/i.test(answer),
    );
}

async function runImport(conn: string, index: string, flags: ImportFlags, json: boolean) {
  const mode = modeOf(flags.mode);
  const batchSize = batchOf(flags.batchSize);
  const format = flags.format === undefined ? undefined : formatOf(flags.format);
  const controller = new AbortController();
  const onInterrupt = () => controller.abort();
  process.once("SIGINT", onInterrupt);
  let planned: PlannedTable | undefined;
  const confirmCreate = confirmer(flags.yes === true, index, flags.in === "-");
  try {
    const report = await withSession(conn, flags, (s) =>
      importFile(s, index, {
        input:
          flags.in === "-" ? { stream: process.stdin, name: "standard input" } : { path: flags.in },
        mode,
        ...(format ? { format } : {}),
        ...(flags.idColumn !== undefined ? { idColumn: flags.idColumn } : {}),
        ...(batchSize !== undefined ? { batchSize } : {}),
        ...(flags.resume ? { resume: true } : {}),
        ...(confirmCreate ? { confirmCreate } : {}),
        workDir: join(appDataDir(), "transfers"),
        signal: controller.signal,
        onPlan: (plan) => {
          planned = plan;
          if (!json) showPlan(plan, (r) => s.console.format(r));
        },
        ...(json ? {} : { onProgress: showProgress }),
      }),
    );
    endProgress();
    if (json) printJson(planned ? { ...report, plan: planned } : report);
    else printReport(report);
    if (report.failedCount > 0) process.exitCode = 1;
  } finally {
    endProgress();
    process.removeListener("SIGINT", onInterrupt);
  }
}

let shown = false;
let last = 0;

function showProgress(p: ImportProgress): void {
  const now = Date.now();
  const tty = process.stderr.isTTY === true;
  if (now - last < (tty ? 200 : 5_000)) return;
  last = now;
  const share = p.total ? ` (${((p.done / p.total) * 100).toFixed(1)}% of the file)` : "";
  const eta = p.etaSeconds === null || p.total === null ? "" : `, ${p.etaSeconds} s left`;
  const line = `${p.written.toLocaleString("en-US")} documents written${p.failed ? `, ${p.failed} failed` : ""}${share}${eta}`;
  process.stderr.write(tty ? `\r${line}   ` : `${line}\n`);
  shown = true;
}

function endProgress(): void {
  if (shown && process.stderr.isTTY) process.stderr.write("\n");
  shown = false;
}

const n = (x: number) => x.toLocaleString("en-US");

function where(r: ImportReport, f: ImportReport["failed"][number]): string {
  if (r.origins === "lines") return `line ${f.origin}`;
  return `element ${f.origin}${f.startLine !== undefined ? ` (line ${f.startLine})` : ""}`;
}

function printReport(r: ImportReport): void {
  const seconds = r.durationMs / 1000;
  const read = `${r.format === "json" ? `${r.shape ?? "empty"} in a JSON array` : (r.shape ?? "empty")}, ${n(r.lines)} ${r.origins}`;
  process.stdout.write(
    `${r.resumed ? "Resumed: imported" : "Imported"} ${n(r.written)} documents from ${r.input} (${read}) into ${r.table}${r.created ? " (created)" : ""} in ${seconds.toFixed(1)} s; it holds ${n(r.tableRecords)}.\n`,
  );
  for (const note of r.notes) process.stdout.write(`  note: ${note}\n`);
  if (r.failedCount === 0) return;
  const one = r.origins === "lines" ? "line" : "element";
  process.stdout.write(
    `${n(r.failedCount)} ${r.failedCount === 1 ? one : r.origins} not imported:\n`,
  );
  for (const f of r.failed.slice(0, 20))
    process.stdout.write(
      `  ${where(r, f)}${f.key ? ` (_id ${f.key})` : ""}: ${f.status ? `${f.status} ` : ""}${f.reason}\n`,
    );
  if (r.failedCount > 20) process.stdout.write(`  … and ${n(r.failedCount - 20)} more\n`);
  process.stdout.write(`Every ${one} not imported, with its reason: ${r.failuresFile}\n`);
}
