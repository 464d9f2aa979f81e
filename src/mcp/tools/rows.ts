/** `export_data`: every matching document written to a file of the app's exports folder. */
import { mkdir, open, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";
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
    table: tableArg,
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
