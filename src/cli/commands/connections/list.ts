/** `quarry connections list`: the saved connections, never a secret. */
import type { Command } from "commander";
import {
  type ConnectionDescription,
  describeConnection,
  openAppStorage,
} from "../../../app/connections/connection-service.ts";
import { AI_POLICY_LABELS, EXTERNAL_CLIENT_LABELS } from "../../../core/connections.ts";
import { wantsJson } from "../../context.ts";
import { printJson, printLine, printTable } from "../../output.ts";
import { type LabelOf, settingLabels } from "./shared.ts";

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
          authLabel(c, settingLabels(storage, c.type)),
          EXTERNAL_CLIENT_LABELS[c.externalClients],
          AI_POLICY_LABELS[c.aiPolicy],
        ]),
        60,
      );
    });
}

/** How the connection signs in, where its driver has an `auth` choice (and the user, if any). */
function authLabel(c: ConnectionDescription, labelOf: LabelOf): string {
  const label = c.driverInstalled ? labelOf("auth", c.settings.auth) : undefined;
  if (label === undefined) return "";
  return typeof c.settings.username === "string" && c.secret.needed.includes("password")
    ? `${label} (${c.settings.username})`
    : label;
}
