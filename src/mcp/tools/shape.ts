/**
 * The driver's values in the shape a model reads best: rows as plain objects with JSON cells
 * parsed back, columns as short records, console results by kind. Pure.
 */
import type { ConsoleResult } from "../../core/console.ts";
import { QuarryError } from "../../core/errors.ts";
import { parseJsonExact } from "../../core/exact-json.ts";
import { totalText } from "../../core/exactness.ts";
import type { Column, PartialResult, Row, TableInfo } from "../../core/grid.ts";

/**
 * A row as one object: the `meta` columns asked (`_id`, `_index`, `_score`), then the cells (`only`
 * these, or all but `skip`). JSON cells (arrays, objects, nested columns) are parsed back unless
 * they were cut at the display limit; a cut cell stays text ending in `...` and is listed in `_cut`.
 */
export function gridRowObject(
  row: Row,
  only?: readonly string[],
  skip: ReadonlySet<string> = new Set(),
  meta: readonly string[] = META,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of meta) out[name] = cellOf(row, name);
  for (const name of Object.keys(row.cells)) {
    if (META.includes(name)) continue;
    if (only ? !only.includes(name) : skip.has(name)) continue;
    out[name] = cellOf(row, name);
  }
  const cutShown = row.cut.filter((c) => !only || only.includes(c));
  if (cutShown.length) out._cut = cutShown;
  return out;
}

/**
 * A row's object with its dotted names nested back into objects (`customer.name` under
 * `customer`), the document's own shape: one lookup reads as the document, each object's name
 * said once. A name that is both a value and an object's path stays dotted. Pure.
 */
export function nestedObject(flat: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(flat)) {
    const parts = name.startsWith("_") ? [name] : name.split(".");
    let at = out;
    let i = 0;
    for (; i < parts.length - 1; i++) {
      const next = at[parts[i]!];
      if (next === undefined) at = at[parts[i]!] = {} as Record<string, unknown>;
      else if (typeof next === "object" && next !== null && !Array.isArray(next))
        at = next as Record<string, unknown>;
      else break;
    }
    if (i < parts.length - 1 || parts.at(-1)! in at) out[name] = value;
    else at[parts.at(-1)!] = value;
  }
  return out;
}

export const META = ["_id", "_index", "_score"];

/** One cell as the model reads it: a JSON cell parsed back unless it was cut; absent is null. */
function cellOf(row: Row, name: string): unknown {
  if (name === "_id") return row._id;
  if (name === "_index") return row._index;
  if (name === "_score") return row._score;
  const value = row.cells[name];
  if (value === undefined) return null;
  return row.json.includes(name) && !row.cut.includes(name) ? parseJsonCell(value) : value;
}

/**
 * Rows as arrays in `header`'s order (the compact table), and the cells cut at the display limit,
 * by row: such a cell stays text ending in `...`.
 */
export function rowTable(
  rows: readonly Row[],
  header: readonly string[],
): { rows: unknown[][]; cut_cells?: { row: number; columns: string[] }[] } {
  const cut = rows
    .map((r, i) => ({ row: i, columns: r.cut.filter((c) => header.includes(c)) }))
    .filter((c) => c.columns.length > 0);
  return {
    rows: rows.map((r) => header.map((name) => cellOf(r, name))),
    ...(cut.length ? { cut_cells: cut } : {}),
  };
}

/**
 * The columns `asked` names, in the order asked: a column by its dotted name (customer.name), or
 * an object by its path (customer: every column under it). Throws on a name that matches none.
 */
export function selectColumns(columns: readonly Column[], asked: readonly string[]): string[] {
  const names = columns.map((c) => c.name).filter((n) => !META.includes(n));
  const out = new Set<string>();
  const unknown: string[] = [];
  for (const a of asked) {
    if (META.includes(a)) continue;
    const hit = names.includes(a) ? [a] : names.filter((n) => n.startsWith(`${a}.`));
    if (hit.length === 0) unknown.push(a);
    for (const n of hit) out.add(n);
  }
  if (unknown.length > 0)
    throw new QuarryError(
      "invalid_input",
      `No column ${unknown.map((u) => JSON.stringify(u)).join(", ")} in this table`,
      "Use the column names describe_table lists (dotted paths such as customer.name); an object's path (customer) selects every column under it.",
    );
  return [...out];
}

/**
 * The leaf columns of nested arrays whose JSON parent column is there too: the parent holds the
 * same values, object by object, so the leaves would only repeat them to the model.
 */
export function repeatedLeaves(columns: readonly Column[]): Set<string> {
  const names = new Set(columns.map((c) => c.name));
  return new Set(
    columns
      .filter((c) => c.kind === "nested-leaf" && names.has(c.nestedPaths?.at(-1) ?? ""))
      .map((c) => c.name),
  );
}

function parseJsonCell(value: unknown): unknown {
  if (typeof value !== "string") return value;
  try {
    return parseJsonExact(value);
  } catch {
    return value;
  }
}

export function columnRecord(c: Column): Record<string, unknown> {
  return {
    name: c.name,
    type: c.type,
    kind: c.kind,
    ...(c.primaryKey ? { primary_key: true } : {}),
    sort_field: c.sortField,
    ...(c.sortNote ? { sort_note: c.sortNote } : {}),
    filterable: c.filterable,
    ...(c.multiFields?.length ? { multi_fields: c.multiFields } : {}),
    ...(c.nestedPaths?.length ? { nested_paths: c.nestedPaths } : {}),
    ...(c.conflict ? { conflict: c.conflict } : {}),
  };
}

export function tableRecord(t: TableInfo): Record<string, unknown> {
  return {
    name: t.name,
    docs: t.docCount,
    size_bytes: t.sizeBytes,
    health: t.health,
    status: t.status,
  };
}

/**
 * A console answer: a search as its hits (and aggregations), arrays as a table,
 * anything else as JSON, a cluster's error as an error the model can read.
 */
export function consoleRecord(result: ConsoleResult): Record<string, unknown> {
  switch (result.kind) {
    case "grid":
      return {
        ...searchRecord(result.status, result.total, result.raw),
        ...partialRecord(result.partial),
      };
    case "table":
      return { kind: "table", status: result.status, headers: result.headers, rows: result.rows };
    case "json": {
      // A search that answered only aggregations (size 0) is a search too: its total and
      // aggregations, not Elasticsearch's bookkeeping around them.
      const total = result.search?.total ?? searchTotal(result.raw);
      if (total !== undefined)
        return {
          ...searchRecord(result.status, total, result.raw),
          ...partialRecord(result.partial),
        };
      return { kind: "json", status: result.status, body: result.raw };
    }
    case "error":
      return {
        kind: "error",
        status: result.status,
        type: result.type,
        reason: result.reason,
        body: result.raw,
      };
  }
}

/**
 * A search answer as Elasticsearch gave it, minus the shard bookkeeping: the hits with their
 * `_source`, `sort` values (for `search_after`), `highlight`, `fields` and `inner_hits`, and the
 * aggregations, suggestions and paging handles. A model that wrote the Query DSL reads this shape;
 * the grid's flattened cells would drop exactly those parts.
 */
/** A search body's total (null when it was not tracked); undefined for a body that is no search. */
function searchTotal(raw: unknown): number | null | undefined {
  const hits = (raw as { hits?: { hits?: unknown; total?: unknown } } | null)?.hits;
  if (!hits || !Array.isArray(hits.hits)) return undefined;
  const t = hits.total;
  if (typeof t === "number") return t;
  const value = (t as { value?: unknown } | undefined)?.value;
  return typeof value === "number" ? value : null;
}

/**
 * A search as a model reads it: the total (a lower bound said so), what the search asked for
 * (aggregations, suggestions, a point in time, sort values) and the hits when there are any;
 * not `took`, `_shards` (a partial answer says which shards failed) or `timed_out` when false.
 */
function searchRecord(status: number, total: number | null, raw: unknown): Record<string, unknown> {
  const {
    _shards: _,
    took: __,
    timed_out: timedOut,
    hits,
    ...rest
  } = (raw ?? {}) as Record<string, unknown>;
  const counted = (hits as { total?: { relation?: string } } | undefined)?.total;
  // A search that stopped counting (track_total_hits) says its total is a lower bound.
  const atLeast =
    total !== null && counted?.relation === "gte"
      ? { total_accuracy: `${totalText(total, "gte")} (track_total_hits: true counts all)` }
      : {};
  const found = (hits as { hits?: unknown[] } | undefined)?.hits ?? [];
  return {
    kind: "search",
    status,
    total,
    ...atLeast,
    ...(timedOut === true ? { timed_out: true } : {}),
    ...rest,
    ...(found.length > 0 ? { hits: found } : {}),
  };
}

/**
 * A result some shards did not answer: the warning in words (first, so a model reads it before
 * the rows) and the failed shards. Empty when every shard answered.
 */
export function partialRecord(partial: PartialResult | undefined): Record<string, unknown> {
  if (!partial) return {};
  return {
    warning: `Partial results: ${partial.message}`,
    failed_shards: partial.failures,
  };
}
