/**
 * The one place where the app starts its MCP server. The app calls `ensureMcpServer`:
 * - on every start ("app-start"), and
 * - for each `quarry://integrations/start-mcp` it is handed ("start-mcp-url"), whether it was just
 *   started in the background for it or was already running,
 * passing the handle it got last time (undefined at first), so starting twice is harmless. The app
 * calls `stop()` on the handle when it ends. A failure is reported in `quarry status` and the app
 * keeps serving its UI.
 */
import type { AppContext } from "../context.ts";
import { bridgeTokenTimesFromEnv } from "./bridge-token-env.ts";
import { type McpService, startMcpService } from "./mcp-service.ts";

export type McpStartReason = "app-start" | "start-mcp-url";

export interface McpServerHandle {
  readonly running: boolean;
  /** The port actually bound, when running. */
  readonly port: number | null;
  /** The MCP service itself (tokens, approvals, audit, reload): Settings > Integrations uses it. */
  readonly service?: McpService;
  stop(): Promise<void>;
}

export async function ensureMcpServer(
  app: AppContext,
  _reason: McpStartReason,
  current: McpServerHandle | undefined,
): Promise<McpServerHandle | undefined> {
  if (current) return current;
  // The MCP service follows the Enable MCP Server switch (mcp-settings.json) by itself,
  // so a start-mcp request never overrides a server the user turned off.
  const bridgeToken = bridgeTokenTimesFromEnv(app.env);
  if (bridgeToken.problem) app.log(bridgeToken.problem);
  // Stopping with the app is not the user turning the server off: the setting stays as it is.
  let stopping = false;
  const service = await startMcpService({
    env: app.env,
    live: app.live,
    ...(bridgeToken.times ? { bridgeToken: bridgeToken.times } : {}),
    onStatus: (s) =>
      app.log(
        s.state === "running"
          ? `MCP server on ${s.url}`
          : s.state === "failed"
            ? `the MCP server did not start: ${s.error}`
            : stopping
              ? "MCP server stopped with the app (Enable MCP Server is unchanged)"
              : "MCP server disabled (quarry mcp enable turns it on)",
      ),
  });
  return {
    service,
    get running() {
      return service.status().state === "running";
    },
    get port() {
      const s = service.status();
      return s.state === "running" ? s.port : null;
    },
    stop: () => {
      stopping = true;
      return service.stop();
    },
  };
}
