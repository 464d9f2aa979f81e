/**
 * The esql tool's answer: the driver's table of an ES|QL answer (esql/answer.ts), made compact for
 * a model (compactQueryTable), on answers in the exact shape the Elasticsearch specification
 * documents for `POST /_query`: `took`, `columns` (name, type) and `values` (rows as arrays).
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { esqlTable } from "../../src/drivers/elasticsearch/esql/answer.ts";
import { compactQueryTable } from "../../src/mcp/tools/esql.ts";

/** The query API's answer as its reference shows it (a STATS ... BY with a null group). */
const ANSWER = {
  took: 28,
  is_partial: false,
  columns: [
    { name: "avg(salary)", type: "double" },
    { name: "languages", type: "integer" },
  ],
  values: [
    [48248.55, 2],
    [52519.6, 1],
    [47733.0, null],
  ],
};
const STATS = "FROM employees | STATS avg(salary) BY languages";

describe("an ES|QL answer as the esql tool's compact table", () => {
  it("columns, their types and the rows, in order, and nothing else", () => {
    assert.deepEqual(compactQueryTable(esqlTable(ANSWER, STATS), 100), {
      columns: ["avg(salary)", "languages"],
      types: ["double", "integer"],
      rows: ANSWER.values,
      row_count: 3,
    });
  });

  it("a row cap says how many rows it left out and how to narrow", () => {
    const t = compactQueryTable(esqlTable(ANSWER, "FROM employees | LIMIT 3"), 2);
    assert.equal(t.rows.length, 2);
    assert.equal(t.row_count, 3);
    assert.match(String(t.rows_note), /^2 of 3 rows shown; add LIMIT, WHERE or STATS/);
  });

  it("1,000 rows without LIMIT: the cluster's own cut is said, with LIMIT none is", () => {
    const values = Array.from({ length: 1000 }, (_, i) => [i]);
    const columns = [{ name: "n", type: "long" }];
    const t = compactQueryTable(esqlTable({ columns, values }, "FROM t"), 100);
    assert.match(String(t.rows_note), /^100 of 1000 rows shown; .*cut at 1,000 rows/);
    const limited = compactQueryTable(esqlTable({ columns, values }, "FROM t | LIMIT 1000"), 5000);
    assert.equal(limited.rows_note, undefined);
  });

  it("a partial answer says so; an empty one is an empty table", () => {
    assert.equal(
      compactQueryTable(esqlTable({ ...ANSWER, is_partial: true }, "FROM e"), 9).partial,
      true,
    );
    assert.deepEqual(
      compactQueryTable(
        esqlTable({ columns: [{ name: "a", type: "keyword" }], values: [] }, "FROM e"),
        10,
      ),
      { columns: ["a"], types: ["keyword"], rows: [], row_count: 0 },
    );
  });
});
