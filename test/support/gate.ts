/**
 * A gate the test opens: work under test that reaches it waits until the test lets it through,
 * one at a time (`allow`) or all (`open`). Tests of progress, cancellation and interruption hold
 * the work back with it instead of racing it, so they do not depend on how fast the machine is.
 */
export class Gate<T = unknown> {
  #match: ((item: T) => boolean) | undefined;
  #passes = 0;
  #passed = 0;
  readonly #queue: { release: () => void; gone: () => boolean }[] = [];
  #watchers: (() => void)[] = [];

  /** From now on, items for which `match` is true wait (none pass until `allow` or `open`). */
  hold(match: (item: T) => boolean = () => true): void {
    this.#match = match;
    this.#passes = 0;
  }

  /** Lets `n` more held items through (those waiting, or the next to come). */
  allow(n = 1): void {
    this.#passes += n;
    this.#pump();
  }

  /** Lets everything through from now on, including what waits. */
  open(): void {
    this.#match = undefined;
    this.#pump();
  }

  /** How many held items were let through so far. */
  get passed(): number {
    return this.#passed;
  }

  /** How many held items wait at the gate now. */
  get waitingCount(): number {
    this.#pump();
    return this.#queue.length;
  }

  /** Resolves when at least `n` held items wait at the gate. */
  async waiting(n = 1): Promise<void> {
    for (;;) {
      this.#pump(); // forgets items whose owner has gone
      if (this.#queue.length >= n) return;
      await new Promise<void>((resolve) => this.#watchers.push(resolve));
    }
  }

  /**
   * Resolves when `item` may go on: at once when it is not held, else when the test lets it
   * through. `gone` says that its owner gave up waiting (it is then forgotten).
   */
  pass(item: T, gone: () => boolean = () => false): Promise<void> {
    if (!this.#match?.(item)) return Promise.resolve();
    return new Promise<void>((release) => {
      this.#queue.push({ release, gone });
      this.#pump();
      const ws = this.#watchers;
      this.#watchers = [];
      for (const w of ws) w();
    });
  }

  #pump(): void {
    for (let i = 0; i < this.#queue.length; ) {
      const q = this.#queue[i]!;
      if (q.gone()) this.#queue.splice(i, 1);
      else if (this.#match === undefined || this.#passes > 0) {
        if (this.#match !== undefined) this.#passes--;
        this.#passed++;
        this.#queue.splice(i, 1);
        q.release();
      } else i++;
    }
  }
}
