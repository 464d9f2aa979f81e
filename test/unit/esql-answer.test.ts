/**
 * ES|QL answers in the exact shapes the Elasticsearch specification documents for `esql.query`
 * (`{ took, columns: [{name, type}], values }`, and the error `{ error: { root_cause, type,
 * reason: "line 1:15: …" }, status: 400 }`), read as the console reads them.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { classifyAnswer } from "../../src/drivers/elasticsearch/console/answers.ts";
import {
  columnKind,
  cutOf,
  errorPosition,
  esqlTable,
  queryLimit,
} from "../../src/drivers/elasticsearch/esql/answer.ts";
import { esqlRequest, withEsqlShape } from "../../src/drivers/elasticsearch/esql/result.ts";
import { ORDERS_ANSWER, PARSING_ERROR, STATS_ANSWER } from "../support/esql-answers.ts";

describe("ES|QL answers as tables", () => {
  it("typed columns, rows as given (multi-values as arrays), took", () => {
    const t = esqlTable(ORDERS_ANSWER, "FROM sample-orders | LIMIT 2");
    assert.deepEqual(
      t.columns.map((c) => [c.name, c.kind]),
      [
        ["order_date", "date"],
        ["total", "number"],
        ["paid", "boolean"],
        ["location", "geo"],
        ["tags", "text"],
        ["quantity", "number"],
      ],
    );
    assert.deepEqual(t.rows[0]?.[4], ["gift", "promo"]);
    assert.equal(t.took, 28);
    assert.equal(t.cut, undefined);
    assert.equal(t.chart, undefined);
    assert.equal(t.language, "ES|QL");
    for (const [type, kind] of [
      ["unsigned_long", "number"],
      ["counter_long", "number"],
      ["date_nanos", "date"],
      ["ip", "text"],
      ["unsupported", "other"],
    ] as const)
      assert.equal(columnKind(type), kind, type);
  });

  it("columnar answers are turned into rows", () => {
    const t = esqlTable(
      {
        columns: [
          { name: "a", type: "long" },
          { name: "b", type: "keyword" },
        ],
        values: [
          [1, 2],
          ["x", "y"],
        ],
      },
      "ROW a = 1",
      { columnar: true },
    );
    assert.deepEqual(t.rows, [
      [1, "x"],
      [2, "y"],
    ]);
    assert.equal(t.took, null);
  });

  it("a result cut at 1,000 rows (no LIMIT) or at the cluster's most says so, and what to do", () => {
    assert.equal(queryLimit("FROM a | LIMIT 50 | SORT x | LIMIT 20"), 20);
    assert.equal(queryLimit('FROM a | WHERE msg == "| LIMIT 5"'), undefined);
    const def = cutOf(1000, "FROM logs | WHERE status >= 500");
    assert.match(def?.message ?? "", /cut at 1,000 rows: ES\|QL returns 1,000 rows unless LIMIT/);
    assert.match(def?.remedy ?? "", /Narrow the query .* \| LIMIT n .*10,000/);
    assert.equal(cutOf(999, "FROM logs"), undefined);
    assert.equal(cutOf(1000, "FROM logs | LIMIT 1000"), undefined, "the LIMIT asked for");
    const max = cutOf(10_000, "FROM logs | LIMIT 50000");
    assert.match(
      max?.message ?? "",
      /the cluster's most \(esql\.query\.result_truncation_max_size\)/,
    );
    assert.match(cutOf(500, "FROM logs | LIMIT 900", 500)?.message ?? "", /cut at 500 rows/);
  });

  it("STATS … BY is charted: its keys name the bars, one chart per number", () => {
    const t = esqlTable(STATS_ANSWER, "FROM sample-orders | STATS orders = COUNT(*) BY status");
    assert.deepEqual(t.chart, { labels: [1], values: [0] });
    const two = esqlTable(
      {
        columns: [
          { name: "n", type: "long" },
          { name: "revenue", type: "double" },
          { name: "status", type: "keyword" },
          { name: "paid", type: "boolean" },
        ],
        values: [[3, 9.5, "new", true]],
      },
      "FROM o | STATS n = COUNT(*), revenue = SUM(total) BY status, paid | SORT n DESC",
    );
    assert.deepEqual(two.chart, { labels: [2, 3], values: [0, 1] });
    const noBy = esqlTable(
      {
        columns: [
          { name: "n", type: "long" },
          { name: "s", type: "keyword" },
        ],
        values: [],
      },
      "FROM x | KEEP n, s",
    );
    assert.equal(noBy.chart, undefined);
  });

  it("a wrong query's position from the cluster's message", () => {
    assert.deepEqual(errorPosition(PARSING_ERROR.error.reason), { line: 1, column: 15 });
    assert.deepEqual(
      errorPosition("Found 2 problems\nline 2:9: Unknown column [cust]\nline 3:1: x"),
      { line: 2, column: 9 },
    );
    assert.equal(errorPosition("no position here"), undefined);
  });

  it("the console's answer carries the table, or the error's position", () => {
    const request = esqlRequest("FROM sample-orders | LIMIT 2");
    assert.deepEqual(request, {
      method: "POST",
      path: "/_query",
      body: { query: "FROM sample-orders | LIMIT 2" },
    });
    const ok = withEsqlShape(
      classifyAnswer("POST", 200, ORDERS_ANSWER) as never,
      ORDERS_ANSWER,
      request.body,
    );
    assert.equal(ok.kind, "json");
    assert.equal(ok.kind === "json" ? ok.queryTable?.rows.length : 0, 2);
    const bad = withEsqlShape(
      classifyAnswer("POST", 400, PARSING_ERROR) as never,
      PARSING_ERROR,
      request.body,
    );
    assert.equal(bad.kind, "error");
    if (bad.kind === "error") {
      assert.equal(bad.type, "parsing_exception");
      assert.deepEqual(bad.queryPosition, { line: 1, column: 15 });
    }
  });
});
