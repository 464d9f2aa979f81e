/**
 * A batch's hits as numbers (pure): where each hit's names and `_source` are in the answer's bytes
 * (hit-bytes.ts reads the answer into it).
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

export const isSpace = (c: number | undefined) =>
  c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/** The numbers `HitTable` keeps per hit: start and end of `_index`, `_id`, `_routing`, `_source`. */
export const SPAN = 8;
export const INDEX = 0;
export const ID = 2;
export const ROUTING = 4;
export const SOURCE = 6;

/**
 * A batch's hits as numbers, not objects: per hit, where its `_index`, `_id` and `_routing` (JSON
 * strings, quotes included) and its `_source` are in the answer's bytes; -1 when absent. What a
 * batch keeps until it is written is then the answer and one typed array, whatever its hits, and
 * the names can be copied into a file as they came, never made strings (`name` makes one).
 */
export class HitTable {
  /** The answer's bytes. */
  readonly memory: Buffer;
  /** `SPAN` numbers per hit (see the class). */
  spans = new Int32Array(SPAN * 256);
  length = 0;
  /** Sources made one line (documents indexed pretty-printed), outside `memory`. */
  readonly #lines: Uint8Array[] = [];

  constructor(memory: Buffer) {
    this.memory = memory;
  }

  /** A new hit, every span absent; its number. */
  add(): number {
    const i = this.length++;
    if (i * SPAN + SPAN > this.spans.length) {
      const grown = new Int32Array(this.spans.length * 2);
      grown.set(this.spans);
      this.spans = grown;
    }
    this.spans.fill(-1, i * SPAN, i * SPAN + SPAN);
    return i;
  }

  /** Hit `i`'s `_source` is `text` (not in the answer's bytes). */
  setLine(i: number, text: Uint8Array): void {
    this.spans[i * SPAN + SOURCE] = -2 - this.#lines.length;
    this.spans[i * SPAN + SOURCE + 1] = text.length;
    this.#lines.push(text);
  }

  hasSource(i: number): boolean {
    return (this.spans[i * SPAN + SOURCE] as number) !== -1;
  }

  /** Hit `i`'s `_source` as sent, or undefined when it has none. */
  source(i: number): Uint8Array | undefined {
    const start = this.spans[i * SPAN + SOURCE] as number;
    if (start === -1) return undefined;
    if (start < -1) return this.#lines[-2 - start];
    return this.memory.subarray(start, this.spans[i * SPAN + SOURCE + 1]);
  }

  /** Copies hit `i`'s `_source` into `out` at `at`; where it ends there. */
  copySource(i: number, out: Uint8Array, at: number): number {
    const start = this.spans[i * SPAN + SOURCE] as number;
    const end = this.spans[i * SPAN + SOURCE + 1] as number;
    // Buffer's copy makes no view: nothing per hit is left for the collector.
    if (start >= 0) return at + this.memory.copy(out, at, start, end);
    out.set(this.#lines[-2 - start] as Uint8Array, at);
    return at + end;
  }

  /** The length of hit `i`'s `_source`, 0 when it has none. */
  sourceLength(i: number): number {
    const start = this.spans[i * SPAN + SOURCE] as number;
    const end = this.spans[i * SPAN + SOURCE + 1] as number;
    return start >= 0 ? end - start : start === -1 ? 0 : end;
  }

  /** The length of a name's JSON string (`which`: INDEX, ID or ROUTING), 0 when absent. */
  nameLength(i: number, which: number): number {
    const start = this.spans[i * SPAN + which] as number;
    return start < 0 ? 0 : (this.spans[i * SPAN + which + 1] as number) - start;
  }

  /** Copies a name's JSON string (quotes included) into `out` at `at`; where it ends there. */
  copyName(i: number, which: number, out: Uint8Array, at: number): number {
    const m = this.memory;
    const end = this.spans[i * SPAN + which + 1] as number;
    for (let j = this.spans[i * SPAN + which] as number; j < end; j++) out[at++] = m[j] as number;
    return at;
  }

  /** A name as a string (`which`: INDEX, ID or ROUTING), undefined when absent. */
  name(i: number, which: number): string | undefined {
    const start = this.spans[i * SPAN + which] as number;
    if (start < 0) return undefined;
    const end = this.spans[i * SPAN + which + 1] as number;
    const m = this.memory;
    for (let j = start + 1; j < end - 1; j++)
      if (m[j] === BACKSLASH) return String(JSON.parse(m.toString("utf8", start, end)));
    return m.toString("utf8", start + 1, end - 1);
  }

  index(i: number): string {
    return this.name(i, INDEX) ?? "";
  }
  id(i: number): string {
    return this.name(i, ID) ?? "";
  }
  routing(i: number): string | undefined {
    return this.name(i, ROUTING);
  }
}

export const NAME = { index: INDEX, id: ID, routing: ROUTING } as const;

/** The JSON text without its whitespace outside strings (line breaks included). */
export function oneLine(json: Uint8Array): Uint8Array {
  const out = new Uint8Array(json.length);
  let n = 0;
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const c = json[i] as number;
    if (inString) {
      out[n++] = c;
      if (c === BACKSLASH) out[n++] = json[++i] as number;
      else if (c === QUOTE) inString = false;
    } else if (!isSpace(c)) {
      out[n++] = c;
      if (c === QUOTE) inString = true;
    }
  }
  return out.subarray(0, n);
}
