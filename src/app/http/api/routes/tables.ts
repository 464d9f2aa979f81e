/**
 * The sidebar and the grid: indices, grids kept open (a point in time for deep pages), the view as
 * a request, a document's value in full, edits (validate, then save), index deletion behind its
 * plan, and export as a job with progress and a download.
 */
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { Hono } from "hono";
import { z } from "zod";
import type { ChangeSet } from "../../../../core/changes.ts";
import { isQuarryError, QuarryError } from "../../../../core/errors.ts";
import { displayValue } from "../../../../core/exact-json.ts";
import type { ExportFormat, ExportReport } from "../../../../core/export.ts";
import { facet } from "../../../../core/facet-access.ts";
import { FILTER_OPERATORS } from "../../../../core/filter-ops.ts";
import { type BrowseRequest, type FilterRow, RESULT_WINDOW } from "../../../../core/grid.ts";
import { type PackedPage, packPage } from "../../../../core/packed-page.ts";
import { exportTable } from "../../../export/export-table.ts";
import { badInput, FileAnswer } from "../answers.ts";
import type { DeletePlan, GridOpen, GridOpened, JobView, ViewAsRequest } from "../contract.ts";
import { answer, download, type Handler, param, passedOn } from "../handlers.ts";
import type { UiServices } from "../services.ts";
import { consoleRequest } from "../shapes.ts";

const EXPORT_TYPES: Record<ExportFormat, string> = {
  ndjson: "application/x-ndjson",
  csv: "text/csv",
  json: "application/json",
};

// Own keys only: "toString" is not a format.
const isExportFormat = (v: string): v is ExportFormat => Object.hasOwn(EXPORT_TYPES, v);

/** A browse request: its fields' types read here, their values the driver's to check. */
const browseRequest = passedOn<BrowseRequest>(
  z.object({
    filters: z.array(z.unknown()).optional(),
    rawQuery: z.string().optional(),
    sort: z.array(z.unknown()).optional(),
    page: z.number().optional(),
    pageSize: z.number().optional(),
    offset: z.number().optional(),
    refresh: z.boolean().optional(),
  }),
);

/** Opening a grid, with its first page when asked (contract.ts, GridOpen). */
const gridOpen = z.object({ first: browseRequest.optional() }).optional();

/** Edits: the rows' own shapes are the driver's to check (changes_refused, row by row). */
const changeSet = passedOn<ChangeSet>(
  z.object({
    updates: z.array(z.unknown()),
    inserts: z.array(z.unknown()),
    deletes: z.array(z.unknown()),
  }),
);

/** An export (contract.ts, ExportInput): the format and batch size are checked in its handler. */
const exportInput = z.object({
  format: z.string(),
  filters: passedOn<FilterRow[]>(z.array(z.unknown())).optional(),
  rawQuery: z.string().optional(),
  batchSize: z.number().optional(),
});

const tableParams = param("id", "table");

export function tableRoutes(app: UiServices) {
  return new Hono()
    .route("/", gridRoutes(app))
    .route("/", changeRoutes(app))
    .route("/", exportRoutes(app));
}

/** Tables, their columns, and the grids that browse them. */
function gridRoutes(app: UiServices) {
  return (
    new Hono()
      .get(
        "/connections/:id/tables",
        answer({ param: param("id") }, (_req, { id }) => app.listTables(id)),
      )
      .get(
        "/connections/:id/tables/:table/columns",
        answer({ param: tableParams }, (_req, { id, table }) => app.describeTable(id, table)),
      )
      .post(
        "/connections/:id/tables/:table/grid",
        answer({ param: tableParams, json: gridOpen }, (req, { id, table }) =>
          openGrid(app, id, table, req.body ?? {}),
        ),
      )
      // Pages go packed (packed-page.ts): the rows are most of an answer, their column names repeated.
      .post(
        "/grids/:grid/browse",
        answer(
          { param: param("grid"), json: browseRequest },
          async (req, { grid }): Promise<PackedPage> =>
            packPage(await app.grids.get(grid).view.browse(req.body)),
        ),
      )
      .delete(
        "/grids/:grid",
        answer({ param: param("grid") }, async (_req, { grid }) => {
          await app.grids.close(grid);
          return { ok: true };
        }),
      )
      /** The current view as the search it runs: for "Open in console" and "Copy as curl". */
      .post(
        "/grids/:grid/as-request",
        answer(
          { param: param("grid"), json: browseRequest },
          async (req, { grid }): Promise<ViewAsRequest> => {
            const g = app.grids.get(grid);
            const { session } = await app.session(g.connectionId);
            const request = await session.grid.viewAsRequest(g.table, req.body);
            return {
              request,
              consoleText: session.console.format(request),
              curl: session.console.toCurl(request),
            };
          },
        ),
      )
      /** One column's value of a document, in full (a cut cell is never edited as its fragment). */
      .get(
        "/connections/:id/documents/:index/:doc",
        answer(
          {
            param: param("id", "index", "doc"),
            query: z.object({ column: z.string().min(1) }),
          },
          async (req, { id, index, doc }) => {
            const { session } = await app.session(id);
            return { value: await session.grid.readValue(index, doc, req.query.column) };
          },
        ),
      )
  );
}

/** Edits, and deleting an index. */
function changeRoutes(app: UiServices) {
  return new Hono()
    .post(
      "/connections/:id/tables/:table/validate-changes",
      answer({ param: tableParams, json: changeSet }, async (req, { id, table }) => {
        const { session } = await app.session(id);
        return session.changes.validate(table, req.body);
      }),
    )
    .post(
      "/connections/:id/tables/:table/save",
      answer({ param: tableParams, json: changeSet }, async (req, { id, table }) => {
        const { session } = await app.session(id);
        return session.changes.save(table, req.body);
      }),
    )
    .get(
      "/connections/:id/tables/:table/delete-plan",
      answer({ param: tableParams }, async (_req, { id, table }): Promise<DeletePlan> => {
        const { session } = await app.session(id);
        const request = facet(session, "tableAdmin").planDeleteTable(table);
        return { request, text: session.console.format(request) };
      }),
    )
    .delete(
      "/connections/:id/tables/:table",
      answer(
        { param: tableParams, json: z.object({ confirmed: consoleRequest }) },
        async (req, { id, table }) => {
          const { session } = await app.session(id);
          await facet(session, "tableAdmin").deleteTable(table, req.body.confirmed);
          await app.grids.closeFor(id);
          return { ok: true };
        },
      ),
    );
}

/** Exports: the job that writes the file, and the file's download. */
function exportRoutes(app: UiServices) {
  return new Hono()
    .post(
      "/connections/:id/tables/:table/export",
      answer({ param: tableParams, json: exportInput }, startExport(app)),
    )
    .get(
      "/exports/:file",
      download({ param: exportFile }, (_req, { file }) => {
        const ext = file.split(".").at(-1) ?? "";
        const type = isExportFormat(ext) ? EXPORT_TYPES[ext] : "application/octet-stream";
        return new FileAnswer(join(app.exportDir, file), file, type);
      }),
    );
}

/** The export as a job that writes the file (its name is the table's and the time's). */
function startExport(
  app: UiServices,
): Handler<JobView<"export">, { param: typeof tableParams; json: typeof exportInput }> {
  return async (req, { id, table }) => {
    const input = req.body;
    const format = input.format;
    if (!isExportFormat(format))
      throw badInput(
        `Unknown export format "${displayValue(format)}".`,
        "Choose NDJSON, CSV or JSON.",
      );
    checkBatchSize(input.batchSize);
    const { session } = await app.session(id);
    await mkdir(app.exportDir, { recursive: true, mode: 0o700 });
    const stamp = new Date().toISOString().replace(/[:.]/g, "-");
    const fileName = `${table.replace(/[^A-Za-z0-9._-]/g, "_")}-${stamp}.${format}`;
    const out = join(app.exportDir, fileName);
    return app.jobs.start(
      "export",
      `Exporting ${table}`,
      async ({ signal, progress }) => {
        let report: ExportReport;
        try {
          report = await exportTable(facet(session, "exportScan"), table, {
            format,
            out,
            ...(input.filters ? { filters: input.filters } : {}),
            ...(input.rawQuery ? { rawQuery: input.rawQuery } : {}),
            ...(input.batchSize !== undefined ? { batchSize: input.batchSize } : {}),
            // Every UI export has a new file name and is never resumed: nothing is kept for one.
            keepInterrupted: false,
            signal,
            onProgress: (p) =>
              progress({ done: p.done, total: p.total, rate: p.rate, etaSeconds: p.etaSeconds }),
          });
        } catch (e) {
          if (!signal.aborted) throw inAppWords(e);
          const details = isQuarryError(e) ? e.details : {};
          throw exportCancelled(table, details.written, details.expected);
        }
        return { ...report, fileName, downloadUrl: `/exports/${encodeURIComponent(fileName)}` };
      },
      { connections: [id] },
    );
  };
}

/** Refused before the job starts, so the dialog shows it next to the field, not as a failed job. */
function checkBatchSize(v: unknown): void {
  if (v === undefined) return;
  if (typeof v !== "number" || !Number.isInteger(v) || v < 1 || v > RESULT_WINDOW) {
    throw badInput(
      `Documents per request: "${displayValue(v)}" is not a whole number from 1 to ${RESULT_WINDOW.toLocaleString("en-US")}.`,
      `Enter a number from 1 to ${RESULT_WINDOW.toLocaleString("en-US")}; 5,000 suits most indices, fewer suits large documents.`,
    );
  }
}

/**
 * An export the cluster interrupted (a node left, its snapshot expired), as the dialog shows it:
 * the driver's reason, and what to do here. The app keeps nothing of it to resume (every export
 * has a file of its own), so the CLI's `--resume` advice does not apply.
 */
function inAppWords(e: unknown): unknown {
  if (!isQuarryError(e) || e.code !== "export_interrupted") return e;
  return new QuarryError(
    "export_interrupted",
    e.message,
    "The partial file was removed. Export again once the cluster is healthy: a new export reads the index as it is then.",
    e.details,
  );
}

/** A cancelled export, as the dialog shows it: how far it got and that nothing was kept. */
function exportCancelled(table: string, written: unknown, expected: unknown): QuarryError {
  const n = (v: unknown) => (typeof v === "number" ? v.toLocaleString("en-US") : null);
  const got = n(written) !== null && n(expected) !== null;
  return new QuarryError(
    "export_interrupted",
    `The export of ${table} was cancelled${got ? ` after ${n(written)} of ${n(expected)} documents` : ""}.`,
    "The partial file was removed. Export again to get the whole file.",
    { ...(got ? { written, expected } : {}), cancelled: true },
  );
}

/**
 * A grid, and its first page when asked: the page is read as the grid's first (`refresh`: the
 * columns read now, beside the search, not held ones) and its columns are the grid's.
 */
async function openGrid(
  app: UiServices,
  id: string,
  table: string,
  open: GridOpen,
): Promise<GridOpened> {
  const { gridId, columns, filterOps, first } = await app.live.openGrid(id, table, open.first);
  return {
    gridId,
    columns,
    filterOps: filterOps.map(({ column, ops }) => ({
      column,
      ops: ops.map((op) => ({ value: op, label: FILTER_OPERATORS[op].label })),
    })),
    ...(first ? { first: packPage(first) } : {}),
  };
}

/** An export's file name as the app made it: no folder, no hidden file. */
const exportFile = z.object({
  file: z.string().regex(/^[A-Za-z0-9_-][A-Za-z0-9._-]*$/, { error: "is not an export file name" }),
});
