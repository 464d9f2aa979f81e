/**
 * Comparing indices and clusters on real nodes: an index copied from 7.17 to 9.x (Quarry's copy),
 * then one mapping change and three document changes on the target (one edited, one deleted, one
 * added), and the comparison finds exactly those; the same in the other direction; a sample; a
 * filter; the field diff of one document; a resume after a cancel; an alias naming several
 * indices and an index missing on one side said clearly; two clusters compared.
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { copyTable } from "../../src/app/transfer/copy.ts";
import {
  compareRecords,
  type RecordCheckpoint,
  recordDiff,
} from "../../src/core/compare-records.ts";
import { compareServers, compareTables } from "../../src/core/compare-tables.ts";
import { isQuarryError } from "../../src/core/errors.ts";
import type { EsSession } from "../../src/drivers/elasticsearch/session.ts";
import { node, plainConfig, session, sessionTo } from "../support/cluster.ts";
import { deleteIndices, loadOrders } from "../support/datasets.ts";
import { startGateProxy } from "../support/gate-proxy.ts";

const TAG = randomBytes(3).toString("hex");
const SOURCE = `t-cmp-src-${TAG}`;
const TARGET = `t-cmp-dst-${TAG}`;
const OTHER = `t-cmp-other-${TAG}`;
const ALIAS = `t-cmp-alias-${TAG}`;
const DOCS = 12_000;

describe("compare: 7.17 → 9.x copy, then changed on the target", () => {
  let es7: EsSession;
  let es9: EsSession;
  let work: string;
  const left = () => ({ session: es7, table: SOURCE, connection: "es7" });
  const right = () => ({ session: es9, table: TARGET, connection: "es9" });
  let ids: string[] = [];

  before(async () => {
    es7 = sessionTo(node("es7"));
    es9 = sessionTo(node("es9"));
    work = await mkdtemp(join(tmpdir(), "quarry-compare-"));
    await loadOrders(es7.transport, SOURCE, DOCS, { shards: 2 });
    await copyTable(
      { session: es7, table: SOURCE, connection: "es7" },
      { session: es9, table: TARGET, connection: "es9" },
      { workDir: work, slices: 2 },
    );
    const page = await es7.transport.json<{ hits: { hits: { _id: string }[] } }>({
      method: "POST",
      path: `/${SOURCE}/_search`,
      body: { size: 3, sort: [{ order_id: "asc" }], _source: false },
    });
    ids = page.hits.hits.map((h) => h._id);
    assert.equal(ids.length, 3);
  });

  after(async () => {
    await deleteIndices(es7.transport, SOURCE, OTHER);
    await deleteIndices(es9.transport, TARGET);
    await es7.close();
    await es9.close();
    await rm(work, { recursive: true, force: true });
  });

  it("finds nothing between the copy and its source", async () => {
    const tables = await compareTables(left(), right());
    assert.deepEqual(
      tables.rows.filter((r) => r.group === "mapping" || r.group === "count"),
      [],
    );
    const records = await compareRecords(left(), right());
    assert.equal(records.equal, true, JSON.stringify(records.rows.slice(0, 5)));
    assert.equal(records.counts.compared, tables.records.left);
  });

  it("finds exactly the one mapping change and the three document changes", async () => {
    const t = es9.transport;
    // One mapping change: a new field on the target.
    await t.json({
      method: "PUT",
      path: `/${TARGET}/_mapping`,
      body: { properties: { audit_note: { type: "keyword" } } },
    });
    // Three document changes: one edited, one deleted, one added.
    await t.json({
      method: "POST",
      path: `/${TARGET}/_update/${encodeURIComponent(ids[0] as string)}`,
      body: { doc: { status: "changed-on-target" } },
    });
    await t.json({
      method: "DELETE",
      path: `/${TARGET}/_doc/${encodeURIComponent(ids[1] as string)}`,
    });
    await t.json({
      method: "PUT",
      path: `/${TARGET}/_doc/only-on-target`,
      body: { order_id: "only-on-target", status: "new" },
    });
    await t.json({ method: "POST", path: `/${TARGET}/_refresh` });

    const tables = await compareTables(left(), right());
    const mapping = tables.rows.filter((r) => r.group === "mapping");
    assert.deepEqual(mapping, [
      { group: "mapping", key: "audit_note", kind: "only_right", right: "keyword" },
    ]);
    assert.equal(tables.equal, false);

    const records = await compareRecords(left(), right(), { batchSize: 1000, slices: 2 });
    const rows = records.rows.map((r) => `${r.kind} ${r.key}`).sort();
    assert.deepEqual(
      rows,
      [`changed ${ids[0]}`, `only_left ${ids[1]}`, "only_right only-on-target"].sort(),
    );
    assert.equal(records.counts.changed, 1);
    assert.equal(records.counts.onlyLeft, 1);
    assert.equal(records.counts.onlyRight, 1);
    assert.equal(records.whole, true);

    const diff = await recordDiff(left(), right(), ids[0] as string);
    assert.deepEqual(
      diff.fields.map((f) => [f.path, f.kind, f.right]),
      [["status", "changed", "changed-on-target"]],
    );
  });

  it("compares a sample, and a filter, on both sides", async () => {
    const sample = await compareRecords(left(), right(), { sample: 500 });
    assert.equal(sample.counts.compared, 500);
    assert.equal(sample.whole, false);
    const filtered = await compareRecords(left(), right(), {
      filter: { ids: { values: ids } },
    });
    assert.equal(filtered.counts.compared, 3);
    assert.deepEqual(filtered.rows.map((r) => r.kind).sort(), ["changed", "only_left"]);
  });

  it("goes on after a cancel from its checkpoint and finds the same", async () => {
    const controller = new AbortController();
    let saved: RecordCheckpoint | undefined;
    await assert.rejects(
      compareRecords(left(), right(), {
        batchSize: 1000,
        slices: 1,
        signal: controller.signal,
        // Cancelled at the first progress report: the resume point is saved as it stops.
        onProgress: () => controller.abort(),
        onCheckpoint: (c) => {
          saved = c;
        },
      }),
      (e: unknown) => isQuarryError(e) && e.code === "transfer_interrupted",
    );
    assert.ok(saved && saved.counts.compared > 0 && saved.counts.compared < DOCS);
    const resumed = await compareRecords(left(), right(), { resume: saved, slices: 1 });
    assert.equal(resumed.resumed, true);
    assert.deepEqual(
      resumed.rows.map((r) => `${r.kind} ${r.key}`).sort(),
      [`changed ${ids[0]}`, `only_left ${ids[1]}`, "only_right only-on-target"].sort(),
    );
  });

  it("says clearly when an index is missing on one side or a name stands for several", async () => {
    const missing = await compareTables(left(), { ...right(), table: `t-cmp-none-${TAG}` });
    assert.deepEqual(
      missing.rows.map((r) => [r.group, r.kind]),
      [["index", "only_left"]],
    );
    await assert.rejects(
      compareRecords(left(), { ...right(), table: `t-cmp-none-${TAG}` }),
      (e: unknown) => isQuarryError(e) && /right side \(es9:t-cmp-none/.test(e.message),
    );
    await loadOrders(es7.transport, OTHER, 10, { shards: 1 });
    await es7.transport.json({
      method: "POST",
      path: "/_aliases",
      body: {
        actions: [
          { add: { index: SOURCE, alias: ALIAS } },
          { add: { index: OTHER, alias: ALIAS } },
        ],
      },
    });
    await assert.rejects(
      compareTables({ ...left(), table: ALIAS }, right()),
      (e: unknown) =>
        isQuarryError(e) &&
        e.code === "invalid_input" &&
        e.message.includes("names 2 indices") &&
        e.message.includes("left side"),
    );
  });

  it("says which side failed when its cluster goes away midway, and stops the others", async () => {
    const proxy = await startGateProxy(node("es7").url);
    const through = session({ ...plainConfig(node("es7")), port: proxy.port });
    try {
      // The point in time's searches: the count and the first page pass, the next is held.
      proxy.gate.hold((r) => r.path === "/_search");
      proxy.gate.allow(2);
      const run = compareRecords(
        { session: through, table: SOURCE, connection: "es7gate" },
        right(),
        {
          batchSize: 500,
          slices: 1,
        },
      );
      await proxy.gate.waiting(1);
      await proxy.close();
      await assert.rejects(
        run,
        (e: unknown) => isQuarryError(e) && /^left side \(es7gate:/.test(e.message),
      );
    } finally {
      await proxy.close();
      await through.close();
    }
  });

  it("compares two clusters, each difference a row", async () => {
    const report = await compareServers(
      { session: es7, connection: "es7" },
      { session: es9, connection: "es9" },
    );
    assert.equal(report.equal, false);
    const version = report.rows.find((r) => r.group === "cluster" && r.key === "version");
    assert.ok(version?.left?.startsWith("7.17") && version.right?.startsWith("9."));
    assert.ok(
      report.rows.some((r) => r.group === "indices" && r.key === SOURCE && r.kind === "only_left"),
    );
    assert.ok(
      report.rows.some((r) => r.group === "indices" && r.key === TARGET && r.kind === "only_right"),
    );
  });
});
