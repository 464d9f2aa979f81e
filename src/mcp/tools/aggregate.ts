/**
 * `aggregate`: one aggregation on a field (terms, date histogram, histogram, stats, percentiles,
 * distinct count) over the documents the grid's filters and a Lucene query select, answered as a
 * compact table: buckets as rows of key and doc_count, stats as one row.
 */
import { z } from "zod";
import {
  AGGREGATION_KINDS,
  type AggregationBucket,
  type AggregationRequest,
  type AggregationResult,
  BUCKET_METRICS,
} from "../../core/catalog.ts";
import { ACCURACY_WORDS, distinctAccuracyWord, EXACT } from "../../core/exactness.ts";
import { viewsOf } from "./cluster.ts";
import { browseRequest, filtersArg, HIDDEN, queryArg, whereArg } from "./compact-args.ts";
import { connectionArg, defineTool, reachConnection, tableArg } from "./context.ts";
import { output, tableShape } from "./outputs.ts";
import { partialRecord } from "./shape.ts";

const metricObject = z.strictObject({
  op: z.enum(BUCKET_METRICS),
  field: z.string().min(1).max(512),
});
const METRIC_TEXT = new RegExp(`^(${BUCKET_METRICS.join("|")}):(.+)$`);
/** One metric of another field per bucket: `"sum:total"`, or `{op, field}`. */
const metricArg = z
  .union([
    z.string().regex(METRIC_TEXT, `<op>:<field>, op one of ${BUCKET_METRICS.join(", ")}`),
    metricObject,
  ])
  .optional();

/** `"metric:asc"` as the catalog's order. */
function orderOf(text: string): AggregationRequest["order"] {
  const [by, direction] = text.split(":") as [
    "count" | "key" | "metric",
    "asc" | "desc" | undefined,
  ];
  return { by, ...(direction ? { direction } : {}) };
}

/** The metric in its object form. */
function metricOf(m: z.infer<typeof metricArg>): AggregationRequest["metric"] {
  if (typeof m !== "string") return m;
  const [, op, field] = METRIC_TEXT.exec(m) as unknown as [string, string, string];
  return { op: op as (typeof BUCKET_METRICS)[number], field };
}

const aggregateOutput = output({
  /** Documents the filters matched. */
  matched: z.number(),
  ...tableShape,
  /** How exact the figures are, in a word (core/exactness.ts). */
  accuracy: z.string(),
  /** terms: documents whose values the list leaves out (a larger size lists more). */
  others: z.number().optional(),
  /** terms: how short a listed count may be (counted apart per shard). */
  count_error: z.number().optional(),
});

/**
 * The accuracy of a result in a word, and the terms figures that say what a list leaves out or
 * may miss. The caller knows the table, kind and field it asked, so they are not said back. Pure.
 */
export function accuracyOf(
  result: AggregationResult,
  metric?: AggregationRequest["metric"],
): Record<string, unknown> & { accuracy: string } {
  if (result.kind === "percentiles") return { accuracy: ACCURACY_WORDS.estimate };
  if (result.kind === "cardinality")
    return { accuracy: distinctAccuracyWord(result.distinct ?? 0, result.distinctExact === true) };
  const others = result.kind === "terms" ? (result.otherCount ?? 0) : 0;
  const countError = result.kind === "terms" ? (result.countError ?? 0) : 0;
  let accuracy = countError > 0 ? ACCURACY_WORDS.approximate : EXACT;
  if (metric?.op === "cardinality") {
    const top = Math.max(0, ...(result.buckets ?? []).map((b) => b.metric ?? 0));
    const distinct = distinctAccuracyWord(top, false);
    accuracy = accuracy === EXACT ? distinct : `${accuracy}, ${distinct}`;
  }
  return {
    accuracy,
    ...(others > 0 ? { others } : {}),
    ...(countError > 0 ? { count_error: countError } : {}),
  };
}

/**
 * The result as one table: buckets (key[, by_key], doc_count[, metric]), one row per inner bucket
 * when grouped twice; stats as one row. Pure.
 */
export function aggregationTable(
  result: AggregationResult,
  metric?: AggregationRequest["metric"],
): { columns: string[]; rows: unknown[][] } {
  if (result.buckets) {
    const metricColumn = metric ? [`${metric.op}_${metric.field}`] : [];
    const twice = result.buckets.some((b) => b.inner);
    const cells = (b: AggregationBucket) => [b.count, ...(metric ? [b.metric ?? null] : [])];
    const keyOf = (b: AggregationBucket) => b.keyText ?? b.key;
    return {
      columns: ["key", ...(twice ? ["by_key"] : []), "doc_count", ...metricColumn],
      rows: twice
        ? result.buckets.flatMap((b) =>
            (b.inner?.buckets ?? []).map((i) => [keyOf(b), keyOf(i), ...cells(i)]),
          )
        : result.buckets.map((b) => [keyOf(b), ...cells(b)]),
    };
  }
  if (result.stats) {
    const s = result.stats;
    // A date's mean and sum are numbers of milliseconds no one asked for: its range is the answer.
    if (result.statsText?.min !== undefined || result.statsText?.max !== undefined)
      return {
        columns: ["count", "min", "max"],
        rows: [[s.count, result.statsText.min ?? s.min, result.statsText.max ?? s.max]],
      };
    return {
      columns: ["count", "min", "max", "avg", "sum"],
      rows: [
        [s.count, result.statsText?.min ?? s.min, result.statsText?.max ?? s.max, s.avg, s.sum],
      ],
    };
  }
  if (result.percentiles)
    return {
      columns: ["percent", "value"],
      rows: result.percentiles.map((p) => [p.percent, p.text ?? p.value]),
    };
  return { columns: ["distinct"], rows: [[result.distinct ?? 0]] };
}

export const aggregate = defineTool({
  name: "aggregate",
  title: "Aggregate a field",
  description: "Group or measure a field.",
  input: z.strictObject({
    connection: connectionArg,
    table: tableArg,
    kind: z.enum(AGGREGATION_KINDS).describe("What to compute."),
    field: z
      .string()
      .min(1)
      .max(512)
      .describe("The field (dotted path, as describe_table names it)."),
    where: whereArg,
    filters: filtersArg.meta(HIDDEN),
    query: queryArg.meta(HIDDEN),
    size: z
      .number()
      .int()
      .min(1)
      .max(1000)
      .optional()
      .describe(
        "terms: how many top values (default 10); automatic date_histogram: buckets (default 20).",
      ),
    interval: z
      .union([z.string().max(20), z.number().positive()])
      .optional()
      .describe(
        "date_histogram: minute, hour, day, week, month, quarter, year, or fixed like 30m, 12h, 7d; histogram: a number.",
      )
      .meta(HIDDEN),
    time_zone: z
      .string()
      .max(64)
      .optional()
      .describe("date_histogram: e.g. Europe/Paris; default UTC.")
      .meta(HIDDEN),
    percents: z
      .array(z.number().min(0).max(100))
      .min(1)
      .max(20)
      .optional()
      .describe("percentiles: which ones; default 1, 5, 25, 50, 75, 95, 99.")
      .meta(HIDDEN),
    metric: metricArg,
    by: z.string().min(1).max(512).optional().meta(HIDDEN),
    order: z
      .string()
      .regex(/^(count|key|metric)(:(asc|desc))?$/, "count, key or metric, then :asc or :desc")
      .optional(),
    min_doc_count: z
      .number()
      .int()
      .min(0)
      .optional()
      .describe(
        "Leave out buckets with fewer documents; default 1 (0 keeps empty histogram buckets).",
      )
      .meta(HIDDEN),
  }),
  output: aggregateOutput,
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false },
  cutHint: "Ask for fewer buckets (a smaller size or a coarser interval) or narrow the filters.",
  async run(args, ctx) {
    const { session } = await reachConnection(ctx, args.connection);
    const metric = metricOf(args.metric);
    const request: AggregationRequest = {
      kind: args.kind,
      field: args.field,
      ...browseRequest(args),
      ...(args.size !== undefined ? { size: args.size } : {}),
      ...(args.interval !== undefined ? { interval: args.interval } : {}),
      ...(args.time_zone ? { timeZone: args.time_zone } : {}),
      ...(args.percents ? { percents: args.percents } : {}),
      ...(metric ? { metric } : {}),
      ...(args.by ? { by: args.by } : {}),
      ...(args.order ? { order: orderOf(args.order) } : {}),
      ...(args.min_doc_count !== undefined ? { minCount: args.min_doc_count } : {}),
    };
    const result = await viewsOf(session, "aggregation").aggregate(args.table, request, {
      signal: ctx.signal,
    });
    return {
      ...partialRecord(result.partial),
      matched: result.matched,
      ...aggregationTable(result, metric),
      ...accuracyOf(result, metric),
    };
  },
});
