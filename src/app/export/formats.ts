/**
 * The export's file formats around the records a driver gives (pure): CSV (RFC 4180, a header of
 * the scan's columns), NDJSON (each record's lines) and JSON (one array, one record per line).
 */
import type { ExportFormat, JsonText, ScanRecord } from "../../core/export.ts";
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

/**
 * A batch as the bytes the file holds (see `batchText`). Records that come with their JSON text
 * (NDJSON, JSON) are framed by copying it, never parsed or serialized again.
 */
export function batchBytes(
  format: ExportFormat,
  records: ScanRecord[],
  written: number,
  memory?: Reused,
): Buffer {
  if (format === "csv" || !records.every((r) => r.json !== undefined))
    return Buffer.from(batchText(format, records, written));
  // Framed as lists of pieces: NDJSON each value then a line break; JSON ",\n" between items.
  const texts: JsonText[] = [];
  if (format === "ndjson") {
    for (const r of records) for (const v of r.json as JsonText[]) texts.push(v, LINE_BREAK);
  } else {
    records.forEach((r, i) => {
      if (i > 0 || written > 0) texts.push(BETWEEN_ITEMS);
      texts.push((r.json as JsonText[])[0] ?? NULL_TEXT);
    });
  }
  return concatText(texts, memory);
}

const LINE_BREAK: JsonText = ["\n"];
const BETWEEN_ITEMS: JsonText = [",\n"];
const NULL_TEXT: JsonText = ["null"];

/** Memory taken again for each batch once the one before is written: no new buffer per batch. */
export class Reused {
  #memory = Buffer.alloc(0);
  take(size: number): Buffer {
    if (size > this.#memory.length) this.#memory = Buffer.allocUnsafe(Math.ceil(size * 1.25));
    return this.#memory.subarray(0, size);
  }
}

/** The pieces one after the other, as one buffer (measured first, then copied once). */
export function concatText(texts: JsonText[], memory?: Reused): Buffer {
  let size = 0;
  for (const t of texts)
    for (const p of t) size += typeof p === "string" ? Buffer.byteLength(p) : p.byteLength;
  const out = memory ? memory.take(size) : Buffer.allocUnsafe(size);
  let at = 0;
  for (const t of texts) {
    for (const p of t) {
      if (typeof p === "string") at += out.write(p, at);
      else {
        out.set(p, at);
        at += p.byteLength;
      }
    }
  }
  return out;
}

/** What closes a file of the format, after `written` records. */
export function closing(format: ExportFormat, written: number): string {
  if (format !== "json") return "";
  return written > 0 ? "\n]\n" : "]\n";
}
