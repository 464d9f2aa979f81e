/**
 * `quarry security role save|delete` and `quarry security role-mapping save|delete`: a role from
 * flags (`--cluster monitor --index 'logs-*:read,view_index_metadata'`) or as JSON (`--body`).
 */
import type { Command } from "commander";
import type { TablePrivileges } from "../../../core/cluster-security.ts";
import { QuarryError } from "../../../core/errors.ts";
import { jsonObject, list } from "../../flag-values.ts";
import { type AdminFlags, runAdminAction } from "../admin-run.ts";
import { namedWrite } from "./shared.ts";

interface RoleFlags extends AdminFlags {
  cluster?: string;
  index?: string[];
  body?: string;
}

interface MappingFlags extends AdminFlags {
  roles?: string;
  rules?: string;
  disabled?: boolean;
}

function indexPrivileges(text: string): TablePrivileges {
  const at = text.lastIndexOf(":");
  if (at <= 0)
    throw new QuarryError(
      "invalid_input",
      `--index ${text} names no privileges`,
      "Write it as names:privileges, e.g. --index 'logs-*:read,view_index_metadata'.",
    );
  return { names: list(text.slice(0, at)), privileges: list(text.slice(at + 1)) };
}

const collect = (value: string, previous: string[]) => [...previous, value];

export function registerRoleCommands(group: Command): void {
  const role = group.command("role").description("save or delete a role");
  namedWrite(role, "save", "create or replace a role", "role")
    .option("--cluster <list>", "cluster privileges, comma-separated (monitor, manage, …)")
    .option("--index <names:privileges>", "index privileges (repeat it)", collect, [])
    .option("--body <json|@file>", "the role as JSON, instead of the flags")
    .action(async (conn: string, name: string, flags: RoleFlags, cmd: Command) =>
      runAdminAction(
        conn,
        flags.body !== undefined
          ? { action: "role-save", name, definition: await jsonObject(flags.body, "--body") }
          : {
              action: "role-save",
              name,
              cluster: list(flags.cluster),
              tables: (flags.index ?? []).map(indexPrivileges),
            },
        flags,
        cmd,
        `Saved role ${name}.`,
      ),
    );
  namedWrite(role, "delete", "delete a role", "role").action(
    (conn: string, name: string, flags: AdminFlags, cmd: Command) =>
      runAdminAction(conn, { action: "role-delete", name }, flags, cmd, `Deleted role ${name}.`),
  );
  const mapping = group.command("role-mapping").description("save or delete a role mapping");
  namedWrite(mapping, "save", "create or replace a role mapping", "role mapping")
    .requiredOption("--roles <list>", "the roles it grants, comma-separated")
    .requiredOption(
      "--rules <json|@file>",
      'which users it matches, e.g. {"field":{"username":"*"}}',
    )
    .option("--disabled", "save it disabled")
    .action(async (conn: string, name: string, flags: MappingFlags, cmd: Command) =>
      runAdminAction(
        conn,
        {
          action: "role-mapping-save",
          name,
          roles: list(flags.roles),
          rules: await jsonObject(flags.rules ?? "{}", "--rules"),
          enabled: flags.disabled !== true,
        },
        flags,
        cmd,
        `Saved role mapping ${name}.`,
      ),
    );
  namedWrite(mapping, "delete", "delete a role mapping", "role mapping").action(
    (conn: string, name: string, flags: AdminFlags, cmd: Command) =>
      runAdminAction(
        conn,
        { action: "role-mapping-delete", name },
        flags,
        cmd,
        `Deleted role mapping ${name}.`,
      ),
  );
}
