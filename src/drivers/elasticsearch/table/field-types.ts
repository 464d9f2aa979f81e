/**
 * What an Elasticsearch mapping type can do in the grid: which family of values it holds, whether
 * it sorts, which filter operators apply. Pure; the one table that mapping, filters and sorting
 * all consult.
 */
import type { FilterOp } from "../../../core/grid.ts";

export type FieldFamily =
  | "keyword"
  | "text"
  | "integer"
  | "float"
  | "date"
  | "boolean"
  | "ip"
  | "json"
  | "other";

const FAMILIES: Record<string, FieldFamily> = {
  keyword: "keyword",
  constant_keyword: "keyword",
  wildcard: "keyword",
  version: "keyword",
  text: "text",
  match_only_text: "text",
  search_as_you_type: "text",
  annotated_text: "text",
  long: "integer",
  integer: "integer",
  short: "integer",
  byte: "integer",
  unsigned_long: "integer",
  token_count: "integer",
  double: "float",
  float: "float",
  half_float: "float",
  scaled_float: "float",
  date: "date",
  date_nanos: "date",
  boolean: "boolean",
  ip: "ip",
  // Whole JSON values in a cell: objects that are not indexed field by field, nested arrays.
  object: "json",
  nested: "json",
  flattened: "json",
};

export function familyOf(type: string): FieldFamily {
  return (Object.hasOwn(FAMILIES, type) ? FAMILIES[type] : undefined) ?? "other";
}

/** Families whose values are ordered by doc values, so a sort on them works. */
const SORTABLE = new Set<FieldFamily>(["keyword", "integer", "float", "date", "boolean", "ip"]);

export function isSortableType(type: string): boolean {
  return SORTABLE.has(familyOf(type));
}

/** The numbers and dates are one ordering each across indices; keywords another. */
export function sortGroupOf(type: string): string {
  const f = familyOf(type);
  return f === "integer" || f === "float" ? "number" : f;
}

const COMPARE: FilterOp[] = ["eq", "neq", "in", "not_in", "gt", "gte", "lt", "lte"];
const PRESENCE: FilterOp[] = ["exists", "missing"];
const LIKE: FilterOp[] = ["like", "not_like"];

/** Filter operators a mapping type accepts (a `text` field's range needs its keyword sub-field). */
export function filterOpsFor(type: string): FilterOp[] {
  switch (familyOf(type)) {
    case "keyword":
      return [...COMPARE, ...LIKE, ...PRESENCE];
    case "text":
      return ["eq", "neq", "in", "not_in", ...LIKE, ...PRESENCE];
    case "integer":
    case "float":
    case "date":
    case "ip":
      return [...COMPARE, ...PRESENCE];
    case "boolean":
      return ["eq", "neq", "in", "not_in", ...PRESENCE];
    case "json":
      return type === "flattened" ? ["eq", "neq", "in", "not_in", ...PRESENCE] : [];
    default:
      return PRESENCE;
  }
}
