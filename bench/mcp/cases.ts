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
