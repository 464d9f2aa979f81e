/**
 * `esql`: one ES|QL query, under every policy layer as a read (the driver's classifier calls a
 * query a read, so Read Only connections run it), answered as a compact table with the column
 * types (core/piped-query.ts), a row cap with a note, and the cluster's error with its position.
 * A cluster without ES|QL (before 8.11, or a distribution without its module) is refused in
 * words that say so, before or after asking it.
 */
import { z } from "zod";
import type { ConsoleRequest } from "../../core/console.ts";
import { QuarryError } from "../../core/errors.ts";
import { type QueryAnswer, queryProblems, queryTable } from "../../core/piped-query.ts";
import { HIDDEN } from "./compact-args.ts";
import { connectionArg, defineTool, reachForRequest } from "./context.ts";
import { output } from "./outputs.ts";

/** Rows an answer shows unless the call asks for more. */
const ROW_CAP = 100;
const FIRST = { major: 8, minor: 11 };

const unavailable = (why: string) =>
  new QuarryError(
    "unsupported_cluster",
    `This cluster has no ES|QL: ${why}`,
    "Use aggregate, browse_table or catalog, or execute_query with the Query DSL, for the same question.",
    { esql: false },
  );

/** Why a server of this product and version cannot run ES|QL, or undefined when it can. */
export function esqlMissing(product: string, version: string): string | undefined {
  const [major = 0, minor = 0] = version.split(".").map(Number);
  if (!/^elasticsearch$/i.test(product) || major < 8)
    return `${product} ${version} does not have it (ES|QL came with Elasticsearch 8.11)`;
  if (major === FIRST.major && minor < FIRST.minor)
    return `Elasticsearch ${version} does not have it (ES|QL came with 8.11)`;
  return undefined;
}

/** A cluster that has no route for queries answers as if `_query` were an index. */
const NO_ROUTE = /Incorrect HTTP method for uri|no handler found for uri|no such index \[_query\]/i;

export const esql = defineTool({
  name: "esql",
  title: "Run an ES|QL query",
  description: "An ES|QL query; a table with column types.",
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
  }),
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false },
  cutHint: "Narrow the query (WHERE, KEEP fewer columns, LIMIT, STATS).",
  async run(args, ctx) {
    const request: ConsoleRequest = {
      method: "POST",
      path: "/_query",
      body: { query: args.query },
    };
    const { session } = await reachForRequest(ctx, args.connection, request);
    const server = await session.testConnection();
    const missing = esqlMissing(server.product, server.version);
    if (missing) throw unavailable(missing);
    const result = await session.runConsole(request, { signal: ctx.signal, searchAs: "json" });
    if (result.kind === "error") {
      if (NO_ROUTE.test(`${result.reason ?? ""} ${JSON.stringify(result.raw ?? "")}`))
        throw unavailable(
          `${server.product} ${server.version} answers no query route (a distribution without the ES|QL module)`,
        );
      const problems = queryProblems(result.reason ?? "the query failed");
      throw new QuarryError(
        "invalid_input",
        `The cluster refused the query (${result.status} ${result.type ?? "error"}): ${problems.map((p) => (p.line ? `line ${p.line}:${p.column}: ${p.message}` : p.message)).join("; ")}`,
        "Fix the query at the position given; catalog view columns lists the fields and their ES|QL types.",
        { status: result.status, type: result.type, problems },
      );
    }
    const answer = (result.raw ?? {}) as QueryAnswer;
    return { ...queryTable(answer, args.rows ?? ROW_CAP, args.query) };
  },
});
