/**
 * The tool catalog: the tools tools/list offers, in listing order, with each input schema turned
 * into JSON Schema once. Every tool that answers is listed, and a name not listed is an unknown
 * tool: no surface an audit of tools/list cannot see (docs/mcp.md, "The catalog").
 */
import type { Tool } from "@modelcontextprotocol/server";
import { z } from "zod";
import { aggregate } from "./aggregate.ts";
import { browseTable } from "./browse.ts";
import { catalogView } from "./catalog-view.ts";
import { listConnections } from "./connections.ts";
import type { ToolDefinition } from "./context.ts";
import { esql } from "./esql.ts";
import { publishedSchema } from "./publish.ts";
import { confirmDestructiveOperation, executeQuery } from "./queries.ts";
import { exportData } from "./rows.ts";
import { describeTable, listTables } from "./tables.ts";

/** What tools/list offers, in this order. */
export const TOOLS: readonly ToolDefinition[] = [
  listConnections,
  listTables,
  describeTable,
  browseTable,
  aggregate,
  esql,
  executeQuery,
  confirmDestructiveOperation,
  exportData,
  catalogView,
] as unknown as ToolDefinition[];

export const TOOLS_BY_NAME: ReadonlyMap<string, ToolDefinition> = new Map(
  TOOLS.map((t) => [t.name, t]),
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

/** A tool's output schema by name (tests check answers against it). */
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
