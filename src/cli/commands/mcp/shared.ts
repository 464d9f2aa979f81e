/**
 * What the `quarry mcp` subcommands share: a waiting approval found by its id, and turning the
 * server on or off.
 */
import type { Command } from "commander";
import { listPendingApprovals } from "../../../app/mcp-host/approvals.ts";
import { McpSettingsStore } from "../../../app/mcp-host/mcp-settings.ts";
import { ensureAppDataDir } from "../../../app/storage/paths.ts";
import { errors } from "../../../core/errors.ts";
import { wantsJson } from "../../context.ts";
import { printJson, printLine } from "../../output.ts";

export async function requirePending(dir: string, id: string) {
  const pending = await listPendingApprovals(dir);
  const p = pending.find((x) => x.id === id.trim());
  if (!p)
    throw errors.invalidConfig(
      "Approval",
      `nothing with id "${id}" is waiting`,
      pending.length
        ? `Waiting: ${pending.map((x) => x.id).join(", ")} (quarry mcp approvals).`
        : "Nothing is waiting (it may have timed out or been answered).",
    );
  return p;
}

/** `enable` or `disable`: the setting, which the running app follows at once. */
export function registerSwitch(group: Command, name: "enable" | "disable"): void {
  const enabled = name === "enable";
  group
    .command(name)
    .description(
      `${enabled ? "turn on" : "turn off"} the MCP server (the running app follows at once)`,
    )
    .action(async (_flags: unknown, cmd: Command) => {
      const dir = await ensureAppDataDir();
      const s = await new McpSettingsStore(dir).update((x) => {
        x.enabled = enabled;
      });
      if (wantsJson(cmd)) printJson(s);
      else
        printLine(
          enabled
            ? "MCP server enabled. A running Quarry starts it now (quarry mcp status shows the port)."
            : "MCP server disabled. A running Quarry stops it now; clients are refused until you enable it.",
        );
    });
}
