/**
 * ES|QL columns made by approximate functions: read from the query's last STATS, marked with
 * their accuracy, the check query that makes a distinct count exact, and cells shown by type.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { distinctEstimateError } from "../../src/core/exactness.ts";
import { queryCellText, queryHeaderText } from "../../src/core/query-cell-text.ts";
import { esqlTable } from "../../src/drivers/elasticsearch/esql/answer.ts";
import { distinctCheckQuery } from "../../src/drivers/elasticsearch/esql/exact-distinct.ts";
import { lastStats, maskQuery } from "../../src/drivers/elasticsearch/esql/stats.ts";

describe("the last STATS of an ES|QL query", () => {
  it("names each aggregate's column, its approximate function and its BY keys", () => {
    const s = lastStats(
      'FROM o | WHERE note == "| STATS x = MEDIAN(y)" | STATS c = COUNT_DISTINCT(customer.email), PERCENTILE(total, 95), m = ROUND(MEDIAN(total), 2), n = COUNT(*) BY status, `my key` | SORT c DESC | LIMIT 5',
    );
    assert.deepEqual(s?.aggregates, [
      { column: "c", approximate: "COUNT_DISTINCT", distinct: { field: "customer.email" } },
      { column: "PERCENTILE(total, 95)", approximate: "PERCENTILE" },
      { column: "m", approximate: "MEDIAN" },
      { column: "n" },
    ]);
    assert.deepEqual(s?.by, ["status", "my key"]);
    assert.equal(s?.plainBy, true);
    assert.equal(s?.before, 'FROM o | WHERE note == "| STATS x = MEDIAN(y)"');
    assert.deepEqual(s?.after, ["SORT", "LIMIT"]);
  });

  it("a precision given, an expression as key, no BY, no STATS", () => {
    const s = lastStats("FROM o | STATS d = COUNT_DISTINCT(ip, 40000) BY b = BUCKET(ts, 1 day)");
    assert.deepEqual(s?.aggregates[0]?.distinct, { field: "ip", precision: 40000 });
    assert.deepEqual(s?.by, ["b"]);
    assert.equal(s?.plainBy, false);
    assert.deepEqual(lastStats("FROM o | STATS MEDIAN(x)")?.by, []);
    assert.equal(lastStats("FROM o | LIMIT 3"), undefined);
    assert.equal(maskQuery('a "b|c" // d').length, 'a "b|c" // d'.length);
  });

  it("the check counts the values one by one per group, after the query's own filters", () => {
    const s = lastStats("FROM o | WHERE paid | STATS c = COUNT_DISTINCT(email) BY status");
    assert.equal(
      s && distinctCheckQuery(s, "email"),
      "FROM o | WHERE paid | WHERE email IS NOT NULL | STATS BY email, status | STATS _quarry_distinct = COUNT(*) BY status | LIMIT 10000",
    );
  });
});

describe("approximate columns marked", () => {
  it("a distinct count with its likely error at the precision, a percentile an estimate", () => {
    const t = esqlTable(
      {
        columns: [
          { name: "c", type: "long" },
          { name: "p", type: "double" },
          { name: "n", type: "long" },
        ],
        values: [[9131, 1904.6437026647966, 30000]],
      },
      "FROM sample-orders | STATS c = COUNT_DISTINCT(customer.email), p = PERCENTILE(total, 95), n = COUNT(*)",
    );
    const [c, p, n] = t.columns;
    assert.equal(c?.accuracy?.word, "±223");
    assert.match(c?.accuracy?.how ?? "", /precision 3,000, the default/);
    assert.equal(p?.accuracy?.word, "estimate");
    assert.equal(n?.accuracy, undefined);
    assert.equal(t.chart, undefined, "no BY, no chart");
    assert.equal(queryHeaderText(c ?? { name: "" }), "c (±223)");
  });

  it("the error of an estimate: small up to the precision, HyperLogLog's above it", () => {
    assert.equal(distinctEstimateError(1000, 3000), 2);
    assert.equal(distinctEstimateError(9131, 3000), 223);
    assert.equal(distinctEstimateError(100_000, 40_000), 610);
  });
});

describe("query cells by their type", () => {
  it("a double at its type's digits with separators; others as given", () => {
    assert.equal(queryCellText(3665266.4299999997, { type: "double" }), "3,665,266.43");
    assert.equal(queryCellText(0.1 + 0.2, { type: "double" }), "0.3");
    assert.equal(queryCellText(1e-9, { type: "double" }), "1e-9");
    assert.equal(queryCellText(30000, { type: "long" }), "30000");
    assert.equal(queryCellText([1.5, 2000.25], { type: "double" }), "1.5, 2,000.25");
    assert.equal(queryCellText(null, { type: "double" }), "");
    assert.equal(queryCellText("1.2.3", { type: "version" }), "1.2.3");
  });
});
