/**
 * The server instructions every client receives (spec 1). With each tool's name, description and
 * input schema they are what a model reads before its first call, sent again with every model
 * request of an agent loop, so they hold the detail the tool list leaves out, in as few words as
 * will do (docs/mcp.md, "The catalog"; test/unit/mcp-catalog-budget.test.ts keeps the budget).
 */
export const INSTRUCTIONS = [
  "Quarry gives you the user's saved Elasticsearch connections (7.17 to 9.x) under their policies. Start with list_connections; connection: a name or id from it; table: an index, alias or pattern (logs-*).",
  "catalog views: tables (name filters), columns (call before writing a query), fields (by name, types, across indices), health (shard: why not allocated), shards, stats, index.",
  'where: filters that must all match, "field op value": = != > >= < <= in, not in (a,b), like, not like (* ?), exists, missing; "items.sku = A @1": the same nested object. query: Lucene. sort: ["field:desc"]. browse_table page_size 0: the count only. aggregate: metric "sum:field" (avg, min, max, cardinality) per bucket; order "metric" (count, key; ":asc"); by: a second field (a date one takes interval).',
  "Lists come in pages: pass next_cursor back as cursor. Large answers are cut, with a note.",
  "execute_query sends any other request (GET /t/_doc/<id>, /t/_mapping). Writes need read-write access. Requests that delete data or administer (users, roles, keys, settings, snapshots) run only through confirm_destructive_operation, once the user approves in Quarry. Error -33007 is the user's policy: do not retry or work around it; tell the user.",
].join("\n");
