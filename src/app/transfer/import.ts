/**
 * An import of a file (or standard input) into a table: its records read as they come in its
 * format (import-sources.ts: JSON lines through the driver's decoder, a JSON array, CSV), written
 * in batches in the mode asked for. A line or element that is not a record is listed by its
 * number with the reason and the others still go in; records pushed back are sent again; every
 * record the database refuses is listed with its origin, key and reason (failure-log.ts). The
 * table is made ready first (import-table.ts: created when missing, for CSV with the mapping
 * inferred and confirmed). A file's import keeps a checkpoint of the origins whose batches are
 * written, so `resume` goes on after them.
 */
import { stat } from "node:fs/promises";
import { setImmediate as turn } from "node:timers/promises";
import type { DriverSession } from "../../core/driver.ts";
import { QuarryError } from "../../core/errors.ts";
import type { ExportProgress } from "../../core/export.ts";
import { facet } from "../../core/facet-access.ts";
import type { LineProblem, LoadMode, LoadRecord, TableLoad } from "../../core/transfer.ts";
import { ProgressMeter } from "../export/progress.ts";
import { fsReason } from "../storage/fs-reason.ts";
import { type FailureLine, failureFileName } from "./failure-log.ts";
import type { ImportFormat } from "./import-format.ts";
import { ImportLedger } from "./import-ledger.ts";
import {
  chooseFormat,
  type ImportInput,
  inputName,
  openStream,
  readRecords,
  type SourceCursor,
  type SourceItem,
  type SourceOptions,
} from "./import-sources.ts";
import { type PlannedTable, prepareCsvTable, prepareTable } from "./import-table.ts";
import { writeWithRetries } from "./retries.ts";

export interface ImportOptions {
  /** A file's path, or a stream (standard input: no resume). */
  input: ImportInput;
  /** The file's format; by default told by its name, else by its first character. */
  format?: ImportFormat;
  /** CSV: the column whose cells are the records' keys (by default `_id`, when there is one). */
  idColumn?: string;
  mode: LoadMode;
  /** Records per `_bulk` batch (default 1,000). */
  batchSize?: number;
  /** Go on with an interrupted import of the same file into the same table. */
  resume?: boolean;
  /** The private folder for the checkpoint and the list of failed lines. */
  workDir: string;
  /** Called before a missing table is created, with its request and notes (CSV: its fields). */
  onPlan?: (plan: PlannedTable) => void | Promise<void>;
  /**
   * CSV into a missing table: confirms the creation with the inferred mapping (throws when not
   * confirmed). Without it such an import is refused, the plan in the error's details.
   */
  confirmCreate?: (plan: PlannedTable) => Promise<void>;
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
  format: ImportFormat;
  /** What a failure's origin counts: lines, or a JSON array's elements (from 1). */
  origins: "lines" | "elements";
  /** The file's shape as the driver recognised it (e.g. "bulk", "hits", "documents"), or "csv". */
  shape: string | null;
  created: boolean;
  /** CSV: each field's kind as it was read, and what was noted about them. */
  fields?: Record<string, string>;
  notes: string[];
  resumed: boolean;
  /** The last line (or element) read. */
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
/** Records read between two turns of the event loop (writeAll). */
const READ_TURN = 100;

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

/**
 * Writes one batch once its lines are reserved in the checkpoint (`reserved`), and records it; the
 * ledger moves past its last line only once it is written.
 */
async function flush(
  load: TableLoad,
  batch: LoadRecord[],
  problems: LineProblem[],
  upTo: number,
  ledger: ImportLedger,
  reserved: Promise<void>,
  signal: AbortSignal | undefined,
) {
  await reserved;
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

async function writeAll(
  records: AsyncIterator<SourceItem>,
  first: IteratorResult<SourceItem>,
  load: TableLoad,
  ledger: ImportLedger,
  cursor: SourceCursor,
  options: ImportOptions,
) {
  const batchSize = options.batchSize ?? DEFAULT_BATCH;
  let batch: LoadRecord[] = [];
  let problems: LineProblem[] = [];
  // The next batch is read, reserved in the checkpoint and encoded while the last one is written
  // (one at a time still goes out, in order): once the last answer comes, the next request goes
  // without waiting for the reading, the disk or the encoding (docs/decisions.md).
  let writing: Promise<void> | undefined;
  const send = async (upTo: number) => {
    const reserved = ledger.beforeBatch(upTo);
    reserved.catch(() => undefined);
    load.prepare?.(batch);
    await writing;
    if (options.signal?.aborted) return;
    writing = flush(load, batch, problems, upTo, ledger, reserved, options.signal);
    // Its failure is thrown where it is awaited, not reported as unhandled while reading on.
    writing.catch(() => undefined);
    [batch, problems] = [[], []];
  };
  let sinceTurn = 0;
  try {
    for (let next = first; !next.done; next = await records.next()) {
      const got = next.value;
      if ("reason" in got) problems.push(got);
      else batch.push(got);
      if (batch.length >= batchSize) await send(cursor.position);
      if (options.signal?.aborted) break;
      // Lines already read come without a turn of the event loop: without one now and then, the
      // request just sent would wait for the whole next batch's reading to be written out.
      if (++sinceTurn === READ_TURN) {
        sinceTurn = 0;
        await turn();
      }
    }
    if (!options.signal?.aborted) await send(cursor.position);
  } catch (e) {
    // A reading that failed still lets the batch on its way land (or fail) before it is reported.
    await writing?.catch(() => undefined);
    throw e;
  }
  await writing;
}

/** Where the reading and the table stand once the first record is read (the table ready). */
interface Started {
  format: ImportFormat;
  size: number | null;
  created: boolean;
  fields?: Record<string, string>;
  notes: string[];
  cursor: SourceCursor;
  records: AsyncGenerator<SourceItem>;
  first: IteratorResult<SourceItem>;
  ledger: ImportLedger;
}

/**
 * Chooses the format, makes the table ready and opens the checkpoint. A new import reads its first
 * record and prepares its table before its checkpoint (for CSV once its first rows are read): a
 * file not of its format, or a refusal, leaves no table and no checkpoint behind. A resume reads
 * its checkpoint first, to know what to skip.
 */
async function start(
  session: DriverSession,
  table: string,
  options: ImportOptions,
  at: Date,
): Promise<Started> {
  const size = "path" in options.input ? await sizeOf(options.input.path) : null;
  const { format, input } = await chooseFormat(options.input, options.format);
  if (format === "csv") facet(session, "transfer");
  else if (options.idColumn !== undefined)
    throw new QuarryError(
      "invalid_input",
      `--id-column names a CSV column, and ${inputName(input)} is read as ${format}`,
      "Leave --id-column out (JSON documents carry their _id), or give --format csv.",
    );
  const hooks = {
    mode: options.mode,
    ...(options.onPlan ? { onPlan: options.onPlan } : {}),
    ...(options.confirmCreate ? { confirmCreate: options.confirmCreate } : {}),
  };
  const state: Pick<Started, "created" | "fields" | "notes"> = { created: false, notes: [] };
  const source: SourceOptions = {
    format,
    skip: 0,
    decoder: facet(session, "transfer").lineDecoder(),
    ...(options.idColumn !== undefined ? { idColumn: options.idColumn } : {}),
    kindsFor: async (layout, sample) => {
      const got = await prepareCsvTable(session, table, hooks, layout, sample);
      Object.assign(state, { created: got.created, fields: got.kinds, notes: got.notes });
      return got.kinds;
    },
  };
  const openLedger = () =>
    ImportLedger.open({
      workDir: options.workDir,
      table,
      input: options.input,
      format,
      mode: options.mode,
      resume: options.resume === true,
      failuresName: failureFileName(table, at),
      size,
    });
  const cursor: SourceCursor = { position: 0, shape: null, bytes: 0 };
  const stream = openStream(input);
  const records = readRecords(stream, source, cursor);
  try {
    const ledger = options.resume ? await openLedger() : undefined;
    source.skip = ledger?.skipLines ?? 0;
    // The first record read tells a file that is not of its format before a table is created.
    const first = await records.next();
    if (!options.resume && format !== "csv")
      state.created = await prepareTable(session, table, hooks);
    return {
      format,
      size,
      ...state,
      cursor,
      records,
      first,
      ledger: ledger ?? (await openLedger()),
    };
  } catch (e) {
    stream.destroy();
    throw e;
  }
}

export async function importFile(
  session: DriverSession,
  table: string,
  options: ImportOptions,
): Promise<ImportReport> {
  const started = Date.now();
  facet(session, "transfer"); // refused before the file is read when the driver does not offer it
  const input = inputName(options.input);
  const run = await start(session, table, options, new Date(started));
  const { ledger, cursor, size } = run;
  ledger.countBytes(() => cursor.bytes);
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
  const load = facet(session, "transfer").openLoad(table, { mode: options.mode });
  try {
    await writeAll(run.records, run.first, load, ledger, cursor, options);
  } catch (e) {
    // A write cut off by the stop is not a failure of the import: the interruption below says so.
    if (!options.signal?.aborted) throw e;
  } finally {
    meter.stop();
    await ledger.saved();
  }
  const origins = run.format === "json" ? "elements" : "lines";
  if (options.signal?.aborted)
    throw new QuarryError(
      "transfer_interrupted",
      `The import of ${input} into ${table} was stopped after ${origins === "lines" ? "line" : "element"} ${ledger.linesDone}`,
      "Run the same import with --resume to go on from there.",
    );
  meter.tick(true);
  const { records } = await load.finish();
  await ledger.finished();
  return {
    table,
    input,
    format: run.format,
    origins,
    shape: cursor.shape,
    created: run.created,
    ...(run.fields ? { fields: run.fields } : {}),
    notes: run.notes,
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
