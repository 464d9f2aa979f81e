/**
 * The cluster views' health and shards (core/catalog.ts) read from Elasticsearch's
 * `_cluster/health` and `_cat/shards`, as 7.17, 8.x and 9.x word them (`_cat` cells are strings or
 * null; 8.x adds `unassigned_primary_shards`). The nodes, pending tasks and allocation
 * explanations are in cluster-answers.ts. Pure.
 */
import type {
  HealthReport,
  NodeSummary,
  PartitionInfo,
  PendingTask,
  PlacementExplanation,
  UnassignedPartition,
} from "../../../core/catalog.ts";
import { catNumber } from "../wire/cat-cells.ts";
import { healthCauses } from "./cluster-answers.ts";

export interface HealthBody {
  cluster_name?: string;
  status?: string;
  active_primary_shards?: number;
  active_shards?: number;
  relocating_shards?: number;
  initializing_shards?: number;
  unassigned_shards?: number;
  unassigned_primary_shards?: number;
  delayed_unassigned_shards?: number;
  number_of_pending_tasks?: number;
  active_shards_percent_as_number?: number;
}

/** A `_cat/shards?format=json` row: every cell a string, or null when empty. */
export interface CatShardRow {
  index?: string;
  shard?: string;
  prirep?: string;
  state?: string;
  docs?: string | null;
  store?: string | null;
  node?: string | null;
  "unassigned.reason"?: string | null;
}

/** The unassigned shards listed in a health report at most; the counts say how many there are. */
export const MAX_UNASSIGNED_LISTED = 50;

export function partitionOf(row: CatShardRow): PartitionInfo {
  return {
    table: row.index ?? "",
    partition: Number(row.shard ?? 0),
    primary: row.prirep === "p" || row.prirep === "primary",
    state: row.state ?? "UNKNOWN",
    docs: catNumber(row.docs),
    sizeBytes: catNumber(row.store),
    node: row.node ?? null,
    unassignedReason: row["unassigned.reason"] ?? null,
  };
}

export function healthReport(parts: {
  health: HealthBody;
  nodes: NodeSummary[];
  pending?: PendingTask[];
  unassigned: CatShardRow[];
  explanation?: PlacementExplanation | undefined;
  table?: string | undefined;
}): HealthReport {
  const h = parts.health;
  const unassigned: UnassignedPartition[] = parts.unassigned
    .filter((r) => r.state === "UNASSIGNED")
    .slice(0, MAX_UNASSIGNED_LISTED)
    .map((r) => {
      const p = partitionOf(r);
      return {
        table: p.table,
        partition: p.partition,
        primary: p.primary,
        reason: p.unassignedReason,
      };
    });
  const total = h.unassigned_shards ?? 0;
  return {
    name: h.cluster_name ?? "",
    status: h.status ?? "unknown",
    ...(parts.table ? { table: parts.table } : {}),
    causes: healthCauses(h, parts.unassigned),
    nodes: parts.nodes,
    partitions: {
      active: h.active_shards ?? 0,
      activePrimary: h.active_primary_shards ?? 0,
      relocating: h.relocating_shards ?? 0,
      initializing: h.initializing_shards ?? 0,
      unassigned: total,
      delayedUnassigned: h.delayed_unassigned_shards ?? null,
      activePercent: h.active_shards_percent_as_number ?? null,
    },
    pendingTasks: h.number_of_pending_tasks ?? null,
    pendingTaskList: parts.pending ?? [],
    unassigned,
    unassignedListed: unassigned.length >= total ? "all" : "some",
    ...(parts.explanation ? { explanation: parts.explanation } : {}),
  };
}
