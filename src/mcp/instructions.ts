/**
 * The server instructions every client receives. With each tool's name, description and input
 * schema they are what a model reads before its first call, sent again with every model request
 * of an agent loop, so they hold the detail the tool list leaves out, in as few words as will do
 * (docs/mcp.md, "The catalog"; test/integration/mcp-catalog-budget.test.ts keeps the budget).
 */
export const INSTRUCTIONS = [
  "Quarry: the user's Elasticsearch connections, under their policies. Start with list_connections. connection: a name or id from it; table: an index, alias or pattern.",
  "catalog views: tables, columns (call before writing a query; name, types filter), fields (across indices), health (shard: why unassigned), shards, stats, index, admin.",
  'where: filters all matching, "field op value": = != > >= < <= in, not in (a,b), like, not like (* ?), exists, missing; "items.sku = A @1": same nested object. query: Lucene. sort: ["field:desc"]. browse_table page_size 0: count only. aggregate: metric "sum:field" (avg min max cardinality) per bucket; order "metric" (count, key; ":asc"); by: second field (dates take interval).',
  "Lists page: pass next_cursor as cursor. Answers stop near 8,000 chars; max_chars (to 100000) asks more.",
  "execute_query: any other request (GET /t/_doc/<id>). Writes need read-write access. Deleting data and admin requests (users, roles, keys, settings, snapshots) go only through confirm_destructive_operation, which the user approves in Quarry. Error -33007 is the user's policy: do not retry or work around it; tell the user.",
].join("\n");
