/**
 * What an import has done, kept in step with its checkpoint: the lines whose batch is written,
 * the records written and the failures listed move together, and the checkpoint is saved from
 * that one state (at most every second). A resume skips those lines, and cuts the failures file
 * back to what the checkpoint counted, so no line is sent or listed twice. Standard input keeps
 * no checkpoint: it cannot be read again.
 */
import { createHash } from "node:crypto";
import { rm, stat } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { LineProblem, LoadMode, LoadOutcome } from "../../core/transfer.ts";
import { readJsonFile, writeFileAtomic } from "../storage/atomic-write.ts";
import { ensurePrivateDir } from "../storage/paths.ts";
import { CheckpointSaver } from "./checkpoint-saver.ts";
import { refused } from "./copy-target.ts";
import { FailureLog, keepFirstFailures } from "./failure-log.ts";
import type { ImportFormat } from "./import-format.ts";

export interface ImportCheckpoint {
  table: string;
  input: string;
  size: number;
  modifiedMs: number;
  /** Absent in a checkpoint from before formats were chosen: JSON lines. */
  format?: ImportFormat;
  mode: LoadMode;
  /** The last origin (line, or a JSON array's element) whose batch is written. */
  linesDone: number;
  /**
   * The last line reserved when this was saved: no line after it was sent. Those after `linesDone`
   * may have landed (the batch being written, and the next one, reserved while it was).
   */
  inFlightUpTo: number;
  written: number;
  failedCount: number;
  failuresFile: string;
}

export interface ImportLedgerInfo {
  workDir: string;
  table: string;
  input: { path: string } | { name: string };
  format: ImportFormat;
  mode: LoadMode;
  resume: boolean;
  failuresName: string;
  size: number | null;
}

function checkpointPath(workDir: string, table: string, input: string): string {
  const id = createHash("sha256").update(`${table}\n${input}`).digest("hex").slice(0, 16);
  return join(workDir, `import-${id}.checkpoint.json`);
}

/** The checkpoint a resume goes on from, checked against the file as it is now. */
async function resumable(path: string, info: ImportLedgerInfo, file: string, modifiedMs: number) {
  const cp = await readJsonFile<ImportCheckpoint | null>(path, null);
  if (!cp)
    throw refused(
      `There is no interrupted import of ${file} into ${info.table} to resume`,
      "Import without --resume.",
    );
  if (cp.size !== info.size || cp.modifiedMs !== modifiedMs)
    throw refused(
      `${file} changed since the interrupted import (its size or time differs): its lines may not be the ones imported`,
      "Import the file again without --resume (with --mode index, records already in go in again without duplicates when they carry their _id).",
    );
  if ((cp.format ?? "ndjson") !== info.format)
    throw refused(
      `The interrupted import read ${file} as ${cp.format ?? "ndjson"}, not ${info.format}`,
      `Resume with --format ${cp.format ?? "ndjson"}.`,
    );
  if (cp.mode !== info.mode)
    throw refused(
      `The interrupted import used --mode ${cp.mode}, not ${info.mode}`,
      `Resume with --mode ${cp.mode}.`,
    );
  return cp;
}

/** What every checkpoint of one import says, whatever its progress. */
type CheckpointBase = Omit<
  ImportCheckpoint,
  "linesDone" | "inFlightUpTo" | "written" | "failedCount"
>;

export class ImportLedger {
  readonly failures: FailureLog;
  readonly resumed: boolean;
  readonly skipLines: number;
  written: number;
  linesDone: number;
  onBatch: (() => void) | undefined;
  readonly #path: string | null;
  readonly #base: CheckpointBase | null;
  #failedAccounted: number;
  #inFlightUpTo: number;
  /** The lines the interrupted run had reserved but not written: what they hold may be in. */
  readonly #mayHaveLanded: { after: number; upTo: number };
  #bytes: () => number = () => 0;
  #bytesAtStart = 0;
  readonly #saver = new CheckpointSaver(() => this.#checkpoint());
  #folder: Promise<string> | undefined;

  private constructor(
    path: string | null,
    base: CheckpointBase | null,
    failures: FailureLog,
    from: ImportCheckpoint | null,
  ) {
    this.#path = path;
    this.#base = base;
    this.failures = failures;
    this.resumed = from !== null;
    this.skipLines = from?.linesDone ?? 0;
    this.linesDone = this.skipLines;
    this.written = from?.written ?? 0;
    this.failures.count = from?.failedCount ?? 0;
    this.#failedAccounted = this.failures.count;
    this.#inFlightUpTo = Math.max(this.skipLines, from?.inFlightUpTo ?? 0);
    this.#mayHaveLanded = { after: this.skipLines, upTo: from?.inFlightUpTo ?? 0 };
  }

  static async open(info: ImportLedgerInfo): Promise<ImportLedger> {
    if (!("path" in info.input)) {
      if (info.resume)
        throw refused(
          `${info.input.name} cannot be resumed: it cannot be read again`,
          "Import from a file to be able to resume.",
        );
      return new ImportLedger(null, null, new FailureLog(info.workDir, info.failuresName), null);
    }
    const file = resolve(info.input.path);
    const modifiedMs = Math.trunc((await stat(file)).mtimeMs);
    const path = checkpointPath(info.workDir, info.table, file);
    const from = info.resume ? await resumable(path, info, file, modifiedMs) : null;
    const failuresFile = from?.failuresFile ?? info.failuresName;
    if (from) await keepFirstFailures(join(info.workDir, failuresFile), from.failedCount);
    const base = {
      table: info.table,
      input: file,
      size: info.size ?? 0,
      modifiedMs,
      format: info.format,
      mode: info.mode,
      failuresFile,
    };
    const ledger = new ImportLedger(path, base, new FailureLog(info.workDir, failuresFile), from);
    // Saved while the first batch is read: its reservation is saved after this one, and the batch
    // is sent only once that is on disk (a failed save is said there).
    ledger.#saver.now().catch(() => undefined);
    return ledger;
  }

  /** Where the bytes read of the input are counted (the progress meter's "done"). */
  countBytes(read: () => number): void {
    this.#bytes = read;
  }

  /**
   * Reserves the lines up to `upTo` for the next batch: the checkpoint saved with them, settled
   * once it is on disk. The batch is sent only then, so a resume knows which lines may have landed;
   * the save may start while the batch before is being written.
   */
  beforeBatch(upTo: number): Promise<void> {
    this.#inFlightUpTo = upTo;
    return this.#saver.now();
  }

  /**
   * Whether a record refused because its key is taken comes from the lines the interrupted run
   * was sending: then it is that run's own write, not a failure.
   */
  landedBefore(origin: number): boolean {
    return origin > this.#mayHaveLanded.after && origin <= this.#mayHaveLanded.upTo;
  }

  async batchWritten(upTo: number, outcome: LoadOutcome, problems: LineProblem[]): Promise<void> {
    await this.failures.addBatch(problems, outcome.failed);
    this.written += outcome.written;
    this.#failedAccounted += problems.length + outcome.failed.length;
    this.linesDone = upTo;
    this.onBatch?.();
    this.#saver.soon();
  }

  /** Bytes read of the input (the progress meter's "done"), and since this run began. */
  progress(): { done: number; total: number; writtenNow: number } {
    return {
      done: this.#bytes(),
      total: this.#base?.size ?? 0,
      writtenNow: this.#bytes() - this.#bytesAtStart,
    };
  }

  async saved(): Promise<void> {
    await this.#saver.flush();
  }

  async finished(): Promise<void> {
    await this.#saver.settled();
    if (this.#path) await rm(this.#path, { force: true });
  }

  /** The state now, and its write; none without a checkpoint file (nothing to resume). */
  #checkpoint(): (() => Promise<void>) | undefined {
    const path = this.#path;
    const base = this.#base;
    if (!path || !base) return undefined;
    const checkpoint: ImportCheckpoint = {
      ...base,
      linesDone: this.linesDone,
      inFlightUpTo: this.#inFlightUpTo,
      written: this.written,
      failedCount: this.#failedAccounted,
    };
    return async () => {
      // The folder is made (or checked) once, not before every batch.
      this.#folder ??= ensurePrivateDir(join(path, ".."));
      await this.#folder;
      await writeFileAtomic(path, JSON.stringify(checkpoint));
    };
  }
}
