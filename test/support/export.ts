/**
 * The export over a bare transport (the tests' gated transports have no session): the app's
 * pipeline on the driver's scan. And the file formats of hits, as the driver's records framed by
 * the app's writers, for the format tests.
 */
import { exportTable as exportScan } from "../../src/app/export/export-table.ts";
import {
  csvHeader as header,
  jsonItems,
  csvLines as lines,
  ndjsonLines as ndjson,
} from "../../src/app/export/formats.ts";
import type { ExportOptions, ExportReport } from "../../src/core/export.ts";
import type { Column } from "../../src/core/grid.ts";
import type { ExportHit } from "../../src/drivers/elasticsearch/export/reads.ts";
import { hitRecords, openScan } from "../../src/drivers/elasticsearch/export/scan.ts";
import type { EsTransport } from "../../src/drivers/elasticsearch/wire/transport.ts";

export { csvField } from "../../src/app/export/formats.ts";
export { csvColumns } from "../../src/drivers/elasticsearch/export/scan.ts";

export function exportTable(
  transport: EsTransport,
  table: string,
  options: ExportOptions,
): Promise<ExportReport> {
  return exportScan({ openScan: (t, request) => openScan(transport, t, request) }, table, options);
}

export function csvHeader(columns: Column[]): string {
  return header(columns.map((c) => c.name));
}

export function csvLines(hits: ExportHit[], columns: Column[]): string {
  return lines(hitRecords(hits, { format: "csv", columns, singleIndex: null }));
}

/** NDJSON for `_bulk`; `withIndex`: the export spans several indices. */
export function ndjsonLines(hits: ExportHit[], withIndex: boolean): string {
  const singleIndex = withIndex ? null : (hits[0]?._index ?? "");
  return ndjson(hitRecords(hits, { format: "ndjson", columns: [], singleIndex }));
}

export function jsonDocs(hits: ExportHit[]): string {
  return jsonItems(hitRecords(hits, { format: "json", columns: [], singleIndex: null }));
}
