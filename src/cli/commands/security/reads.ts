/** `quarry security users|roles|role-mappings|keys`: the lists, never a password or a secret. */
import type { Command } from "commander";
import { clusterAdminOf } from "../../../app/connections/cluster-admin-actions.ts";
import type { ClusterAdmin } from "../../../core/cluster-admin.ts";
import { addConnectionFlags, type ConnectionFlags } from "../../connection-options.ts";
import { wantsJson, withSession } from "../../context.ts";
import { printJson, printTable } from "../../output.ts";
import { CONN_HELP } from "../browse/shared.ts";

function readCommand<T>(
  group: Command,
  name: string,
  description: string,
  read: (a: ClusterAdmin) => Promise<T[]>,
  table: { headers: string[]; row: (t: T) => unknown[] },
) {
  addConnectionFlags(
    group.command(name).description(description).argument("<conn>", CONN_HELP),
  ).action(async (conn: string, flags: ConnectionFlags, cmd: Command) => {
    const items = await withSession(conn, flags, (s) => read(clusterAdminOf(s)));
    if (wantsJson(cmd)) return printJson({ [name]: items });
    printTable(table.headers, items.map(table.row), 60);
  });
}

export function registerSecurityReads(group: Command): void {
  readCommand(
    group,
    "users",
    "the users, their roles and whether they may sign in",
    (a) => a.users(),
    {
      headers: ["user", "roles", "enabled", "full name", "email", "built in"],
      row: (u) => [u.name, u.roles.join(","), u.enabled, u.fullName, u.email, u.reserved],
    },
  );
  readCommand(group, "roles", "the roles and their privileges", (a) => a.roles(), {
    headers: ["role", "cluster", "indices", "built in"],
    row: (r) => [
      r.name,
      r.cluster.join(","),
      r.tables.map((t) => `${t.names.join(",")}:${t.privileges.join("+")}`).join(" "),
      r.reserved,
    ],
  });
  readCommand(group, "role-mappings", "the role mappings", (a) => a.roleMappings(), {
    headers: ["mapping", "roles", "enabled", "rules"],
    row: (m) => [m.name, m.roles.join(","), m.enabled, m.rules],
  });
  readCommand(group, "keys", "the API keys (never their secrets)", (a) => a.accessKeys(), {
    headers: ["key", "id", "owner", "created", "expires", "invalidated"],
    row: (k) => [k.name, k.id, k.owner, k.createdAt, k.expiresAt ?? "never", k.invalidated],
  });
}
