/** How exact an answer is (core/exactness.ts): in words for the console, in a word for MCP. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { AggregationResult } from "../../src/core/catalog.ts";
import {
  DISTINCT_EXACT_UP_TO,
  distinctAccuracyWord,
  termsAccuracy,
  totalText,
} from "../../src/core/exactness.ts";
import type { Column } from "../../src/core/grid.ts";
import { distinctPageBody } from "../../src/drivers/elasticsearch/table-views/distinct.ts";
import { accuracyOf } from "../../src/mcp/tools/aggregate.ts";

const base = { field: "f", matched: 100 };

describe("accuracy in words", () => {
  it("a distinct count is exact when counted; an estimate says its likely error", () => {
    assert.equal(DISTINCT_EXACT_UP_TO, 40_000);
    assert.equal(distinctAccuracyWord(9_274, true), "exact");
    assert.equal(distinctAccuracyWord(9_274, false), "±19");
    assert.equal(distinctAccuracyWord(50_000, false), "±300");
    assert.equal(distinctAccuracyWord(1_234_567, false), "±7,408");
  });

  it("a top list says what is not exact, in the cluster's own figures", () => {
    assert.equal(termsAccuracy(0, 0), "exact");
    assert.equal(termsAccuracy(undefined, undefined), "exact");
    assert.equal(
      termsAccuracy(0, 18),
      "not exact: 18 more records hold values beyond those listed",
    );
    assert.match(termsAccuracy(4, 0), /^not exact: a count may be up to 4 short/);
  });

  it("a total that stopped counting is a lower bound", () => {
    assert.equal(totalText(10_000, "gte"), "at least 10,000");
    assert.equal(totalText(42, "eq"), "42");
  });

  it("the aggregate tool's answer: accuracy in a word, and what a top list leaves out", () => {
    const distinct: AggregationResult = {
      ...base,
      kind: "cardinality",
      distinct: 9_274,
      distinctExact: true,
    };
    assert.deepEqual(accuracyOf(distinct), { accuracy: "exact" });
    const many: AggregationResult = { ...base, kind: "cardinality", distinct: 100_000 };
    assert.deepEqual(accuracyOf(many), { accuracy: "±600" });
    const pct: AggregationResult = { ...base, kind: "percentiles", percentiles: [] };
    assert.deepEqual(accuracyOf(pct), { accuracy: "estimate" });
    const top: AggregationResult = {
      ...base,
      kind: "terms",
      buckets: [{ key: "a", count: 3 }],
      otherCount: 5,
      countError: 1,
    };
    assert.deepEqual(accuracyOf(top), { accuracy: "approximate", others: 5, count_error: 1 });
    // Values left out of the list do not make the listed counts less exact.
    const cut: AggregationResult = { ...top, countError: 0 };
    assert.deepEqual(accuracyOf(cut), { accuracy: "exact", others: 5 });
    const all: AggregationResult = { ...top, otherCount: 0, countError: 0 };
    assert.deepEqual(accuracyOf(all), { accuracy: "exact" });
    const perBucket: AggregationResult = {
      ...base,
      kind: "terms",
      buckets: [{ key: "a", count: 3, metric: 60_000 }],
    };
    assert.equal(accuracyOf(perBucket, { op: "cardinality", field: "c" }).accuracy, "±360");
    const small: AggregationResult = {
      ...perBucket,
      buckets: [{ key: "a", count: 3, metric: 900 }],
    };
    assert.equal(accuracyOf(small, { op: "cardinality", field: "c" }).accuracy, "±2");
  });
});

describe("an exact distinct count's pages", () => {
  const columns = [
    { name: "id", type: "keyword", kind: "field", sortField: "id", filterable: true },
    {
      name: "items.sku",
      type: "keyword",
      kind: "nested-leaf",
      sortField: "items.sku",
      filterable: true,
      nestedPaths: ["items"],
    },
  ] as unknown as Column[];

  it("a composite over the field, with the same query, after the last key", () => {
    const body = distinctPageBody(columns, { kind: "cardinality", field: "id" }, "t", { k: "x" });
    assert.deepEqual(body.aggs, {
      a: {
        composite: {
          size: 10_000,
          sources: [{ k: { terms: { field: "id" } } }],
          after: { k: "x" },
        },
      },
    });
    assert.equal(body.size, 0);
    assert.equal(body.track_total_hits, false);
  });

  it("inside the nested aggregation for a nested leaf", () => {
    const body = distinctPageBody(
      columns,
      { kind: "cardinality", field: "items.sku" },
      "t",
      undefined,
    );
    assert.deepEqual(body.aggs, {
      n: {
        nested: { path: "items" },
        aggs: {
          a: { composite: { size: 10_000, sources: [{ k: { terms: { field: "items.sku" } } }] } },
        },
      },
    });
  });
});
