/** The grid's filter and sort syntax lives in core, so the CLI and the MCP tools read it alike. */
export * from "../../../core/filter-syntax.ts";
