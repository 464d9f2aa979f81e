/**
 * A copy of one table into another, on the same connection or another one: the target created
 * from the source's definition (translated by the target's driver), then the records read through
 * the source's scan, slices in parallel, written in batches as they come (each slice waits for its
 * batch to be written before asking for more: the writes set the pace). Records pushed back are
 * sent again after a pause; every record that fails is reported with its key and the reason; at
 * the end both sides are counted, and a difference is an error. The source is only read.
 */

import type { DriverSession } from "../../core/driver.ts";
import { QuarryError } from "../../core/errors.ts";
import type { ExportProgress, ScanRecord, TableScan } from "../../core/export.ts";
import type { LoadRecord, TableLoad } from "../../core/transfer.ts";
import { ProgressMeter } from "../export/progress.ts";
import { type FailureLine, FailureLog, failureFileName } from "./failure-log.ts";
import { writeWithRetries } from "./retries.ts";

export interface CopyEnd {
  session: DriverSession;
  table: string;
  /** The connection's id or name, to tell two ends apart and to name them in messages. */
  connection: string;
}

export interface CopyOptions {
  /** Add to a target that already holds records (only new keys are written). */
  append?: boolean;
  /** Records per batch read and written (default 1,000). */
  batchSize?: number;
  /** Parallel slices of the source's scan (default: the driver's choice). */
  slices?: number;
  /** The private folder where the list of failed records is written, if any fail. */
  failuresDir: string;
  /** Called before the target is created, with its request and notes; throwing stops the copy. */
  onPlan?: (plan: { request: unknown; notes: string[] }) => void | Promise<void>;
  onProgress?: (p: ExportProgress) => void;
  signal?: AbortSignal;
}

export interface CopyReport {
  source: string;
  target: string;
  /** Whether the target was created by this copy. */
  created: boolean;
  /** What the target's definition left out or changed. */
  notes: string[];
  /** Records the source held at the copy's snapshot. */
  expected: number;
  written: number;
  /** Records that failed, with their key and reason: the first ones here, all in `failuresFile`. */
  failedCount: number;
  failed: FailureLine[];
  failuresFile: string | null;
  /** The target's count at the end, and before the copy. */
  targetRecords: number;
  targetBefore: number;
  durationMs: number;
  slices: number;
}

const DEFAULT_BATCH = 1_000;

const refused = (message: string, remedy: string) =>
  new QuarryError("invalid_input", message, remedy);

/** Checks the two ends and prepares the target; gives whether it was created and its notes. */
async function prepareTarget(
  source: CopyEnd,
  target: CopyEnd,
  options: CopyOptions,
): Promise<{ created: boolean; notes: string[]; before: number }> {
  if (source.connection === target.connection && source.table === target.table)
    throw refused(
      `The source and the target are the same table (${source.table} on ${source.connection})`,
      "Name another target table.",
    );
  const definition = await source.session.readDefinition(source.table);
  const state = await target.session.tableState(target.table);
  if (state.exists) {
    if ((state.records ?? 0) > 0 && !options.append)
      throw refused(
        `${target.table} on ${target.connection} already holds ${state.records} records`,
        "Add --append to add the source's records to it (records whose key it already holds are reported, not replaced), or copy into a new table.",
      );
    return { created: false, notes: [], before: state.records ?? 0 };
  }
  const plan = await target.session.planCreateTable(target.table, definition);
  if (plan.blockers.length > 0)
    throw refused(
      `${target.table} cannot be created on ${target.connection}: ${plan.blockers.join("; ")}`,
      "Copy to a server that has these features, or create the target yourself and copy with --append.",
    );
  await options.onPlan?.({ request: plan.request, notes: plan.notes });
  const result = await target.session.runConsole(plan.request);
  if (result.kind === "error" || result.status < 200 || result.status > 299)
    throw new QuarryError(
      "cluster_error",
      `Creating ${target.table} on ${target.connection} failed (${result.status}): ${result.kind === "error" ? `${result.type}: ${result.reason}` : JSON.stringify(result.raw).slice(0, 500)}`,
      "Read the reason above; create the target yourself if needed, then copy with --append.",
    );
  return { created: true, notes: plan.notes, before: 0 };
}

/** A scanned record (its JSON shape: key, route, document) as a record to write. */
function toLoad(record: ScanRecord, origin: number): LoadRecord {
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

interface Tally {
  read: number;
  written: number;
  failures: FailureLog;
}

async function copySlice(
  scan: TableScan,
  slice: number,
  load: TableLoad,
  tally: Tally,
  meter: ProgressMeter,
  halt: AbortController,
): Promise<void> {
  for await (const batch of scan.batches(slice, null, halt.signal)) {
    const records = batch.records.map((r) => toLoad(r, ++tally.read));
    const outcome = await writeWithRetries(load, records, halt.signal);
    tally.written += outcome.written;
    await tally.failures.add(outcome.failed);
    meter.tick();
  }
}

export async function copyTable(
  source: CopyEnd,
  target: CopyEnd,
  options: CopyOptions,
): Promise<CopyReport> {
  const started = Date.now();
  const { created, notes, before } = await prepareTarget(source, target, options);
  const batchSize = options.batchSize ?? DEFAULT_BATCH;
  const scan = await source.session.openScan(source.table, {
    format: "json",
    batchSize,
    ...(options.slices !== undefined ? { slices: options.slices } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const expected = scan.expected ?? 0;
  const failures = new FailureLog(
    options.failuresDir,
    failureFileName(target.table, new Date(started)),
  );
  const tally: Tally = { read: 0, written: 0, failures };
  const meter = new ProgressMeter(options.onProgress, started, () => ({
    done: tally.written + failures.count,
    total: expected,
    writtenNow: tally.written,
  }));
  const halt = new AbortController();
  options.signal?.addEventListener("abort", () => halt.abort(), { once: true });
  const load = target.session.openLoad(target.table, { mode: options.append ? "create" : "index" });
  try {
    const slices = Array.from({ length: scan.slices }, (_, slice) =>
      copySlice(scan, slice, load, tally, meter, halt).catch((e: unknown) => {
        halt.abort();
        throw e;
      }),
    );
    const settled = await Promise.allSettled(slices);
    const failure = settled.find((s) => s.status === "rejected");
    if (failure) throw (failure as PromiseRejectedResult).reason;
  } finally {
    meter.stop();
    await failures.flushed();
    await scan.close();
  }
  meter.tick(true);
  const { records: targetRecords } = await load.finish();
  const report: CopyReport = {
    source: `${source.connection}/${source.table}`,
    target: `${target.connection}/${target.table}`,
    created,
    notes,
    expected,
    written: tally.written,
    failedCount: failures.count,
    failed: failures.first,
    failuresFile: failures.count > 0 ? failures.path : null,
    targetRecords,
    targetBefore: before,
    durationMs: Date.now() - started,
    slices: scan.slices,
  };
  checkCounts(report);
  return report;
}

/** Every source record is written or reported, and the target holds what was written. */
function checkCounts(r: CopyReport): void {
  const accounted = r.written + r.failedCount;
  const held = r.targetRecords - r.targetBefore;
  if (accounted === r.expected && held === r.written) return;
  throw new QuarryError(
    "cluster_error",
    `The copy does not add up: the source held ${r.expected} records, ${r.written} were written and ${r.failedCount} failed, and the target holds ${held} more than before (${r.targetRecords} now)`,
    "Check that nothing else wrote to or deleted from either table during the copy, then copy again into a new table.",
    { report: r },
  );
}
