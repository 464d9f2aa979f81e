/**
 * How an agent answers each question with Quarry's tools, reading their text as a model would:
 * one JSON object per answer, lists as `columns` once and `rows` of values.
 */
import type { Recorder } from "./recorder.ts";
import { type Answers, BENCH_INDEX, DECEMBER, LOOKUP_ORDER } from "./tasks.ts";

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

const aggregate = (r: Recorder, args: Record<string, unknown>) =>
  json(r, "aggregate", { table: BENCH_INDEX, ...args }).then(rowsOf);

const round2 = (n: number) => Math.round(n * 100) / 100;

export const quarryAnswers: Answers = {
  async largestIndices(r) {
    return rowsOf(await json(r, "index_stats", { sort: "docs", limit: 3 })).map((x) => x.index);
  },
  async customerNameFields(r) {
    const rows = rowsOf(await json(r, "search_fields", { name: "*customer*name*" }));
    return rows.map((x) => String(x.field)).sort();
  },
  async ordersPerStatusInDecember(r) {
    const rows = await aggregate(r, {
      kind: "terms",
      field: "status",
      size: 20,
      filters: [
        { column: "created_at", op: "gte", value: DECEMBER.gte },
        { column: "created_at", op: "lt", value: DECEMBER.lt },
      ],
    });
    return Object.fromEntries(rows.map((x) => [x.key, x.doc_count]));
  },
  async unassignedShards(r) {
    const health = await json(r, "cluster_health", {});
    const unassigned = health.unassigned as { columns: string[]; rows: unknown[] };
    return rowsOf(unassigned)
      .map((x) => `${x.index}/${x.shard}/${x.primary ? "p" : "r"}: ${x.reason}`)
      .sort();
  },
  async findOrder(r) {
    const page = await json(r, "browse_table", {
      table: BENCH_INDEX,
      filters: [{ column: "order_id", op: "eq", value: LOOKUP_ORDER }],
      columns: ["customer.name", "total"],
      page_size: 1,
    });
    const row = rowsOf(page)[0]!;
    return { customer: row["customer.name"], total: row.total };
  },
  async unpaidVipOrders(r) {
    const answer = await json(r, "count_rows", {
      table: BENCH_INDEX,
      filters: [
        { column: "customer.vip", op: "eq", value: true },
        { column: "paid", op: "eq", value: false },
      ],
    });
    return answer.count;
  },
  async fieldType(r) {
    return rowsOf(await json(r, "search_fields", { name: "customer.email" }))[0]!.type;
  },
  async latestOrders(r) {
    const page = await json(r, "browse_table", {
      table: BENCH_INDEX,
      sort: [{ column: "created_at", direction: "desc" }],
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
};
