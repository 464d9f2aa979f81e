/** `quarry connections remove`: deletes a saved connection and its stored secret. */
import type { Command } from "commander";
import { openAppStorage, removeConnection } from "../../../app/connections/connection-service.ts";
import { wantsJson } from "../../context.ts";
import { printJson, printLine } from "../../output.ts";

export function registerRemove(group: Command): void {
  group
    .command("remove")
    .description("delete a saved connection and its stored secret")
    .argument("<conn>", "the connection's name or id")
    .action(async (conn: string, _flags: unknown, cmd: Command) => {
      const storage = await openAppStorage();
      const hadSecret =
        (await storage.secrets.locate((await storage.connections.require(conn)).id)) !== undefined;
      const removed = await removeConnection(storage, conn);
      if (wantsJson(cmd)) printJson({ removed: { id: removed.id, name: removed.name } });
      else
        printLine(
          `Removed connection "${removed.name}"${hadSecret ? " and its stored secret" : ""}.`,
        );
    });
}
