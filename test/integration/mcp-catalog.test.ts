/**
 * The catalog's views (health, nodes, shards, stats, fields) and aggregate through
 * the official MCP client on 7.17, 8.x and 9.x, and every tool's answer checked against the
 * output schema tools/list declares for it (with the client's own JSON Schema validator).
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, describe, test } from "node:test";
import { fromJsonSchema } from "@modelcontextprotocol/client";
import { MAJORS, type MajorNode } from "../support/cluster.ts";
import { FRESH_STORE_SIZE } from "../support/datasets.ts";
import { bulkLoad, es } from "../support/es.ts";
import {
  ERAS,
  mcpClient,
  mcpTestServer,
  ORDER_FIELD_MAPPINGS,
  outputSchemas,
} from "../support/mcp.ts";

const RUN = randomBytes(3).toString("hex");
const INDEX = `t-catalog-${RUN}`;
const OTHER = `t-catalog-${RUN}-b`;
const YELLOW = `t-catalog-${RUN}-yellow`;

const MAPPING = {
  properties: {
    ...ORDER_FIELD_MAPPINGS,
    customer: { properties: { name: { type: "text" }, city: { type: "keyword" } } },
    items: { type: "nested", properties: { sku: { type: "keyword" } } },
  },
};
const DOCS = Array.from({ length: 30 }, (_, i) => ({
  status: i % 3 === 0 ? "paid" : "open",
  total: i * 10,
  title: `Order ${i % 5}`,
  created_at: `2026-0${1 + (i % 2)}-${String((i % 28) + 1).padStart(2, "0")}T00:00:00Z`,
  customer: { name: `Customer ${i}`, city: i % 2 ? "Paris" : "Lyon" },
  items: [{ sku: `S${i}` }, { sku: "common" }],
}));

const srv = mcpTestServer({ token: { name: "catalog", scope: "full-access" } });

before(async () => {
  for (const n of MAJORS) {
    await es(n, "PUT", `/${INDEX}`, {
      mappings: MAPPING,
      settings: { number_of_shards: 2, number_of_replicas: 0, ...FRESH_STORE_SIZE },
    });
    await es(n, "PUT", `/${OTHER}`, {
      mappings: { properties: { customer_name: { type: "keyword" } } },
      settings: { number_of_replicas: 0, ...FRESH_STORE_SIZE },
    });
    await bulkLoad(n, INDEX, DOCS);
    await es(n, "POST", `/${OTHER}/_doc?refresh=true`, { customer_name: "Ann" });
  }
});

after(async () => {
  for (const n of MAJORS)
    for (const name of [INDEX, OTHER, YELLOW]) await es(n, "DELETE", `/${name}`);
});

type Structured = Record<string, unknown>;
type Table = { columns: string[]; rows: unknown[][] };

/** The rows of a compact table as objects, for readable assertions. */
const objects = (t: Table) =>
  t.rows.map((r) => Object.fromEntries(t.columns.map((c, i) => [c, r[i]])));

function describeFor(era: (typeof ERAS)[number], n: MajorNode) {
  describe(`catalog tools, MCP ${era}, ${n}`, () => {
    const client = mcpClient(srv, era);
    let schemas: Map<string, Record<string, unknown>>;
    before(async () => {
      schemas = await outputSchemas(client);
    });

    /** Calls a tool; its structured content must be its text and fit its output schema. */
    async function call(name: string, args: Record<string, unknown>) {
      const withConnection = name === "list_connections" ? args : { connection: n, ...args };
      const res = await client.callTool({ name, arguments: withConnection });
      const sc = res.structuredContent as Structured;
      const text = (res.content as { text: string }[])[0]?.text ?? "";
      if (res.isError === true) return { sc, text, isError: true };
      assert.deepEqual(JSON.parse(text), sc, `${name}: the text is the structured content`);
      {
        const schema = schemas.get(name);
        assert.ok(schema, `${name} declares an output schema`);
        const verdict = fromJsonSchema(schema)["~standard"].validate(sc) as { issues?: unknown };
        assert.equal(verdict.issues, undefined, `${name}: ${JSON.stringify(verdict.issues)}`);
      }
      return { sc, text, isError: false };
    }

    /** A view of `catalog`: the answer names it. */
    async function view(name: string, args: Record<string, unknown> = {}) {
      const answer = await call("catalog", { view: name, ...args });
      if (!answer.isError) assert.equal(answer.sc.view, name);
      return answer;
    }

    test("tools/list: every tool has annotations and an object output schema", async () => {
      const { tools } = await client.listTools();
      for (const name of ["catalog", "aggregate"])
        assert.ok(
          tools.some((t) => t.name === name),
          name,
        );
      for (const t of tools) {
        assert.equal(t.outputSchema?.type, "object", t.name);
        for (const hint of ["readOnlyHint", "destructiveHint", "openWorldHint"] as const)
          assert.equal(typeof t.annotations?.[hint], "boolean", `${t.name} ${hint}`);
      }
      // The check can fail: a key the schema does not declare is refused.
      const verdict = fromJsonSchema(schemas.get("browse_table") as Record<string, unknown>)[
        "~standard"
      ].validate({ total: 0, extra: 1 }) as { issues?: unknown };
      assert.ok(verdict.issues);
    });

    test("every tool's answer fits its output schema, in each of its forms", async () => {
      await call("list_connections", {});
      await call("list_tables", { name: INDEX });
      await call("list_tables", { name: INDEX, limit: 1, cursor: "1" });
      await call("describe_table", { table: INDEX });
      await call("browse_table", { table: INDEX, page_size: 2 });
      await call("browse_table", { table: INDEX, page_size: 2, layout: "objects" });
      await call("browse_table", { table: INDEX, page_size: 0 });
      await call("browse_table", { table: INDEX, where: ["_id = d1"] });
      await call("execute_query", { method: "GET", path: `/${INDEX}/_search?size=1` });
      await call("execute_query", { method: "GET", path: "/_cat/indices?format=json" });
      await call("execute_query", { method: "GET", path: `/${INDEX}/_mapping` });
      await call("execute_query", { method: "GET", path: `/${INDEX}/_doc/none` });
      for (const v of ["fields", "health", "nodes", "shards", "stats", "admin"])
        await view(v, v === "fields" ? { name: "status" } : {});
      await view("index", { table: INDEX });
      const exported = await call("export_data", {
        table: INDEX,
        file_name: `catalog-${n}-${era}`,
      });
      assert.equal(exported.sc.written, 30);
    });

    test("health: status, nodes, shard counts; nodes alone", async () => {
      const { sc } = await view("health");
      assert.match(String(sc.status), /^(green|yellow|red)$/);
      assert.equal(typeof sc.cluster, "string");
      const nodes = objects(sc.nodes as Table);
      assert.equal(nodes.length, 1);
      assert.equal(nodes[0]?.name, n);
      assert.equal(nodes[0]?.master, true);
      assert.ok(((sc.shards as Structured).active as number) >= 2);
      const alone = await view("nodes");
      const listed = objects(alone.sc as unknown as Table);
      assert.deepEqual(
        listed.map((x) => [x.name, x.master]),
        [[n, true]],
      );
      assert.match(String(listed[0]?.version), /^\d+\.\d+\.\d+/);
      assert.match(String(listed[0]?.roles), /m/, "roles as _cat/nodes letters");
    });

    test("health of an index with unassigned replicas says why", async () => {
      await es(n, "PUT", `/${YELLOW}`, {
        settings: { number_of_shards: 1, number_of_replicas: 1 },
      });
      try {
        const { sc } = await view("health", { table: YELLOW });
        assert.equal(sc.status, "yellow");
        assert.equal(sc.index, YELLOW);
        assert.deepEqual(objects(sc.unassigned as Table), [
          { index: YELLOW, shard: 0, primary: false, reason: "INDEX_CREATED" },
        ]);
        const allocation = sc.allocation as Structured;
        assert.equal(allocation.index, YELLOW);
        assert.equal(allocation.decision, "no");
        const [decision] = objects(allocation.nodes as Table);
        assert.equal(decision?.node, n);
        assert.match(
          JSON.stringify(decision?.reasons),
          /same_shard|already allocated|copy of this shard/,
        );
      } finally {
        await es(n, "DELETE", `/${YELLOW}`);
      }
    });

    test("shards: a compact table, a page at a time", async () => {
      const { sc } = await view("shards", { table: INDEX });
      const shards = objects(sc as unknown as Table);
      assert.deepEqual(
        shards.map((s) => [s.index, s.shard, s.primary, s.state, s.node]),
        [
          [INDEX, 0, true, "STARTED", n],
          [INDEX, 1, true, "STARTED", n],
        ],
      );
      // 30 documents with 2 nested objects each: 90 Lucene documents.
      assert.equal(
        shards.reduce((a, s) => a + (s.docs as number), 0),
        90,
      );
      const first = await view("shards", { table: INDEX, limit: 1 });
      assert.equal(first.sc.next_cursor, "1");
      assert.equal(first.sc.total, 2);
      const second = await view("shards", { table: INDEX, limit: 1, cursor: "1" });
      assert.equal((second.sc.rows as unknown[][])[0]?.[1], 1);
      assert.equal(second.sc.next_cursor, undefined);
      assert.equal(second.sc.offset, 1, "rows before this page");
      assert.equal(first.sc.offset, undefined, "none before the first");
      const bad = await view("shards", { table: INDEX, cursor: "x" });
      assert.equal(bad.isError, true);
    });

    test("stats: documents, size, segments; largest first", async () => {
      const { sc } = await view("stats", { table: `t-catalog-${RUN}*` });
      const rows = objects(sc as unknown as Table);
      assert.deepEqual(
        rows.map((r) => r.index),
        [INDEX, OTHER],
      );
      assert.equal(rows[0]?.docs, 90);
      assert.equal(rows[0]?.primaries, 2);
      assert.equal(rows[0]?.replicas, 0);
      assert.ok((rows[0]?.size_bytes as number) > 0);
      assert.ok((rows[0]?.segments as number) >= 1);
      const all = await view("stats", { sort: "name", limit: 1000 });
      const names = objects(all.sc as unknown as Table).map((r) => r.index as string);
      assert.ok(names.includes(INDEX));
      assert.ok(names.every((x) => !x.startsWith(".")));
    });

    test("fields: by name, glob and type, across indices", async () => {
      const { sc } = await view("fields", { name: "CUSTOMER", table: `t-catalog-${RUN}*` });
      assert.deepEqual(
        (sc.rows as unknown[][]).map((r) => [r[0], r[1], r[2]]),
        [
          ["customer", "object", [INDEX]],
          ["customer.city", "keyword", [INDEX]],
          ["customer.name", "text", [INDEX]],
          ["customer_name", "keyword", [OTHER]],
        ],
      );
      const glob = await view("fields", { name: "*.sku", table: INDEX });
      assert.deepEqual(glob.sc.rows, [["items.sku", "keyword", [INDEX], true, true]]);
      const dates = await view("fields", { types: ["date"], table: `t-catalog-${RUN}*` });
      assert.deepEqual(
        (dates.sc.rows as unknown[][]).map((r) => r[0]),
        ["created_at"],
      );
    });

    test("aggregate: terms, filters, metrics, histograms, stats, percentiles", async () => {
      const terms = await call("aggregate", { table: INDEX, kind: "terms", field: "status" });
      assert.deepEqual(terms.sc.columns, ["key", "doc_count"]);
      assert.deepEqual(terms.sc.rows, [
        ["open", 20],
        ["paid", 10],
      ]);
      assert.equal(terms.sc.matched, 30);
      const filtered = await call("aggregate", {
        table: INDEX,
        kind: "terms",
        field: "status",
        filters: [{ column: "total", op: "gte", value: 150 }],
        metric: { op: "sum", field: "total" },
      });
      assert.equal(filtered.sc.matched, 15);
      assert.deepEqual(filtered.sc.columns, ["key", "doc_count", "sum_total"]);
      assert.deepEqual(filtered.sc.rows, [
        ["open", 10, 2250],
        ["paid", 5, 1050],
      ]);
      const text = await call("aggregate", {
        table: INDEX,
        kind: "terms",
        field: "title",
        size: 2,
      });
      assert.deepEqual(text.sc.rows, [
        ["Order 0", 6],
        ["Order 1", 6],
      ]);
      // Not every value is listed: the answer says how many documents hold the others; the
      // counts listed are exact.
      assert.equal(text.sc.others, 18);
      assert.equal(text.sc.count_error, undefined);
      assert.equal(text.sc.accuracy, "exact");
      const months = await call("aggregate", {
        table: INDEX,
        kind: "date_histogram",
        field: "created_at",
        interval: "month",
      });
      assert.deepEqual(months.sc.rows, [
        ["2026-01-01T00:00:00.000Z", 15],
        ["2026-02-01T00:00:00.000Z", 15],
      ]);
      const stats = await call("aggregate", { table: INDEX, kind: "stats", field: "total" });
      assert.deepEqual(stats.sc.rows, [[30, 0, 290, 145, 4350]]);
      assert.deepEqual(Object.keys(stats.sc).sort(), ["accuracy", "columns", "matched", "rows"]);
      const dateRange = await call("aggregate", {
        table: INDEX,
        kind: "stats",
        field: "created_at",
      });
      assert.deepEqual(dateRange.sc.columns, ["count", "min", "max"], "a date's range");
      const pct = await call("aggregate", {
        table: INDEX,
        kind: "percentiles",
        field: "total",
        percents: [50],
      });
      assert.equal((pct.sc.rows as unknown[][])[0]?.[0], 50);
      assert.equal(pct.sc.accuracy, "estimate");
      assert.equal(stats.sc.accuracy, "exact");
      const distinct = await call("aggregate", {
        table: INDEX,
        kind: "cardinality",
        field: "customer.city",
      });
      assert.deepEqual(distinct.sc.rows, [[2]]);
      assert.equal(distinct.sc.accuracy, "exact");
      const nested = await call("aggregate", {
        table: INDEX,
        kind: "terms",
        field: "items.sku",
        size: 1,
      });
      assert.deepEqual(nested.sc.rows, [["common", 30]]);
      const hist = await call("aggregate", {
        table: INDEX,
        kind: "histogram",
        field: "total",
        interval: 100,
      });
      assert.deepEqual(hist.sc.rows, [
        [0, 10],
        [100, 10],
        [200, 10],
      ]);
    });

    test("aggregate refuses what it cannot do, in words the model can act on", async () => {
      const unknown = await call("aggregate", { table: INDEX, kind: "terms", field: "nope" });
      assert.equal(unknown.isError, true);
      assert.match(unknown.text, /has no field "nope"/);
      const textStats = await call("aggregate", { table: INDEX, kind: "stats", field: "status" });
      assert.equal(textStats.isError, true);
      assert.match(textStats.text, /needs numbers or dates/);
      const noText = await call("aggregate", {
        table: INDEX,
        kind: "terms",
        field: "customer.name",
      });
      assert.equal(noText.isError, true);
    });
  });
}

for (const n of MAJORS) describeFor(ERAS[0] as (typeof ERAS)[number], n);
describeFor(ERAS[ERAS.length - 1] as (typeof ERAS)[number], "es8");
