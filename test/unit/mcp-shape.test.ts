import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Column } from "../../src/core/grid.ts";
import type { EsRow as Row } from "../../src/drivers/elasticsearch/table/row-version.ts";
import { rank } from "../../src/mcp/resources.ts";
import { decodeCursor, encodeCursor } from "../../src/mcp/tools/browse-cursor.ts";
import {
  consoleRecord,
  gridRowObject,
  nestedObject,
  repeatedLeaves,
  rowTable,
  selectColumns,
} from "../../src/mcp/tools/shape.ts";

const col = (name: string, kind: Column["kind"], nestedPaths?: string[]): Column => ({
  name,
  type: "keyword",
  kind,
  sortField: null,
  filterable: true,
  editable: kind === "field",
  ...(nestedPaths ? { nestedPaths } : {}),
});

const COLUMNS = [
  col("_id", "meta"),
  col("status", "field"),
  col("items", "nested-parent", ["items"]),
  col("items.sku", "nested-leaf", ["items"]),
  col("notes", "field"),
];

const row: Row = {
  _id: "1",
  _index: "orders",
  _score: null,
  _seq_no: 3,
  _primary_term: 1,
  cells: {
    _id: "1",
    _index: "orders",
    _score: null,
    status: "paid",
    items: '[{"sku":"A"},{"sku":"B"}]',
    "items.sku": '["A","B"]',
    notes: `${"x".repeat(10)}...`,
  },
  json: ["items", "items.sku"],
  cut: ["notes"],
};

describe("rows for a model", () => {
  test("JSON cells are parsed back; cut cells stay text and are listed", () => {
    assert.deepEqual(gridRowObject(row), {
      _id: "1",
      _index: "orders",
      _score: null,
      status: "paid",
      items: [{ sku: "A" }, { sku: "B" }],
      "items.sku": ["A", "B"],
      notes: "xxxxxxxxxx...",
      _cut: ["notes"],
    });
  });

  test("the meta columns asked only", () => {
    assert.deepEqual(gridRowObject(row, ["status"], new Set(), ["_id"]), {
      _id: "1",
      status: "paid",
    });
  });

  test("one document in its own shape: dotted names nested back, a clash left dotted", () => {
    assert.deepEqual(
      nestedObject({
        _id: "1",
        "customer.name": "Ann",
        "customer.address.city": "Kyoto",
        items: [{ sku: "A" }],
        "items.sku": ["A"],
        total: 3,
      }),
      {
        _id: "1",
        customer: { name: "Ann", address: { city: "Kyoto" } },
        items: [{ sku: "A" }],
        "items.sku": ["A"],
        total: 3,
      },
    );
  });

  test("a nested array's leaves are left out when its JSON column is there, unless asked for", () => {
    const skip = repeatedLeaves(COLUMNS);
    assert.deepEqual([...skip], ["items.sku"]);
    assert.ok(!("items.sku" in gridRowObject(row, undefined, skip)));
    assert.deepEqual(gridRowObject(row, ["items.sku"], skip)["items.sku"], ["A", "B"]);
    assert.deepEqual([...repeatedLeaves(COLUMNS.filter((c) => c.name !== "items"))], []);
  });

  test("console answers by kind: a search as its hits, without shard bookkeeping", () => {
    const grid = consoleRecord({
      kind: "grid",
      status: 200,
      columns: COLUMNS,
      rows: [row],
      total: 1,
      raw: {
        took: 3,
        _shards: { total: 1 },
        hits: { total: { value: 1 }, hits: [{ _id: "1", _source: { status: "paid" }, sort: [5] }] },
        aggregations: { a: 1 },
      },
    });
    assert.deepEqual(grid, {
      kind: "search",
      status: 200,
      total: 1,
      hits: [{ _id: "1", _source: { status: "paid" }, sort: [5] }],
      aggregations: { a: 1 },
    });
    // Aggregations alone (size 0): a search still, its total a lower bound said so; no empty hits.
    const counted = consoleRecord({
      kind: "json",
      status: 200,
      raw: {
        took: 1,
        timed_out: false,
        _shards: { total: 2 },
        hits: { total: { value: 10_000, relation: "gte" }, max_score: null, hits: [] },
        aggregations: { s: { buckets: [] } },
      },
    });
    assert.deepEqual(counted, {
      kind: "search",
      status: 200,
      total: 10_000,
      total_accuracy: "at least 10,000 (track_total_hits: true counts all)",
      aggregations: { s: { buckets: [] } },
    });
    assert.deepEqual(consoleRecord({ kind: "json", status: 201, raw: { result: "created" } }), {
      kind: "json",
      status: 201,
      body: { result: "created" },
    });
    const err = consoleRecord({
      kind: "error",
      status: 400,
      type: "parsing_exception",
      reason: "bad",
      raw: {},
    });
    assert.equal(err.kind, "error");
    assert.equal(err.reason, "bad");
  });
});

describe("completion ranking", () => {
  test("prefix matches first, then matches inside; case-insensitive; at most 100", () => {
    assert.deepEqual(rank(["logs-b", "app-logs", "Logs-a", "metrics"], "logs"), [
      "Logs-a",
      "logs-b",
      "app-logs",
    ]);
    assert.equal(
      rank(
        Array.from({ length: 150 }, (_, i) => `i${i}`),
        "",
      ).length,
      100,
    );
  });
});

describe("browse_table's compact table", () => {
  test("rows as arrays in the header's order, JSON parsed, cut cells listed by row", () => {
    const table = rowTable([row], ["_id", "_index", "_score", "status", "items", "notes", "gone"]);
    assert.deepEqual(table.rows, [
      ["1", "orders", null, "paid", [{ sku: "A" }, { sku: "B" }], `${"x".repeat(10)}...`, null],
    ]);
    assert.deepEqual(table.cut_cells, [{ row: 0, columns: ["notes"] }]);
    assert.equal(rowTable([row], ["_id", "status"]).cut_cells, undefined);
  });

  test("columns by dotted path or by an object's path, in the order asked; unknown refused", () => {
    const columns = [...COLUMNS, col("customer.name", "field"), col("customer.city", "field")];
    assert.deepEqual(selectColumns(columns, ["customer.name", "status"]), [
      "customer.name",
      "status",
    ]);
    assert.deepEqual(selectColumns(columns, ["customer", "_id"]), [
      "customer.name",
      "customer.city",
    ]);
    assert.deepEqual(selectColumns(columns, ["items", "items.sku"]), ["items", "items.sku"]);
    assert.throws(
      () => selectColumns(columns, ["custom", "nope"]),
      /No column "custom", "nope" in this table/,
    );
  });
});

describe("browse_table's cursor", () => {
  const key = { table: "orders", filters: [{ column: "status", op: "eq", value: "paid" }] };

  test("carries the position and size back, for the same browse only", () => {
    const cursor = encodeCursor({ offset: 37, size: 25 }, key);
    assert.match(cursor, /^[A-Za-z0-9_-]+$/);
    assert.deepEqual(decodeCursor(cursor, { ...key }), { offset: 37, size: 25 });
    assert.throws(
      () => decodeCursor(cursor, { ...key, sort: [{ column: "total", direction: "asc" }] }),
      /belongs to another browse/,
    );
    assert.throws(() => decodeCursor(cursor, { ...key, table: "other" }), /belongs to another/);
    assert.throws(() => decodeCursor(cursor, { ...key, query: "x" }), /belongs to another/);
  });

  test("anything else is refused with the remedy", () => {
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");
    for (const bad of [
      "",
      "not base64!",
      "e30",
      b64(null),
      b64({ o: -1, n: 5, k: "x" }),
      b64({ o: 1.5, n: 5, k: "x" }),
      b64({ o: 1, n: 0, k: "x" }),
      b64({ o: 1, n: 501, k: "x" }),
      b64({ o: 1, n: 5 }),
    ])
      assert.throws(
        () => decodeCursor(bad, key),
        (e: Error & { remedy?: string }) =>
          /is not one browse_table gave/.test(e.message) &&
          /Pass next_cursor from the previous browse_table answer unchanged/.test(e.remedy ?? ""),
        bad,
      );
  });
});
