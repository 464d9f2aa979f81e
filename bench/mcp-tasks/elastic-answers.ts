/**
 * How an agent answers each question with `@elastic/mcp-server-elasticsearch` 0.3.1's four tools
 * (list_indices, get_mappings, search, get_shards), reading their text as a model would: a
 * heading line, then JSON (lists, mappings, aggregations) or one "field: value" block per hit.
 */
import type { Recorder } from "./recorder.ts";
import {
  type Answers,
  BENCH_INDEX,
  DECEMBER,
  EMAIL_ORDER,
  LOOKUP_ORDER,
  SMALL_INDEX,
  STATUS_PER_MONTH,
  statusMonths,
} from "./tasks.ts";

const COUNTRY = "customer.address.country";

/** The JSON that follows a heading such as "Found 3 shards" or "Aggregations: ". */
function jsonAfterHeading(part: string): unknown {
  const at = part.search(/[[{]/);
  return JSON.parse(part.slice(at));
}

async function aggregations(r: Recorder, queryBody: Record<string, unknown>) {
  const parts = await r.call("search", { index: BENCH_INDEX, queryBody });
  const aggs = parts.find((p) => p.startsWith("Aggregations:"));
  if (!aggs) throw new Error("the search answer has no aggregations");
  return jsonAfterHeading(aggs) as Record<string, Record<string, unknown>>;
}

/** "Total results: 42, showing 0 from position 0" → 42. */
function totalOf(parts: string[]): number {
  const m = /^Total results: (\d+)/.exec(parts[0] ?? "");
  if (!m) throw new Error(`no total in "${parts[0]}"`);
  return Number(m[1]);
}

/** One hit's "field: value" lines back into an object. */
function hitFields(part: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const line of part.split("\n")) {
    const at = line.indexOf(": ");
    if (at > 0) out[line.slice(0, at)] = JSON.parse(line.slice(at + 2));
  }
  return out;
}

/** An exact count with the peer's search: `size: 0`, every match counted, all filters matching. */
async function countWhere(r: Recorder, index: string, filter?: unknown[]): Promise<number> {
  const parts = await r.call("search", {
    index,
    queryBody: {
      size: 0,
      track_total_hits: true,
      ...(filter ? { query: { bool: { filter } } } : {}),
    },
  });
  return totalOf(parts);
}

type Shard = { index: string; shard: string; prirep: string; state: string; docs?: string };

/** The later questions (tasks.ts), as a model writes them for the peer's `search` tool. */
const moreElasticAnswers = {
  async earliestOrder(r: Recorder) {
    const aggs = await aggregations(r, { size: 0, aggs: { m: { min: { field: "created_at" } } } });
    return (aggs.m as { value_as_string: string }).value_as_string;
  },
  async topTags(r: Recorder) {
    const aggs = await aggregations(r, {
      size: 0,
      aggs: { t: { terms: { field: "tags", size: 3 } } },
    });
    return (aggs.t!.buckets as { key: string }[]).map((b) => b.key);
  },
  async topItemName(r: Recorder) {
    const aggs = await aggregations(r, {
      size: 0,
      aggs: {
        n: {
          nested: { path: "items" },
          aggs: { k: { terms: { field: "items.name.keyword", size: 1 } } },
        },
      },
    });
    return (aggs.n as { k: { buckets: { key: string }[] } }).k.buckets[0]!.key;
  },
  japanOver1000: (r: Recorder) =>
    countWhere(r, BENCH_INDEX, [
      { term: { "customer.address.country": "JP" } },
      { range: { total: { gt: 1000 } } },
    ]),
  async emailOfOrder(r: Recorder) {
    const parts = await r.call("search", {
      index: BENCH_INDEX,
      queryBody: {
        size: 1,
        query: { term: { order_id: EMAIL_ORDER } },
        _source: ["customer.email"],
      },
    });
    return (hitFields(parts[1]!).customer as { email: string }).email;
  },
  async clusterVersion(_r: Recorder): Promise<string> {
    // None of the peer's four tools reads the cluster's version.
    throw new Error("no tool of the peer gives the cluster's version");
  },
  async highestAverageStatus(r: Recorder) {
    const aggs = await aggregations(r, {
      size: 0,
      aggs: {
        s: {
          terms: { field: "status", size: 1, order: { v: "desc" } },
          aggs: { v: { avg: { field: "total" } } },
        },
      },
    });
    return (aggs.s!.buckets as { key: string }[])[0]!.key;
  },
  async busiestMonth(r: Recorder) {
    const aggs = await aggregations(r, {
      size: 0,
      aggs: { m: { date_histogram: { field: "created_at", calendar_interval: "month" } } },
    });
    const b = aggs.m!.buckets as { key_as_string: string; doc_count: number }[];
    const top = b.reduce((x, y) => (y.doc_count > x.doc_count ? y : x));
    return `${top.key_as_string.slice(0, 7)} ${top.doc_count}`;
  },
  async distinctCities(r: Recorder) {
    const aggs = await aggregations(r, {
      size: 0,
      aggs: { d: { cardinality: { field: "customer.address.city" } } },
    });
    return (aggs.d as { value: number }).value;
  },
  async averageItemQty(r: Recorder) {
    const aggs = await aggregations(r, {
      size: 0,
      aggs: { n: { nested: { path: "items" }, aggs: { q: { avg: { field: "items.qty" } } } } },
    });
    return Math.round((aggs.n as { q: { value: number } }).q.value * 100) / 100;
  },
};

export const elasticAnswers: Answers = {
  ...moreElasticAnswers,
  async largestIndices(r) {
    // list_indices leaves out document counts (0.3.1 reads a key _cat does not send), so the shards.
    const shards = jsonAfterHeading((await r.call("get_shards", {}))[1]!) as Shard[];
    const docs = new Map<string, number>();
    for (const s of shards)
      if (s.prirep === "p" && !s.index.startsWith("."))
        docs.set(s.index, (docs.get(s.index) ?? 0) + Number(s.docs ?? 0));
    return [...docs]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([i]) => i);
  },
  async customerNameFields(r) {
    await r.call("list_indices", { indexPattern: "*" });
    const parts = await r.call("get_mappings", { index: BENCH_INDEX });
    const mapping = jsonAfterHeading(parts[1]!) as Record<string, unknown>;
    const found: string[] = [];
    const walk = (props: Record<string, Record<string, unknown>>, prefix: string) => {
      for (const [name, def] of Object.entries(props)) {
        const path = `${prefix}${name}`;
        if (def.properties) walk(def.properties as never, `${path}.`);
        else if (/customer/.test(path) && /name/.test(path)) found.push(path);
        // A multi-field (name.keyword) is a field of its own.
        if (def.fields) walk(def.fields as never, `${path}.`);
      }
    };
    walk(mapping.properties as never, "");
    return found.sort();
  },
  async ordersPerStatusInDecember(r) {
    const aggs = await aggregations(r, {
      size: 0,
      query: { range: { created_at: DECEMBER } },
      aggs: { by_status: { terms: { field: "status", size: 20 } } },
    });
    const buckets = aggs.by_status!.buckets as { key: string; doc_count: number }[];
    return Object.fromEntries(buckets.map((b) => [b.key, b.doc_count]));
  },
  async unassignedShards(r) {
    const shards = jsonAfterHeading((await r.call("get_shards", {}))[1]!) as Shard[];
    // The tool does not say why a shard is unassigned: the answer lacks the reason.
    return shards
      .filter((s) => s.state === "UNASSIGNED")
      .map((s) => `${s.index}/${s.shard}/${s.prirep}: ?`)
      .sort();
  },
  async findOrder(r) {
    const parts = await r.call("search", {
      index: BENCH_INDEX,
      queryBody: { size: 1, query: { term: { order_id: LOOKUP_ORDER } } },
    });
    const hit = hitFields(parts[1]!);
    return { customer: (hit.customer as { name: string }).name, total: hit.total };
  },
  unpaidVipOrders: (r) =>
    countWhere(r, BENCH_INDEX, [{ term: { "customer.vip": true } }, { term: { paid: false } }]),
  async fieldType(r) {
    const parts = await r.call("get_mappings", { index: BENCH_INDEX });
    const mapping = jsonAfterHeading(parts[1]!) as {
      properties: Record<string, { properties?: Record<string, { type: string }> }>;
    };
    return mapping.properties.customer!.properties!.email!.type;
  },
  async latestOrders(r) {
    const parts = await r.call("search", {
      index: BENCH_INDEX,
      queryBody: {
        size: 5,
        sort: [{ created_at: "desc" }],
        _source: ["order_id", "customer.name", "total"],
      },
    });
    return parts.slice(1).map((p) => String(hitFields(p).order_id));
  },
  async totalStats(r) {
    const aggs = await aggregations(r, { size: 0, aggs: { t: { stats: { field: "total" } } } });
    const s = aggs.t as { min: number; max: number; avg: number };
    return { min: s.min, max: s.max, avg: Math.round(s.avg * 100) / 100 };
  },
  async totalP95(r) {
    const aggs = await aggregations(r, {
      size: 0,
      aggs: { p: { percentiles: { field: "total", percents: [95] } } },
    });
    const values = (aggs.p as { values: Record<string, number> }).values;
    return Math.round(Object.values(values)[0]! * 100) / 100;
  },
  async topCountryByRevenue(r) {
    const aggs = await aggregations(r, {
      size: 0,
      aggs: {
        c: {
          terms: { field: COUNTRY, size: 1, order: { s: "desc" } },
          aggs: { s: { sum: { field: "total" } } },
        },
      },
    });
    return (aggs.c!.buckets as { key: string }[])[0]!.key;
  },
  async distinctCustomers(r) {
    // What a model writes for a distinct count: the cardinality aggregation, as documented.
    const aggs = await aggregations(r, {
      size: 0,
      aggs: { d: { cardinality: { field: "customer.email" } } },
    });
    return (aggs.d as { value: number }).value;
  },
  async statusPerMonth(r) {
    return statusMonths(await aggregations(r, { size: 0, ...STATUS_PER_MONTH }));
  },
  async topSkuByUnits(r) {
    const aggs = await aggregations(r, {
      size: 0,
      aggs: {
        n: {
          nested: { path: "items" },
          aggs: {
            k: {
              terms: { field: "items.sku", size: 1, order: { q: "desc" } },
              aggs: { q: { sum: { field: "items.qty" } } },
            },
          },
        },
      },
    });
    return (aggs.n as { k: { buckets: { key: string }[] } }).k.buckets[0]!.key;
  },
  acrossTwoIndices: (r) => countWhere(r, `${BENCH_INDEX},${SMALL_INDEX}`),
  async paidAverageTop3(r) {
    // ES|QL would say it in one line; the test nodes have no ES|QL, so the Query DSL.
    const aggs = await aggregations(r, {
      size: 0,
      query: { term: { paid: true } },
      aggs: {
        c: {
          terms: { field: COUNTRY, size: 3, order: { v: "desc" } },
          aggs: { v: { avg: { field: "total" } } },
        },
      },
    });
    return (aggs.c!.buckets as { key: string; v: { value: number } }[]).map((b) => [
      b.key,
      Math.round(b.v.value * 100) / 100,
    ]);
  },
};
