/**
 * Pure: a POSIX shell command line split into words, as a shell would before running it: single
 * quotes, double quotes (with `\"`, `\\`, `\$` and `` \` ``), bash's `$'…'` (what browsers' "Copy as
 * cURL" writes for text with quotes or new lines), backslash escapes, and backslash-new-line
 * continuations. Variables (`$X`, `${X}`) are kept as written: nothing is expanded.
 */
import { QuarryError } from "../../../core/errors.ts";

const ANSI_ESCAPES: Record<string, string> = {
  n: "\n",
  t: "\t",
  r: "\r",
  "\\": "\\",
  "'": "'",
  '"': '"',
  a: "\x07",
  b: "\b",
  e: "\x1b",
  f: "\f",
  v: "\v",
  "?": "?",
};

/** Throws `invalid_input` for a quote left open. */
export function shellWords(text: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  let i = 0;
  const add = (s: string) => {
    word = (word ?? "") + s;
  };
  while (i < text.length) {
    const c = text[i]!;
    if (c === "\\") {
      const next = text[i + 1];
      if (next === "\n") i += 2;
      else if (next === "\r" && text[i + 2] === "\n") i += 3;
      else {
        add(next ?? "");
        i += 2;
      }
    } else if (c === "'") {
      const close = text.indexOf("'", i + 1);
      if (close === -1) throw unclosed("'");
      add(text.slice(i + 1, close));
      i = close + 1;
    } else if (c === "$" && text[i + 1] === "'") {
      const { value, next } = ansiQuoted(text, i + 2);
      add(value);
      i = next;
    } else if (c === '"') {
      const { value, next } = doubleQuoted(text, i + 1);
      add(value);
      i = next;
    } else if (/\s/.test(c)) {
      if (word !== undefined) words.push(word);
      word = undefined;
      i++;
    } else {
      add(c);
      i++;
    }
  }
  if (word !== undefined) words.push(word);
  return words;
}

function doubleQuoted(text: string, from: number): { value: string; next: number } {
  let value = "";
  let i = from;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"') return { value, next: i + 1 };
    if (c === "\\" && i + 1 < text.length) {
      const next = text[i + 1]!;
      if (next === "\n") {
        i += 2;
        continue;
      }
      // In double quotes a backslash escapes only these; before anything else it stays.
      value += '"\\$`'.includes(next) ? next : `\\${next}`;
      i += 2;
      continue;
    }
    value += c;
    i++;
  }
  throw unclosed('"');
}

function ansiQuoted(text: string, from: number): { value: string; next: number } {
  let value = "";
  let i = from;
  while (i < text.length) {
    const c = text[i]!;
    if (c === "'") return { value, next: i + 1 };
    if (c !== "\\") {
      value += c;
      i++;
      continue;
    }
    const next = text[i + 1] ?? "";
    const hex = /^x([0-9A-Fa-f]{1,2})/.exec(text.slice(i + 1));
    const uni = /^u([0-9A-Fa-f]{1,4})/.exec(text.slice(i + 1));
    if (hex) {
      value += String.fromCharCode(Number.parseInt(hex[1]!, 16));
      i += 1 + hex[0].length;
    } else if (uni) {
      value += String.fromCharCode(Number.parseInt(uni[1]!, 16));
      i += 1 + uni[0].length;
    } else {
      value += ANSI_ESCAPES[next] ?? `\\${next}`;
      i += 2;
    }
  }
  throw unclosed("$'");
}

function unclosed(quote: string): QuarryError {
  return new QuarryError(
    "invalid_input",
    `The curl command has a ${quote} quote that is never closed`,
    "Paste the whole command, as copied.",
  );
}
