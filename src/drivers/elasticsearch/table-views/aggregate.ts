/**
 * One aggregation over a field (core/catalog.ts), pure: the `_search` body (size 0, the grid's
 * filters compiled by filters.ts, one aggregation named `a` with an optional per-bucket metric `m`,
 * order and second grouping `b` (grouping.ts), wrapped in `nested` for a leaf of a nested
 * array) and its answer read back as buckets, stats or
 * percentiles. A field is aggregated on the field a sort on it uses (a text field's keyword
 * sub-field), so what sorts also groups.
 */
import type { AggregationRequest, AggregationResult } from "../../../core/catalog.ts";
import { QuarryError } from "../../../core/errors.ts";
import { DISTINCT_EXACT_UP_TO } from "../../../core/exactness.ts";
import type { Column } from "../../../core/grid.ts";
import { familyOf } from "../table/field-types.ts";
import { compileFilters, type QueryDsl } from "../table/filters.ts";
import { partialResult, type SearchHeader } from "../wire/shard-failures.ts";
import { bucketOf, checkInner, metricAgg, orderOf, type RawBuckets } from "./grouping.ts";

const CALENDAR: Record<string, string> = {
  minute: "1m",
  hour: "1h",
  day: "1d",
  week: "1w",
  month: "1M",
  quarter: "1q",
  year: "1y",
};
const CALENDAR_UNITS = new Set(Object.values(CALENDAR));
const FIXED = /^\d+(ms|s|m|h|d)$/;
export const DEFAULT_PERCENTS = [1, 5, 25, 50, 75, 95, 99];
/** Buckets an auto-sized date histogram aims at. */
const AUTO_BUCKETS = 20;

function refuse(message: string, remedy: string): never {
  throw new QuarryError("invalid_input", message, remedy);
}

function columnNamed(columns: Column[], name: string, table: string): Column {
  const column = columns.find((c) => c.name === name);
  if (!column)
    refuse(
      `${table} has no field ${JSON.stringify(name)}`,
      "Use a field name as describe_table gives it (a dotted path).",
    );
  return column;
}

/** The field an aggregation reads for this column, or a refusal that says why there is none. */
function aggregatedField(column: Column, numeric: boolean): string {
  if (column.name === "_id" || column.name === "_score")
    refuse(`${column.name} cannot be aggregated`, "Aggregate on a field of the documents.");
  if (column.sortField === null)
    refuse(
      `${column.name} cannot be aggregated: ${column.sortNote ?? `${column.type} has no values to group`}`,
      "Aggregate on a keyword, numeric, date or boolean field (a text field needs a keyword sub-field).",
    );
  const family = familyOf(column.type === "conflict" ? "" : column.type);
  if (numeric && family !== "integer" && family !== "float" && family !== "date")
    refuse(
      `${column.name} is a ${column.type} field; this aggregation needs numbers or dates`,
      "Use terms or cardinality on it, or choose a numeric or date field.",
    );
  return column.sortField;
}

function intervalOf(kind: string, interval: string | number | undefined): QueryDsl {
  if (kind === "histogram") {
    const n = Number(interval);
    if (!(n > 0))
      refuse(
        "A histogram needs a positive numeric interval",
        "Pass interval, e.g. 100; the stats aggregation shows the field's range.",
      );
    return { interval: n };
  }
  const s = String(interval);
  if (Object.hasOwn(CALENDAR, s)) return { calendar_interval: CALENDAR[s] };
  if (CALENDAR_UNITS.has(s)) return { calendar_interval: s };
  if (FIXED.test(s)) return { fixed_interval: s };
  return refuse(
    `Interval ${JSON.stringify(s)} is not one a date histogram takes`,
    "Use minute, hour, day, week, month, quarter or year, or a fixed one such as 30m, 12h or 7d; or leave it out for automatic buckets.",
  );
}

/** The aggregation `a` itself, without its nesting. Pure. */
function aggregationOf(request: AggregationRequest, field: string): QueryDsl {
  const minCount = request.minCount ?? 1;
  switch (request.kind) {
    case "terms":
      return { terms: { field, size: request.size ?? 10, min_doc_count: minCount } };
    case "date_histogram":
      if (request.interval === undefined)
        return {
          auto_date_histogram: {
            field,
            buckets: request.size ?? AUTO_BUCKETS,
            ...(request.timeZone ? { time_zone: request.timeZone } : {}),
          },
        };
      return {
        date_histogram: {
          field,
          ...intervalOf("date_histogram", request.interval),
          min_doc_count: minCount,
          ...(request.timeZone ? { time_zone: request.timeZone } : {}),
        },
      };
    case "histogram":
      return {
        histogram: { field, ...intervalOf("histogram", request.interval), min_doc_count: minCount },
      };
    case "stats":
      return { stats: { field } };
    case "percentiles":
      return {
        percentiles: { field, percents: request.percents ?? DEFAULT_PERCENTS, keyed: false },
      };
    case "cardinality":
      return distinctOf(field);
  }
}

/**
 * A distinct count at the highest precision the cluster offers: exact up to that many values
 * (core/exactness.ts says so in the answer), instead of the default 3,000.
 */
function distinctOf(field: string): QueryDsl {
  return { cardinality: { field, precision_threshold: DISTINCT_EXACT_UP_TO } };
}

const BUCKETED = new Set(["terms", "date_histogram", "histogram"]);

/**
 * Adds to a bucket aggregation its metric, its order and its second grouping (grouping.ts),
 * refusing what the cluster cannot do in words a model can act on.
 */
function groupInto(
  agg: QueryDsl,
  columns: Column[],
  request: AggregationRequest,
  column: Column,
  table: string,
): void {
  if (!BUCKETED.has(request.kind) || (request.kind === "date_histogram" && !request.interval))
    refuse(
      `A metric, an order or a second field per bucket needs terms, histogram or a date_histogram with an interval, not ${request.kind}${request.kind === "date_histogram" ? " without one" : ""}`,
      "Group with terms, or give the date histogram an interval.",
    );
  const byColumn = request.by ? columnNamed(columns, request.by, table) : undefined;
  if (byColumn && request.kind !== "terms")
    refuse("A second grouping field needs terms as the first", "Pass kind terms with by.");
  if (byColumn) checkInner(column, byColumn);
  const deepest = byColumn ?? column;
  let metric: QueryDsl | undefined;
  if (request.metric) {
    const metricColumn = columnNamed(columns, request.metric.field, table);
    const field = aggregatedField(metricColumn, request.metric.op !== "cardinality");
    metric = metricAgg(request.metric.op, field, metricColumn, deepest, distinctOf);
  }
  const body = Object.values(agg)[0] as QueryDsl;
  const order = orderOf(request.order, metric);
  if (byColumn) {
    const inner = byAgg(byColumn, request);
    // The outer buckets carry the metric too (both fields live in the same object), so they
    // can be ordered by it.
    if (metric) {
      inner.aggs = { m: metric };
      agg.aggs = { m: metric };
    }
    const innerBody = Object.values(inner)[0] as QueryDsl;
    if (order) innerBody.order = order;
    agg.aggs = { ...(agg.aggs as QueryDsl | undefined), b: inner };
  } else if (metric) agg.aggs = { m: metric };
  if (order) body.order = order;
}

/** The second grouping: a date histogram on a date field (with the interval), else terms. */
function byAgg(byColumn: Column, request: AggregationRequest): QueryDsl {
  const field = aggregatedField(byColumn, false);
  if (familyOf(byColumn.type) === "date")
    return {
      date_histogram: {
        field,
        ...intervalOf("date_histogram", request.interval ?? "month"),
        min_doc_count: request.minCount ?? 1,
        ...(request.timeZone ? { time_zone: request.timeZone } : {}),
      },
    };
  return { terms: { field, size: request.size ?? 10, min_doc_count: request.minCount ?? 1 } };
}

/**
 * The `_search` body of an aggregation request. Throws a QuarryError (invalid_input) for an
 * unknown field, one that cannot be aggregated, or a metric on a nested leaf.
 */
export function aggregationBody(
  columns: Column[],
  request: AggregationRequest,
  table: string,
): QueryDsl {
  const column = columnNamed(columns, request.field, table);
  const numeric = ["histogram", "stats", "percentiles"].includes(request.kind);
  if (request.kind === "date_histogram" && familyOf(column.type) !== "date")
    refuse(`${column.name} is a ${column.type} field, not a date`, "Use histogram for numbers.");
  const agg = aggregationOf(request, aggregatedField(column, numeric));
  if (request.metric || request.by || request.order)
    groupInto(agg, columns, request, column, table);
  const path = column.kind === "nested-leaf" ? column.nestedPaths?.at(-1) : undefined;
  const aggs = path ? { n: { nested: { path }, aggs: { a: agg } } } : { a: agg };
  return {
    size: 0,
    track_total_hits: true,
    query: compileFilters(columns, request.filters, request.rawQuery, table),
    aggs,
  };
}

interface RawAgg {
  buckets?: RawBuckets["buckets"];
  sum_other_doc_count?: number;
  doc_count_error_upper_bound?: number;
  count?: number;
  min?: number | null;
  max?: number | null;
  avg?: number | null;
  sum?: number;
  min_as_string?: string;
  max_as_string?: string;
  values?: { key?: number; value?: number | null; value_as_string?: string }[];
  value?: number | null;
}

export interface AggregationAnswer extends SearchHeader {
  hits?: { total?: number | { value?: number } };
  aggregations?: { a?: RawAgg; n?: { a?: RawAgg } };
}

/** The answer of `aggregationBody`'s search as the aggregation's result. Pure. */
export function aggregationResult(
  request: AggregationRequest,
  answer: AggregationAnswer,
): AggregationResult {
  const raw = answer.aggregations?.a ?? answer.aggregations?.n?.a ?? {};
  const total = answer.hits?.total;
  const out: AggregationResult = {
    kind: request.kind,
    field: request.field,
    matched: typeof total === "number" ? total : (total?.value ?? 0),
  };
  const partial = partialResult(answer);
  if (partial) out.partial = partial;
  if (raw.buckets) {
    const min = request.minCount ?? 1;
    out.buckets = raw.buckets
      .filter((b) => (b.doc_count ?? 0) >= min)
      .map((b) => bucketOf(b, request.metric !== undefined, min));
    if (raw.sum_other_doc_count !== undefined) out.otherCount = raw.sum_other_doc_count;
    if (raw.doc_count_error_upper_bound !== undefined)
      out.countError = raw.doc_count_error_upper_bound;
  } else if (request.kind === "stats") {
    out.stats = {
      count: raw.count ?? 0,
      min: raw.min ?? null,
      max: raw.max ?? null,
      avg: raw.avg ?? null,
      sum: raw.sum ?? 0,
    };
    if (raw.min_as_string || raw.max_as_string)
      out.statsText = {
        ...(raw.min_as_string ? { min: raw.min_as_string } : {}),
        ...(raw.max_as_string ? { max: raw.max_as_string } : {}),
      };
  } else if (request.kind === "percentiles") {
    out.percentiles = (raw.values ?? []).map((v) => ({
      percent: v.key ?? 0,
      value: v.value ?? null,
      ...(v.value_as_string ? { text: v.value_as_string } : {}),
    }));
  } else if (request.kind === "cardinality") {
    out.distinct = raw.value ?? 0;
  }
  return out;
}
