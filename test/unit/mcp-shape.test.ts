import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Column } from "../../src/core/grid.ts";
import type { EsRow as Row } from "../../src/drivers/elasticsearch/row-version.ts";
import { rank } from "../../src/mcp/resources.ts";
import { consoleRecord, repeatedLeaves, rowObject } from "../../src/mcp/tools/shape.ts";

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
    assert.deepEqual(rowObject(row), {
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

  test("a nested array's leaves are left out when its JSON column is there, unless asked for", () => {
    const skip = repeatedLeaves(COLUMNS);
    assert.deepEqual([...skip], ["items.sku"]);
    assert.ok(!("items.sku" in rowObject(row, undefined, skip)));
    assert.deepEqual(rowObject(row, ["items.sku"], skip)["items.sku"], ["A", "B"]);
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
      took: 3,
      hits: [{ _id: "1", _source: { status: "paid" }, sort: [5] }],
      aggregations: { a: 1 },
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
