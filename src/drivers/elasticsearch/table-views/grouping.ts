/**
 * What an aggregation over buckets adds (core/catalog.ts): a metric of another field per bucket,
 * wherever that field lives (the same object, a nested array's leaf: `nested`, or the parent
 * document from inside a nested array: `reverse_nested`), the buckets' order (top N by count, by
 * key or by the metric), and a second grouping field inside each bucket (terms or a date
 * histogram). Pure: clauses in, clauses out; aggregate.ts resolves the fields.
 */
import type { AggregationBucket, AggregationRequest } from "../../../core/catalog.ts";
import { QuarryError } from "../../../core/errors.ts";
import type { Column } from "../../../core/grid.ts";
import type { QueryDsl } from "../table/filters.ts";

const nestedPathOf = (c: Column) =>
  c.kind === "nested-leaf" ? (c.nestedPaths?.at(-1) ?? undefined) : undefined;

/**
 * The metric `m` of a bucket grouped on `group`: plain when both fields live in the same object,
 * else wrapped so it reads the metric field's own documents (its value is then `m.v`).
 */
export function metricAgg(
  op: string,
  field: string,
  metricColumn: Column,
  group: Column,
  distinct: (field: string) => QueryDsl,
): QueryDsl {
  const metric = op === "cardinality" ? distinct(field) : { [op]: { field } };
  const inMetric = nestedPathOf(metricColumn);
  const inGroup = nestedPathOf(group);
  if (inMetric === inGroup) return metric;
  if (inMetric && !inGroup) return { nested: { path: inMetric }, aggs: { v: metric } };
  if (inGroup && !inMetric) return { reverse_nested: {}, aggs: { v: metric } };
  throw new QuarryError(
    "invalid_input",
    `${metricColumn.name} and ${group.name} are leaves of different nested arrays`,
    "Measure a field of the same array as the group, or of the document itself.",
  );
}

/** The order clause of a bucket aggregation, or nothing for the aggregation's own default. */
export function orderOf(order: AggregationRequest["order"], metric: QueryDsl | undefined) {
  if (!order) return undefined;
  const direction = order.direction ?? (order.by === "key" ? "asc" : "desc");
  if (order.by === "count") return { _count: direction };
  if (order.by === "key") return { _key: direction };
  if (!metric)
    throw new QuarryError(
      "invalid_input",
      "Ordering by the metric needs a metric",
      'Pass metric, e.g. "sum:total", or order by count or key.',
    );
  return { [metric.aggs ? "m>v" : "m"]: direction };
}

/** Checks that the second grouping field can sit inside the first one's buckets. */
export function checkInner(outer: Column, inner: Column): void {
  const a = nestedPathOf(outer);
  const b = nestedPathOf(inner);
  if (a !== b)
    throw new QuarryError(
      "invalid_input",
      `${outer.name} and ${inner.name} are not fields of the same object (one is in a nested array)`,
      "Group by two fields of the document, or two leaves of the same nested array.",
    );
}

interface RawBucket {
  key?: string | number | boolean | null;
  key_as_string?: string;
  doc_count?: number;
  m?: { value?: number | null; v?: { value?: number | null } };
  b?: RawBuckets;
}

export interface RawBuckets {
  buckets?: RawBucket[];
  sum_other_doc_count?: number;
  doc_count_error_upper_bound?: number;
}

/** One bucket read back: its key, count, metric and inner buckets. */
export function bucketOf(b: RawBucket, withMetric: boolean, minCount: number): AggregationBucket {
  const inner = b.b ? innerOf(b.b, withMetric, minCount) : undefined;
  return {
    key: b.key ?? null,
    ...(b.key_as_string !== undefined && b.key_as_string !== String(b.key)
      ? { keyText: b.key_as_string }
      : {}),
    count: b.doc_count ?? 0,
    ...(withMetric && !inner ? { metric: b.m?.value ?? b.m?.v?.value ?? null } : {}),
    ...(inner ? { inner } : {}),
  };
}

function innerOf(raw: RawBuckets, withMetric: boolean, minCount: number) {
  return {
    buckets: (raw.buckets ?? [])
      .filter((x) => (x.doc_count ?? 0) >= minCount)
      .map((x) => bucketOf(x, withMetric, minCount)),
    ...(raw.sum_other_doc_count !== undefined ? { otherCount: raw.sum_other_doc_count } : {}),
    ...(raw.doc_count_error_upper_bound !== undefined
      ? { countError: raw.doc_count_error_upper_bound }
      : {}),
  };
}
