/**
 * The requests an agent's tools send by name (src/mcp): one document by its _id with the fields a
 * conditional write needs, an index's mapping, and a query checked without running it. Pure: the
 * MCP server runs them through the session's console, so the classifier and transport rules hold.
 */
import type { ConsoleRequest } from "../../../core/console.ts";
import type { RecordLookup } from "../../../core/driver.ts";
import { runsAsAsync } from "../esql/async.ts";
import { indexPath } from "../wire/paths.ts";

/** By `_id` with a search, so an alias or a pattern works too; two hits show a shared `_id`. */
export function documentLookup(table: string, id: string): RecordLookup {
  return {
    request: {
      method: "POST",
      path: `${indexPath(table)}/_search`,
      body: { query: { ids: { values: [id] } }, seq_no_primary_term: true, size: 2 },
    },
    records(answer) {
      const hits = (answer as { hits?: { hits?: Record<string, unknown>[] } }).hits?.hits ?? [];
      return hits.map((hit) => ({
        _id: hit._id,
        _index: hit._index,
        _seq_no: hit._seq_no,
        _primary_term: hit._primary_term,
        _source: hit._source,
      }));
    },
  };
}

export function mappingRequest(table: string): ConsoleRequest {
  return { method: "GET", path: `${indexPath(table)}/_mapping` };
}

export function validateQueryRequest(
  table: string,
  query: Record<string, unknown>,
): ConsoleRequest {
  return {
    method: "GET",
    path: `${indexPath(table)}/_validate/query?explain=true&rewrite=true`,
    body: { query },
  };
}

/** Requests that start a task the console follows (progress, cancel). */
const LONG_TASK = /\/_(delete_by_query|update_by_query|reindex)(\?|$)/;

/** A bulk task, or an ES|QL query (run as an async query, esql/async.ts). */
export function startsLongTask(request: ConsoleRequest): boolean {
  return LONG_TASK.test(request.path) || runsAsAsync(request.method, request.path, request.body);
}
