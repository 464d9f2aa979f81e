/** The catalog's `fields` view: find fields by name or type across indices, as one compact table. */
import { z } from "zod";
import { viewsOf } from "./cluster.ts";
import { connectionArg, defineTool, reachConnection } from "./context.ts";
import { output, pagedFields, tableShape } from "./outputs.ts";
import { cursorArg, limitArg, pageFields, pageOf, shortList } from "./paging.ts";

/** Index names shown per field; a field in more says how many more. */
const INDICES_SHOWN = 5;

export const searchFields = defineTool({
  name: "fields",
  title: "Search fields across indices",
  description:
    'Finds fields by name or type across indices (from their mappings, through field capabilities): e.g. name "customer" finds customer.name, customer_id...; name "*.city" a glob; types ["date"] every date field. One row per field and type: its dotted name, type, the indices that map it so (the first 5, then "+N more"), and whether it can be searched and aggregated. Object and nested fields are listed as such; metadata fields (_id...) are not.',
  input: z.strictObject({
    connection: connectionArg,
    name: z
      .string()
      .max(255)
      .optional()
      .describe("Part of the field's dotted name (case-insensitive), or a glob with * and ?."),
    types: z
      .array(z.string().min(1).max(64))
      .max(20)
      .optional()
      .describe('Only fields of these types, e.g. ["keyword", "text"].'),
    table: z
      .string()
      .min(1)
      .max(255)
      .optional()
      .describe("Only these indices: a name, alias, pattern or comma list; default every index."),
    limit: limitArg(100, 1000),
    cursor: cursorArg,
  }),
  output: output({ ...tableShape, ...pagedFields }),
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false },
  cutHint: "Narrow name, types or table, or pass a smaller limit and follow next_cursor.",
  async run(args, ctx) {
    const { session } = await reachConnection(ctx, args.connection);
    const found = await viewsOf(session, "tableViews").findFields(
      {
        ...(args.name ? { name: args.name } : {}),
        ...(args.types ? { types: args.types } : {}),
        ...(args.table ? { tables: args.table } : {}),
      },
      { signal: ctx.signal },
    );
    const page = pageOf(found, args.cursor, args.limit ?? 100);
    return {
      columns: ["field", "type", "indices", "searchable", "aggregatable"],
      rows: page.rows.map((f) => [
        f.name,
        f.type,
        shortList(f.tables, INDICES_SHOWN),
        f.searchable,
        f.aggregatable,
      ]),
      ...pageFields(page),
    };
  },
});
