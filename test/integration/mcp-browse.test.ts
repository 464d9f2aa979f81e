/**
 * browse_table's answers sized for a model, through the official MCP client on 8.x: the compact
 * table, fields picked by dotted path or object, a cursor walk that reads every row once, a cut
 * answer whose cursor continues right after the last row kept, a deep cursor past 10,000 rows,
 * and cursors refused with a remedy. Every answer is checked against the declared output schema.
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, describe, test } from "node:test";
import { fromJsonSchema } from "@modelcontextprotocol/client";
import { es } from "../support/es.ts";
import { addNodeConnection, mcpClient, mcpTestServer } from "../support/mcp.ts";
import { orderedBefore } from "../support/ordered-before.ts";

const RUN = randomBytes(3).toString("hex");
const INDEX = `t-catalog2-${RUN}`;
const BIG = `t-catalog2-${RUN}-big`;
const ROWS = 60;

const MAPPING = {
  properties: {
    n: { type: "integer" },
    status: { type: "keyword" },
    customer: { properties: { name: { type: "keyword" }, city: { type: "keyword" } } },
    items: { type: "nested", properties: { sku: { type: "keyword" } } },
  },
};

const bulkOf = (index: string, docs: Record<string, unknown>[]) =>
  docs
    .map(
      (d, i) =>
        `${JSON.stringify({ index: { _index: index, _id: `r${i}` } })}\n${JSON.stringify(d)}\n`,
    )
    .join("");

const srv = mcpTestServer({
  connections: (home) => addNodeConnection(home, "es8", "es8"),
  token: { name: "browse", scope: "full-access" },
});
const client = mcpClient(srv, "2026-07-28");
let schema: Record<string, unknown>;

orderedBefore(async () => {
  await es("es8", "PUT", `/${INDEX}`, {
    mappings: MAPPING,
    settings: { number_of_shards: 2, number_of_replicas: 0 },
  });
  const docs = Array.from({ length: ROWS }, (_, i) => ({
    n: i,
    status: i % 2 ? "open" : "paid",
    customer: { name: `Customer ${i}`, city: i % 3 ? "Paris" : "Lyon" },
    items: [{ sku: `S${i}` }],
  }));
  await es("es8", "POST", "/_bulk?refresh=true", bulkOf(INDEX, docs));
  // Cells are cut at 10,000 characters by the grid: 15 such rows are more than one answer holds.
  await es("es8", "PUT", `/${BIG}`, { settings: { number_of_replicas: 0 } });
  const big = Array.from({ length: 15 }, (_, i) => ({ n: i, notes: "n".repeat(40_000) }));
  await es("es8", "POST", "/_bulk?refresh=true", bulkOf(BIG, big));
  const listed = (await client.listTools()).tools.find((t) => t.name === "browse_table");
  schema = listed?.outputSchema as Record<string, unknown>;
});

after(async () => {
  for (const name of [INDEX, BIG]) await es("es8", "DELETE", `/${name}`);
});

type Structured = Record<string, unknown>;

/** A browse_table call; a success must be its text and fit the declared output schema. */
async function browse(args: Record<string, unknown>) {
  const res = await client.callTool({
    name: "browse_table",
    arguments: { connection: "es8", ...args },
  });
  const sc = res.structuredContent as Structured;
  const text = (res.content as { text: string }[])[0]?.text ?? "";
  if (res.isError === true) return { sc, text, isError: true };
  assert.deepEqual(JSON.parse(text), sc, "the text is the structured content");
  const verdict = fromJsonSchema(schema)["~standard"].validate(sc) as { issues?: unknown };
  assert.equal(verdict.issues, undefined, JSON.stringify(verdict.issues));
  return { sc, text, isError: false };
}

/** A table answer's column as a list. */
const column = (sc: Structured, name: string) =>
  (sc.rows as unknown[][]).map((r) => r[(sc.columns as string[]).indexOf(name)]);

const byN = [{ column: "n", direction: "asc" }];

describe("browse_table sized for a model", () => {
  test("the compact table: columns once, rows as arrays, fields by dotted path or object", async () => {
    const { sc, text } = await browse({
      table: INDEX,
      sort: byN,
      columns: ["customer.name", "n"],
      page_size: 3,
    });
    // _index and _score say nothing here (one index, sorted): only _id comes.
    assert.deepEqual(sc.columns, ["_id", "customer.name", "n"]);
    assert.deepEqual((sc.rows as unknown[][])[1]!.slice(1), ["Customer 1", 1]);
    assert.equal(sc.offset, undefined, "no rows before the first page");
    const objects = await browse({
      table: INDEX,
      sort: byN,
      columns: ["customer.name", "n"],
      page_size: 3,
      layout: "objects",
    });
    assert.deepEqual((objects.sc.rows as Structured[])[1], {
      _id: "r1",
      "customer.name": "Customer 1",
      n: 1,
    });
    assert.ok(text.length < objects.text.length, "the table is the shorter answer");
    const whole = await browse({ table: INDEX, sort: byN, columns: ["customer"], page_size: 1 });
    assert.deepEqual(
      (whole.sc.columns as string[]).slice(1).sort(),
      ["customer.city", "customer.name"],
      "an object's path picks every field under it",
    );
    const unknown = await browse({ table: INDEX, columns: ["customer.nope"] });
    assert.equal(unknown.isError, true);
    assert.match(
      unknown.text,
      /No column "customer.nope" in this table\nUse the column names describe_table lists/,
    );
  });

  test("a cursor walk reads every row once, in order, and ends without a cursor", async () => {
    const first = await browse({ table: INDEX, sort: byN, columns: ["n"], page_size: 7 });
    assert.deepEqual(column(first.sc, "n"), [0, 1, 2, 3, 4, 5, 6]);
    const second = await browse({
      table: INDEX,
      sort: byN,
      columns: ["n"],
      cursor: first.sc.next_cursor,
    });
    assert.deepEqual(
      column(second.sc, "n"),
      [7, 8, 9, 10, 11, 12, 13],
      "the next rows, no overlap",
    );
    assert.equal(second.sc.offset, 7);
    const seen = [...column(first.sc, "n"), ...column(second.sc, "n")];
    let cursor = second.sc.next_cursor;
    for (let calls = 0; cursor !== undefined; calls++) {
      assert.ok(calls < 20, "the walk ends");
      const next = await browse({ table: INDEX, sort: byN, columns: ["n"], cursor });
      seen.push(...column(next.sc, "n"));
      cursor = next.sc.next_cursor;
    }
    assert.deepEqual(
      seen,
      Array.from({ length: ROWS }, (_, i) => i),
    );
  });

  test("a cut answer says how many rows it kept and its cursor continues right after them", async () => {
    const cut = await browse({ table: BIG, sort: byN, page_size: 15, max_chars: 100_000 });
    assert.ok(cut.text.length <= 100_000, `text is ${cut.text.length} characters`);
    assert.equal(cut.sc.truncated, true);
    const kept = (cut.sc.rows as unknown[]).length;
    assert.ok(kept > 0 && kept < 15, `${kept} rows kept`);
    assert.match(
      String(cut.sc.note),
      new RegExp(
        `^Result cut to fit 100000 characters: rows: ${kept} of 15 items kept\\. The ${kept} rows kept are rows 1 to ${kept} of 15; next_cursor continues with row ${kept + 1}\\.`,
      ),
    );
    assert.deepEqual(
      column(cut.sc, "n"),
      Array.from({ length: kept }, (_, i) => i),
    );
    assert.deepEqual(
      (cut.sc.cut_cells as { row: number }[]).map((c) => c.row),
      Array.from({ length: kept }, (_, i) => i),
      "the cut cells of the rows kept only",
    );
    const rest = await browse({
      table: BIG,
      sort: byN,
      cursor: cut.sc.next_cursor,
      max_chars: 100_000,
    });
    assert.equal(column(rest.sc, "n")[0], kept, "continues with the first row not shown");
    assert.equal(rest.sc.offset, kept);
  });

  test("a cursor past 10,000 rows continues the order (sample-orders, 30,000 orders)", async () => {
    const sort = [{ column: "order_id", direction: "asc" }];
    const before = await browse({
      table: "sample-orders",
      sort,
      columns: ["order_id"],
      page: 1000,
      page_size: 10,
    });
    assert.equal(before.sc.total, 30_000);
    const after = await browse({
      table: "sample-orders",
      sort,
      columns: ["order_id"],
      cursor: before.sc.next_cursor,
    });
    assert.equal(after.sc.offset, 10_000, "past the result window");
    const jumped = await browse({
      table: "sample-orders",
      sort,
      columns: ["order_id"],
      page: 1001,
      page_size: 10,
    });
    assert.deepEqual(column(after.sc, "order_id"), column(jumped.sc, "order_id"));
    assert.ok(String(column(after.sc, "order_id")[0]) > String(column(before.sc, "order_id")[9]));
  });

  test("a cursor that is not one browse_table gave, or given for another browse, is refused", async () => {
    const first = await browse({ table: INDEX, sort: byN, page_size: 5 });
    const cursor = String(first.sc.next_cursor);
    const remedy = /\nPass next_cursor from the previous browse_table answer unchanged/;
    for (const bad of [
      "garbage!",
      "eyJvIjotMX0",
      Buffer.from('{"o":-1,"n":5,"k":"x"}').toString("base64url"),
    ]) {
      const res = await browse({ table: INDEX, sort: byN, cursor: bad });
      assert.equal(res.isError, true, bad);
      assert.match(res.text, /is not one browse_table gave/);
      assert.match(res.text, remedy);
    }
    const other = await browse({
      table: INDEX,
      sort: [{ column: "n", direction: "desc" }],
      cursor,
    });
    assert.equal(other.isError, true);
    assert.match(
      other.text,
      /belongs to another browse \(a different table, filters, query or sort\)/,
    );
    assert.match(other.text, remedy);
    const both = await browse({ table: INDEX, sort: byN, cursor, page: 2 });
    assert.equal(both.isError, true);
    assert.match(both.text, /^Both page and cursor were given/);
  });
});
