/** `export_data`: every matching document written to a file of the app's exports folder. */
import { mkdir, open, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";
import { QuarryError } from "../../core/errors.ts";
import { facet } from "../../core/facet-access.ts";
import { browseRequest, filtersArg, HIDDEN, queryArg, whereArg } from "./compact-args.ts";
import { connectionArg, defineTool, reachConnection, tableArg } from "./context.ts";
import { OUTPUTS } from "./outputs.ts";

const EXTENSIONS = { ndjson: "ndjson", csv: "csv", json: "json" } as const;

export const exportData = defineTool({
  name: "export_data",
  title: "Export an index to a file",
  description: "Writes every matching row to a file.",
  input: z.strictObject({
    connection: connectionArg,
    table: tableArg.optional(),
    // Every row of an ES|QL query, past its 10,000-row cap, in keyed pages (the esql tool's note
    // names it when an answer is cut).
    esql: z.string().min(1).max(100_000).optional().meta(HIDDEN),
    key: z.string().min(1).max(512).optional().meta(HIDDEN),
    format: z.enum(["ndjson", "csv", "json"]).optional().describe("Default ndjson.").meta(HIDDEN),
    where: whereArg,
    filters: filtersArg.meta(HIDDEN),
    query: queryArg.meta(HIDDEN),
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
    const source = sourceOf(args);
    const { connection, session } = await reachConnection(ctx, args.connection);
    const format = args.format ?? "ndjson";
    // A query that cannot be paged is refused here, before a file is reserved.
    const scan =
      "esql" in source
        ? facet(session, "queryLanguage").queryPages(source.esql, args.key)
        : facet(session, "exportScan");
    const label = "esql" in source ? "esql" : source.table;
    const out = await reserveFile(
      ctx.exportDir,
      args.file_name ?? `${label.replace(/[^A-Za-z0-9._-]/g, "_")}-${stamp()}`,
      EXTENSIONS[format],
    );
    const report = await ctx
      .exportTable(
        scan,
        label,
        {
          format,
          out,
          ...("esql" in source ? { batchSize: 10_000 } : browseRequest(args)),
          signal: ctx.signal,
          onProgress: (p) =>
            void ctx.progress(p.done, p.total, `${p.done} of ${p.total} documents written`),
        },
        { connectionId: connection.id },
      )
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

/** What is exported: a table (with its filters), or the rows of an ES|QL query. */
function sourceOf(args: {
  table?: string | undefined;
  esql?: string | undefined;
  where?: unknown;
  filters?: unknown;
  query?: unknown;
  key?: string | undefined;
}): { table: string } | { esql: string } {
  if (args.esql !== undefined) {
    if (args.table !== undefined || args.where || args.filters || args.query)
      throw new QuarryError(
        "invalid_input",
        "esql exports a query's rows: table, where, filters and query go with a table export",
        "Give esql alone (its WHERE filters the rows), or table with its filters.",
      );
    return { esql: args.esql };
  }
  if (args.key !== undefined)
    throw new QuarryError("invalid_input", "key goes with esql", "Leave key out, or give esql.");
  if (args.table === undefined)
    throw new QuarryError(
      "invalid_input",
      "Nothing to export: give table (an index, alias or pattern) or esql (a query)",
      "Add table, or esql with the query.",
    );
  return { table: args.table };
}

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
