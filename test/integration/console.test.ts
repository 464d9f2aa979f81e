/**
 * The console on real 7.17 and 8.x nodes: answers classified as grid, table or JSON; errors with
 * the cluster's status, type and reason; Kibana text run in order; GET with a body; refused
 * host-escaping paths (nothing reaches the other host) and `_sql`.
 */
import assert from "node:assert/strict";
import { createServer, type Server } from "node:net";
import { after, before, it } from "node:test";
import type { ConsoleResult } from "../../src/core/console.ts";
import { QuarryError } from "../../src/core/errors.ts";
import { parseConsoleText } from "../../src/drivers/elasticsearch/console/parse.ts";
import { runConsole } from "../../src/drivers/elasticsearch/console/run.ts";
import { hitToRow, type SearchHit } from "../../src/drivers/elasticsearch/table/cells.ts";
import { describeTable } from "../../src/drivers/elasticsearch/table/mapping.ts";
import { node, sessionTo } from "../support/cluster.ts";
import { deleteIndices, loadOrders } from "../support/datasets.ts";
import { describeOnMajors } from "../support/majors.ts";

function expectKind<K extends ConsoleResult["kind"]>(
  r: ConsoleResult,
  kind: K,
): Extract<ConsoleResult, { kind: K }> {
  assert.equal(r.kind, kind, `expected ${kind}, got ${JSON.stringify(r).slice(0, 300)}`);
  return r as Extract<ConsoleResult, { kind: K }>;
}

describeOnMajors(
  (name) => `the console on ${name}`,
  (name) => {
    const s = sessionTo(node(name));
    const t = s.transport;
    const index = `qt-edit-console-${name}`;
    let trap: Server;
    let trapPort = 0;
    let trapConnections = 0;

    before(async () => {
      await loadOrders(t, index, 30);
      trap = createServer((sock) => {
        trapConnections++;
        sock.destroy();
      });
      await new Promise<void>((r) => trap.listen(0, "127.0.0.1", r));
      trapPort = (trap.address() as { port: number }).port;
    });
    after(async () => {
      await deleteIndices(t, index, `${index}-kibana`);
      await new Promise((r) => trap.close(r));
      await s.close();
    });

    it("a search response renders as grid rows with the grid's columns and cell rules", async () => {
      const r = expectKind(
        await runConsole(t, {
          method: "GET",
          path: `/${index}/_search`,
          body: {
            query: { ids: { values: ["long-cells", "ORD-0000001"] } },
            sort: [{ order_id: "asc" }],
          },
        }),
        "grid",
      );
      assert.equal(r.status, 200);
      assert.equal(r.total, 2);
      const columns = await describeTable(t, index);
      assert.deepEqual(r.columns, columns, "the same columns as the grid");
      const raw = r.raw as { hits: { hits: SearchHit[] } };
      assert.deepEqual(
        r.rows,
        raw.hits.hits.map((h) => hitToRow(h, columns)),
        "the same cell rules as the grid",
      );
      const long = r.rows.find((row) => row._id === "long-cells");
      assert.ok(long?.cut.includes("notes"), "long cells are cut as in the grid");
      assert.ok(r.rows.find((row) => row._id === "ORD-0000001")?.json.includes("items"));
    });

    it("searchAs json gives the search as the cluster answered it, marked with its total", async () => {
      const request = {
        method: "GET",
        path: `/${index}/_search`,
        body: { query: { ids: { values: ["ORD-0000001", "ORD-0000002"] } } },
      };
      const r = expectKind(await runConsole(t, request, { searchAs: "json" }), "json");
      assert.deepEqual(r.search, { total: 2 });
      const hits = (r.raw as { hits: { hits: SearchHit[] } }).hits.hits;
      assert.deepEqual(hits.map((h) => h._id).sort(), ["ORD-0000001", "ORD-0000002"]);
      // Not a search: no `search` mark, whatever the option says.
      const count = expectKind(
        await runConsole(t, { method: "GET", path: `/${index}/_count` }, { searchAs: "json" }),
        "json",
      );
      assert.equal(count.search, undefined);
    });

    it("a GET with a body is sent as a GET with its body (the filter applies)", async () => {
      const r = expectKind(
        await runConsole(t, {
          method: "GET",
          path: `/${index}/_search`,
          body: { query: { term: { order_id: "ORD-0000007" } } },
        }),
        "grid",
      );
      assert.deepEqual(
        r.rows.map((row) => row._id),
        ["ORD-0000007"],
      );
    });

    it("an array answer renders as a table; anything else as JSON", async () => {
      const table = expectKind(
        await runConsole(t, { method: "GET", path: "/_cat/indices?format=json" }),
        "table",
      );
      assert.ok(table.headers.includes("index") && table.headers.includes("health"));
      const col = table.headers.indexOf("index");
      assert.ok(table.rows.some((row) => row[col] === index));

      const json = expectKind(
        await runConsole(t, { method: "GET", path: `/${index}/_mapping` }),
        "json",
      );
      assert.ok((json.raw as Record<string, unknown>)[index]);

      const aggs = expectKind(
        await runConsole(t, {
          method: "POST",
          path: `/${index}/_search`,
          body: { size: 0, aggs: { by_status: { terms: { field: "status" } } } },
        }),
        "json",
      );
      assert.ok((aggs.raw as { aggregations?: unknown }).aggregations);
    });

    it("errors carry the cluster's status, type and reason", async () => {
      const missing = expectKind(
        await runConsole(t, { method: "GET", path: "/qt-edit-no-such-index/_search" }),
        "error",
      );
      assert.equal(missing.status, 404);
      assert.equal(missing.type, "index_not_found_exception");
      assert.match(missing.reason, /no such index \[qt-edit-no-such-index\]/);

      const bad = expectKind(
        await runConsole(t, {
          method: "POST",
          path: `/${index}/_search`,
          body: { query: { nope: {} } },
        }),
        "error",
      );
      assert.equal(bad.status, 400);
      assert.match(bad.type, /parsing_exception/);

      const doc = expectKind(
        await runConsole(t, { method: "GET", path: `/${index}/_doc/not-there` }),
        "error",
      );
      assert.deepEqual([doc.status, doc.type], [404, "not_found"]);

      const head = expectKind(
        await runConsole(t, { method: "HEAD", path: "/qt-edit-no-such-index" }),
        "json",
      );
      assert.deepEqual(head.raw, { status: 404, exists: false });
    });

    it("Kibana text with several requests runs in order", async () => {
      const target = `${index}-kibana`;
      const text = [
        `PUT /${target}/_doc/1?refresh=true`,
        '{"title": """a "quoted"',
        'title"""}',
        "",
        "# the second document",
        `POST /${target}/_doc/2?refresh=true`,
        '{"title": "second"}',
        "",
        `GET ${target}/_search`,
        '{"sort": [{"title.keyword": "asc"}]}',
      ].join("\n");
      const blocks = parseConsoleText(text);
      assert.equal(blocks.length, 3);
      const results: ConsoleResult[] = [];
      for (const b of blocks) {
        assert.ok(b.request, JSON.stringify(b.error));
        results.push(await runConsole(t, b.request));
      }
      assert.equal(expectKind(results[0]!, "json").status, 201);
      assert.equal(expectKind(results[1]!, "json").status, 201);
      const grid = expectKind(results[2]!, "grid");
      assert.deepEqual(
        grid.rows.map((r) => [r._id, r.cells.title]),
        [
          ["1", 'a "quoted"\ntitle'],
          ["2", "second"],
        ],
      );
    });

    it("a path that would leave the host is refused and nothing reaches the other host", async () => {
      for (const path of [
        `http://127.0.0.1:${trapPort}/_search`,
        `//127.0.0.1:${trapPort}/_search`,
        `\\\\127.0.0.1:${trapPort}\\_search`,
      ]) {
        await assert.rejects(
          runConsole(t, { method: "GET", path }),
          (e: unknown) => e instanceof QuarryError && e.code === "console_refused",
          path,
        );
      }
      await new Promise((r) => setTimeout(r, 100));
      assert.equal(trapConnections, 0);
    });

    it("the _sql endpoint is refused with the query DSL remedy", async () => {
      await assert.rejects(
        runConsole(t, {
          method: "POST",
          path: "/_sql?format=txt",
          body: { query: `SELECT * FROM "${index}"` },
        }),
        (e: unknown) =>
          e instanceof QuarryError &&
          e.code === "console_refused" &&
          /Quarry browses with the query DSL/.test(e.message),
      );
    });
  },
);
