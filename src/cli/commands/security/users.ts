/**
 * `quarry security user create|edit|password|enable|disable|delete`: a password is read from
 * standard input (`--user-password-stdin`), never from a flag a shell history or `ps` would keep,
 * and is shown as <hidden> in the printed request.
 */
import type { Command } from "commander";
import { clusterAdminOf } from "../../../app/connections/cluster-admin-actions.ts";
import type { UserDraft } from "../../../core/cluster-security.ts";
import { QuarryError } from "../../../core/errors.ts";
import { readStdin } from "../../connection-options.ts";
import { withSession } from "../../context.ts";
import { list } from "../../flag-values.ts";
import { type AdminFlags, runAdminAction } from "../admin-run.ts";
import { namedWrite } from "./shared.ts";

interface UserFlags extends AdminFlags {
  roles?: string;
  fullName?: string;
  email?: string;
  userPasswordStdin?: boolean;
}

const withUserFlags = (c: Command) =>
  c
    .option("--roles <list>", "its roles, comma-separated")
    .option("--full-name <text>", "its full name")
    .option("--email <address>", "its email address")
    .option("--user-password-stdin", "read its password from standard input");

async function passwordFromStdin(flags: UserFlags, required: boolean): Promise<string | undefined> {
  if (!flags.userPasswordStdin) {
    if (!required) return undefined;
    throw new QuarryError(
      "invalid_input",
      "No password given",
      "Pipe it in with --user-password-stdin (a flag's value would stay in the shell's history).",
    );
  }
  return readStdin();
}

export function registerUserCommands(group: Command): void {
  const user = group.command("user").description("create, change or delete a user");
  withUserFlags(namedWrite(user, "create", "create a user", "user")).action(
    async (conn: string, name: string, flags: UserFlags, cmd: Command) => {
      const draft: UserDraft = { name, roles: list(flags.roles) };
      const password = await passwordFromStdin(flags, true);
      if (password !== undefined) draft.password = password;
      if (flags.fullName !== undefined) draft.fullName = flags.fullName;
      if (flags.email !== undefined) draft.email = flags.email;
      await runAdminAction(
        conn,
        { action: "user-save", user: draft, mode: "create" },
        flags,
        cmd,
        `Created user ${name}.`,
      );
    },
  );
  registerEdit(user);
  namedWrite(
    user,
    "password",
    "change a user's password (read from standard input)",
    "user",
  ).action(async (conn: string, name: string, flags: AdminFlags, cmd: Command) =>
    runAdminAction(
      conn,
      { action: "user-password", name, password: await readStdin() },
      flags,
      cmd,
      `Changed the password of ${name}.`,
    ),
  );
  for (const enabled of [true, false])
    namedWrite(
      user,
      enabled ? "enable" : "disable",
      enabled ? "let a user sign in again" : "stop a user from signing in",
      "user",
    ).action((conn: string, name: string, flags: AdminFlags, cmd: Command) =>
      runAdminAction(
        conn,
        { action: "user-enable", name, enabled },
        flags,
        cmd,
        `${enabled ? "Enabled" : "Disabled"} user ${name}.`,
      ),
    );
  namedWrite(user, "delete", "delete a user", "user").action(
    (conn: string, name: string, flags: AdminFlags, cmd: Command) =>
      runAdminAction(conn, { action: "user-delete", name }, flags, cmd, `Deleted user ${name}.`),
  );
}

function registerEdit(user: Command): void {
  withUserFlags(
    namedWrite(user, "edit", "change a user's roles, name or email (the rest is kept)", "user"),
  ).action(async (conn: string, name: string, flags: UserFlags, cmd: Command) => {
    const now = await withSession(conn, flags, async (s) =>
      (await clusterAdminOf(s).users()).find((u) => u.name === name),
    );
    if (!now)
      throw new QuarryError(
        "invalid_input",
        `No user is named ${name}`,
        "See quarry security users, or create it with quarry security user create.",
      );
    const draft: UserDraft = {
      name,
      roles: flags.roles !== undefined ? list(flags.roles) : now.roles,
      enabled: now.enabled,
    };
    const fullName = flags.fullName ?? now.fullName;
    const email = flags.email ?? now.email;
    if (fullName !== null) draft.fullName = fullName;
    if (email !== null) draft.email = email;
    const password = await passwordFromStdin(flags, false);
    if (password !== undefined) draft.password = password;
    await runAdminAction(
      conn,
      { action: "user-save", user: draft, mode: "replace" },
      flags,
      cmd,
      `Changed user ${name}.`,
    );
  });
}
