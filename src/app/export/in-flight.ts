/**
 * The export's bound on memory: what it holds is the batches read and not yet written, plus the
 * requests on their way, each counted at the largest batch seen so far (before the first batch
 * arrives, at the scan's guess when it has one, else one request goes at a time). A slice asks for its next batch
 * only when that fits under the bound, so the memory an export holds does not grow with the number
 * of slices. One batch always goes when nothing else is held: a batch larger than the bound is
 * read alone, never stuck.
 */

/** What an export holds of batches at most (bytes of the answers), whatever its slices. */
export const IN_FLIGHT_BYTES = 24 * 1024 * 1024;

/** A place under the bound, for one batch from its request until it is written. */
export interface Ticket {
  /** The batch arrived: it holds `bytes`, instead of the estimate it was asked with. */
  settle(bytes: number): void;
  /** The batch is written (or was never read): its place is free. */
  release(): void;
}

export class InFlight {
  readonly limit: number;
  #held = 0;
  #largest = 0;
  #peak = 0;
  /** What a batch is counted at before one has come (0: the whole bound, one at a time). */
  readonly #guess: number;
  readonly #waiting: ((t: Ticket) => void)[] = [];

  constructor(limit = IN_FLIGHT_BYTES, guess = 0) {
    this.limit = limit;
    this.#guess = guess > 0 ? Math.min(guess, limit) : 0;
  }

  /** Bytes held now: batches not yet written, and the estimates of requests on their way. */
  get held(): number {
    return this.#held;
  }

  /** The most ever held at once. */
  get peak(): number {
    return this.#peak;
  }

  /** Resolves once one more batch fits, with its place. */
  acquire(): Promise<Ticket> {
    if (this.#waiting.length === 0 && this.#fits()) return Promise.resolve(this.#grant());
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  #estimate(): number {
    return this.#largest > 0 ? this.#largest : this.#guess || this.limit;
  }

  #fits(): boolean {
    return this.#held === 0 || this.#held + this.#estimate() <= this.limit;
  }

  #grant(): Ticket {
    let size = this.#estimate();
    this.#hold(size);
    let released = false;
    return {
      settle: (bytes) => {
        if (released) return;
        this.#largest = Math.max(this.#largest, bytes);
        this.#hold(bytes - size);
        size = bytes;
        this.#pump();
      },
      release: () => {
        if (released) return;
        released = true;
        this.#hold(-size);
        this.#pump();
      },
    };
  }

  #hold(delta: number): void {
    this.#held += delta;
    this.#peak = Math.max(this.#peak, this.#held);
  }

  /** Lets waiting slices go, first come first served, while they fit. */
  #pump(): void {
    while (this.#waiting.length > 0 && this.#fits())
      (this.#waiting.shift() as (t: Ticket) => void)(this.#grant());
  }
}

/** A batch asked for under the bound: none when the slice ended or the run stops. */
export interface Asked<B> {
  batch: B | undefined;
  ticket: Ticket;
}

/**
 * Asks a slice's batches for the next one once it fits under `inFlight` (export and copy ask for
 * the next while they write one); none once `stop()` says so. The ticket is settled at the batch's
 * size when the driver gives it, and given back when there is no batch.
 */
export async function askNext<B extends { bytes?: number }>(
  batches: AsyncIterator<B>,
  inFlight: InFlight,
  stop: () => boolean,
): Promise<Asked<B>> {
  const ticket = await inFlight.acquire();
  try {
    const r = stop() ? undefined : await batches.next();
    if (r && !r.done) {
      if (r.value.bytes !== undefined) ticket.settle(r.value.bytes);
      return { batch: r.value, ticket };
    }
  } catch (e) {
    ticket.release();
    throw e;
  }
  ticket.release();
  return { batch: undefined, ticket };
}

/** Frees what a batch asked for and never written holds, once it arrives. */
export function dropAsked<B extends { release?: () => void }>(asked: Promise<Asked<B>>): void {
  asked.then(
    (a) => {
      a.batch?.release?.();
      a.ticket.release();
    },
    () => {},
  );
}

/**
 * Each batch of a slice handed to `write` in order, the next one asked for (under `inFlight`)
 * while one is written: what export and copy do with a slice. "last" when the slice's last batch
 * was written, "stopped" when `stop()` said so first. A batch is released after its write; one
 * asked for and never written frees its place when it arrives.
 */
export async function writeAhead<B extends { bytes?: number; last: boolean; release?: () => void }>(
  batches: AsyncIterator<B>,
  inFlight: InFlight,
  stop: () => boolean,
  write: (batch: B, ticket: Ticket) => Promise<void>,
): Promise<"last" | "stopped"> {
  const ask = () => askNext(batches, inFlight, stop);
  let pending: Promise<Asked<B>> | undefined = ask();
  try {
    for (;;) {
      const { batch, ticket } = await (pending as Promise<Asked<B>>);
      pending = undefined;
      if (!batch) return "stopped";
      if (!batch.last && !stop()) {
        pending = ask();
        // Awaited after this batch is written; a failure meanwhile is not unhandled.
        pending.catch(() => {});
      }
      try {
        await write(batch, ticket);
      } finally {
        batch.release?.();
        ticket.release();
      }
      if (batch.last) return "last";
      if (stop()) return "stopped";
    }
  } finally {
    if (pending) dropAsked(pending);
    batches.return?.().catch(() => {});
  }
}
