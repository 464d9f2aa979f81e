/**
 * `quarry template simulate|create|edit|delete` and `quarry template component
 * simulate|create|edit|delete`: a draft checked by the cluster's `_simulate` and its resulting
 * index printed before the save is sent; a deletion asks for the template's name.
 */
import type { Command } from "commander";
import { clusterAdminOf } from "../../../app/connections/cluster-admin-actions.ts";
import type { TemplateKind } from "../../../core/cluster-admin.ts";
import { addConnectionFlags } from "../../connection-options.ts";
import { wantsJson, withSession } from "../../context.ts";
import { printJson, printLine } from "../../output.ts";
import { type AdminFlags, runAdminAction } from "../admin-run.ts";
import { CONN_HELP } from "../browse/shared.ts";
import { type DraftFlags, draftOf } from "./draft.ts";

export function registerTemplateWrites(group: Command): void {
  registerKind(group, "table", "index template");
  registerKind(
    group.command("component").description("component templates that index templates compose"),
    "component",
    "component template",
  );
}

function withDraftFlags(c: Command, kind: TemplateKind): Command {
  const withJson = c.option(
    "--template <json|@file>",
    'settings, mappings and aliases: {"settings":…,"mappings":…}',
  );
  return kind === "component"
    ? withJson
    : withJson
        .option("--patterns <list>", "index patterns it applies to, comma-separated")
        .option("--priority <n>", "the highest among matching templates wins")
        .option("--composed-of <list>", "component templates, comma-separated, in order");
}

function registerKind(group: Command, kind: TemplateKind, what: string): void {
  const named = (name: string, description: string) =>
    addConnectionFlags(
      group
        .command(name)
        .description(description)
        .argument("<conn>", CONN_HELP)
        .argument("<name>", `the ${what}`),
    );
  withDraftFlags(
    named("simulate", `the index a draft ${what} makes, without saving it`),
    kind,
  ).action(async (conn: string, name: string, flags: DraftFlags, cmd: Command) => {
    const draft = await draftOf(kind, name, flags, "replace");
    const sim = await withSession(conn, flags, (s) => clusterAdminOf(s).simulateTemplate(draft));
    if (wantsJson(cmd)) return printJson(sim);
    printLine(JSON.stringify(sim.result, null, 2));
  });
  for (const [verb, mode] of [
    ["create", "create"],
    ["edit", "replace"],
  ] as const)
    withDraftFlags(
      named(
        verb,
        verb === "create"
          ? `create a ${what}, checked by the cluster's simulation first`
          : `save a ${what} over the one of that name, checked by the cluster's simulation first`,
      ),
      kind,
    ).action(async (conn: string, name: string, flags: DraftFlags, cmd: Command) =>
      runAdminAction(
        conn,
        { action: "template-save", draft: await draftOf(kind, name, flags, mode) },
        flags,
        cmd,
        `Saved ${what} ${name}.`,
      ),
    );
  named("delete", `delete a ${what} (asks for its name)`)
    .option("--confirm <name>", "the template's name, to confirm without a terminal")
    .action((conn: string, name: string, flags: AdminFlags, cmd: Command) =>
      runAdminAction(
        conn,
        { action: "template-delete", kind, name },
        flags,
        cmd,
        `Deleted ${what} ${name}.`,
      ),
    );
}
