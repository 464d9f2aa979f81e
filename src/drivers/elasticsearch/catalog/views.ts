/**
 * The catalog an agent reads (core/catalog.ts) on Elasticsearch: the cluster's health, nodes,
 * shards and allocation explanations (cluster.ts), index statistics, a field search over
 * `_field_caps`, and one aggregation with the grid's filters. Reads only; the translations are
 * pure (answers.ts, aggregate.ts).
 */
import type {
  AggregationRequest,
  AggregationResult,
  CatalogViews,
  FieldMatch,
  FieldQuery,
  TableStats,
} from "../../../core/catalog.ts";
import { describeTable } from "../table/mapping.ts";
import { isListedIndex } from "../table/tables.ts";
import { indexPath } from "../wire/paths.ts";
import type { EsTransport } from "../wire/transport.ts";
import { type AggregationAnswer, aggregationBody, aggregationResult } from "./aggregate.ts";
import {
  type CatIndexCountsRow,
  type FieldCapsBody,
  fieldsOf,
  type StatsBody,
  tableStatsOf,
} from "./answers.ts";
import { explainAllocation, nodeSummaries, readClusterHealth, shardsOf } from "./cluster.ts";
import { exactDistinct } from "./distinct.ts";

/** Every listed index (hidden ones too) and no dot-named one, as one path segment. */
const LISTED = "/*,-.*";
const LISTED_QUERY = {
  expand_wildcards: "open,hidden",
  ignore_unavailable: true,
  allow_no_indices: true,
};

export function esCatalog(transport: EsTransport, ready: () => Promise<void>): CatalogViews {
  return {
    health: async (options = {}) => {
      await ready();
      return readClusterHealth(transport, options.table, options.signal);
    },
    nodes: async (options = {}) => {
      await ready();
      return nodeSummaries(transport, options.signal);
    },
    partitions: async (table, options = {}) => {
      await ready();
      return shardsOf(transport, table, options.signal);
    },
    explainPlacement: async (copy, options = {}) => {
      await ready();
      return explainAllocation(transport, copy, options.signal);
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

async function indexStats(
  transport: EsTransport,
  table: string | undefined,
  signal: AbortSignal | undefined,
): Promise<TableStats[]> {
  const target = table ? indexPath(table) : LISTED;
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
    path: `${query.tables ? indexPath(query.tables) : LISTED}/_field_caps`,
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
    path: `${indexPath(table)}/_search`,
    body: aggregationBody(columns, request, table),
    signal,
  });
  return exactDistinct(
    transport,
    table,
    columns,
    request,
    aggregationResult(request, answer),
    signal,
  );
}
