/**
 * An import of a file (or standard input) into a table: its lines read as they come and turned
 * into records by the driver's decoder (NDJSON, `_bulk` bodies, search hits), written in batches
 * in the mode asked for. A line that is not a record is listed by its number with the reason and
 * the others still go in; records pushed back are sent again; every record the database refuses
 * is listed with its line, key and reason (failure-log.ts). The table is created first when it
 * does not exist (its request shown through `onPlan`). A file's import keeps a checkpoint of the
 * lines whose batches are written, so `resume` goes on after them.
 */
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { createInterface } from "node:readline";
import type { Readable } from "node:stream";
import type { DriverSession } from "../../core/driver.ts";
import { QuarryError } from "../../core/errors.ts";
import type { ExportProgress } from "../../core/export.ts";
import type { LineProblem, LoadMode, LoadRecord, TableLoad } from "../../core/transfer.ts";
import { requireTransfer } from "../../core/transfer-access.ts";
import { ProgressMeter } from "../export/progress.ts";
import { fsReason } from "../storage/paths.ts";
import { type FailureLine, failureFileName } from "./failure-log.ts";
import { ImportLedger } from "./import-ledger.ts";
import { writeWithRetries } from "./retries.ts";

export interface ImportOptions {
  /** A file's path, or a stream (standard input: no resume). */
  input: { path: string } | { stream: Readable; name: string };
  mode: LoadMode;
  /** Records per `_bulk` batch (default 1,000). */
  batchSize?: number;
  /** Go on with an interrupted import of the same file into the same table. */
  resume?: boolean;
  /** The private folder for the checkpoint and the list of failed lines. */
  workDir: string;
  /** Called before a missing table is created, with its request and notes. */
  onPlan?: (plan: { request: unknown; notes: string[] }) => void | Promise<void>;
  onProgress?: (p: ImportProgress) => void;
  signal?: AbortSignal;
}

/** `done` and `total` are bytes of the input (total null: a stream), the rest records. */
export interface ImportProgress extends Omit<ExportProgress, "total"> {
  total: number | null;
  written: number;
  failed: number;
}

export interface ImportReport {
  table: string;
  input: string;
  /** The file's shape as the driver recognised it (e.g. "bulk", "hits", "documents"). */
  shape: string | null;
  created: boolean;
  resumed: boolean;
  lines: number;
  written: number;
  /** Lines not imported (not records) and records refused, the first here, all in the file. */
  failedCount: number;
  failed: FailureLine[];
  failuresFile: string | null;
  tableRecords: number;
  durationMs: number;
}

const DEFAULT_BATCH = 1_000;

/** The file's size; a file that cannot be read is refused before anything is sent. */
async function sizeOf(path: string): Promise<number> {
  try {
    const st = await stat(path);
    if (st.isDirectory()) throw Object.assign(new Error("it is a folder"), { code: "EISDIR" });
    return st.size;
  } catch (e) {
    throw new QuarryError(
      "transfer_refused",
      `Cannot read ${path}: ${fsReason(e)}`,
      "Check the path, or give - to read standard input.",
    );
  }
}

async function prepareTable(
  session: DriverSession,
  table: string,
  options: ImportOptions,
): Promise<boolean> {
  const state = await session.tableState(table);
  if (state.exists) return false;
  if (options.mode === "update")
    throw new QuarryError(
      "transfer_refused",
      `${table} does not exist: there is nothing to update`,
      "Import in create or index mode (--mode create), or name an existing index.",
    );
  const plan = await session.planCreateTable(table, null);
  await options.onPlan?.({ request: plan.request, notes: plan.notes });
  const result = await session.runConsole(plan.request);
  if (result.kind === "error" || result.status < 200 || result.status > 299)
    throw new QuarryError(
      "cluster_error",
      `Creating ${table} failed (${result.status})${result.kind === "error" ? `: ${result.type}: ${result.reason}` : ""}`,
      "Read the reason above; create the index yourself, then import again.",
    );
  return true;
}

/** Writes one batch and records it; the ledger moves past its last line only once it is written. */
async function flush(
  load: TableLoad,
  batch: LoadRecord[],
  problems: LineProblem[],
  upTo: number,
  ledger: ImportLedger,
  signal: AbortSignal | undefined,
) {
  await ledger.beforeBatch(upTo);
  const outcome = await writeWithRetries(load, batch, signal);
  // A key taken by the interrupted run's last batch is that run's write: counted, not failed.
  const landed = outcome.failed.filter(
    (f) => f.status === 409 && ledger.landedBefore(f.record.origin),
  );
  if (landed.length > 0) {
    outcome.written += landed.length;
    outcome.failed = outcome.failed.filter((f) => !landed.includes(f));
  }
  await ledger.batchWritten(upTo, outcome, problems);
}

async function readInto(
  session: DriverSession,
  load: TableLoad,
  ledger: ImportLedger,
  options: ImportOptions,
  batchSize: number,
) {
  const decoder = session.lineDecoder();
  const stream =
    "path" in options.input ? createReadStream(options.input.path) : options.input.stream;
  stream.on("data", (chunk: string | Buffer) => ledger.bytesRead(chunk.length));
  const lines = createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY });
  let number = 0;
  let batch: LoadRecord[] = [];
  let problems: LineProblem[] = [];
  for await (const line of lines) {
    number++;
    // Lines before the checkpoint were imported; the decoder still reads them to know the shape.
    const got = decoder.push(line, number);
    if (number <= ledger.skipLines || got === null) continue;
    if ("reason" in got) problems.push(got);
    else batch.push(got);
    if (batch.length >= batchSize) {
      await flush(load, batch, problems, number, ledger, options.signal);
      [batch, problems] = [[], []];
    }
    if (options.signal?.aborted) break;
  }
  const last = decoder.end();
  if (last && last.line > ledger.skipLines) problems.push(last);
  if (!options.signal?.aborted) await flush(load, batch, problems, number, ledger, options.signal);
  return decoder.shape ?? null;
}

export async function importFile(
  session: DriverSession,
  table: string,
  options: ImportOptions,
): Promise<ImportReport> {
  const started = Date.now();
  requireTransfer(session, "planCreateTable", "tableState", "openLoad", "lineDecoder");
  const input = "path" in options.input ? options.input.path : options.input.name;
  const size = "path" in options.input ? await sizeOf(options.input.path) : null;
  // A new import prepares its table first: a refusal there leaves no checkpoint behind.
  const created = options.resume ? false : await prepareTable(session, table, options);
  const ledger = await ImportLedger.open({
    workDir: options.workDir,
    table,
    input: options.input,
    mode: options.mode,
    resume: options.resume === true,
    failuresName: failureFileName(table, new Date(started)),
    size,
  });
  const report = options.onProgress;
  const meter = new ProgressMeter(
    report &&
      ((p) =>
        report({
          ...p,
          total: size,
          written: ledger.written,
          failed: ledger.failures.count,
        })),
    started,
    () => ledger.progress(),
  );
  ledger.onBatch = () => meter.tick();
  const load = session.openLoad(table, { mode: options.mode });
  let shape: string | null;
  try {
    shape = await readInto(session, load, ledger, options, options.batchSize ?? DEFAULT_BATCH);
  } finally {
    meter.stop();
    await ledger.saved();
  }
  if (options.signal?.aborted)
    throw new QuarryError(
      "transfer_interrupted",
      `The import of ${input} into ${table} was stopped after line ${ledger.linesDone}`,
      "Run the same import with --resume to go on from there.",
    );
  meter.tick(true);
  const { records } = await load.finish();
  await ledger.finished();
  return {
    table,
    input,
    shape,
    created,
    resumed: ledger.resumed,
    lines: ledger.linesDone,
    written: ledger.written,
    failedCount: ledger.failures.count,
    failed: ledger.failures.first,
    failuresFile: ledger.failures.count > 0 ? ledger.failures.path : null,
    tableRecords: records,
    durationMs: Date.now() - started,
  };
}
