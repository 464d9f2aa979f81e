/**
 * The order every page is read in (browse-plan.ts) and counting a big table's rows beside its
 * page (page-count.ts): when it is chosen, and how the two answers make one.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  COUNT_APART_FROM,
  TableSizes,
  withCount,
} from "../../src/drivers/elasticsearch/grid/page-count.ts";
import type { SearchBody } from "../../src/drivers/elasticsearch/grid/paging.ts";
import { type Plan, pageSort, pitSort } from "../../src/drivers/elasticsearch/grid/plan.ts";

const plan = (over: Partial<Plan>): Plan => ({
  query: { match_all: {} },
  sort: [],
  scored: false,
  dropped: [],
  key: "k",
  ...over,
});

describe("the order of every page", () => {
  it("ends with the order rows were written in their shard, whatever the sort", () => {
    assert.deepEqual(pageSort(plan({})), [{ _seq_no: { order: "asc" } }]);
    assert.deepEqual(pageSort(plan({ scored: true })), [
      { _score: { order: "desc" } },
      { _seq_no: { order: "asc" } },
    ]);
    const byDate = { created_at: { order: "desc" } };
    assert.deepEqual(pageSort(plan({ sort: [byDate], scored: true })), [
      byDate,
      { _seq_no: { order: "asc" } },
    ]);
  });

  it("over a point in time is the same order, made total by _shard_doc", () => {
    for (const p of [plan({}), plan({ scored: true }), plan({ sort: [{ n: { order: "asc" } }] })])
      assert.deepEqual(pitSort(p), [...pageSort(p), { _shard_doc: { order: "asc" } }]);
  });
});

describe("counting a big table beside its page", () => {
  it("is chosen from the table's last count, at the threshold and above", () => {
    const sizes = new TableSizes();
    assert.equal(sizes.countApart(undefined), false, "an unknown table is counted in its page");
    assert.equal(sizes.countApart(COUNT_APART_FROM - 1), false);
    assert.equal(sizes.countApart(COUNT_APART_FROM), true);
    assert.equal(new TableSizes(10).countApart(10), true);
  });

  it("remembers the latest count of each table, forgetting the oldest past its limit", () => {
    const sizes = new TableSizes();
    sizes.set("a", 1);
    sizes.set("a", 2);
    assert.equal(sizes.get("a"), 2);
    for (let i = 0; i < TableSizes.LIMIT; i++) sizes.set(`t${i}`, i);
    assert.equal(sizes.get("a"), undefined);
    assert.equal(sizes.get(`t${TableSizes.LIMIT - 1}`), TableSizes.LIMIT - 1);
  });

  it("gives the page the count's total, and reports failed shards or a timeout of either", () => {
    const page: SearchBody = {
      hits: { hits: [{ _id: "1", _index: "i" }] },
      _shards: { total: 2, successful: 2, failed: 0 },
    };
    const count: SearchBody = {
      hits: { total: { value: 7, relation: "eq" } },
      _shards: { total: 2, successful: 1, failed: 1, failures: [{ shard: 1, index: "i" }] },
      timed_out: false,
    };
    const both = withCount(page, count);
    assert.deepEqual(both.hits?.total, { value: 7, relation: "eq" });
    assert.equal(both.hits?.hits?.length, 1);
    assert.equal(both._shards?.failed, 1, "the count's failure makes the page partial");
    assert.equal(both.timed_out, undefined);
    const slow = withCount({ ...page, timed_out: true }, { hits: { total: 7 } });
    assert.equal(slow.timed_out, true);
    assert.equal(slow._shards?.failed, 0, "the page's own header when the count failed nothing");
  });
});
