/**
 * The elements of a JSON array read from text as it comes (pure: text in, elements out), with
 * stream-json's tokenizer so that a file larger than memory holds one element at a time. The
 * array is the whole file (`[{...}, ...]`), or the hits of a saved search answer
 * (`{"hits":{"hits":[...]}}`, the rest of the answer skipped). Each element carries its number
 * (from 1) and the line it starts on. JSON that breaks ends the reading with a problem naming
 * the line: what follows cannot be told apart.
 */
import { Assembler } from "stream-json/core/assembler.js";
import { jsonParser, type Token } from "stream-json/core/parser.js";
import { QuarryError } from "../../core/errors.ts";

export interface ArrayElement {
  number: number;
  startLine: number;
  value: unknown;
}

export interface ArrayBreak {
  number: number;
  startLine: number;
  reason: string;
}

/** The tokenizer's "no more input" mark (stream-chain's `none`, a registered symbol). */
const END = Symbol.for("object-stream.none");

type ParseResult = ReturnType<ReturnType<typeof jsonParser>>;

const SCALARS: Partial<Record<Token["name"], (v: unknown) => unknown>> = {
  stringValue: (v) => v,
  numberValue: (v) => Number(v),
  nullValue: () => null,
  trueValue: () => true,
  falseValue: () => false,
};

function notAnArray(): QuarryError {
  return new QuarryError(
    "invalid_input",
    "The file is not a JSON array of documents, nor a search answer with hits.hits",
    "Give a file that holds [ {...}, {...} ], or choose its format with --format ndjson or csv.",
  );
}

export class JsonArrayReader {
  readonly #parse = jsonParser({ streamValues: false });
  /** Keys (and array marks) from the top down to where the tokens are. */
  readonly #path: (string | null)[] = [];
  #key: string | null = null;
  /** The depth of the records' array once found (1: the whole file, 3: a search answer). */
  #arrayDepth = 0;
  #arrayDone = false;
  #element: { asm: Assembler; number: number; startLine: number } | null = null;
  #count = 0;
  #line = 1;
  #broken = false;
  #started = false;
  /** What the file turned out to be: "array" or "search answer" (undefined before its start). */
  kind: "array" | "search answer" | undefined;

  /** The elements completed by this text, and a break if the JSON breaks in it. */
  push(text: string): (ArrayElement | ArrayBreak)[] {
    const out: (ArrayElement | ArrayBreak)[] = [];
    if (this.#broken) return out;
    let from = 0;
    if (!this.#started && text.charCodeAt(0) === 0xfeff) from = 1;
    this.#started ||= text.length > 0;
    // Each line goes in on its own, so that a token's line is the line being read.
    while (from <= text.length && !this.#broken) {
      const nl = text.indexOf("\n", from);
      const to = nl === -1 ? text.length : nl + 1;
      this.#feed(text.slice(from, to), out);
      if (nl === -1) break;
      this.#line++;
      from = to;
    }
    return out;
  }

  /** At the end of the text: an unfinished array is a break; a file with no array is refused. */
  end(): ArrayBreak | null {
    if (this.#broken) return null;
    const out: (ArrayElement | ArrayBreak)[] = [];
    this.#feed(null, out);
    const broke = out.find((e): e is ArrayBreak => "reason" in e);
    if (broke) return broke;
    if (this.#arrayDepth === 0) throw notAnArray();
    if (!this.#arrayDone) return this.#break("the file ends before the array is closed");
    return null;
  }

  #feed(text: string | null, out: (ArrayElement | ArrayBreak)[]): void {
    let result: ParseResult;
    try {
      result = this.#parse((text ?? END) as string);
    } catch (e) {
      // Before the records' array is found nothing was read: the file is not what was expected.
      if (this.#arrayDepth === 0) throw notAnArray();
      out.push(this.#break(`not JSON: ${(e as Error).message}`));
      return;
    }
    if (typeof result === "symbol") return;
    for (const token of result.values) {
      const element = this.#token(token);
      if (element) out.push(element);
    }
  }

  #break(reason: string): ArrayBreak {
    this.#broken = true;
    const number = this.#element?.number ?? this.#count + 1;
    const startLine = this.#element?.startLine ?? this.#line;
    return { number, startLine, reason: `${reason} (line ${this.#line}); the rest is not read` };
  }

  /** Long because each token moves the position, starts, feeds or ends an element, in one place. */
  #token(token: Token): ArrayElement | null {
    const element = this.#element;
    if (element) {
      element.asm.consume(token);
      if (!element.asm.done) return null;
      this.#element = null;
      return { number: element.number, startLine: element.startLine, value: element.asm.current };
    }
    const depth = this.#path.length;
    if (this.#arrayDepth > 0 && depth === this.#arrayDepth && !this.#arrayDone) {
      if (token.name === "endArray") {
        this.#arrayDone = true;
        this.#path.pop();
        return null;
      }
      const number = ++this.#count;
      const scalar = SCALARS[token.name];
      if (scalar)
        return {
          number,
          startLine: this.#line,
          value: scalar("value" in token ? token.value : null),
        };
      const asm = new Assembler();
      asm.consume(token);
      this.#element = { asm, number, startLine: this.#line };
      return null;
    }
    switch (token.name) {
      case "keyValue":
        this.#key = token.value;
        return null;
      case "startObject":
      case "startArray":
        if (depth === 0) this.kind = token.name === "startArray" ? "array" : "search answer";
        this.#path.push(this.#key);
        this.#key = null;
        if (token.name === "startArray" && this.#isRecords()) this.#arrayDepth = this.#path.length;
        return null;
      case "endObject":
      case "endArray":
        this.#path.pop();
        if (this.#path.length === 0 && this.#arrayDepth === 0) throw notAnArray();
        return null;
      default:
        if (depth === 0) throw notAnArray();
        return null;
    }
  }

  /** Whether the array just opened holds the records: the top one, or a search answer's hits. */
  #isRecords(): boolean {
    if (this.#arrayDepth > 0) return false;
    const p = this.#path;
    if (p.length === 1) return true;
    return p.length === 3 && p[1] === "hits" && p[2] === "hits";
  }
}
