/**
 * Export (docs/decisions.md, "Export"): a table, or the current filter, streamed to a file from the
 * driver's scan (the `exportScan` facet's `openScan`), holding in memory only the batches its
 * bound allows (in-flight.ts), whatever the size of the table and the number of slices.
 *
 * The file is written as `<out>.partial` and renamed to `<out>` only when the count written equals
 * the count the database reported for the same snapshot. A checkpoint (`<out>.checkpoint.json`)
 * records, every few seconds, the bytes of the file that hold complete batches and where each slice
 * stands; resuming truncates the file there and continues:
 * - on the same snapshot when the database still holds it: exactly where it stopped;
 * - on a new one when it was lost: the records already in the file are read back and skipped, so
 *   nothing is written twice, and the count check accounts for records deleted meanwhile.
 *
 * A device, a FIFO or standard output is written through instead (output.ts decides which, before
 * any request): no partial file, no checkpoint, no resume.
 */
import { rm, stat } from "node:fs/promises";
import { errors, QuarryError } from "../../core/errors.ts";
import type { ExportOptions, ExportReport, TableScan } from "../../core/export.ts";
import type { ExportScanFacet } from "../../core/facets.ts";
import {
  CHECKPOINT_VERSION,
  type Checkpoint,
  discardInterruptedExport,
  exportCheckpointPath,
  identityOf,
  partialPath,
  readExportCheckpoint,
} from "./checkpoint.ts";
import { checkExportOptions } from "./options.ts";
import { type OutputPlan, planOutput, releaseOutput } from "./output.ts";
import { ExportRun } from "./run.ts";
import { keysInFile } from "./stored-keys.ts";

export { discardInterruptedExport } from "./checkpoint.ts";

/** What an export needs of a driver session: its export scan (core/facets.ts). */
export type ScanSource = ExportScanFacet;

/** Exports `table` (or what the filters select) to `options.out` (or `options.sink`). */
export async function exportTable(
  source: ScanSource,
  table: string,
  options: ExportOptions,
): Promise<ExportReport> {
  const started = Date.now();
  const { slices, batch } = checkExportOptions(options);
  // Where it writes is checked before the database is asked anything.
  const plan = await planOutput(options.out, options);
  try {
    return await exportTo(source, table, options, { slices, batch, plan, started });
  } finally {
    await releaseOutput(plan);
  }
}

interface Checked {
  slices: number | undefined;
  batch: number;
  plan: OutputPlan;
  started: number;
}

async function exportTo(
  source: ScanSource,
  table: string,
  options: ExportOptions,
  { slices, batch, plan, started }: Checked,
): Promise<ExportReport> {
  // A file of its own is written beside itself (through a link: beside the file it names).
  const file = plan.kind === "file" ? plan.path : options.out;
  const partial = partialPath(file);
  const checkpoint = exportCheckpointPath(file);
  const identity = identityOf(table, options);
  let cp = plan.kind === "file" ? await readExportCheckpoint(checkpoint) : undefined;
  cp = await checkResume(cp, options, { identity, partial, checkpoint, slices, plan });
  const scan = await source.openScan(table, {
    format: options.format,
    ...(options.filters ? { filters: options.filters } : {}),
    ...(options.rawQuery ? { rawQuery: options.rawQuery } : {}),
    ...(slices !== undefined ? { slices } : {}),
    batchSize: cp?.batchSize ?? batch,
    ...(options.keepAlive !== undefined ? { keepAlive: options.keepAlive } : {}),
    ...(cp ? { resume: { state: cp.scan, slices: cp.slices } } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  try {
    const { checkpoint: ready, seen } = await startingPoint(scan, cp, partial, {
      identity,
      table,
      options,
      batch,
    });
    return await new ExportRun(scan, ready, {
      plan,
      file,
      partial,
      checkpointPath: checkpoint,
      out: options.out,
      options,
      started,
      resumed: options.resume === true,
      ...(seen ? { seen } : {}),
    }).run();
  } catch (e) {
    // Kept open on interruption: a resume within its keep-alive continues exactly where it stopped.
    const interrupted = e instanceof QuarryError && e.code === "export_interrupted";
    const keep = interrupted && options.keepInterrupted !== false && plan.kind === "file";
    if (!keep) await scan.close().catch(() => {});
    if (interrupted && !keep && plan.kind === "file") await discardInterruptedExport(file);
    throw e;
  }
}

/** The checkpoint to continue (after the refusals of a resume or a new export), or none. */
async function checkResume(
  cp: Checkpoint | undefined,
  options: ExportOptions,
  at: {
    identity: string;
    partial: string;
    checkpoint: string;
    slices: number | undefined;
    plan: OutputPlan;
  },
): Promise<Checkpoint | undefined> {
  const out = options.out;
  if (options.resume) {
    if (!cp || (await sizeOf(at.partial)) === undefined) {
      throw errors.exportRefused(
        `There is no interrupted export to ${out} to resume`,
        "Start the export without resume.",
        { out },
      );
    }
    if (cp.identity !== at.identity || (at.slices !== undefined && at.slices !== cp.slices)) {
      throw errors.exportRefused(
        `The interrupted export to ${out} was of another table, format, filter or number of slices`,
        "Resume it with the same table, format, filter and slices, or start over with overwrite (--force).",
        { out },
      );
    }
    if (((await sizeOf(at.partial)) ?? 0) < cp.bytes) {
      throw errors.exportRefused(
        `${at.partial} is shorter than its checkpoint says: it was changed after the export stopped`,
        "Start the export over with overwrite (--force).",
        { out },
      );
    }
    return cp;
  }
  if (at.plan.kind !== "file") return cp;
  if (cp && !options.overwrite) {
    throw errors.exportRefused(
      `An interrupted export to ${out} is waiting to be resumed (${cp.written} of ${cp.expected} documents written)`,
      "Resume it (--resume), or start over with overwrite (--force).",
      { out },
    );
  }
  if (((await sizeOf(out)) ?? 0) > 0 && !options.overwrite) {
    throw errors.exportRefused(
      `${out} already exists`,
      "Choose another file, or replace it with overwrite (--force).",
      { out },
    );
  }
  await rm(at.checkpoint, { force: true });
  return undefined;
}

/**
 * Where the run starts: a new checkpoint, the one resumed, or (when the resume found its snapshot
 * gone) the one resumed set to read everything again and skip what the file holds.
 */
async function startingPoint(
  scan: TableScan,
  cp: Checkpoint | undefined,
  partial: string,
  asked: { identity: string; table: string; options: ExportOptions; batch: number },
): Promise<{ checkpoint: Checkpoint; seen?: Set<string> }> {
  if (!cp) {
    return {
      checkpoint: {
        version: CHECKPOINT_VERSION,
        identity: asked.identity,
        table: asked.table,
        format: asked.options.format,
        slices: scan.slices,
        batchSize: asked.batch,
        scan: scan.state(),
        expected: scan.expected ?? 0,
        written: 0,
        bytes: 0,
        cursors: Array.from({ length: scan.slices }, () => null),
        done: Array.from({ length: scan.slices }, () => false),
      },
    };
  }
  if (scan.restarted) {
    const seen = await keysInFile(partial, cp.bytes, cp.format, scan);
    return {
      checkpoint: {
        ...cp,
        scan: scan.state(),
        expected: scan.expected ?? cp.expected,
        cursors: cp.cursors.map(() => null),
        done: cp.done.map(() => false),
        rescan: { baseBytes: cp.bytes, baseDocs: seen.size, matched: 0 },
      },
      seen,
    };
  }
  const seen = cp.rescan
    ? await keysInFile(partial, cp.rescan.baseBytes, cp.format, scan)
    : undefined;
  return { checkpoint: cp, ...(seen ? { seen } : {}) };
}

async function sizeOf(path: string): Promise<number | undefined> {
  try {
    return (await stat(path)).size;
  } catch {
    return undefined;
  }
}
