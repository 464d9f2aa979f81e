/**
 * The stdio bridge's refusals (docs/mcp.md, "Errors"): the app is not running, its endpoint or
 * handshake file is not trusted, or it speaks an older revision. Never a token or a key in these.
 */
import { QuarryError } from "../core/errors.ts";

export const bridgeErrors = {
  /** "App is not running": no trusted handshake, or none within 10 s of launching. */
  appNotRunning: (reason: string) =>
    new QuarryError(
      "app_not_running",
      `Quarry is not running: ${reason}`,
      "Open Quarry; check that its MCP server runs in Settings > Integrations (quarry mcp status); toggle Enable MCP Server off and on (quarry mcp disable, then quarry mcp enable); then relaunch the AI client.",
      { reason },
    ),

  /** "Endpoint did not prove it belongs to the app": usually a leftover handshake file. */
  endpointUnproven: (port: number, file: string, detail: string) =>
    new QuarryError(
      "endpoint_unproven",
      `The endpoint did not prove it belongs to the app: the process on 127.0.0.1:${port} named by ${file} failed Quarry's challenge (${detail})`,
      `Quit Quarry, delete ${file}, and reopen Quarry (it rewrites the file).`,
      { port, file },
    ),

  /** The handshake file fails a trust check (owner, permissions, format, version, expiry). */
  handshakeUntrusted: (file: string, problem: string) =>
    new QuarryError(
      "handshake_untrusted",
      `The handshake file ${file} is not trusted: ${problem}`,
      `Quit Quarry, delete ${file}, and reopen Quarry: it writes the file again, readable by you only (0600 in a 0700 folder).`,
      { file },
    ),

  /** "App build does not speak 2026-07-28": the bridge is newer than the app. */
  appTooOld: (speaks: string) =>
    new QuarryError(
      "app_too_old",
      `The Quarry app build does not speak 2026-07-28 — update the app (the running Quarry speaks ${speaks || "no revision the bridge knows"}; this quarry-mcp speaks 2026-07-28 to it)`,
      "Update Quarry, or quit the running Quarry and open the one installed beside this quarry-mcp.",
      { speaks },
    ),

  /** -33009: the bridge token was refused, or is stale, and no app answers. */
  bridgeTokenStale: (reason: string) =>
    new QuarryError(
      "unauthenticated",
      `Unauthenticated: the bridge token is stale and Quarry is not running (${reason})`,
      "Open Quarry again; quarry-mcp reads its new handshake file on the next request (check Settings > Integrations, or quarry mcp status).",
      { reason },
    ),
};
