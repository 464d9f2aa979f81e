/** The server instructions every client receives: how to work with Quarry's tools. */
export const INSTRUCTIONS = [
  "Quarry gives you the Elasticsearch (7.17, 8.x and 9.x) connections the user saved in Quarry. The connections are configured already: you never handle hosts or credentials, you name a connection by the name or id list_connections gives.",
  "Start with list_connections. Then list_tables shows a connection's indices (tables), and describe_table shows an index's columns: call describe_table before writing a query, so field names, types and sort fields are right.",
  "There is no SQL. Prefer the dedicated tools (browse_table, count_rows, get_document, export_data): they apply filters, limits and deep paging correctly. execute_query sends one console request (method, path, JSON Query DSL body) for anything else; explain_query checks a query without running it.",
  "Each connection carries the user's policy: some are read only for external clients, some ask the user first (asks_first), and requests that delete data or change who can do what or how the cluster runs (admin: users, passwords, roles, API keys, cluster settings, snapshots) run only through confirm_destructive_operation, which shows the user the exact request. A refusal (error -33007) is that policy, not a transient failure: do not retry it or work around it; tell the user what was refused and why.",
  "Large results are cut with a note saying what was left out; ask for less (filters, fewer columns, size) or use export_data.",
].join("\n\n");
