/**
 * A piped query language's answer (ES|QL) as a compact table, and its errors with their position,
 * pure, so the MCP tool, the console, the grid and the CLI shape them one way. The answer's shape
 * is the query API's JSON: `columns` (name and type each) and `values` (rows as arrays, in
 * `columns`' order); an error's reason starts each problem with `line L:C:`.
 */

export interface QueryAnswer {
  columns?: { name: string; type: string }[];
  values?: unknown[][];
  /** Set when some clusters or shards did not answer (newer versions). */
  is_partial?: boolean;
}

export interface QueryTable {
  columns: string[];
  /** Each column's type, as the query language names it (keyword, long, double, date...). */
  types: string[];
  rows: unknown[][];
  /** Rows the cluster answered; more than `rows` when the cap cut them. */
  row_count: number;
  /** What the cap, or the cluster's own row limit, left out, and how to narrow the query. */
  rows_note?: string;
  partial?: boolean;
}

/** Rows the cluster answers to a query without LIMIT. */
export const DEFAULT_QUERY_ROWS = 1_000;

/** The answer as a table of at most `cap` rows, saying what was left out. */
export function queryTable(answer: QueryAnswer, cap: number, query: string): QueryTable {
  const columns = answer.columns ?? [];
  const values = answer.values ?? [];
  const rows = values.slice(0, cap);
  const notes: string[] = [];
  if (values.length > rows.length)
    notes.push(
      `${rows.length} of ${values.length} rows shown; add LIMIT, WHERE or STATS to narrow the query`,
    );
  if (values.length === DEFAULT_QUERY_ROWS && !/\|\s*limit\s+\d+/i.test(query))
    notes.push(
      `the cluster answers at most ${DEFAULT_QUERY_ROWS} rows without LIMIT, so more may match; filtering and STATS still see every row`,
    );
  return {
    columns: columns.map((c) => c.name),
    types: columns.map((c) => c.type),
    rows,
    row_count: values.length,
    ...(notes.length ? { rows_note: `${notes.join("; ")}.` } : {}),
    ...(answer.is_partial ? { partial: true } : {}),
  };
}

export interface QueryProblem {
  message: string;
  line?: number;
  column?: number;
}

/** The problems an error's reason names, each with its position when it gives one. */
export function queryProblems(reason: string): QueryProblem[] {
  const found = [...reason.matchAll(/line (\d+):(\d+): ([^\n]*)/g)].map((m) => ({
    line: Number(m[1]),
    column: Number(m[2]),
    message: m[3]!.trim(),
  }));
  return found.length > 0 ? found : [{ message: reason.trim() }];
}
