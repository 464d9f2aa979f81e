/**
 * The cluster's own answers read as the catalog's values (core/catalog.ts): nodes from `_cat/nodes`,
 * or from `_nodes` (name, roles, version, ip) joined with `_nodes/stats/jvm,os,fs` (heap, disk,
 * CPU, load), the
 * pending tasks of `_cluster/pending_tasks`, and `_cluster/allocation/explain` for an unassigned
 * or an assigned shard, as 7.17, 8.x and 9.x word them. Pure.
 */
import type { NodeSummary, PendingTask, PlacementExplanation } from "../../../core/catalog.ts";

export interface NodesBody {
  nodes?: Record<string, { name?: string; roles?: string[]; version?: string; ip?: string }>;
}

export interface NodesStatsBody {
  nodes?: Record<
    string,
    {
      name?: string;
      jvm?: { mem?: { heap_used_in_bytes?: number; heap_max_in_bytes?: number } };
      os?: {
        cpu?: {
          percent?: number;
          load_average?: { "1m"?: number; "5m"?: number; "15m"?: number };
        };
      };
      fs?: { total?: { total_in_bytes?: number; available_in_bytes?: number } };
    }
  >;
}

/** What `_nodes/stats` is asked for: only the numbers the overview shows. */
export const NODE_STATS_FILTER = [
  "nodes.*.jvm.mem.heap_used_in_bytes",
  "nodes.*.jvm.mem.heap_max_in_bytes",
  "nodes.*.os.cpu.percent",
  "nodes.*.os.cpu.load_average",
  "nodes.*.fs.total.total_in_bytes",
  "nodes.*.fs.total.available_in_bytes",
].join(",");

export const NODE_INFO_FILTER = "nodes.*.name,nodes.*.roles,nodes.*.version,nodes.*.ip";

const numberOr = (v: unknown): number | null =>
  typeof v === "number" && Number.isFinite(v) ? v : null;

/**
 * The nodes by name: what `_nodes` says of each, with its numbers from `_nodes/stats` (matched by
 * node id; absent when the stats could not be read) and whether it is the elected master. Disk
 * used is what the node cannot use (total minus available), as `_cat/nodes` counts it.
 */
export function nodesOf(
  info: NodesBody,
  leaderId: string | undefined,
  stats: NodesStatsBody = {},
): NodeSummary[] {
  return Object.entries(info.nodes ?? {})
    .map(([id, n]): NodeSummary => {
      const s = stats.nodes?.[id];
      const total = numberOr(s?.fs?.total?.total_in_bytes);
      const available = numberOr(s?.fs?.total?.available_in_bytes);
      const load = s?.os?.cpu?.load_average;
      return {
        name: n.name ?? id,
        roles: n.roles ?? [],
        leader: id === leaderId,
        version: n.version ?? null,
        address: n.ip ?? null,
        memoryUsedBytes: numberOr(s?.jvm?.mem?.heap_used_in_bytes),
        memoryMaxBytes: numberOr(s?.jvm?.mem?.heap_max_in_bytes),
        diskUsedBytes: total !== null && available !== null ? total - available : null,
        diskTotalBytes: total,
        cpuPercent: numberOr(s?.os?.cpu?.percent),
        // Windows reports no load average (the field is left out, or negative on old versions).
        load: load
          ? [
              nonNegative(load["1m"]) ?? null,
              nonNegative(load["5m"]) ?? null,
              nonNegative(load["15m"]) ?? null,
            ]
          : null,
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** One row of `_cat/nodes` (JSON, `bytes=b`, `full_id`): every value a string, or null. */
export interface CatNodeRow {
  id?: string;
  name?: string;
  version?: string | null;
  ip?: string | null;
  "node.role"?: string | null;
  master?: string | null;
  "heap.current"?: string | null;
  "heap.max"?: string | null;
  cpu?: string | null;
  load_1m?: string | null;
  load_5m?: string | null;
  load_15m?: string | null;
  "disk.used"?: string | null;
  "disk.total"?: string | null;
}

/** What `_cat/nodes` is asked for: the same facts as `_nodes`, `_nodes/stats` and the master. */
export const CAT_NODE_COLUMNS =
  "id,name,version,ip,node.role,master,heap.current,heap.max,cpu,load_1m,load_5m,load_15m,disk.used,disk.total";

/**
 * `_cat/nodes` writes each role as a letter (the same on 7.17, 8.x and 9.x); `_nodes` names it.
 * "-" is a coordinating-only node: no role.
 */
const ROLE_OF_LETTER: Readonly<Record<string, string>> = {
  c: "data_cold",
  d: "data",
  f: "data_frozen",
  h: "data_hot",
  i: "ingest",
  l: "ml",
  m: "master",
  r: "remote_cluster_client",
  s: "data_content",
  t: "transform",
  v: "voting_only",
  w: "data_warm",
};

const numberIn = (v: string | null | undefined): number | null =>
  v === null || v === undefined || v.trim() === "" ? null : numberOr(Number(v));

/**
 * The nodes as `nodesOf` reads them from `_nodes`, `_nodes/stats` and the master's id, read from
 * one `_cat/nodes` instead (one request, not three: docs/mcp.md, "Sustained load"). Undefined
 * when a row says what only `_nodes` could name (a role letter not known here): the caller then
 * reads the three.
 */
export function nodesOfCat(rows: readonly CatNodeRow[]): NodeSummary[] | undefined {
  const out: NodeSummary[] = [];
  for (const row of rows) {
    const letters = (row["node.role"] ?? "-").replace("-", "");
    const roles = [...letters].map((l) => ROLE_OF_LETTER[l]);
    if (roles.some((r) => r === undefined)) return undefined;
    const loads = [row.load_1m, row.load_5m, row.load_15m];
    out.push({
      name: row.name ?? row.id ?? "",
      roles: (roles as string[]).sort(),
      leader: row.master === "*",
      version: row.version || null,
      address: row.ip || null,
      memoryUsedBytes: numberIn(row["heap.current"]),
      memoryMaxBytes: numberIn(row["heap.max"]),
      diskUsedBytes: numberIn(row["disk.used"]),
      diskTotalBytes: numberIn(row["disk.total"]),
      cpuPercent: numberIn(row.cpu),
      // Windows reports no load average (null, or negative on old versions).
      load: loads.every((l) => l === null || l === undefined || l === "")
        ? null
        : [
            nonNegative(numberIn(loads[0])),
            nonNegative(numberIn(loads[1])),
            nonNegative(numberIn(loads[2])),
          ],
    });
  }
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

const nonNegative = (v: unknown): number | null => {
  const n = numberOr(v);
  return n !== null && n >= 0 ? n : null;
};

export interface PendingTasksBody {
  tasks?: {
    insert_order?: number;
    priority?: string;
    source?: string;
    executing?: boolean;
    time_in_queue_millis?: number;
  }[];
}

/** The pending tasks listed in a health report at most; the count says how many there are. */
export const MAX_PENDING_LISTED = 50;

/** The queue in the order the master takes it (the answer's order), at most `limit` tasks. */
export function pendingTasksOf(body: PendingTasksBody, limit = MAX_PENDING_LISTED): PendingTask[] {
  return (body.tasks ?? []).slice(0, limit).map((t) => ({
    order: t.insert_order ?? 0,
    priority: t.priority ?? "",
    source: t.source ?? "",
    executing: t.executing === true,
    waitingMs: numberOr(t.time_in_queue_millis),
  }));
}

export interface ExplainBody {
  index?: string;
  shard?: number;
  primary?: boolean;
  current_state?: string;
  current_node?: { name?: string };
  can_allocate?: string;
  allocate_explanation?: string;
  /** An assigned shard: whether it may stay, move, or be rebalanced, and why. */
  can_remain_on_current_node?: string;
  can_move_to_other_node?: string;
  move_explanation?: string;
  can_rebalance_to_other_node?: string;
  rebalance_explanation?: string;
  unassigned_info?: {
    reason?: string;
    at?: string;
    details?: string;
    last_allocation_status?: string;
  };
  node_allocation_decisions?: {
    node_name?: string;
    node_decision?: string;
    deciders?: { decider?: string; decision?: string; explanation?: string }[];
  }[];
}

/**
 * An explanation as the catalog words it. For an unassigned shard the verdict is `can_allocate`;
 * for an assigned one, whether it can stay (`can_remain_on_current_node`), with the move or
 * rebalance explanation.
 */
export function explanationOf(body: ExplainBody): PlacementExplanation {
  const u = body.unassigned_info;
  const assigned = body.current_node !== undefined;
  const decision = body.can_allocate ?? (assigned ? body.can_remain_on_current_node : undefined);
  return {
    table: body.index ?? "",
    partition: body.shard ?? 0,
    primary: body.primary === true,
    state: body.current_state ?? null,
    currentNode: body.current_node?.name ?? null,
    unassignedReason: u?.reason ?? null,
    unassignedSince: u?.at ?? null,
    details: u?.details ?? null,
    decision: decision ?? null,
    explanation:
      body.allocate_explanation ??
      body.move_explanation ??
      body.rebalance_explanation ??
      u?.details ??
      null,
    nodes: (body.node_allocation_decisions ?? []).map((d) => ({
      node: d.node_name ?? "",
      decision: d.node_decision ?? "",
      // What stops it: the deciders that said no (or throttled), not the many that said yes.
      reasons: (d.deciders ?? [])
        .filter((x) => x.decision !== "YES")
        .map((x) => x.explanation ?? x.decision ?? ""),
    })),
  };
}

/** What health and its unassigned shards need to say why a cluster is not green. */
interface CauseInputs {
  status?: string;
  unassigned_shards?: number;
  unassigned_primary_shards?: number;
  delayed_unassigned_shards?: number;
  initializing_shards?: number;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * Why the status is yellow or red, in sentences: unassigned primaries (red: their data cannot be
 * read or written) and replicas (yellow), with the reasons the cluster gives for them, delayed
 * ones, and shards still initializing. `rows` are `_cat/shards` rows (the unassigned ones count).
 * Empty for green.
 */
export function healthCauses(
  h: CauseInputs,
  rows: { prirep?: string; state?: string; "unassigned.reason"?: string | null }[],
): string[] {
  if (h.status === "green") return [];
  const unassigned = rows.filter((r) => r.state === "UNASSIGNED");
  const total = h.unassigned_shards ?? unassigned.length;
  const listedPrimaries = unassigned.filter((r) => r.prirep === "p").length;
  const primaries = h.unassigned_primary_shards ?? listedPrimaries;
  const replicas = Math.max(0, total - primaries);
  const causes: string[] = [];
  const reasonsOf = (primary: boolean) => {
    const counts = new Map<string, number>();
    for (const r of unassigned)
      if ((r.prirep === "p") === primary) {
        const reason = r["unassigned.reason"] ?? "unknown";
        counts.set(reason, (counts.get(reason) ?? 0) + 1);
      }
    const list = [...counts].map(([reason, n]) => `${reason} (${n})`).join(", ");
    return list ? ` Reasons: ${list}.` : "";
  };
  if (primaries > 0)
    causes.push(
      `${plural(primaries, "primary shard")} unassigned: ${primaries === 1 ? "its" : "their"} documents cannot be read or written until a copy is allocated (red).${reasonsOf(true)}`,
    );
  if (replicas > 0)
    causes.push(
      `${plural(replicas, "replica shard")} unassigned: every document is there, but not every copy (yellow).${reasonsOf(false)}`,
    );
  const delayed = h.delayed_unassigned_shards ?? 0;
  if (delayed > 0)
    causes.push(
      `${delayed} of them ${delayed === 1 ? "is" : "are"} delayed: the cluster waits for the node that left to come back (index.unassigned.node_left.delayed_timeout) before copying its shards elsewhere.`,
    );
  const initializing = h.initializing_shards ?? 0;
  if (initializing > 0)
    causes.push(`${plural(initializing, "shard")} initializing (being recovered or copied).`);
  return causes;
}
