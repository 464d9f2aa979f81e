/**
 * `quarry snapshot repos|repo-types|repo add|repo verify|repo remove`: the backup repositories of
 * a cluster. Registering one prints its request first; removing one asks for its name.
 */
import type { Command } from "commander";
import { clusterAdminOf } from "../../../app/connections/cluster-admin-actions.ts";
import { QuarryError } from "../../../core/errors.ts";
import { addConnectionFlags, type ConnectionFlags } from "../../connection-options.ts";
import { wantsJson, withSession } from "../../context.ts";
import { printJson, printLine, printTable } from "../../output.ts";
import { type AdminFlags, runAdminAction } from "../admin-run.ts";
import { CONN_HELP } from "../browse/shared.ts";

interface AddFlags extends AdminFlags {
  type: string;
  location?: string;
  setting?: string[];
}

export function registerRepositoryCommands(group: Command): void {
  registerReads(group);
  const repo = group.command("repo").description("register, verify or remove a repository");
  registerAdd(repo);
  registerVerifyRemove(repo);
}

function registerReads(group: Command): void {
  addConnectionFlags(
    group.command("repos").description("the registered repositories").argument("<conn>", CONN_HELP),
  ).action(async (conn: string, flags: ConnectionFlags, cmd: Command) => {
    const repos = await withSession(conn, flags, (s) => clusterAdminOf(s).repositories());
    if (wantsJson(cmd)) return printJson({ repositories: repos });
    if (repos.length === 0) return printLine("No repository is registered.");
    printTable(
      ["repository", "type", "settings"],
      repos.map((r) => [r.name, r.type, r.settings]),
      80,
    );
  });
  addConnectionFlags(
    group
      .command("repo-types")
      .description("the repository types every node offers, with their settings")
      .argument("<conn>", CONN_HELP),
  ).action(async (conn: string, flags: ConnectionFlags, cmd: Command) => {
    const kinds = await withSession(conn, flags, (s) => clusterAdminOf(s).repositoryKinds());
    if (wantsJson(cmd)) return printJson({ types: kinds });
    if (kinds.length === 0)
      return printLine("No repository type is offered: set path.repo on every node for fs.");
    for (const k of kinds) {
      printLine(`${k.type}  ${k.label}`);
      for (const f of k.fields)
        printLine(
          `  --setting ${f.name}=…  ${f.label}${f.required ? " (required)" : ""}${f.choices ? `: under ${f.choices.join(", ")}` : ""}`,
        );
    }
  });
}

function registerAdd(repo: Command): void {
  addConnectionFlags(
    repo
      .command("add")
      .description("register a repository, after printing the exact request")
      .argument("<conn>", CONN_HELP)
      .argument("<repository>", "the repository's name")
      .option("--type <type>", "its type (see repo-types)", "fs")
      .option("--location <path>", "fs: the folder, under one of the nodes' path.repo")
      .option("--setting <name=value>", "another setting (repeat it)", collect, []),
  ).action(async (conn: string, name: string, flags: AddFlags, cmd: Command) => {
    const settings: Record<string, unknown> = {};
    if (flags.location !== undefined) settings.location = flags.location;
    for (const s of flags.setting ?? []) {
      const at = s.indexOf("=");
      if (at <= 0)
        throw new QuarryError(
          "invalid_input",
          `--setting ${s} has no value`,
          "Write it as name=value, e.g. --setting compress=true.",
        );
      const value = s.slice(at + 1);
      settings[s.slice(0, at)] = value === "true" ? true : value === "false" ? false : value;
    }
    await runAdminAction(
      conn,
      { action: "repository-register", repository: name, type: flags.type, settings },
      flags,
      cmd,
      `Registered repository ${name}.`,
    );
  });
}

function registerVerifyRemove(repo: Command): void {
  addConnectionFlags(
    repo
      .command("verify")
      .description("check that every node can write to a repository")
      .argument("<conn>", CONN_HELP)
      .argument("<repository>", "the repository"),
  ).action((conn: string, name: string, flags: AdminFlags, cmd: Command) =>
    runAdminAction(
      conn,
      { action: "repository-verify", repository: name },
      flags,
      cmd,
      `Repository ${name} is verified: every node can write to it.`,
    ),
  );
  addConnectionFlags(
    repo
      .command("remove")
      .description("unregister a repository (asks for its name; its files are kept)")
      .argument("<conn>", CONN_HELP)
      .argument("<repository>", "the repository")
      .option("--confirm <name>", "the repository's name, to confirm without a terminal"),
  ).action((conn: string, name: string, flags: AdminFlags, cmd: Command) =>
    runAdminAction(
      conn,
      { action: "repository-remove", repository: name },
      flags,
      cmd,
      `Removed repository ${name}.`,
    ),
  );
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}
