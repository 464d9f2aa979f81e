/**
 * Splits console text (Kibana Dev Tools style) into requests: a `METHOD /path` line starts one,
 * the lines up to the next request line are its JSON body (or NDJSON for `_bulk`/`_msearch`).
 * Lines starting with `#` or `//` outside a body are comments. Pure.
 */
import type { ConsoleRequest } from "../../../core/console.ts";
import type { ParsedConsoleRequest } from "./contract.ts";

const REQUEST_LINE = /^\s*(GET|POST|PUT|DELETE|HEAD|PATCH)(?:\s+(\S+))?\s*$/i;
const NDJSON_PATH = /(^|\/)_(bulk|msearch)(\?|$|\/)/;

export function splitConsoleText(text: string): ParsedConsoleRequest[] {
  const lines = text.split(/\r?\n/);
  const out: ParsedConsoleRequest[] = [];
  let current: {
    start: number;
    method: string;
    path: string;
    body: string[];
    bodyStart: number;
  } | null = null;

  const finish = (endLine: number) => {
    if (!current) return;
    let end = endLine;
    while (end > current.start && (lines[end]?.trim() ?? "") === "") end--;
    out.push(
      build(
        current.method,
        current.path,
        current.body.join("\n"),
        current.start,
        end,
        current.bodyStart,
      ),
    );
    current = null;
  };

  lines.forEach((line, i) => {
    const m = REQUEST_LINE.exec(line);
    if (m) {
      finish(i - 1);
      current = {
        start: i,
        method: m[1]!.toUpperCase(),
        path: m[2] ?? "/",
        body: [],
        bodyStart: i + 1,
      };
      return;
    }
    const trimmed = line.trim();
    if (!current) {
      if (trimmed === "" || trimmed.startsWith("#") || trimmed.startsWith("//")) return;
      out.push({
        startLine: i,
        endLine: i,
        error: {
          code: "invalid_input",
          message: `Line ${i + 1} is not a request.`,
          remedy: "Start a request with a method and a path, like: GET /my-index/_search",
          details: {},
          line: i,
        },
      });
      return;
    }
    if (current.body.length === 0 && (trimmed.startsWith("#") || trimmed.startsWith("//"))) return;
    current.body.push(line);
  });
  finish(lines.length - 1);
  return out;
}

function build(
  method: string,
  rawPath: string,
  bodyText: string,
  startLine: number,
  endLine: number,
  bodyStart: number,
): ParsedConsoleRequest {
  const path = rawPath.startsWith("/") ? rawPath : `/${rawPath}`;
  const request: ConsoleRequest = { method, path };
  const trimmed = bodyText.trim();
  if (trimmed !== "") {
    if (NDJSON_PATH.test(path.split("?")[0]!)) {
      request.body = `${trimmed
        .split(/\r?\n/)
        .filter((l) => l.trim() !== "")
        .join("\n")}\n`;
    } else {
      try {
        request.body = JSON.parse(trimmed);
      } catch (e) {
        return {
          startLine,
          endLine,
          error: {
            code: "invalid_input",
            message: `The body of ${method} ${path} is not valid JSON: ${(e as Error).message}`,
            remedy:
              "Fix the JSON (Kibana's triple-quoted strings are not supported), or remove the body.",
            details: {},
            line: bodyStart,
          },
        };
      }
    }
  }
  return { startLine, endLine, request };
}
