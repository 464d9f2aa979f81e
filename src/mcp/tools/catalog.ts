/** The tool catalog in listing order, with each input schema turned into JSON Schema once. */
import type { Tool } from "@modelcontextprotocol/server";
import { z } from "zod";
import { listConnections } from "./connections.ts";
import type { ToolDefinition } from "./context.ts";
import { confirmDestructiveOperation, executeQuery, explainQuery } from "./queries.ts";
import { browseTable, countRows, exportData, getDocument } from "./rows.ts";
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
] as unknown as ToolDefinition[];

export const TOOLS_BY_NAME: ReadonlyMap<string, ToolDefinition> = new Map(
  TOOLS.map((t) => [t.name, t]),
);

/** What tools/list answers: the same for every caller, in a fixed order. */
export const TOOL_LIST: Tool[] = TOOLS.map((t) => {
  const { $schema: _, ...inputSchema } = z.toJSONSchema(t.input, { io: "input" }) as Record<
    string,
    unknown
  >;
  return {
    name: t.name,
    title: t.title,
    description: t.description,
    inputSchema: inputSchema as Tool["inputSchema"],
    annotations: { title: t.title, ...t.annotations },
  };
});
