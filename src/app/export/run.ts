/**
 * One run of an export: every slice of the scan read in parallel, its batches appended to the
 * output in order, a checkpoint every few seconds, progress, and at the end the count check and
 * the file given its name. A stop a resume can get past (the scan interrupted, the disk full,
 * cancelled) keeps the partial file and its checkpoint; any other failure removes them.
 */
import { rm } from "node:fs/promises";
import { errors } from "../../core/errors.ts";
import {
  type ExportOptions,
  type ExportReport,
  isScanInterruption,
  type ScanBatch,
  type TableScan,
} from "../../core/export.ts";
import { type Checkpoint, discardInterruptedExport, writeExportCheckpoint } from "./checkpoint.ts";
import { batchBytes, closing, opening, Reused } from "./formats.ts";
import { InFlight, type Ticket, writeAhead } from "./in-flight.ts";
import {
  type ExportOutput,
  OutputFailure,
  type OutputPlan,
  openOutput,
  publish,
} from "./output.ts";
import { ProgressMeter } from "./progress.ts";

const CHECKPOINT_EVERY_MS = 2_000;
const EMPTY = new Uint8Array(0);

export interface RunContext {
  plan: OutputPlan;
  /** The file the export becomes (for a stream: unused). */
  file: string;
  partial: string;
  checkpointPath: string;
  out: string;
  options: ExportOptions;
  started: number;
  resumed: boolean;
  /** Keys of the records the file already holds (a resume on a new snapshot). */
  seen?: Set<string>;
  /** The bound on batches held in memory (bytes; in-flight.ts's default when absent). */
  inFlightBytes?: number;
}

export class ExportRun {
  readonly #scan: TableScan;
  readonly #cp: Checkpoint;
  readonly #ctx: RunContext;
  readonly #meter: ProgressMeter;
  /** Set once a slice fails: the others ask for no further batch. */
  readonly #halt = new AbortController();
  /** Where batches are framed, one at a time (the writes are in turn). */
  readonly #frames = new Reused();
  /** What the slices hold between them, bounded. */
  readonly #inFlight: InFlight;
  #output: ExportOutput | undefined;
  #position: number;
  #lastCheckpoint = Date.now();
  /** Batches are appended one after another, whichever slice they come from. */
  #tail: Promise<void> = Promise.resolve();
  /** Checkpoints saved behind the writes, one after another (see `#checkpointBehind`). */
  #saving: Promise<void> = Promise.resolve();
  #failure: unknown;

  constructor(scan: TableScan, cp: Checkpoint, ctx: RunContext) {
    this.#scan = scan;
    this.#cp = cp;
    this.#ctx = ctx;
    this.#position = cp.bytes;
    this.#inFlight = new InFlight(ctx.inFlightBytes, scan.batchBytesGuess);
    const doneAtStart = cp.written;
    this.#meter = new ProgressMeter(ctx.options.onProgress, ctx.started, () => ({
      done: this.#done(),
      total: cp.expected,
      writtenNow: cp.written - doneAtStart,
    }));
  }

  get #out(): ExportOutput {
    return this.#output as ExportOutput;
  }

  /** Documents accounted for: written, or (after a lost snapshot) found already in the file. */
  #done(): number {
    const { rescan, written } = this.#cp;
    return rescan ? rescan.matched + (written - rescan.baseDocs) : written;
  }

  async run(): Promise<ExportReport> {
    const cp = this.#cp;
    this.#output = await openOutput(this.#ctx.plan, this.#ctx.partial, {
      bytes: cp.bytes,
      fresh: cp.bytes === 0 && !this.#ctx.resumed,
    });
    try {
      if (this.#position === 0) {
        await this.#writeOrStop(opening(cp.format, this.#scan.columns));
        // Saved while the first batches are asked for, as every later one is behind the writes:
        // its two flushes to disk need not hold the first requests back.
        this.#checkpointBehind();
      }
      await Promise.all(
        Array.from({ length: cp.slices }, (_, i) =>
          this.#slice(i).catch((e: unknown) => {
            this.#failure ??= e;
            this.#halt.abort();
          }),
        ),
      );
      // A failed write is already the failure a slice recorded; a failed save records its own.
      await this.#tail.catch(() => {});
      await this.#saving;
      if (this.#failure !== undefined || this.#ctx.options.signal?.aborted)
        throw await this.#failed(this.#failure);
      return await this.#finish();
    } finally {
      this.#meter.stop();
      await this.#out.close().catch(() => {});
    }
  }

  /**
   * Reads one slice: the next batch is asked for while the current one is written, once it fits
   * under the export's bound on memory (in-flight.ts), shared by all slices.
   */
  async #slice(slice: number): Promise<void> {
    const cp = this.#cp;
    if (cp.done[slice]) return;
    const stop = () => this.#failure !== undefined || this.#ctx.options.signal?.aborted === true;
    const it = this.#scan
      .batches(slice, cp.cursors[slice] ?? null, this.#halt.signal)
      [Symbol.asyncIterator]();
    await writeAhead(it, this.#inFlight, stop, (batch, ticket) =>
      this.#append(slice, batch, ticket),
    );
  }

  /** Appends one batch of one slice, in order with the others; then the slice's cursor moves. */
  #append(slice: number, batch: ScanBatch, ticket: Ticket): Promise<void> {
    const cp = this.#cp;
    this.#tail = this.#tail.then(async () => {
      // The slice's next request (asked for just before, a few promise steps away) goes out
      // first: framing a batch takes milliseconds the cluster can spend on the next one.
      await new Promise(setImmediate);
      const { bytes, count } = this.#framed(batch);
      if (count > 0) {
        // A driver that does not say what a batch holds: its bytes in the file tell about as much.
        if (batch.bytes === undefined) ticket.settle(bytes.length);
        await this.#write(bytes);
        cp.written += count;
      }
      cp.cursors[slice] = batch.cursor;
      if (batch.last) cp.done[slice] = true;
      if (Date.now() - this.#lastCheckpoint >= CHECKPOINT_EVERY_MS) this.#checkpointBehind();
      this.#meter.tick();
    });
    return this.#tail;
  }

  /**
   * A batch as the file holds it, and its records: framed by the driver when it can and the batch
   * is kept whole, else from its records (after a lost snapshot, those the file holds are skipped).
   */
  #framed(batch: ScanBatch): { bytes: Uint8Array; count: number } {
    const cp = this.#cp;
    const { seen } = this.#ctx;
    const take = (size: number) => this.#frames.take(size);
    if (batch.framed && !(seen && cp.rescan))
      return { bytes: batch.framed.bytes(cp.written === 0, take), count: batch.framed.count };
    let keep = batch.records;
    if (seen && cp.rescan) {
      keep = keep.filter((r) => !seen.has(r.key));
      cp.rescan.matched += batch.records.length - keep.length;
    }
    const bytes = keep.length > 0 ? batchBytes(cp.format, keep, cp.written, this.#frames) : EMPTY;
    return { bytes, count: keep.length };
  }

  async #write(chunk: string | Uint8Array): Promise<void> {
    if (chunk.length === 0) return;
    await this.#out.write(chunk);
    this.#position += typeof chunk === "string" ? Buffer.byteLength(chunk) : chunk.byteLength;
  }

  /** A write outside the slices' batches (the opening, the closing): same stops. */
  async #writeOrStop(text: string): Promise<void> {
    try {
      await this.#write(text);
    } catch (e) {
      throw await this.#stopped(e);
    }
  }

  async #checkpoint(): Promise<void> {
    await this.#saving.catch(() => {});
    await this.#save(this.#snapshot());
  }

  /**
   * A checkpoint of the state now, saved while the next batches are written: the file is made
   * durable at least up to the bytes it records (a later write only adds bytes a resume cuts off),
   * so the writes never wait for the disk. A failed save stops the export like a failed write.
   */
  #checkpointBehind(): void {
    const state = this.#snapshot();
    this.#saving = this.#saving
      .then(() => this.#save(state))
      .catch((e: unknown) => {
        this.#failure ??= e;
        this.#halt.abort();
      });
  }

  /** What a checkpoint records now (the bytes written, each slice's cursor). */
  #snapshot(): Checkpoint {
    const cp = this.#cp;
    cp.bytes = this.#position;
    cp.scan = this.#scan.state();
    this.#lastCheckpoint = Date.now();
    const copy = { ...cp, cursors: [...cp.cursors], done: [...cp.done] };
    if (cp.rescan) copy.rescan = { ...cp.rescan };
    return copy;
  }

  async #save(state: Checkpoint): Promise<void> {
    // A stream is written through once: there is nothing to resume, so nothing to record.
    if (!this.#out.resumable) return;
    await this.#out.flush();
    await writeExportCheckpoint(this.#ctx.checkpointPath, state);
  }

  /** Whether a failure is a stop a resume can get past (undefined: cancelled). */
  #resumable(e: unknown): boolean {
    return e === undefined || isScanInterruption(e) || e instanceof OutputFailure;
  }

  /** The error for an export that stops here: resumable from a file, final on a stream. */
  async #stopped(e: unknown): Promise<unknown> {
    if (!this.#resumable(e)) return e;
    const cp = this.#cp;
    const reason = e instanceof Error ? e.message : "the export was cancelled";
    const note = isScanInterruption(e) ? e.note : undefined;
    if (!this.#out.resumable)
      return errors.exportStreamStopped(this.#out.name, reason, cp.written, cp.expected);
    // Should the checkpoint itself fail (no room for it either), the last one still holds.
    await this.#checkpoint().catch(() => {});
    return errors.exportInterrupted(
      reason,
      cp.written,
      cp.expected,
      this.#ctx.checkpointPath,
      note,
    );
  }

  /** A run that stopped: resumable (a file that could not take more resumes once there is room). */
  async #failed(e: unknown): Promise<unknown> {
    if (this.#resumable(e)) return this.#stopped(e);
    // Not something a resume can get past (a record that cannot be read whole…): nothing is kept.
    await this.#out.close();
    if (this.#out.resumable) await discardInterruptedExport(this.#ctx.file);
    return e;
  }

  async #finish(): Promise<ExportReport> {
    const cp = this.#cp;
    const ctx = this.#ctx;
    await this.#writeOrStop(closing(cp.format, cp.written));
    await this.#out.flush().catch(async (e: unknown) => {
      throw await this.#stopped(e);
    });
    this.#meter.tick(true);
    // Every record of the snapshot is in the file exactly once: written now, or (after a lost
    // snapshot) found already there. Records written before and deleted since stay in the file,
    // exported from the earlier snapshot, and count as expected.
    const handled = this.#done();
    // No checkpoint saved behind may land after the file is named and its checkpoint removed.
    await this.#saving;
    const rescan = cp.rescan;
    const expected = rescan ? cp.expected + (rescan.baseDocs - rescan.matched) : cp.expected;
    await this.#out.close();
    if (handled !== cp.expected) {
      if (!this.#out.resumable)
        throw errors.exportStreamIncomplete(this.#out.name, handled, cp.expected);
      await writeExportCheckpoint(ctx.checkpointPath, { ...cp, bytes: this.#position });
      throw errors.exportIncomplete(handled, cp.expected, ctx.partial);
    }
    if (this.#out.resumable) {
      await publish(ctx.partial, ctx.file);
      await rm(ctx.checkpointPath, { force: true });
    }
    await this.#scan.close();
    return {
      written: cp.written,
      expected,
      out: ctx.out,
      format: cp.format,
      resumed: ctx.resumed,
      durationMs: Date.now() - ctx.started,
      slices: cp.slices,
      bytes: this.#position,
    };
  }
}
