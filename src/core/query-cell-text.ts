/**
 * Pure: a query table's cell as a person reads it, by its column's type: a floating-point number
 * at 12 significant digits, past which a sum's or a percentile's digits are rounding noise (so
 * `3665266.4299999997` reads `3,665,266.43`), with thousands separators; a multi-value as its values, comma-separated; null as empty. Files
 * and JSON keep the values as the database gave them (query-table-files.ts).
 */
import type { QueryColumn } from "./query-table.ts";

/** Digits a computed double keeps before rounding noise: sums of thousands of values lose some. */
const DIGITS = 12;
const FLOATING = new Set(["double", "float", "half_float", "scaled_float", "counter_double"]);

export function queryCellText(value: unknown, column: Pick<QueryColumn, "type">): string {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.map((v) => queryCellText(v, column)).join(", ");
  if (typeof value === "number" && FLOATING.has(column.type) && Number.isFinite(value)) {
    const exact = Number(value.toPrecision(DIGITS));
    // Past the fraction digits a locale shows, the number's own short form.
    if (exact !== 0 && Math.abs(exact) < 1e-6) return String(exact);
    return exact.toLocaleString("en-US", { maximumFractionDigits: 15 });
  }
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** A column's header with its accuracy when an approximate function made it: `p (estimate)`. */
export function queryHeaderText(column: Pick<QueryColumn, "name" | "accuracy">): string {
  return column.accuracy ? `${column.name} (${column.accuracy.word})` : column.name;
}
