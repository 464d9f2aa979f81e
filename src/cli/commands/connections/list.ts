/** `quarry connections list`: the saved connections, never a secret. */
import type { Command } from "commander";
import {
  type ConnectionDescription,
  describeConnection,
  openAppStorage,
} from "../../../app/connections/connection-service.ts";
import { installedDriver } from "../../../app/connections/driver-registry.ts";
import { AI_POLICY_LABELS, EXTERNAL_CLIENT_LABELS } from "../../../core/connections.ts";
import { wantsJson } from "../../context.ts";
import { printJson, printLine, printTable } from "../../output.ts";

export function registerList(group: Command): void {
  group
    .command("list")
    .description("list saved connections (secrets are never shown)")
    .action(async (_flags: unknown, cmd: Command) => {
      const storage = await openAppStorage();
      const all = await storage.connections.list();
      const described = await Promise.all(all.map((c) => describeConnection(storage, c)));
      if (wantsJson(cmd)) return printJson(described);
      if (described.length === 0) {
        printLine(
          "No saved connections. Add one with: quarry connections add --name <name> --host <host>",
        );
        return;
      }
      printTable(
        ["NAME", "TYPE", "ENDPOINT", "AUTH", "EXTERNAL CLIENTS", "AI POLICY"],
        described.map((c) => [
          c.name,
          c.driverInstalled ? c.type : `${c.type} (driver not installed)`,
          c.endpoint ?? "",
          authLabel(c),
          EXTERNAL_CLIENT_LABELS[c.externalClients],
          AI_POLICY_LABELS[c.aiPolicy],
        ]),
        60,
      );
    });
}

/** How the connection signs in, as its driver says it (empty when the driver is missing). */
function authLabel(c: ConnectionDescription): string {
  if (!c.driverInstalled) return "";
  try {
    return installedDriver(c.type)?.describeAuth(c.settings) ?? "";
  } catch {
    return "";
  }
}
