/** A snapshot as lines for a person: its state, shards, size, indices and failed shards. */
import type { BackupDetail } from "../../../core/cluster-admin.ts";
import { binaryBytes } from "../../binary-bytes.ts";

export function bytes(n: number | null): string {
  return n === null ? "?" : binaryBytes(n);
}

export function detailLines(d: BackupDetail): string[] {
  const lines = [
    `Snapshot ${d.name} in ${d.repository}: ${d.state}`,
    `  started ${d.startedAt ?? "?"}${d.durationMs !== null ? `, took ${d.durationMs} ms` : ""}; global state ${d.includesGlobalState ? "included" : "not included"}`,
    `  shards: ${d.shards.successful} of ${d.shards.total} copied, ${d.shards.failed} failed; size ${bytes(d.sizeBytes)}`,
    `  indices (${d.tables.length}):`,
    ...d.perTable.map(
      (t) =>
        `    ${t.name}  ${t.shards.done}/${t.shards.total} shards${t.shards.failed > 0 ? `, ${t.shards.failed} failed` : ""}  ${bytes(t.sizeBytes)}`,
    ),
  ];
  if (d.perTable.length === 0) lines.push(...d.tables.map((t) => `    ${t}`));
  if (d.failures.length > 0) {
    lines.push("  failed shards:");
    for (const f of d.failures)
      lines.push(
        `    ${f.table} shard ${f.shard}${f.node ? ` on node ${f.node}` : ""}: ${f.reason}`,
      );
  }
  for (const n of d.notes) lines.push(`  note: ${n}`);
  return lines;
}

export function progressLine(d: BackupDetail): string {
  return `  ${d.state}: ${d.shardsDone} of ${d.shards.total || "?"} shards done${d.doneBytes !== null ? `, ${bytes(d.doneBytes)}` : ""}`;
}
