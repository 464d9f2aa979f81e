/**
 * `catalog`: one tool for how a connection's cluster runs, by `view` (docs/mcp.md, "The catalog"):
 * fields across indices (fields.ts), health with a shard's allocation explained, nodes, shards
 * and index statistics (cluster.ts), one index in full (index-details.ts); snapshots, templates, users and
 * keys (admin-views.ts); two indices or two clusters compared (compare-view.ts). One listed tool instead of seven keeps what a model reads before its first
 * call small; an index's own fields are `describe_table`'s, its list `list_tables`'.
 */
import { z } from "zod";
import { QuarryError } from "../../core/errors.ts";
import { adminView } from "./admin-views.ts";
import { clusterHealth, getShards, indexStats, nodesView } from "./cluster.ts";
import { HIDDEN } from "./compact-args.ts";
import { compareView } from "./compare-view.ts";
import { connectionArg, defineTool, type ToolContext, type ToolDefinition } from "./context.ts";
import { searchFields } from "./fields.ts";
import { indexDetails } from "./index-details.ts";
import { queriesView } from "./saved-queries.ts";

export const CATALOG_VIEWS = [
  "fields",
  "health",
  "nodes",
  "shards",
  "stats",
  "index",
  "admin",
  "queries",
  "compare",
] as const;
type View = (typeof CATALOG_VIEWS)[number];

/**
 * Each view's tool, the arguments it takes besides the connection, and the name its tool gives
 * an argument where it differs.
 */
const VIEWS: Record<
  View,
  { tool: ToolDefinition; args: readonly string[]; rename?: Record<string, string> }
> = {
  fields: { tool: searchFields as never, args: ["name", "types", "table", "limit", "cursor"] },
  health: { tool: clusterHealth as never, args: ["table", "shard", "primary"] },
  nodes: { tool: nodesView as never, args: [] },
  shards: { tool: getShards as never, args: ["table", "limit", "cursor"] },
  stats: { tool: indexStats as never, args: ["table", "sort", "limit", "cursor"] },
  index: { tool: indexDetails as never, args: ["table"] },
  admin: { tool: adminView as never, args: [] },
  queries: { tool: queriesView as never, args: ["name", "limit", "cursor"] },
  compare: { tool: compareView as never, args: ["table", "name", "documents", "limit", "cursor"] },
};

const input = z.strictObject({
  connection: connectionArg,
  view: z.enum(CATALOG_VIEWS),
  table: z.string().min(1).max(255).optional(),
  shard: z.number().int().min(0).optional().meta(HIDDEN),
  primary: z.boolean().optional().meta(HIDDEN),
  name: z.string().max(600).optional(),
  documents: z.boolean().optional().meta(HIDDEN),
  types: z.array(z.string().min(1).max(64)).max(20).optional().meta(HIDDEN),
  sort: z.enum(["size", "docs", "name"]).optional().meta(HIDDEN),
  limit: z.number().int().min(1).max(2000).optional().meta(HIDDEN),
  cursor: z.string().max(20).optional().meta(HIDDEN),
});

/** One answer shape per view: that view's tool's own, with `view` naming it. */
function viewOutputs() {
  const shapes = CATALOG_VIEWS.map((v) =>
    (VIEWS[v].tool.output as z.ZodObject).extend({ view: z.literal(v) }),
  );
  return z.discriminatedUnion("view", shapes as unknown as [z.ZodObject, ...z.ZodObject[]]);
}

export const catalogView = defineTool({
  name: "catalog",
  title: "What a connection holds",
  description: "Cluster views; fields: across indices; queries: saved ones.",
  input,
  output: viewOutputs(),
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false },
  cutHint: "Narrow table, name or types, or pass a smaller limit and follow next_cursor.",
  async run(args, ctx: ToolContext) {
    const view = args.view;
    const { tool, args: takes, rename = {} } = VIEWS[view];
    const given = Object.entries(args).filter(
      ([k, v]) => v !== undefined && !["connection", "view"].includes(k),
    );
    const stray = given.filter(([k]) => !takes.includes(k)).map(([k]) => k);
    if (stray.length > 0)
      throw new QuarryError(
        "invalid_input",
        `The ${view} view takes no ${stray.join(", ")}`,
        `It takes: ${takes.join(", ")}.`,
      );
    const parsed = tool.input.safeParse({
      connection: args.connection,
      ...Object.fromEntries(given.map(([k, v]) => [rename[k] ?? k, v])),
    });
    if (!parsed.success)
      throw new QuarryError(
        "invalid_input",
        `The ${view} view: ${parsed.error.issues[0]?.message}`,
        `It takes: ${takes.join(", ")}.`,
      );
    return { view, ...(await tool.run(parsed.data, ctx)) };
  },
});
