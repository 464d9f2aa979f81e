/** `quarry test <conn>`: reach a cluster and report its version. */
import type { Command } from "commander";
import { addConnectionFlags, type ConnectionFlags } from "../connection-options.ts";
import { wantsJson, withSession } from "../context.ts";
import { printJson, printLine } from "../output.ts";

export function registerConnectionCommands(program: Command): void {
  addConnectionFlags(
    program
      .command("test")
      .description("connect to a cluster and print its name and version")
      .argument("<conn>", "a saved connection's name, or a URL such as http://localhost:9200"),
  ).action(async (conn: string, flags: ConnectionFlags, cmd: Command) => {
    const info = await withSession(conn, flags, (s) => s.testConnection());
    if (wantsJson(cmd)) printJson(info);
    else printLine(`Connected: ${info.product} ${info.version}, cluster "${info.clusterName}"`);
  });
}
