/**
 * A long body as the history keeps it: the start of its text, each kept part redacted, and the
 * work bounded by what is kept rather than by the body. An agent's bulk of megabytes is recorded
 * while its call runs, so walking all of it (parsing every NDJSON line, printing every value) would
 * stall the server for as long as the walk takes.
 */

/** The start of a body too long to keep whole, or undefined when it fits in `limit`. */
export interface CutBody {
  text: string;
  /** The whole body's length in characters, when known without reading it all (text bodies). */
  chars?: number;
}

export interface Redaction {
  /** NDJSON (or JSON) text, each line redacted on its own. */
  lines(text: string): string;
  /** Whether a key names a secret. */
  secretKey(key: string): boolean;
  replacement: string;
}

export function cutBody(body: unknown, limit: number, redact: Redaction): CutBody | undefined {
  if (typeof body === "string") {
    if (body.length <= limit) return undefined;
    const end = body.lastIndexOf("\n", limit);
    // Whole lines only, each redacted; one line longer than the limit is read whole, then cut.
    const text = end > 0 ? redact.lines(body.slice(0, end)) : redact.lines(body);
    return { text: atBoundary(text, limit), chars: body.length };
  }
  const out = new BoundedText(limit);
  try {
    print(body, "", out, redact);
  } catch (e) {
    if (e !== BoundedText.FULL) throw e;
    return { text: atBoundary(out.text(), limit) };
  }
  return undefined;
}

/** At most `limit` characters, never ending in half a surrogate pair. */
function atBoundary(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const last = text.charCodeAt(limit - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? limit - 1 : limit);
}

class BoundedText {
  static readonly FULL = Symbol("full");
  #parts: string[] = [];
  #length = 0;
  readonly #limit: number;
  constructor(limit: number) {
    this.#limit = limit;
  }
  add(s: string): void {
    this.#parts.push(s);
    this.#length += s.length;
    if (this.#length > this.#limit) throw BoundedText.FULL;
  }
  text(): string {
    return this.#parts.join("");
  }
}

/** As `JSON.stringify(value, null, 2)` prints a parsed body, secrets replaced as it goes. */
function print(value: unknown, indent: string, out: BoundedText, redact: Redaction): void {
  if (value === null || typeof value !== "object") {
    out.add(JSON.stringify(value) ?? "null");
    return;
  }
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) {
      out.add("[]");
      return;
    }
    out.add("[\n");
    value.forEach((v, i) => {
      out.add(inner);
      print(v, inner, out, redact);
      out.add(i < value.length - 1 ? ",\n" : "\n");
    });
    out.add(`${indent}]`);
    return;
  }
  const entries = Object.entries(value).filter(([, v]) => v !== undefined);
  if (entries.length === 0) {
    out.add("{}");
    return;
  }
  out.add("{\n");
  entries.forEach(([k, v], i) => {
    out.add(`${inner}${JSON.stringify(k)}: `);
    const secret = redact.secretKey(k) && (typeof v !== "object" || v === null);
    print(secret ? redact.replacement : v, inner, out, redact);
    out.add(i < entries.length - 1 ? ",\n" : "\n");
  });
  out.add(`${indent}}`);
}
