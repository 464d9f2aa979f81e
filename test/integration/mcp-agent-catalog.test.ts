/**
 * The listed catalog (docs/mcp.md, "The catalog") through the official client on 7.17, 8.x and
 * 9.x: list_tables and describe_table compact and paged, every view of `catalog` in the shape its
 * output schema declares; `where` in the CLI's filter syntax selects what the filter objects
 * select; `sort` as text, `page_size: 0` for a count, `metric` as "op:field".
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, test } from "node:test";
import { fromJsonSchema } from "@modelcontextprotocol/client";
import { MAJORS } from "../support/cluster.ts";
import { es } from "../support/es.ts";
import { describeOnMajors } from "../support/majors.ts";
import { mcpClient, mcpTestServer, outputSchemas } from "../support/mcp.ts";

const RUN = randomBytes(3).toString("hex");
const INDEX = `t-agent-${RUN}`;
/** 9,000 distinct customers: past the default distinct-count precision (3,000), under 40,000. */
const MANY = `t-agent-${RUN}-many`;
const CUSTOMERS = 9_000;
const MANY_DATES = `t-agent-${RUN}-dates`;

const DOCS = Array.from({ length: 24 }, (_, i) => ({
  status: ["paid", "open", "void"][i % 3],
  total: i * 10,
  country: ["FR", "DE", "IT", "ES"][i % 4],
  customer: { name: `Customer ${i % 7}` },
  items: [{ sku: `S${i % 5}`, qty: i % 4 }],
}));

const srv = mcpTestServer({ token: { name: "agent", scope: "read-only" } });

before(async () => {
  for (const n of MAJORS) {
    await es(n, "PUT", `/${INDEX}`, {
      mappings: {
        properties: {
          status: { type: "keyword" },
          total: { type: "double" },
          country: { type: "keyword" },
          customer: { properties: { name: { type: "keyword" } } },
          items: {
            type: "nested",
            properties: { sku: { type: "keyword" }, qty: { type: "long" } },
          },
        },
      },
      settings: { number_of_shards: 1, number_of_replicas: 0 },
    });
    const bulk = DOCS.map(
      (d, i) =>
        `${JSON.stringify({ index: { _index: INDEX, _id: `d${i}` } })}\n${JSON.stringify(d)}\n`,
    ).join("");
    await es(n, "POST", "/_bulk?refresh=true", bulk);
    await es(n, "PUT", `/${MANY}`, {
      mappings: { properties: { customer_id: { type: "keyword" } } },
      settings: { number_of_shards: 2, number_of_replicas: 0 },
    });
    const many = Array.from(
      { length: CUSTOMERS * 2 },
      (_, i) => `{"index":{}}\n{"customer_id":"C${i % CUSTOMERS}"}\n`,
    ).join("");
    await es(n, "POST", `/${MANY}/_bulk?refresh=true`, many);
    await es(n, "PUT", `/${MANY_DATES}`, {
      mappings: { properties: { country: { type: "keyword" }, day: { type: "date" } } },
      settings: { number_of_replicas: 0 },
    });
    const dated = [
      ["FR", "2026-01-03"],
      ["FR", "2026-01-20"],
      ["DE", "2026-01-09"],
      ["DE", "2026-02-11"],
      ["DE", "2026-02-12"],
    ]
      .map(([country, day]) => `{"index":{}}\n${JSON.stringify({ country, day })}\n`)
      .join("");
    await es(n, "POST", `/${MANY_DATES}/_bulk?refresh=true`, dated);
  }
});

after(async () => {
  for (const n of MAJORS)
    for (const name of [INDEX, MANY, MANY_DATES]) await es(n, "DELETE", `/${name}`);
});

type Structured = Record<string, unknown>;
type Table = { columns: string[]; rows: unknown[][] };
const objects = (t: Table) =>
  t.rows.map((r) => Object.fromEntries(t.columns.map((c, i) => [c, r[i]])));

describeOnMajors(
  (n) => `the listed catalog on ${n}`,
  (n) => {
    const client = mcpClient(srv, "2026-07-28");
    let schemas: Map<string, Record<string, unknown>>;
    before(async () => {
      schemas = await outputSchemas(client);
    });

    /** Calls a tool; its answer must fit the output schema declared for it. */
    async function call(name: string, args: Structured): Promise<Structured> {
      const res = await client.callTool({ name, arguments: { connection: n, ...args } });
      const sc = res.structuredContent as Structured;
      assert.notEqual(res.isError, true, `${name}: ${JSON.stringify(sc)}`);
      const schema = schemas.get(name);
      assert.ok(schema, `${name} declares an output schema`);
      const verdict = fromJsonSchema(schema)["~standard"].validate(sc) as { issues?: unknown };
      assert.equal(verdict.issues, undefined, `${name}: ${JSON.stringify(verdict.issues)}`);
      return sc;
    }

    test("list_tables and describe_table: compact, a page at a time; the views named", async () => {
      const tables = await call("list_tables", { name: INDEX.toUpperCase() });
      assert.deepEqual(tables.columns, ["index", "docs", "size_bytes", "health", "status"]);
      assert.deepEqual(
        (tables.rows as unknown[][]).map((r) => [r[0], r[1], r[4]]),
        [
          [INDEX, 24, "open"],
          [MANY_DATES, 5, "open"],
          [MANY, CUSTOMERS * 2, "open"],
        ],
      );
      assert.equal(tables.total, 3);
      const first = await call("list_tables", { name: INDEX, limit: 2 });
      const next = await call("list_tables", {
        name: INDEX,
        limit: 2,
        cursor: String(first.next_cursor),
      });
      assert.deepEqual(
        [...(first.rows as unknown[][]), ...(next.rows as unknown[][])].map((r) => r[0]),
        (tables.rows as unknown[][]).map((r) => r[0]),
        "the pages read every index once, in order",
      );
      assert.equal(next.offset, 2);
      assert.equal(next.next_cursor, undefined);
      const fields = await call("describe_table", { table: INDEX });
      assert.deepEqual(fields.rows, [
        ["", "country k, status k, total d"],
        ["customer", "name k"],
        ["items (nested)", "qty l, sku k"],
      ]);
      assert.deepEqual(fields.types, { d: "double", k: "keyword", l: "long" });
      const someFields = await call("describe_table", { table: INDEX, types: ["long"] });
      assert.deepEqual(someFields.rows, [["items (nested)", "qty l"]]);
      for (const [view, args] of [
        ["fields", { name: "customer", table: INDEX }],
        ["shards", { table: INDEX }],
        ["index", { table: INDEX }],
        ["health", {}],
        ["stats", { table: INDEX }],
      ] as const) {
        const got = await call("catalog", { view, ...args });
        assert.equal(got.view, view);
      }
      const stats = await call("catalog", { view: "stats", table: INDEX });
      assert.equal(objects(stats as unknown as Table)[0]?.index, INDEX);
      // A view is always named: the schema requires it.
      const unnamed = await client
        .callTool({ name: "catalog", arguments: { connection: n, name: INDEX } })
        .then(
          () => undefined,
          (e: { code?: number }) => e,
        );
      assert.equal(unnamed?.code, -32602);
    });

    test("a view refuses arguments it does not take, naming what it takes", async () => {
      const res = await client.callTool({
        name: "catalog",
        arguments: { connection: n, view: "stats", shard: 1 },
      });
      assert.equal(res.isError, true);
      assert.match(JSON.stringify(res.structuredContent), /stats view takes no shard/);
    });

    test("where, in the CLI's filter syntax, selects what the filter objects select", async () => {
      const where = ["status = paid", "total >= 60", "country in FR,DE", "items.sku = S1 @1"];
      const text = await call("browse_table", {
        table: INDEX,
        where,
        sort: ["total:desc"],
        columns: ["total"],
      });
      const objectsForm = await call("browse_table", {
        table: INDEX,
        filters: [
          { column: "status", op: "eq", value: "paid" },
          { column: "total", op: "gte", value: 60 },
          { column: "country", op: "in", value: ["FR", "DE"] },
          { column: "items.sku", op: "eq", value: "S1", group: 1 },
        ],
        sort: [{ column: "total", direction: "desc" }],
        columns: ["total"],
      });
      assert.deepEqual(text, objectsForm);
      const truth = DOCS.filter(
        (d) =>
          d.status === "paid" &&
          d.total >= 60 &&
          ["FR", "DE"].includes(String(d.country)) &&
          d.items[0]?.sku === "S1",
      )
        .map((d) => d.total)
        .sort((a, b) => b - a);
      // One match is the document itself; more, a table of _id and the columns asked.
      const totals = text.doc
        ? [(text.doc as Structured).total]
        : (text.rows as unknown[][]).map((r) => r[1]);
      if (!text.doc) assert.deepEqual(text.columns, ["_id", "total"]);
      assert.equal(text.doc !== undefined, truth.length === 1);
      assert.deepEqual(totals, truth);
      const bad = await client.callTool({
        name: "browse_table",
        arguments: { connection: n, table: INDEX, where: ["status paid"] },
      });
      assert.equal(bad.isError, true);
      assert.match(
        JSON.stringify(bad.structuredContent),
        /where \\"status paid\\": no operator found/,
      );
    });

    test("page_size 0 counts; metric as op:field", async () => {
      const count = await call("browse_table", {
        table: INDEX,
        where: ["status = open"],
        page_size: 0,
      });
      assert.deepEqual(count, { total: 8 }, "a count is the count alone");
      const agg = await call("aggregate", {
        table: INDEX,
        kind: "terms",
        field: "country",
        metric: "sum:total",
      });
      const sums = Object.fromEntries(
        objects(agg as unknown as Table).map((r) => [r.key, r.sum_total]),
      );
      const truth: Record<string, number> = {};
      for (const d of DOCS) truth[String(d.country)] = (truth[String(d.country)] ?? 0) + d.total;
      assert.deepEqual(sums, truth);
    });

    test("a distinct count is exact and says so; a total that stopped counting says at least", async () => {
      const distinct = await call("aggregate", {
        table: MANY,
        kind: "cardinality",
        field: "customer_id",
      });
      assert.deepEqual(distinct.rows, [[CUSTOMERS]]);
      assert.equal(distinct.accuracy, "exact");
      const perCountry = await call("aggregate", {
        table: INDEX,
        kind: "terms",
        field: "country",
        size: 2,
      });
      assert.equal(perCountry.others, 12, "documents whose values are not listed");
      assert.equal(perCountry.accuracy, "exact", "the counts listed are exact");
      const stopped = await call("execute_query", {
        method: "POST",
        path: `/${MANY}/_search`,
        body: { size: 0, track_total_hits: 100 },
      });
      assert.equal(stopped.total, 100);
      assert.equal(stopped.total_accuracy, "at least 100 (track_total_hits: true counts all)");
      const counted = await call("execute_query", {
        method: "POST",
        path: `/${MANY}/_search`,
        body: { size: 0, track_total_hits: true },
      });
      assert.equal(counted.total, CUSTOMERS * 2);
      assert.equal(counted.total_accuracy, undefined);
    });

    test("aggregations agents ask for, one call each", async () => {
      const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
      const by = <T>(
        key: (d: (typeof DOCS)[number]) => string,
        value: (d: (typeof DOCS)[number]) => T,
      ) => {
        const out = new Map<string, T[]>();
        for (const d of DOCS) out.set(key(d), [...(out.get(key(d)) ?? []), value(d)]);
        return out;
      };
      const rowsOf = (sc: Structured) => (sc.rows as unknown[][]).map((r) => [...r]);
      // Top 2 countries by revenue, by their largest order, by distinct customers.
      const revenue = [
        ...by(
          (d) => String(d.country),
          (d) => d.total,
        ),
      ].map(([k, v]) => [k, v.length, sum(v)] as const);
      const top = await call("aggregate", {
        table: INDEX,
        kind: "terms",
        field: "country",
        metric: "sum:total",
        order: "metric",
        size: 2,
      });
      assert.deepEqual(
        rowsOf(top),
        [...revenue]
          .sort((a, b) => b[2] - a[2])
          .slice(0, 2)
          .map((r) => [...r]),
      );
      const lowest = await call("aggregate", {
        table: INDEX,
        kind: "terms",
        field: "country",
        metric: "min:total",
        order: "metric:asc",
        size: 1,
      });
      assert.deepEqual(rowsOf(lowest), [["FR", 6, 0]]);
      const distinct = await call("aggregate", {
        table: INDEX,
        kind: "terms",
        field: "status",
        metric: "cardinality:customer.name",
        order: "metric",
      });
      for (const [status, , customers] of rowsOf(distinct))
        assert.equal(
          customers,
          new Set(DOCS.filter((d) => d.status === status).map((d) => d.customer.name)).size,
        );
      // Terms within terms.
      const twice = await call("aggregate", {
        table: INDEX,
        kind: "terms",
        field: "status",
        by: "country",
        order: "key",
        metric: "avg:total",
      });
      assert.deepEqual(twice.columns, ["key", "by_key", "doc_count", "avg_total"]);
      const pairs = [
        ...by(
          (d) => `${d.status}|${d.country}`,
          (d) => d.total,
        ),
      ]
        .map(([k, v]) => [...k.split("|"), v.length, sum(v) / v.length])
        .sort(
          (a, b) =>
            String(a[0]).localeCompare(String(b[0])) || String(a[1]).localeCompare(String(b[1])),
        );
      assert.deepEqual(rowsOf(twice), pairs);
      // A metric over a nested field: quantity per country; the group a nested leaf, the metric
      // the document's own field.
      const qty = await call("aggregate", {
        table: INDEX,
        kind: "terms",
        field: "country",
        metric: "sum:items.qty",
        order: "metric",
        size: 1,
      });
      const qtyTruth = [
        ...by(
          (d) => String(d.country),
          (d) => d.items[0]?.qty ?? 0,
        ),
      ]
        .map(([k, v]) => [k, v.length, sum(v)] as const)
        .sort((a, b) => b[2] - a[2]);
      assert.deepEqual(rowsOf(qty), [[...qtyTruth[0]!]]);
      const perSku = await call("aggregate", {
        table: INDEX,
        kind: "terms",
        field: "items.sku",
        metric: "sum:total",
        order: "metric",
        size: 1,
      });
      const skuTruth = [
        ...by(
          (d) => String(d.items[0]?.sku),
          (d) => d.total,
        ),
      ]
        .map(([k, v]) => [k, v.length, sum(v)] as const)
        .sort((a, b) => b[2] - a[2]);
      assert.deepEqual(rowsOf(perSku), [[...skuTruth[0]!]]);
      // A date histogram within terms.
      const monthly = await call("aggregate", {
        table: MANY_DATES,
        kind: "terms",
        field: "country",
        by: "day",
        interval: "month",
      });
      assert.deepEqual(rowsOf(monthly), [
        ["DE", "2026-01-01T00:00:00.000Z", 1],
        ["DE", "2026-02-01T00:00:00.000Z", 2],
        ["FR", "2026-01-01T00:00:00.000Z", 2],
      ]);
      const refused = await client.callTool({
        name: "aggregate",
        arguments: {
          connection: n,
          table: INDEX,
          kind: "terms",
          field: "country",
          order: "metric",
        },
      });
      assert.equal(refused.isError, true);
      assert.match(
        JSON.stringify(refused.structuredContent),
        /Ordering by the metric needs a metric/,
      );
    });
  },
);
