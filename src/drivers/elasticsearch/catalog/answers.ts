/**
 * The catalog's answers (core/catalog.ts) read from Elasticsearch's: `_cluster/health`,
 * `_cat/shards`, `_stats` and `_field_caps` (the nodes, pending tasks and allocation explanations
 * are in cluster-answers.ts), as 7.17, 8.x and 9.x word them (`_cat` cells are strings or null;
 * 8.x adds `unassigned_primary_shards`; `_field_caps` lists a type's indices only when not every
 * index has it). Pure.
 */
import type {
  FieldMatch,
  FieldQuery,
  HealthReport,
  NodeSummary,
  PartitionInfo,
  PendingTask,
  PlacementExplanation,
  TableStats,
  UnassignedPartition,
} from "../../../core/catalog.ts";
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

const num = (v: string | null | undefined): number | null =>
  v == null || v === "" || Number.isNaN(Number(v)) ? null : Number(v);

export function partitionOf(row: CatShardRow): PartitionInfo {
  return {
    table: row.index ?? "",
    partition: Number(row.shard ?? 0),
    primary: row.prirep === "p" || row.prirep === "primary",
    state: row.state ?? "UNKNOWN",
    docs: num(row.docs),
    sizeBytes: num(row.store),
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

interface StatsSection {
  docs?: { count?: number; deleted?: number };
  store?: { size_in_bytes?: number };
  segments?: { count?: number };
}

export interface StatsBody {
  indices?: Record<string, { primaries?: StatsSection; total?: StatsSection }>;
}

/** A `_cat/indices` row for the shard counts `_stats` does not give. */
export interface CatIndexCountsRow {
  index?: string;
  pri?: string | null;
  rep?: string | null;
}

export function tableStatsOf(body: StatsBody, counts: CatIndexCountsRow[] = []): TableStats[] {
  const byName = new Map(counts.map((c) => [c.index ?? "", c]));
  return Object.entries(body.indices ?? {}).map(([name, s]) => ({
    name,
    docs: s.primaries?.docs?.count ?? null,
    deletedDocs: s.primaries?.docs?.deleted ?? null,
    sizeBytes: s.total?.store?.size_in_bytes ?? null,
    primarySizeBytes: s.primaries?.store?.size_in_bytes ?? null,
    segments: s.total?.segments?.count ?? null,
    primaries: num(byName.get(name)?.pri),
    replicas: num(byName.get(name)?.rep),
  }));
}

export interface FieldCapsBody {
  indices?: string[];
  fields?: Record<
    string,
    Record<
      string,
      {
        type?: string;
        metadata_field?: boolean;
        searchable?: boolean;
        aggregatable?: boolean;
        indices?: string[] | null;
      }
    >
  >;
}

/** Case-insensitive: a pattern with `*`/`?` must match the whole name, plain text any part. */
export function nameMatcher(pattern: string | undefined): (name: string) => boolean {
  const p = pattern?.trim().toLowerCase();
  if (!p) return () => true;
  if (!/[*?]/.test(p)) return (name) => name.toLowerCase().includes(p);
  const re = new RegExp(
    `^${p
      .replace(/[.+^${}()|[\]\\]/g, "\\$&")
      .replace(/\*/g, ".*")
      .replace(/\?/g, ".")}$`,
  );
  return (name) => re.test(name.toLowerCase());
}

/**
 * The fields of a `_field_caps?include_unmapped=true` answer that match the query: one entry per
 * name and type, with the indices that map it so (a type's own list, or every index when the
 * answer leaves it out). Metadata fields and "unmapped" are left out. Sorted by name, then type.
 */
export function fieldsOf(body: FieldCapsBody, query: FieldQuery): FieldMatch[] {
  const all = [...(body.indices ?? [])].sort();
  const matches = nameMatcher(query.name);
  const types = query.types?.length ? new Set(query.types.map((t) => t.toLowerCase())) : undefined;
  const found: FieldMatch[] = [];
  for (const [name, byType] of Object.entries(body.fields ?? {})) {
    if (!matches(name)) continue;
    for (const [type, caps] of Object.entries(byType)) {
      if (type === "unmapped" || caps.metadata_field) continue;
      if (types && !types.has(type.toLowerCase())) continue;
      found.push({
        name,
        type,
        tables: caps.indices ? [...caps.indices].sort() : all,
        searchable: caps.searchable ?? null,
        aggregatable: caps.aggregatable ?? null,
      });
    }
  }
  // By code unit, so a field's children (customer.city) stay next to it (customer).
  const order = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  return found.sort((a, b) => order(a.name, b.name) || order(a.type, b.type));
}
