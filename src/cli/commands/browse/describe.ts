/**
 * `quarry describe <conn> <table>`: a table's columns, derived from its mapping, with the
 * operators each filters with.
 */
import type { Command } from "commander";
import { addConnectionFlags, type ConnectionFlags } from "../../connection-options.ts";
import { wantsJson, withSession } from "../../context.ts";
import { printJson } from "../../output.ts";
import { printColumns } from "./print.ts";
import { CONN_HELP } from "./shared.ts";

export function registerDescribe(program: Command): void {
  addConnectionFlags(
    program
      .command("describe")
      .description("show a table's columns, derived from its mapping")
      .argument("<conn>", CONN_HELP)
      .argument("<table>", "an index, alias, pattern (logs-*) or comma list"),
  ).action(async (conn: string, table: string, flags: ConnectionFlags, cmd: Command) => {
    const { columns, ops } = await withSession(conn, flags, async (s) => {
      const columns = await s.grid.describeTable(table);
      return { columns, ops: columns.map((c) => s.grid.filterOps(c)) };
    });
    if (wantsJson(cmd)) printJson({ table, columns });
    else printColumns(columns, ops);
  });
}
