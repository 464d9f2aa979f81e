/**
 * `quarry index show|templates|create|open|close|refresh|flush|forcemerge|clear-cache|reindex|
 * delete|alias add|alias remove`: the index page on the command line, one file per kind.
 */
import type { Command } from "commander";
import { registerActions } from "./actions.ts";
import { registerCreate } from "./create.ts";
import { registerShow } from "./show.ts";

export function registerIndexCommands(program: Command): void {
  const group = program
    .command("index")
    .description("an index's details and everyday actions, each request shown before it is sent");
  registerShow(group);
  registerCreate(group);
  registerActions(group);
}
