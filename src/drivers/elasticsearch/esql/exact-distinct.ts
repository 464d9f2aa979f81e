/**
 * Exact distinct counts for ES|QL, as the `aggregate` tool makes them (table-views/distinct.ts): a
 * `COUNT_DISTINCT(field)` whose every value is at most DISTINCT_EXACT_UP_TO is checked by one
 * more query that counts the values one by one: the query before the STATS, then
 * `WHERE field IS NOT NULL | STATS BY field, keys | STATS n = COUNT(*) BY keys`. The checked
 * column says "exact"; one that cannot be checked (an expression as a key, a command after the
 * STATS that changes rows, a partial answer, a count above the limit, the check refused) keeps
 * its estimate and says so (answer.ts).
 */
import type { ConsoleResult } from "../../../core/console.ts";
import { DISTINCT_EXACT_UP_TO, EXACT } from "../../../core/exactness.ts";
import type { QueryTable } from "../../../core/query-table.ts";
import type { EsTransport } from "../wire/transport.ts";
import { type EsqlAnswer, MAX_ROWS } from "./answer.ts";
import { lastStats, type StatsCommand } from "./stats.ts";

/** Commands after the STATS that keep its rows' values as they are. */
const KEEPS_VALUES = new Set(["SORT", "LIMIT"]);
const COUNT = "_quarry_distinct";
/** Checks one answer may run: one per distinct-count column, few in practice. */
const MAX_CHECKS = 4;

const quoted = (name: string) => (/^[\w.@]+$/.test(name) ? name : `\`${name}\``);

/** Pure: the query that counts `field`'s values one by one per group of the STATS. */
export function distinctCheckQuery(stats: StatsCommand, field: string): string {
  const keys = stats.by.map(quoted);
  return [
    stats.before,
    `| WHERE ${field} IS NOT NULL`,
    `| STATS BY ${[field, ...keys].join(", ")}`,
    `| STATS ${COUNT} = COUNT(*)${keys.length ? ` BY ${keys.join(", ")}` : ""}`,
    `| LIMIT ${MAX_ROWS}`,
  ].join(" ");
}

function checkable(stats: StatsCommand, table: QueryTable): boolean {
  return (
    !table.partial &&
    stats.plainBy &&
    stats.before.trim() !== "" &&
    stats.after.every((c) => KEEPS_VALUES.has(c)) &&
    stats.by.every((k) => table.columns.some((c) => c.name === k))
  );
}

/**
 * The answer with each distinct count that can be checked made exact. Body fields other than the
 * query (`params`, `filter`, `locale`) go with the check, so it counts the same rows.
 */
export async function withExactDistinct(
  transport: EsTransport,
  result: ConsoleResult,
  requestBody: unknown,
  signal?: AbortSignal,
): Promise<ConsoleResult> {
  if (result.kind !== "json" || !result.queryTable) return result;
  const asked = (requestBody ?? {}) as Record<string, unknown>;
  if (typeof asked.query !== "string") return result;
  const stats = lastStats(asked.query);
  const table = result.queryTable;
  if (!stats || !checkable(stats, table)) return result;
  const distincts = stats.aggregates.filter((a) => a.distinct).slice(0, MAX_CHECKS);
  let rows = table.rows;
  const columns = table.columns.map((c) => ({ ...c }));
  for (const aggregate of distincts) {
    const index = columns.findIndex((c) => c.name === aggregate.column);
    const field = aggregate.distinct?.field;
    if (index === -1 || !field || stats.by.includes(aggregate.column)) continue;
    const values = rows.map((r) => r[index]);
    if (values.some((v) => typeof v === "number" && v > DISTINCT_EXACT_UP_TO)) continue;
    const counts = await countDistinct(transport, asked, stats, field, signal);
    if (!counts) continue;
    const keyIndexes = stats.by.map((k) => columns.findIndex((c) => c.name === k));
    rows = rows.map((r) => {
      const copy = [...r];
      copy[index] = counts.get(JSON.stringify(keyIndexes.map((i) => r[i] ?? null))) ?? 0;
      return copy;
    });
    const column = columns[index];
    if (column)
      column.accuracy = {
        word: EXACT,
        how: "COUNT_DISTINCT checked by counting the values one by one",
      };
  }
  if (rows === table.rows) return result;
  return { ...result, queryTable: { ...table, columns, rows } };
}

/** The exact count per group (keyed by the keys' values as JSON); undefined when it cannot be had. */
async function countDistinct(
  transport: EsTransport,
  asked: Record<string, unknown>,
  stats: StatsCommand,
  field: string,
  signal: AbortSignal | undefined,
): Promise<Map<string, number> | undefined> {
  const body: Record<string, unknown> = { query: distinctCheckQuery(stats, field) };
  for (const k of ["params", "filter", "locale"]) if (asked[k] !== undefined) body[k] = asked[k];
  const answer = await transport
    .json<EsqlAnswer>({ method: "POST", path: "/_query", body, ...(signal ? { signal } : {}) })
    .catch((e: unknown) => {
      if ((e as Error).name === "AbortError") throw e;
      return undefined;
    });
  if (!answer || answer.is_partial === true || answer.values.length >= MAX_ROWS) return undefined;
  const countAt = answer.columns.findIndex((c) => c.name === COUNT);
  const keyAt = stats.by.map((k) => answer.columns.findIndex((c) => c.name === k));
  if (countAt === -1 || keyAt.includes(-1)) return undefined;
  return new Map(
    answer.values.map((r) => [JSON.stringify(keyAt.map((i) => r[i] ?? null)), Number(r[countAt])]),
  );
}
