/**
 * Pure: whether a cluster has ES|QL, told two ways (docs/decisions.md, "ES|QL in the console, the
 * grid and the CLI"): by its version (ES|QL came in 8.11, as a technical preview; GA in 8.14),
 * before anything is sent; and by its answer, where a distribution without the ES|QL module routes
 * `/_query` as an unknown path. Either way the words are the same and offer the query DSL instead.
 */
import { QuarryError } from "../../../core/errors.ts";
import { errorTypeAndReason } from "../wire/errors.ts";

/** The first version with ES|QL. */
export const ESQL_SINCE = { major: 8, minor: 11 } as const;

/** Whether a path (without its query string) is an ES|QL request: `/_query`, `/_query/async…`. */
export function isEsqlPath(path: string): boolean {
  const bare = path.split("?")[0] ?? "";
  return /^\/?_query(?:\/async(?:\/[^/]*)?)?\/?$/.test(bare);
}

/** Whether `version` ("8.19.21", "9.5.4-SNAPSHOT") has ES|QL; undefined when it cannot be read. */
export function versionHasEsql(version: string): boolean | undefined {
  const m = /^(\d+)\.(\d+)/.exec(version);
  if (!m) return undefined;
  const [major, minor] = [Number(m[1]), Number(m[2])];
  return major > ESQL_SINCE.major || (major === ESQL_SINCE.major && minor >= ESQL_SINCE.minor);
}

/**
 * Pure: whether an answer to `POST /_query` is the node's router not knowing the path (no ES|QL
 * module): "no handler found", "Incorrect HTTP method" (the path read as an index), or an invalid
 * index name `_query` (`/_query/async` read as index and document type).
 */
export function answersAsUnknownRoute(status: number, body: unknown): boolean {
  if (status < 400 || status > 405) return false;
  const { type, reason } = errorTypeAndReason(body);
  if (/no handler found for uri \[\/_query|Incorrect HTTP method for uri \[\/_query/i.test(reason))
    return true;
  return type === "invalid_index_name_exception" && /\[_query\]/.test(reason);
}

/** The query DSL request that does the same kind of work, for the indices an ES|QL query reads. */
export function queryDslInstead(query: string | undefined): string {
  const from = /^\s*FROM\s+([^\s|]+)/i.exec(query ?? "")?.[1];
  const target = from ? `/${from.replace(/"/g, "")}` : "/<index>";
  return `Use the query DSL instead: GET ${target}/_search with a "query" body (the console completes it), or "aggs" for what STATS computes.`;
}

/** Why ES|QL cannot run here: the version, or the missing module. */
export function esqlUnavailable(
  why: { version: string } | { unknownRoute: true },
  query?: string,
): QuarryError {
  const reason =
    "version" in why
      ? `this cluster runs Elasticsearch ${why.version}, and ES|QL came in ${ESQL_SINCE.major}.${ESQL_SINCE.minor}`
      : "this cluster has no ES|QL engine: its nodes answer /_query as an unknown path (a distribution without the ES|QL module)";
  return new QuarryError(
    "console_refused",
    `ES|QL is not available on this cluster: ${reason}. Nothing was run.`,
    queryDslInstead(query),
    { feature: "esql" },
  );
}

/** Refuses ES|QL on a version without it (the version unknown: the cluster's answer will tell). */
export function refuseOldEsql(version: string | undefined, query?: string): void {
  if (version && versionHasEsql(version) === false) throw esqlUnavailable({ version }, query);
}

/** The query text of an ES|QL request body, when it has one. */
export function queryOf(body: unknown): string | undefined {
  const q = (body as { query?: unknown } | null)?.query;
  return typeof q === "string" ? q : undefined;
}
