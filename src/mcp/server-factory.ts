/**
 * One MCP server instance with Quarry's tools, resources, prompts and instructions. The HTTP
 * entry builds one per 2026-07-28 request (but `tools/list` and `tools/call`, which one pinned
 * server answers: pinned-exchanges.ts), one per legacy (2025) session and one per line stream,
 * from this one function, so the eras and doors can never drift apart.
 */
import { McpServer } from "@modelcontextprotocol/server";
import type { Principal } from "./auth.ts";
import { INSTRUCTIONS } from "./instructions.ts";
import { registerPrompts } from "./prompts.ts";
import { LEGACY_VERSIONS, MODERN_VERSION } from "./protocol.ts";
import { registerResources } from "./resources.ts";
import { registerTools, type ToolRuntimeDeps } from "./tool-runtime.ts";

export interface ServerDeps extends ToolRuntimeDeps {
  version: string;
}

/** Lists that only change with Quarry's version are cacheable for an hour; the rest are not. */
const HOUR = 3_600_000;

/**
 * `toolsOnly`: the server answers only `tools/list` and `tools/call` (a 2026-07-28 request's own
 * server, or the door's pinned one), so the resources and prompts, which it would never use, are
 * not registered. Capabilities stay declared as for every server.
 */
export function buildMcpServer(
  deps: ServerDeps,
  principal?: Principal,
  options: { toolsOnly?: boolean; modern?: boolean } = {},
): McpServer {
  const mcp = new McpServer(
    { name: "quarry", title: "Quarry", version: deps.version },
    {
      instructions: INSTRUCTIONS,
      // logging: 2025 clients may set a level (logging/setLevel answers {} over HTTP and through the
      // bridge alike); 2026-07-28 clients send it in _meta. Quarry sends no log messages today.
      capabilities: {
        resources: { listChanged: false },
        prompts: { listChanged: false },
        logging: {},
      },
      // A server pinned for 2026-07-28 (pinned-exchanges.ts) lists it, as the SDK's handler makes
      // the servers it builds list it; connecting it then binds it to that revision.
      supportedProtocolVersions: options.modern
        ? [...LEGACY_VERSIONS, MODERN_VERSION]
        : [...LEGACY_VERSIONS],
      cacheHints: {
        "tools/list": { ttlMs: HOUR, cacheScope: "public" },
        "prompts/list": { ttlMs: HOUR, cacheScope: "public" },
        "resources/templates/list": { ttlMs: HOUR, cacheScope: "public" },
        "resources/list": { ttlMs: 0, cacheScope: "private" },
        "resources/read": { ttlMs: 0, cacheScope: "private" },
      },
    },
  );
  registerTools(mcp.server, deps, principal);
  if (options.toolsOnly) return mcp;
  registerResources(mcp, deps, principal);
  registerPrompts(mcp, deps, principal);
  return mcp;
}
