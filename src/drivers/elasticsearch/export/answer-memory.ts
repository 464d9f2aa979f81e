/**
 * The memory search answers are read into (export, copy): each answer copied in as its chunks come,
 * and the buffers kept from one batch to the next, so that reading a batch makes no new buffer once
 * they are large enough, and no answer is ever held twice (its chunks and their copy).
 */

/**
 * Memory an answer is copied into, kept from one batch to the next so that reading a batch makes
 * no new buffer once it is large enough (the chunks the answer came in are short-lived).
 */
export class AnswerBuffer {
  #memory = Buffer.alloc(0);
  #size = 0;
  /** What the first answer is given at once (the answer's size, guessed): no growing into it. */
  readonly #reserve: number;

  constructor(reserve = 0) {
    this.#reserve = reserve;
  }

  /** The chunks one after the other; valid until the next `fill` or `start`. */
  fill(chunks: readonly Uint8Array[]): Uint8Array {
    this.start();
    for (const c of chunks) this.append(c);
    return this.view();
  }

  /** A new answer: what was in the memory is given up. */
  start(): void {
    this.#size = 0;
  }

  /** The answer's next chunk, copied in as it comes (the chunk is not kept). */
  append(chunk: Uint8Array): void {
    const size = this.#size + chunk.byteLength;
    if (size > this.#memory.length) {
      // Grown by a quarter at least: an answer a little larger than the last grows it once or twice.
      // A new buffer starts at the reserve: grown from 64 KB, a first answer of megabytes would be
      // copied some 17 times, each copy left to the collector (docs/decisions.md, "The driver
      // plugin's start").
      const grown = Buffer.allocUnsafe(
        Math.max(size, Math.ceil(this.#memory.length * 1.25), 65536, this.#reserve),
      );
      grown.set(this.#memory.subarray(0, this.#size));
      this.#memory = grown;
    }
    this.#memory.set(chunk, this.#size);
    this.#size = size;
  }

  /** The answer so far; valid until the next `start`. */
  view(): Uint8Array {
    return this.#memory.subarray(0, this.#size);
  }
}

/** The most a buffer is given before its first answer comes. */
const MAX_RESERVE = 32 * 1024 * 1024;

/** Answer buffers given back once their batch is written, a few kept for the next batches. */
export class AnswerPool {
  readonly #idle: AnswerBuffer[] = [];
  readonly #keep: number;
  readonly #reserve: number;
  /** `reserve`: an answer's likely size, each new buffer's first size (capped: a guess may be wild). */
  constructor(keep = 4, reserve = 0) {
    this.#keep = keep;
    this.#reserve = Math.min(Math.max(0, reserve), MAX_RESERVE);
  }
  take(): AnswerBuffer {
    return this.#idle.pop() ?? new AnswerBuffer(this.#reserve);
  }
  give(buffer: AnswerBuffer): void {
    if (this.#idle.length < this.#keep && !this.#idle.includes(buffer)) this.#idle.push(buffer);
  }
}
