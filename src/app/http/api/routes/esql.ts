/**
 * A piped query's rows past the database's cap on one answer (the `queryLanguage` facet's keyed
 * pages): "Export all" as an export job writing the file, and the grid's next pages. A query that
 * cannot be paged is refused before anything runs, with the reason.
 */
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { Hono } from "hono";
import { z } from "zod";
import { isQuarryError, QuarryError } from "../../../../core/errors.ts";
import type { ExportFormat, ExportReport, ScanBatch } from "../../../../core/export.ts";
import { facet } from "../../../../core/facet-access.ts";
import { exportTable } from "../../../export/export-table.ts";
import type { JobContext } from "../../../live/jobs.ts";
import type { JobView } from "../contract.ts";
import { answer, param } from "../handlers.ts";
import type { UiServices } from "../services.ts";

const query = z.string().min(1).max(100_000);
const key = z.string().min(1).max(512).optional();

const exportInput = z.object({ query, key, format: z.enum(["csv", "ndjson", "json"]) });
const pageInput = z.object({
  query,
  key,
  /** Where the page starts: the `after` of the page before; none for the first. */
  after: z.array(z.unknown()).max(2).nullable().optional(),
  size: z.number().int().min(1).max(10_000),
});

/** One page of a query's rows, in key order. */
export interface QueryPage {
  columns: string[];
  rows: unknown[][];
  /** Rows the whole query answers (counted when the first page is read). */
  expected: number | null;
  /** Where the next page starts; null when this one is the last. */
  after: unknown[] | null;
}

/** The export job's work: every row into the file, a cancel said as such (the file removed). */
async function exportRows(
  source: Parameters<typeof exportTable>[0],
  out: { path: string; fileName: string; format: ExportFormat },
  { signal, progress }: JobContext,
) {
  let report: ExportReport;
  try {
    report = await exportTable(source, "query", {
      format: out.format,
      out: out.path,
      batchSize: 10_000,
      keepInterrupted: false,
      signal,
      onProgress: (p) =>
        progress({ done: p.done, total: p.total, rate: p.rate, etaSeconds: p.etaSeconds }),
    });
  } catch (e) {
    if (!signal.aborted) throw e;
    const details = isQuarryError(e) ? e.details : {};
    throw new QuarryError(
      "export_interrupted",
      `The export of the query's rows was cancelled${typeof details.written === "number" ? ` after ${details.written.toLocaleString("en-US")} rows` : ""}.`,
      "The partial file was removed. Export again to get the whole file.",
      { cancelled: true },
    );
  }
  return {
    ...report,
    fileName: out.fileName,
    downloadUrl: `/exports/${encodeURIComponent(out.fileName)}`,
  };
}

export function esqlRoutes(app: UiServices) {
  return new Hono()
    .post(
      "/connections/:id/esql/export",
      answer({ param: param("id"), json: exportInput }, async (req, { id }) => {
        const { format, key: by, query: text } = req.body;
        const { session } = await app.session(id);
        const source = facet(session, "queryLanguage").queryPages(text, by);
        await mkdir(app.exportDir, { recursive: true, mode: 0o700 });
        const fileName = `query-${new Date().toISOString().replace(/[:.]/g, "-")}.${format}`;
        const out = { path: join(app.exportDir, fileName), fileName, format };
        const job: JobView<"export"> = app.jobs.start(
          "export",
          "Exporting every row of the query",
          (run) => exportRows(source, out, run),
          { connections: [id] },
        );
        return job;
      }),
    )
    .post(
      "/connections/:id/esql/pages",
      answer({ param: param("id"), json: pageInput }, async (req, { id }): Promise<QueryPage> => {
        const { after, size, key: by, query: text } = req.body;
        const { session } = await app.session(id);
        const scan = await facet(session, "queryLanguage")
          .queryPages(text, by)
          .openScan("query", { format: "csv", batchSize: size, signal: req.signal });
        try {
          // The page asked for: the batches until it holds `size` rows (it may come in several).
          const rows: unknown[][] = [];
          let batch: ScanBatch | undefined;
          for await (const b of scan.batches(0, after ?? null)) {
            batch = b;
            for (const r of b.records) rows.push(r.values);
            if (b.last || rows.length >= size) break;
          }
          return {
            columns: [...scan.columns],
            rows,
            expected: scan.expected,
            after: batch && !batch.last ? batch.cursor : null,
          };
        } finally {
          await scan.close();
        }
      }),
    );
}
