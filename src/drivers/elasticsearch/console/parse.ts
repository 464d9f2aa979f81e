/**
 * Pure: Kibana Dev Tools text (docs/decisions.md, "The console language") split into console
 * requests, each with its body parsed (JSON, exact for longs beyond 2^53, or NDJSON for `_bulk` and
 * `_msearch`), and a block that is not a request named by its line.
 */
import type { ConsoleBlock, ConsoleRequest } from "../../../core/console.ts";
import type { VariableValues } from "../../../core/console-variables.ts";
import { parseJsonExact } from "../../../core/exact-json.ts";
import { routesOf } from "./classify.ts";
import { CONSOLE_METHODS, NDJSON_ENDPOINTS } from "./request.ts";
import { ConsoleScanner, type MissingVariable } from "./scan.ts";
import { readUrlPath } from "./url-path.ts";

const REQUEST_LINE = /^\s*([A-Za-z]+)(?:\s+(\S+))?\s*(.*)$/;

/** Where a request's text is: its lines in the editor and its body's lines, comments blanked. */
interface OpenBlock {
  start: number;
  method: string;
  /** As written, before variables are replaced. */
  path: string | undefined;
  /** What follows the path on its line, comments removed. */
  extra: string;
  body: string[];
  bodyStart: number;
  missing: MissingVariable[];
}

/**
 * Splits console text into requests: a `METHOD /path` line starts one, the lines up to the next
 * request line are its body (JSON, or NDJSON for `_bulk` and `_msearch`). Comments (`#`, `//`,
 * `/* *\/`) may stand anywhere outside strings, triple-quoted strings (`"""…"""`) become JSON
 * strings, and `${NAME}` takes the value of `variables` (console-scan.ts): the request given back
 * is the one that runs, so the classifier judges what is sent. A block that is not a request, or
 * uses a variable not defined, carries an error naming its line, and the other blocks still parse.
 */
export function parseConsoleText(
  text: string,
  options: { variables?: VariableValues } = {},
): ConsoleBlock[] {
  const lines = text.split(/\r?\n/);
  const scanner = new ConsoleScanner(options.variables ?? {});
  const cleaned: string[] = [];
  const blocks: ConsoleBlock[] = [];
  let current: OpenBlock | undefined;

  const finish = (last: number) => {
    if (!current) return;
    let end = last;
    // Blank lines and comments before the next request belong to no request.
    while (end > current.start && (cleaned[end] ?? "").trim() === "") end--;
    blocks.push(parseBlock(current, end));
    current = undefined;
  };

  lines.forEach((line, i) => {
    const head = scanner.open ? undefined : requestLine(line);
    if (head) {
      finish(i - 1);
      cleaned[i] = line;
      const path = head.path === undefined ? undefined : scanner.substitute(head.path, i);
      const rest = scanner.feed(head.extra, i);
      current = {
        start: i,
        method: head.method,
        path,
        extra: rest?.lines[0] ?? head.extra,
        body: [],
        bodyStart: i + 1,
        missing: scanner.takeMissing(),
      };
      return;
    }
    const out = scanner.feed(line, i);
    if (!out) return;
    out.lines.forEach((l, k) => {
      cleaned[out.from + k] = l;
    });
    if (current) {
      current.body.push(...out.lines);
      current.missing.push(...scanner.takeMissing());
      return;
    }
    scanner.takeMissing(); // a line outside any request is an error of its own
    const bad = out.lines[0] ?? "";
    if (bad.trim() !== "") blocks.push(notARequest(out.from, line));
  });
  if (scanner.open) {
    const opened = scanner.openedAt;
    const what = scanner.open === "triple" ? 'A triple-quoted string (""")' : "A /* comment";
    const error = {
      code: "invalid_input",
      message: `${what} opened on line ${opened + 1} is never closed`,
      remedy: scanner.open === "triple" ? 'Close it with """.' : "Close it with */.",
      line: opened,
    };
    if (current) {
      blocks.push({ startLine: current.start, endLine: lines.length - 1, error });
      current = undefined;
    } else blocks.push({ startLine: opened, endLine: lines.length - 1, error });
  }
  finish(lines.length - 1);
  return blocks;
}

function notARequest(i: number, line: string): ConsoleBlock {
  return {
    startLine: i,
    endLine: i,
    error: {
      code: "invalid_input",
      message: `Line ${i + 1} is not a request: "${line.trim().slice(0, 60)}"`,
      remedy: "Start each request with a method and a path, e.g. GET /my-index/_search",
      line: i,
    },
  };
}

function requestLine(
  line: string,
): { method: string; path: string | undefined; extra: string } | undefined {
  const m = REQUEST_LINE.exec(line);
  if (!m || !(CONSOLE_METHODS as readonly string[]).includes((m[1] ?? "").toUpperCase()))
    return undefined;
  return { method: (m[1] ?? "").toUpperCase(), path: m[2], extra: m[3] ?? "" };
}

function parseBlock(block: OpenBlock, end: number): ConsoleBlock {
  const { start, method, path, bodyStart } = block;
  const extra = block.extra.trim();
  const fail = (message: string, remedy: string, line = start): ConsoleBlock => ({
    startLine: start,
    endLine: end,
    error: { code: "invalid_input", message, remedy, line },
  });
  const [missing] = block.missing;
  if (missing)
    return fail(
      `The variable \${${missing.name}} on line ${missing.line + 1} is not defined`,
      `Define ${missing.name} in the console's Variables panel (with quarry console: --var ${missing.name}=value), or correct its name.`,
      missing.line,
    );
  if (!path)
    return fail(
      `${method} has no path`,
      `Write the path after the method, e.g. ${method} /my-index/_search`,
    );
  if (extra) {
    return fail(
      `Unexpected text after the path on line ${start + 1}: "${extra.slice(0, 40)}"`,
      "Put the body on the lines below the request line, and percent-encode spaces in the path (%20).",
    );
  }
  if (/\s/.test(path))
    return fail(
      `The path on line ${start + 1} holds a space once its variables are replaced: "${path.slice(0, 60)}"`,
      "Percent-encode spaces (%20) in the variable's value.",
    );
  const read = readUrlPath(path);
  if ("refused" in read) return fail(read.refused.message, read.refused.remedy);
  const request: ConsoleRequest = {
    method,
    path: read.path.startsWith("/") ? read.path : `/${read.path}`,
  };
  const note = read.note === undefined ? {} : { note: read.note };
  const text = block.body.join("\n");
  if (text.trim() !== "") {
    try {
      request.body = parseBody(request.path, text);
    } catch (e) {
      const bad = e as BodyError;
      // One position, counted in the editor's lines (the body starts below the request line).
      const at =
        bad.line !== undefined
          ? ` (line ${bodyStart + bad.line + 1}${bad.column !== undefined ? ` column ${bad.column}` : ""})`
          : "";
      return fail(
        `The body of ${method} ${request.path} is not valid ${bad.ndjson ? "NDJSON" : "JSON"}${at}: ${bad.message}`,
        bad.ndjson
          ? "Write one JSON object per line (an action line, then its document)."
          : "Fix the JSON, or remove the body.",
        bad.line !== undefined ? bodyStart + bad.line : bodyStart,
      );
    }
  }
  return { startLine: start, endLine: end, request, ...note };
}

/** Why a body did not parse, and where: `line` counts from the body's first line (0-based). */
class BodyError extends Error {
  readonly ndjson: boolean;
  readonly line: number | undefined;
  /** 1-based, as editors count columns. */
  readonly column: number | undefined;
  constructor(message: string, ndjson: boolean, line?: number, column?: number) {
    super(message);
    this.ndjson = ndjson;
    this.line = line;
    this.column = column;
  }
}

/**
 * JSON.parse's complaint without its own position ("… in JSON at position 11 (line 2 column 10)"),
 * and that position as a line (0-based) and column (1-based) of `text`: the caller reports it once,
 * in the editor's lines.
 */
function jsonProblem(
  e: unknown,
  text: string,
): { message: string; line?: number; column?: number } {
  const raw = (e as Error).message;
  const lineCol = /\(line (\d+) column (\d+)\)/.exec(raw);
  const position = / at position (\d+)/.exec(raw);
  const message = raw
    .replace(/\s*\(line \d+ column \d+\)/, "")
    .replace(/ in JSON at position \d+/, "")
    .replace(/ at position \d+/, "");
  if (lineCol) return { message, line: Number(lineCol[1]) - 1, column: Number(lineCol[2]) };
  if (position) {
    const before = text.slice(0, Number(position[1])).split("\n");
    return { message, line: before.length - 1, column: before.at(-1)!.length + 1 };
  }
  return { message };
}

/** A JSON document, or NDJSON text (ending in a newline) for the endpoints that take it. */
function parseBody(path: string, text: string): unknown {
  if (takesNdjson(path)) {
    const out: string[] = [];
    text.split("\n").forEach((line, i) => {
      const t = line.trim();
      if (t === "") return;
      try {
        JSON.parse(t);
      } catch (e) {
        const bad = jsonProblem(e, t);
        // The column counts in the line as typed, indentation included.
        const indent = line.length - line.trimStart().length;
        throw new BodyError(
          bad.message,
          true,
          i,
          bad.column !== undefined ? bad.column + indent : undefined,
        );
      }
      out.push(t);
    });
    return `${out.join("\n")}\n`;
  }
  try {
    return parseJsonExact(text);
  } catch (e) {
    const bad = jsonProblem(e, text);
    throw new BodyError(bad.message, false, bad.line, bad.column);
  }
}

function takesNdjson(path: string): boolean {
  const ep = routesOf(path)[0]?.endpoint;
  return ep !== undefined && NDJSON_ENDPOINTS.has(ep);
}
