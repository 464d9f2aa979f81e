/**
 * What the MCP bench calls. The search is the same for every contender; `READ_TOOLS` lists
 * Quarry's read tools, one line each (arguments besides `connection`). A tool the server does not
 * list, or whose warm-up call fails (its arguments changed), is skipped with a note.
 */

export const SEARCH = {
  size: 10,
  query: { term: { status: "paid" } },
  sort: [{ created_at: "desc" }],
};

export interface ToolCase {
  tool: string;
  args: Record<string, unknown>;
}

export function readTools(index: string): ToolCase[] {
  return [
    { tool: "list_tables", args: { pattern: index } },
    { tool: "describe_table", args: { table: index } },
    { tool: "get_mapping", args: { table: index } },
    { tool: "browse_table", args: { table: index, page_size: 10 } },
    { tool: "count_rows", args: { table: index } },
    { tool: "cluster_health", args: {} },
    { tool: "get_shards", args: { table: index } },
    { tool: "index_stats", args: { table: index } },
    { tool: "search_fields", args: { name: "name" } },
    { tool: "aggregate", args: { table: index, field: "status", kind: "terms" } },
  ];
}
