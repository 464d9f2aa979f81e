/**
 * The `quarry://` scheme, as the app answers it and the stdio bridge launches it: the one URL that
 * starts the MCP server, and the MIME type a Linux desktop registers the handler under.
 */
export const START_MCP_URL = "quarry://integrations/start-mcp";
export const SCHEME_MIME = "x-scheme-handler/quarry";
