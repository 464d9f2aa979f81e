/**
 * The export's file formats around the records a driver gives (pure): CSV (RFC 4180, a header of
 * the scan's columns), NDJSON (each record's lines) and JSON (one array, one record per line).
 */
import type { ExportFormat, ScanRecord } from "../../core/export.ts";
import type { CellValue } from "../../core/grid.ts";

/** RFC 4180 field: quoted when it holds a comma, a quote, a line break or edge spaces. */
export function csvField(value: CellValue): string {
  if (value === null) return "";
  const text = typeof value === "string" ? value : String(value);
  if (text === "") return '""';
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvHeader(columns: readonly string[]): string {
  return `${columns.map(csvField).join(",")}\r\n`;
}

/** One CSV line per record. */
export function csvLines(records: ScanRecord[]): string {
  let out = "";
  for (const r of records) out += `${r.values.map((v) => csvField(v as CellValue)).join(",")}\r\n`;
  return out;
}

/** Each record's lines, one JSON value a line. */
export function ndjsonLines(records: ScanRecord[]): string {
  let out = "";
  for (const r of records) for (const v of r.values) out += `${JSON.stringify(v)}\n`;
  return out;
}

/** The JSON array's items, one record per line, without the brackets. */
export function jsonItems(records: ScanRecord[]): string {
  return records.map((r) => JSON.stringify(r.values[0])).join(",\n");
}

/** What opens a file of the format (before the first record). */
export function opening(format: ExportFormat, columns: readonly string[]): string {
  if (format === "csv") return csvHeader(columns);
  return format === "json" ? "[\n" : "";
}

/** A batch as the file holds it, after `written` records already there. */
export function batchText(format: ExportFormat, records: ScanRecord[], written: number): string {
  if (format === "ndjson") return ndjsonLines(records);
  if (format === "csv") return csvLines(records);
  return `${written > 0 ? ",\n" : ""}${jsonItems(records)}`;
}

/** What closes a file of the format, after `written` records. */
export function closing(format: ExportFormat, written: number): string {
  if (format !== "json") return "";
  return written > 0 ? "\n]\n" : "]\n";
}
