/** `quarry template list|show|simulate-index`: the templates as the cluster holds them. */
import type { Command } from "commander";
import { clusterAdminOf } from "../../../app/connections/cluster-admin-actions.ts";
import { QuarryError } from "../../../core/errors.ts";
import { addConnectionFlags, type ConnectionFlags } from "../../connection-options.ts";
import { wantsJson, withSession } from "../../context.ts";
import { printJson, printLine, printTable } from "../../output.ts";
import { CONN_HELP } from "../browse/shared.ts";

interface ShowFlags extends ConnectionFlags {
  component?: boolean;
}

export function registerTemplateReads(group: Command): void {
  addConnectionFlags(
    group
      .command("list")
      .description("the index templates and component templates")
      .argument("<conn>", CONN_HELP),
  ).action(async (conn: string, flags: ConnectionFlags, cmd: Command) => {
    const all = await withSession(conn, flags, (s) => clusterAdminOf(s).templates());
    if (wantsJson(cmd)) return printJson({ templates: all });
    if (all.length === 0) return printLine("No index or component template.");
    printTable(
      ["template", "kind", "patterns", "priority", "composed of"],
      all.map((t) => [
        t.name,
        t.kind === "table" ? "index" : "component",
        t.patterns.join(","),
        t.priority,
        t.composedOf.join(","),
      ]),
    );
  });
  addConnectionFlags(
    group
      .command("show")
      .description("one template as the cluster states it")
      .argument("<conn>", CONN_HELP)
      .argument("<name>", "the template")
      .option("--component", "a component template"),
  ).action(async (conn: string, name: string, flags: ShowFlags, cmd: Command) => {
    const kind = flags.component ? "component" : "table";
    const all = await withSession(conn, flags, (s) => clusterAdminOf(s).templates());
    const t = all.find((x) => x.name === name && x.kind === kind);
    if (!t)
      throw new QuarryError(
        "invalid_input",
        `No ${flags.component ? "component" : "index"} template is named ${name}`,
        "See quarry template list for the templates there are.",
      );
    if (wantsJson(cmd)) return printJson(t);
    printLine(JSON.stringify(t.definition, null, 2));
  });
  addConnectionFlags(
    group
      .command("simulate-index")
      .description("what a new index of this name would be made of, from the templates saved now")
      .argument("<conn>", CONN_HELP)
      .argument("<index>", "a new index's name"),
  ).action(async (conn: string, index: string, flags: ConnectionFlags, cmd: Command) => {
    const sim = await withSession(conn, flags, (s) => clusterAdminOf(s).simulateTable(index));
    if (wantsJson(cmd)) return printJson(sim);
    printLine(JSON.stringify(sim.result, null, 2));
    for (const o of sim.overlapping)
      printLine(`Also matches: ${o.name} (${o.patterns.join(", ")}), which loses to the winner.`);
  });
}
