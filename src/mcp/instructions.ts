/**
 * The server instructions every client receives. With each tool's name, description and input
 * schema they are what a model reads before its first call, sent again with every model request
 * of an agent loop, so they hold the detail the tool list leaves out (the arguments a model rarely
 * needs are named here, not listed), in as few words as will do (docs/mcp.md, "The catalog";
 * test/integration/mcp-catalog-budget.test.ts keeps the budget).
 */
export const INSTRUCTIONS = [
  "Start with list_connections; call describe_table before writing a query. table: index, alias or pattern.",
  'where: ["f op v"], all must match; op: = != > >= < <= in, not in (a,b), like, not like (* ?), exists, missing; "items.sku = A @1": same nested object. query: Lucene. sort: ["f:desc"]. page_size 0: count only.',
  'aggregate metric "sum:f" (avg min max cardinality); order metric, count or key (":asc"); by: 2nd field; interval: month, 1h, 50.',
  "export_data format: ndjson, csv, json.",
  "Lists page: pass next_cursor as cursor. Answers stop at 8000 chars (max_chars: to 100000).",
  "execute_query: other requests (writes: read-write access); deletes and admin (users, roles, keys, settings, snapshots) only via confirm_destructive_operation (reason, indices), the user approves. Error -33007: the user's policy, never retry or work around it.",
].join("\n");
