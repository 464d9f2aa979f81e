/**
 * Pure: Kibana Dev Tools text (spec 4.4) split into console requests, each with its body parsed
 * (JSON, exact for longs beyond 2^53, or NDJSON for `_bulk` and `_msearch`), and a block that is
 * not a request named by its line.
 */
import type { ConsoleBlock, ConsoleRequest } from "../../core/console.ts";
import { parseJsonExact } from "../../core/exact-json.ts";
import { routesOf } from "./classify.ts";
import { CONSOLE_METHODS, NDJSON_ENDPOINTS } from "./console-request.ts";

const REQUEST_LINE = /^\s*([A-Za-z]+)(?:\s+(\S+))?\s*(.*)$/;
const COMMENT = /^\s*(#|\/\/)/;

/**
 * Splits console text into requests: a `METHOD /path` line starts one, the lines up to the next
 * request line are its body (JSON, or NDJSON for `_bulk` and `_msearch`). Full-line comments
 * (`#`, `//`) are skipped; Kibana's triple-quoted strings (`"""…"""`) become JSON strings. A block
 * that is not a request carries an error naming its line, and the other blocks still parse.
 */
export function parseConsoleText(text: string): ConsoleBlock[] {
  const lines = text.split(/\r?\n/);
  const blocks: ConsoleBlock[] = [];
  let current: { start: number; head: string; body: string[]; bodyStart: number } | undefined;
  let inTriple = false;

  const finish = (last: number) => {
    if (!current) return;
    let end = last;
    // Blank lines and comments before the next request belong to no request.
    while (end > current.start && /^\s*($|#|\/\/)/.test(lines[end] ?? "")) end--;
    blocks.push(parseBlock(current.head, current.body, current.start, end, current.bodyStart));
    current = undefined;
  };

  lines.forEach((line, i) => {
    if (!inTriple && isRequestLine(line)) {
      finish(i - 1);
      current = { start: i, head: line, body: [], bodyStart: i + 1 };
      return;
    }
    if (!current) {
      if (line.trim() === "" || COMMENT.test(line)) return;
      blocks.push({
        startLine: i,
        endLine: i,
        error: {
          code: "invalid_input",
          message: `Line ${i + 1} is not a request: "${line.trim().slice(0, 60)}"`,
          remedy: "Start each request with a method and a path, e.g. GET /my-index/_search",
          line: i,
        },
      });
      return;
    }
    if (!inTriple && COMMENT.test(line)) {
      current.body.push(""); // keeps line numbers of the body as typed
      return;
    }
    current.body.push(line);
    if ((line.match(/"""/g)?.length ?? 0) % 2 === 1) inTriple = !inTriple;
  });
  finish(lines.length - 1);
  return blocks;
}

function isRequestLine(line: string): boolean {
  const m = REQUEST_LINE.exec(line);
  return !!m && (CONSOLE_METHODS as readonly string[]).includes((m[1] ?? "").toUpperCase());
}

function parseBlock(
  head: string,
  bodyLines: string[],
  start: number,
  end: number,
  bodyStart: number,
): ConsoleBlock {
  const m = REQUEST_LINE.exec(head);
  const method = (m?.[1] ?? "").toUpperCase();
  const path = m?.[2];
  const extra = m?.[3]?.trim();
  const fail = (message: string, remedy: string, line = start): ConsoleBlock => ({
    startLine: start,
    endLine: end,
    error: { code: "invalid_input", message, remedy, line },
  });
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
  const request: ConsoleRequest = { method, path: path.startsWith("/") ? path : `/${path}` };
  const text = tripleQuotesToJson(bodyLines.join("\n"));
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
  return { startLine: start, endLine: end, request };
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

/** Kibana's `"""text"""` holds raw text (new lines, quotes) as one JSON string. */
function tripleQuotesToJson(text: string): string {
  return text.replace(/"""([\s\S]*?)"""/g, (_, inner: string) => JSON.stringify(inner));
}
