/** Sorting: keyword sub-fields, dropped columns, nested context, refusals. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { parseSort } from "../../src/cli/commands/browse.ts";
import { mappingToColumns } from "../../src/drivers/elasticsearch/table/mapping.ts";
import { compileSort } from "../../src/drivers/elasticsearch/table/sort.ts";
import { columnsOf } from "../support/columns.ts";
import { refusal } from "../support/refusal.ts";

const columns = columnsOf({
  status: { type: "keyword" },
  notes: { type: "text" },
  title: { type: "text", fields: { keyword: { type: "keyword" } } },
  created_at: { type: "date" },
  loc: { type: "geo_point" },
  items: {
    type: "nested",
    properties: {
      price: { type: "double" },
      parts: { type: "nested", properties: { code: { type: "keyword" } } },
    },
  },
});

describe("compileSort", () => {
  it("sorts keyword, date and meta columns as they are", () => {
    const { sort, dropped } = compileSort(columns, [
      { column: "status", direction: "asc" },
      { column: "created_at", direction: "desc" },
      { column: "_index", direction: "asc" },
      { column: "_score", direction: "desc" },
    ]);
    assert.deepEqual(sort, [
      { status: { order: "asc", unmapped_type: "keyword" } },
      { created_at: { order: "desc", unmapped_type: "date" } },
      { _index: { order: "asc" } },
      { _score: { order: "desc" } },
    ]);
    assert.deepEqual(dropped, []);
  });

  it("sorts a text column on its .keyword sub-field", () => {
    const { sort } = compileSort(columns, [{ column: "title", direction: "desc" }]);
    assert.deepEqual(sort, [{ "title.keyword": { order: "desc", unmapped_type: "keyword" } }]);
  });

  it("drops _id and text without .keyword, says why, and keeps the other columns", () => {
    const { sort, dropped } = compileSort(columns, [
      { column: "_id", direction: "asc" },
      { column: "notes", direction: "asc" },
      { column: "status", direction: "desc" },
      { column: "loc", direction: "asc" },
    ]);
    assert.deepEqual(sort, [{ status: { order: "desc", unmapped_type: "keyword" } }]);
    assert.deepEqual(
      dropped.map((d) => d.column),
      ["_id", "notes", "loc"],
    );
    assert.match(dropped[0]!.reason, /_id cannot be sorted \(it keeps no sortable values/);
    assert.doesNotMatch(dropped[0]!.reason, /\d\.x/, "true of 7.17 and 8.x alike");
    assert.match(dropped[1]!.reason, /text field without a \.keyword sub-field/);
    assert.match(dropped[2]!.reason, /geo_point values have no sort order/);
  });

  it("sorts a nested leaf in its nested context (the 8.x form), inner arrays too", () => {
    const { sort } = compileSort(columns, [
      { column: "items.price", direction: "asc" },
      { column: "items.parts.code", direction: "desc" },
    ]);
    assert.deepEqual(sort, [
      {
        "items.price": {
          order: "asc",
          unmapped_type: "double",
          mode: "min",
          nested: { path: "items" },
        },
      },
      {
        "items.parts.code": {
          order: "desc",
          unmapped_type: "keyword",
          mode: "max",
          nested: { path: "items", nested: { path: "items.parts" } },
        },
      },
    ]);
  });

  it("refuses the nested JSON parent column, pointing at a leaf", () => {
    const e = refusal(() => compileSort(columns, [{ column: "items", direction: "asc" }]));
    assert.equal(e.code, "invalid_input");
    assert.match(e.message, /^Sort on "items": it is the JSON column of a nested array/);
    assert.match(e.remedy, /items\.price/);
  });

  it("refuses an unknown column, a bad direction and a column listed twice", () => {
    const unknown = refusal(() =>
      compileSort(columns, [{ column: "nope", direction: "asc" }], "t"),
    );
    assert.match(unknown.message, /"t" has no column "nope"/);
    assert.match(unknown.remedy, /status/);
    const dir = refusal(() =>
      compileSort(columns, [{ column: "status", direction: "up" as unknown as "asc" }]),
    );
    assert.match(dir.message, /direction "up"/);
    const twice = refusal(() =>
      compileSort(columns, [
        { column: "status", direction: "asc" },
        { column: "status", direction: "desc" },
      ]),
    );
    assert.match(twice.message, /listed twice/);
  });

  it("sorts nothing when asked nothing", () => {
    assert.deepEqual(compileSort(columns, undefined), { sort: [], dropped: [] });
  });

  it("a numeric conflict sorts as double across the indices", () => {
    const union = mappingToColumns({
      a: { mappings: { properties: { n: { type: "long" } } } },
      b: { mappings: { properties: { n: { type: "double" } } } },
    });
    assert.deepEqual(compileSort(union, [{ column: "n", direction: "asc" }]).sort, [
      { n: { order: "asc", unmapped_type: "long", numeric_type: "double" } },
    ]);
  });
});

describe("the CLI's --sort syntax", () => {
  it("is ascending unless :desc", () => {
    assert.deepEqual(parseSort("total"), { column: "total", direction: "asc" });
    assert.deepEqual(parseSort("total:desc"), { column: "total", direction: "desc" });
    assert.deepEqual(parseSort("customer.name:ASC"), { column: "customer.name", direction: "asc" });
  });
});
