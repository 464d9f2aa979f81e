/**
 * The console (docs/decisions.md, "The console"): one request sent as the user wrote it (checked
 * first, request.ts) and its answer classified (answers.ts); long `_delete_by_query`-like requests
 * run as tasks with progress; a search answered by part of the shards carries a warning naming
 * them.
 */
import type { ConsoleRequest, ConsoleResult, ConsoleRunOptions } from "../../../core/console.ts";
import type { Column, PartialResult } from "../../../core/grid.ts";
import {
  answersAsUnknownRoute,
  esqlUnavailable,
  isEsqlPath,
  queryOf,
} from "../esql/availability.ts";
import { withExactDistinct } from "../esql/exact-distinct.ts";
import { withEsqlShape } from "../esql/result.ts";
import { type ColumnsOf, unknownField } from "../table/column-cache.ts";
import { describeTable, META_COLUMNS } from "../table/mapping.ts";
import { nodeNames } from "../wire/nodes.ts";
import { failureNodeIds, partialResult, type SearchHeader } from "../wire/shard-failures.ts";
import type { EsTransport } from "../wire/transport.ts";
import {
  type ConsoleSearchBody,
  classifyAnswer,
  explainMissingEndpoint,
  isSearchBody,
  jsonAnswer,
  searchGrid,
  totalHits,
  withItemFailures,
} from "./answers.ts";
import type { RequestRoute } from "./classify.ts";
import { pollTask, withParam, withProceedExample } from "./delete-by-query.ts";
import { prepareRequest } from "./request.ts";
import { withTables } from "./tables.ts";

/** Endpoints the console runs as tasks with progress instead of one long blocking request. */
const TASK_ENDPOINTS = new Set(["_delete_by_query", "_update_by_query", "_reindex"]);

/** Runs one console request and classifies the answer. Refusals throw before anything is sent. */
export async function runConsole(
  transport: EsTransport,
  request: ConsoleRequest,
  options: ConsoleRunOptions = {},
  columnsOf: ColumnsOf = (table) => describeTable(transport, table),
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
  if (isEsqlPath(prepared.path) && answersAsUnknownRoute(res.status, res.body))
    throw esqlUnavailable({ unknownRoute: true }, queryOf(request.body));
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
  const warned = (answered: ConsoleResult): ConsoleResult => {
    const r = options.tables ? withTables(answered, prepared.path, res.body) : answered;
    return partial && (r.kind === "grid" || r.kind === "json") ? { ...r, partial } : r;
  };
  if (answer !== "search" && isEsqlPath(prepared.path)) {
    const shaped = withEsqlShape(answer, res.body, request.body);
    return warned(await withExactDistinct(transport, shaped, request.body, signal));
  }
  if (answer !== "search")
    return warned(withItemFailures(explainMissingEndpoint(answer, prepared)));
  if (options.searchAs === "json") {
    const search = { total: totalHits(res.body as ConsoleSearchBody) };
    return warned({ kind: "json", status: res.status, raw: res.body, search });
  }
  const columns = await columnsForHits(columnsOf, prepared.route, res.body as ConsoleSearchBody);
  return warned(
    columns
      ? searchGrid(res.status, res.body as ConsoleSearchBody, columns)
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

/**
 * The columns of the indices the hits come from (or of the searched target when there are no
 * hits), from their mappings. Undefined when they cannot be read (a remote cluster, no right to
 * read mappings): the answer is then shown as JSON rather than with made-up columns.
 */
async function columnsForHits(
  columnsOf: ColumnsOf,
  route: RequestRoute,
  body: ConsoleSearchBody,
): Promise<Column[] | undefined> {
  const indices = [...new Set(body.hits.hits.map((h) => h._index))];
  const table = indices.length > 0 ? indices.join(",") : route.target.join(",");
  if (!table) return META_COLUMNS.map((c) => ({ ...c }));
  try {
    const columns = await columnsOf(table, false);
    // Columns held from before a field was added: read the mapping again (once).
    return unknownField(body.hits.hits, columns) === undefined
      ? columns
      : await columnsOf(table, true);
  } catch {
    return indices.length === 0 ? META_COLUMNS.map((c) => ({ ...c })) : undefined;
  }
}
