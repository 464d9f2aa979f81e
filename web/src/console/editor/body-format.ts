/**
 * Auto-indent and "Format body" for console text: JSON laid out two spaces a level, done on the
 * text's tokens so comments, triple-quoted strings and numbers are kept exactly as written.
 */
import type { EditorState } from "@codemirror/state";

const REQUEST_LINE = /^[A-Za-z]+[ \t]+\S/;

/** Brackets open at the start of line `lineNo` (1-based), counted from its request's line. */
export function depthAt(state: EditorState, lineNo: number): number {
  let start = lineNo - 1;
  while (start >= 1 && !REQUEST_LINE.test(state.doc.line(start).text)) start--;
  if (start < 1) return 0;
  const from = state.doc.line(start).to;
  const to = state.doc.line(lineNo).from;
  let depth = 0;
  for (const t of tokens(state.doc.sliceString(from, to))) {
    if (t === "{" || t === "[") depth++;
    else if (t === "}" || t === "]") depth = Math.max(0, depth - 1);
  }
  return depth;
}

/** The indentation of a body line: two spaces a level, one less before a closing bracket. */
export function indentFor(state: EditorState, lineNo: number, lineText: string): number | null {
  if (REQUEST_LINE.test(lineText)) return 0;
  const depth = depthAt(state, lineNo) - (/^\s*[}\]]/.test(lineText) ? 1 : 0);
  return Math.max(0, depth) * 2;
}

/** The tokens of JSON-like text: strings, comments, brackets, `:`, `,`, and runs of other text. */
export function tokens(text: string): string[] {
  return lineTokens(text).map((t) => t.text);
}

/** Tokens, each with whether a line break comes before it (a trailing comment has none). */
function lineTokens(text: string): { text: string; newline: boolean }[] {
  const out: { text: string; newline: boolean }[] = [];
  let i = 0;
  let newline = false;
  while (i < text.length) {
    const c = text[i]!;
    if (/\s/.test(c)) {
      if (c === "\n") newline = true;
      i++;
      continue;
    }
    let end = i + 1;
    if (text.startsWith('"""', i)) {
      const close = text.indexOf('"""', i + 3);
      end = close < 0 ? text.length : close + 3;
    } else if (c === '"') {
      while (end < text.length && text[end] !== '"' && text[end] !== "\n")
        end += text[end] === "\\" ? 2 : 1;
      end = Math.min(text.length, end + 1);
    } else if (c === "#" || text.startsWith("//", i)) {
      const nl = text.indexOf("\n", i);
      end = nl < 0 ? text.length : nl;
    } else if (text.startsWith("/*", i)) {
      const close = text.indexOf("*/", i + 2);
      end = close < 0 ? text.length : close + 2;
    } else if (!"{}[]:,".includes(c)) {
      while (end < text.length && !/[\s{}[\]:,"#]/.test(text[end]!) && !text.startsWith("//", end))
        end++;
    }
    out.push({ text: text.slice(i, end), newline });
    newline = false;
    i = end;
  }
  return out;
}

const isComment = (t: string) => t.startsWith("#") || t.startsWith("//") || t.startsWith("/*");

/**
 * Lays out a body: one key or item a line, two spaces a level; an empty `{}` or `[]` stays on one
 * line; comments keep their own line (a line comment ends its line).
 */
export function formatBody(body: string): string {
  const lts = lineTokens(body);
  const ts = lts.map((t) => t.text);
  let out = "";
  let depth = 0;
  const newline = () => {
    out = `${out.trimEnd()}\n${"  ".repeat(depth)}`;
  };
  for (let i = 0; i < ts.length; i++) {
    const t = ts[i]!;
    const next = ts[i + 1];
    if ((t === "{" && next === "}") || (t === "[" && next === "]")) {
      out += `${t}${next}`;
      i++;
    } else if (t === "{" || t === "[") {
      depth++;
      out += t;
      newline();
    } else if (t === "}" || t === "]") {
      depth = Math.max(0, depth - 1);
      newline();
      out += t;
    } else if (t === ",") {
      out += ",";
      newline();
    } else if (t === ":") out += ": ";
    else if (isComment(t)) {
      // A comment that ended a line of the text stays at the end of that line.
      if (!lts[i]!.newline && out.trim() !== "") out = `${out.trimEnd()} `;
      out += t;
      if (!t.startsWith("/*") || lts[i + 1]?.newline) newline();
      else out += " ";
    } else out += t;
  }
  return out.trim();
}

/** A body laid out, or null when it is not one value (NDJSON keeps one document a line). */
export function formatOneBody(body: string): string | null {
  let depth = 0;
  let values = 0;
  for (const t of tokens(body)) {
    if (isComment(t)) continue;
    if (depth === 0) values++;
    if (t === "{" || t === "[") depth++;
    else if (t === "}" || t === "]") depth--;
  }
  return values === 1 ? formatBody(body) : null;
}

/** The body lines of the request at the cursor (1-based, inclusive), or null when it has none. */
export function bodyLinesAt(
  state: EditorState,
  pos: number,
): { first: number; last: number } | null {
  let head = state.doc.lineAt(pos).number;
  while (head >= 1 && !REQUEST_LINE.test(state.doc.line(head).text)) head--;
  if (head < 1) return null;
  let last = head;
  while (last < state.doc.lines && !REQUEST_LINE.test(state.doc.line(last + 1).text)) last++;
  while (last > head && state.doc.line(last).text.trim() === "") last--;
  return last > head ? { first: head + 1, last } : null;
}
