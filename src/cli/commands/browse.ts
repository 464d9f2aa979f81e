/**
 * `quarry tables <conn>`, `quarry describe <conn> <table>`, `quarry browse <conn> <table>`: the
 * grid from the command line, one file per command in browse/. The filter syntax is re-exported
 * for the commands that read the same --filter; `quarry export` takes it from its own module, so
 * that it loads none of the grid's commands.
 */
import type { Command } from "commander";
import { registerBrowse } from "./browse/browse.ts";
import { registerDescribe } from "./browse/describe.ts";
import { registerTables } from "./browse/tables.ts";

export { parseFilter, parseSort } from "./browse/filter-syntax.ts";

export function registerBrowseCommands(program: Command): void {
  registerTables(program);
  registerDescribe(program);
  registerBrowse(program);
}
