/**
 * `quarry tokens create|list|revoke`: tokens for MCP clients that connect over HTTP (Settings >
 * Integrations > Authentication), one file per subcommand. A new token is printed once and never
 * again: only its salted hash is stored. The stdio bridge's token is Quarry's own and never listed here.
 */
import type { Command } from "commander";
import { registerCreate } from "./create.ts";
import { registerList } from "./list.ts";
import { registerRevoke } from "./revoke.ts";

export function registerTokenCommands(program: Command): void {
  const group = program
    .command("tokens")
    .description("tokens for MCP clients that connect over HTTP (Authorization: Bearer)");
  registerCreate(group);
  registerList(group);
  registerRevoke(group);
}
