/** Tables a person reads beside a console answer: aggregations flattened, `_cat` text parsed. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { aggregationTables } from "../../src/drivers/elasticsearch/console/aggregation-tables.ts";
import {
  catTextTable,
  hasHeader,
  isCatListing,
} from "../../src/drivers/elasticsearch/console/cat-text.ts";
import { withTables } from "../../src/drivers/elasticsearch/console/tables.ts";

describe("aggregations as tables", () => {
  it("a terms aggregation: one row per bucket with its key and doc_count, and a chart", () => {
    const [t, ...rest] = aggregationTables({
      by_status: {
        doc_count_error_upper_bound: 0,
        sum_other_doc_count: 3,
        buckets: [
          { key: "paid", doc_count: 7 },
          { key: "open", doc_count: 2 },
        ],
      },
    });
    assert.equal(rest.length, 0);
    assert.deepEqual(t, {
      title: "by_status",
      headers: ["by_status", "doc_count"],
      rows: [
        ["paid", 7],
        ["open", 2],
      ],
      chart: { label: 0, value: 1 },
      accuracy: "not exact: 3 more records hold values beyond those listed",
    });
  });

  it("metric sub-aggregations become columns; multi-value metrics one column each", () => {
    const [t] = aggregationTables({
      by_day: {
        buckets: [
          {
            key: 1700000000000,
            key_as_string: "2023-11-14",
            doc_count: 3,
            total: { value: 30.5 },
            spread: { count: 3, min: 1, max: 20, avg: 10.1, sum: 30.5 },
            pct: { values: { "50.0": 9, "99.0": 19 } },
          },
        ],
      },
    });
    assert.deepEqual(t!.headers, [
      "by_day",
      "doc_count",
      "total",
      "spread.count",
      "spread.min",
      "spread.max",
      "spread.avg",
      "spread.sum",
      "pct.50.0",
      "pct.99.0",
    ]);
    assert.deepEqual(t!.rows, [["2023-11-14", 3, 30.5, 3, 1, 20, 10.1, 30.5, 9, 19]]);
    assert.deepEqual(t!.chart, { label: 0, value: 1 });
  });

  it("nested bucket aggregations: one row per inner bucket, the outer key repeated; no chart", () => {
    const [t] = aggregationTables({
      country: {
        buckets: [
          {
            key: "FR",
            doc_count: 5,
            status: {
              buckets: [
                { key: "paid", doc_count: 4, amount: { value: 40 } },
                { key: "open", doc_count: 1, amount: { value: 5 } },
              ],
            },
          },
          {
            key: "DE",
            doc_count: 1,
            status: { buckets: [{ key: "paid", doc_count: 1, amount: { value: 3 } }] },
          },
          { key: "IT", doc_count: 0, status: { buckets: [] } },
        ],
      },
    });
    assert.deepEqual(t!.headers, ["country", "doc_count", "status", "status doc_count", "amount"]);
    assert.deepEqual(t!.rows, [
      ["FR", 5, "paid", 4, 40],
      ["FR", 5, "open", 1, 5],
      ["DE", 1, "paid", 1, 3],
      ["IT", 0, null, null, null],
    ]);
    assert.equal(t!.chart, undefined);
  });

  it("keyed buckets, ranges, composite keys, single-bucket and top-level metrics", () => {
    const tables = aggregationTables({
      avg_price: { value: 12.5 },
      newest: { value: 1700000000000, value_as_string: "2023-11-14T22:13:20.000Z" },
      ranges: {
        buckets: [
          { key: "*-10.0", to: 10, doc_count: 2 },
          { from: 10, doc_count: 1 },
        ],
      },
      named: { buckets: { errors: { doc_count: 4 }, warnings: { doc_count: 6 } } },
      pairs: {
        after_key: { a: "y", b: 2 },
        buckets: [{ key: { a: "x", b: 1 }, doc_count: 9 }],
      },
      only_paid: { doc_count: 8, total: { value: 80 } },
    });
    assert.deepEqual(
      tables.map((t) => [t.title, t.headers, t.rows]),
      [
        ["metrics", ["avg_price", "newest"], [[12.5, "2023-11-14T22:13:20.000Z"]]],
        [
          "ranges",
          ["ranges", "doc_count"],
          [
            ["*-10.0", 2],
            ["10-*", 1],
          ],
        ],
        [
          "named",
          ["named", "doc_count"],
          [
            ["errors", 4],
            ["warnings", 6],
          ],
        ],
        ["pairs", ["pairs.a", "pairs.b", "doc_count"], [["x", 1, 9]]],
        ["only_paid", ["doc_count", "total"], [[8, 80]]],
      ],
    );
  });

  it("no aggregations, no tables", () => {
    assert.deepEqual(aggregationTables(undefined), []);
    assert.deepEqual(aggregationTables({}), []);
  });
});

describe("_cat text as a table", () => {
  // As 8.x writes it: numbers right-aligned under left-aligned headers; a closed index has no counts.
  const indices = [
    "health status index         uuid                   pri rep docs.count docs.deleted store.size pri.store.size",
    "green  open   sample-orders ACX-k_RvTOmiH6xcrFnRfA   2   0     104788            0      8.8mb          8.8mb",
    "       close  t-c16r-a      Zq1                      1   1                                                   ",
    "",
  ].join("\n");

  it("with ?v: the header names the columns; right-aligned numbers and empty cells kept apart", () => {
    const t = catTextTable(indices, true);
    assert.deepEqual(t.headers, [
      "health",
      "status",
      "index",
      "uuid",
      "pri",
      "rep",
      "docs.count",
      "docs.deleted",
      "store.size",
      "pri.store.size",
    ]);
    assert.deepEqual(t.rows, [
      [
        "green",
        "open",
        "sample-orders",
        "ACX-k_RvTOmiH6xcrFnRfA",
        2,
        0,
        104788,
        0,
        "8.8mb",
        "8.8mb",
      ],
      [null, "close", "t-c16r-a", "Zq1", 1, 1, null, null, null, null],
    ]);
  });

  it("without a header: columns numbered", () => {
    const t = catTextTable("green open a   1\ngreen open bb 10\n", false);
    assert.deepEqual(t.headers, ["1", "2", "3", "4"]);
    assert.deepEqual(t.rows, [
      ["green", "open", "a", 1],
      ["green", "open", "bb", 10],
    ]);
  });

  it("which paths are listings and which carry a header", () => {
    assert.equal(isCatListing("/_cat/indices?v"), true);
    assert.equal(isCatListing("/_cat/indices/t-*"), true);
    assert.equal(isCatListing("/_cat"), false);
    assert.equal(isCatListing("/_cat/indices?help"), false);
    assert.equal(isCatListing("/t/_search"), false);
    assert.equal(hasHeader("/_cat/indices?v"), true);
    assert.equal(hasHeader("/_cat/indices?v=true&s=index"), true);
    assert.equal(hasHeader("/_cat/indices?v=false"), false);
    assert.equal(hasHeader("/_cat/indices"), false);
  });

  it("a text answer becomes a json result with its table; other answers are left as they were", () => {
    const json = { kind: "json", status: 200, raw: indices } as const;
    const r = withTables(json, "/_cat/indices?v", indices);
    assert.equal(r.kind === "json" && r.tables?.[0]?.rows.length, 2);
    assert.equal(withTables(json, "/_cat", indices), json);
    const err = { kind: "error", status: 400, type: "x", reason: "y", raw: {} } as const;
    assert.equal(withTables(err, "/_cat/indices?v", indices), err);
  });
});
