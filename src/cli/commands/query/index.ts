/**
 * `quarry query list|show|save|rm|run|export|import|folder`: the library of saved queries (console
 * requests, ES|QL queries, grid views) the UI, the CLI and agents share, one file per query in the
 * data folder or the shared folder (`quarry query folder`, or `QUARRY_QUERIES`). One file per
 * subcommand group.
 */
import type { Command } from "commander";
import { registerFolder } from "./folder.ts";
import { registerManage } from "./manage.ts";
import { registerMove } from "./move.ts";
import { registerRun } from "./run.ts";
import { registerSave } from "./save.ts";

export function registerQueryCommands(program: Command): void {
  const group = program
    .command("query")
    .description("saved queries: console requests, ES|QL queries and grid views, with parameters");
  registerManage(group);
  registerSave(group);
  registerRun(group);
  registerMove(group);
  registerFolder(group);
}
