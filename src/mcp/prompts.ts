/**
 * Prompts: ready-made starts for an agent on a search cluster.
 * - `explore_index`: get to know an index (columns, size, sample rows, value distributions);
 * - `question_to_query`: turn a question in plain words into a Query DSL request and run it.
 * (prompts-catalog.ts adds `investigate_slow_query` and `check_cluster_health`.)
 * Both embed the index's columns, read now under the same access rules as the tools, so the model
 * starts with the facts. Arguments complete: connections, and the tables of a connection.
 */
import {
  completable,
  type GetPromptResult,
  type McpServer,
  type ServerContext,
} from "@modelcontextprotocol/server";
import { z } from "zod";
import type { Principal } from "./auth.ts";
import { asInvalidParams, audited, clientNameOf, principalOf } from "./calls.ts";
import type { Caller } from "./connection-access.ts";
import {
  type CatalogPromptArgs,
  catalogPromptArgs,
  registerCatalogPrompts,
} from "./prompts-catalog.ts";
import { rank } from "./resources.ts";
import type { ToolRuntimeDeps } from "./tool-runtime.ts";

/** Columns listed inline in a prompt; an index with more is summarized. */
const MAX_PROMPT_COLUMNS = 300;

/** The prompts' argument schemas with their completions, built once per token (zod is costly). */
interface PromptArgs {
  explore: z.ZodObject<{ connection: z.ZodString; table: z.ZodString }>;
  question: z.ZodObject<{ connection: z.ZodString; table: z.ZodString; question: z.ZodString }>;
  catalog: CatalogPromptArgs;
}
const ARGS_CACHE = new WeakMap<ToolRuntimeDeps, Map<string, PromptArgs>>();
const ARGS_CACHE_SIZE = 256;

function promptArgs(deps: ToolRuntimeDeps, principal: Principal | undefined): PromptArgs {
  let byToken = ARGS_CACHE.get(deps);
  if (!byToken) {
    byToken = new Map();
    ARGS_CACHE.set(deps, byToken);
  }
  const key = principal?.tokenId ?? "";
  const cached = byToken.get(key);
  if (cached) return cached;
  const connection = completable(
    z.string().describe("The connection's name or id (list_connections)."),
    async (value) =>
      principal
        ? rank(
            (await deps.gateway.visible(principal)).map((c) => c.name),
            value,
          )
        : [],
  );
  const table = completable(
    z.string().describe("The index (table) name."),
    async (value, context) => {
      const ref = context?.arguments?.connection;
      if (!principal || !ref) return [];
      const found = await deps.gateway.quietly(principal, ref);
      if (!found) return [];
      try {
        const session = await deps.gateway.session(found);
        return rank(
          (await session.grid.listTables()).map((t) => t.name),
          value,
        );
      } catch {
        return [];
      }
    },
  );
  const args: PromptArgs = {
    explore: z.object({ connection, table }),
    question: z.object({
      connection,
      table,
      question: z.string().describe("The question to answer from the index."),
    }),
    catalog: catalogPromptArgs(connection, table),
  };
  byToken.set(key, args);
  if (byToken.size > ARGS_CACHE_SIZE) byToken.delete(byToken.keys().next().value as string);
  return args;
}

/** The index's columns as lines, read under the access rules (and audited as a prompt call). */
async function columnsOf(
  mcp: McpServer,
  deps: ToolRuntimeDeps,
  principal: Principal | undefined,
  ctx: ServerContext,
  name: string,
  connectionRef: string,
  table: string,
): Promise<{ connection: string; lines: string[] }> {
  const who = principalOf(ctx, principal);
  const client = clientNameOf(ctx, mcp.server);
  return audited(
    deps,
    { principal: who, client },
    "prompts/get",
    name,
    async (call) => {
      const caller: Caller = {
        principal: who,
        ...(client ? { clientName: client } : {}),
        target: `prompt ${name}`,
        signal: AbortSignal.any([ctx.mcpReq.signal, who.revoked, deps.stopping]),
      };
      const connection = await deps.gateway.find(who, connectionRef);
      call.entry.connection = { id: connection.id, name: connection.name };
      await deps.gateway.authorize(caller, connection, { kind: "use", need: "read" });
      const session = await deps.gateway.session(connection);
      const columns = await session.grid.describeTable(table);
      const lines = columns.slice(0, MAX_PROMPT_COLUMNS).map((c) => {
        const sort =
          c.sortField === null
            ? "cannot sort"
            : c.sortField !== c.name
              ? `sorts by ${c.sortField}`
              : "";
        return `- ${c.name}: ${c.type}${c.kind === "nested-leaf" || c.kind === "nested-parent" ? ` (${c.kind})` : ""}${sort ? `, ${sort}` : ""}`;
      });
      if (columns.length > MAX_PROMPT_COLUMNS)
        lines.push(
          `- … and ${columns.length - MAX_PROMPT_COLUMNS} more (describe_table lists all)`,
        );
      return { connection: connection.name, lines };
    },
    () => ({ bytes: 0, failed: false }),
  ).catch((e: unknown) => {
    throw asInvalidParams(e);
  });
}

/** The explore_index prompt's text. Pure. */
function exploreText(table: string, facts: { connection: string; lines: string[] }): string {
  return [
    `Explore the Elasticsearch index "${table}" on the Quarry connection "${facts.connection}" and tell me what it holds.`,
    "",
    "Its columns (from the mapping):",
    ...facts.lines,
    "",
    "Steps, using Quarry's tools:",
    `1. browse_table with page_size 0 for the number of documents, and catalog view stats for its size and shards.`,
    `2. browse_table with page_size 10 for sample rows (columns to keep them short).`,
    `3. For up to 5 interesting keyword, boolean, date or numeric columns, run aggregate to see how values are distributed.`,
    "4. Summarize: what a document represents, the key fields and their meaning, value ranges, missing or odd values, and questions this index can answer.",
    "Only read: do not write to the cluster.",
  ].join("\n");
}

/** The question_to_query prompt's text. Pure. */
function questionText(
  table: string,
  question: string,
  facts: { connection: string; lines: string[] },
): string {
  return [
    `Answer this question from the Elasticsearch index "${table}" on the Quarry connection "${facts.connection}":`,
    "",
    question,
    "",
    "Its columns (from the mapping):",
    ...facts.lines,
    "",
    "How:",
    `- Counts, top N and metrics per group: one aggregate call. Otherwise write one Query DSL request and send it with execute_query (method POST, path /${table}/_search); on a cluster with ES|QL, the esql tool answers as a table.`,
    "- Exact matches, terms aggregations and sorting use keyword, numeric, date or boolean fields (a text field's .keyword subfield); full-text matching uses match on text fields.",
    "- Ask only for what the answer needs: size 0 with aggregations for counts and statistics, _source filtering and a small size for examples.",
    `- If the query is refused or fails, read the error and fix the query; execute_query with GET /${table}/_validate/query?explain=true checks a query without running it.`,
    "- Answer the question in words, and show the request you ran.",
  ].join("\n");
}

export function registerPrompts(mcp: McpServer, deps: ToolRuntimeDeps, principal?: Principal) {
  const args = promptArgs(deps, principal);

  mcp.registerPrompt(
    "explore_index",
    {
      title: "Explore an index",
      description:
        "Get to know an Elasticsearch index: its columns, how many documents it holds, sample rows and how values are distributed, then summarize what it contains.",
      argsSchema: args.explore,
    },
    async ({ connection, table }, ctx): Promise<GetPromptResult> => {
      const facts = await columnsOf(mcp, deps, principal, ctx, "explore_index", connection, table);
      return {
        description: `Explore ${table} on ${facts.connection}`,
        messages: [
          {
            role: "user",
            content: {
              type: "text",
              text: exploreText(table, facts),
            },
          },
        ],
      };
    },
  );

  mcp.registerPrompt(
    "question_to_query",
    {
      title: "Question to query",
      description:
        "Turn a question in plain words into an Elasticsearch Query DSL request on one index, run it with execute_query and answer from the result.",
      argsSchema: args.question,
    },
    async ({ connection, table, question }, ctx): Promise<GetPromptResult> => {
      const facts = await columnsOf(
        mcp,
        deps,
        principal,
        ctx,
        "question_to_query",
        connection,
        table,
      );
      return {
        description: `Answer a question from ${table} on ${facts.connection}`,
        messages: [
          {
            role: "user",
            content: {
              type: "text",
              text: questionText(table, question, facts),
            },
          },
        ],
      };
    },
  );
  registerCatalogPrompts(mcp, args.catalog);
}
