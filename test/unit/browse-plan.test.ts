/**
 * When a page planned with held columns stands (browse-plan.ts): the columns read beside the
 * search decide, and the page is searched again only when they compile to another search.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { BrowseRequest } from "../../src/core/grid.ts";
import { needsColumns, planHolds, planOf } from "../../src/drivers/elasticsearch/grid/plan.ts";
import { mappingToColumns } from "../../src/drivers/elasticsearch/table/mapping.ts";

const columnsOf = (properties: Record<string, { type: string }>) =>
  mappingToColumns({ t: { mappings: { properties } } });
const held = columnsOf({ status: { type: "keyword" }, at: { type: "date" } });
const sorted: BrowseRequest = { sort: [{ column: "at", direction: "desc" }] };
const filtered: BrowseRequest = { filters: [{ column: "status", op: "eq", value: "paid" }] };

describe("needsColumns", () => {
  it("is true only when filters or a sort name columns", () => {
    assert.equal(needsColumns({}), false);
    assert.equal(needsColumns({ page: 3, pageSize: 50, rawQuery: "x" }), false);
    assert.equal(needsColumns({ filters: [], sort: [] }), false);
    assert.equal(needsColumns(sorted), true);
    assert.equal(needsColumns(filtered), true);
  });
});

describe("planHolds", () => {
  it("holds when a field was only added: the sort and filters compile the same", () => {
    const fresh = columnsOf({
      status: { type: "keyword" },
      at: { type: "date" },
      note: { type: "text" },
    });
    assert.equal(planHolds(planOf(held, sorted, "t"), fresh, sorted, "t"), true);
    assert.equal(planHolds(planOf(held, filtered, "t"), fresh, filtered, "t"), true);
  });

  it("fails when the sorted field changed type (another sort is compiled)", () => {
    const fresh = columnsOf({ status: { type: "keyword" }, at: { type: "long" } });
    assert.equal(planHolds(planOf(held, sorted, "t"), fresh, sorted, "t"), false);
  });

  it("fails when the filtered field changed type (another query is compiled)", () => {
    const fresh = columnsOf({ status: { type: "text" }, at: { type: "date" } });
    assert.equal(planHolds(planOf(held, filtered, "t"), fresh, filtered, "t"), false);
  });

  it("fails when the fresh columns no longer have the field (the page is planned again)", () => {
    const fresh = columnsOf({ status: { type: "keyword" } });
    assert.equal(planHolds(planOf(held, sorted, "t"), fresh, sorted, "t"), false);
  });
});
