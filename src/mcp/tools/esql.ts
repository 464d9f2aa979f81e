/**
 * `esql`: one query in the database's piped query language (ES|QL), under every policy layer as a
 * read (the driver's classifier calls a query a read, so Read Only connections run it). The
 * driver words the request (`queryRequest`), refuses a cluster without the language and reads the
 * answer as a typed table (core/query-table.ts); this tool only makes that table compact for a
 * model: column names and types, at most `rows` rows, and one note saying what was left out.
 */
import { z } from "zod";
import { isQuarryError, QuarryError } from "../../core/errors.ts";
import { facet } from "../../core/facet-access.ts";
import type { QueryTable } from "../../core/query-table.ts";
import { HIDDEN } from "./compact-args.ts";
import { connectionArg, defineTool, reachForRequest } from "./context.ts";
import { output } from "./outputs.ts";

/** Rows an answer shows unless the call asks for more. */
const ROW_CAP = 100;
const REMEDY =
  "Use aggregate, browse_table or catalog, or execute_query with the Query DSL, for the same question.";

const unavailable = (why: string) =>
  new QuarryError("unsupported_cluster", why, REMEDY, { esql: false });

export interface CompactQueryTable {
  columns: string[];
  types: string[];
  rows: unknown[][];
  row_count: number;
  rows_note?: string;
  partial?: boolean;
  /** Per column an approximate function made: "exact" (checked), "±N" or "estimate". */
  accuracy?: Record<string, string>;
}

/** Pure: the driver's table in as few characters as keep it exact, saying what was left out. */
export function compactQueryTable(table: QueryTable, cap: number): CompactQueryTable {
  const rows = table.rows.slice(0, cap);
  const notes: string[] = [];
  if (table.rows.length > rows.length)
    notes.push(
      `${rows.length} of ${table.rows.length} rows shown; add LIMIT, WHERE or STATS to narrow the query, or ask for more rows.`,
    );
  if (table.cut) notes.push(`${table.cut.message} ${table.cut.remedy}`);
  const marked = table.columns.filter((c) => c.accuracy);
  return {
    columns: table.columns.map((c) => c.name),
    types: table.columns.map((c) => c.type),
    rows,
    row_count: table.rows.length,
    ...(notes.length ? { rows_note: notes.join(" ") } : {}),
    ...(table.partial ? { partial: true } : {}),
    ...(marked.length
      ? { accuracy: Object.fromEntries(marked.map((c) => [c.name, c.accuracy?.word ?? ""])) }
      : {}),
  };
}

/** Whether the query's rows can be read past the cap in keyed pages (export_data's esql). */
function pageable(session: Parameters<typeof facet>[0], query: string): boolean {
  try {
    facet(session, "queryLanguage").queryPages(query);
    return true;
  } catch {
    return false;
  }
}

export const esql = defineTool({
  name: "esql",
  title: "Run an ES|QL query",
  description: "One ES|QL query; a typed table.",
  input: z.strictObject({
    connection: connectionArg,
    query: z.string().min(1).max(100_000),
    rows: z.number().int().min(1).max(10_000).optional().meta(HIDDEN),
  }),
  output: output({
    columns: z.array(z.string()),
    types: z.array(z.string()),
    rows: z.array(z.array(z.unknown())),
    row_count: z.number().int(),
    rows_note: z.string().optional(),
    partial: z.boolean().optional(),
    accuracy: z.record(z.string(), z.string()).optional(),
  }),
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false },
  cutHint: "Narrow the query (WHERE, KEEP fewer columns, LIMIT, STATS).",
  async run(args, ctx) {
    const { session, request } = await reachForRequest(ctx, args.connection, (s) => {
      return facet(s, "queryLanguage").queryRequest(args.query);
    });
    const result = await session.console
      .run(request, {
        signal: ctx.signal,
        searchAs: "json",
        // A long query runs as an async one: each poll a progress report.
        onProgress: (p) =>
          void ctx.progress(
            p.done,
            undefined,
            `query ${p.task} running ${Math.round((p.elapsedMs ?? 0) / 1000)} s`,
          ),
      })
      .catch((e: unknown) => {
        // The driver's refusal names why (the version, or no engine); the remedy is this surface's.
        if (isQuarryError(e) && e.details?.feature === "esql") throw unavailable(e.message);
        throw e;
      });
    if (result.kind === "error") {
      throw new QuarryError(
        "invalid_input",
        `The cluster refused the query (${result.status} ${result.type ?? "error"}): ${result.reason}`,
        "Fix the query at the position given; describe_table lists the fields and their ES|QL types.",
        {
          status: result.status,
          type: result.type,
          ...(result.queryPosition ? { position: result.queryPosition } : {}),
        },
      );
    }
    if (result.kind !== "json" || !result.queryTable)
      throw unavailable("The cluster's answer was not a query table.");
    const compact = compactQueryTable(result.queryTable, args.rows ?? ROW_CAP);
    if (result.queryTable.cut && pageable(session, args.query))
      compact.rows_note = `${compact.rows_note} export_data with esql (this query) writes every row.`;
    return { ...compact };
  },
});
