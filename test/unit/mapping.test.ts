/** Mapping to columns: flattening, nested, multi-fields, meta columns, unions. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Column } from "../../src/core/grid.ts";
import {
  fieldCapsToMapping,
  type MappingResponse,
  mappingToColumns,
} from "../../src/drivers/elasticsearch/table/mapping.ts";

const ORDERS: MappingResponse = {
  orders: {
    mappings: {
      properties: {
        status: { type: "keyword" },
        notes: { type: "text" },
        title: { type: "text", fields: { keyword: { type: "keyword", ignore_above: 256 } } },
        customer: {
          properties: {
            name: { type: "text", fields: { raw: { type: "keyword" } } },
            address: { properties: { city: { type: "keyword" }, zip: { type: "keyword" } } },
          },
        },
        items: {
          type: "nested",
          properties: {
            sku: { type: "keyword" },
            price: { type: "double" },
            parts: { type: "nested", properties: { code: { type: "keyword" } } },
            dims: { properties: { w: { type: "integer" } } },
          },
        },
        blob: { type: "object", enabled: false },
        extra: { type: "alias", path: "status" },
        total: { type: "double" },
      },
    },
  },
};

const byName = (cols: Column[]) => new Map(cols.map((c) => [c.name, c]));

describe("mappingToColumns", () => {
  const cols = mappingToColumns(ORDERS);
  const col = byName(cols);

  it("starts with _id (the primary key), _index and _score", () => {
    assert.deepEqual(
      cols.slice(0, 3).map((c) => [c.name, c.kind]),
      [
        ["_id", "meta"],
        ["_index", "meta"],
        ["_score", "meta"],
      ],
    );
    assert.equal(col.get("_id")?.primaryKey, true);
    assert.equal(col.get("_id")?.sortField, null);
    assert.match(col.get("_id")?.sortNote ?? "", /_id cannot be sorted/);
    assert.doesNotMatch(col.get("_id")?.sortNote ?? "", /\d\.x/, "true of 7.17 and 8.x alike");
    assert.equal(col.get("_index")?.sortField, "_index");
    assert.equal(col.get("_score")?.filterable, false);
    for (const m of ["_id", "_index", "_score"]) assert.equal(col.get(m)?.editable, false);
  });

  it("flattens objects two levels deep to dotted leaf paths, with no column for the object", () => {
    assert.equal(col.get("customer.address.city")?.kind, "field");
    assert.equal(col.get("customer.address.city")?.type, "keyword");
    assert.equal(col.get("customer.name")?.type, "text");
    assert.equal(col.has("customer"), false);
    assert.equal(col.has("customer.address"), false);
  });

  it("gives a nested array one JSON column plus one column per leaf, inner arrays too", () => {
    assert.deepEqual(
      {
        kind: col.get("items")?.kind,
        paths: col.get("items")?.nestedPaths,
        sort: col.get("items")?.sortField,
        filterable: col.get("items")?.filterable,
        editable: col.get("items")?.editable,
      },
      { kind: "nested-parent", paths: ["items"], sort: null, filterable: false, editable: true },
    );
    const sku = col.get("items.sku");
    assert.equal(sku?.kind, "nested-leaf");
    assert.deepEqual(sku?.nestedPaths, ["items"]);
    assert.equal(sku?.editable, false);
    assert.equal(sku?.sortField, "items.sku");
    assert.equal(col.get("items.dims.w")?.kind, "nested-leaf");
    assert.deepEqual(col.get("items.parts")?.nestedPaths, ["items", "items.parts"]);
    assert.equal(col.get("items.parts")?.kind, "nested-parent");
    assert.deepEqual(col.get("items.parts.code")?.nestedPaths, ["items", "items.parts"]);
  });

  it("records multi-fields, and a text field sorts on its keyword sub-field", () => {
    assert.deepEqual(col.get("title")?.multiFields, [{ name: "title.keyword", type: "keyword" }]);
    assert.equal(col.get("title")?.sortField, "title.keyword");
    // Any keyword sub-field will do when it is not called `keyword`.
    assert.equal(col.get("customer.name")?.sortField, "customer.name.raw");
    assert.equal(col.get("notes")?.sortField, null);
    assert.match(col.get("notes")?.sortNote ?? "", /without a \.keyword sub-field/);
  });

  it("keeps a disabled object as one JSON column and leaves field aliases out", () => {
    assert.equal(col.get("blob")?.type, "object");
    assert.equal(col.get("blob")?.sortField, null);
    assert.equal(col.has("extra"), false);
  });

  it("an index without mappings has only the meta columns", () => {
    assert.deepEqual(
      mappingToColumns({ empty: { mappings: {} } }).map((c) => c.name),
      ["_id", "_index", "_score"],
    );
  });
});

describe("mappingToColumns over several indices (alias, pattern, comma list)", () => {
  const union = mappingToColumns({
    "logs-b": {
      mappings: {
        properties: {
          code: { type: "long" },
          level: { type: "keyword" },
          bytes: { type: "integer" },
          only_b: { type: "boolean" },
        },
      },
    },
    "logs-a": {
      mappings: {
        properties: {
          code: { type: "keyword" },
          level: { type: "keyword" },
          bytes: { type: "long" },
          msg: { type: "text", fields: { keyword: { type: "keyword" } } },
        },
      },
    },
  });
  const col = byName(union);

  it("is the union of the fields", () => {
    for (const name of ["code", "level", "bytes", "only_b", "msg"]) assert.ok(col.has(name), name);
    assert.equal(col.get("level")?.type, "keyword");
    assert.equal(col.get("level")?.conflict, undefined);
  });

  it("marks a field typed differently as a conflict, naming each type's indices", () => {
    assert.equal(col.get("code")?.type, "conflict");
    assert.deepEqual(col.get("code")?.conflict, { keyword: ["logs-a"], long: ["logs-b"] });
    assert.equal(col.get("code")?.sortField, null);
    assert.match(col.get("code")?.sortNote ?? "", /keyword in logs-a; long in logs-b/);
  });

  it("numbers of different widths still sort together", () => {
    assert.equal(col.get("bytes")?.type, "conflict");
    assert.equal(col.get("bytes")?.sortField, "bytes");
  });
});

describe("filterable", () => {
  it("says whether a column takes any filter operator", () => {
    const col = byName(mappingToColumns(ORDERS));
    assert.equal(col.get("status")?.filterable, true);
    assert.equal(col.get("items.sku")?.filterable, true);
    assert.equal(col.get("items")?.filterable, false);
    assert.equal(col.get("blob")?.filterable, false, "a disabled object is not indexed");
    assert.equal(col.get("_score")?.filterable, false);
  });
});

describe("fieldCapsToMapping (users who may search but not read mappings)", () => {
  // The shape 8.19 answers for two indices, `c` typed differently in each.
  const caps = {
    indices: ["fc1", "fc2"],
    fields: {
      "t.keyword": { keyword: { type: "keyword", metadata_field: false } },
      c: {
        keyword: { type: "keyword", metadata_field: false, indices: ["fc1"] },
        long: { type: "long", metadata_field: false, indices: ["fc2"] },
      },
      "o.a": { keyword: { type: "keyword", metadata_field: false } },
      t: { text: { type: "text", metadata_field: false } },
      "n.x": { long: { type: "long", metadata_field: false } },
      n: { nested: { type: "nested", metadata_field: false } },
      o: { object: { type: "object", metadata_field: false } },
      _id: { _id: { type: "_id", metadata_field: true } },
    },
  };
  const col = byName(mappingToColumns(fieldCapsToMapping(caps)));

  it("gives the same columns a mapping would", () => {
    assert.deepEqual([...col.keys()], ["_id", "_index", "_score", "c", "n", "n.x", "o.a", "t"]);
    assert.equal(col.get("n")?.kind, "nested-parent");
    assert.equal(col.get("n.x")?.kind, "nested-leaf");
    assert.equal(col.get("o.a")?.kind, "field");
  });

  it("turns a path under a leaf into a multi-field, and keeps conflicts", () => {
    assert.deepEqual(col.get("t")?.multiFields, [{ name: "t.keyword", type: "keyword" }]);
    assert.equal(col.get("t")?.sortField, "t.keyword");
    assert.deepEqual(col.get("c")?.conflict, { keyword: ["fc1"], long: ["fc2"] });
  });

  it("no indices is no columns", () => {
    assert.deepEqual(fieldCapsToMapping({ indices: [], fields: {} }), {});
  });
});
