/**
 * What the fuzzers found in the driver's pure parsers, one case each, so each stays fixed whatever
 * seed the fuzzers run with (test/unit/fuzz-parsers.test.ts).
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { ChangeSet } from "../../src/core/changes.ts";
import { isQuarryError } from "../../src/core/errors.ts";
import type { FilterRow, SortSpec } from "../../src/core/grid.ts";
import { checkChanges } from "../../src/drivers/elasticsearch/changes/checks.ts";
import { classifyRequest } from "../../src/drivers/elasticsearch/console/classify.ts";
import { compileFilters } from "../../src/drivers/elasticsearch/table/filters.ts";
import { mappingToColumns } from "../../src/drivers/elasticsearch/table/mapping.ts";
import { compileSort } from "../../src/drivers/elasticsearch/table/sort.ts";
import { ORDERS_MAPPING } from "../support/datasets.ts";

const columns = mappingToColumns({ orders: { mappings: ORDERS_MAPPING as never } });

function refusal(fn: () => unknown): { code: string; message: string; remedy: string } {
  try {
    fn();
  } catch (e) {
    assert.ok(isQuarryError(e), `a QuarryError, not ${String(e)}`);
    return e;
  }
  assert.fail("expected a refusal");
}

describe("filters and sorts that are not lists of objects are refused, naming the part", () => {
  it("a filter that is null, true or names no column", () => {
    for (const bad of [null, true, [], { op: "eq" }, { column: { toString: null }, op: "eq" }]) {
      const e = refusal(() => compileFilters(columns, [bad as never]));
      assert.equal(e.code, "invalid_input");
      assert.match(e.message, /^Filter 1 is not an object \{column, op, value\?, group\?\}/);
    }
    const e = refusal(() => compileFilters(columns, "status = paid" as never as FilterRow[]));
    assert.match(e.message, /^The value of filters is not a list/);
  });

  it("a sort that is null, or a direction that cannot be shown as text", () => {
    assert.match(
      refusal(() => compileSort(columns, [{ column: "status", direction: "asc" }, null as never]))
        .message,
      /^Sort 2 is not an object/,
    );
    const e = refusal(() =>
      compileSort(columns, [
        { column: "status", direction: { toString: null } } as never as SortSpec,
      ]),
    );
    assert.match(e.message, /direction \{"toString":null\} is neither asc nor desc/);
  });
});

describe("change sets", () => {
  const empty: ChangeSet = { updates: [], inserts: [], deletes: [] };

  it("a row that is not an object is refused by its place in the list", () => {
    const refusals = checkChanges(
      columns,
      { updates: [null as never], inserts: [false as never], deletes: [7 as never] },
      "orders",
    );
    assert.deepEqual(
      refusals.map((r) => [r.change, r.row]),
      [
        ["update", "update 1"],
        ["insert", "insert 1"],
        ["delete", "delete 1"],
      ],
    );
    for (const r of refusals) assert.ok(r.message && r.remedy);
  });

  it("a column named like an Object member (toString, constructor) is an unknown column", () => {
    const [r, s] = checkChanges(
      columns,
      { ...empty, inserts: [{ values: { toString: 1, constructor: 2 } }] },
      "orders",
    );
    assert.equal(r?.message, `"toString" is not a column of orders`);
    assert.ok(r?.remedy);
    assert.equal(s?.message, `"constructor" is not a column of orders`);
  });

  it("a row whose _id is not text is named by its place, never by an empty label", () => {
    const [r] = checkChanges(
      columns,
      { ...empty, deletes: [{ _id: [] as never, _seq_no: 0, _primary_term: 1 }] },
      "orders",
    );
    assert.equal(r?.row, "delete 1");
    assert.match(r?.message ?? "", /has no _id/);
  });
});

describe("the request classifier and Object.prototype's names", () => {
  for (const path of ["/__proto__", "/orders/__defineGetter__", "/__lookupSetter__/x"]) {
    it(`POST ${path} is classified (as a write), not a crash`, () => {
      const c = classifyRequest({ method: "POST", path });
      assert.equal(c.class, "write");
    });
  }
});
