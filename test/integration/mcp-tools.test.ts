/**
 * Every MCP tool, through the official MCP client in each protocol revision, on real 7.17 and 8.x
 * nodes: answers as text and structured content, strict arguments, progress on the request's own
 * stream, writes and the destructive path with the user's approval.
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { after, before, describe, test } from "node:test";
import type { Client } from "@modelcontextprotocol/client";
import { MAJORS } from "../support/cluster.ts";
import { bulkLoad, es } from "../support/es.ts";
import { describeOnMajors } from "../support/majors.ts";
import {
  connectClient,
  ERAS,
  LISTED_TOOLS,
  mcpClient,
  mcpTestServer,
  ORDER_FIELD_MAPPINGS,
} from "../support/mcp.ts";

const RUN = randomBytes(3).toString("hex");
const INDEX = `qt-mcp-tools-${RUN}`;
const SCRATCH = `qt-mcp-scratch-${RUN}`;
/** An alias of INDEX whose name INDEX's name does not contain. */
const ALIAS_ONLY = `qt-aliasonly-${RUN}`;

const MAPPING = {
  properties: {
    ...ORDER_FIELD_MAPPINGS,
    customer: { properties: { city: { type: "keyword" } } },
    items: { type: "nested", properties: { sku: { type: "keyword" }, qty: { type: "integer" } } },
  },
};
const DOCS = Array.from({ length: 30 }, (_, i) => ({
  status: i % 3 === 0 ? "paid" : "open",
  total: i * 10,
  title: `Order number ${i}`,
  created_at: `2026-01-${String((i % 28) + 1).padStart(2, "0")}T00:00:00Z`,
  customer: { city: i % 2 ? "Paris" : "Lyon" },
  items: [{ sku: `S${i}`, qty: i }, { sku: "common" }],
}));

/** An integer JSON.stringify writes as these exact digits (Node 24's JSON.rawJSON). */
const exactLong = (digits: string): unknown =>
  (JSON as unknown as { rawJSON(t: string): unknown }).rawJSON(digits);

const srv = mcpTestServer({ token: { name: "full", scope: "full-access" } });

before(async () => {
  for (const n of MAJORS) {
    await es(n, "PUT", `/${INDEX}`, { mappings: MAPPING, settings: { number_of_replicas: 0 } });
    await bulkLoad(n, INDEX, DOCS);
    await es(n, "POST", "/_aliases", { actions: [{ add: { index: INDEX, alias: ALIAS_ONLY } }] });
  }
});

after(async () => {
  for (const n of MAJORS) {
    await es(n, "DELETE", `/${INDEX}`);
    // Named one by one: 8.x refuses wildcard deletions (action.destructive_requires_name).
    for (const name of [
      `${SCRATCH}-writes`,
      `${SCRATCH}-big`,
      ...ERAS.map((e) => `${SCRATCH}-${e}-${n}`),
    ])
      await es(n, "DELETE", `/${name}`);
  }
});

type Structured = Record<string, unknown>;

async function tool(client: Client, name: string, args: Record<string, unknown>) {
  const res = await client.callTool({ name, arguments: args });
  const sc = res.structuredContent as Structured;
  const text = (res.content as { type: string; text: string }[])[0]?.text ?? "";
  assert.deepEqual(JSON.parse(text), sc, `${name}: the text is the structured content`);
  return { sc, isError: res.isError === true };
}

for (const era of ERAS) {
  describeOnMajors(
    (n) => `every tool, MCP ${era}, ${n}`,
    (n) => {
      const client = mcpClient(srv, era);

      test("tools/list: descriptions, compact schemas and annotations", async () => {
        const { tools } = await client.listTools();
        assert.deepEqual(
          tools.map((t) => t.name),
          LISTED_TOOLS,
        );
        for (const t of tools) {
          assert.ok((t.description ?? "").length >= 15, t.name);
          assert.equal(typeof t.annotations?.readOnlyHint, "boolean", t.name);
          // The listing leaves the rule out (docs/mcp.md, "The catalog"); the server keeps it: an
          // unknown argument is refused by name, for every listed tool.
          const res = await client
            .callTool({ name: t.name, arguments: { connection: n, no_such_argument: 1 } })
            .then(
              () => undefined,
              (e: { code?: number; message?: string }) => e,
            );
          assert.equal(res?.code, -32602, `${t.name} refuses unknown arguments`);
          assert.match(res?.message ?? "", /Unrecognized keys?: .*"no_such_argument"/, t.name);
        }
        const confirm = tools.find((t) => t.name === "confirm_destructive_operation");
        assert.equal(confirm?.annotations?.destructiveHint, true);
        assert.equal(tools.find((t) => t.name === "browse_table")?.annotations?.readOnlyHint, true);
        assert.equal(tools.find((t) => t.name === "catalog")?.annotations?.readOnlyHint, true);
        // No name answers that tools/list does not show: an audit of the list sees everything.
        for (const former of ["count_rows", "get_document", "get_mapping", "cluster_health"]) {
          const refused = await client
            .callTool({ name: former, arguments: { connection: n } })
            .then(
              (r) => ({ code: r.isError ? 0 : undefined, message: JSON.stringify(r.content) }),
              (e: { code?: number; message?: string }) => e,
            );
          assert.match(
            String(refused.message),
            new RegExp(`${former}.*(not found|unknown)|(not found|unknown).*${former}`, "i"),
            former,
          );
        }
      });

      test("list_connections and list_tables", async () => {
        const conns = (await tool(client, "list_connections", {})).sc.connections as Structured[];
        assert.deepEqual(
          conns.map((c) => c.name),
          [...MAJORS],
        );
        const { sc } = await tool(client, "list_tables", { connection: n, name: INDEX });
        const size = (sc.rows as unknown[][])[0]?.[2];
        const health = (sc.rows as unknown[][])[0]?.[3];
        assert.deepEqual(sc, {
          columns: ["index", "docs", "size_bytes", "health", "status"],
          rows: [[INDEX, 30, size, health, "open"]],
          total: 1,
        });
        // The name is matched against index names only, whatever the cluster is asked.
        const upper = await tool(client, "list_tables", {
          connection: n,
          name: INDEX.toUpperCase(),
        });
        assert.deepEqual(
          (upper.sc.rows as unknown[][]).map((t) => t[0]),
          [INDEX],
        );
        const viaAlias = await tool(client, "list_tables", { connection: n, name: ALIAS_ONLY });
        assert.deepEqual(viaAlias.sc.rows, []);
        const none = await tool(client, "list_tables", { connection: n, name: `qt-none-${RUN}` });
        assert.deepEqual(none.sc, { columns: none.sc.columns, rows: [], total: 0 });
      });

      test("describe_table, and the raw mapping through execute_query", async () => {
        const { sc } = await tool(client, "describe_table", { connection: n, table: INDEX });
        const groups = new Map((sc.rows as string[][]).map(([g, f]) => [g, f]));
        assert.match(groups.get("") ?? "", /\btitle t\(\.keyword k\)/, "text with its keyword");
        assert.equal(groups.get("customer"), "city k");
        assert.match(
          groups.get("items (nested)") ?? "",
          /\bsku k\b.*\bqty i\b|\bqty i\b.*\bsku k\b/,
        );
        assert.equal((sc.types as Structured).k, "keyword");
        const mapping = (
          await tool(client, "execute_query", {
            connection: n,
            method: "GET",
            path: `/${INDEX}/_mapping`,
          })
        ).sc;
        assert.equal(mapping.kind, "json");
        const props = (mapping.body as Record<string, { mappings: { properties: Structured } }>)[
          INDEX
        ]?.mappings.properties;
        assert.ok(props?.items);
      });

      test("browse_table with filters, sort, columns and paging", async () => {
        const { sc } = await tool(client, "browse_table", {
          connection: n,
          table: INDEX,
          filters: [{ column: "status", op: "eq", value: "paid" }],
          sort: [{ column: "total", direction: "desc" }],
          columns: ["total", "items"],
          page_size: 3,
          page: 2,
        });
        assert.equal(sc.total, 10);
        assert.equal(sc.offset, 3, "rows before this page");
        // A compact table by default; _index and _score only where they say something.
        assert.deepEqual(sc.columns, ["_id", "total", "items"]);
        const rows = sc.rows as unknown[][];
        assert.deepEqual(
          rows.map((r) => r[1]),
          [180, 150, 120],
        );
        assert.deepEqual(
          (rows[0]![2] as Structured[])[0],
          { sku: "S18", qty: 18 },
          "JSON cells are parsed",
        );
        assert.equal(typeof sc.next_cursor, "string", "more rows follow");
        const objects = await tool(client, "browse_table", {
          connection: n,
          table: INDEX,
          filters: [{ column: "status", op: "eq", value: "paid" }],
          sort: [{ column: "total", direction: "desc" }],
          columns: ["total", "items"],
          layout: "objects",
          page_size: 3,
          page: 2,
        });
        const objectRows = objects.sc.rows as Structured[];
        assert.deepEqual(Object.keys(objectRows[0]!).sort(), ["_id", "items", "total"]);
        const viaAlias = await tool(client, "browse_table", {
          connection: n,
          table: ALIAS_ONLY,
          columns: ["total"],
          page_size: 2,
        });
        assert.deepEqual(
          viaAlias.sc.columns,
          ["_id", "_index", "total"],
          "an alias names its index",
        );
        const scored = await tool(client, "browse_table", {
          connection: n,
          table: INDEX,
          query: "title:number",
          columns: ["total"],
          page_size: 2,
        });
        assert.deepEqual(scored.sc.columns, ["_id", "_score", "total"], "a query scores");
        assert.deepEqual(
          objectRows.map((r) => r.total),
          [180, 150, 120],
        );
      });

      test("browse_table lists every column describe_table lists, nested leaves included", async () => {
        const described = (await tool(client, "describe_table", { connection: n, table: INDEX }))
          .sc;
        // The grouped listing back to dotted names, in its order.
        const names = (described.rows as string[][]).flatMap(([group, fields]) =>
          fields!
            .split(", ")
            .map((f) => f.split(" ")[0]!)
            .map((leaf) => {
              const object = group!.replace(/ \(nested\)$/, "");
              return object ? `${object}.${leaf}` : leaf;
            }),
        );
        assert.ok(names.includes("items.sku"));
        const { sc } = await tool(client, "browse_table", {
          connection: n,
          table: INDEX,
          page_size: 2,
        });
        assert.deepEqual(sc.shown_in_parent, { "items.sku": "items", "items.qty": "items" });
        assert.deepEqual(
          new Set(sc.columns as string[]),
          new Set(["_id", "items", ...names.filter((c) => !c.startsWith("items."))]),
          "the same columns, but the leaves shown in their parent",
        );
        const columns = sc.columns as string[];
        const row = (sc.rows as unknown[][])[0]!;
        assert.equal(row.length, columns.length);
        assert.ok(
          Array.isArray(row[columns.indexOf("items")]),
          "the nested array comes once, in its JSON column",
        );
        const asked = await tool(client, "browse_table", {
          connection: n,
          table: INDEX,
          columns: ["items.sku"],
          page_size: 1,
        });
        assert.deepEqual(asked.sc.columns, ["_id", "items.sku"]);
        assert.ok(Array.isArray((asked.sc.rows as unknown[][])[0]![1]));
        const objects = await tool(client, "browse_table", {
          connection: n,
          table: INDEX,
          layout: "objects",
          page_size: 2,
        });
        const first = (objects.sc.rows as Structured[])[0]!;
        assert.deepEqual(
          new Set(Object.keys(first)),
          new Set(sc.columns as string[]),
          "objects: the table's columns, as keys",
        );
        assert.equal("items.sku" in first, false);
      });

      test("a count with a Lucene query is its total alone", async () => {
        const { sc } = await tool(client, "browse_table", {
          connection: n,
          table: INDEX,
          query: "customer.city:Paris AND total:>100",
          page_size: 0,
        });
        assert.deepEqual(sc, {
          total: DOCS.filter((d) => d.customer.city === "Paris" && d.total > 100).length,
        });
      });

      test("one document: a lookup answers the document; by _id through execute_query", async () => {
        const { sc } = await tool(client, "browse_table", {
          connection: n,
          table: INDEX,
          where: ["title = Order number 7"],
          columns: ["customer", "total"],
        });
        assert.deepEqual(sc, {
          total: 1,
          doc: { _id: "d7", customer: { city: "Paris" }, total: 70 },
        });
        const byId = await tool(client, "execute_query", {
          connection: n,
          method: "GET",
          path: `/${INDEX}/_doc/d7`,
        });
        const body = byId.sc.body as Structured;
        assert.equal(body.found, true);
        assert.equal(body._index, INDEX);
        assert.equal(typeof body._seq_no, "number");
        assert.deepEqual(body._source, DOCS[7]);
        const none = await tool(client, "execute_query", {
          connection: n,
          method: "GET",
          path: `/${INDEX}/_doc/nope`,
        });
        assert.equal((none.sc.body as Structured).found, false);
      });

      test("execute_query: a search as its hits with aggregations; a write; an error the model can fix", async () => {
        const search = await tool(client, "execute_query", {
          connection: n,
          method: "POST",
          path: `/${INDEX}/_search`,
          body: {
            size: 2,
            query: { term: { status: "paid" } },
            sort: [{ total: "desc" }],
            aggs: { cities: { terms: { field: "customer.city" } } },
          },
        });
        assert.equal(search.sc.kind, "search");
        assert.equal(search.sc.total, 10);
        const hits = search.sc.hits as Structured[];
        assert.equal(hits.length, 2);
        assert.equal(hits[0]!._index, INDEX);
        assert.equal((hits[0]!._source as Structured).status, "paid", "hits keep their _source");
        assert.equal(search.sc._shards, undefined, "shard bookkeeping is left out");
        assert.ok((search.sc.aggregations as Structured).cities);
        assert.deepEqual(hits[0]!.sort, [270], "sort values, for search_after");
        const write = await tool(client, "execute_query", {
          connection: n,
          method: "PUT",
          path: `/${SCRATCH}-writes/_doc/new-${era}?refresh=true`,
          // A long beyond 2^53 (sent digit for digit by JSON.stringify) must arrive unrounded.
          body: { status: "new", total: 1, big: exactLong("1152921504606846977") },
        });
        assert.equal(write.isError, false);
        assert.equal((write.sc.body as Structured).result, "created");
        const stored = await es(n, "GET", `/${SCRATCH}-writes/_doc/new-${era}`);
        assert.match(JSON.stringify(stored.body), /"big":1152921504606846977\b/);
        const bad = await tool(client, "execute_query", {
          connection: n,
          method: "POST",
          path: `/${INDEX}/_search`,
          body: { query: { no_such_query: {} } },
        });
        assert.equal(bad.isError, true);
        assert.equal(bad.sc.kind, "error");
        assert.equal(bad.sc.status, 400);
      });

      test("a query checked without running it, through execute_query", async () => {
        const validate = (query: unknown) =>
          tool(client, "execute_query", {
            connection: n,
            method: "GET",
            path: `/${INDEX}/_validate/query?explain=true&rewrite=true`,
            body: { query },
          });
        const { sc } = await validate({ match: { title: "number" } });
        assert.equal((sc.body as Structured).valid, true);
        const bad = await validate({ range: { total: { gte: "not a number" } } });
        assert.equal((bad.sc.body as Structured | undefined)?.valid ?? false, false);
      });

      test("export_data writes a new file, never overwrites, and reports progress", async () => {
        const progress: number[] = [];
        const res = await client.callTool(
          {
            name: "export_data",
            arguments: { connection: n, table: INDEX, file_name: `e-${era}-${n}` },
          },
          { onprogress: (p) => progress.push(p.progress) },
        );
        const sc = res.structuredContent as Structured;
        assert.equal(res.isError ?? false, false, JSON.stringify(sc));
        assert.ok(String(sc.path).startsWith(`${srv.home.dir}/exports/`));
        assert.ok(String(sc.path).endsWith(`e-${era}-${n}.ndjson`));
        // NDJSON ready for _bulk: an action line, then the document.
        const lines = (await readFile(String(sc.path), "utf8")).trim().split("\n");
        assert.equal(sc.written, 30);
        assert.equal(lines.length, 60);
        assert.deepEqual(JSON.parse(lines[0]!), {
          index: { _id: JSON.parse(lines[0]!).index._id },
        });
        assert.deepEqual(
          new Set(lines.filter((_, i) => i % 2 === 1).map((l) => JSON.parse(l).title)),
          new Set(DOCS.map((d) => d.title)),
        );
        assert.ok(progress.length > 0, "progress arrived on the call's own stream");
        const again = await client.callTool({
          name: "export_data",
          arguments: { connection: n, table: INDEX, file_name: `e-${era}-${n}`, format: "csv" },
        });
        assert.ok(
          String((again.structuredContent as Structured).path).endsWith(`e-${era}-${n}.csv`),
        );
        const third = await client.callTool({
          name: "export_data",
          arguments: { connection: n, table: INDEX, file_name: `e-${era}-${n}` },
        });
        assert.ok(
          String((third.structuredContent as Structured).path).endsWith(`e-${era}-${n}-1.ndjson`),
        );
      });

      test("confirm_destructive_operation runs only after the user approves the exact request", async () => {
        const index = `${SCRATCH}-${era}-${n}`;
        await es(n, "PUT", `/${index}`);
        const shown: string[] = [];
        const off = srv.approvals.onChange(() => {
          for (const p of srv.approvals.pending()) {
            shown.push(`${p.reason} ${p.request?.method} ${p.request?.path}`);
            srv.approvals.answer(p.id, { approve: true });
          }
        });
        try {
          const { sc, isError } = await tool(client, "confirm_destructive_operation", {
            connection: n,
            method: "DELETE",
            path: `/${index}`,
            reason: "clean up the scratch index",
          });
          assert.equal(isError, false, JSON.stringify(sc));
          assert.deepEqual(sc.ran, { method: "DELETE", path: `/${index}` });
          assert.deepEqual(shown, [`destructive DELETE /${index}`]);
          assert.equal((await es(n, "HEAD", `/${index}`)).status, 404, "the index is gone");
        } finally {
          off();
        }
      });
    },
  );
}

describe("results are capped with a note", () => {
  // Cells are cut at 10,000 characters by the grid; 15 such rows exceed the result cap.
  test("a page larger than 100,000 characters is cut, and says what was cut and how to get the rest", async () => {
    const big = `${SCRATCH}-big`;
    const bulk = Array.from(
      { length: 15 },
      (_, i) =>
        `${JSON.stringify({ index: { _index: big, _id: `b${i}` } })}\n${JSON.stringify({ notes: "n".repeat(40_000) })}\n`,
    ).join("");
    await es("es8", "POST", "/_bulk?refresh=true", bulk);
    const client = await connectClient(srv.url, srv.token, "2026-07-28");
    try {
      const res = await client.callTool({
        name: "browse_table",
        // The largest answer a call may ask for (by default answers stop at 8,000 characters).
        arguments: { connection: "es8", table: big, page_size: 15, max_chars: 100_000 },
      });
      const sc = res.structuredContent as Structured;
      const text = (res.content as { text: string }[])[0]!.text;
      assert.ok(text.length <= 100_000, `text is ${text.length} characters`);
      assert.equal(sc.truncated, true);
      assert.match(
        String(sc.note),
        /^Result cut to fit 100000 characters: rows: \d+ of 15 items kept\. .*export_data/,
      );
      assert.equal(sc.total, 15, "the facts outside the cut list are kept");
    } finally {
      await client.close();
    }
  });
});

describe("timeouts", () => {
  test("a console request past timeout_seconds is cancelled and says how to avoid it", async () => {
    const client = await connectClient(srv.url, srv.token, "2026-07-28");
    try {
      const started = Date.now();
      const res = await client.callTool({
        name: "execute_query",
        arguments: {
          connection: "es8",
          method: "GET",
          // Waits up to 10 s for 99 nodes, which a single-node cluster never has.
          path: "/_cluster/health?wait_for_nodes=99&timeout=10s",
          timeout_seconds: 1,
        },
      });
      assert.ok(Date.now() - started < 5000, "the call ended at its timeout");
      assert.equal(res.isError, true);
      const text = (res.content as { text: string }[])[0]!.text;
      assert.match(text, /did not finish within 1 s and was cancelled/);
      assert.match(text, /raise timeout_seconds/);
    } finally {
      await client.close();
    }
  });
});
