/** `count_rows`, `get_document`, `export_data`: reading documents. */
import { mkdir, open, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";
import { facet } from "../../core/facet-access.ts";
import { browseRequest, filtersArg, HIDDEN, queryArg, whereArg } from "./compact-args.ts";
import { connectionArg, defineTool, reachConnection, tableArg } from "./context.ts";
import { OUTPUTS } from "./outputs.ts";
import { consoleRecord, partialRecord } from "./shape.ts";

export const countRows = defineTool({
  name: "count_rows",
  title: "Count documents",
  description:
    "Counts the documents of an index that match the given column filters and Lucene query (exact count).",
  input: z.strictObject({
    connection: connectionArg,
    table: tableArg,
    filters: filtersArg,
    query: queryArg,
  }),
  output: OUTPUTS.countRows,
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false },
  async run(args, ctx) {
    const { session } = await reachConnection(ctx, args.connection);
    const result = await session.browse(args.table, { ...browseRequest(args), pageSize: 1 });
    return { ...partialRecord(result.partial), table: args.table, count: result.total };
  },
});

export const getDocument = defineTool({
  name: "get_document",
  title: "Get a document",
  description:
    "Returns one document by its _id, with its _index, _seq_no and _primary_term (send those back with a write to refuse it if the document changed meanwhile). Works on an alias or pattern too.",
  input: z.strictObject({
    connection: connectionArg,
    table: tableArg,
    id: z.string().min(1).max(512).describe("The document's _id."),
  }),
  output: OUTPUTS.getDocument,
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false },
  async run(args, ctx) {
    const { session } = await reachConnection(ctx, args.connection);
    const lookup = facet(session, "agentRequests").recordLookup(args.table, args.id);
    const { method, path } = lookup.request;
    ctx.audit.request = { method, path, class: "read" };
    const result = await session.runConsole(lookup.request, {
      signal: ctx.signal,
      searchAs: "json",
    });
    if (result.kind === "error") return consoleRecord(result);
    const [record, ...more] = lookup.records(result.raw);
    // Not found on the shards that answered: it may be on one that did not.
    if (!record)
      return {
        ...partialRecord(result.kind === "json" ? result.partial : undefined),
        found: false,
        table: args.table,
        _id: args.id,
      };
    return {
      found: true,
      ...record,
      ...(more.length > 0
        ? { note: "More than one index behind this name holds this _id; the first is shown." }
        : {}),
    };
  },
});

const EXTENSIONS = { ndjson: "ndjson", csv: "csv", json: "json" } as const;

export const exportData = defineTool({
  name: "export_data",
  title: "Export an index to a file",
  description: "Writes every matching row to a file.",
  input: z.strictObject({
    connection: connectionArg,
    table: tableArg,
    format: z.enum(["ndjson", "csv", "json"]).optional().describe("Default ndjson."),
    where: whereArg,
    filters: filtersArg.meta(HIDDEN),
    query: queryArg,
    file_name: z
      .string()
      .regex(/^[A-Za-z0-9][A-Za-z0-9._ -]{0,99}$/, "letters, digits, '.', '_', '-' and spaces")
      .optional()
      .describe("Base name of the file (no folder, no extension); default <table>-<time>.")
      .meta(HIDDEN),
  }),
  output: OUTPUTS.exportData,
  annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
  async run(args, ctx) {
    const { session } = await reachConnection(ctx, args.connection);
    const format = args.format ?? "ndjson";
    const out = await reserveFile(
      ctx.exportDir,
      args.file_name ?? `${args.table.replace(/[^A-Za-z0-9._-]/g, "_")}-${stamp()}`,
      EXTENSIONS[format],
    );
    const report = await ctx
      .exportTable(facet(session, "exportScan"), args.table, {
        format,
        out,
        ...browseRequest(args),
        signal: ctx.signal,
        onProgress: (p) =>
          void ctx.progress(p.done, p.total, `${p.done} of ${p.total} documents written`),
      })
      .catch(async (e: unknown) => {
        // The file this call reserved (empty) goes with the call; a file with content stays.
        if ((await stat(out).catch(() => undefined))?.size === 0) await rm(out, { force: true });
        throw e;
      });
    return {
      path: report.out,
      format: report.format,
      written: report.written,
      expected: report.expected,
      duration_ms: report.durationMs,
    };
  },
});

/** Creates the file exclusively (so nothing is ever overwritten), adding -1, -2... when taken. */
async function reserveFile(dir: string, base: string, ext: string): Promise<string> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const name = base.replace(/\.(ndjson|csv|json)$/i, "");
  for (let i = 0; i < 1000; i++) {
    const path = join(dir, `${i === 0 ? name : `${name}-${i}`}.${ext}`);
    try {
      const handle = await open(path, "wx", 0o600);
      await handle.close();
      return path;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
    }
  }
  throw new Error(`no free file name for ${name}.${ext} in ${dir}`);
}

function stamp(): string {
  return new Date().toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
}
