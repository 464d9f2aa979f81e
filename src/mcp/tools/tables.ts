/** `list_tables`, `describe_table`, `get_mapping`: what a cluster holds and how it is mapped. */
import { z } from "zod";
import { facet } from "../../core/facet-access.ts";
import { connectionArg, defineTool, reachConnection, tableArg } from "./context.ts";
import { consoleOutput, OUTPUTS } from "./outputs.ts";
import { columnRecord, consoleRecord, tableRecord } from "./shape.ts";

export const listTables = defineTool({
  name: "list_tables",
  title: "List indices",
  description: "Indices of a connection: documents, size, health, status.",
  input: z.strictObject({
    connection: connectionArg,
    pattern: z
      .string()
      .max(255)
      .optional()
      .describe("Only indices whose name contains this text (case-insensitive)."),
  }),
  output: OUTPUTS.listTables,
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false },
  cutHint: "Pass a pattern to list fewer indices.",
  async run(args, ctx) {
    const { session } = await reachConnection(ctx, args.connection);
    const needle = args.pattern?.toLowerCase();
    const asked = needle ? { nameContains: needle } : {};
    const tables = (await session.listTables(asked)).filter(
      (t) => !needle || t.name.toLowerCase().includes(needle),
    );
    return { count: tables.length, tables: tables.map(tableRecord) };
  },
});

export const describeTable = defineTool({
  name: "describe_table",
  title: "Describe an index",
  description: "Fields of an index: type, sort field, filterable. Before any query.",
  input: z.strictObject({ connection: connectionArg, table: tableArg }),
  output: OUTPUTS.describeTable,
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false },
  async run(args, ctx) {
    const { session } = await reachConnection(ctx, args.connection);
    const columns = await session.describeTable(args.table);
    return { table: args.table, columns: columns.map(columnRecord) };
  },
});

export const getMapping = defineTool({
  name: "get_mapping",
  title: "Get an index's mapping",
  description:
    "Returns the raw Elasticsearch mapping of an index (or of every index behind an alias or pattern): field types, multi-fields, analyzers and nested paths, as GET /<index>/_mapping answers.",
  input: z.strictObject({ connection: connectionArg, table: tableArg }),
  output: consoleOutput,
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false },
  async run(args, ctx) {
    const { session } = await reachConnection(ctx, args.connection);
    const request = facet(session, "agentRequests").schemaRequest(args.table);
    ctx.audit.request = { method: request.method, path: request.path, class: "read" };
    const result = await session.runConsole(request, { signal: ctx.signal });
    return consoleRecord(result);
  },
});
