/**
 * `quarry mcp status`: whether the MCP server runs, and on which port. Reads the handshake file and
 * asks the endpoint to prove it is this Quarry before calling it running.
 */
import type { Command } from "commander";
import { handshakePath } from "../../../app/mcp-host/handshake.ts";
import { McpSettingsStore } from "../../../app/mcp-host/mcp-settings.ts";
import { ensureAppDataDir } from "../../../app/storage/paths.ts";
import { wantsJson } from "../../context.ts";
import { printJson, printLine } from "../../output.ts";
import { probeRunningServer } from "./probe.ts";

export function registerStatus(group: Command): void {
  group
    .command("status")
    .description("whether the MCP server runs, and on which port")
    .action(async (_flags: unknown, cmd: Command) => {
      const dir = await ensureAppDataDir();
      const settings = await new McpSettingsStore(dir).read();
      const running = await probeRunningServer(dir);
      if (wantsJson(cmd)) {
        printJson({ settings, ...running, handshakeFile: handshakePath(dir) });
        return;
      }
      printLine(
        `Enable MCP Server: ${settings.enabled ? "on" : "off"} (preferred port ${settings.preferredPort})`,
      );
      if (running.running) {
        printLine(
          `Running on port ${running.port}: ${running.url} (pid ${running.pid}, since ${running.since})`,
        );
        printLine(`Protocol revisions: ${running.protocolVersions.join(", ")}`);
        if (running.port !== settings.preferredPort)
          printLine(
            `The preferred port ${settings.preferredPort} was taken; the server took ${running.port}.`,
          );
      } else {
        printLine(`Not running: ${running.reason}.`);
        if (settings.enabled) printLine("Start Quarry (quarry start) to run it.");
      }
      printLine(
        `Limits per token: ${settings.limits.requestsPerMinute} requests a minute, ${settings.limits.concurrentRequests} at once; approvals wait ${settings.limits.approvalTimeoutSeconds} s.`,
      );
    });
}
