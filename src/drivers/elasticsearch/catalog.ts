/**
 * The catalog an agent reads (core/catalog.ts) on Elasticsearch: cluster health with its nodes
 * and unassigned shards (and why the first one stays unassigned), the shards of an index, index
 * statistics, a field search over `_field_caps`, and one aggregation with the grid's filters.
 * Reads only; the translations are pure (catalog-answers.ts, catalog-aggregate.ts).
 */
import type {
  AggregationRequest,
  AggregationResult,
  CatalogViews,
  FieldMatch,
  FieldQuery,
  HealthReport,
  PartitionInfo,
  PlacementExplanation,
  TableStats,
} from "../../core/catalog.ts";
import { tablePath } from "./agent-requests.ts";
import { type AggregationAnswer, aggregationBody, aggregationResult } from "./catalog-aggregate.ts";
import {
  type CatIndexCountsRow,
  type CatShardRow,
  type ExplainBody,
  explanationOf,
  type FieldCapsBody,
  fieldsOf,
  type HealthBody,
  healthReport,
  type NodesBody,
  nodesOf,
  partitionOf,
  type StatsBody,
  tableStatsOf,
} from "./catalog-answers.ts";
import { describeTable } from "./mapping.ts";
import { isListedIndex } from "./tables.ts";
import type { EsTransport } from "./transport.ts";

/** Every listed index (hidden ones too) and no dot-named one, as one path segment. */
const LISTED = "/*,-.*";
const LISTED_QUERY = {
  expand_wildcards: "open,hidden",
  ignore_unavailable: true,
  allow_no_indices: true,
};
const SHARD_COLUMNS = "index,shard,prirep,state,docs,store,node,unassigned.reason";

export function esCatalog(transport: EsTransport, ready: () => Promise<void>): CatalogViews {
  return {
    health: async (options = {}) => {
      await ready();
      return health(transport, options.table, options.signal);
    },
    partitions: async (table, options = {}) => {
      await ready();
      return shardsOf(transport, table, options.signal);
    },
    tableStats: async (table, options = {}) => {
      await ready();
      return indexStats(transport, table, options.signal);
    },
    findFields: async (query, options = {}) => {
      await ready();
      return findFields(transport, query, options.signal);
    },
    aggregate: async (table, request, options = {}) => {
      await ready();
      return aggregate(transport, table, request, options.signal);
    },
  };
}

async function shardRows(
  transport: EsTransport,
  table: string | undefined,
  signal: AbortSignal | undefined,
  columns = SHARD_COLUMNS,
): Promise<CatShardRow[]> {
  return transport.json<CatShardRow[]>({
    method: "GET",
    path: `/_cat/shards${table ? tablePath(table) : ""}`,
    query: { format: "json", bytes: "b", h: columns, s: "index,shard,prirep" },
    signal,
  });
}

async function shardsOf(
  transport: EsTransport,
  table: string,
  signal: AbortSignal | undefined,
): Promise<PartitionInfo[]> {
  return (await shardRows(transport, table, signal)).map(partitionOf);
}

/**
 * The health, its nodes (by name, roles and which is master) and the unassigned shards. For one
 * index its shards are read first: health on a missing index would wait for it to appear.
 */
async function health(
  transport: EsTransport,
  table: string | undefined,
  signal: AbortSignal | undefined,
): Promise<HealthReport> {
  const tableShards = table ? await shardRows(transport, table, signal) : undefined;
  const [body, nodes] = await Promise.all([
    transport.json<HealthBody>({
      method: "GET",
      path: `/_cluster/health${table ? tablePath(table) : ""}`,
      query: table ? { timeout: "5s" } : {},
      signal,
    }),
    nodeSummaries(transport, signal),
  ]);
  const unassigned =
    tableShards ??
    ((body.unassigned_shards ?? 0) > 0
      ? await shardRows(transport, undefined, signal, "index,shard,prirep,state,unassigned.reason")
      : []);
  const first = unassigned.find((r) => r.state === "UNASSIGNED");
  const explanation = first ? await explain(transport, first, signal) : undefined;
  return healthReport({ health: body, nodes, unassigned, explanation, table });
}

/** Nodes with their roles; empty when the user may not read them (health still answers). */
async function nodeSummaries(transport: EsTransport, signal: AbortSignal | undefined) {
  const [nodes, master] = await Promise.all([
    transport.request<NodesBody>({
      method: "GET",
      path: "/_nodes",
      query: { filter_path: "nodes.*.name,nodes.*.roles" },
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
  return nodesOf(nodes.body, master.status === 200 ? master.body.master_node : undefined);
}

/** Why a shard stays unassigned; undefined when the cluster will not say (rights, a race). */
async function explain(
  transport: EsTransport,
  row: CatShardRow,
  signal: AbortSignal | undefined,
): Promise<PlacementExplanation | undefined> {
  const res = await transport.request<ExplainBody>({
    method: "POST",
    path: "/_cluster/allocation/explain",
    body: { index: row.index, shard: Number(row.shard ?? 0), primary: row.prirep === "p" },
    signal,
  });
  return res.status === 200 ? explanationOf(res.body) : undefined;
}

async function indexStats(
  transport: EsTransport,
  table: string | undefined,
  signal: AbortSignal | undefined,
): Promise<TableStats[]> {
  const target = table ? tablePath(table) : LISTED;
  const query = table ? {} : LISTED_QUERY;
  const [stats, counts] = await Promise.all([
    transport.json<StatsBody>({
      method: "GET",
      path: `${target}/_stats/docs,store,segments`,
      query: {
        ...query,
        filter_path:
          "indices.*.primaries.docs,indices.*.primaries.store.size_in_bytes,indices.*.total.store.size_in_bytes,indices.*.total.segments.count",
      },
      signal,
    }),
    transport.json<CatIndexCountsRow[]>({
      method: "GET",
      path: `/_cat/indices${target}`,
      query: { ...query, format: "json", h: "index,pri,rep" },
      signal,
    }),
  ]);
  const all = tableStatsOf(stats, counts);
  return table ? all : all.filter((t) => isListedIndex(t.name));
}

async function findFields(
  transport: EsTransport,
  query: FieldQuery,
  signal: AbortSignal | undefined,
): Promise<FieldMatch[]> {
  const body = await transport.json<FieldCapsBody>({
    method: "GET",
    path: `${query.tables ? tablePath(query.tables) : LISTED}/_field_caps`,
    query: { ...(query.tables ? {} : LISTED_QUERY), fields: "*", include_unmapped: true },
    signal,
  });
  return fieldsOf(body, query);
}

async function aggregate(
  transport: EsTransport,
  table: string,
  request: AggregationRequest,
  signal: AbortSignal | undefined,
): Promise<AggregationResult> {
  const columns = await describeTable(transport, table);
  const answer = await transport.json<AggregationAnswer>({
    method: "POST",
    path: `${tablePath(table)}/_search`,
    body: aggregationBody(columns, request, table),
    signal,
  });
  return aggregationResult(request, answer);
}
