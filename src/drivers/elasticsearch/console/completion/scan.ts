/**
 * Where the cursor is in console text, for completion: on a request line (its method, path or
 * query string) or in a body (the chain of keys from the body's root, and whether a key or a value
 * is being typed). Tolerant by design: the text being typed is rarely valid JSON yet.
 */

export const METHODS = ["GET", "POST", "PUT", "DELETE", "HEAD", "PATCH"] as const;
const METHOD_LINE = /^(GET|POST|PUT|DELETE|HEAD|PATCH)[ \t]+(\S*)/i;

export type CursorPlace =
  | { kind: "method"; from: number; typed: string }
  | { kind: "path"; method: string; path: string; from: number; typed: string }
  | { kind: "param"; method: string; path: string; from: number; typed: string }
  | {
      kind: "param-value";
      method: string;
      path: string;
      param: string;
      from: number;
      typed: string;
    }
  | ({ kind: "body"; method: string; path: string } & BodyPlace)
  | { kind: "none" };

export interface BodyPlace {
  /** Keys from the body's root to the object or array the cursor is in; `[]` is an array item. */
  steps: string[];
  /** Typing a key of that object, or a value (of `key`, or an array item). */
  at: "key" | "value" | "root";
  /** The key whose value is being typed. */
  key: string | null;
  /** Inside an open quote (the inserted text then leaves the opening quote alone). */
  quoted: boolean;
  from: number;
  typed: string;
}

/** The request the cursor is in and the place within it. */
export function cursorPlace(text: string, offset: number): CursorPlace {
  const lineStart = text.lastIndexOf("\n", offset - 1) + 1;
  const before = text.slice(lineStart, offset);
  if (/^[A-Za-z]*$/.test(before)) {
    // A word at the start of a line is a method being typed, unless it is a body's blank line.
    const inBody =
      before === "" && requestAbove(text, lineStart) !== null && !blankAbove(text, lineStart);
    if (!inBody || before !== "") return { kind: "method", from: lineStart, typed: before };
  }
  const m = METHOD_LINE.exec(before);
  if (m && m[0].length === before.length)
    return requestLinePlace(m[1]!.toUpperCase(), m[2]!, offset);
  const above = requestAbove(text, lineStart);
  if (!above) return { kind: "none" };
  const body = scanBody(text.slice(above.bodyStart, offset));
  return {
    kind: "body",
    method: above.method,
    path: above.path,
    ...body,
    from: above.bodyStart + body.from,
  };
}

function blankAbove(text: string, lineStart: number): boolean {
  const prevStart = text.lastIndexOf("\n", lineStart - 2) + 1;
  return lineStart > 0 && text.slice(prevStart, lineStart - 1).trim() === "";
}

function requestLinePlace(method: string, typedPath: string, offset: number): CursorPlace {
  const q = typedPath.indexOf("?");
  if (q < 0) {
    const seg = typedPath.slice(typedPath.lastIndexOf("/") + 1);
    return { kind: "path", method, path: typedPath, from: offset - seg.length, typed: seg };
  }
  const path = typedPath.slice(0, q);
  const query = typedPath.slice(q + 1);
  const pair = query.slice(query.lastIndexOf("&") + 1);
  const eq = pair.indexOf("=");
  if (eq < 0) return { kind: "param", method, path, from: offset - pair.length, typed: pair };
  const value = pair.slice(eq + 1);
  return {
    kind: "param-value",
    method,
    path,
    param: pair.slice(0, eq),
    from: offset - value.length,
    typed: value,
  };
}

/** The closest request line above `lineStart`, and where its body begins. */
function requestAbove(
  text: string,
  lineStart: number,
): { method: string; path: string; bodyStart: number } | null {
  let end = lineStart - 1;
  while (end > 0) {
    const start = text.lastIndexOf("\n", end - 1) + 1;
    const m = METHOD_LINE.exec(text.slice(start, end));
    if (m) return { method: m[1]!.toUpperCase(), path: m[2]!.split("?")[0]!, bodyStart: end + 1 };
    end = start - 1;
  }
  return null;
}

interface Frame {
  open: "{" | "[";
  key: string | null;
  /** In an object: what comes next. */
  expect: "key" | "colon" | "value" | "comma";
}

/**
 * Reads a body up to the cursor: strings (also `"""` ones), comments (`#`, `//`, `/* *\/`),
 * objects and arrays. Long because it is one small state machine.
 */
export function scanBody(body: string): BodyPlace {
  const stack: Frame[] = [];
  let i = 0;
  let open: { start: number; quoted: boolean } | null = null;
  while (i < body.length) {
    const c = body[i]!;
    const top = stack[stack.length - 1];
    if (c === '"') {
      const triple = body.startsWith('"""', i);
      const close = triple ? body.indexOf('"""', i + 3) : stringEnd(body, i + 1);
      if (close < 0) {
        open = { start: i + (triple ? 3 : 1), quoted: true };
        break;
      }
      const value = body.slice(i + (triple ? 3 : 1), close);
      if (top?.open === "{" && top.expect === "key") {
        top.key = value;
        top.expect = "colon";
      } else if (top) top.expect = "comma";
      i = close + (triple ? 3 : 1);
      continue;
    }
    if (c === "#" || body.startsWith("//", i)) {
      const nl = body.indexOf("\n", i);
      if (nl < 0) return none(body.length);
      i = nl + 1;
      continue;
    }
    if (body.startsWith("/*", i)) {
      const end = body.indexOf("*/", i + 2);
      if (end < 0) return none(body.length);
      i = end + 2;
      continue;
    }
    if (c === "{" || c === "[")
      stack.push({ open: c, key: null, expect: c === "{" ? "key" : "value" });
    else if (c === "}" || c === "]") {
      stack.pop();
      const parent = stack[stack.length - 1];
      if (parent) parent.expect = "comma";
    } else if (c === ":" && top?.open === "{") top.expect = "value";
    else if (c === "," && top) {
      top.expect = top.open === "{" ? "key" : "value";
      if (top.open === "{") top.key = null;
    } else if (/[\w.+-]/.test(c)) {
      const word = /^[\w.+-]+/.exec(body.slice(i))![0];
      if (i + word.length >= body.length) {
        open = { start: i, quoted: false };
        break;
      }
      if (top) top.expect = top.open === "{" && top.expect === "key" ? "colon" : "comma";
      i += word.length;
      continue;
    }
    i++;
  }
  return placeOf(stack, open, body);
}

function none(at: number): BodyPlace {
  return { steps: [], at: "root", key: null, quoted: false, from: at, typed: "" };
}

function stringEnd(s: string, from: number): number {
  for (let i = from; i < s.length; i++) {
    if (s[i] === "\\") i++;
    else if (s[i] === '"') return i;
    else if (s[i] === "\n") return -1;
  }
  return -1;
}

function placeOf(
  stack: Frame[],
  open: { start: number; quoted: boolean } | null,
  body: string,
): BodyPlace {
  const from = open ? open.start : body.length;
  const typed = body.slice(from);
  const quoted = open?.quoted ?? false;
  const top = stack[stack.length - 1];
  if (!top) return { ...none(from), typed, quoted };
  const steps = stack.slice(0, -1).map((f) => (f.open === "[" ? "[]" : (f.key ?? "")));
  if (top.open === "[") return { steps, at: "value", key: null, quoted, from, typed };
  if (top.expect === "key") return { steps, at: "key", key: null, quoted, from, typed };
  if (top.expect === "value") return { steps, at: "value", key: top.key, quoted, from, typed };
  return { ...none(from), steps };
}
