/**
 * The tool catalog: the tools tools/list offers, in listing order, with each input schema turned
 * into JSON Schema once, and the earlier tools each listed tool took over, still answered under
 * their own names but not listed (docs/mcp.md, "The catalog").
 */
import type { Tool } from "@modelcontextprotocol/server";
import { z } from "zod";
import { aggregate } from "./aggregate.ts";
import { browseTable } from "./browse.ts";
import { catalogView } from "./catalog-view.ts";
import { clusterHealth, getShards, indexStats } from "./cluster.ts";
import { listConnections } from "./connections.ts";
import type { ToolDefinition } from "./context.ts";
import { esql } from "./esql.ts";
import { searchFields } from "./fields.ts";
import { indexDetails } from "./index-details.ts";
import { publishedSchema } from "./publish.ts";
import { confirmDestructiveOperation, executeQuery, explainQuery } from "./queries.ts";
import { countRows, exportData, getDocument } from "./rows.ts";
import { describeTable, getMapping, listTables } from "./tables.ts";

/** What tools/list offers, in this order. */
export const TOOLS: readonly ToolDefinition[] = [
  listConnections,
  catalogView,
  browseTable,
  aggregate,
  esql,
  executeQuery,
  confirmDestructiveOperation,
  exportData,
] as unknown as ToolDefinition[];

/**
 * Answered but not listed: each is a view of `catalog`, browse_table with page_size 0
 * (count_rows) or a console request (get_mapping, get_document, explain_query), kept so clients
 * written against them go on working.
 */
export const UNLISTED_TOOLS: readonly ToolDefinition[] = [
  listTables,
  describeTable,
  getMapping,
  countRows,
  getDocument,
  explainQuery,
  clusterHealth,
  getShards,
  indexStats,
  indexDetails,
  searchFields,
] as unknown as ToolDefinition[];

export const TOOLS_BY_NAME: ReadonlyMap<string, ToolDefinition> = new Map(
  [...TOOLS, ...UNLISTED_TOOLS].map((t) => [t.name, t]),
);

/** A zod schema as JSON Schema, without the `$schema` line tools/list does not need. */
function jsonSchema(schema: z.ZodType, io: "input" | "output"): Record<string, unknown> {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io }) as Record<string, unknown>;
  return rest;
}

/**
 * A tool's output schema as tools/list declares it: always an object schema (a tool answering one
 * of several shapes declares their union inside one).
 */
function outputSchema(t: ToolDefinition): Tool["outputSchema"] {
  const schema = jsonSchema(t.output, "output");
  return (
    schema.type === "object" ? schema : { type: "object", ...schema }
  ) as Tool["outputSchema"];
}

/** Every tool's output schema by name, listed or not (tests check unlisted answers against it). */
export function outputSchemaOf(name: string): Tool["outputSchema"] | undefined {
  const tool = TOOLS_BY_NAME.get(name);
  return tool ? outputSchema(tool) : undefined;
}

/** What tools/list answers: the same for every caller, in a fixed order. */
export const TOOL_LIST: Tool[] = TOOLS.map((t) => ({
  name: t.name,
  title: t.title,
  description: t.description,
  inputSchema: publishedSchema(jsonSchema(t.input, "input")) as Tool["inputSchema"],
  outputSchema: outputSchema(t),
  annotations: { title: t.title, ...t.annotations },
}));
