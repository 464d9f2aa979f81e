import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { BrowseResult, Column, Row } from "../../src/core/grid.ts";
import { packPage, unpackPage } from "../../src/core/packed-page.ts";

const column = (name: string): Column => ({ name, type: "keyword" }) as Column;

function page(rows: Row[], names = ["_id", "name", "tags"]): BrowseResult {
  return {
    table: "t",
    columns: names.map(column),
    rows,
    total: rows.length,
    page: 1,
    pageSize: 100,
    droppedSort: [],
    paging: "from-size",
  };
}

const row = (id: string, cells: Row["cells"], extra: Partial<Row> = {}): Row => ({
  _id: id,
  _index: "t",
  _score: 1,
  version: "1:1",
  cells,
  json: [],
  cut: [],
  ...extra,
});

describe("packed pages", () => {
  it("carry each row's cells in column order, and give the same page back", () => {
    const p = page([
      row("a", { _id: "a", name: "Ada", tags: '["x"]' }, { json: ["tags"] }),
      row("b", { _id: "b", name: null, tags: "long…" }, { cut: ["tags"], _score: null }),
    ]);
    const packed = packPage(p);
    assert.deepEqual(packed.rows[0], ["a", "t", 1, "1:1", ["a", "Ada", '["x"]'], [2], []]);
    assert.deepEqual(unpackPage(JSON.parse(JSON.stringify(packed))), p);
  });

  it("keep a row without a version without one", () => {
    const { version: _v, ...bare } = row("a", { _id: "a", name: "x", tags: null });
    const p = page([bare]);
    assert.deepEqual(unpackPage(packPage(p)), p);
  });

  it("keep by name the cells of a row that do not match the columns one to one", () => {
    const p = page([
      row("a", { _id: "a", name: "x" }),
      row("b", { _id: "b", name: "y", tags: null, other: 3 }),
      row("c", { _id: "c", name: "z", tags: "[]" }, { json: ["elsewhere"] }),
    ]);
    const packed = packPage(p);
    assert.ok(!Array.isArray(packed.rows[0]![4]));
    assert.ok(!Array.isArray(packed.rows[1]![4]));
    assert.deepEqual(packed.rows[2]![5], ["elsewhere"]);
    assert.deepEqual(unpackPage(JSON.parse(JSON.stringify(packed))), p);
  });
});
