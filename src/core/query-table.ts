/**
 * The answer of a database's piped query language as a table (docs/decisions.md, "ES|QL in the
 * console, the grid and the CLI"): typed columns, rows as the database gave them, and whether the
 * database cut the result. The driver fills it; the UI and the CLI only show it.
 */

/** How a column's values read: what sorts, aligns and formats them. */
export type QueryColumnKind = "number" | "date" | "boolean" | "geo" | "text" | "other";

export interface QueryColumn {
  name: string;
  /** The database's own type name (`long`, `keyword`, `date`, `geo_point`…). */
  type: string;
  kind: QueryColumnKind;
  /**
   * Set on a column an approximate function made (core/exactness.ts): `word` is "exact" (counted
   * value by value), "±N" (an estimate and its likely error) or "estimate" (no bound known); `how`
   * says which function and how it was counted or estimated.
   */
  accuracy?: { word: string; how: string };
}

export interface QueryTable {
  /** The language, as people name it. */
  language: string;
  columns: QueryColumn[];
  /** One array per row, one value per column; a multi-valued cell is an array. */
  rows: unknown[][];
  /** Milliseconds the database took, when it says. */
  took: number | null;
  /** Set when the database returned fewer rows than the query matched: how many, why, what to do. */
  cut?: { rows: number; message: string; remedy: string };
  /** Set when some clusters or shards did not answer. */
  partial?: boolean;
  /** A grouping (`STATS … BY`): the key columns name each bar, one bar chart per number column. */
  chart?: { labels: number[]; values: number[] };
}

/** Where a query's error is, counted in the query's own text: 1-based, as editors count. */
export interface QueryPosition {
  line: number;
  column: number;
}
