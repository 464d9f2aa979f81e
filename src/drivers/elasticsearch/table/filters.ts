/**
 * Filters to query DSL (docs/decisions.md, "Browsing"), pure. Each filter row compiles to `term`,
 * `terms`, `range`, `wildcard` or `exists` (or its negation), with the value typed by the column's
 * mapping. Rows on leaves of a nested array match independently (each may be satisfied by a
 * different object) unless they share an element group: a group compiles to one `nested` clause, so
 * one object must satisfy all of its rows. The Raw SQL text is a `query_string` across all fields.
 *
 * Negation: outside a group, `!=`, `not in`, `not like` and `missing` on a nested leaf mean "no
 * object of the array matches" (the `nested` clause is negated); inside a group they describe
 * the one object ("an item whose price is missing").
 */
import { errors } from "../../../core/errors.ts";
import {
  FILTER_OPS,
  type FilterOp,
  isFilterOp,
  operandOf,
  opSymbol,
  positiveOf,
} from "../../../core/filter-ops.ts";
import type { Column, FilterRow } from "../../../core/grid.ts";
import { type FieldFamily, familyOf, filterOpsFor } from "./field-types.ts";
import { filterValue } from "./filter-values.ts";

export type QueryDsl = Record<string, unknown>;

/** Dates are compared in these formats whatever the mapping's own format is. */
export const DATE_FORMAT = "strict_date_optional_time||epoch_millis";

interface Clause {
  query: QueryDsl;
  negated: boolean;
}

/** The rows of one element group: one `nested` clause on the array they share. */
interface ElementGroup {
  paths: string[];
  column: string;
  clauses: Clause[];
}

/**
 * Pure: the `query` of a browse request. Throws a QuarryError (invalid_input) naming the filter
 * row for an unknown column, an operator the column's type does not take, or a value that does
 * not fit the type.
 */
export function compileFilters(
  columns: Column[],
  filters: FilterRow[] | undefined,
  rawQuery?: string,
  table = "the table",
): QueryDsl {
  const byName = new Map(columns.map((c) => [c.name, c]));
  const filter: QueryDsl[] = [];
  const mustNot: QueryDsl[] = [];
  const groups = new Map<number, ElementGroup>();

  if (filters != null && !Array.isArray(filters))
    throw errors.malformedInput("The value of filters", "a list of {column, op, value?, group?}");
  for (const [i, row] of (filters ?? []).entries()) {
    const column = columnOfRow(row, i, byName, table);
    const clause = compileRow(column, row);
    if (row.group !== undefined) {
      joinGroup(groups, column, row.group, clause);
      continue;
    }
    const query =
      column.kind === "nested-leaf" && column.nestedPaths?.length
        ? nested(column.nestedPaths, clause.query)
        : clause.query;
    (clause.negated ? mustNot : filter).push(query);
  }
  for (const group of groups.values()) filter.push(groupQuery(group));

  const bool: QueryDsl = {};
  const raw = rawQuery?.trim();
  // The Raw SQL text scores (must); column filters only select (filter).
  if (raw) bool.must = [{ query_string: { query: raw, lenient: true } }];
  if (filter.length > 0) bool.filter = filter;
  if (mustNot.length > 0) bool.must_not = mustNot;
  return Object.keys(bool).length === 0 ? { match_all: {} } : { bool };
}

/** The column filter row `i` names, after checking the row's shape and that it has its value. */
function columnOfRow(
  row: FilterRow,
  i: number,
  byName: Map<string, Column>,
  table: string,
): Column {
  if (
    row === null ||
    typeof row !== "object" ||
    Array.isArray(row) ||
    typeof row.column !== "string"
  )
    throw errors.malformedInput(
      `Filter ${i + 1}`,
      "an object {column, op, value?, group?} naming its column",
    );
  const column = byName.get(row.column);
  if (!column) throw errors.unknownColumn(table, String(row.column), [...byName.keys()]);
  // An empty value would reach the cluster as a query it refuses (`ids` with "") or that
  // matches nothing the person meant: refused here, naming the row.
  if (lacksValue(row)) throw errors.emptyFilterValue(i + 1, column.name, opSymbol(row.op));
  return column;
}

/** Puts a row's clause in its element group, checking the group applies and is one array's. */
function joinGroup(
  groups: Map<number, ElementGroup>,
  column: Column,
  number: number,
  clause: Clause,
): void {
  if (!Number.isInteger(number) || number < 1) {
    throw errors.badFilter(
      column.name,
      `element group ${JSON.stringify(number)} is not a positive whole number`,
      "Number element groups 1, 2, 3…; rows with the same number must match the same object.",
    );
  }
  if (column.kind !== "nested-leaf" || !column.nestedPaths?.length) {
    throw errors.badFilter(
      column.name,
      "an element group applies only to the leaf columns of a nested array",
      "Remove the @n suffix from this --filter.",
      'Set this filter\'s element group to "any element".',
    );
  }
  const paths = column.nestedPaths;
  const group = groups.get(number);
  if (!group) groups.set(number, { paths, column: column.name, clauses: [clause] });
  else if (group.paths.at(-1) !== paths.at(-1)) {
    throw errors.badFilter(
      column.name,
      `element group ${number} already holds ${group.column}, a leaf of another nested array (${group.paths.at(-1)}), and one object cannot belong to two arrays`,
      "Give filters on different nested arrays different element groups.",
    );
  } else group.clauses.push(clause);
}

/** One `nested` clause that a single object of the array must satisfy as a whole. */
function groupQuery(group: ElementGroup): QueryDsl {
  const inner: QueryDsl = {};
  const positives = group.clauses.filter((c) => !c.negated).map((c) => c.query);
  const negatives = group.clauses.filter((c) => c.negated).map((c) => c.query);
  if (positives.length > 0) inner.filter = positives;
  if (negatives.length > 0) inner.must_not = negatives;
  return nested(group.paths, { bool: inner });
}

/** A row whose operator takes a value (or a list) and has none, or an empty one in its list. */
function lacksValue(row: FilterRow): boolean {
  if (!isFilterOp(row.op) || operandOf(row.op) === "none") return false;
  const empty = (v: unknown) =>
    v === undefined || v === null || (typeof v === "string" && v.trim() === "");
  if (operandOf(row.op) === "list")
    return Array.isArray(row.value)
      ? row.value.length === 0 || row.value.some(empty)
      : empty(row.value);
  return empty(row.value);
}

function nested(paths: string[], query: QueryDsl): QueryDsl {
  let q = query;
  for (let i = paths.length - 1; i >= 0; i--) {
    q = { nested: { path: paths[i], query: q, ignore_unmapped: true } };
  }
  return q;
}

/** One row's clause, before any nested wrapping; negative operators become their positive twin. */
function compileRow(column: Column, row: FilterRow): Clause {
  if (!isFilterOp(row.op)) {
    throw errors.badFilter(
      column.name,
      `unknown operator ${JSON.stringify(row.op)}`,
      `Use one of: ${FILTER_OPS.join(", ")}.`,
    );
  }
  const allowed = filterOpsForColumn(column);
  if (!allowed.includes(row.op)) {
    throw errors.badFilter(
      column.name,
      refusalFor(column, row.op),
      remedyFor(column, allowed, "cli"),
      remedyFor(column, allowed, "ui"),
    );
  }
  const positive = positiveOf(row.op);
  return { query: positiveQuery(column, positive, row), negated: positive !== row.op };
}

/** The operators a column takes (the UI offers these; anything else is refused). */
export function filterOpsForColumn(column: Column): FilterOp[] {
  if (column.kind === "nested-parent") return [];
  if (column.kind === "meta") {
    if (column.name === "_id") return ["eq", "neq", "in", "not_in"];
    if (column.name === "_index") return ["eq", "neq", "in", "not_in", "like", "not_like"];
    return [];
  }
  const types = column.conflict ? Object.keys(column.conflict) : [column.type];
  let ops: FilterOp[] = [...FILTER_OPS];
  for (const t of types) {
    let forType = filterOpsFor(t);
    // A text field compares ranges on its keyword sub-field, when it has one.
    if (familyOf(t) === "text" && keywordField(column))
      forType = [...forType, "gt", "gte", "lt", "lte"];
    ops = ops.filter((op) => forType.includes(op));
  }
  return ops;
}

function refusalFor(column: Column, op: FilterOp): string {
  const word = opSymbol(op);
  if (column.kind === "nested-parent")
    return "it is the JSON column of a nested array, which neither filters nor sorts";
  if (column.name === "_score") return "_score is computed by the search and cannot be filtered";
  if (column.conflict) {
    const how = Object.entries(column.conflict)
      .map(([t, idx]) => `${t} in ${idx.join(", ")}`)
      .join("; ");
    return `"${word}" does not work for every type the indices give it (${how})`;
  }
  if (familyOf(column.type) === "text" && ["gt", "gte", "lt", "lte"].includes(op))
    return `"${word}" needs a keyword sub-field, and this text field has none`;
  return `"${word}" does not apply to ${column.type} columns`;
}

function remedyFor(column: Column, allowed: FilterOp[], surface: "ui" | "cli"): string {
  if (column.kind === "nested-parent") {
    return `Filter on one of its leaf columns (${column.name}.<leaf>); use the same element group on two of them to match one object.`;
  }
  const raw = surface === "cli" ? "the Raw SQL filter (--raw)" : "the Raw SQL box";
  if (allowed.length === 0) return `Choose another column, or use ${raw} for this one.`;
  return `Use one of: ${allowed.map((o) => opSymbol(o)).join(", ")}; or ${raw}.`;
}

function keywordField(column: Column): string | undefined {
  const subs = (column.multiFields ?? []).filter((m) => familyOf(m.type) === "keyword");
  return (subs.find((m) => m.name === `${column.name}.keyword`) ?? subs[0])?.name;
}

function positiveQuery(column: Column, op: FilterOp, row: FilterRow): QueryDsl {
  const family = familyOfColumn(column);
  if (op === "exists") {
    if (row.value !== undefined && row.value !== null && row.value !== "") {
      throw errors.badFilter(
        column.name,
        `"${opSymbol(row.op)}" takes no value`,
        "Remove the value.",
      );
    }
    return { exists: { field: column.name } };
  }
  // Exact matches, ranges and patterns on text go to its keyword sub-field when there is one.
  const exactField = family === "text" ? (keywordField(column) ?? null) : column.name;

  if (op === "in") {
    if (!Array.isArray(row.value) || row.value.length === 0) {
      throw errors.badFilter(
        column.name,
        `"${opSymbol(row.op)}" needs a non-empty list of values`,
        'Give the values as a list: --filter "<column> in a,b,c".',
        "Give the values separated by commas: a, b, c.",
      );
    }
    const values = row.value.map((v) => filterValue(column, family, v, row.op));
    if (family === "date") return anyOf(values.map((v) => dateEquals(column.name, v)));
    if (exactField === null) return anyOf(values.map((v) => matchPhrase(column.name, v)));
    return { terms: { [exactField]: values } };
  }

  const value = filterValue(column, family, row.value, row.op);
  switch (op) {
    case "eq":
      if (family === "date") return dateEquals(column.name, value);
      if (exactField === null) return matchPhrase(column.name, value);
      return { term: { [exactField]: value } };
    case "gt":
    case "gte":
    case "lt":
    case "lte": {
      const range: Record<string, unknown> = { [op]: value };
      if (family === "date") range.format = DATE_FORMAT;
      return { range: { [exactField ?? column.name]: range } };
    }
    case "like":
      return {
        wildcard: {
          [exactField ?? column.name]: { value: String(value), case_insensitive: true },
        },
      };
    default:
      throw new Error(`unreachable filter operator ${op}`);
  }
}

function familyOfColumn(column: Column): FieldFamily {
  if (column.kind === "meta") return "keyword";
  if (column.conflict) {
    const families = new Set(Object.keys(column.conflict).map(familyOf));
    return families.size === 1 ? ([...families][0] as FieldFamily) : "keyword";
  }
  return familyOf(column.type);
}

function anyOf(queries: QueryDsl[]): QueryDsl {
  return queries.length === 1
    ? (queries[0] as QueryDsl)
    : { bool: { should: queries, minimum_should_match: 1 } };
}

/** A text field without a keyword sub-field: a term would compare with single analyzed words. */
function matchPhrase(field: string, value: unknown): QueryDsl {
  return { match_phrase: { [field]: value } };
}

/** A date equals a value at the precision given: `= 2025-03-01` is the whole day (UTC). */
function dateEquals(field: string, value: unknown): QueryDsl {
  return { range: { [field]: { gte: value, lte: value, format: DATE_FORMAT } } };
}
