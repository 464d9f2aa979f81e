/**
 * Pure: an ES|QL JSON answer's rows cut out of its body as the body arrives, so a page of rows is
 * never held whole, as text or as values (docs/decisions.md, "ES|QL past the row cap: keyed
 * pages"). The answer is `{…, "values": [[…], […], …], …}`; each chunk given hands back the rows it
 * completed as one piece of JSON text, `[…],[…]` (commas between rows, none around), to be read as
 * `[${piece}]`. Only bytes are looked at: where strings start and end, and how deep the brackets
 * are. The bytes of a row that is not complete yet are kept for the next chunk.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const EMPTY = Buffer.alloc(0);

/** The answer's `values` array (at depth 2) holds the rows (depth 3). */
const ROWS_DEPTH = 2;

export class AnswerRows {
  /** Bytes not handed back yet: the answer's head, or the start of a row. */
  #held: Buffer = EMPTY;
  /** Where scanning `#held` continues. */
  #at = 0;
  #depth = 0;
  #inString = false;
  /** Where the string being read opened (its backslashes are counted from there). */
  #stringFrom = 0;
  #phase: "head" | "rows" | "tail" = "head";
  /** Where in `#held` the first row not handed back opens; -1 when none is open. */
  #rowFrom = -1;
  /** The head's text up to the rows, once they start (its `columns` and `took`). */
  #head: string | undefined;
  /** Where in `#held` the row open now opened. */
  #openAt = 0;
  /** Rows handed back so far. */
  rows = 0;
  /** The text of the last row handed back. */
  lastRow: string | undefined;

  /** The JSON text before the rows (`{…,"values":`), once the rows have started. */
  get head(): string | undefined {
    return this.#head;
  }

  /** Whether the answer's rows ended (its `values` array closed). */
  get complete(): boolean {
    return this.#phase === "tail";
  }

  /** Takes the next chunk of the body; returns the rows it completed (`[…],[…]`), if any. */
  push(chunk: Uint8Array): Buffer | undefined {
    if (this.#phase === "tail") return undefined;
    const bytes =
      this.#held.length === 0
        ? Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
        : Buffer.concat([this.#held, chunk]);
    const { rowsEnd, lastFrom, count } = this.#scan(bytes);
    const rowFrom = this.#rowFrom;
    let piece: Buffer | undefined;
    if (rowsEnd !== -1) {
      piece = bytes.subarray(rowFrom, rowsEnd);
      this.rows += count;
      this.lastRow = bytes.toString("utf8", lastFrom, rowsEnd);
    }
    if (this.complete) {
      this.#held = EMPTY;
      this.#at = 0;
      this.#rowFrom = -1;
      return piece;
    }
    // Kept: the head until the rows start, else the row still open (nothing between rows).
    const n = bytes.length;
    let keepFrom = n;
    if (this.#phase === "head") keepFrom = 0;
    else if (this.#depth > ROWS_DEPTH)
      keepFrom = rowsEnd === -1 ? rowFrom : openAfter(bytes, rowsEnd);
    // A copy: a row's start must not keep the whole chunk it came in.
    this.#held = keepFrom === 0 ? bytes : Buffer.from(bytes.subarray(keepFrom));
    this.#at = n - keepFrom;
    this.#stringFrom -= keepFrom;
    this.#rowFrom = this.#phase === "rows" && this.#depth > ROWS_DEPTH ? 0 : -1;
    this.#openAt = 0;
    return piece;
  }

  /**
   * Reads `bytes` on from where the last chunk stopped: the end of the last row completed in them
   * (-1: none), where that row opened, and how many rows completed.
   */
  #scan(bytes: Buffer): { rowsEnd: number; lastFrom: number; count: number } {
    let rowsEnd = -1;
    let lastFrom = 0;
    let count = 0;
    let i = this.#at;
    const n = bytes.length;
    while (i < n) {
      if (this.#inString) {
        // Strings are skipped a quote at a time; one after an odd run of backslashes is escaped.
        const q = bytes.indexOf(QUOTE, i);
        if (q === -1) break;
        let slashes = 0;
        for (let k = q - 1; k > this.#stringFrom && bytes[k] === BACKSLASH; k--) slashes++;
        i = q + 1;
        if (slashes % 2 === 0) this.#inString = false;
        continue;
      }
      const b = bytes[i] as number;
      if (b === QUOTE) {
        this.#inString = true;
        this.#stringFrom = i;
      } else if (b === OPEN_ARRAY || b === OPEN_OBJECT) {
        if (this.#phase === "head" && this.#depth === 1 && b === OPEN_ARRAY)
          this.#rowsStart(bytes, i);
        else if (this.#phase === "rows" && this.#depth === ROWS_DEPTH) {
          this.#openAt = i;
          if (this.#rowFrom === -1) this.#rowFrom = i;
        }
        this.#depth++;
      } else if ((b === CLOSE_ARRAY || b === CLOSE_OBJECT) && --this.#depth <= ROWS_DEPTH) {
        if (this.#phase === "rows" && this.#depth === ROWS_DEPTH) {
          rowsEnd = i + 1;
          lastFrom = this.#openAt;
          count++;
        } else if (this.#phase === "rows") {
          this.#phase = "tail";
          break;
        }
      }
      i++;
    }
    return { rowsEnd, lastFrom, count };
  }

  /** An array opens in the answer's object at `at`: the rows, when it is `values`. */
  #rowsStart(bytes: Buffer, at: number): void {
    const text = bytes.toString("utf8", 0, at);
    if (!/"values"\s*:\s*$/.test(text)) return;
    this.#head = text;
    this.#phase = "rows";
  }
}

/** Where the row open at the end of `bytes` starts: the first `[` after the last complete row. */
function openAfter(bytes: Buffer, from: number): number {
  return bytes.indexOf(OPEN_ARRAY, from);
}
