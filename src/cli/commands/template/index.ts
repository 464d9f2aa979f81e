/**
 * `quarry template list|show|simulate|simulate-index|create|edit|delete` and `quarry template
 * component …`: composable index templates and component templates, read, simulated and saved
 * through the session's `clusterAdmin` facet; a save is checked by the cluster's `_simulate` first.
 */
import type { Command } from "commander";
import { registerTemplateReads } from "./reads.ts";
import { registerTemplateWrites } from "./writes.ts";

export function registerTemplateGroup(program: Command): void {
  const group = program
    .command("template")
    .description("index and component templates: list, simulate, create, edit, delete");
  registerTemplateReads(group);
  registerTemplateWrites(group);
}
