/**
 * The Compare page: two indices or two clusters compared as a job (the same comparison as
 * `quarry compare`, core/compare-*.ts), its progress polled through /jobs, and one document's
 * field diff.
 */
import { Hono } from "hono";
import { z } from "zod";
import { compareRecords, recordDiff } from "../../../../core/compare-records.ts";
import { compareServers, compareTables } from "../../../../core/compare-tables.ts";
import { badInput } from "../answers.ts";
import type { CompareDocumentAnswer, CompareJobResult } from "../compare-contract.ts";
import { answer } from "../handlers.ts";
import type { UiServices } from "../services.ts";

const side = z.object({
  connection: z.string().min(1),
  table: z.string().trim().min(1).max(255).optional(),
});

const compareInput = z.object({
  left: side,
  right: side,
  documents: z.boolean().optional(),
  sample: z.number().int().min(1).max(100_000_000).optional(),
});

async function sideOf(app: UiServices, s: z.infer<typeof side>) {
  const { connection, session } = await app.session(s.connection);
  return { session, table: s.table ?? "", connection: connection.name };
}

function checkSides(input: { left: { table?: string }; right: { table?: string } }): void {
  if ((input.left.table === undefined) !== (input.right.table === undefined))
    throw badInput(
      "One side names an index and the other a whole cluster.",
      "Pick an index on both sides, or none to compare the clusters.",
    );
}

export function compareRoutes(app: UiServices) {
  return new Hono()
    .post(
      "/compare",
      answer({ json: compareInput }, async (req) => {
        const input = req.body;
        checkSides(input);
        const [left, right] = await Promise.all([
          sideOf(app, input.left),
          sideOf(app, input.right),
        ]);
        const label = `Comparing ${left.connection}${left.table ? `:${left.table}` : ""} and ${right.connection}${right.table ? `:${right.table}` : ""}`;
        return app.jobs.start(
          "compare",
          label,
          async ({ signal, progress }) => {
            if (!input.left.table) {
              const report = await compareServers(left, right);
              return { ...report, documents: null, notes: [] } satisfies CompareJobResult;
            }
            const tables = await compareTables(left, right);
            const notes: string[] = [];
            const both = tables.profiles.left.exists && tables.profiles.right.exists;
            if (input.documents && !both)
              notes.push("Documents not compared: the index is missing on one side.");
            if (!input.documents || !both)
              return { ...base(tables), documents: null, notes } satisfies CompareJobResult;
            const records = await compareRecords(left, right, {
              ...(input.sample ? { sample: input.sample } : {}),
              signal,
              onProgress: (p) =>
                progress({ done: p.done, total: p.total, rate: p.rate, etaSeconds: p.etaSeconds }),
            });
            const c = records.counts;
            return {
              ...base(tables),
              equal: tables.equal && records.equal,
              rows: [...tables.rows, ...records.rows],
              documents: { ...c, whole: records.whole, cut: records.cut },
              notes,
            } satisfies CompareJobResult;
          },
          { connections: [input.left.connection, input.right.connection] },
        );
      }),
    )
    .post(
      "/compare/document",
      answer(
        { json: z.object({ left: side, right: side, id: z.string().min(1).max(512) }) },
        async (req): Promise<CompareDocumentAnswer> => {
          const { left, right, id } = req.body;
          if (!left.table || !right.table)
            throw badInput(
              "A document is compared between two indices.",
              "Pick an index on both sides.",
            );
          const diff = await recordDiff(await sideOf(app, left), await sideOf(app, right), id);
          return { id, left: diff.left ?? null, right: diff.right ?? null, fields: diff.fields };
        },
      ),
    );
}

function base(t: { left: string; right: string; equal: boolean; rows: CompareJobResult["rows"] }) {
  return { left: t.left, right: t.right, equal: t.equal, rows: t.rows };
}
