/** Change sets, pure: the refusals that stop a save, and the documents an update or insert sends. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { alreadyHeld } from "../../src/drivers/elasticsearch/changes/already-held.ts";
import { checkChanges, insertLabel } from "../../src/drivers/elasticsearch/changes/checks.ts";
import {
  expandDocument,
  partialDocument,
} from "../../src/drivers/elasticsearch/changes/document-paths.ts";
import { mappingToColumns } from "../../src/drivers/elasticsearch/table/mapping.ts";
import type { EsChangeSet as ChangeSet } from "../../src/drivers/elasticsearch/table/row-version.ts";
import { ORDERS_MAPPING } from "../support/datasets.ts";

const columns = mappingToColumns({ orders: { mappings: ORDERS_MAPPING as never } });
const empty: ChangeSet = { updates: [], inserts: [], deletes: [] };
const row = { _id: "ORD-1", _seq_no: 3, _primary_term: 1 };

function refusals(changes: Partial<ChangeSet>) {
  return checkChanges(columns, { ...empty, ...changes }, "orders");
}

describe("checkChanges", () => {
  it("accepts edits of ordinary, object and nested-parent columns, inserts and deletes", () => {
    assert.deepEqual(
      refusals({
        updates: [
          {
            ...row,
            set: {
              status: "paid",
              "customer.address.city": "Porto",
              items: [{ sku: "KB-01", qty: 2 }],
              tags: ["a", "b"],
              notes: null,
            },
          },
        ],
        inserts: [{ _id: "NEW-1", values: { status: "new" } }, { values: {} }],
        deletes: [{ _id: "ORD-2", _seq_no: 0, _primary_term: 1 }],
      }),
      [],
    );
  });

  it("refuses edits to _id, _index and _score of an existing row, naming row and column", () => {
    const r = refusals({ updates: [{ ...row, set: { _id: "x", _index: "y", _score: 1 } }] });
    assert.deepEqual(
      r.map((x) => [x.change, x.row, x.column]),
      [
        ["update", "ORD-1", "_id"],
        ["update", "ORD-1", "_index"],
        ["update", "ORD-1", "_score"],
      ],
    );
    assert.match(r[0]?.message ?? "", /"_id" is the document's key/);
    assert.ok(r.every((x) => x.remedy.length > 0));
  });

  it("refuses a value typed into a nested leaf column, of an existing or a new document", () => {
    const r = refusals({
      updates: [{ ...row, set: { "items.sku": '["X"]' } }],
      inserts: [{ values: { status: "new", "items.price": 3 } }],
    });
    assert.equal(r.length, 2);
    assert.deepEqual([r[0]?.row, r[0]?.column], ["ORD-1", "items.sku"]);
    assert.deepEqual([r[1]?.row, r[1]?.column], ["new row 1", "items.price"]);
    assert.match(r[0]?.message ?? "", /leaf of the nested array "items"/);
    assert.match(r[0]?.remedy ?? "", /JSON column "items"/);
  });

  it("refuses an edit to a cut cell that was not loaded in full", () => {
    const r = refusals({ updates: [{ ...row, set: { notes: "lorem..." }, cut: ["notes"] }] });
    assert.equal(r.length, 1);
    assert.equal(r[0]?.column, "notes");
    assert.match(r[0]?.message ?? "", /cut at the display limit/);
    // The same row with the full value loaded (no longer listed as cut) may be saved.
    assert.deepEqual(refusals({ updates: [{ ...row, set: { notes: "full" }, cut: [] }] }), []);
  });

  it("refuses a number beyond 2^53 (already rounded), and takes the same digits as text", () => {
    const r = refusals({ updates: [{ ...row, set: { priority: 2 ** 60 } }] });
    assert.equal(r.length, 1);
    assert.equal(r[0]?.column, "priority");
    assert.match(r[0]?.message ?? "", /beyond 2\^53/);
    assert.match(r[0]?.remedy ?? "", /as text in quotes/);
    assert.deepEqual(
      refusals({ updates: [{ ...row, set: { priority: "1152921504606846977" } }] }),
      [],
    );
    assert.deepEqual(refusals({ updates: [{ ...row, set: { priority: 2 ** 53 - 1 } }] }), []);
  });

  it("refuses unknown columns, metadata, a non-JSON nested value, and missing tokens", () => {
    const r = refusals({
      updates: [
        { ...row, set: { nope: 1, _routing: "x", items: "not json" } },
        { _id: "ORD-9", _seq_no: -2, _primary_term: 0, set: { status: "x" } },
      ],
    });
    assert.deepEqual(
      r.map((x) => x.column ?? x.row),
      ["nope", "_routing", "items", "ORD-9"],
    );
    assert.match(r[3]?.message ?? "", /no valid _seq_no and _primary_term/);
  });

  it("refuses the same document twice, an empty update, an _id among a new row's values", () => {
    const r = refusals({
      updates: [
        { ...row, set: { status: "a" } },
        { _id: "ORD-3", _seq_no: 1, _primary_term: 1, set: {} },
      ],
      inserts: [{ values: { _id: "Z" } }],
      deletes: [{ ...row }],
    });
    assert.deepEqual(
      r.map((x) => x.message.replace(/ \(.*/, "")),
      [
        'the update of "ORD-3" changes no column',
        "the new row's _id is given as a value",
        'the document "ORD-1" appears twice in the change set',
      ],
    );
  });

  it("labels new rows by typed _id, else by position", () => {
    assert.equal(insertLabel({ _id: "A", values: {} }, 0), "A");
    assert.equal(insertLabel({ values: {} }, 1), "new row 2");
  });
});

describe("documents sent", () => {
  it("a partial document follows the source's own shape", () => {
    assert.deepEqual(
      partialDocument(
        { customer: { name: "Ada", address: { city: "Lisbon", zip: "1" } } },
        { "customer.address.city": "Porto", status: "paid" },
      ),
      { customer: { address: { city: "Porto" } }, status: "paid" },
    );
    // Dotted keys in the source are kept as they are, so the merge replaces the value in place.
    assert.deepEqual(partialDocument({ "customer.name": "Ada" }, { "customer.name": "Grace" }), {
      "customer.name": "Grace",
    });
    assert.deepEqual(
      partialDocument(
        { customer: { "address.city": "Oslo" } },
        { "customer.address.city": "Kyoto" },
      ),
      { customer: { "address.city": "Kyoto" } },
    );
    // A field the document does not have yet is written as objects.
    assert.deepEqual(partialDocument({}, { "customer.vip": true }), { customer: { vip: true } });
  });

  it("refuses a path through an array of objects (the merge would replace the array)", () => {
    assert.throws(
      () => partialDocument({ lines: [{ a: 1, b: 2 }, { a: 3 }] }, { "lines.a": [9, 9] }),
      /array of objects at lines/,
    );
    // An array of scalars at the leaf is a value like any other.
    assert.deepEqual(partialDocument({ tags: ["a"] }, { tags: ["b"] }), { tags: ["b"] });
  });

  it("a new document expands dotted names into objects", () => {
    assert.deepEqual(
      expandDocument({ "customer.name": "Ada", "customer.address.city": "Lisbon", total: 3 }),
      { customer: { name: "Ada", address: { city: "Lisbon" } }, total: 3 },
    );
  });
});

describe("alreadyHeld: a change the cluster already holds (an earlier save's lost answer)", () => {
  const source = { name: "Ada", customer: { address: { city: "Porto", zip: "4000" } }, n: 1 };
  const update = (doc: Record<string, unknown>) => ({ change: "update" as const, body: { doc } });

  it("an update whose values the document has, objects merged as the cluster merges them", () => {
    assert.equal(alreadyHeld(update({ name: "Ada" }), { found: true, _source: source }), true);
    assert.equal(
      alreadyHeld(update({ customer: { address: { city: "Porto" } } }), {
        found: true,
        _source: source,
      }),
      true,
    );
    assert.equal(alreadyHeld(update({ name: "Grace" }), { found: true, _source: source }), false);
    assert.equal(alreadyHeld(update({ extra: null }), { found: true, _source: source }), false);
    assert.equal(alreadyHeld(update({ name: "Ada" }), { found: false }), false);
  });

  it("a new row whose document is there as it would be written, key order aside", () => {
    const insert = { change: "insert" as const, body: { n: 1, name: "Ada", tags: ["a", "b"] } };
    assert.equal(
      alreadyHeld(insert, { found: true, _source: { tags: ["a", "b"], name: "Ada", n: 1 } }),
      true,
    );
    assert.equal(
      alreadyHeld(insert, { found: true, _source: { tags: ["b", "a"], name: "Ada", n: 1 } }),
      false,
      "array order matters",
    );
    assert.equal(
      alreadyHeld(insert, { found: true, _source: { n: 1, name: "Ada", tags: ["a", "b"], x: 1 } }),
      false,
    );
  });

  it("a deletion of a document that is gone; nothing when the document could not be read", () => {
    assert.equal(alreadyHeld({ change: "delete", body: undefined }, { found: false }), true);
    assert.equal(
      alreadyHeld({ change: "delete", body: undefined }, { found: true, _source: source }),
      false,
    );
    assert.equal(alreadyHeld({ change: "delete", body: undefined }, undefined), false);
  });
});
