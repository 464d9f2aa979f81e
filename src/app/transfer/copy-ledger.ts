/**
 * What a copy has done, slice by slice, kept in step with its checkpoint: after each batch the
 * slice's cursor, the records written and the failures listed move together, and the checkpoint
 * is saved from that one state (at most every second, and whenever a slice ends). A resume starts
 * from the last saved state; the failures file is cut back to what that state counted, so a batch
 * sent again is never listed twice.
 */
import { join } from "node:path";
import type { ScanCursor, TableScan } from "../../core/export.ts";
import type { LoadOutcome } from "../../core/transfer.ts";
import { type CopyCheckpoint, removeCopyCheckpoint, writeCopyCheckpoint } from "./checkpoint.ts";
import { CheckpointSaver } from "./checkpoint-saver.ts";
import { type FailureLine, FailureLog, keepFirstFailures } from "./failure-log.ts";

export interface CopyReport {
  source: string;
  target: string;
  /** Whether the target was created by this copy. */
  created: boolean;
  resumed: boolean;
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

export interface LedgerInfo {
  source: string;
  target: string;
  append: boolean;
  batchSize: number;
  /** The checkpoint to go on from (null: a new copy, or its snapshot was gone). */
  resumed: CopyCheckpoint | null;
  failuresFile: string;
  workDir: string;
}

export class CopyLedger {
  readonly expected: number;
  readonly failures: FailureLog;
  written: number;
  onBatch: (() => void) | undefined;
  readonly #path: string;
  readonly #info: LedgerInfo;
  readonly #scan: TableScan;
  readonly #slices: { cursor: ScanCursor; done: boolean }[];
  readonly #writtenAtStart: number;
  /** Failures of the batches whose cursor is recorded: what a checkpoint may count. */
  #failedAccounted: number;
  #origin = 0;
  #first: Promise<void> = Promise.resolve();
  readonly #saver = new CheckpointSaver(() => this.#checkpoint());

  private constructor(path: string, scan: TableScan, info: LedgerInfo) {
    const from = info.resumed;
    this.#path = path;
    this.#info = info;
    this.#scan = scan;
    this.expected = from?.expected ?? scan.expected ?? 0;
    this.written = from?.written ?? 0;
    this.#writtenAtStart = this.written;
    this.#slices = from
      ? from.slices.map((s) => ({ ...s }))
      : Array.from({ length: scan.slices }, () => ({ cursor: null, done: false }));
    const name = from ? from.failuresFile : info.failuresFile;
    this.failures = new FailureLog(info.workDir, name);
    this.failures.count = from?.failedCount ?? 0;
    this.#failedAccounted = this.failures.count;
  }

  static async open(path: string, scan: TableScan, info: LedgerInfo): Promise<CopyLedger> {
    const ledger = new CopyLedger(path, scan, info);
    if (info.resumed)
      await keepFirstFailures(
        join(info.workDir, info.resumed.failuresFile),
        info.resumed.failedCount,
      );
    ledger.#first = ledger.#saver.now();
    // Awaited before the first write (`beforeWrite`); a failure meanwhile is not unhandled.
    ledger.#first.catch(() => undefined);
    return ledger;
  }

  /**
   * Resolves once the first checkpoint is on disk: the slices read their first batches while it
   * is saved, and none is written before it, so a copy interrupted after a write can be resumed.
   */
  beforeWrite(): Promise<void> {
    return this.#first;
  }

  slice(i: number): { cursor: ScanCursor; done: boolean } {
    return this.#slices[i] ?? { cursor: null, done: false };
  }

  nextOrigin(): number {
    return ++this.#origin;
  }

  async batchWritten(slice: number, cursor: ScanCursor, last: boolean, outcome: LoadOutcome) {
    await this.failures.add(outcome.failed);
    this.written += outcome.written;
    this.#failedAccounted += outcome.failed.length;
    this.#slices[slice] = { cursor, done: last };
    this.onBatch?.();
    this.#saver.soon();
  }

  async sliceDone(slice: number): Promise<void> {
    const at = this.slice(slice);
    this.#slices[slice] = { ...at, done: true };
    await this.#saver.now();
  }

  progress(): { done: number; total: number; writtenNow: number } {
    return {
      done: this.written + this.failures.count,
      total: this.expected,
      writtenNow: this.written - this.#writtenAtStart,
    };
  }

  /** Waits for the saves under way, and saves what is not saved yet. */
  async saved(): Promise<void> {
    await this.#saver.flush();
  }

  /** The copy ended well: its checkpoint goes. */
  async finished(): Promise<void> {
    await this.#saver.settled();
    await removeCopyCheckpoint(this.#path);
  }

  report(
    rest: Pick<
      CopyReport,
      "created" | "resumed" | "notes" | "targetRecords" | "targetBefore" | "durationMs" | "slices"
    >,
  ): CopyReport {
    return {
      source: this.#info.source,
      target: this.#info.target,
      expected: this.expected,
      written: this.written,
      failedCount: this.failures.count,
      failed: this.failures.first,
      failuresFile: this.failures.count > 0 ? this.failures.path : null,
      ...rest,
    };
  }

  /** The state now, and its write. */
  #checkpoint(): () => Promise<void> {
    const checkpoint: CopyCheckpoint = {
      source: this.#info.source,
      target: this.#info.target,
      append: this.#info.append,
      batchSize: this.#info.batchSize,
      state: this.#scan.state(),
      expected: this.expected,
      slices: this.#slices.map((s) => ({ ...s })),
      written: this.written,
      failedCount: this.#failedAccounted,
      failuresFile: this.failures.path.slice(this.#info.workDir.length + 1),
    };
    return () => writeCopyCheckpoint(this.#path, checkpoint);
  }
}
