/**
 * The cluster on a terminal: health and why it is not green, nodes with their numbers, shards by
 * index and node, and an allocation explanation. Pure: each returns the lines it prints, so the
 * commands print them and the tests read them.
 */
import type {
  HealthReport,
  NodeSummary,
  PartitionInfo,
  PlacementExplanation,
} from "../../../core/catalog.ts";
import { bytesText, countText } from "../../../core/impact.ts";

/** A table as lines: a header, a rule, aligned cells (as output.ts's printTable draws it). */
export function tableLines(headers: string[], rows: string[][]): string[] {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]?.length ?? 0)));
  const line = (r: string[]) =>
    r
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join("  ")
      .trimEnd();
  return [line(headers), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)];
}

const pct = (used: number | null, max: number | null): string =>
  used === null || !max ? "" : `${Math.round((used / max) * 100)}%`;

const sized = (used: number | null, max: number | null): string =>
  used === null || max === null ? "" : `${bytesText(used)} / ${bytesText(max)} (${pct(used, max)})`;

const copyName = (c: { table: string; partition: number; primary: boolean }) =>
  `[${c.table}][${c.partition}] ${c.primary ? "primary" : "replica"}`;

export function healthLines(h: HealthReport): string[] {
  const p = h.partitions;
  const out = [
    `Cluster ${h.name}${h.table ? ` (index ${h.table})` : ""}: ${h.status}`,
    ...(h.causes ?? []).map((c) => `  ${c}`),
    `Shards: ${countText(p.active)} active (${countText(p.activePrimary)} primary), ${p.relocating} relocating, ${p.initializing} initializing, ${p.unassigned} unassigned${p.delayedUnassigned ? ` (${p.delayedUnassigned} delayed)` : ""}${p.activePercent === null ? "" : `; ${Math.round(p.activePercent * 10) / 10}% active`}`,
    `Nodes: ${h.nodes.length ? h.nodes.map((n) => (n.leader ? `${n.name} (master)` : n.name)).join(", ") : "not readable"}`,
    `Pending tasks: ${h.pendingTasks ?? "unknown"}`,
  ];
  for (const t of h.pendingTaskList ?? [])
    out.push(
      `  ${t.priority} ${t.source}${t.executing ? " (executing)" : ""}${t.waitingMs === null ? "" : `, waiting ${t.waitingMs} ms`}`,
    );
  if (h.unassigned.length) {
    out.push("", `Unassigned shards${h.unassignedListed === "some" ? " (the first ones)" : ""}:`);
    out.push(
      ...tableLines(
        ["index", "shard", "copy", "reason"],
        h.unassigned.map((u) => [
          u.table,
          String(u.partition),
          u.primary ? "primary" : "replica",
          u.reason ?? "",
        ]),
      ),
    );
  }
  if (h.explanation) out.push("", ...explanationLines(h.explanation));
  return out;
}

export function nodeLines(nodes: NodeSummary[]): string[] {
  return tableLines(
    ["name", "roles", "master", "version", "heap", "disk", "cpu", "load 1m/5m/15m"],
    nodes.map((n) => [
      n.name,
      n.roles.join(","),
      n.leader ? "*" : "",
      n.version ?? "",
      sized(n.memoryUsedBytes ?? null, n.memoryMaxBytes ?? null),
      sized(n.diskUsedBytes ?? null, n.diskTotalBytes ?? null),
      n.cpuPercent === null || n.cpuPercent === undefined ? "" : `${n.cpuPercent}%`,
      n.load ? n.load.map((l) => (l === null ? "-" : l.toFixed(2))).join(" ") : "",
    ]),
  );
}

export function shardLines(shards: PartitionInfo[]): string[] {
  return tableLines(
    ["index", "shard", "copy", "state", "docs", "size", "node", "unassigned reason"],
    shards.map((s) => [
      s.table,
      String(s.partition),
      s.primary ? "primary" : "replica",
      s.state,
      s.docs === null ? "" : countText(s.docs),
      s.sizeBytes === null ? "" : bytesText(s.sizeBytes),
      s.node ?? "",
      s.unassignedReason ?? "",
    ]),
  );
}

export function explanationLines(e: PlacementExplanation): string[] {
  const out = [
    `Allocation of ${copyName(e)}: ${e.state ?? "unknown state"}${e.currentNode ? ` on ${e.currentNode}` : ""}`,
  ];
  if (e.unassignedReason)
    out.push(
      `  Unassigned because ${e.unassignedReason}${e.unassignedSince ? ` since ${e.unassignedSince}` : ""}${e.details ? `: ${e.details}` : ""}`,
    );
  if (e.decision)
    out.push(`  ${e.currentNode ? "May stay on its node" : "Can be allocated"}: ${e.decision}`);
  if (e.explanation) out.push(`  ${e.explanation}`);
  for (const n of e.nodes) {
    out.push(`  ${n.node}: ${n.decision}`);
    for (const r of n.reasons) out.push(`    - ${r}`);
  }
  return out;
}
