/**
 * The cluster views (core/catalog.ts): health with its nodes, pending tasks and
 * unassigned shards (and why the first one stays unassigned), the nodes with their numbers, the
 * shards of an index or of the whole cluster, and the allocation explanation of one shard copy.
 * Reads only; the translations are pure (health-answers.ts, cluster-answers.ts).
 */
import type {
  HealthReport,
  NodeSummary,
  PartitionCopy,
  PartitionInfo,
  PlacementExplanation,
} from "../../../core/catalog.ts";
import { indexPath } from "../wire/paths.ts";
import type { EsTransport } from "../wire/transport.ts";
import {
  CAT_NODE_COLUMNS,
  type CatNodeRow,
  type ExplainBody,
  explanationOf,
  NODE_INFO_FILTER,
  NODE_STATS_FILTER,
  type NodesBody,
  type NodesStatsBody,
  nodesOf,
  nodesOfCat,
  type PendingTasksBody,
  pendingTasksOf,
} from "./cluster-answers.ts";
import { type CatShardRow, type HealthBody, healthReport, partitionOf } from "./health-answers.ts";

type Signal = AbortSignal | undefined;

const SHARD_COLUMNS = "index,shard,prirep,state,docs,store,node,unassigned.reason";

async function shardRows(
  transport: EsTransport,
  table: string | undefined,
  signal: Signal,
  columns = SHARD_COLUMNS,
): Promise<CatShardRow[]> {
  return transport.json<CatShardRow[]>({
    method: "GET",
    path: `/_cat/shards${table ? indexPath(table) : ""}`,
    query: { format: "json", bytes: "b", h: columns, s: "index,shard,prirep" },
    signal,
  });
}

/** The shards of an index, alias or pattern; every shard of the cluster when none is given. */
export async function shardsOf(
  transport: EsTransport,
  table: string | undefined,
  signal: Signal,
): Promise<PartitionInfo[]> {
  return (await shardRows(transport, table, signal)).map(partitionOf);
}

/**
 * What the last whole-cluster report of a transport found: the first unassigned copy, or null
 * when none was. A cluster that stays yellow is reported in one round trip: its unassigned shards
 * and that copy's explanation are asked for with the health, and used only when the health still
 * says shards are unassigned and the first is still that copy (else asked for again, as then).
 */
const lastFirstUnassigned = new WeakMap<EsTransport, PartitionCopy | null>();

/**
 * The health, its nodes, its pending tasks (when there are any) and the unassigned shards with the
 * explanation of the first. For one index its shards are read first: health on a missing index
 * would wait for it to appear.
 */
export async function readClusterHealth(
  transport: EsTransport,
  table: string | undefined,
  signal: Signal,
): Promise<HealthReport> {
  const tableShards = table ? await shardRows(transport, table, signal) : undefined;
  const hint = table ? undefined : lastFirstUnassigned.get(transport);
  const early = hint
    ? {
        rows: shardRows(transport, undefined, signal, UNASSIGNED_COLUMNS),
        explanation: explainQuietly(transport, hint, signal),
      }
    : undefined;
  // Not awaited when the guess was wrong: a failure there is nobody's answer.
  early?.rows.catch(() => undefined);
  early?.explanation.catch(() => undefined);
  const [body, nodes] = await Promise.all([
    transport.json<HealthBody>({
      method: "GET",
      path: `/_cluster/health${table ? indexPath(table) : ""}`,
      query: table ? { timeout: "5s" } : {},
      signal,
    }),
    nodeSummaries(transport, signal),
  ]);
  const [unassigned, pending] = await Promise.all([
    tableShards ??
      ((body.unassigned_shards ?? 0) > 0
        ? (early?.rows ?? shardRows(transport, undefined, signal, UNASSIGNED_COLUMNS))
        : []),
    (body.number_of_pending_tasks ?? 0) > 0 ? pendingTasks(transport, signal) : [],
  ]);
  const first = firstUnassigned(unassigned);
  const copy = first ? copyOf(first) : undefined;
  if (!table) lastFirstUnassigned.set(transport, copy ?? null);
  const explanation = !copy
    ? undefined
    : early && hint && sameCopy(copy, hint)
      ? await early.explanation
      : await explainQuietly(transport, copy, signal);
  return healthReport({ health: body, nodes, pending, unassigned, explanation, table });
}

const UNASSIGNED_COLUMNS = "index,shard,prirep,state,unassigned.reason";

const sameCopy = (a: PartitionCopy, b: PartitionCopy): boolean =>
  a.table === b.table && a.partition === b.partition && a.primary === b.primary;

/** The pending tasks; none when the user may not read them (health still answers). */
async function pendingTasks(transport: EsTransport, signal: Signal) {
  const res = await transport.request<PendingTasksBody>({
    method: "GET",
    path: "/_cluster/pending_tasks",
    signal,
  });
  return res.status === 200 ? pendingTasksOf(res.body) : [];
}

/**
 * The nodes with their roles, version, heap, disk, CPU and load, and which is master: one
 * `_cat/nodes`, which says all of it (a health report then costs two requests, not four: each
 * request is a loopback write and a wake-up of the node, most of a call's time at one client;
 * docs/mcp.md, "Sustained load"). Where it is refused, or names a role this driver cannot, the
 * three reads it stands for: `_nodes`, `_nodes/stats` and the master's id, read together. Empty
 * when the user may not read the nodes (health still answers); without the numbers when only the
 * stats are refused.
 */
export async function nodeSummaries(
  transport: EsTransport,
  signal: Signal,
): Promise<NodeSummary[]> {
  const cat = await transport.request<CatNodeRow[]>({
    method: "GET",
    path: "/_cat/nodes",
    query: { format: "json", bytes: "b", full_id: "true", h: CAT_NODE_COLUMNS },
    signal,
  });
  const read = cat.status === 200 && Array.isArray(cat.body) ? nodesOfCat(cat.body) : undefined;
  return read ?? (await nodesReadApart(transport, signal));
}

async function nodesReadApart(transport: EsTransport, signal: Signal): Promise<NodeSummary[]> {
  const [nodes, stats, master] = await Promise.all([
    transport.request<NodesBody>({
      method: "GET",
      path: "/_nodes",
      query: { filter_path: NODE_INFO_FILTER },
      signal,
    }),
    transport.request<NodesStatsBody>({
      method: "GET",
      path: "/_nodes/stats/jvm,os,fs",
      query: { filter_path: NODE_STATS_FILTER },
      signal,
    }),
    transport.request<{ master_node?: string }>({
      method: "GET",
      path: "/_cluster/state/master_node",
      query: { filter_path: "master_node" },
      signal,
    }),
  ]);
  if (nodes.status !== 200) return [];
  return nodesOf(
    nodes.body,
    master.status === 200 ? master.body.master_node : undefined,
    stats.status === 200 ? stats.body : {},
  );
}

/** The first unassigned shard, primaries first: a missing primary is what makes a cluster red. */
const firstUnassigned = (rows: CatShardRow[]): CatShardRow | undefined =>
  rows
    .filter((r) => r.state === "UNASSIGNED")
    .sort((a, b) => Number(b.prirep === "p") - Number(a.prirep === "p"))[0];

const copyOf = (row: CatShardRow): PartitionCopy => ({
  table: row.index ?? "",
  partition: Number(row.shard ?? 0),
  primary: row.prirep === "p",
});

/** Why a shard stays unassigned; undefined when the cluster will not say (rights, a race). */
async function explainQuietly(
  transport: EsTransport,
  copy: PartitionCopy,
  signal: Signal,
): Promise<PlacementExplanation | undefined> {
  const res = await transport.request<ExplainBody>({
    method: "POST",
    path: "/_cluster/allocation/explain",
    body: { index: copy.table, shard: copy.partition, primary: copy.primary },
    signal,
  });
  return res.status === 200 ? explanationOf(res.body) : undefined;
}

/**
 * The allocation explanation of the copy named, or of the first unassigned shard (primaries
 * first); null when none is named and none is unassigned. A named copy the cluster
 * cannot explain (no such index or shard) is its error, with its reason.
 */
export async function explainAllocation(
  transport: EsTransport,
  copy: PartitionCopy | undefined,
  signal: Signal,
): Promise<PlacementExplanation | null> {
  let target = copy;
  if (!target) {
    const rows = await shardRows(transport, undefined, signal, "index,shard,prirep,state");
    const first = firstUnassigned(rows);
    if (!first) return null;
    target = copyOf(first);
  }
  const body = await transport.json<ExplainBody>({
    method: "POST",
    path: "/_cluster/allocation/explain",
    body: { index: target.table, shard: target.partition, primary: target.primary },
    signal,
  });
  return explanationOf(body);
}
