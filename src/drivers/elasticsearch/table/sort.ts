/**
 * Sorting (docs/decisions.md, "Browsing"), pure: which field a column really sorts on, and the sort
 * clause of a search. `_id` and a `text` field without a keyword sub-field cannot sort: they are
 * dropped and reported, and the rows keep their order. A nested leaf sorts inside its nested
 * context; the nested JSON parent column is refused.
 */
import { errors } from "../../../core/errors.ts";
import type { Column, DroppedSort, SortSpec } from "../../../core/grid.ts";
import { familyOf, isSortableType, sortGroupOf } from "./field-types.ts";

type ColumnShape = Pick<Column, "name" | "type" | "kind" | "multiFields" | "conflict">;

/** The field a sort on this column uses, or null and why not. */
export function sortTarget(column: ColumnShape): { field: string | null; note?: string } {
  if (column.kind === "meta") {
    if (column.name === "_id") {
      return {
        field: null,
        // Not a version rule: 8.x refuses field data on _id, 7.x loads it into the heap with a
        // deprecation warning; neither is worth a sort, so no version is named.
        note: "_id cannot be sorted (it keeps no sortable values; sort on a field that holds the id instead), so the rows keep their order",
      };
    }
    return { field: column.name };
  }
  if (column.kind === "nested-parent") {
    return {
      field: null,
      note: "the JSON column of a nested array neither sorts nor filters; use one of its leaf columns",
    };
  }
  if (column.conflict) {
    const types = Object.keys(column.conflict);
    const fields = new Set(types.map((t) => fieldFor(column, t)));
    const groups = new Set(types.map((t) => sortGroupOf(t)));
    const [field] = fields;
    if (fields.size === 1 && groups.size === 1 && field && types.every((t) => sortable(column, t)))
      return { field };
    const how = Object.entries(column.conflict)
      .map(([t, idx]) => `${t} in ${idx.join(", ")}`)
      .join("; ");
    return { field: null, note: `the indices map it differently (${how}), so it has no one order` };
  }
  if (familyOf(column.type) === "text") {
    const kw = keywordSubField(column);
    if (kw) return { field: kw };
    return {
      field: null,
      note: "a text field without a .keyword sub-field cannot sort, so the rows keep their order",
    };
  }
  if (isSortableType(column.type)) return { field: column.name };
  return { field: null, note: `${column.type} values have no sort order` };
}

function keywordSubField(column: ColumnShape): string | undefined {
  const subs = (column.multiFields ?? []).filter((m) => familyOf(m.type) === "keyword");
  return (subs.find((m) => m.name === `${column.name}.keyword`) ?? subs[0])?.name;
}

function fieldFor(column: ColumnShape, type: string): string | undefined {
  return familyOf(type) === "text" ? keywordSubField(column) : column.name;
}

function sortable(column: ColumnShape, type: string): boolean {
  return familyOf(type) === "text" ? keywordSubField(column) !== undefined : isSortableType(type);
}

export type SortClause = Record<string, Record<string, unknown>>;

export interface CompiledSort {
  /**
   * The search's `sort`, without a tiebreaker; empty when nothing sorts (relevance, index order).
   */
  sort: SortClause[];
  dropped: DroppedSort[];
}

/** Pure: the sort clause of a browse request. Unknown columns and the nested JSON column throw. */
export function compileSort(
  columns: Column[],
  sort: SortSpec[] | undefined,
  table = "the table",
): CompiledSort {
  const byName = new Map(columns.map((c) => [c.name, c]));
  const out: CompiledSort = { sort: [], dropped: [] };
  const seen = new Set<string>();
  if (sort != null && !Array.isArray(sort))
    throw errors.malformedInput("The value of sort", "a list of {column, direction}");
  for (const [i, spec] of (sort ?? []).entries()) {
    if (
      spec === null ||
      typeof spec !== "object" ||
      Array.isArray(spec) ||
      typeof spec.column !== "string"
    )
      throw errors.malformedInput(`Sort ${i + 1}`, 'an object {column, direction: "asc" | "desc"}');
    const column = byName.get(spec.column);
    if (!column)
      throw errors.unknownColumn(
        table,
        spec.column,
        columns.map((c) => c.name),
      );
    if (spec.direction !== "asc" && spec.direction !== "desc") {
      throw errors.badSort(
        spec.column,
        `direction ${JSON.stringify(spec.direction) ?? "(none)"} is neither asc nor desc`,
        "Sort ascending (asc) or descending (desc).",
      );
    }
    if (seen.has(spec.column)) {
      throw errors.badSort(
        spec.column,
        "the column is listed twice",
        "Name each column once in the sort.",
      );
    }
    seen.add(spec.column);
    if (column.kind === "nested-parent") {
      const leaf = columns.find(
        (c) => c.kind === "nested-leaf" && c.name.startsWith(`${column.name}.`),
      );
      throw errors.badSort(
        column.name,
        "it is the JSON column of a nested array, which neither sorts nor filters",
        `Sort on one of its leaf columns${leaf ? `, such as ${leaf.name}` : ""}.`,
      );
    }
    if (!column.sortField) {
      out.dropped.push({ column: column.name, reason: column.sortNote ?? "it cannot sort" });
      continue;
    }
    out.sort.push(clauseFor(column, column.sortField, spec.direction));
  }
  return out;
}

function clauseFor(column: Column, field: string, order: "asc" | "desc"): SortClause {
  if (column.kind === "meta") return { [field]: { order } };
  const clause: Record<string, unknown> = { order };
  const types = column.conflict ? Object.keys(column.conflict) : [column.type];
  const sortType = familyOf(types[0] ?? "keyword") === "text" ? "keyword" : (types[0] ?? "keyword");
  // A field that some indices behind an alias or pattern do not map sorts as missing there.
  clause.unmapped_type = sortType;
  if (column.conflict) {
    const group = sortGroupOf(sortType);
    if (group === "number") clause.numeric_type = "double";
    else if (group === "date") clause.numeric_type = "date_nanos";
  }
  if (column.kind === "nested-leaf" && column.nestedPaths?.length) {
    // An array sorts by its smallest value ascending and its largest descending, as ES does.
    clause.mode = order === "asc" ? "min" : "max";
    clause.nested = nestedContext(column.nestedPaths);
  }
  return { [field]: clause };
}

/** `{path: outer, nested: {path: inner}}`: the 8.x form (7.x accepts it too). */
function nestedContext(paths: string[]): Record<string, unknown> {
  const [head, ...rest] = paths;
  const ctx: Record<string, unknown> = { path: head };
  if (rest.length > 0) ctx.nested = nestedContext(rest);
  return ctx;
}
