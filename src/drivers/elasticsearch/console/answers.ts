/**
 * Pure: what a console answer is: search responses as grid rows with the grid's own columns and
 * cell rules, arrays as a table, anything else as JSON; errors with the cluster's status, type and
 * reason; 2xx `_bulk`/`_msearch` answers with failed items said so; a missing module named.
 */
import type { ConsoleResult } from "../../../core/console.ts";
import type { Column } from "../../../core/grid.ts";
import { hitToRow, type SearchHit } from "../table/cells.ts";
import { errorTypeAndReason } from "../wire/errors.ts";

export interface ConsoleSearchBody {
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
    const b = body as ConsoleSearchBody;
    // A search that returns only aggregations or suggestions reads better as JSON.
    if (b.hits.hits.length === 0 && (b.aggregations !== undefined || b.suggest !== undefined))
      return jsonAnswer(status, body);
    return "search";
  }
  if (Array.isArray(body)) return tableAnswer(status, body);
  return jsonAnswer(status, body);
}

export function isSearchBody(body: unknown): boolean {
  const hits = (body as { hits?: { hits?: unknown } } | null)?.hits;
  return !!hits && typeof hits === "object" && Array.isArray(hits.hits);
}

export function jsonAnswer(status: number, body: unknown): ConsoleResult {
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
export function searchGrid(
  status: number,
  body: ConsoleSearchBody,
  columns: Column[],
): ConsoleResult {
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
export function totalHits(body: ConsoleSearchBody): number | null {
  const total = body.hits.total;
  return typeof total === "number" ? total : typeof total?.value === "number" ? total.value : null;
}
