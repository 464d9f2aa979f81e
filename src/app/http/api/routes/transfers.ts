/**
 * Copy to… and Import in the UI: the check that shows what a copy will do, the copy as a job (the
 * same copy as `quarry copy`, with Overwrite confirmed by the target's name), a file uploaded for
 * an import (streamed to the app's data folder, never held in memory), the preview of its first
 * records, and the import as a job (the same import as `quarry import`). Jobs report progress and
 * end with the report; the UI polls them through /jobs like an export.
 */
import { join } from "node:path";
import { Hono } from "hono";
import { z } from "zod";
import { facet } from "../../../../core/facet-access.ts";
import { LOAD_MODES } from "../../../../core/transfer.ts";
import { type CopyEnd, copyTable } from "../../../transfer/copy.ts";
import { checkCopy, replaceTarget, sameTable } from "../../../transfer/copy-check.ts";
import { refused } from "../../../transfer/copy-target.ts";
import { previewFile } from "../../../transfer/file-preview.ts";
import { importFile } from "../../../transfer/import.ts";
import { confirmShown } from "../../../transfer/import-create.ts";
import { cancelledTransfer, transferInUiWords } from "../../../transfer/ui-words.ts";
import { UploadStore } from "../../../transfer/uploads.ts";
import { badInput } from "../answers.ts";
import { answer, param, streamed } from "../handlers.ts";
import type { UiServices } from "../services.ts";
import type { CopyCheck, ImportPreview, UploadAnswer } from "../transfer-contract.ts";

/** The upload's path below /api: the one route whose body is a file, not JSON. */
export const UPLOAD_PATH = "/uploads";

/** The most documents a copy's batch may hold (a search page's own limit). */
const MAX_BATCH = 10_000;

const stores = new WeakMap<UiServices, UploadStore>();

/** The app's folder for checkpoints and failure files (the CLI's too), and its uploads. */
const workDir = (app: UiServices) => join(app.storage.dir, "transfers");

function uploads(app: UiServices): UploadStore {
  let store = stores.get(app);
  if (!store) {
    store = new UploadStore(join(workDir(app), "uploads"));
    stores.set(app, store);
  }
  return store;
}

type End = CopyEnd & { settings: unknown };

async function endOf(app: UiServices, connectionId: string, table: string): Promise<End> {
  const { connection, session } = await app.session(connectionId);
  return { session, table, connection: connection.name, settings: connection.settings };
}

export function transferRoutes(app: UiServices) {
  return new Hono().route("/", copyRoutes(app)).route("/", importRoutes(app));
}

/**
 * The upload itself: its body is streamed to a file, not read as JSON (the typed client sends the
 * file as the request's body; web/src/api/client.ts).
 */
export function uploadRoute(app: UiServices) {
  return new Hono().post(
    UPLOAD_PATH,
    streamed(
      { query: z.object({ name: z.string().optional() }) },
      async ({ query, file }): Promise<UploadAnswer> => {
        if (!file) throw badInput("The upload has no file in it.", "Pick the file again.");
        const upload = await uploads(app).receive(file, query.name ?? null);
        return { uploadId: upload.id, name: upload.name, bytes: upload.bytes };
      },
    ),
  );
}

const tableParams = param("id", "table");

/** Where a copy goes: a saved connection's id and an index's name (trimmed, not empty). */
const copyTarget = z.object({ to: z.string().min(1), table: z.string().trim().min(1) });

/** A copy (transfer-contract.ts, CopyInput). */
const copyInput = copyTarget.extend({
  mode: z.enum(["new", "append", "overwrite"]),
  confirm: z.string().optional(),
  batchSize: z
    .number()
    .int({ error: "must be a whole number from 1 to 10,000 (1,000 when left empty)" })
    .min(1)
    .max(MAX_BATCH)
    .optional(),
});

/** An import (transfer-contract.ts, ImportInput); the fields shown are compared with the plan's. */
const importInput = z.object({
  uploadId: z.string(),
  mode: z.enum(LOAD_MODES),
  createFields: z.record(z.string(), z.string()).optional(),
});

function copyRoutes(app: UiServices) {
  return new Hono()
    .get(
      "/connections/:id/tables/:table/copy-check",
      answer(
        { param: tableParams, query: copyTarget },
        async (req, { id, table }): Promise<CopyCheck> => {
          const { to, table: name } = req.query;
          const [source, target] = await Promise.all([endOf(app, id, table), endOf(app, to, name)]);
          const check = await checkCopy(source, target);
          return {
            source: { connection: source.connection, table, records: check.sourceRecords },
            target: { connection: target.connection, table: name, ...check.target },
            create: check.create,
            deleteText: check.deleteText,
            refusal: check.refusal,
          };
        },
      ),
    )
    .post(
      "/connections/:id/tables/:table/copy",
      answer({ param: tableParams, json: copyInput }, async (req, { id, table }) => {
        const input = req.body;
        const [source, target] = await Promise.all([
          endOf(app, id, table),
          endOf(app, input.to, input.table),
        ]);
        if (sameTable(source, target))
          throw refused(
            `${input.table} on ${target.connection} is the source itself: a copy never writes to its source`,
            "Name another target index, or choose another connection.",
          );
        return app.jobs.start(
          "copy",
          `Copying ${table} to ${target.connection}/${input.table}`,
          async ({ signal, progress }) => {
            try {
              if (input.mode === "overwrite") await replaceTarget(source, target, input.confirm);
              return await copyTable(source, target, {
                ...(input.mode === "append" ? { append: true } : {}),
                ...(input.batchSize !== undefined ? { batchSize: input.batchSize } : {}),
                workDir: workDir(app),
                signal,
                onProgress: (p) => progress({ ...p }),
              });
            } catch (e) {
              throw transferInUiWords(e, "copy");
            }
          },
          { connections: [id, input.to] },
        );
      }),
    );
}

function importRoutes(app: UiServices) {
  return new Hono()
    .delete(
      "/uploads/:upload",
      answer({ param: param("upload") }, async (_req, { upload }) => {
        await uploads(app).remove(upload);
        return { ok: true };
      }),
    )
    .post(
      "/connections/:id/import-preview",
      answer(
        {
          param: param("id"),
          json: z.object({ uploadId: z.string(), table: z.string().trim().optional() }),
        },
        async (req, { id }): Promise<ImportPreview> => {
          const upload = uploads(app).get(req.body.uploadId);
          const { session } = await app.session(id);
          const table = req.body.table ?? "";
          const preview = await previewFile(session, upload.path, table || undefined);
          const state = table ? await facet(session, "transfer").tableState(table) : null;
          return { ...preview, target: state ? { table, ...state } : null };
        },
      ),
    )
    .post(
      "/connections/:id/tables/:table/import",
      answer({ param: tableParams, json: importInput }, async (req, { id, table }) => {
        const input = req.body;
        const store = uploads(app);
        const upload = store.get(input.uploadId);
        const { session } = await app.session(id);
        return app.jobs.start(
          "import",
          `Importing ${upload.name} into ${table}`,
          async ({ signal, progress }) => {
            let written = 0;
            try {
              const report = await importFile(session, table, {
                input: { path: upload.path },
                mode: input.mode,
                // Without the dialog's tick, the import's own refusal (nothing confirmed) stands.
                ...(input.createFields ? { confirmCreate: confirmShown(input.createFields) } : {}),
                workDir: workDir(app),
                signal,
                onProgress: (p) => {
                  written = p.written;
                  progress({
                    done: p.done,
                    total: p.total,
                    etaSeconds: p.etaSeconds,
                    written: p.written,
                    failed: p.failed,
                  });
                },
              });
              return { ...report, input: upload.name };
            } catch (e) {
              const stopped = `The import of ${upload.name} into ${table} was cancelled after ${written.toLocaleString("en-US")} documents were written`;
              throw transferInUiWords(
                cancelledTransfer(e, signal.aborted, "import", stopped),
                "import",
              );
            } finally {
              await store.remove(upload.id);
            }
          },
          { connections: [id] },
        );
      }),
    );
}
