/** Hits to rows: nested leaves, JSON cells, the display limit, concurrency tokens. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { parseJsonExact } from "../../src/core/exact-json.ts";
import { CELL_DISPLAY_LIMIT } from "../../src/core/grid.ts";
import { hitToRow, valueAt } from "../../src/drivers/elasticsearch/table/cells.ts";
import { mappingToColumns } from "../../src/drivers/elasticsearch/table/mapping.ts";

const columns = mappingToColumns({
  t: {
    mappings: {
      properties: {
        name: { type: "keyword" },
        tags: { type: "keyword" },
        n: { type: "long" },
        ok: { type: "boolean" },
        customer: { properties: { address: { properties: { city: { type: "keyword" } } } } },
        items: {
          type: "nested",
          properties: {
            sku: { type: "keyword" },
            price: { type: "double" },
            tags: { type: "keyword" },
            parts: { type: "nested", properties: { code: { type: "keyword" } } },
          },
        },
        blob: { type: "object", enabled: false },
        lines: { properties: { qty: { type: "integer" } } },
      },
    },
  },
});

describe("hitToRow", () => {
  const row = hitToRow(
    {
      _index: "t",
      _id: "A1",
      _score: 1.5,
      _seq_no: 7,
      _primary_term: 2,
      _source: {
        name: "Ada",
        tags: ["x", "y"],
        n: 42,
        ok: false,
        customer: { address: { city: "Lisbon" } },
        items: [
          { sku: "KB-01", price: 89.5, tags: ["gift"], parts: [{ code: "p1" }, {}] },
          { sku: "MS-02" },
          { price: 9.9 },
        ],
        blob: { any: { thing: [1] } },
        lines: [{ qty: 1 }, {}, { qty: 3 }],
      },
    },
    columns,
  );

  it("fills the meta columns and the concurrency tokens from the hit", () => {
    assert.equal(row._id, "A1");
    assert.equal(row._index, "t");
    assert.equal(row._score, 1.5);
    assert.equal(row._seq_no, 7);
    assert.equal(row._primary_term, 2);
    assert.equal(row.cells._id, "A1");
    assert.equal(row.cells._index, "t");
    assert.equal(row.cells._score, 1.5);
  });

  it("keeps scalars as they are, objects two levels deep by dotted path", () => {
    assert.equal(row.cells.name, "Ada");
    assert.equal(row.cells.n, 42);
    assert.equal(row.cells.ok, false);
    assert.equal(row.cells["customer.address.city"], "Lisbon");
  });

  it("renders arrays and objects as JSON and lists those columns", () => {
    assert.equal(row.cells.tags, '["x","y"]');
    assert.equal(row.cells.blob, '{"any":{"thing":[1]}}');
    assert.ok(row.json.includes("tags"));
    assert.ok(row.json.includes("blob"));
    assert.ok(!row.json.includes("name"));
  });

  it("gives a nested leaf one entry per object, null where an object omits the field", () => {
    assert.equal(row.cells["items.sku"], '["KB-01","MS-02",null]');
    assert.equal(row.cells["items.price"], "[89.5,null,9.9]");
    assert.equal(row.cells["items.tags"], '[["gift"],null,null]');
    assert.equal(row.cells["items.parts.code"], '[["p1",null],null,null]');
    assert.equal(
      row.cells.items,
      '[{"sku":"KB-01","price":89.5,"tags":["gift"],"parts":[{"code":"p1"},{}]},{"sku":"MS-02"},{"price":9.9}]',
    );
    for (const c of ["items", "items.sku", "items.price"]) assert.ok(row.json.includes(c), c);
  });

  it("reads arrays of plain objects element by element too", () => {
    assert.equal(row.cells["lines.qty"], "[1,null,3]");
  });

  it("gives null, not an empty array, when a document has no such array", () => {
    const r = hitToRow({ _index: "t", _id: "2", _source: { name: "x" } }, columns);
    assert.equal(r.cells["items.sku"], null);
    assert.equal(r.cells.items, null);
    assert.equal(r.cells.tags, null);
    assert.deepEqual(r.json, []);
    assert.equal(r._score, null);
    assert.equal(r._seq_no, -2, "no token when the search did not ask for one");
  });

  it("treats a nested field holding one bare object as an array of one", () => {
    const r = hitToRow({ _index: "t", _id: "3", _source: { items: { sku: "Z" } } }, columns);
    assert.equal(r.cells["items.sku"], '["Z"]');
    assert.equal(r.cells.items, '{"sku":"Z"}');
  });

  it("finds values under dotted keys in _source", () => {
    const r = hitToRow(
      { _index: "t", _id: "4", _source: { "customer.address": { city: "Oslo" } } },
      columns,
    );
    assert.equal(r.cells["customer.address.city"], "Oslo");
    assert.equal(valueAt({ "a.b.c": 1 }, ["a", "b", "c"]), 1);
    assert.equal(valueAt({ "a.b": { c: 2 }, a: { b: { c: 3 } } }, ["a", "b", "c"]), 2);
    assert.equal(valueAt({ a: { "b.c": 4 } }, ["a", "b", "c"]), 4);
    assert.deepEqual(valueAt({ a: [{ "b.c": 5 }, { b: { c: 6 } }, {}] }, ["a", "b", "c"]), [
      5,
      6,
      null,
    ]);
    assert.equal(valueAt(7, []), 7);
  });

  it("shapes many hits with one column set the same as one at a time", () => {
    const hits = [
      { _index: "t", _id: "1", _source: { name: "a", customer: { address: { city: "Oslo" } } } },
      {
        _index: "t",
        _id: "2",
        _source: { "customer.address.city": "Rome", items: [{ sku: "x" }] },
      },
    ];
    const shared = hits.map((h) => hitToRow(h, columns));
    const apart = hits.map((h) => hitToRow(h, [...columns]));
    assert.deepEqual(shared, apart);
    assert.equal(shared[1]?.cells["customer.address.city"], "Rome");
    assert.equal(shared[1]?.cells["items.sku"], '["x"]');
  });
});

describe("the cell display limit", () => {
  const long = "é".repeat(CELL_DISPLAY_LIMIT + 500);

  it("cuts a long array cell to the limit, ending in ..., and lists it in cut", () => {
    const r = hitToRow({ _index: "t", _id: "5", _source: { tags: [long] } }, columns);
    const cell = r.cells.tags as string;
    assert.equal(cell.length, CELL_DISPLAY_LIMIT);
    assert.ok(cell.endsWith("..."));
    assert.ok(cell.startsWith('["éé'));
    assert.deepEqual(r.cut, ["tags"]);
  });

  it("cuts a long string the same way", () => {
    const r = hitToRow({ _index: "t", _id: "6", _source: { name: long } }, columns);
    assert.equal((r.cells.name as string).length, CELL_DISPLAY_LIMIT);
    assert.deepEqual(r.cut, ["name"]);
  });

  it("keeps every cell whole with cut: false (what an export writes)", () => {
    const r = hitToRow({ _index: "t", _id: "5", _source: { tags: [long], name: long } }, columns, {
      cut: false,
    });
    assert.equal(r.cells.name, long);
    assert.equal(r.cells.tags, JSON.stringify([long]));
    assert.deepEqual(r.cut, []);
  });

  it("shows a long beyond 2^53 as its exact digits, inside JSON cells too", () => {
    const source = parseJsonExact(
      '{"n":12345678901234567891,"tags":[12345678901234567891]}',
    ) as Record<string, unknown>;
    const r = hitToRow({ _index: "t", _id: "8", _source: source }, columns);
    assert.equal(r.cells.n, "12345678901234567891");
    assert.equal(r.cells.tags, "[12345678901234567891]");
    assert.deepEqual(r.json, ["tags"], "an exact number is not a JSON cell");
  });

  it("leaves a cell of exactly the limit whole", () => {
    const exact = "a".repeat(CELL_DISPLAY_LIMIT);
    const r = hitToRow({ _index: "t", _id: "7", _source: { name: exact } }, columns);
    assert.equal(r.cells.name, exact);
    assert.deepEqual(r.cut, []);
  });

  it("never splits a surrogate pair", () => {
    const emoji = `${"a".repeat(CELL_DISPLAY_LIMIT - 4)}😀😀😀`;
    const r = hitToRow({ _index: "t", _id: "8", _source: { name: emoji } }, columns);
    const cell = r.cells.name as string;
    assert.ok(cell.endsWith("a..."), "the pair that would be split is left out whole");
    assert.ok(cell.length <= CELL_DISPLAY_LIMIT);
  });
});
