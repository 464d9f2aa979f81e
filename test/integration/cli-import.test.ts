/**
 * `quarry import` on real nodes, through bin/quarry: Quarry's own NDJSON export, search hits one a
 * line (elasticdump's shape) and plain documents, each with deliberate bad lines: the good ones
 * go in, the bad ones are listed by line number with the reason. Modes: create reports taken
 * _ids, index replaces, update changes existing documents. An import killed mid-way and resumed
 * has every document once, and no document of the interrupted batch is reported as failed.
 */
import assert from "node:assert/strict";
import { after, describe, it } from "node:test";
import { deleteIndices, orders } from "../support/datasets.ts";
import { refreshedCount, sourceOf } from "../support/es.ts";
import {
  importCheckpoint,
  importSuite,
  resumeImport,
  startHeldImport,
} from "../support/imports.ts";
import { waitFor } from "../support/quarry.ts";

describe("quarry import: files of documents into an index", () => {
  const { box, es8, es7, proxy, idx, input, run } = importSuite("t-import");
  const file = (name: string, lines: string[]) => input(name, `${lines.join("\n")}\n`);
  const count = refreshedCount;
  const doc = sourceOf;

  after(async () => {
    await deleteIndices(es8.transport, ...["bulk", "hits", "plain", "modes", "resume"].map(idx));
    await deleteIndices(es7.transport, idx("plain7"));
    await Promise.all([es8.close(), es7.close()]);
    await box.dispose();
  });

  it("a _bulk body (Quarry's NDJSON export) with bad lines: the good in, the bad by line", async () => {
    const path = file("bulk.ndjson", [
      '{"index":{"_id":"a"}}',
      '{"n":1,"word":"one"}',
      "{not json",
      '{"index":{"_id":"b"}}',
      '{"n":2,"word":"two"}',
      '{"delete":{"_id":"a"}}',
      '{"index":{"_id":"c"}}',
      '{"n":"three"}',
      '{"index":{"_id":"d"}}',
      '{"n":4}',
    ]);
    // n is a number: "three" is refused by the cluster, by its line.
    await es8.transport.json({
      method: "PUT",
      path: `/${idx("bulk")}`,
      body: { mappings: { properties: { n: { type: "long" } } } },
    });
    const r = run(["c8", idx("bulk"), "--in", path]);
    assert.equal(r.status, 1, r.stderr);
    assert.equal(r.report?.shape, "bulk");
    assert.equal(r.report?.written, 3);
    assert.deepEqual(
      r.report?.failed.map((f) => [f.origin, f.key, f.status]),
      [
        [3, null, 0],
        [6, null, 0],
        [8, "c", 400],
      ],
    );
    assert.match(r.report?.failed[0]?.reason ?? "", /not JSON/);
    assert.match(r.report?.failed[1]?.reason ?? "", /never deletes/);
    assert.match(r.report?.failed[2]?.reason ?? "", /\bn\b/);
    assert.equal(await count(es8, idx("bulk")), 3);
    assert.deepEqual(await doc(es8, idx("bulk"), "d"), { n: 4 });
  });

  it("search hits one a line (elasticdump's files): _id and _source kept; a new index is created", () => {
    const path = file("hits.json", [
      '{"_index":"old","_type":"_doc","_id":"h1","_score":1,"_source":{"city":"Kyoto"}}',
      '{"_index":"old","_id":"h2","_source":{"city":"Lyon"}}',
      '{"city":"no _source"}',
    ]);
    const r = run(["c8", idx("hits"), "--in", path]);
    assert.equal(r.status, 1, r.stderr);
    assert.equal(r.report?.shape, "hits");
    assert.equal(r.report?.created, true);
    assert.equal(r.report?.written, 2);
    assert.deepEqual(
      r.report?.failed.map((f) => f.origin),
      [3],
    );
  });

  it("plain documents on 7.17, and the human report names the lines", async () => {
    const path = file("plain.ndjson", ['{"a":1}', "[1]", '{"a":2}', '{"a":3']);
    const r = box.run(["import", "c7", idx("plain7"), "--in", path]);
    assert.equal(r.status, 1);
    assert.match(r.stdout, /Imported 2 documents .*\(documents, 4 lines\)/);
    assert.match(
      r.stdout,
      /2 lines not imported:\n {2}line 2: not a JSON object.*\n {2}line 4: not JSON/,
    );
    assert.match(r.stdout, /Every line not imported, with its reason: .*failures\.ndjson/);
    assert.equal(await count(es7, idx("plain7")), 2);
  });

  it("modes: create reports taken _ids, index replaces, update changes only what it names", async () => {
    const first = file("m1.ndjson", ['{"index":{"_id":"m"}}', '{"a":1,"b":1}']);
    const second = file("m2.ndjson", ['{"index":{"_id":"m"}}', '{"a":2}']);
    assert.equal(run(["c8", idx("modes"), "--in", first]).status, 0);
    const taken = run(["c8", idx("modes"), "--in", second, "--mode", "create"]);
    assert.equal(taken.status, 1);
    assert.equal(taken.report?.failed[0]?.status, 409);
    assert.deepEqual(await doc(es8, idx("modes"), "m"), { a: 1, b: 1 });
    assert.equal(run(["c8", idx("modes"), "--in", second, "--mode", "update"]).status, 0);
    assert.deepEqual(await doc(es8, idx("modes"), "m"), { a: 2, b: 1 });
    assert.equal(run(["c8", idx("modes"), "--in", first, "--mode", "index"]).status, 0);
    assert.deepEqual(await doc(es8, idx("modes"), "m"), { a: 1, b: 1 });
    const missing = run(["c8", idx("nothing"), "--in", second, "--mode", "update"]);
    assert.notEqual(missing.status, 0);
    assert.match(missing.stdout + missing.stderr, /does not exist: there is nothing to update/);
  });

  it("killed mid-way and resumed: every document once, none of the interrupted batch failed", async () => {
    const lines: string[] = [];
    for (const [id, d] of orders(6_000, false))
      lines.push(JSON.stringify({ index: { _id: id } }), JSON.stringify(d));
    const path = file("orders.ndjson", lines);
    // Four batches land, the fifth is sent and waits at the gate when the import is killed.
    const held = await startHeldImport(box, proxy, "c8gate", idx("resume"), path, 4);
    const checkpoint = () => importCheckpoint(box.home, idx("resume"));
    // The sixth batch is read and its lines reserved while the fifth is on its way (not sent).
    await waitFor(() => checkpoint()?.inFlightUpTo === 6_000, "the sixth batch to be reserved");
    // The fifth batch reaches the cluster and is written; its answer is held, and the import killed.
    await held.killWithAnswerHeld();
    assert.equal(await count(es8, idx("resume")), 2_500, "five batches are in the index");
    assert.equal(checkpoint()?.inFlightUpTo, 6_000);
    assert.equal(checkpoint()?.linesDone, 4_000, "the checkpoint did not see the fifth batch");
    proxy.answers.open();
    proxy.gate.open();

    const report = await resumeImport(box, "c8gate", idx("resume"), path);
    assert.equal(report.resumed, true);
    assert.equal(report.failedCount, 0, JSON.stringify(report.failed.slice(0, 3)));
    assert.equal(report.written, 6_000);
    assert.equal(report.tableRecords, 6_000, "no duplicate, none missing");
    assert.equal(checkpoint(), null);
  });
});
