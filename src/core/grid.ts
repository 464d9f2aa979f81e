/**
 * The grid's vocabulary, shared by every driver and every surface (UI, CLI, MCP): tables, columns,
 * rows and cells, filters, sorting and paging. Types only; a driver fills them.
 * The filter operators have their own table (filter-ops.ts); they are re-exported here as part of
 * the grid's words.
 */
import type { FilterOp } from "./filter-ops.ts";

export { FILTER_OPS, type FilterOp } from "./filter-ops.ts";

/** A table in the sidebar (an index, for a search engine). */
export interface TableInfo {
  name: string;
  /** Top-level documents; null when unknown (a closed index). */
  docCount: number | null;
  sizeBytes: number | null;
  health: string | null;
  /** "open" or "close". */
  status: string;
}

/**
 * How a column came to be:
 * - `meta`: `_id`, `_index`, `_score`;
 * - `field`: a leaf field (object fields are flattened to dotted paths);
 * - `nested-parent`: the JSON column holding a whole nested array;
 * - `nested-leaf`: one leaf of a nested array, a JSON array with one entry per object.
 */
export type ColumnKind = "meta" | "field" | "nested-parent" | "nested-leaf";

export interface Column {
  /** Dotted path, e.g. `customer.address.city`, or `_id`. */
  name: string;
  /** The mapping type (`keyword`, `text`, `long`, `nested`…); `conflict` when indices disagree. */
  type: string;
  kind: ColumnKind;
  /**
   * For nested columns: the nested arrays the column lives in, outermost first. A leaf's list ends
   * with its own array (`items.sku` → `["items"]`); a parent's list ends with itself (`items` →
   * `["items"]`).
   */
  nestedPaths?: string[];
  /** Multi-fields of this field (`name.keyword` and the like). */
  multiFields?: { name: string; type: string }[];
  /** The field a sort on this column really uses (`name.keyword` for text), or null if it cannot sort. */
  sortField: string | null;
  /** Why the column cannot sort, when `sortField` is null. */
  sortNote?: string;
  filterable: boolean;
  /** Whether a grid edit may write this column (meta and nested leaves may not). */
  editable: boolean;
  primaryKey?: boolean;
  /** Set when the indices behind the name map this field differently: type → indices. */
  conflict?: Record<string, string[]>;
}

/** A cell as shown: scalars as they are, arrays and objects as JSON text (listed in `Row.json`). */
export type CellValue = string | number | boolean | null;

export interface Row {
  _id: string;
  _index: string;
  _score: number | null;
  /**
   * The document's version as loaded, an opaque concurrency token only the driver reads: a write
   * carries it back and is refused if the document changed since (no lost updates). Absent when
   * the read that produced the row did not ask for it: such a row must be re-read before a write.
   */
  version?: string;
  /** Every column's cell, meta columns included, keyed by column name. */
  cells: Record<string, CellValue>;
  /** Columns whose cell is JSON text (arrays, objects, nested columns). */
  json: string[];
  /** Columns whose cell was cut at the display limit and ends in `...`; never write these back. */
  cut: string[];
}

export interface FilterRow {
  column: string;
  op: FilterOp;
  /**
   * The value for comparisons and `like` (with `*` and `?`, case-insensitive); an array for `in` /
   * `not_in`; nothing for `exists` / `missing`. Typed by the column's mapping: numbers, dates
   * (ISO 8601, epoch milliseconds or `now` date math, compared at the precision given), booleans.
   */
  value?: unknown;
  /**
   * Element group (a positive integer) for nested leaves: rows on the same nested array with the
   * same group number must match the same object, and compile to one `nested` clause. Rows without
   * a group match independently: two of them may be satisfied by different objects.
   */
  group?: number;
}

export interface SortSpec {
  column: string;
  direction: "asc" | "desc";
}

export interface BrowseRequest {
  filters?: FilterRow[];
  /** The Raw SQL filter box: Lucene `query_string` text across all fields. */
  rawQuery?: string;
  sort?: SortSpec[];
  /** 1-based; default 1. */
  page?: number;
  /** Rows per page; default DEFAULT_PAGE_SIZE, at most MAX_PAGE_SIZE. */
  pageSize?: number;
  /**
   * Rows to skip before the page, for a page that starts between page boundaries (where a reader
   * stopped, e.g. after a cut answer). When given, `page` is ignored.
   */
  offset?: number;
  /**
   * For a grid kept open: forget its point in time and remembered positions so this page reads
   * the index as it is now (after a save, or when the user asks to reload).
   */
  refresh?: boolean;
  /** The count alone: no row is read (a page of none), so nothing is sorted either. */
  countOnly?: boolean;
}

export interface DroppedSort {
  column: string;
  reason: string;
}

export interface BrowseResult {
  table: string;
  columns: Column[];
  rows: Row[];
  /** Exact count of matching documents. */
  total: number;
  page: number;
  pageSize: number;
  /** Sort columns that were dropped (rows keep their order) and why. */
  droppedSort: DroppedSort[];
  /** How the page was fetched: within the result window, or past it through a point in time. */
  paging: "from-size" | "search-after";
  /**
   * Set when the page was read from part of the data only (some shards failed, or the search
   * timed out): its rows and its count may be short. Every surface shows it as a warning.
   */
  partial?: PartialResult;
}

/** A part of an index (a shard) that did not answer a search, as the cluster reported it. */
export interface ShardFailure {
  /** The index, when the cluster names it. */
  index: string | null;
  /** The shard's number in its index, when the cluster names it. */
  shard: number | null;
  /** The name (or id, once it left) of the node that held the copy asked; null when none did. */
  node: string | null;
  /** Why, in plain words, with the cluster's error type. */
  reason: string;
}

/** A result that answered from part of the data only. */
export interface PartialResult {
  /** One paragraph for people: what is missing, naming each failed shard, and why. */
  message: string;
  shardsTotal: number;
  shardsFailed: number;
  timedOut: boolean;
  /**
   * The failures as listed. The cluster lists shards that failed for the same reason once, so
   * this may be shorter than `shardsFailed`.
   */
  failures: ShardFailure[];
}

/** The display limit of a cell. */
export const CELL_DISPLAY_LIMIT = 10_000;

/** Pages ending within this many rows are read by offset; deeper ones by a cursor. */
export const RESULT_WINDOW = 10_000;

export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 10_000;
