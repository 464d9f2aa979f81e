/**
 * The table views (core/catalog.ts) on Elasticsearch, as two facets: index statistics and a field
 * search over `_field_caps` (`tableViews`), and one aggregation with the grid's filters
 * (`aggregation`). Reads only; the translations are pure (answers.ts, aggregate.ts). The cluster's
 * own views are the cluster room's (cluster/views.ts).
 */
import type {
  AggregationFacet,
  AggregationRequest,
  AggregationResult,
  FieldMatch,
  FieldQuery,
  TableStats,
  TableViews,
} from "../../../core/catalog.ts";
import type { Column } from "../../../core/grid.ts";
import { describeTable } from "../table/mapping.ts";
import { isListedIndex } from "../table/tables.ts";
import type { LiveConnection } from "../wire/live.ts";
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
import { exactDistinct } from "./distinct.ts";

/** Every listed index (hidden ones too) and no dot-named one, as one path segment. */
const LISTED = "/*,-.*";
const LISTED_QUERY = {
  expand_wildcards: "open,hidden",
  ignore_unavailable: true,
  allow_no_indices: true,
};

/** The session's held columns (the grid's too, table/column-cache.ts): read, or held briefly. */
export interface HeldColumns {
  of(table: string, fresh: boolean): Promise<Column[]>;
  peek?(table: string): Promise<Column[]> | undefined;
}

export function esTableViews(live: LiveConnection): TableViews {
  const { transport, ready } = live;
  return {
    tableStats: async (table, options = {}) => {
      await ready();
      return indexStats(transport, table, options.signal);
    },
    findFields: async (query, options = {}) => {
      await ready();
      return findFields(transport, query, options.signal);
    },
  };
}

export function esAggregation(live: LiveConnection, held?: HeldColumns): AggregationFacet {
  const { transport, ready } = live;
  return {
    aggregate: async (table, request, options = {}) => {
      await ready();
      return aggregate(transport, table, request, options.signal, held);
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
  held: HeldColumns | undefined,
): Promise<AggregationResult> {
  const { columns, answer } = await aggregationAnswer(transport, table, request, signal, held);
  return exactDistinct(
    transport,
    table,
    columns,
    request,
    aggregationResult(request, answer),
    signal,
  );
}

/**
 * The aggregation's answer and the columns it was built from. With the session's held columns
 * (grid/browse.ts) the search built from them goes out beside a fresh read of the mapping, and
 * its answer is kept only when the fresh columns build the same search: one round trip instead of
 * two (the mapping, then the search), and never an answer from a stale mapping.
 */
async function aggregationAnswer(
  transport: EsTransport,
  table: string,
  request: AggregationRequest,
  signal: AbortSignal | undefined,
  held: HeldColumns | undefined,
): Promise<{ columns: Column[]; answer: AggregationAnswer }> {
  const search = (body: Record<string, unknown>) =>
    transport.json<AggregationAnswer>({
      method: "POST",
      path: `${indexPath(table)}/_search`,
      body,
      signal,
    });
  const guess = held?.peek?.(table);
  const fresh = held ? held.of(table, guess !== undefined) : describeTable(transport, table);
  let early: { body: string; answer: Promise<AggregationAnswer> } | undefined;
  if (guess) {
    // Not built (a field the held columns lack): the search waits for the fresh columns.
    const body = await guess.then(
      (c) => aggregationBody(c, request, table),
      () => undefined,
    );
    if (body) early = { body: JSON.stringify(body), answer: search(body) };
    // Not awaited when the fresh columns build another search: its failure is nobody's answer.
    early?.answer.catch(() => undefined);
  }
  const columns = await fresh;
  const body = aggregationBody(columns, request, table);
  const answer =
    early && early.body === JSON.stringify(body) ? await early.answer : await search(body);
  return { columns, answer };
}
