/**
 * `quarry connections add|list|show|edit|remove|test`: saved connections from the command line,
 * one file per subcommand. Secrets come only from standard input and are never printed.
 */
import type { Command } from "commander";
import { registerAdd } from "./add.ts";
import { registerEdit } from "./edit.ts";
import { registerList } from "./list.ts";
import { registerRemove } from "./remove.ts";
import { registerShow } from "./show.ts";
import { registerTest } from "./test.ts";

export function registerConnectionsCommands(program: Command): void {
  const group = program
    .command("connections")
    .description("add, list, show, edit, remove and test saved connections");
  registerAdd(group);
  registerList(group);
  registerShow(group);
  registerEdit(group);
  registerRemove(group);
  registerTest(group);
}
