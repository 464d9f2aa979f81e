/**
 * `quarry tables <conn>`: the indices of a cluster as tables, with document counts and sizes.
 */
import type { Command } from "commander";
import { addConnectionFlags, type ConnectionFlags } from "../../connection-options.ts";
import { wantsJson, withSession } from "../../context.ts";
import { printJson } from "../../output.ts";
import { printTables } from "./print.ts";
import { CONN_HELP } from "./shared.ts";

export function registerTables(program: Command): void {
  addConnectionFlags(
    program
      .command("tables")
      .description("list the indices of a cluster as tables, with document counts and sizes")
      .argument("<conn>", CONN_HELP),
  ).action(async (conn: string, flags: ConnectionFlags, cmd: Command) => {
    const tables = await withSession(conn, flags, (s) => s.grid.listTables());
    if (wantsJson(cmd)) printJson({ tables });
    else printTables(tables);
  });
}
