/**
 * `quarry index show <conn> <index>`: state, statistics, aliases and shards (and settings or
 * mapping as JSON on request); `quarry index templates <conn>`: index templates, ILM policies,
 * snapshot repositories and snapshots, each saying when the cluster has none. Reads only.
 */
import type { Command } from "commander";
import { tableAdminOf } from "../../../app/connections/table-actions.ts";
import { bytesText } from "../../../core/impact.ts";
import type { ObjectList, TableDetails } from "../../../core/table-details.ts";
import { addConnectionFlags, type ConnectionFlags } from "../../connection-options.ts";
import { wantsJson, withSession } from "../../context.ts";
import { printJson, printLine, printTable } from "../../output.ts";

interface ShowFlags extends ConnectionFlags {
  settings?: boolean;
  mapping?: boolean;
}

export function registerShow(group: Command): void {
  addConnectionFlags(
    group
      .command("show")
      .description("an index's state, statistics, aliases and shards (reads only)")
      .argument("<conn>", "a saved connection's name, or a URL such as http://localhost:9200")
      .argument("<index>", "one index")
      .option("--settings", "print its settings as JSON")
      .option("--mapping", "print its mapping as JSON"),
  ).action(async (conn: string, index: string, flags: ShowFlags, cmd: Command) => {
    const details = await withSession(conn, flags, (s) => tableAdminOf(s).details(index));
    if (wantsJson(cmd)) return printJson(details);
    if (flags.settings) return printJson(details.settings);
    if (flags.mapping) return printJson(details.schema);
    printDetails(details);
  });
  addConnectionFlags(
    group
      .command("templates")
      .description(
        "index templates, ILM policies, snapshot repositories and snapshots (reads only)",
      )
      .argument("<conn>", "a saved connection's name, or a URL such as http://localhost:9200"),
  ).action(async (conn: string, flags: ConnectionFlags, cmd: Command) => {
    const objects = await withSession(conn, flags, (s) => tableAdminOf(s).objects());
    if (wantsJson(cmd)) return printJson(objects);
    printList("Index templates", objects.templates);
    printList("ILM policies", objects.lifecyclePolicies);
    printList("Snapshot repositories", objects.backupRepositories);
    printList("Snapshots", objects.backups);
  });
}

function printDetails(d: TableDetails): void {
  const s = d.stats;
  const num = (n: number | null | undefined) =>
    n === null || n === undefined ? "?" : n.toLocaleString("en-US");
  printLine(`Index ${d.name}: ${d.state ?? "unknown state"}, health ${d.health ?? "unknown"}`);
  if (s)
    printLine(
      `Documents ${num(s.docs)}, deleted ${num(s.deletedDocs)}, size ${s.sizeBytes === null ? "?" : bytesText(s.sizeBytes)}, segments ${num(s.segments)}, primary shards ${num(s.primaries)}, replicas ${num(s.replicas)}`,
    );
  printLine(`Aliases: ${d.aliases.map((a) => a.name).join(", ") || "none"}`);
  printLine(`Reindex: ${d.copy.available ? "available" : (d.copy.note ?? "not available")}`);
  for (const n of d.notes) printLine(`Note: ${n}`);
  printLine();
  printTable(
    ["shard", "role", "state", "docs", "size", "node"],
    d.partitions.map((p) => [
      p.partition,
      p.primary ? "primary" : "replica",
      p.state,
      p.docs,
      p.sizeBytes === null ? "" : bytesText(p.sizeBytes),
      p.node ?? p.unassignedReason ?? "",
    ]),
  );
}

function printList(title: string, list: ObjectList): void {
  printLine(`${title}:`);
  if (!list.available) printLine(`  ${list.note ?? "not available on this cluster"}`);
  else if (list.items.length === 0) printLine("  none");
  for (const o of list.items) printLine(`  ${o.name}${o.kind ? ` (${o.kind})` : ""}: ${o.summary}`);
  if (list.available && list.note) printLine(`  ${list.note}`);
  printLine();
}
