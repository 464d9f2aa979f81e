/**
 * A resumable job's checkpoint, written at most once a second while it works (copy-ledger.ts,
 * import-ledger.ts): each state is taken when the save is asked for and written after the saves
 * before it, so a resume reads the newest state that was whole.
 */
const SAVE_EVERY_MS = 1_000;

export class CheckpointSaver {
  /** Takes the state now and gives back its write; undefined when there is nothing to save yet. */
  readonly #take: () => (() => Promise<void>) | undefined;
  #lastSave = 0;
  #saving: Promise<void> = Promise.resolve();
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(take: () => (() => Promise<void>) | undefined) {
    this.#take = take;
  }

  /** A save now if the last one is a second old, else one when it is (one timer at a time). */
  soon(): void {
    const wait = SAVE_EVERY_MS - (Date.now() - this.#lastSave);
    if (wait <= 0) {
      void this.now().catch(() => {});
      return;
    }
    this.#timer ??= setTimeout(() => {
      this.#timer = undefined;
      void this.now().catch(() => {});
    }, wait);
  }

  /** The state as it is now, written after the saves before it. */
  now(): Promise<void> {
    this.#lastSave = Date.now();
    const write = this.#take();
    if (write) this.#saving = this.#saving.then(write);
    return this.#saving;
  }

  /** A save planned for later is made now instead. */
  async flush(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    await this.now();
  }

  /** Every save asked for so far, written. */
  settled(): Promise<void> {
    return this.#saving;
  }
}
