/**
 * ES|QL answers shaped (core/piped-query.ts) and versions told apart (the esql tool), on answers
 * in the exact shape the Elasticsearch specification documents for `POST /_query`: `columns`
 * (name, type) and `values` (rows as arrays); an error's reason with `line L:C:` per problem.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { queryProblems, queryTable } from "../../src/core/piped-query.ts";
import { esqlMissing } from "../../src/mcp/tools/esql.ts";

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

describe("an ES|QL answer as a compact table", () => {
  it("columns, their types and the rows, in order", () => {
    assert.deepEqual(queryTable(ANSWER, 100, "FROM employees | STATS avg(salary) BY languages"), {
      columns: ["avg(salary)", "languages"],
      types: ["double", "integer"],
      rows: ANSWER.values,
      row_count: 3,
    });
  });

  it("a row cap says how many rows it left out and how to narrow", () => {
    const t = queryTable(ANSWER, 2, "FROM employees | LIMIT 3");
    assert.equal(t.rows.length, 2);
    assert.equal(t.row_count, 3);
    assert.equal(t.rows_note, "2 of 3 rows shown; add LIMIT, WHERE or STATS to narrow the query.");
  });

  it("1,000 rows without LIMIT: the cluster's own cap is said", () => {
    const values = Array.from({ length: 1000 }, (_, i) => [i]);
    const t = queryTable({ columns: [{ name: "n", type: "long" }], values }, 100, "FROM t");
    assert.match(String(t.rows_note), /^100 of 1000 rows shown; .*at most 1000 rows without LIMIT/);
    const limited = queryTable(
      { columns: [{ name: "n", type: "long" }], values },
      5000,
      "FROM t | LIMIT 1000",
    );
    assert.equal(limited.rows_note, undefined);
  });

  it("a partial answer says so; an empty one is an empty table", () => {
    assert.equal(queryTable({ ...ANSWER, is_partial: true }, 10, "FROM e").partial, true);
    assert.deepEqual(
      queryTable({ columns: [{ name: "a", type: "keyword" }], values: [] }, 10, "FROM e"),
      {
        columns: ["a"],
        types: ["keyword"],
        rows: [],
        row_count: 0,
      },
    );
  });
});

describe("an ES|QL error with its position", () => {
  it("a parsing error (parsing_exception) names line and column", () => {
    const reason = "line 1:19: mismatched input 'BY' expecting {<EOF>, '|', ',', 'and', 'or'}";
    assert.deepEqual(queryProblems(reason), [
      {
        line: 1,
        column: 19,
        message: "mismatched input 'BY' expecting {<EOF>, '|', ',', 'and', 'or'}",
      },
    ]);
  });

  it("a verification error (verification_exception) lists each problem", () => {
    const reason =
      "Found 2 problems\nline 1:24: Unknown column [salry]\nline 2:8: Unknown column [x]";
    assert.deepEqual(queryProblems(reason), [
      { line: 1, column: 24, message: "Unknown column [salry]" },
      { line: 2, column: 8, message: "Unknown column [x]" },
    ]);
  });

  it("a reason without a position is kept whole", () => {
    assert.deepEqual(queryProblems("Unknown index [nope]"), [{ message: "Unknown index [nope]" }]);
  });
});

describe("which clusters have ES|QL", () => {
  it("8.11 and later", () => {
    assert.equal(esqlMissing("Elasticsearch", "8.11.0"), undefined);
    assert.equal(esqlMissing("Elasticsearch", "8.19.21"), undefined);
    assert.equal(esqlMissing("Elasticsearch", "9.5.4"), undefined);
  });

  it("7.17, 8.x before 8.11 and other products do not", () => {
    assert.match(String(esqlMissing("Elasticsearch", "7.17.29")), /7\.17\.29 does not have it/);
    assert.match(String(esqlMissing("Elasticsearch", "8.10.4")), /8\.10\.4 does not have it/);
    assert.match(
      String(esqlMissing("OpenSearch", "2.19.6")),
      /OpenSearch 2\.19\.6 does not have it/,
    );
  });
});
