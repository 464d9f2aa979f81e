/**
 * The console (spec 4.4): a method, a path and an optional JSON body, or Kibana Dev Tools text
 * holding several requests. Requests are checked before they leave (the path must stay on the
 * connection's host; `_sql` is refused), sent as Elasticsearch expects them (a GET keeps its body:
 * Elasticsearch reads bodies on GET, and turning it into a POST could turn a read into a write),
 * and the answer is classified: search responses as grid rows with the grid's own columns and cell
 * rules, arrays as a table, anything else as JSON; errors with the cluster's status, type and reason.
 *
 * Parsing, checking, answer classification and curl are pure; `runConsole` talks to the cluster.
 */

import type {
  ConsoleBlock,
  ConsoleRequest,
  ConsoleResult,
  ConsoleRunOptions,
} from "../../core/console.ts";
import type { ConnectionSecrets } from "../../core/driver.ts";
import { errors, QuarryError } from "../../core/errors.ts";
import { parseJsonExact } from "../../core/exact-json.ts";
import type { Column, PartialResult } from "../../core/grid.ts";
import { hitToRow, type SearchHit } from "./cells.ts";
import { type Route, routesOf } from "./classify.ts";
import { baseUrl, type EsConnectionConfig, tlsPolicy } from "./config.ts";
import { pollTask, withParam, withProceedExample } from "./delete-by-query.ts";
import { errorTypeAndReason } from "./errors.ts";
import { describeTable, META_COLUMNS } from "./mapping.ts";
import { nodeNames } from "./nodes.ts";
import { failureNodeIds, partialResult, type SearchHeader } from "./shard-failures.ts";
import type { EsTransport, HttpMethod } from "./transport.ts";

export const CONSOLE_METHODS = ["GET", "POST", "PUT", "DELETE", "HEAD"] as const;

/** Endpoints whose body is NDJSON (one JSON value per line), not one JSON document. */
const NDJSON_ENDPOINTS = new Set(["_bulk", "_msearch"]);

/** Endpoints the console runs as tasks with progress instead of one long blocking request. */
const TASK_ENDPOINTS = new Set(["_delete_by_query", "_update_by_query", "_reindex"]);

/** A request ready to send: checked, method normalized, body serialized. */
export interface PreparedRequest {
  method: HttpMethod;
  path: string;
  body?: string;
  contentType?: string;
  /** How Elasticsearch routes the path. */
  route: Route;
}

// ---------------------------------------------------------------------------------------------
// Kibana Dev Tools text

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

// ---------------------------------------------------------------------------------------------
// Checking a request before it leaves

/**
 * Pure: checks a console request and makes it ready to send. Refuses a method the console does
 * not speak, a path that would leave the connection's host, a path with spaces or control
 * characters, and the `_sql` endpoint.
 */
export function prepareRequest(request: ConsoleRequest): PreparedRequest {
  const method = String(request.method ?? "")
    .trim()
    .toUpperCase();
  if (!(CONSOLE_METHODS as readonly string[]).includes(method)) {
    throw new QuarryError(
      "invalid_input",
      `"${request.method}" is not a console method`,
      `Use one of ${CONSOLE_METHODS.join(", ")}.`,
      { method: request.method },
    );
  }
  const path = checkPath(String(request.path ?? ""));
  const routes = routesOf(path);
  const route = routes[0] ?? { target: [], endpoint: undefined, rest: [] };
  if (routes.some(isSql)) throw errors.sqlRefused(path);

  const prepared: PreparedRequest = { method: method as HttpMethod, path, route };
  if (request.body !== undefined && request.body !== null && request.body !== "") {
    if (method === "HEAD") {
      throw new QuarryError(
        "invalid_input",
        "HEAD takes no body",
        "Remove the body, or use GET to send one.",
      );
    }
    const ndjson = route.endpoint !== undefined && NDJSON_ENDPOINTS.has(route.endpoint);
    if (typeof request.body === "string") {
      prepared.body = ndjson && !request.body.endsWith("\n") ? `${request.body}\n` : request.body;
    } else if (ndjson && Array.isArray(request.body)) {
      prepared.body = `${request.body.map((l) => JSON.stringify(l)).join("\n")}\n`;
    } else {
      prepared.body = JSON.stringify(request.body);
    }
    prepared.contentType = ndjson ? "application/x-ndjson" : "application/json";
  }
  return prepared;
}

function checkPath(raw: string): string {
  const path = raw.trim();
  // An absolute URL, a scheme-relative "//host", or a backslash some clients read as "/".
  if (
    /^[a-z][a-z0-9+.-]*:/i.test(path) ||
    /^[/\\]{2}/.test(path) ||
    path.startsWith("\\") ||
    /^\/\\/.test(path)
  ) {
    throw errors.hostEscape(path);
  }
  // Control characters (CR, LF…) could split the request line; spaces would end it.
  if (hasControlOrSpace(path)) {
    throw new QuarryError(
      "invalid_input",
      `The path "${[...path].map((c) => (isControl(c) ? "?" : c)).join("")}" contains spaces or control characters`,
      "Percent-encode them (a space is %20), or put values in the body.",
      { path },
    );
  }
  if (path.includes("#")) {
    throw new QuarryError(
      "invalid_input",
      `The path "${path}" contains "#"`,
      "Percent-encode it as %23 (an index or id with # in it).",
      { path },
    );
  }
  if (path === "") return "/";
  return path.startsWith("/") ? path : `/${path}`;
}

const isControl = (c: string) => {
  const code = c.charCodeAt(0);
  return code < 0x20 || code === 0x7f;
};

function hasControlOrSpace(text: string): boolean {
  return [...text].some((c) => c === " " || isControl(c));
}

function isSql(route: Route): boolean {
  const ep = route.endpoint?.toLowerCase();
  return ep === "_sql" || (ep === "_xpack" && route.rest[0]?.toLowerCase() === "sql");
}

// ---------------------------------------------------------------------------------------------
// Running

/** Runs one console request and classifies the answer. Refusals throw before anything is sent. */
export async function runConsole(
  transport: EsTransport,
  request: ConsoleRequest,
  options: ConsoleRunOptions = {},
): Promise<ConsoleResult> {
  const prepared = prepareRequest(request);
  const signal = options.signal;
  const asTask =
    prepared.method === "POST" &&
    prepared.route.endpoint !== undefined &&
    TASK_ENDPOINTS.has(prepared.route.endpoint);
  const res = await transport.request({
    method: prepared.method,
    // Long bulk operations run as tasks: polled with progress, never cut by a request timeout.
    path: asTask ? withParam(prepared.path, "wait_for_completion", "false") : prepared.path,
    ...(prepared.body !== undefined ? { body: prepared.body } : {}),
    ...(prepared.contentType ? { contentType: prepared.contentType } : {}),
    ...(signal ? { signal } : {}),
  });
  const task = (res.body as { task?: unknown } | null)?.task;
  if (asTask && res.status >= 200 && res.status < 300 && typeof task === "string") {
    const report = withProceedExample(
      await pollTask(transport, task, {
        ...(signal ? { signal } : {}),
        ...(options.onProgress ? { onProgress: options.onProgress } : {}),
      }),
      prepared.method,
      prepared.path,
    );
    return { kind: "json", status: res.status, raw: report, task: report };
  }
  const answer = classifyAnswer(prepared.method, res.status, res.body);
  const partial = await searchPartial(transport, res.status, res.body);
  const warned = (r: ConsoleResult): ConsoleResult =>
    partial && (r.kind === "grid" || r.kind === "json") ? { ...r, partial } : r;
  if (answer !== "search")
    return warned(withItemFailures(explainMissingEndpoint(answer, prepared)));
  if (options.searchAs === "json") {
    const search = { total: totalHits(res.body as SearchBody) };
    return warned({ kind: "json", status: res.status, raw: res.body, search });
  }
  const columns = await columnsForHits(transport, prepared.route, res.body as SearchBody);
  return warned(
    columns
      ? searchGrid(res.status, res.body as SearchBody, columns)
      : jsonAnswer(res.status, res.body),
  );
}

/** The warning for a search answered by part of the shards (or cut by its timeout). */
async function searchPartial(
  transport: EsTransport,
  status: number,
  body: unknown,
): Promise<PartialResult | undefined> {
  if (status < 200 || status > 299 || !isSearchBody(body)) return undefined;
  const header = body as SearchHeader;
  if ((header._shards?.failed ?? 0) <= 0 && header.timed_out !== true) return undefined;
  const names = failureNodeIds(header._shards).length > 0 ? await nodeNames(transport) : undefined;
  return partialResult(header, names);
}

interface SearchBody {
  hits: { total?: number | { value: number }; hits: SearchHit[] };
  aggregations?: unknown;
  suggest?: unknown;
}

/**
 * Pure: what an answer is. "search" means a search response that renders as grid rows (the
 * caller fetches the columns); the other kinds are complete.
 */
export function classifyAnswer(
  method: string,
  status: number,
  body: unknown,
): ConsoleResult | "search" {
  if (method === "HEAD") {
    // HEAD answers with a status only: 404 means "does not exist", not a failure.
    return { kind: "json", status, raw: { status, exists: status >= 200 && status < 300 } };
  }
  if (status < 200 || status > 299) return errorAnswer(status, body);
  if (isSearchBody(body)) {
    const b = body as SearchBody;
    // A search that returns only aggregations or suggestions reads better as JSON.
    if (b.hits.hits.length === 0 && (b.aggregations !== undefined || b.suggest !== undefined))
      return jsonAnswer(status, body);
    return "search";
  }
  if (Array.isArray(body)) return tableAnswer(status, body);
  return jsonAnswer(status, body);
}

function isSearchBody(body: unknown): boolean {
  const hits = (body as { hits?: { hits?: unknown } } | null)?.hits;
  return !!hits && typeof hits === "object" && Array.isArray(hits.hits);
}

function jsonAnswer(status: number, body: unknown): ConsoleResult {
  return { kind: "json", status, raw: body };
}

function errorAnswer(status: number, body: unknown): ConsoleResult {
  const b = body as { found?: boolean; result?: string; error?: unknown } | null;
  if (b && typeof b === "object" && b.error === undefined) {
    // A document that is not there: the answer has no error object, only found:false or not_found.
    if (b.found === false || b.result === "not_found")
      return { kind: "error", status, type: "not_found", reason: "document not found", raw: body };
  }
  const { type, reason } = errorTypeAndReason(body);
  return {
    kind: "error",
    status,
    type: type === "error" && !b?.error ? `http_${status}` : type,
    reason: reason || `the cluster answered ${status}`,
    raw: body,
  };
}

/**
 * Pure: a 2xx `_bulk` (`errors: true`) or `_msearch` answer in which some items failed says so:
 * the status alone would report every item done.
 */
export function withItemFailures(answer: ConsoleResult): ConsoleResult {
  if (answer.kind !== "json" || answer.status < 200 || answer.status > 299) return answer;
  const body = answer.raw as {
    errors?: boolean;
    items?: Record<string, { _index?: string; _id?: string; status?: number; error?: unknown }>[];
    responses?: { error?: unknown; status?: number }[];
  } | null;
  let failed: string[] = [];
  let total = 0;
  if (body?.errors === true && Array.isArray(body.items)) {
    total = body.items.length;
    failed = body.items.flatMap((item) => {
      const [action, r] = Object.entries(item)[0] ?? [];
      if (!r?.error) return [];
      const { type, reason } = errorTypeAndReason({ error: r.error });
      return [`${action} ${r._index ?? ""}/${r._id ?? ""}: ${r.status ?? ""} ${type}: ${reason}`];
    });
  } else if (Array.isArray(body?.responses)) {
    total = body.responses.length;
    failed = body.responses.flatMap((r, i) => {
      if (!r?.error) return [];
      const { type, reason } = errorTypeAndReason({ error: r.error });
      return [`search ${i + 1}: ${r.status ?? ""} ${type}: ${reason}`];
    });
  }
  if (failed.length === 0) return answer;
  return {
    ...answer,
    itemFailures: { failed: failed.length, total, first: failed[0]!.replace(/\s+/g, " ") },
  };
}

/** Endpoints served by a module that some distributions (and test builds) leave out. */
const MODULE_OF: Record<string, string> = {
  _delete_by_query: "reindex",
  _update_by_query: "reindex",
  _reindex: "reindex",
};

/**
 * Pure: a cluster without the module that serves an endpoint answers "no handler found" (or, where
 * the path then reads as an index name, "Incorrect HTTP method"); say which module is missing
 * instead of leaving the raw routing message to be deciphered.
 */
export function explainMissingEndpoint(
  answer: ConsoleResult,
  request: { method: string; path: string; route: { endpoint: string | undefined } },
): ConsoleResult {
  const endpoint = request.route.endpoint;
  if (answer.kind !== "error" || endpoint === undefined) return answer;
  const unrouted = /no handler found for uri|Incorrect HTTP method for uri/i.test(answer.reason);
  if (!unrouted) return answer;
  const module = MODULE_OF[endpoint.toLowerCase()];
  // Elsewhere the node's own words ("allowed: [GET]") already say what to change.
  if (!module) return answer;
  return {
    ...answer,
    type: "module_missing",
    // The node's own words quote the path with what Quarry added to it: name the request as typed.
    reason: `this cluster lacks the ${module} module, which serves ${endpoint}: the node has no handler for ${request.method} ${request.path}, so nothing was done. Standard Elasticsearch distributions include the module: ask the cluster's administrator, or do the same another way (e.g. a _bulk request with one delete per document id)`,
  };
}

/** Pure: an array answer as a table; objects give one column per key (in order of appearance). */
export function tableAnswer(status: number, rows: unknown[]): ConsoleResult {
  const allObjects = rows.every((r) => r !== null && typeof r === "object" && !Array.isArray(r));
  if (!allObjects || rows.length === 0) {
    return { kind: "table", status, headers: ["value"], rows: rows.map((r) => [r]), raw: rows };
  }
  const headers: string[] = [];
  const seen = new Set<string>();
  for (const r of rows as Record<string, unknown>[]) {
    for (const k of Object.keys(r)) {
      if (!seen.has(k)) {
        seen.add(k);
        headers.push(k);
      }
    }
  }
  return {
    kind: "table",
    status,
    headers,
    rows: (rows as Record<string, unknown>[]).map((r) => headers.map((h) => r[h] ?? null)),
    raw: rows,
  };
}

/** Pure: search hits as grid rows, with the grid's columns and cell rules. */
export function searchGrid(status: number, body: SearchBody, columns: Column[]): ConsoleResult {
  return {
    kind: "grid",
    status,
    columns,
    rows: body.hits.hits.map((h) => hitToRow(h, columns)),
    total: totalHits(body),
    raw: body,
  };
}

/** The hit total: a number in 7.x with `rest_total_hits_as_int`, `{value}` otherwise. */
function totalHits(body: SearchBody): number | null {
  const total = body.hits.total;
  return typeof total === "number" ? total : typeof total?.value === "number" ? total.value : null;
}

/**
 * The columns of the indices the hits come from (or of the searched target when there are no
 * hits), from their mappings. Undefined when they cannot be read (a remote cluster, no right to
 * read mappings): the answer is then shown as JSON rather than with made-up columns.
 */
async function columnsForHits(
  transport: EsTransport,
  route: Route,
  body: SearchBody,
): Promise<Column[] | undefined> {
  const indices = [...new Set(body.hits.hits.map((h) => h._index))];
  const table = indices.length > 0 ? indices.join(",") : route.target.join(",");
  if (!table) return META_COLUMNS.map((c) => ({ ...c }));
  try {
    return await describeTable(transport, table);
  } catch {
    return indices.length === 0 ? META_COLUMNS.map((c) => ({ ...c })) : undefined;
  }
}

// ---------------------------------------------------------------------------------------------
// Copy as curl

const shellQuote = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`;

/**
 * Pure: the request as a curl command. Credentials are left out unless `reveal` is set (with the
 * secrets): with Username & Password curl asks for the password, with an API key the command
 * reads it from the ES_API_KEY environment variable. TLS follows SSL Mode (`-k` where Quarry
 * accepts any certificate, `--cacert` with the CA file).
 */
export function toCurl(
  request: ConsoleRequest,
  config: EsConnectionConfig,
  options: { reveal?: boolean; secrets?: ConnectionSecrets } = {},
): string {
  const prepared = prepareRequest(request);
  const parts = ["curl"];
  parts.push(prepared.method === "HEAD" ? "--head" : `-X ${prepared.method}`);
  parts.push(shellQuote(`${baseUrl(config)}${prepared.path}`));
  const tls = tlsPolicy(config);
  if (tls && !tls.verifyChain) parts.push("-k");
  else if (tls && config.caFile) parts.push(`--cacert ${shellQuote(config.caFile)}`);
  const reveal = options.reveal === true;
  if (config.auth === "basic") {
    const user = config.username ?? "";
    parts.push(
      reveal && options.secrets?.password !== undefined
        ? `-u ${shellQuote(`${user}:${options.secrets.password}`)}`
        : `-u ${shellQuote(user)}`,
    );
  } else if (config.auth === "api-key") {
    parts.push(
      reveal && options.secrets?.apiKey !== undefined
        ? `-H ${shellQuote(`Authorization: ApiKey ${options.secrets.apiKey}`)}`
        : `-H "Authorization: ApiKey $ES_API_KEY"`,
    );
  }
  if (prepared.body !== undefined) {
    parts.push(`-H ${shellQuote(`Content-Type: ${prepared.contentType}`)}`);
    parts.push(`--data-binary ${shellQuote(prepared.body)}`);
  }
  return parts.join(" ");
}

/** Pure: a request as console text (`METHOD /path` then the body), as the history and dialogs show it. */
export function consoleText(request: ConsoleRequest): string {
  const head = `${String(request.method).toUpperCase()} ${request.path}`;
  if (request.body === undefined) return head;
  const body =
    typeof request.body === "string"
      ? request.body.trimEnd()
      : JSON.stringify(request.body, null, 2);
  return `${head}\n${body}`;
}
