/**
 * Pure: an ES|QL answer (`{ took, columns: [{name, type}], values: [[…]] }`, as the Elasticsearch
 * specification documents `esql.query`) as a typed table; the rows the cluster cut at its limit
 * said so, with what to do; a column an approximate function made marked so (stats.ts); a
 * `STATS … BY` charted, one chart per number; a wrong query's
 * position read from the cluster's message (docs/decisions.md, "ES|QL in the console, the grid and
 * the CLI").
 */

import { distinctEstimateError, ESQL_DISTINCT_DEFAULT_PRECISION } from "../../../core/exactness.ts";
import type {
  QueryColumn,
  QueryColumnKind,
  QueryPosition,
  QueryTable,
} from "../../../core/query-table.ts";
import { lastStats, type StatsCommand } from "./stats.ts";

/** The answer's JSON shape; `columnar: true` in the request gives one array per column. */
export interface EsqlAnswer {
  took?: number;
  columns: { name: string; type: string }[];
  values: unknown[][];
  is_partial?: boolean;
}

/** ES|QL's rows when the query has no LIMIT. */
export const DEFAULT_ROWS = 1000;
/** `esql.query.result_truncation_max_size`'s default: the most rows any query returns. */
export const MAX_ROWS = 10_000;

const KINDS: [RegExp, QueryColumnKind][] = [
  [/^(?:integer|long|unsigned_long|double|float|half_float|scaled_float|counter_\w+)$/, "number"],
  [/^(?:date|date_nanos|datetime)$/, "date"],
  [/^boolean$/, "boolean"],
  [/^(?:geo_point|geo_shape|cartesian_point|cartesian_shape)$/, "geo"],
  [/^(?:keyword|text|ip|version|_source)$/, "text"],
];

export function columnKind(type: string): QueryColumnKind {
  return KINDS.find(([re]) => re.test(type))?.[1] ?? "other";
}

export function isEsqlAnswer(body: unknown): body is EsqlAnswer {
  const b = body as EsqlAnswer | null;
  return !!b && typeof b === "object" && Array.isArray(b.columns) && Array.isArray(b.values);
}

/**
 * Pure: the answer as a table. `query` is the text that ran (for its LIMIT and STATS), `columnar`
 * whether the request asked for one array per column, `maxRows` the cluster's
 * `esql.query.result_truncation_max_size` when known.
 */
export function esqlTable(
  body: EsqlAnswer,
  query: string | undefined,
  options: { columnar?: boolean; maxRows?: number } = {},
): QueryTable {
  const columns: QueryColumn[] = body.columns.map((c) => ({
    name: c.name,
    type: c.type,
    kind: columnKind(c.type),
  }));
  const rows = options.columnar ? transpose(body.values, columns.length) : body.values;
  const table: QueryTable = {
    language: "ES|QL",
    columns,
    rows,
    took: typeof body.took === "number" ? body.took : null,
  };
  if (body.is_partial === true) table.partial = true;
  const cut = cutOf(rows.length, query ?? "", options.maxRows ?? MAX_ROWS);
  if (cut) table.cut = cut;
  const stats = query ? lastStats(query) : undefined;
  if (stats) markApproximate(columns, rows, stats);
  const chart = stats ? chartOf(columns, stats) : undefined;
  if (chart) table.chart = chart;
  return table;
}

function transpose(columns: unknown[][], width: number): unknown[][] {
  const height = Math.max(0, ...columns.map((c) => (Array.isArray(c) ? c.length : 0)));
  return Array.from({ length: height }, (_, r) =>
    Array.from({ length: width }, (_, c) => columns[c]?.[r] ?? null),
  );
}

/** The query without its strings and comments, where commands and LIMITs are read. */
export function queryCode(query: string): string {
  return query
    .replace(/"""[\s\S]*?"""/g, '""')
    .replace(/"(?:[^"\\\n]|\\.)*"/g, '""')
    .replace(/\/\*[\s\S]*?\*\//g, " ")
    .replace(/\/\/.*$/gm, "");
}

/** The smallest `| LIMIT n` of the query: the most rows it can give; undefined with none. */
export function queryLimit(query: string): number | undefined {
  const limits = [...queryCode(query).matchAll(/\|\s*LIMIT\s+(\d+)/gi)].map((m) => Number(m[1]));
  return limits.length > 0 ? Math.min(...limits) : undefined;
}

/**
 * Pure: whether the cluster cut the rows. With no LIMIT, ES|QL gives 1,000 rows; whatever the
 * LIMIT, never more than the cluster's maximum. Exactly that many rows means there may be more.
 */
export function cutOf(
  rows: number,
  query: string,
  maxRows: number = MAX_ROWS,
): QueryTable["cut"] | undefined {
  const limit = queryLimit(query);
  const raise = `raise it with | LIMIT n (at most the cluster's esql.query.result_truncation_max_size, ${maxRows.toLocaleString("en-US")} here)`;
  if (limit === undefined && rows === Math.min(DEFAULT_ROWS, maxRows))
    return {
      rows,
      message: `The result was cut at ${rows.toLocaleString("en-US")} rows: ES|QL returns ${DEFAULT_ROWS.toLocaleString("en-US")} rows unless LIMIT says otherwise.`,
      remedy: `Narrow the query (WHERE, or STATS to summarize), or ${raise}.`,
    };
  if (rows === maxRows && (limit === undefined || limit > maxRows))
    return {
      rows,
      message: `The result was cut at ${rows.toLocaleString("en-US")} rows, the cluster's most (esql.query.result_truncation_max_size).`,
      remedy:
        "Narrow the query (WHERE, or STATS to summarize); an administrator may raise the setting.",
    };
  return undefined;
}

/** A `STATS … BY`: its keys name the bars, each number column that is not a key is a chart. */
function chartOf(columns: QueryColumn[], stats: StatsCommand): QueryTable["chart"] | undefined {
  if (stats.by.length === 0) return undefined;
  const labels = stats.by
    .map((name) => columns.findIndex((c) => c.name === name))
    .filter((i) => i !== -1);
  const values = columns
    .map((c, i) => (c.kind === "number" && !labels.includes(i) ? i : -1))
    .filter((i) => i !== -1);
  return labels.length === 0 || values.length === 0 ? undefined : { labels, values };
}

const ESTIMATED_HOW: Record<string, string> = {
  PERCENTILE: "PERCENTILE estimates from a summary of the values (two runs may differ a little)",
  MEDIAN: "MEDIAN estimates from a summary of the values (two runs may differ a little)",
  MEDIAN_ABSOLUTE_DEVIATION:
    "MEDIAN_ABSOLUTE_DEVIATION estimates from a summary of the values (two runs may differ a little)",
};

/**
 * Pure: marks each column an approximate function made (core/query-table.ts `accuracy`). A
 * distinct count gets its likely error at the precision the query gave (ES|QL's default else),
 * taken at the column's largest value; exact-distinct.ts makes it exact where it can.
 */
export function markApproximate(
  columns: QueryColumn[],
  rows: unknown[][],
  stats: StatsCommand,
): void {
  for (const aggregate of stats.aggregates) {
    if (!aggregate.approximate) continue;
    const index = columns.findIndex((c) => c.name === aggregate.column);
    const column = columns[index];
    if (!column) continue;
    if (aggregate.approximate !== "COUNT_DISTINCT") {
      column.accuracy = { word: "estimate", how: ESTIMATED_HOW[aggregate.approximate] ?? "" };
      continue;
    }
    const precision = aggregate.distinct?.precision ?? ESQL_DISTINCT_DEFAULT_PRECISION;
    const largest = Math.max(
      0,
      ...rows.map((r) => (typeof r[index] === "number" ? (r[index] as number) : 0)),
    );
    const error = distinctEstimateError(largest, precision);
    column.accuracy = {
      word: `±${error.toLocaleString("en-US")}`,
      how: `COUNT_DISTINCT estimates (precision ${precision.toLocaleString("en-US")}${aggregate.distinct?.precision === undefined ? ", the default" : ""}); a value may be off by about ${error.toLocaleString("en-US")}`,
    };
  }
}

/**
 * Pure: where the cluster found the error, from its message: `line 1:15: …` (a parsing or
 * verification exception; with several problems, the first).
 */
export function errorPosition(reason: string): QueryPosition | undefined {
  const m = /\bline (\d+):(\d+):/.exec(reason);
  return m ? { line: Number(m[1]), column: Number(m[2]) } : undefined;
}
