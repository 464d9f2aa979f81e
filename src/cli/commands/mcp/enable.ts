/** `quarry mcp enable`: turn the MCP server on; a running Quarry starts it at once. */
import type { Command } from "commander";
import { registerSwitch } from "./shared.ts";

export function registerEnable(group: Command): void {
  registerSwitch(group, "enable");
}
