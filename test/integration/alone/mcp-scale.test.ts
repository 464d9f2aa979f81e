/**
 * Answers sized for a model at scale (docs/mcp.md, "Answers sized for a model"), on a real node
 * holding at least 900 indices and one index of 3,000 fields, created here and removed after:
 * no answer over 8,000 characters unless the call asks for more, lists a page at a time with a
 * cursor that reaches everything, a wide index described compactly, a wide row showing the
 * columns asked for and saying how many it left out.
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, describe, test } from "node:test";
import type { HttpMethod } from "../../../src/drivers/elasticsearch/wire/transport.ts";
import { es as esOn } from "../../support/es.ts";
import { addNodeConnection, mcpClient, mcpTestServer } from "../../support/mcp.ts";
import { orderedBefore } from "../../support/ordered-before.ts";

const N = "es8" as const;
const RUN = randomBytes(3).toString("hex");
const PREFIX = `t-scale-${RUN}`;
const MANY = 900;
const WIDE = `${PREFIX}-wide`;
const OBJECTS = 30;
const PER_OBJECT = 100;
const LIMIT = 8_000;
const names = Array.from({ length: MANY }, (_, i) => `${PREFIX}-${String(i).padStart(3, "0")}`);

// Creating and deleting hundreds of indices takes the node a while: wait for its answer.
const es = (method: HttpMethod, path: string, body?: unknown) =>
  esOn(N, method, path, body, { timeoutMs: 300_000 });

/** 3,000 fields: 30 objects of 100, keywords, longs and text with a keyword sub-field. */
function wideMapping() {
  const properties: Record<string, unknown> = {};
  for (let o = 0; o < OBJECTS; o++) {
    const fields: Record<string, unknown> = {};
    for (let f = 0; f < PER_OBJECT; f++)
      fields[`f${f}`] =
        f % 3 === 0
          ? { type: "keyword" }
          : f % 3 === 1
            ? { type: "long" }
            : { type: "text", fields: { kw: { type: "keyword" } } };
    properties[`o${o}`] = { properties: fields };
  }
  return { properties };
}

function wideDoc(n: number) {
  const doc: Record<string, Record<string, unknown>> = {};
  for (let o = 0; o < OBJECTS; o++) {
    doc[`o${o}`] = {};
    for (let f = 0; f < PER_OBJECT; f++)
      (doc[`o${o}`] as Record<string, unknown>)[`f${f}`] = f % 3 === 1 ? n * f : `v${n}-${f}`;
  }
  return doc;
}

// The indices first, then the server and its client (top-level hooks in order: ordered-before.ts).
orderedBefore(async () => {
  // A node holds 1,000 shards by default; the 900 indices and the other tests' need more.
  await es("PUT", "/_cluster/settings", { persistent: { "cluster.max_shards_per_node": 3000 } });
  await es("PUT", `/_index_template/${PREFIX}`, {
    index_patterns: [`${PREFIX}-*`],
    template: { settings: { number_of_shards: 1, number_of_replicas: 0 } },
  });
  // A hundred indices a request: the node batches their creation.
  for (let i = 0; i < MANY; i += 100) {
    const bulk = names
      .slice(i, i + 100)
      .map((n) => `{"index":{"_index":"${n}"}}\n{"n":1}\n`)
      .join("");
    const created = (await es("POST", "/_bulk?refresh=true", bulk)) as { status?: number };
    assert.ok(!created.status || created.status < 300, JSON.stringify(created).slice(0, 300));
  }
  await es("PUT", `/${WIDE}`, {
    settings: { "index.mapping.total_fields.limit": 10_000 },
    mappings: wideMapping(),
  });
  const docs = [1, 2, 3].map(
    (n) => `{"index":{"_index":"${WIDE}"}}\n${JSON.stringify(wideDoc(n))}\n`,
  );
  await es("POST", "/_bulk?refresh=true", docs.join(""));
});

const srv = mcpTestServer({
  connections: (home) => addNodeConnection(home, N, N),
  token: { name: "scale", scope: "read-only" },
});
const client = mcpClient(srv, "2026-07-28");

after(async () => {
  const all = [...names, WIDE];
  for (let i = 0; i < all.length; i += 100)
    await es("DELETE", `/${all.slice(i, i + 100).join(",")}`);
  await es("DELETE", `/_index_template/${PREFIX}`);
  await es("PUT", "/_cluster/settings", { persistent: { "cluster.max_shards_per_node": null } });
});

/** Calls a tool; the text a model reads must fit the limit (or the one asked for). */
async function call(name: string, args: Record<string, unknown>, limit = LIMIT) {
  const res = await client.callTool({ name, arguments: { connection: N, ...args } });
  const text = (res.content as { text: string }[])[0]?.text ?? "";
  assert.notEqual(res.isError, true, text.slice(0, 300));
  assert.ok(text.length <= limit, `${name} ${JSON.stringify(args)}: ${text.length} characters`);
  return res.structuredContent as Record<string, unknown>;
}

describe(`at scale: ${MANY} indices and one of ${OBJECTS * PER_OBJECT} fields`, () => {
  test("the indices come a page at a time, and the cursor reaches every one", async () => {
    const seen = new Set<string>();
    let cursor: string | undefined;
    let pages = 0;
    let read = 0;
    do {
      const page = await call("list_tables", { ...(cursor ? { cursor } : {}) });
      for (const r of page.rows as unknown[][]) seen.add(String(r[0]));
      assert.ok((page.total as number) >= MANY + 1);
      assert.deepEqual(page.columns, ["index", "docs", "size_bytes", "health", "status"]);
      // Where a page starts is said past the first page only.
      assert.equal(page.offset, read === 0 ? undefined : read);
      read += (page.rows as unknown[]).length;
      cursor = page.next_cursor as string | undefined;
      pages++;
    } while (cursor);
    assert.ok(pages >= 9, `${pages} pages`);
    for (const n of [...names, WIDE]) assert.ok(seen.has(n), n);
    // Asking for more is allowed, up to what the call names.
    const big = await call("list_tables", { limit: 2000, max_chars: 100_000 }, 100_000);
    assert.ok((big.rows as unknown[]).length > 900);
  });

  test("a wide index is described compactly, grouped, filtered, a page at a time", async () => {
    let fields = 0;
    let cursor: string | undefined;
    let first: Record<string, unknown> | undefined;
    do {
      const page = await call("describe_table", {
        table: WIDE,
        ...(cursor ? { cursor } : {}),
      });
      first ??= page;
      for (const [, list] of page.rows as [string, string][]) fields += list.split(", ").length;
      cursor = page.next_cursor as string | undefined;
    } while (cursor);
    assert.equal(fields, OBJECTS * PER_OBJECT);
    assert.equal(first?.total, OBJECTS * PER_OBJECT);
    assert.deepEqual(first?.types, { k: "keyword", l: "long", t: "text" });
    assert.ok(first);
    const [object, list] = (first.rows as [string, string][])[0]!;
    assert.equal(object, "o0");
    // In the mapping's order (by name), each once, text with its keyword sub-field.
    assert.match(list, /^f0 k, f1 l, f10 l, f11 t\(\.kw k\), f12 k/);
    assert.deepEqual(first?.columns, ["object", "fields"]);
    assert.equal(first?.offset, undefined);
    assert.equal(first?.table, undefined, "the table asked is not said back");
    const longs = await call("describe_table", {
      table: WIDE,
      name: "o7.",
      types: ["long"],
    });
    assert.equal(longs.total, 33);
    assert.deepEqual(
      (longs.rows as unknown[][]).map((r) => r[0]),
      ["o7"],
    );
  });

  test("a wide row shows the columns asked for, and says how many it left out", async () => {
    const unasked = await call("browse_table", { table: WIDE, page_size: 3 });
    assert.equal(unasked.columns_left_out, OBJECTS * PER_OBJECT - 40);
    assert.match(String(unasked.columns_note), /^2960 of 3000 columns left out/);
    const asked = await call("browse_table", {
      table: WIDE,
      columns: ["o3.f1", "o4"],
      page_size: 3,
    });
    // _id alone of the meta columns: every row is of the index named, and none was scored.
    assert.deepEqual((asked.columns as string[]).slice(0, 2), ["_id", "o3.f1"]);
    assert.equal((asked.columns as string[]).length, 1 + 1 + PER_OBJECT);
    assert.equal(asked.columns_left_out, undefined);
  });

  test("no answer runs over 8,000 characters, the catalog's views and a raw mapping included", async () => {
    for (const [name, args] of [
      ["execute_query", { method: "GET", path: `/${WIDE}/_mapping` }],
      ["execute_query", { method: "GET", path: "/_cat/indices?format=json" }],
      ["list_tables", {}],
      ["describe_table", { table: WIDE }],
      ["catalog", { view: "stats", limit: 1000 }],
      ["catalog", { view: "shards" }],
      ["catalog", { view: "fields", table: WIDE }],
      ["catalog", { view: "health" }],
      ["browse_table", { table: WIDE, columns: ["o1", "o2", "o3"], page_size: 50 }],
    ] as const) {
      const sc = await call(name, args);
      if (sc.truncated) assert.match(String(sc.note), /max_chars/);
    }
  });
});
