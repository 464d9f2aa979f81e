/**
 * `quarry mcp status|enable|disable|port|limits|audit|approvals|approve|deny`: the MCP server of
 * the running app (Settings > Integrations), one file per subcommand. Settings go to the settings
 * file, which the running app follows at once.
 */
import type { Command } from "commander";
import { registerApprovals } from "./approvals.ts";
import { registerApprove } from "./approve.ts";
import { registerAudit } from "./audit.ts";
import { registerDeny } from "./deny.ts";
import { registerDisable } from "./disable.ts";
import { registerEnable } from "./enable.ts";
import { registerLimits } from "./limits.ts";
import { registerPort } from "./port.ts";
import { registerStatus } from "./status.ts";

export function registerMcpCommands(program: Command): void {
  const group = program
    .command("mcp")
    .description("the MCP server that gives AI clients your saved connections");
  registerStatus(group);
  registerEnable(group);
  registerDisable(group);
  registerPort(group);
  registerLimits(group);
  registerAudit(group);
  registerApprovals(group);
  registerApprove(group);
  registerDeny(group);
}
