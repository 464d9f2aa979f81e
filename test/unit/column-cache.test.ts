import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Column } from "../../src/core/grid.ts";
import { ColumnCache, unknownField } from "../../src/drivers/elasticsearch/table/column-cache.ts";

const col = (name: string, type = "keyword"): Column => ({
  name,
  type,
  kind: "value" as Column["kind"],
  sortField: name,
  filterable: true,
  editable: true,
});

describe("ColumnCache", () => {
  it("reads a target once while fresh, again after the time, and on a fresh read", async () => {
    let now = 0;
    let reads = 0;
    const cache = new ColumnCache(1000, () => now);
    const read = async () => {
      reads++;
      return [col(`f${reads}`)];
    };
    assert.deepEqual(await cache.get("t", read), [col("f1")]);
    assert.deepEqual(await cache.get("t", read), [col("f1")]);
    assert.equal(reads, 1);
    now = 999;
    await cache.get("t", read);
    assert.equal(reads, 1, "still fresh just before the time");
    now = 1000;
    assert.deepEqual(await cache.get("t", read), [col("f2")]);
    assert.deepEqual(await cache.get("t", read, true), [col("f3")], "fresh asks for a read");
    assert.deepEqual(await cache.get("t", read), [col("f3")], "and holds what it read");
    assert.equal(reads, 3);
  });

  it("peek gives the held columns without reading, and nothing once stale, forgotten or cleared", async () => {
    let now = 0;
    let reads = 0;
    const cache = new ColumnCache(1000, () => now);
    const read = async () => [col(`f${++reads}`)];
    assert.equal(cache.peek("t"), undefined, "nothing held yet");
    await cache.get("t", read);
    assert.deepEqual(await cache.peek("t"), [col("f1")]);
    assert.equal(reads, 1, "peek never reads");
    now = 1000;
    assert.equal(cache.peek("t"), undefined, "stale after the time");
    await cache.get("t", read);
    cache.forget("t");
    assert.equal(cache.peek("t"), undefined, "forgotten");
    await cache.get("t", read);
    cache.clear();
    assert.equal(cache.peek("t"), undefined, "cleared");
    assert.equal(reads, 3);
  });

  it("holds each target apart; forget and clear drop them", async () => {
    let reads = 0;
    const cache = new ColumnCache(60_000, () => 0);
    const read = async () => [col(String(++reads))];
    await cache.get("a", read);
    await cache.get("b", read);
    assert.ok(cache.has("a") && cache.has("b"));
    cache.forget("a");
    assert.ok(!cache.has("a") && cache.has("b"));
    cache.clear();
    assert.ok(!cache.has("b"));
    await cache.get("b", read);
    assert.equal(reads, 3);
  });

  it("never keeps a failed read", async () => {
    const cache = new ColumnCache(60_000, () => 0);
    await assert.rejects(cache.get("t", () => Promise.reject(new Error("no mapping"))));
    assert.ok(!cache.has("t"));
    assert.deepEqual(await cache.get("t", async () => [col("x")]), [col("x")]);
  });

  it("does not keep a read that began before a clear (a write ended meanwhile)", async () => {
    const cache = new ColumnCache(60_000, () => 0);
    let release: (c: Column[]) => void = () => {};
    const pending = cache.get("t", () => new Promise<Column[]>((r) => (release = r)));
    cache.clear();
    release([col("old")]);
    assert.deepEqual(await pending, [col("old")], "the caller still gets its answer");
    await Promise.resolve();
    assert.ok(!cache.has("t"), "but it is not held for the next search");
  });
});

describe("unknownField", () => {
  const columns = [
    col("_id"),
    col("status"),
    col("customer.name", "text"),
    col("customer.address.city"),
    col("items", "nested"),
    col("items.sku"),
  ];
  it("is undefined when every field of every hit has a column", () => {
    const hits = [
      {
        _source: {
          status: "paid",
          customer: { name: "A", address: { city: "B" } },
          items: [{ sku: "x", qty: 2 }],
        },
      },
      { _source: { status: "new", customer: {} } },
      {},
    ];
    assert.equal(unknownField(hits, columns), undefined, "items.qty is inside the items column");
  });

  it("names a field no column covers, at any depth and inside arrays of objects", () => {
    assert.equal(unknownField([{ _source: { total: 3 } }], columns), "total");
    assert.equal(
      unknownField([{ _source: { customer: { address: { zip: "1" } } } }], columns),
      "customer.address.zip",
    );
    assert.equal(
      unknownField([{ _source: { status: "a" } }, { _source: { tags: [{ k: 1 }] } }], columns),
      "tags",
    );
  });
});
