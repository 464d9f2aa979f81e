/**
 * Pure: the character-level part of the console language, line by line. Comments (`#`, `//`,
 * `/* … *\/`) become spaces (never inside a JSON string or a triple-quoted string), a
 * triple-quoted string (`"""…"""`, any lines long) becomes one JSON string, and `${NAME}` is
 * replaced by the variable's value.
 *
 * A value is inserted as raw text, as Kibana does: `"${N}"` is a string, `${N}` a number or an
 * object. Inside a JSON string the value is escaped (a `"` in it stays part of the string); inside
 * a triple-quoted string it is taken as it is. Inserted text is never read again for comments or
 * variables.
 *
 * Line numbers are kept: each line fed gives one line out, except a triple-quoted string spanning
 * lines, which comes out whole on the line where it opens (so an NDJSON line stays one line),
 * followed by one empty line per line it spanned.
 */
import type { VariableValues } from "../../../core/console-variables.ts";

const VARIABLE = /^\$\{([A-Za-z_][A-Za-z0-9_]*)\}/;

type Mode = "code" | "string" | "triple" | "block";

/** A variable used but not defined, and the line (0-based) where. */
export interface MissingVariable {
  name: string;
  line: number;
}

/** The logical line out: its first line (0-based) and the lines it stands for. */
export interface ScannedLines {
  from: number;
  lines: string[];
}

export class ConsoleScanner {
  #mode: Mode = "code";
  #out = "";
  #triple = "";
  #from = 0;
  #spanned = 0;
  /** Where the open triple-quoted string or block comment began. */
  #openedAt = 0;
  #missing: MissingVariable[] = [];
  readonly #variables: VariableValues;

  constructor(variables: VariableValues = {}) {
    this.#variables = variables;
  }

  /** Inside a triple-quoted string or a block comment that goes on to the next line. */
  get open(): "triple" | "block" | undefined {
    return this.#mode === "triple" || this.#mode === "block" ? this.#mode : undefined;
  }

  get openedAt(): number {
    return this.#openedAt;
  }

  /** The variables found missing since the last call. */
  takeMissing(): MissingVariable[] {
    const out = this.#missing;
    this.#missing = [];
    return out;
  }

  /** `${NAME}` in text outside the scanner's own state (a request's path): raw values. */
  substitute(text: string, line: number): string {
    return text.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, name: string) => {
      const value = this.#variables[name];
      if (value === undefined) this.#missing.push({ name, line });
      return value ?? "";
    });
  }

  /**
   * One line in; the logical line out once it is complete (nothing while a triple-quoted string
   * is still open at the end of the line).
   */
  feed(line: string, lineNo: number): ScannedLines | undefined {
    if (this.#mode !== "triple") {
      this.#from = lineNo;
      this.#out = "";
      this.#spanned = 0;
    }
    let i = 0;
    while (i < line.length) i = this.#step(line, i, lineNo);
    if (this.#mode === "string") this.#mode = "code"; // a JSON string ends with its line
    if (this.#mode === "triple") {
      this.#triple += "\n";
      this.#spanned++;
      return undefined;
    }
    return { from: this.#from, lines: [this.#out, ...Array<string>(this.#spanned).fill("")] };
  }

  /** Reads from `line[i]`, writes what it stands for, and gives the next position. */
  #step(line: string, i: number, lineNo: number): number {
    const rest = line.slice(i);
    switch (this.#mode) {
      case "block":
        if (rest.startsWith("*/")) {
          this.#mode = "code";
          this.#out += "  ";
          return i + 2;
        }
        this.#out += " ";
        return i + 1;
      case "triple":
        if (rest.startsWith('"""')) {
          this.#mode = "code";
          this.#out += JSON.stringify(this.#triple);
          return i + 3;
        }
        return this.#maybeVariable(rest, i, lineNo, (v) => {
          this.#triple += v;
        });
      case "string":
        if (rest.startsWith("\\")) {
          this.#out += rest.slice(0, 2);
          return i + 2;
        }
        if (rest.startsWith('"')) this.#mode = "code";
        // Inside a JSON string, a value stays text: its quotes and backslashes are escaped.
        return this.#maybeVariable(rest, i, lineNo, (v, raw) => {
          this.#out += raw ? v : JSON.stringify(v).slice(1, -1);
        });
      default:
        return this.#code(line, rest, i, lineNo);
    }
  }

  #code(line: string, rest: string, i: number, lineNo: number): number {
    if (rest.startsWith('"""')) {
      this.#mode = "triple";
      this.#triple = "";
      this.#openedAt = lineNo;
      return i + 3;
    }
    if (rest.startsWith("//") || rest.startsWith("#")) {
      this.#out += " ".repeat(line.length - i);
      return line.length;
    }
    if (rest.startsWith("/*")) {
      this.#mode = "block";
      this.#openedAt = lineNo;
      this.#out += "  ";
      return i + 2;
    }
    if (rest.startsWith('"')) {
      this.#mode = "string";
      this.#out += '"';
      return i + 1;
    }
    return this.#maybeVariable(rest, i, lineNo, (v) => {
      this.#out += v;
    });
  }

  /**
   * At `${NAME}`: its value (or nothing, noted missing) given to `put`; else the one character,
   * given as raw text.
   */
  #maybeVariable(
    rest: string,
    i: number,
    lineNo: number,
    put: (text: string, raw: boolean) => void,
  ): number {
    const m = VARIABLE.exec(rest);
    if (!m) {
      put(rest[0]!, true);
      return i + 1;
    }
    const value = this.#variables[m[1]!];
    if (value === undefined) this.#missing.push({ name: m[1]!, line: lineNo });
    put(value ?? "", false);
    return i + m[0].length;
  }
}
