/**
 * A copy of one table into another, on the same connection or another one: the target created
 * from the source's definition (copy-target.ts), then the records read through the source's scan,
 * slices in parallel, written in batches as they come (each slice reads its next batch while it
 * writes one, within a bound on memory shared by the slices). Records pushed back are sent again
 * after a pause; every record that fails is listed with its key and reason (failure-log.ts); at
 * the end both sides are counted, and a difference is an error. A checkpoint after the batches
 * written lets `resume` go on after an interruption; records keep their keys and a resumed copy
 * writes by key, so a batch sent twice is never a duplicate. The source is only read.
 */
import { setImmediate as turn } from "node:timers/promises";
import { QuarryError } from "../../core/errors.ts";
import { parseJsonExact } from "../../core/exact-json.ts";
import type {
  ExportProgress,
  JsonText,
  ScanBatch,
  ScanRecord,
  TableScan,
} from "../../core/export.ts";
import { facet } from "../../core/facet-access.ts";
import type { LoadRecord, TableLoad } from "../../core/transfer.ts";
import { InFlight, writeAhead } from "../export/in-flight.ts";
import { ProgressMeter } from "../export/progress.ts";
import { type CopyCheckpoint, copyCheckpointPath, readCopyCheckpoint } from "./checkpoint.ts";
import { CopyLedger, type CopyReport } from "./copy-ledger.ts";
import { type CopyEnd, endName, prepareTarget, refused } from "./copy-target.ts";
import { failureFileName } from "./failure-log.ts";
import { writeWithRetries } from "./retries.ts";

export type { CopyReport } from "./copy-ledger.ts";
export type { CopyEnd } from "./copy-target.ts";

export interface CopyOptions {
  /** Add to a target that already holds records (only new keys are written). */
  append?: boolean;
  /** Go on with the interrupted copy between the same two tables, from its checkpoint. */
  resume?: boolean;
  /** Records per batch read and written (default 1,000). */
  batchSize?: number;
  /** Parallel slices of the source's scan (default: the driver's choice). */
  slices?: number;
  /** The private folder for the copy's checkpoint and its list of failed records. */
  workDir: string;
  /** Called before the target is created, with its request and notes; throwing stops the copy. */
  onPlan?: (plan: { request: unknown; notes: string[] }) => void | Promise<void>;
  onProgress?: (p: ExportProgress) => void;
  signal?: AbortSignal;
}

const DEFAULT_BATCH = 1_000;

/**
 * A scanned record's document as the source sent its text (a class, not an object with a closure
 * per record: a batch of them lives through its write).
 */
class TextLoad implements LoadRecord {
  readonly origin: number;
  readonly key: string;
  /** Declared, not defined: a record placed by its key has no `route` at all. */
  declare readonly route?: string;
  readonly text: JsonText;
  #parsed: Record<string, unknown> | undefined;
  constructor(origin: number, load: NonNullable<ScanRecord["load"]>) {
    this.origin = origin;
    this.key = load.key;
    if (load.route !== undefined) this.route = load.route;
    this.text = load.text;
  }
  /** Parsed only if something reads it. */
  get document(): Record<string, unknown> {
    this.#parsed ??= parseJsonExact(textOf(this.text)) as Record<string, unknown>;
    return this.#parsed;
  }
}

/**
 * A scanned record as a record to write: its document's text as the source sent it when the
 * driver gives it (parsed only if something reads `document`), else its JSON shape parsed.
 */
function toLoad(record: ScanRecord, origin: number): LoadRecord {
  const load = record.load;
  if (load) return new TextLoad(origin, load);
  const hit = record.values[0] as {
    _id: string;
    _routing?: string;
    _source: Record<string, unknown>;
  };
  return {
    origin,
    key: hit._id,
    ...(hit._routing !== undefined ? { route: hit._routing } : {}),
    document: hit._source,
  };
}

const decoder = new TextDecoder();
const textOf = (pieces: JsonText) =>
  pieces.map((p) => (typeof p === "string" ? p : decoder.decode(p))).join("");

/** A scanned batch with its records to write, their request readied (`TableLoad.prepare`). */
interface ReadyBatch {
  scanned: ScanBatch;
  records: LoadRecord[];
  bytes: number | undefined;
  last: boolean;
  release: () => void;
}

/**
 * The slice's batches, each made ready to write as it arrives: its request is encoded while the
 * batch before it is still being written, not after that write's answer.
 */
function readied(
  batches: AsyncIterator<ScanBatch>,
  load: TableLoad,
  ledger: CopyLedger,
): AsyncIterator<ReadyBatch> {
  return {
    async next() {
      const r = await batches.next();
      if (r.done) return r;
      // A batch read ahead is not urgent: the other slices' requests and answers go first.
      await turn();
      const scanned = r.value;
      const records = scanned.records.map((rec) => toLoad(rec, ledger.nextOrigin()));
      load.prepare?.(records);
      const { bytes, last } = scanned;
      return {
        done: false,
        value: { scanned, records, bytes, last, release: () => scanned.release?.() },
      };
    },
    async return() {
      await batches.return?.();
      return { done: true, value: undefined };
    },
  };
}

/**
 * Copies one slice: the next batch is read (and its request readied) while this one is written,
 * once it fits under the copy's bound on memory (shared by the slices, as an export's:
 * in-flight.ts). A batch's cursor is recorded only once the batch is written, so a resume never
 * skips a batch read ahead.
 */
async function copySlice(
  scan: TableScan,
  slice: number,
  load: TableLoad,
  ledger: CopyLedger,
  halt: AbortSignal,
  inFlight: InFlight,
): Promise<void> {
  const at = ledger.slice(slice);
  if (at.done) return;
  const it = readied(scan.batches(slice, at.cursor, halt)[Symbol.asyncIterator](), load, ledger);
  const ended = await writeAhead(
    it,
    inFlight,
    () => halt.aborted,
    async ({ scanned, records }) => {
      await ledger.beforeWrite();
      const outcome = await writeWithRetries(load, records, halt);
      await ledger.batchWritten(slice, scanned.cursor, scanned.last, outcome);
    },
  );
  if (ended === "last") await ledger.sliceDone(slice);
}

/** The checkpoint `resume` goes on from, checked against this copy's ends and mode. */
async function checkpointToResume(path: string, source: CopyEnd, target: CopyEnd) {
  const cp = await readCopyCheckpoint(path);
  if (!cp)
    throw refused(
      `There is no interrupted copy of ${endName(source)} to ${endName(target)} to resume`,
      "Copy without --resume.",
    );
  if (cp.append)
    throw refused(
      `The interrupted copy of ${endName(source)} added to a table that held records (--append): a resume could not tell its own writes from the records that were there`,
      "Copy again with --append: records whose key the target holds are reported, none is replaced.",
    );
  const state = await facet(target.session, "transfer").tableState(target.table);
  if (!state.exists)
    throw refused(
      `${endName(target)} no longer exists: the interrupted copy cannot go on`,
      "Copy again without --resume.",
    );
  return cp;
}

async function openSourceScan(
  source: CopyEnd,
  options: CopyOptions,
  batchSize: number,
  resumed: CopyCheckpoint | null,
): Promise<TableScan> {
  return facet(source.session, "exportScan").openScan(source.table, {
    format: "json",
    batchSize,
    ...(options.slices !== undefined ? { slices: options.slices } : {}),
    ...(resumed ? { resume: { state: resumed.state, slices: resumed.slices.length } } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
}

/** Runs every slice; the first failure halts the others (their batches in flight still land). */
async function runSlices(
  scan: TableScan,
  load: TableLoad,
  ledger: CopyLedger,
  signal: AbortSignal | undefined,
) {
  const halt = new AbortController();
  const stop = () => halt.abort();
  signal?.addEventListener("abort", stop, { once: true });
  const inFlight = new InFlight(undefined, scan.batchBytesGuess);
  try {
    const settled = await Promise.allSettled(
      Array.from({ length: scan.slices }, (_, slice) =>
        copySlice(scan, slice, load, ledger, halt.signal, inFlight).catch((e: unknown) => {
          halt.abort();
          throw e;
        }),
      ),
    );
    const failure = settled.find((s) => s.status === "rejected");
    if (failure) throw (failure as PromiseRejectedResult).reason;
  } finally {
    signal?.removeEventListener("abort", stop);
  }
}

export async function copyTable(
  source: CopyEnd,
  target: CopyEnd,
  options: CopyOptions,
): Promise<CopyReport> {
  const started = Date.now();
  // A driver that does not offer a copy's facets is refused before anything is read or written.
  facet(source.session, "transfer");
  facet(source.session, "exportScan");
  facet(target.session, "transfer");
  const cpPath = copyCheckpointPath(options.workDir, endName(source), endName(target));
  const resumed = options.resume ? await checkpointToResume(cpPath, source, target) : null;
  const prepared = resumed
    ? { created: false, notes: [], before: 0 }
    : await prepareTarget(source, target, options);
  const batchSize = resumed?.batchSize ?? options.batchSize ?? DEFAULT_BATCH;
  const scan = await openSourceScan(source, options, batchSize, resumed);
  const ledger = await CopyLedger.open(cpPath, scan, {
    source: endName(source),
    target: endName(target),
    append: options.append === true,
    batchSize,
    resumed: resumed && !scan.restarted ? resumed : null,
    failuresFile: resumed?.failuresFile ?? failureFileName(target.table, new Date(started)),
    workDir: options.workDir,
  });
  const meter = new ProgressMeter(options.onProgress, started, () => ledger.progress());
  ledger.onBatch = () => meter.tick();
  const load = facet(target.session, "transfer").openLoad(target.table, {
    mode: options.append ? "create" : "index",
  });
  try {
    await runSlices(scan, load, ledger, options.signal);
  } catch (e) {
    // A write cut off by the stop is not a failure of the copy: the interruption below says so.
    if (!options.signal?.aborted) throw e;
  } finally {
    meter.stop();
    await ledger.saved();
    await scan.close();
  }
  if (options.signal?.aborted)
    throw new QuarryError(
      "transfer_interrupted",
      `The copy of ${endName(source)} to ${endName(target)} was stopped after ${ledger.written} of ${ledger.expected} records`,
      "Run the same copy with --resume to go on from there.",
    );
  meter.tick(true);
  const { records: targetRecords } = await load.finish();
  const report = ledger.report({
    created: prepared.created,
    resumed: resumed !== null,
    notes: prepared.notes,
    targetRecords,
    targetBefore: prepared.before,
    durationMs: Date.now() - started,
    slices: scan.slices,
  });
  checkCounts(report);
  await ledger.finished();
  return report;
}

/** Every source record is written or reported, and the target holds what was written. */
function checkCounts(r: CopyReport): void {
  const accounted = r.written + r.failedCount;
  const held = r.targetRecords - r.targetBefore;
  if (accounted === r.expected && held === r.written) return;
  throw new QuarryError(
    "transfer_incomplete",
    `The copy does not add up: the source held ${r.expected} records, ${r.written} were written and ${r.failedCount} failed, and the target holds ${held} more than before (${r.targetRecords} now)`,
    "Check that nothing else wrote to or deleted from either table during the copy, then copy again into a new table.",
    { report: r },
  );
}
