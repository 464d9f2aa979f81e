/** The tool catalog in listing order, with each input schema turned into JSON Schema once. */
import type { Tool } from "@modelcontextprotocol/server";
import { z } from "zod";
import { aggregate } from "./aggregate.ts";
import { browseTable } from "./browse.ts";
import { clusterHealth, getShards, indexStats } from "./cluster.ts";
import { listConnections } from "./connections.ts";
import type { ToolDefinition } from "./context.ts";
import { searchFields } from "./fields.ts";
import { indexDetails } from "./index-details.ts";
import { confirmDestructiveOperation, executeQuery, explainQuery } from "./queries.ts";
import { countRows, exportData, getDocument } from "./rows.ts";
import { describeTable, getMapping, listTables } from "./tables.ts";

export const TOOLS: readonly ToolDefinition[] = [
  listConnections,
  listTables,
  describeTable,
  getMapping,
  browseTable,
  countRows,
  getDocument,
  executeQuery,
  explainQuery,
  exportData,
  confirmDestructiveOperation,
  clusterHealth,
  getShards,
  indexStats,
  indexDetails,
  searchFields,
  aggregate,
] as unknown as ToolDefinition[];

export const TOOLS_BY_NAME: ReadonlyMap<string, ToolDefinition> = new Map(
  TOOLS.map((t) => [t.name, t]),
);

/** A zod schema as JSON Schema, without the `$schema` line tools/list does not need. */
function jsonSchema(schema: z.ZodType, io: "input" | "output"): Record<string, unknown> {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io }) as Record<string, unknown>;
  return rest;
}

/** What tools/list answers: the same for every caller, in a fixed order. */
export const TOOL_LIST: Tool[] = TOOLS.map((t) => ({
  name: t.name,
  title: t.title,
  description: t.description,
  inputSchema: jsonSchema(t.input, "input") as Tool["inputSchema"],
  outputSchema: jsonSchema(t.output, "output") as Tool["outputSchema"],
  annotations: { title: t.title, ...t.annotations },
}));
