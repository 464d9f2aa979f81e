/**
 * ES|QL questions for the agent benchmark, on es8's real ES|QL engine (docs/testing.md, "ES|QL"):
 * questions an agent asks in ES|QL's shape (a STATS … BY with two numbers, a distinct count, a
 * top N over a filter), answered by a scripted agent with Quarry's `esql` tool and with the peer's
 * tools, on the same node and data. `@elastic/mcp-server-elasticsearch` 0.3.1, the peer the other
 * benchmarks run (the newest on npm), has no ES|QL tool: it answers with its `search` and the
 * aggregation the question needs. Each answer counts only when it equals the truth read straight
 * from the node; the goal is Quarry's answers no longer than the peer's.
 *
 *   npm run bench:mcp-esql          es8 from `npm run es:up`, the `sample-orders` index
 *
 * The count is exact (no timing), so one run is enough.
 */
import { rm } from "node:fs/promises";
import { Pool } from "undici";
import { esUrl } from "../mcp/setup.ts";
import { isRight } from "./accept.ts";
import { es, searchAggs } from "./node-reads.ts";
import { type Recorder, recorder } from "./recorder.ts";
import { startBothServers } from "./servers.ts";

const INDEX = "sample-orders";
const COUNTRY = "customer.address.country";
const YEAR_2025 = { gte: "2025-01-01", lt: "2026-01-01" };
const round2 = (n: number) => Math.round(n * 100) / 100;

interface Question {
  text: string;
  truth(pool: Pool): Promise<unknown>;
  quarry(r: Recorder): Promise<unknown>;
  elastic(r: Recorder): Promise<unknown>;
}

/** Quarry's esql answer as row objects. */
async function esql(r: Recorder, query: string): Promise<Record<string, unknown>[]> {
  const [text] = await r.call("esql", { connection: "bench", query });
  const t = JSON.parse(text ?? "{}") as { columns: string[]; rows: unknown[][] };
  return t.rows.map((row) => Object.fromEntries(t.columns.map((c, i) => [c, row[i]])));
}

/** The peer's `search` aggregations, from the JSON after its "Aggregations:" heading. */
async function peerAggs(r: Recorder, queryBody: Record<string, unknown>) {
  const parts = await r.call("search", { index: INDEX, queryBody: { size: 0, ...queryBody } });
  const aggs = parts.find((p) => p.startsWith("Aggregations:"));
  if (!aggs) throw new Error("the search answer has no aggregations");
  return JSON.parse(aggs.slice(aggs.search(/[[{]/))) as Record<string, Record<string, unknown>>;
}

type Bucket = { key: string; key_as_string?: string; doc_count: number } & Record<
  string,
  { value: number }
>;
const buckets = (agg: Record<string, unknown> | undefined) => (agg?.buckets ?? []) as Bucket[];

const QUESTIONS: Question[] = [
  {
    text: "Orders and revenue per status?",
    async truth(pool) {
      const a = await searchAggs(pool, INDEX, {
        aggs: {
          s: { terms: { field: "status", size: 20 }, aggs: { r: { sum: { field: "total" } } } },
        },
      });
      return Object.fromEntries(
        buckets(a.s).map((b) => [b.key, [b.doc_count, round2(b.r?.value ?? 0)]]),
      );
    },
    async quarry(r) {
      const rows = await esql(r, `FROM ${INDEX} | STATS n = COUNT(*), r = SUM(total) BY status`);
      return Object.fromEntries(rows.map((x) => [x.status, [x.n, round2(x.r as number)]]));
    },
    async elastic(r) {
      const a = await peerAggs(r, {
        aggs: {
          s: { terms: { field: "status", size: 20 }, aggs: { r: { sum: { field: "total" } } } },
        },
      });
      return Object.fromEntries(
        buckets(a.s).map((b) => [b.key, [b.doc_count, round2(b.r?.value ?? 0)]]),
      );
    },
  },
  {
    text: "How many distinct customers (emails) ordered in 2025?",
    async truth(pool) {
      // Counted value by value: every email's bucket (fewer than 40,000 of them).
      const a = await searchAggs(pool, INDEX, {
        query: { range: { created_at: YEAR_2025 } },
        aggs: { e: { terms: { field: "customer.email", size: 40_000 } } },
      });
      return buckets(a.e).length;
    },
    async quarry(r) {
      const [row] = await esql(
        r,
        `FROM ${INDEX} | WHERE created_at >= "2025-01-01" AND created_at < "2026-01-01" | STATS c = COUNT_DISTINCT(customer.email)`,
      );
      return row?.c;
    },
    async elastic(r) {
      // The peer's best: the highest precision; its answer says nothing of being an estimate.
      const a = await peerAggs(r, {
        query: { range: { created_at: YEAR_2025 } },
        aggs: { c: { cardinality: { field: "customer.email", precision_threshold: 40_000 } } },
      });
      return (a.c as { value: number }).value;
    },
  },
  {
    text: "Top 3 countries by paid orders in 2025?",
    async truth(pool) {
      const a = await searchAggs(pool, INDEX, {
        query: {
          bool: { filter: [{ term: { paid: true } }, { range: { created_at: YEAR_2025 } }] },
        },
        aggs: { c: { terms: { field: COUNTRY, size: 3 } } },
      });
      return buckets(a.c).map((b) => [b.key, b.doc_count]);
    },
    async quarry(r) {
      const rows = await esql(
        r,
        `FROM ${INDEX} | WHERE paid AND created_at >= "2025-01-01" AND created_at < "2026-01-01" | STATS n = COUNT(*) BY ${COUNTRY} | SORT n DESC | LIMIT 3`,
      );
      return rows.map((x) => [x[COUNTRY], x.n]);
    },
    async elastic(r) {
      const a = await peerAggs(r, {
        query: {
          bool: { filter: [{ term: { paid: true } }, { range: { created_at: YEAR_2025 } }] },
        },
        aggs: { c: { terms: { field: COUNTRY, size: 3 } } },
      });
      return buckets(a.c).map((b) => [b.key, b.doc_count]);
    },
  },
  {
    text: "Average order total of VIP and other customers?",
    async truth(pool) {
      const a = await searchAggs(pool, INDEX, {
        aggs: { v: { terms: { field: "customer.vip" }, aggs: { a: { avg: { field: "total" } } } } },
      });
      return Object.fromEntries(
        buckets(a.v).map((b) => [b.key_as_string ?? String(b.key), round2(b.a?.value ?? 0)]),
      );
    },
    async quarry(r) {
      const rows = await esql(r, `FROM ${INDEX} | STATS a = AVG(total) BY customer.vip`);
      return Object.fromEntries(
        rows.map((x) => [String(x["customer.vip"]), round2(x.a as number)]),
      );
    },
    async elastic(r) {
      const a = await peerAggs(r, {
        aggs: { v: { terms: { field: "customer.vip" }, aggs: { a: { avg: { field: "total" } } } } },
      });
      return Object.fromEntries(
        buckets(a.v).map((b) => [b.key_as_string ?? String(b.key), round2(b.a?.value ?? 0)]),
      );
    },
  },
];

const verdict = (ok: boolean) => (ok ? "PASS" : "FAIL");

const pool = new Pool(esUrl, { connections: 4 });
const version = await es<{ nodes: Record<string, { version: string }> }>(
  pool,
  "GET",
  "/_nodes/_local",
);
const { quarry, elastic, q, e } = await startBothServers();
try {
  console.log(
    `MCP ES|QL questions on ${esUrl} (Elasticsearch ${Object.values(version.nodes)[0]?.version}): Quarry's esql vs @elastic/mcp-server-elasticsearch 0.3.1 (no ES|QL tool: search)\n`,
  );
  console.log(
    "question                                            Quarry calls/chars   Elastic calls/chars   ratio",
  );
  const sum = { q: 0, e: 0, qRight: 0, eRight: 0 };
  const misses: string[] = [];
  for (const question of QUESTIONS) {
    const truth = await question.truth(pool);
    const cells: string[] = [];
    const chars: number[] = [];
    for (const [side, fn, client] of [
      ["Quarry", question.quarry, q],
      ["Elastic", question.elastic, e],
    ] as const) {
      const r = recorder(client);
      let right = false;
      try {
        const got = await fn(r);
        right = isRight(got, truth);
        if (!right)
          misses.push(
            `  ${side}, "${question.text}": answered ${JSON.stringify(got)} (truth ${JSON.stringify(truth)})`,
          );
      } catch (err) {
        misses.push(`  ${side}, "${question.text}": ${(err as Error).message.slice(0, 160)}`);
      }
      if (side === "Quarry") {
        sum.q += r.tally.chars;
        if (right) sum.qRight++;
      } else {
        sum.e += r.tally.chars;
        if (right) sum.eRight++;
      }
      chars.push(r.tally.chars);
      cells.push(
        `${right ? " " : "✗"}${String(r.tally.calls).padStart(3)} ${String(r.tally.chars).padStart(7)}`,
      );
    }
    console.log(
      `${question.text.padEnd(52)}${cells[0]!.padStart(17)}${cells[1]!.padStart(22)}${((chars[0] ?? 0) / (chars[1] ?? 1)).toFixed(2).padStart(8)}`,
    );
  }
  if (misses.length) console.log(`\n✗ marks a wrong or missing answer:\n${misses.join("\n")}`);
  const n = QUESTIONS.length;
  console.log("\nGoals:");
  console.log(
    `every answer right: Quarry ${sum.qRight}/${n} (Elastic ${sum.eRight}/${n})  ${verdict(sum.qRight === n)}`,
  );
  console.log(
    `answers no longer than the peer's: ${sum.q} vs ${sum.e} chars (${(sum.q / sum.e).toFixed(2)}x)  ${verdict(sum.q <= sum.e)}`,
  );
} finally {
  await Promise.allSettled([q.close(), e.close()]);
  await quarry.stop();
  await rm(elastic.dir, { recursive: true, force: true });
  await pool.close();
}
