/**
 * What the MCP bench calls. The search is the same for every contender; `readTools` lists
 * Quarry's read tools, one line each (arguments besides `connection`). A tool the server does not
 * list, or whose warm-up call fails (its arguments changed), is skipped with a note. `soakMix` is
 * what the soak mode calls in turn (a tool renamed or moved is one line here).
 */

export const SEARCH = {
  size: 10,
  query: { term: { status: "paid" } },
  sort: [{ created_at: "desc" }],
};

export interface ToolCase {
  tool: string;
  args: Record<string, unknown>;
  /** How the bench names it (a catalog view by its view). */
  label?: string;
}

export function readTools(index: string): ToolCase[] {
  const view = (v: string, args: Record<string, unknown> = {}): ToolCase => ({
    tool: "catalog",
    args: { view: v, ...args },
    label: `catalog ${v}`,
  });
  return [
    { tool: "list_tables", args: { name: index } },
    { tool: "describe_table", args: { table: index } },
    { tool: "browse_table", args: { table: index, page_size: 10 } },
    { tool: "browse_table", args: { table: index, page_size: 0 }, label: "browse_table count" },
    view("health"),
    view("shards", { table: index }),
    view("stats", { table: index }),
    view("fields", { name: "name" }),
    { tool: "aggregate", args: { table: index, field: "status", kind: "terms" } },
  ];
}

/** The soak's mix (docs/mcp.md, "Sustained load"): a search, an aggregation, a page, a catalog view. */
export function soakMix(index: string): ToolCase[] {
  return [
    {
      tool: "execute_query",
      args: { method: "POST", path: `/${index}/_search`, body: SEARCH },
    },
    { tool: "aggregate", args: { table: index, field: "status", kind: "terms" } },
    { tool: "browse_table", args: { table: index, page_size: 10 } },
    { tool: "catalog", args: { view: "health" }, label: "catalog health" },
  ];
}
