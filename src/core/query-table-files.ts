/**
 * Pure: a query table (query-table.ts) as file text, the same for the CLI's `--format` and the
 * UI's Export…: CSV (RFC 4180, a header of the column names, a multi-valued cell as JSON text),
 * NDJSON (one object per row) and JSON (the whole result: columns with their types, rows as objects,
 * and `cut` when the database cut it).
 */
import type { QueryTable } from "./query-table.ts";

export type QueryTableFormat = "csv" | "ndjson" | "json";

export const QUERY_TABLE_FORMATS: readonly QueryTableFormat[] = ["csv", "ndjson", "json"];

function csvField(value: unknown): string {
  if (value === null || value === undefined) return "";
  const text = typeof value === "string" ? value : JSON.stringify(value);
  if (text === "") return '""';
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A row as an object keyed by column name. */
export function rowObject(table: QueryTable, row: unknown[]): Record<string, unknown> {
  return Object.fromEntries(table.columns.map((c, i) => [c.name, row[i] ?? null]));
}

export function queryTableText(table: QueryTable, format: QueryTableFormat): string {
  if (format === "csv") {
    const lines = [table.columns.map((c) => csvField(c.name)).join(",")];
    for (const row of table.rows) lines.push(row.map(csvField).join(","));
    return `${lines.join("\r\n")}\r\n`;
  }
  if (format === "ndjson")
    return table.rows.map((row) => `${JSON.stringify(rowObject(table, row))}\n`).join("");
  const whole = {
    language: table.language,
    columns: table.columns.map(({ name, type, accuracy }) => ({
      name,
      type,
      ...(accuracy ? { accuracy } : {}),
    })),
    rows: table.rows.map((row) => rowObject(table, row)),
    took: table.took,
    ...(table.cut ? { cut: table.cut } : {}),
  };
  return `${JSON.stringify(whole, null, 2)}\n`;
}
