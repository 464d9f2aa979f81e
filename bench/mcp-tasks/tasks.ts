/**
 * The questions, and their true answers read straight from the node (more-truths.ts holds those
 * of the later ones). Each server's scripted
 * agent (quarry-answers.ts, elastic-answers.ts) answers the same questions with its own tools; an
 * answer counts only when it equals the truth.
 */
import type { Pool } from "undici";
import { topN } from "./accept.ts";
import { moreTruth } from "./more-truths.ts";
import { es, searchAggs } from "./node-reads.ts";
import type { Recorder } from "./recorder.ts";

export const BENCH_INDEX = "sample-orders";
const BENCH_INDEX_NAME = "sample-orders";
/** An index with a replica a one-node cluster cannot place: its shards stay unassigned. */
export const REPLICATED_INDEX = "bench-tasks-replicated";
export const SMALL_INDEX = "bench-tasks-small";
export const LOOKUP_ORDER = "ORD-004242";
export const EMAIL_ORDER = "ORD-012345";
export const DECEMBER = { gte: "2025-12-01", lt: "2026-01-01" };

type Answer = unknown;
export type AnswerFn = (r: Recorder) => Promise<Answer>;

export interface Answers {
  largestIndices: AnswerFn;
  customerNameFields: AnswerFn;
  ordersPerStatusInDecember: AnswerFn;
  unassignedShards: AnswerFn;
  findOrder: AnswerFn;
  unpaidVipOrders: AnswerFn;
  fieldType: AnswerFn;
  latestOrders: AnswerFn;
  totalStats: AnswerFn;
  totalP95: AnswerFn;
  topCountryByRevenue: AnswerFn;
  distinctCustomers: AnswerFn;
  statusPerMonth: AnswerFn;
  topSkuByUnits: AnswerFn;
  acrossTwoIndices: AnswerFn;
  paidAverageTop3: AnswerFn;
  earliestOrder: AnswerFn;
  topTags: AnswerFn;
  topItemName: AnswerFn;
  japanOver1000: AnswerFn;
  emailOfOrder: AnswerFn;
  clusterVersion: AnswerFn;
  highestAverageStatus: AnswerFn;
  busiestMonth: AnswerFn;
  distinctCities: AnswerFn;
  averageItemQty: AnswerFn;
}

export const QUESTIONS: Record<keyof Answers, string> = {
  largestIndices: "Which three indices hold the most documents?",
  customerNameFields: "Which fields hold customer names?",
  ordersPerStatusInDecember: "How many orders per status in December 2025?",
  unassignedShards: "Which shards are unassigned, and why?",
  findOrder: `Find order ${LOOKUP_ORDER}: whose is it and what is its total?`,
  unpaidVipOrders: "How many orders of VIP customers are unpaid?",
  fieldType: "What type is the field customer.email?",
  latestOrders: "Which are the five most recent orders?",
  totalStats: "What are the smallest, largest and average order totals?",
  totalP95: "What is the 95th percentile of order totals?",
  topCountryByRevenue: "Which country brings the most revenue?",
  distinctCustomers: "How many distinct customers (emails) ordered?",
  statusPerMonth: "Orders per status in each month of Q4 2025?",
  topSkuByUnits: "Which SKU sold the most units?",
  acrossTwoIndices: `How many documents do ${BENCH_INDEX_NAME} and ${"bench-tasks-small"} hold?`,
  paidAverageTop3: "Top 3 countries by average paid order total?",
  earliestOrder: "When was the earliest order placed?",
  topTags: "Which three tags are the most common?",
  topItemName: "Which product is in the most order items?",
  japanOver1000: "How many orders from Japan totalled over 1,000?",
  emailOfOrder: `What is the email of order ${EMAIL_ORDER}'s customer?`,
  clusterVersion: "Which Elasticsearch version does the cluster run?",
  highestAverageStatus: "Which status has the highest average order total?",
  busiestMonth: "Which month had the most orders, and how many?",
  distinctCities: "In how many distinct cities do customers live?",
  averageItemQty: "What is the average quantity of an order item?",
};

/**
 * The questions a peer answers with one `size: 0` search: there Quarry's answer must be no longer
 * than the raw Elasticsearch answer (docs/mcp.md, "What a session costs").
 */
export const AGGREGATION_QUESTIONS: ReadonlySet<keyof Answers> = new Set([
  "ordersPerStatusInDecember",
  "unpaidVipOrders",
  "totalStats",
  "totalP95",
  "topCountryByRevenue",
  "distinctCustomers",
  "statusPerMonth",
  "topSkuByUnits",
  "acrossTwoIndices",
  "paidAverageTop3",
  "earliestOrder",
  "topTags",
  "topItemName",
  "japanOver1000",
  "highestAverageStatus",
  "busiestMonth",
  "distinctCities",
  "averageItemQty",
]);

/** Q4 2025, the months statusPerMonth asks about. */
export const Q4 = { gte: "2025-10-01", lt: "2026-01-01" };

/** Orders per status and month in Q4: the search body, and its answer as "status YYYY-MM" → count. */
export const STATUS_PER_MONTH = {
  query: { range: { created_at: Q4 } },
  aggs: {
    s: {
      terms: { field: "status", size: 50 },
      aggs: { m: { date_histogram: { field: "created_at", calendar_interval: "1M" } } },
    },
  },
};
export function statusMonths(
  aggs: Record<string, Record<string, unknown>>,
): Record<string, number> {
  const out: Record<string, number> = {};
  for (const s of aggs.s!.buckets as {
    key: string;
    m: { buckets: { key_as_string: string; doc_count: number }[] };
  }[])
    for (const m of s.m.buckets)
      if (m.doc_count > 0) out[`${s.key} ${m.key_as_string.slice(0, 7)}`] = m.doc_count;
  return out;
}

const aggs = (pool: Pool, body: Record<string, unknown>) => searchAggs(pool, BENCH_INDEX, body);

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The true answers, from the node itself (bare requests, no MCP). */
export function truth(pool: Pool): Record<keyof Answers, () => Promise<Answer>> {
  return {
    ...harderTruth(pool),
    ...moreTruth(pool),
    async largestIndices() {
      const rows = await es<{ index: string; "docs.count": string }[]>(
        pool,
        "GET",
        "/_cat/indices?format=json&h=index,docs.count",
      );
      // Indices of equal size may come in either order.
      const docs = rows
        .filter((r) => !r.index.startsWith("."))
        .map((r) => [r.index, Number(r["docs.count"])] as const);
      return topN(new Map(docs), 3);
    },
    customerNameFields: async () => ["customer.name", "customer.name.keyword"],
    async ordersPerStatusInDecember() {
      const a = await aggs(pool, {
        query: { range: { created_at: DECEMBER } },
        aggs: { s: { terms: { field: "status", size: 20 } } },
      });
      const buckets = a.s!.buckets as { key: string; doc_count: number }[];
      return Object.fromEntries(buckets.map((b) => [b.key, b.doc_count]));
    },
    async unassignedShards() {
      const rows = await es<Record<string, string>[]>(
        pool,
        "GET",
        "/_cat/shards?format=json&h=index,shard,prirep,state,unassigned.reason",
      );
      return rows
        .filter((r) => r.state === "UNASSIGNED")
        .map((r) => `${r.index}/${r.shard}/${r.prirep}: ${r["unassigned.reason"]}`)
        .sort();
    },
    async findOrder() {
      const r = await es<{
        hits: { hits: { _source: { customer: { name: string }; total: number } }[] };
      }>(pool, "POST", `/${BENCH_INDEX}/_search`, {
        size: 1,
        query: { term: { order_id: LOOKUP_ORDER } },
      });
      const s = r.hits.hits[0]!._source;
      return { customer: s.customer.name, total: s.total };
    },
    async unpaidVipOrders() {
      const r = await es<{ count: number }>(pool, "POST", `/${BENCH_INDEX}/_count`, {
        query: {
          bool: { filter: [{ term: { "customer.vip": true } }, { term: { paid: false } }] },
        },
      });
      return r.count;
    },
    fieldType: async () => "keyword",
    async latestOrders() {
      const r = await es<{ hits: { hits: { _source: { order_id: string } }[] } }>(
        pool,
        "POST",
        `/${BENCH_INDEX}/_search`,
        { size: 5, sort: [{ created_at: "desc" }], _source: ["order_id"] },
      );
      return r.hits.hits.map((h) => h._source.order_id);
    },
    async totalStats() {
      const s = (await aggs(pool, { aggs: { t: { stats: { field: "total" } } } })).t as {
        min: number;
        max: number;
        avg: number;
      };
      return { min: s.min, max: s.max, avg: round2(s.avg) };
    },
    async totalP95() {
      const p = (
        await aggs(pool, { aggs: { p: { percentiles: { field: "total", percents: [95] } } } })
      ).p as {
        values: Record<string, number>;
      };
      return round2(Object.values(p.values)[0]!);
    },
  };
}

/** The truths of the harder questions (top N by a metric, two groupings, exact distinct...). */
export function harderTruth(pool: Pool) {
  const round2 = (n: number) => Math.round(n * 100) / 100;
  const COUNTRY = "customer.address.country";
  return {
    async topCountryByRevenue() {
      const a = await aggs(pool, {
        aggs: {
          c: { terms: { field: COUNTRY, size: 1000 }, aggs: { s: { sum: { field: "total" } } } },
        },
      });
      const b = a.c!.buckets as { key: string; s: { value: number } }[];
      return b.sort((x, y) => y.s.value - x.s.value)[0]!.key;
    },
    async distinctCustomers() {
      // Counted value by value: a composite aggregation over every email.
      let after: unknown;
      let n = 0;
      for (;;) {
        const a = await aggs(pool, {
          aggs: {
            e: {
              composite: {
                size: 10_000,
                sources: [{ e: { terms: { field: "customer.email" } } }],
                ...(after ? { after } : {}),
              },
            },
          },
        });
        const page = a.e as { buckets: unknown[]; after_key?: unknown };
        n += page.buckets.length;
        if (page.buckets.length < 10_000) return n;
        after = page.after_key;
      }
    },
    async statusPerMonth() {
      return statusMonths(await aggs(pool, STATUS_PER_MONTH));
    },
    async topSkuByUnits() {
      const a = await aggs(pool, {
        aggs: {
          n: {
            nested: { path: "items" },
            aggs: {
              k: {
                terms: { field: "items.sku", size: 10_000 },
                aggs: { q: { sum: { field: "items.qty" } } },
              },
            },
          },
        },
      });
      const b = (a.n as { k: { buckets: { key: string; q: { value: number } }[] } }).k.buckets;
      return b.sort((x, y) => y.q.value - x.q.value || x.key.localeCompare(y.key))[0]!.key;
    },
    async acrossTwoIndices() {
      const r = await es<{ count: number }>(
        pool,
        "POST",
        `/${BENCH_INDEX},${SMALL_INDEX}/_count`,
        {},
      );
      return r.count;
    },
    async paidAverageTop3() {
      const a = await aggs(pool, {
        query: { term: { paid: true } },
        aggs: {
          c: { terms: { field: COUNTRY, size: 1000 }, aggs: { v: { avg: { field: "total" } } } },
        },
      });
      const b = a.c!.buckets as { key: string; v: { value: number } }[];
      return b
        .sort((x, y) => y.v.value - x.v.value)
        .slice(0, 3)
        .map((x) => [x.key, round2(x.v.value)]);
    },
  };
}

/** Makes the node look like one an agent is asked about: a small index and unassigned replicas. */
export async function prepareNode(pool: Pool): Promise<void> {
  await removeBenchIndices(pool);
  await es(pool, "PUT", `/${REPLICATED_INDEX}`, {
    settings: { number_of_shards: 2, number_of_replicas: 1 },
  });
  await es(pool, "PUT", `/${SMALL_INDEX}`, { settings: { number_of_replicas: 0 } });
  const bulk = (index: string, n: number) =>
    Array.from({ length: n }, (_, i) => `{"index":{"_index":"${index}"}}\n{"n":${i}}\n`).join("");
  await pool
    .request({
      method: "POST",
      path: "/_bulk?refresh=true",
      headers: { "content-type": "application/x-ndjson" },
      body: bulk(REPLICATED_INDEX, 200) + bulk(SMALL_INDEX, 20),
    })
    .then((r) => r.body.text());
}

export async function removeBenchIndices(pool: Pool): Promise<void> {
  for (const index of [REPLICATED_INDEX, SMALL_INDEX]) {
    const r = await pool.request({ method: "DELETE", path: `/${index}` });
    await r.body.text();
  }
}
