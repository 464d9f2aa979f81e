/**
 * Pure: a search answer's `aggregations` as tables people read. Each top-level bucket aggregation
 * becomes a table with one row per bucket: its key, its doc_count, then its sub-aggregations as
 * columns (metrics as values, nested bucket aggregations as more key/count columns, one row per
 * nested bucket). Top-level metric aggregations share one "metrics" table of one row. A table of
 * one level of buckets carries a chart of its doc counts (terms, histogram, date_histogram...).
 * A table says what in it is not exact (core/exactness.ts: values left out of a top list, counts
 * that may be short, percentiles).
 */
import type { ResultTable } from "../../../core/console.ts";
import { EXACT, PERCENTILES_ACCURACY, termsAccuracy } from "../../../core/exactness.ts";

type Json = Record<string, unknown>;
/** One row being built: column name to value, in the order columns appear. */
type Cells = Map<string, unknown>;

/** Bucket fields that are not sub-aggregations. */
const BUCKET_FIELDS = new Set([
  "key",
  "key_as_string",
  "doc_count",
  "from",
  "from_as_string",
  "to",
  "to_as_string",
  "bg_count",
  "score",
  "doc_count_error_upper_bound",
  "sum_other_doc_count",
  "meta",
]);

const isObject = (v: unknown): v is Json =>
  v !== null && typeof v === "object" && !Array.isArray(v);

/** The buckets of a bucket aggregation (a list, or keyed by name), or undefined for another kind. */
function bucketsOf(agg: Json): Json[] | undefined {
  const b = agg.buckets;
  if (Array.isArray(b)) return b.filter(isObject);
  if (isObject(b))
    return Object.entries(b)
      .filter(([, v]) => isObject(v))
      .map(([key, v]) => ({ key, ...(v as Json) }));
  return undefined;
}

/** A single-bucket aggregation (filter, global, missing, nested...): a doc_count, no buckets. */
const isSingleBucket = (agg: Json) =>
  typeof agg.doc_count === "number" && agg.buckets === undefined && !("value" in agg);

/** Pure: the tables of an answer's aggregations; none when it has none. */
export function aggregationTables(aggregations: unknown): ResultTable[] {
  if (!isObject(aggregations)) return [];
  const tables: ResultTable[] = [];
  const metrics: Cells = new Map();
  for (const [name, agg] of Object.entries(aggregations)) {
    if (!isObject(agg)) continue;
    const buckets = bucketsOf(agg);
    if (buckets) tables.push(withAccuracy(bucketTable(name, buckets), bucketAccuracy(agg)));
    else if (isSingleBucket(agg))
      tables.push(toTable(name, subRows(agg, [new Map([["doc_count", agg.doc_count]])])));
    else metricCells(name, agg, metrics);
  }
  if (metrics.size > 0) {
    const estimated = Object.values(aggregations).some(
      (a) => isObject(a) && a.values !== undefined,
    );
    tables.unshift(
      withAccuracy(toTable("metrics", [metrics]), estimated ? PERCENTILES_ACCURACY : EXACT),
    );
  }
  return tables;
}

/** A top-values list is not exact when a count may be short or values were left out. */
function bucketAccuracy(agg: Json): string {
  const n = (v: unknown) => (typeof v === "number" ? v : undefined);
  return termsAccuracy(n(agg.doc_count_error_upper_bound), n(agg.sum_other_doc_count));
}

function withAccuracy(table: ResultTable, accuracy: string): ResultTable {
  return accuracy === EXACT ? table : { ...table, accuracy };
}

function bucketTable(name: string, buckets: Json[]): ResultTable {
  const rows = buckets.flatMap((b) => bucketRows(name, b, true));
  const table = toTable(name, rows);
  // One row per bucket: a bar per bucket says the distribution at a glance.
  const value = table.headers.indexOf("doc_count");
  if (rows.length === buckets.length && rows.length > 0 && value >= 0)
    table.chart = { label: 0, value };
  return table;
}

/** The rows one bucket gives: its key and count, crossed with its sub-aggregations' rows. */
function bucketRows(name: string, bucket: Json, top: boolean): Cells[] {
  const head: Cells = new Map();
  keyCells(name, bucket, head);
  if (typeof bucket.doc_count === "number")
    head.set(top ? "doc_count" : `${name} doc_count`, bucket.doc_count);
  return subRows(bucket, [head]);
}

/** The bucket's key: as the cluster formats it when it does (dates), each part of a composite key. */
function keyCells(name: string, bucket: Json, out: Cells): void {
  const key = bucket.key;
  if (isObject(key)) {
    for (const [part, v] of Object.entries(key)) out.set(`${name}.${part}`, v);
    return;
  }
  if (typeof bucket.key_as_string === "string") out.set(name, bucket.key_as_string);
  else if (key !== undefined) out.set(name, key);
  else if (bucket.from !== undefined || bucket.to !== undefined)
    out.set(name, `${bucket.from ?? "*"}-${bucket.to ?? "*"}`);
  else out.set(name, null);
}

/**
 * The rows of an object's sub-aggregations, each starting from the rows given: metrics add
 * columns to every row, a bucket aggregation multiplies the rows by its buckets.
 */
function subRows(holder: Json, start: Cells[]): Cells[] {
  let rows = start.length > 0 ? start : [new Map()];
  for (const [sub, agg] of Object.entries(holder)) {
    if (BUCKET_FIELDS.has(sub) || !isObject(agg)) continue;
    const buckets = bucketsOf(agg);
    if (buckets) {
      const inner = buckets.flatMap((b) => bucketRows(sub, b, false));
      // A nested aggregation without buckets leaves the row as it is (its columns empty).
      if (inner.length > 0) rows = rows.flatMap((r) => inner.map((i) => new Map([...r, ...i])));
    } else if (isSingleBucket(agg)) {
      const head: Cells = new Map([[`${sub} doc_count`, agg.doc_count]]);
      const inner = subRows(agg, [head]);
      rows = rows.flatMap((r) => inner.map((i) => new Map([...r, ...i])));
    } else {
      const cells: Cells = new Map();
      metricCells(sub, agg, cells);
      for (const r of rows) for (const [k, v] of cells) r.set(k, v);
    }
  }
  return rows;
}

/** A metric's value(s): `value` (formatted when the cluster formats it), or one column per stat. */
function metricCells(name: string, agg: Json, out: Cells): void {
  if ("value" in agg) {
    out.set(name, typeof agg.value_as_string === "string" ? agg.value_as_string : agg.value);
    return;
  }
  if (isObject(agg.hits)) {
    // top_hits: the documents' sources, as JSON.
    const hits = (agg.hits as { hits?: { _source?: unknown }[] }).hits ?? [];
    out.set(
      name,
      hits.map((h) => h._source ?? h),
    );
    return;
  }
  const values = agg.values;
  if (isObject(values)) {
    for (const [k, v] of Object.entries(values))
      if (!k.endsWith("_as_string")) out.set(`${name}.${k}`, v);
    return;
  }
  if (Array.isArray(values)) {
    // percentiles with keyed:false: [{ key, value }].
    for (const v of values.filter(isObject)) out.set(`${name}.${v.key}`, v.value);
    return;
  }
  for (const [k, v] of Object.entries(agg)) {
    if (k === "meta" || k.endsWith("_as_string")) continue;
    out.set(`${name}.${k}`, v);
  }
}

/** Rows of cells as a table: the columns in the order they first appear. */
function toTable(title: string, rows: Cells[]): ResultTable {
  const headers: string[] = [];
  const seen = new Set<string>();
  for (const r of rows)
    for (const k of r.keys())
      if (!seen.has(k)) {
        seen.add(k);
        headers.push(k);
      }
  return { title, headers, rows: rows.map((r) => headers.map((h) => r.get(h) ?? null)) };
}
