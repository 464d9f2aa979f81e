/**
 * Prompts that walk an agent through a diagnosis with the catalog tools:
 * - `investigate_slow_query`: why a search is slow (the query's plan, a profile, the shards it
 *   hits, the index's size and segments, the cluster's health);
 * - `check_cluster_health`: why a cluster is not green and what to do.
 * Their text names the tools only; the tools read the cluster under the access rules.
 */
import type { GetPromptResult, McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";

/** The investigate_slow_query prompt's text. Pure. */
export function slowQueryText(
  connection: string,
  table: string,
  query: string | undefined,
): string {
  return [
    `Find out why a search on the Elasticsearch index "${table}" (Quarry connection "${connection}") is slow, and how to make it faster.`,
    ...(query ? ["", "The request body:", "```json", query, "```"] : []),
    "",
    "Steps, using Quarry's tools (read only: change nothing on the cluster):",
    `1. catalog views stats and shards for ${table}: documents, size, segments per shard, and where the shards live. Many small shards, very large shards (over 50 GB), many segments or many deleted documents all slow searches.`,
    "2. catalog view health: a red or yellow status, relocating or initializing shards, or pending tasks slow every search.",
    `3. execute_query with GET /${table}/_validate/query?explain=true and the query: check it is valid and read the Lucene query it becomes (leading wildcards, regexps, scripts and large terms lists are costly).`,
    `4. execute_query with POST /${table}/_search, the same body, "profile": true and "size": 0 (or a small size): read which query and aggregation parts take the time, shard by shard.`,
    "5. catalog view fields, name filter, for the fields the query uses: text vs keyword, a sort or aggregation on a text field, or fields mapped differently across indices.",
    "6. Report: the likely causes, ranked, each with the evidence from the answers above and one concrete change (to the query, the mapping or the index's shard layout).",
  ].join("\n");
}

/** The check_cluster_health prompt's text. Pure. */
export function healthCheckText(connection: string): string {
  return [
    `Check the health of the Elasticsearch cluster behind the Quarry connection "${connection}" and explain any problem in plain words.`,
    "",
    "Steps, using Quarry's tools (read only: change nothing on the cluster):",
    "1. catalog view health: status, nodes and their roles, shard counts, unassigned shards with their reasons and the allocation explanation of the first one.",
    "2. For each index with unassigned shards, catalog views health and shards with that table.",
    "3. catalog view stats: the largest indices, and any with far more shards or segments than their size needs.",
    "4. Report: the status and what it means, each problem with its cause (e.g. a replica that cannot be placed on a single-node cluster, a full disk, a missing node) and the fix, and what is fine.",
  ].join("\n");
}

/** The catalog prompts' argument schemas, built once with the completions they share. */
export function catalogPromptArgs(connection: z.ZodString, table: z.ZodString) {
  return {
    slowQuery: z.object({
      connection,
      table,
      query: z
        .string()
        .max(20_000)
        .optional()
        .describe("The slow search's request body (JSON), if known."),
    }),
    health: z.object({ connection }),
  };
}

export type CatalogPromptArgs = ReturnType<typeof catalogPromptArgs>;

export function registerCatalogPrompts(mcp: McpServer, args: CatalogPromptArgs) {
  mcp.registerPrompt(
    "investigate_slow_query",
    {
      title: "Investigate a slow query",
      description:
        "Find out why a search on an index is slow: its plan (_validate/query), a profile, the index's shards, size and segments, and the cluster's health; then rank the causes with a fix each.",
      argsSchema: args.slowQuery,
    },
    ({ connection: c, table: t, query }): GetPromptResult => ({
      description: `Investigate a slow query on ${t}`,
      messages: [{ role: "user", content: { type: "text", text: slowQueryText(c, t, query) } }],
    }),
  );
  mcp.registerPrompt(
    "check_cluster_health",
    {
      title: "Check a cluster's health",
      description:
        "Explain a cluster's health: status, nodes, unassigned shards and why they are unassigned, oversized or over-sharded indices; with a fix for each problem.",
      argsSchema: args.health,
    },
    ({ connection: c }): GetPromptResult => ({
      description: `Check the health of ${c}`,
      messages: [{ role: "user", content: { type: "text", text: healthCheckText(c) } }],
    }),
  );
}
