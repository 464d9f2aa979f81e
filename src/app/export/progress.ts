/**
 * The export's progress meter: documents done, total, rate and time left, reported at most every
 * 250 ms. A report held back by that limit is sent when the interval has passed, never dropped:
 * when the next batch is slow, the count written so far still shows.
 */
import type { ExportProgress } from "../../core/export.ts";

const PROGRESS_EVERY_MS = 250;

export class ProgressMeter {
  readonly #report: ((p: ExportProgress) => void) | undefined;
  readonly #started: number;
  readonly #read: () => { done: number; total: number; writtenNow: number };
  #last = 0;
  #held: ReturnType<typeof setTimeout> | undefined;

  /** `read` gives the count done, the total, and the documents written since `started`. */
  constructor(
    report: ((p: ExportProgress) => void) | undefined,
    started: number,
    read: () => { done: number; total: number; writtenNow: number },
  ) {
    this.#report = report;
    this.#started = started;
    this.#read = read;
  }

  /** Reports now if the interval has passed (or `force`), else once it has. */
  tick(force = false): void {
    if (!this.#report) return;
    const wait = PROGRESS_EVERY_MS - (Date.now() - this.#last);
    if (force || wait <= 0) {
      this.stop();
      this.#send();
      return;
    }
    this.#held ??= setTimeout(() => {
      this.#held = undefined;
      this.#send();
    }, wait);
  }

  /** Drops a held report (the export ended). */
  stop(): void {
    clearTimeout(this.#held);
    this.#held = undefined;
  }

  #send(): void {
    if (!this.#report) return;
    const now = Date.now();
    this.#last = now;
    const { done, total, writtenNow } = this.#read();
    const elapsed = (now - this.#started) / 1000;
    const rate = elapsed > 0 ? writtenNow / elapsed : 0;
    this.#report({
      done,
      total,
      rate: Math.round(rate),
      etaSeconds: rate > 0 ? Math.max(0, Math.round((total - done) / rate)) : null,
    });
  }
}
