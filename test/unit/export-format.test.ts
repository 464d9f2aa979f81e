/** Export formats and the bulk-delete report, pure. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { parse } from "csv-parse/sync";
import type { QuarryError } from "../../src/core/errors.ts";
import {
  taskProgress,
  taskReport,
  withParam,
  withProceedExample,
} from "../../src/drivers/elasticsearch/console/delete-by-query.ts";
import { mappingToColumns } from "../../src/drivers/elasticsearch/table/mapping.ts";
import type { EsTransport } from "../../src/drivers/elasticsearch/wire/transport.ts";
import {
  csvColumns,
  csvField,
  csvHeader,
  csvLines,
  exportTable,
  jsonDocs,
  ndjsonLines,
} from "../support/export.ts";

describe("export formats", () => {
  it("CSV fields are quoted only when needed, and read back the same", () => {
    const values = ["plain", "a,b", 'say "hi"', "two\nlines", " edge ", "", null, 3.5, true];
    const line = values.map(csvField).join(",");
    assert.equal(line, 'plain,"a,b","say ""hi""","two\nlines"," edge ","",,3.5,true');
    assert.deepEqual(parse(`${line}\r\n`)[0], [
      "plain",
      "a,b",
      'say "hi"',
      "two\nlines",
      " edge ",
      "",
      "",
      "3.5",
      "true",
    ]);
  });

  it("CSV rows use the grid's columns without _score, with JSON for arrays and objects, never cut", () => {
    const columns = csvColumns(
      mappingToColumns({
        t: {
          mappings: {
            properties: {
              tags: { type: "keyword" },
              note: { type: "text" },
              items: { type: "nested", properties: { sku: { type: "keyword" } } },
            },
          },
        },
      }),
    );
    assert.deepEqual(
      columns.map((c) => c.name),
      ["_id", "_index", "tags", "note", "items", "items.sku"],
    );
    const long = "x".repeat(12_000);
    const text =
      csvHeader(columns) +
      csvLines(
        [{ _index: "t", _id: "1", _source: { tags: ["a", "b"], note: long, items: { sku: "K" } } }],
        columns,
      );
    const rows = parse(text) as string[][];
    assert.deepEqual(rows[1], ["1", "t", '["a","b"]', long, '{"sku":"K"}', '["K"]']);
  });

  it("NDJSON for _bulk names the index only when asked, and keeps routing", () => {
    const hits = [
      { _index: "a", _id: "1", _source: { n: 1 } },
      { _index: "b", _id: "2", _routing: "r", _source: { n: 2 } },
    ];
    assert.equal(
      ndjsonLines(hits, false),
      '{"index":{"_id":"1"}}\n{"n":1}\n{"index":{"_id":"2","routing":"r"}}\n{"n":2}\n',
    );
    assert.match(ndjsonLines(hits, true), /^\{"index":\{"_index":"a","_id":"1"\}\}\n/);
  });

  it("JSON documents are one per line", () => {
    assert.equal(
      jsonDocs([
        { _index: "a", _id: "1", _source: { n: 1 } },
        { _index: "a", _id: "2", _source: {} },
      ]),
      '{"_index":"a","_id":"1","_source":{"n":1}},\n{"_index":"a","_id":"2","_source":{}}',
    );
  });
});

describe("bulk delete report", () => {
  // The tasks API's answer for a _delete_by_query that met conflicts, as 7.17.29 gave it.
  const answer = {
    completed: true,
    task: {
      node: "n1",
      id: 28,
      action: "indices:data/write/delete/byquery",
      status: { total: 30, deleted: 10, batches: 2, version_conflicts: 2, noops: 0 },
    },
    response: {
      took: 435,
      timed_out: false,
      total: 30,
      deleted: 10,
      batches: 2,
      version_conflicts: 2,
      noops: 0,
      failures: [
        {
          index: "orders",
          id: "d12",
          cause: { type: "version_conflict_engine_exception", reason: "[d12]: version conflict" },
          status: 409,
        },
        {
          index: "orders",
          shard: 0,
          node: "n1",
          reason: { type: "illegal_state_exception", reason: "boom" },
        },
      ],
    },
  };

  it("lists per-document conflicts apart from shard failures", () => {
    const r = taskReport("n1:28", answer);
    assert.equal(r.completed, true);
    assert.deepEqual([r.total, r.deleted, r.versionConflicts, r.tookMs], [30, 10, 2, 435]);
    assert.deepEqual(r.failures, [
      {
        index: "orders",
        id: "d12",
        status: 409,
        type: "version_conflict_engine_exception",
        reason: "[d12]: version conflict",
        conflict: true,
      },
    ]);
    assert.deepEqual(r.searchFailures, [
      { index: "orders", shard: 0, type: "illegal_state_exception", reason: "boom" },
    ]);
    assert.deepEqual(taskProgress("n1:28", answer), {
      task: "n1:28",
      done: 12,
      total: 30,
      deleted: 10,
      versionConflicts: 2,
    });
  });

  it("a task the cluster ended at its first conflicts is stopped, with what it never attempted", () => {
    const stopped = taskReport("n1:5", {
      completed: true,
      task: { action: "indices:data/write/delete/byquery" },
      response: {
        total: 300,
        deleted: 200,
        version_conflicts: 10,
        failures: Array.from({ length: 10 }, (_, i) => ({
          index: "orders",
          id: `d${200 + i}`,
          status: 409,
          cause: { type: "version_conflict_engine_exception", reason: "conflict" },
        })),
      },
    });
    assert.equal(stopped.outcome, "stopped");
    assert.equal(stopped.notAttempted, 90);
    assert.match(
      stopped.stop?.reason ?? "",
      /^the cluster stopped it at its first version conflict/,
    );
    const shown = withProceedExample(stopped, "POST", "/orders/_delete_by_query?scroll_size=50");
    assert.match(
      shown.stop?.remedy ?? "",
      /conflicts=proceed in the path \(POST \/orders\/_delete_by_query\?scroll_size=50&conflicts=proceed\): the documents that changed are then counted as conflicts and left as they are, and the others are deleted\./,
    );
    // With conflicts=proceed the cluster lists no conflict as a failure: the run completed.
    const proceeded = taskReport("n1:6", {
      completed: true,
      task: { action: "indices:data/write/delete/byquery" },
      response: { total: 300, deleted: 290, version_conflicts: 10, failures: [] },
    });
    assert.deepEqual(
      [proceeded.outcome, proceeded.notAttempted, proceeded.stop],
      ["completed", 0, undefined],
    );
    const failed = taskReport("n1:7", {
      completed: true,
      task: { action: "indices:data/write/update/byquery" },
      response: {
        total: 50,
        updated: 20,
        failures: [
          { index: "o", id: "x", status: 400, cause: { type: "mapper_parsing_exception" } },
        ],
      },
    });
    assert.deepEqual([failed.outcome, failed.notAttempted], ["stopped", 29]);
    assert.match(failed.stop?.remedy ?? "", /what was updated stays updated/);
  });

  it("a task that failed reports its error; a running one has no report yet", () => {
    const failed = taskReport("n1:3", {
      completed: true,
      error: { type: "x_exception", reason: "outer", caused_by: { reason: "inner" } },
    });
    assert.deepEqual(failed.error, { type: "x_exception", reason: "outer: inner" });
    const running = taskProgress("n1:4", {
      completed: false,
      task: { status: { total: 100, deleted: 40 } },
    });
    assert.deepEqual([running.done, running.total], [40, 100]);
  });

  it("wait_for_completion=false replaces any value the path had, leaving the rest as typed", () => {
    assert.equal(
      withParam("/i/_delete_by_query", "wait_for_completion", "false"),
      "/i/_delete_by_query?wait_for_completion=false",
    );
    assert.equal(
      withParam(
        "/i/_delete_by_query?conflicts=proceed&wait_for_completion=true&q=a%2Cb",
        "wait_for_completion",
        "false",
      ),
      "/i/_delete_by_query?conflicts=proceed&q=a%2Cb&wait_for_completion=false",
    );
  });
});

describe("export options", () => {
  // Refused before anything is sent: the transport is never used.
  const noCluster = {} as EsTransport;

  it("refuses a keep-alive that is not a time with a unit", async () => {
    for (const keepAlive of ["5 minutes", "5", "0s", "-1m", "1.5m", ""]) {
      await assert.rejects(
        exportTable(noCluster, "t", { format: "ndjson", out: "/tmp/never-written", keepAlive }),
        (e: QuarryError) =>
          e.code === "invalid_input" &&
          /^Keep-alive: ".*" is not a time such as 30s/.test(e.message),
        keepAlive,
      );
    }
  });
});
