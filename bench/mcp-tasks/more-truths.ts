/**
 * The truths of the later questions (tasks.ts): the kind an agent asks of one index with one
 * aggregation, a lookup of one field, the cluster's version. Read with bare requests.
 */
import type { Pool } from "undici";
import { topN, topOne } from "./accept.ts";
import { es, searchAggs } from "./node-reads.ts";

const INDEX = "sample-orders";
const EMAIL_ORDER = "ORD-012345";
const round2 = (n: number) => Math.round(n * 100) / 100;

type Bucket = { key: string; key_as_string?: string; doc_count: number };

/** Every bucket of a terms aggregation on `field` (size 1000: the sample's values are fewer). */
async function counts(pool: Pool, field: string, nested?: string): Promise<Map<string, number>> {
  const terms = { t: { terms: { field, size: 1000 } } };
  const a = await searchAggs(pool, INDEX, {
    aggs: nested ? { n: { nested: { path: nested }, aggs: terms } } : terms,
  });
  const t = (nested ? (a.n as Record<string, unknown>).t : a.t) as { buckets: Bucket[] };
  return new Map(t.buckets.map((b) => [b.key, b.doc_count]));
}

export function moreTruth(pool: Pool) {
  return {
    async earliestOrder() {
      const a = await searchAggs(pool, INDEX, { aggs: { m: { min: { field: "created_at" } } } });
      return (a.m as { value_as_string: string }).value_as_string;
    },
    topTags: async () => topN(await counts(pool, "tags"), 3),
    topItemName: async () => topOne(await counts(pool, "items.name.keyword", "items")),
    async japanOver1000() {
      const r = await es<{ count: number }>(pool, "POST", `/${INDEX}/_count`, {
        query: {
          bool: {
            filter: [
              { term: { "customer.address.country": "JP" } },
              { range: { total: { gt: 1000 } } },
            ],
          },
        },
      });
      return r.count;
    },
    async emailOfOrder() {
      const r = await es<{ _source: { customer: { email: string } } }>(
        pool,
        "GET",
        `/${INDEX}/_doc/${EMAIL_ORDER}`,
      );
      return r._source.customer.email;
    },
    async clusterVersion() {
      const r = await es<{ nodes: Record<string, { version: string }> }>(
        pool,
        "GET",
        "/_nodes?filter_path=nodes.*.version",
      );
      return [...new Set(Object.values(r.nodes).map((n) => n.version))].join(", ");
    },
    async highestAverageStatus() {
      const a = await searchAggs(pool, INDEX, {
        aggs: {
          s: { terms: { field: "status", size: 100 }, aggs: { v: { avg: { field: "total" } } } },
        },
      });
      const b = (a.s as { buckets: (Bucket & { v: { value: number } })[] }).buckets;
      return topOne(new Map(b.map((x) => [x.key, x.v.value])));
    },
    async busiestMonth() {
      const a = await searchAggs(pool, INDEX, {
        aggs: { m: { date_histogram: { field: "created_at", calendar_interval: "month" } } },
      });
      const b = (a.m as { buckets: Bucket[] }).buckets;
      const best = Math.max(...b.map((x) => x.doc_count));
      const months = b.filter((x) => x.doc_count === best).map((x) => x.key_as_string!.slice(0, 7));
      return topOne(new Map(months.map((m) => [`${m} ${best}`, best])));
    },
    async distinctCities() {
      return (await counts(pool, "customer.address.city")).size;
    },
    async averageItemQty() {
      const a = await searchAggs(pool, INDEX, {
        aggs: { n: { nested: { path: "items" }, aggs: { q: { avg: { field: "items.qty" } } } } },
      });
      return round2(((a.n as Record<string, unknown>).q as { value: number }).value);
    },
  };
}
