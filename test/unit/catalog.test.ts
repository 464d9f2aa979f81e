/**
 * The catalog's pure parts: Elasticsearch's answers read as the catalog's values (7.17, 8.x and
 * 9.x wordings), the field search's matching, the aggregation body with the grid's filters and
 * its answer, and the MCP side's compact tables and cursors.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { facet, offered } from "../../src/core/facet-access.ts";
import type { Column } from "../../src/core/grid.ts";
import { explanationOf } from "../../src/drivers/elasticsearch/cluster/cluster-answers.ts";
import {
  healthReport,
  partitionOf,
} from "../../src/drivers/elasticsearch/cluster/health-answers.ts";
import { mappingToColumns } from "../../src/drivers/elasticsearch/table/mapping.ts";
import {
  aggregationBody,
  aggregationResult,
} from "../../src/drivers/elasticsearch/table-views/aggregate.ts";
import {
  fieldsOf,
  nameMatcher,
  tableStatsOf,
} from "../../src/drivers/elasticsearch/table-views/answers.ts";
import { aggregationTable } from "../../src/mcp/tools/aggregate.ts";
import { healthRecord } from "../../src/mcp/tools/cluster.ts";
import { pageOf, shortList } from "../../src/mcp/tools/paging.ts";
import { openSession } from "../support/drivers/jsonfile/session.ts";

const COLUMNS: Column[] = mappingToColumns({
  orders: {
    mappings: {
      properties: {
        status: { type: "keyword" },
        total: { type: "double" },
        title: { type: "text", fields: { keyword: { type: "keyword" } } },
        note: { type: "text" },
        created_at: { type: "date" },
        items: { type: "nested", properties: { sku: { type: "keyword" } } },
      },
    },
  },
});

describe("cluster answers", () => {
  test("a _cat/shards row: strings and nulls become numbers and nulls", () => {
    assert.deepEqual(
      partitionOf({
        index: "a",
        shard: "1",
        prirep: "r",
        state: "UNASSIGNED",
        docs: null,
        store: null,
        node: null,
        "unassigned.reason": "NODE_LEFT",
      }),
      {
        table: "a",
        partition: 1,
        primary: false,
        state: "UNASSIGNED",
        docs: null,
        sizeBytes: null,
        node: null,
        unassignedReason: "NODE_LEFT",
      },
    );
    assert.equal(
      partitionOf({ index: "a", shard: "0", prirep: "p", docs: "12", store: "3" }).docs,
      12,
    );
  });

  test("health: counts, unassigned shards listed, explanation kept; 7.x without 8.x fields", () => {
    const rows = [
      { index: "a", shard: "0", prirep: "p", state: "STARTED" },
      {
        index: "a",
        shard: "0",
        prirep: "r",
        state: "UNASSIGNED",
        "unassigned.reason": "INDEX_CREATED",
      },
    ];
    const report = healthReport({
      health: { cluster_name: "c", status: "yellow", active_shards: 1, unassigned_shards: 1 },
      nodes: [
        {
          name: "n1",
          roles: ["data"],
          leader: true,
          version: "8.19.21",
          address: "10.0.0.1",
          memoryUsedBytes: 100,
          memoryMaxBytes: 400,
          diskUsedBytes: 5,
          diskTotalBytes: 10,
          cpuPercent: 7,
          load: [1.5, 1, 0.5],
        },
      ],
      unassigned: rows,
      explanation: explanationOf({
        index: "a",
        shard: 0,
        primary: false,
        can_allocate: "no",
        allocate_explanation: "cannot allocate",
        node_allocation_decisions: [
          {
            node_name: "n1",
            node_decision: "no",
            deciders: [
              { decision: "YES", explanation: "fine" },
              { decision: "NO", explanation: "a copy is already here" },
            ],
          },
        ],
      }),
    });
    assert.equal(report.partitions.unassigned, 1);
    assert.equal(report.partitions.delayedUnassigned, null);
    assert.deepEqual(report.unassigned, [
      { table: "a", partition: 0, primary: false, reason: "INDEX_CREATED" },
    ]);
    assert.equal(report.unassignedListed, "all");
    const record = healthRecord(report);
    assert.deepEqual(record.unassigned?.rows, [["a", 0, false, "INDEX_CREATED"]]);
    assert.equal(record.unassigned_note, undefined, "every unassigned copy listed");
    assert.deepEqual(record.allocation?.nodes.rows, [["n1", "no", ["a copy is already here"]]]);
    assert.deepEqual(record.nodes.rows, [
      // Heap 100 of 400 and disk 5 of 10 as percentages; the one-minute load.
      ["n1", "d", true, "8.19.21", 25, 50, 10, 7, 1.5],
    ]);
    assert.deepEqual(record.nodes.columns.slice(0, 3), ["name", "roles", "master"]);
    assert.equal(record.pending, undefined, "no pending tasks, no table of them");
  });

  test("index stats: primaries' documents, all copies' size, shard counts from _cat", () => {
    const stats = tableStatsOf(
      {
        indices: {
          a: {
            primaries: { docs: { count: 9, deleted: 1 }, store: { size_in_bytes: 50 } },
            total: { store: { size_in_bytes: 100 }, segments: { count: 4 } },
          },
        },
      },
      [{ index: "a", pri: "2", rep: "1" }],
    );
    assert.deepEqual(stats, [
      {
        name: "a",
        docs: 9,
        deletedDocs: 1,
        sizeBytes: 100,
        primarySizeBytes: 50,
        segments: 4,
        primaries: 2,
        replicas: 1,
      },
    ]);
  });
});

describe("field search", () => {
  test("names: part of the name, case-insensitive; globs match the whole name", () => {
    assert.ok(nameMatcher("Cust")("order.customer_id"));
    assert.ok(nameMatcher("*.city")("customer.city"));
    assert.ok(!nameMatcher("*.city")("customer.city.raw"));
    assert.ok(nameMatcher("c?ty")("city"));
    assert.ok(nameMatcher(undefined)("anything"));
    assert.ok(!nameMatcher("a.b")("axb"), "a dot is a dot, not any character");
  });

  test("a _field_caps answer: indices per type, or all; no metadata, no unmapped", () => {
    const body = {
      indices: ["b", "a"],
      fields: {
        _id: { _id: { type: "_id", metadata_field: true } },
        name: {
          text: { type: "text", searchable: true, aggregatable: false, indices: ["a"] },
          keyword: { type: "keyword", searchable: true, aggregatable: true, indices: ["b"] },
        },
        city: {
          keyword: { type: "keyword", searchable: true, aggregatable: true, indices: ["a"] },
          unmapped: { type: "unmapped", indices: ["b"] },
        },
        at: { date: { type: "date", searchable: true, aggregatable: true } },
      },
    };
    assert.deepEqual(
      fieldsOf(body, {}).map((f) => [f.name, f.type, f.tables]),
      [
        ["at", "date", ["a", "b"]],
        ["city", "keyword", ["a"]],
        ["name", "keyword", ["b"]],
        ["name", "text", ["a"]],
      ],
    );
    assert.deepEqual(
      fieldsOf(body, { types: ["KEYWORD"] }).map((f) => f.name),
      ["city", "name"],
    );
    assert.deepEqual(
      fieldsOf(body, { name: "na" }).map((f) => f.type),
      ["keyword", "text"],
    );
  });
});

describe("aggregation", () => {
  test("terms with the grid's filters: size 0, filters compiled, text grouped by keyword", () => {
    const body = aggregationBody(
      COLUMNS,
      {
        kind: "terms",
        field: "title",
        filters: [{ column: "status", op: "eq", value: "paid" }],
        size: 5,
        metric: { op: "avg", field: "total" },
      },
      "orders",
    );
    assert.equal(body.size, 0);
    assert.equal(body.track_total_hits, true);
    assert.deepEqual(body.query, { bool: { filter: [{ term: { status: "paid" } }] } });
    assert.deepEqual(body.aggs, {
      a: {
        terms: { field: "title.keyword", size: 5, min_doc_count: 1 },
        aggs: { m: { avg: { field: "total" } } },
      },
    });
  });

  test("intervals: calendar names, fixed ones, automatic buckets; nested leaves wrapped", () => {
    const at = (interval?: string) =>
      aggregationBody(
        COLUMNS,
        { kind: "date_histogram", field: "created_at", ...(interval ? { interval } : {}) },
        "o",
      ).aggs as Record<string, Record<string, unknown>>;
    assert.deepEqual(at("month").a?.date_histogram, {
      field: "created_at",
      calendar_interval: "1M",
      min_doc_count: 1,
    });
    assert.match(JSON.stringify(at("12h").a?.date_histogram), /"fixed_interval":"12h"/);
    assert.deepEqual(at().a?.auto_date_histogram, { field: "created_at", buckets: 20 });
    const nested = aggregationBody(COLUMNS, { kind: "terms", field: "items.sku" }, "o");
    assert.deepEqual(nested.aggs, {
      n: {
        nested: { path: "items" },
        aggs: { a: { terms: { field: "items.sku", size: 10, min_doc_count: 1 } } },
      },
    });
  });

  test("refusals name the field and what to do", () => {
    const refuses = (req: Parameters<typeof aggregationBody>[1], re: RegExp) =>
      assert.throws(() => aggregationBody(COLUMNS, req, "orders"), re);
    refuses({ kind: "terms", field: "nope" }, /orders has no field "nope"/);
    refuses({ kind: "stats", field: "status" }, /needs numbers or dates/);
    refuses({ kind: "terms", field: "note" }, /note cannot be aggregated/);
    refuses({ kind: "date_histogram", field: "total" }, /not a date/);
    refuses(
      { kind: "date_histogram", field: "created_at", interval: "fortnight" },
      /not one a date histogram takes/,
    );
    refuses({ kind: "histogram", field: "total" }, /positive numeric interval/);
    refuses(
      { kind: "stats", field: "total", metric: { op: "sum", field: "total" } },
      /needs terms/,
    );
    refuses({ kind: "terms", field: "_id" }, /_id cannot be aggregated/);
  });

  test("answers: buckets (7.x total as a number), stats, percentiles, cardinality", () => {
    const terms = aggregationResult(
      { kind: "terms", field: "status", metric: { op: "sum", field: "total" } },
      {
        hits: { total: 7 },
        aggregations: {
          a: {
            buckets: [{ key: "open", doc_count: 5, m: { value: 10 } }],
            sum_other_doc_count: 2,
            doc_count_error_upper_bound: 0,
          },
        },
      },
    );
    assert.equal(terms.matched, 7);
    assert.deepEqual(aggregationTable(terms, { op: "sum", field: "total" }), {
      columns: ["key", "doc_count", "sum_total"],
      rows: [["open", 5, 10]],
    });
    assert.equal(terms.otherCount, 2);
    const dates = aggregationResult(
      { kind: "date_histogram", field: "at" },
      {
        hits: { total: { value: 3 } },
        aggregations: {
          n: {
            a: { buckets: [{ key: 1767225600000, key_as_string: "2026-01-01", doc_count: 3 }] },
          },
        },
      },
    );
    assert.deepEqual(aggregationTable(dates).rows, [["2026-01-01", 3]]);
    const stats = aggregationResult(
      { kind: "stats", field: "at" },
      {
        aggregations: {
          a: { count: 2, min: 1, max: 2, avg: 1.5, sum: 3, min_as_string: "x", max_as_string: "y" },
        },
      },
    );
    // A date's stats are its range: its mean and sum are milliseconds no one asked for.
    assert.deepEqual(aggregationTable(stats), {
      columns: ["count", "min", "max"],
      rows: [[2, "x", "y"]],
    });
    const numbers = aggregationResult(
      { kind: "stats", field: "total" },
      { aggregations: { a: { count: 2, min: 1, max: 2, avg: 1.5, sum: 3 } } },
    );
    assert.deepEqual(aggregationTable(numbers), {
      columns: ["count", "min", "max", "avg", "sum"],
      rows: [[2, 1, 2, 1.5, 3]],
    });
    const pct = aggregationResult(
      { kind: "percentiles", field: "total" },
      { aggregations: { a: { values: [{ key: 50, value: 12.5 }] } } },
    );
    assert.deepEqual(aggregationTable(pct).rows, [[50, 12.5]]);
    const distinct = aggregationResult(
      { kind: "cardinality", field: "s" },
      { aggregations: { a: { value: 4 } } },
    );
    assert.deepEqual(aggregationTable(distinct), { columns: ["distinct"], rows: [[4]] });
  });
});

describe("pages and short lists", () => {
  test("a cursor continues where the last page ended; the last page has none", () => {
    const rows = [1, 2, 3, 4, 5];
    assert.deepEqual(pageOf(rows, undefined, 2), {
      rows: [1, 2],
      offset: 0,
      total: 5,
      next_cursor: "2",
    });
    assert.deepEqual(pageOf(rows, "4", 2), { rows: [5], offset: 4, total: 5 });
    for (const bad of ["-1", "x", "1.5", ""])
      assert.throws(() => pageOf(rows, bad, 2), /not one this tool gave/);
  });

  test("long name lists say how many more", () => {
    assert.deepEqual(shortList(["a", "b", "c"], 2), ["a", "b", "+1 more"]);
    assert.deepEqual(shortList(["a"], 2), ["a"]);
  });
});

describe("the JSON file test driver's views", () => {
  test("it offers the table views it has, and no cluster views or aggregation", async () => {
    const { mkdtemp, writeFile } = await import("node:fs/promises");
    const { join } = await import("node:path");
    const { tmpdir } = await import("node:os");
    const dir = await mkdtemp(join(tmpdir(), "t-catalog-"));
    const file = join(dir, "db.json");
    await writeFile(file, JSON.stringify({ people: [{ name: "Ann", age: 3 }] }));
    const session = openSession({ file, layout: "tables" } as never);
    assert.equal(offered(session, "clusterViews"), undefined);
    assert.throws(
      () => facet(session, "aggregation"),
      /^QuarryError: JSON File connections do not offer aggregations\.$/,
    );
    const views = facet(session, "tableViews");
    assert.equal((await views.tableStats())[0]?.docs, 1);
    assert.deepEqual(
      (await views.findFields({ name: "AG" })).map((f) => [f.name, f.type, f.tables]),
      [["age", "number", ["people"]]],
    );
  });
});
