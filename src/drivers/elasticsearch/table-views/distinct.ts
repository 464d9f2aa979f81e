/**
 * Exact distinct counts. The cardinality aggregation estimates, even at its highest precision
 * (measured: 8,997 for 9,000 values), so an estimate at or under DISTINCT_EXACT_UP_TO is
 * confirmed by paging a composite aggregation over every value of the field with the same query
 * and counting them: at most a few requests of 10,000 values, each answer cut to its bucket
 * counts. Above that, or when a page is partial, the answer stays the estimate and says so
 * (core/exactness.ts).
 */
import type { AggregationRequest, AggregationResult } from "../../../core/catalog.ts";
import { DISTINCT_EXACT_UP_TO } from "../../../core/exactness.ts";
import type { Column } from "../../../core/grid.ts";
import type { QueryDsl } from "../table/filters.ts";
import { indexPath } from "../wire/paths.ts";
import { partialResult, type SearchHeader } from "../wire/shard-failures.ts";
import type { EsTransport } from "../wire/transport.ts";
import { aggregationBody } from "./aggregate.ts";

const PAGE = 10_000;
/** Pages a count may take: the estimate can fall short of the true number by a little. */
const MAX_PAGES = Math.ceil(DISTINCT_EXACT_UP_TO / PAGE) + 2;

interface CompositePage extends SearchHeader {
  aggregations?: {
    a?: { after_key?: unknown; buckets?: unknown[] };
    n?: { a?: { after_key?: unknown; buckets?: unknown[] } };
  };
}

/** The body of one page: the cardinality `a` replaced by a composite over the same field. Pure. */
export function distinctPageBody(
  columns: Column[],
  request: AggregationRequest,
  table: string,
  after: unknown,
): QueryDsl {
  const body = aggregationBody(columns, request, table);
  const aggs = body.aggs as { a?: QueryDsl; n?: { aggs: { a: QueryDsl } } };
  const holder = aggs.n ? aggs.n.aggs : (aggs as { a: QueryDsl });
  const field = (holder.a.cardinality as { field: string }).field;
  holder.a = {
    composite: {
      size: PAGE,
      sources: [{ k: { terms: { field } } }],
      ...(after !== undefined ? { after } : {}),
    },
  };
  return { ...body, track_total_hits: false };
}

/**
 * The result with its distinct count made exact when the estimate allows it (`distinctExact`
 * true), else as it was (`distinctExact` false).
 */
export async function exactDistinct(
  transport: EsTransport,
  table: string,
  columns: Column[],
  request: AggregationRequest,
  result: AggregationResult,
  signal: AbortSignal | undefined,
): Promise<AggregationResult> {
  const estimate = result.distinct ?? 0;
  if (request.kind !== "cardinality" || estimate > DISTINCT_EXACT_UP_TO || result.partial)
    return { ...result, distinctExact: false };
  let count = 0;
  let after: unknown;
  for (let page = 0; page < MAX_PAGES; page++) {
    const answer = await transport.json<CompositePage>({
      method: "POST",
      path: `${indexPath(table)}/_search`,
      query: {
        filter_path:
          "_shards,aggregations.a.after_key,aggregations.a.buckets.doc_count,aggregations.n.a.after_key,aggregations.n.a.buckets.doc_count",
      },
      body: distinctPageBody(columns, request, table, after),
      signal,
    });
    if (partialResult(answer)) return { ...result, distinctExact: false };
    const agg = answer.aggregations?.a ?? answer.aggregations?.n?.a;
    const buckets = agg?.buckets ?? [];
    count += buckets.length;
    if (buckets.length < PAGE || agg?.after_key === undefined)
      return { ...result, distinct: count, distinctExact: true };
    after = agg.after_key;
  }
  return { ...result, distinctExact: false };
}
