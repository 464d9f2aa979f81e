/**
 * The export's read side as a facet (core/facets.ts `exportScan`) of one session. The keep-alive
 * is checked before the server is identified: a bad one sends nothing.
 */
import type { ExportScanFacet } from "../../../core/facets.ts";
import type { LiveConnection } from "../wire/live.ts";
import { openScan } from "./scan.ts";

export function esExportScan(live: LiveConnection): ExportScanFacet {
  return { openScan: (table, request) => openScan(live.transport, table, request, live.ready) };
}
