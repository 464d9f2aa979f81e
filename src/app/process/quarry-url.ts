/**
 * The `quarry://` URLs the app answers (docs/architecture.md, "The app process"):
 * `quarry://integrations/start-mcp` starts the app in the background with the MCP server on.
 * Anything else is refused by name, so a mistyped link never starts something unexpected.
 */
import { QuarryError } from "../../core/errors.ts";
import { START_MCP_URL } from "../../core/quarry-scheme.ts";

export type QuarryUrlAction = "start-mcp";

export function parseQuarryUrl(raw: string): QuarryUrlAction {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw unknown(raw);
  }
  const path = `${url.host}${url.pathname}`.replace(/\/+$/, "").toLowerCase();
  if (url.protocol.toLowerCase() === "quarry:" && path === "integrations/start-mcp") {
    return "start-mcp";
  }
  throw unknown(raw);
}

function unknown(raw: string): QuarryError {
  return new QuarryError(
    "invalid_input",
    `Quarry does not know the URL "${raw.slice(0, 200)}"`,
    `The URL Quarry answers is ${START_MCP_URL}.`,
  );
}
