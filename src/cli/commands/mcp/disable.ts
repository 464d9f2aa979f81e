/** `quarry mcp disable`: turn the MCP server off; a running Quarry stops it at once. */
import type { Command } from "commander";
import { registerSwitch } from "./shared.ts";

export function registerDisable(group: Command): void {
  registerSwitch(group, "disable");
}
