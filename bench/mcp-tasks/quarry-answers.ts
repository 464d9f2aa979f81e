/**
 * How an agent answers each question with Quarry's tools, reading their text as a model would:
 * one JSON object per answer, lists as `columns` once and `rows` of values.
 */
import type { Recorder } from "./recorder.ts";
import {
  type Answers,
  BENCH_INDEX,
  DECEMBER,
  EMAIL_ORDER,
  LOOKUP_ORDER,
  Q4,
  SMALL_INDEX,
} from "./tasks.ts";

const connection = "bench";
type Row = Record<string, unknown>;

/** The rows of a table answer as objects, whether it sends rows as arrays or as objects. */
function rowsOf(answer: { columns?: string[]; rows?: unknown[] }): Row[] {
  return (answer.rows ?? []).map((r) =>
    Array.isArray(r)
      ? Object.fromEntries((answer.columns ?? []).map((c, i) => [c, r[i]]))
      : (r as Row),
  );
}

async function json(r: Recorder, tool: string, args: Record<string, unknown>) {
  const parts = await r.call(tool, { connection, ...args });
  return JSON.parse(parts[0]!) as Record<string, unknown> & {
    columns?: string[];
    rows?: unknown[];
  };
}

/** An exact count: browse_table with `page_size: 0`, all of `where` matching. */
async function countWhere(r: Recorder, table: string, where?: string[]): Promise<unknown> {
  const answer = await json(r, "browse_table", {
    table,
    ...(where ? { where } : {}),
    page_size: 0,
  });
  return answer.total;
}

const aggregate = (r: Recorder, args: Record<string, unknown>) =>
  json(r, "aggregate", { table: BENCH_INDEX, ...args }).then(rowsOf);

const round2 = (n: number) => Math.round(n * 100) / 100;

const COUNTRY = "customer.address.country";

/** The later questions (tasks.ts): one aggregation each, a field of one document, the version. */
export const moreQuarryAnswers = {
  async earliestOrder(r: Recorder) {
    const [s] = await aggregate(r, { kind: "stats", field: "created_at" });
    return s!.min;
  },
  async topTags(r: Recorder) {
    const rows = await aggregate(r, { kind: "terms", field: "tags", size: 3 });
    return rows.map((x) => x.key);
  },
  async topItemName(r: Recorder) {
    const [top] = await aggregate(r, { kind: "terms", field: "items.name", size: 1 });
    return top!.key;
  },
  japanOver1000: (r: Recorder) =>
    countWhere(r, BENCH_INDEX, ["customer.address.country = JP", "total > 1000"]),
  async emailOfOrder(r: Recorder) {
    const answer = await json(r, "browse_table", {
      table: BENCH_INDEX,
      where: [`order_id = ${EMAIL_ORDER}`],
      columns: ["customer.email"],
    });
    return (answer.doc as { customer: { email: string } }).customer.email;
  },
  async clusterVersion(r: Recorder) {
    const nodes = await json(r, "catalog", { view: "nodes" });
    const versions = rowsOf(nodes).map((n) => n.version);
    return [...new Set(versions)].join(", ");
  },
  async highestAverageStatus(r: Recorder) {
    const [top] = await aggregate(r, {
      kind: "terms",
      field: "status",
      metric: "avg:total",
      order: "metric",
      size: 1,
    });
    return top!.key;
  },
  async busiestMonth(r: Recorder) {
    const rows = await aggregate(r, {
      kind: "date_histogram",
      field: "created_at",
      interval: "month",
    });
    const top = rows.reduce((a, b) => ((b.doc_count as number) > (a.doc_count as number) ? b : a));
    return `${String(top.key).slice(0, 7)} ${top.doc_count}`;
  },
  async distinctCities(r: Recorder) {
    const [d] = await aggregate(r, { kind: "cardinality", field: "customer.address.city" });
    return d!.distinct;
  },
  async averageItemQty(r: Recorder) {
    const [s] = await aggregate(r, { kind: "stats", field: "items.qty" });
    return round2(s!.avg as number);
  },
};

export const quarryAnswers: Answers = {
  ...moreQuarryAnswers,
  async largestIndices(r) {
    const stats = await json(r, "catalog", { view: "stats", sort: "docs", limit: 3 });
    return rowsOf(stats).map((x) => x.index);
  },
  async customerNameFields(r) {
    const rows = rowsOf(
      await json(r, "catalog", { view: "fields", name: "*customer*name*", table: BENCH_INDEX }),
    );
    return rows.map((x) => String(x.field)).sort();
  },
  async ordersPerStatusInDecember(r) {
    const rows = await aggregate(r, {
      kind: "terms",
      field: "status",
      size: 20,
      where: [`created_at >= ${DECEMBER.gte}`, `created_at < ${DECEMBER.lt}`],
    });
    return Object.fromEntries(rows.map((x) => [x.key, x.doc_count]));
  },
  async unassignedShards(r) {
    const health = await json(r, "catalog", { view: "health" });
    const unassigned = health.unassigned as { columns: string[]; rows: unknown[] };
    const listed = rowsOf(unassigned).map(
      (x) => `${x.index}/${x.shard}/${x.primary ? "p" : "r"}: ${x.reason}`,
    );
    if (health.unassigned_note === undefined) return listed.sort();
    // More than the health report lists: the note says where the rest are, as a model would read it.
    const all: string[] = [];
    for (let cursor: string | undefined, first = true; first || cursor; first = false) {
      const page = await json(r, "catalog", {
        view: "shards",
        limit: 2000,
        ...(cursor ? { cursor } : {}),
      });
      for (const x of rowsOf(page as { columns: string[]; rows: unknown[] }))
        if (x.state === "UNASSIGNED")
          all.push(`${x.index}/${x.shard}/${x.primary ? "p" : "r"}: ${x.unassigned_reason}`);
      cursor = page.next_cursor as string | undefined;
    }
    return all.sort();
  },
  async findOrder(r) {
    const answer = await json(r, "browse_table", {
      table: BENCH_INDEX,
      where: [`order_id = ${LOOKUP_ORDER}`],
      columns: ["customer.name", "total"],
    });
    const doc = answer.doc as { customer: { name: string }; total: number };
    return { customer: doc.customer.name, total: doc.total };
  },
  unpaidVipOrders: (r) => countWhere(r, BENCH_INDEX, ["customer.vip = true", "paid = false"]),
  async fieldType(r) {
    const fields = await json(r, "catalog", {
      view: "fields",
      name: "customer.email",
      table: BENCH_INDEX,
    });
    return rowsOf(fields)[0]!.type;
  },
  async latestOrders(r) {
    const page = await json(r, "browse_table", {
      table: BENCH_INDEX,
      sort: ["created_at:desc"],
      columns: ["order_id"],
      page_size: 5,
    });
    return rowsOf(page).map((x) => x.order_id);
  },
  async totalStats(r) {
    const [s] = await aggregate(r, { kind: "stats", field: "total" });
    return { min: s!.min, max: s!.max, avg: round2(s!.avg as number) };
  },
  async totalP95(r) {
    const [p] = await aggregate(r, { kind: "percentiles", field: "total", percents: [95] });
    return round2(p!.value as number);
  },
  async topCountryByRevenue(r) {
    const [top] = await aggregate(r, {
      kind: "terms",
      field: COUNTRY,
      metric: "sum:total",
      order: "metric",
      size: 1,
    });
    return top!.key;
  },
  async distinctCustomers(r) {
    const [d] = await aggregate(r, { kind: "cardinality", field: "customer.email" });
    return d!.distinct;
  },
  async statusPerMonth(r) {
    const rows = await aggregate(r, {
      kind: "terms",
      field: "status",
      by: "created_at",
      interval: "month",
      size: 50,
      where: [`created_at >= ${Q4.gte}`, `created_at < ${Q4.lt}`],
    });
    return Object.fromEntries(
      rows.map((x) => [`${x.key} ${String(x.by_key).slice(0, 7)}`, x.doc_count]),
    );
  },
  async topSkuByUnits(r) {
    const [top] = await aggregate(r, {
      kind: "terms",
      field: "items.sku",
      metric: "sum:items.qty",
      order: "metric",
      size: 1,
    });
    return top!.key;
  },
  acrossTwoIndices: (r) => countWhere(r, `${BENCH_INDEX},${SMALL_INDEX}`),
  async paidAverageTop3(r) {
    const rows = await aggregate(r, {
      kind: "terms",
      field: COUNTRY,
      where: ["paid = true"],
      metric: "avg:total",
      order: "metric",
      size: 3,
    });
    return rows.map((x) => [x.key, round2(x.avg_total as number)]);
  },
};
