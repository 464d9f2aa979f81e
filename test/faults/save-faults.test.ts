/**
 * Saving grid edits while the node the save talks to dies, on a real three-node cluster. The save
 * goes through faults-3, which holds no shard of the index (it only coordinates). Writes are made
 * to wait for a refresh (`refresh=wait_for` on an index refreshed once an hour), so they are
 * applied on the data nodes but not answered until the test refreshes the index: that throttles
 * the save without timing it. The test lets one round of writes be answered, waits until the
 * next round is applied but unanswered, and kills faults-3 with SIGKILL.
 *
 * Then: rows whose writes were answered are saved; every other row keeps its edits in `remaining`
 * with its own error (no answer, or not sent). Saving `remaining` again through another node
 * writes only those rows, and the rows the dead node had written without answering are found
 * already saved, not written twice: every document ends with exactly one write (`_version`).
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { SaveResult } from "../../src/core/changes.ts";
import type { EsSession } from "../../src/drivers/elasticsearch/session.ts";
import type {
  EsChangeSet as ChangeSet,
  EsRow as Row,
} from "../../src/drivers/elasticsearch/table/row-version.ts";
import type { EsRequest, EsTransport } from "../../src/drivers/elasticsearch/wire/transport.ts";
import { waitFor } from "../support/quarry.ts";
import {
  faultSession,
  killFaultNode,
  loadNumberedDocs,
  NUMBERED_DOC_MAPPINGS,
  recreateSpreadIndex,
  restoreAndDrop,
  waitForCluster,
} from "../support/three-node.ts";

const INDEX = "faults-save";
const DOCS = 40;
const UPDATED = 30; // d0…d29 are edited
const DELETED = ["d30", "d31", "d32", "d33", "d34"];

interface MgetAnswer {
  docs: { _id: string; found: boolean; _version?: number; _source?: { name?: string } }[];
}

/** The documents as the cluster holds them now (real-time: written but unrefreshed ones too). */
async function docs(t: EsTransport, ids: string[]): Promise<MgetAnswer["docs"]> {
  return (
    await t.json<MgetAnswer>({
      method: "POST",
      path: `/${INDEX}/_mget`,
      query: { realtime: "true" },
      body: { ids },
    })
  ).docs;
}

const isWrite = (req: EsRequest) => /\/_update\/|\/_doc\b/.test(req.path) && req.method !== "GET";

describe("save while the node it talks to dies", { timeout: 10 * 60_000 }, () => {
  let coordinator: EsSession; // faults-3, killed in the middle of the save
  let survivor: EsSession; // faults-1, for the checks and the retry

  before(async () => {
    survivor = faultSession("faults-1");
    coordinator = faultSession("faults-3");
    const t = survivor.transport;
    await recreateSpreadIndex(t, INDEX, 1, {
      settings: { "index.routing.allocation.exclude._name": "faults-3", refresh_interval: "1h" },
      mappings: NUMBERED_DOC_MAPPINGS,
    });
    await loadNumberedDocs(t, INDEX, DOCS);
    await t.json({ method: "POST", path: `/${INDEX}/_refresh` });
    await waitForCluster(t, 3, "green");
  });

  after(async () => {
    await coordinator.close();
    await restoreAndDrop(survivor, INDEX);
  });

  it("failed rows keep their edits and errors; the retry writes each of them once", async () => {
    const t = survivor.transport;
    const page = await coordinator.grid.browse(INDEX, {
      pageSize: DOCS,
      sort: [{ column: "n", direction: "asc" }],
    });
    const rows = new Map<string, Row>(page.rows.map((r) => [r._id, r]));
    const changes: ChangeSet = {
      updates: Array.from({ length: UPDATED }, (_, i) => {
        const r = rows.get(`d${i}`) as Row;
        return {
          _id: r._id,
          _seq_no: r._seq_no,
          _primary_term: r._primary_term,
          set: { name: `edited-${i}` },
        };
      }),
      inserts: [
        { _id: "n0", values: { n: 100, name: "new-0" } },
        { _id: "n1", values: { n: 101, name: "new-1" } },
        { values: { n: 102, name: "new-2" } },
        { values: { n: 103, name: "new-3" } },
      ],
      deletes: DELETED.map((id) => {
        const r = rows.get(id) as Row;
        return { _id: id, _seq_no: r._seq_no, _primary_term: r._primary_term };
      }),
    };

    // Watch (not change) the answers the save gets.
    const transport = coordinator.transport;
    const send = transport.request.bind(transport);
    let answered = 0;
    transport.request = (async (req: EsRequest) => {
      const res = await send(req);
      if (isWrite(req)) answered++;
      return res;
    }) as EsTransport["request"];

    const saving = coordinator.changes.save(INDEX, changes);
    const updatedIds = changes.updates.map((u) => u._id);
    const applied = async () =>
      (await docs(t, updatedIds)).filter((d) => (d._version ?? 0) >= 2).length;

    // First round: applied, waiting for a refresh. The refresh answers them…
    await waitFor(async () => (await applied()) > 0, "the first writes to be applied", 60_000);
    await t.json({ method: "POST", path: `/${INDEX}/_refresh` });
    await waitFor(() => answered > 0, "the first writes to be answered", 60_000);
    // …and the next round is applied but waits, unanswered, when its node dies.
    await waitFor(
      async () => (await applied()) > answered,
      "writes applied but not answered",
      60_000,
    );
    await killFaultNode("faults-3", t);
    const first: SaveResult = await saving;

    const ok = first.results.filter((r) => r.ok);
    const failed = first.results.filter((r) => !r.ok);
    assert.ok(ok.length > 0, "the answered rows are saved");
    assert.ok(failed.length > 0, "rows are left unsaved");
    assert.equal(ok.length + failed.length, UPDATED + 4 + DELETED.length);
    for (const r of failed) {
      assert.ok(r.error?.type && r.error.reason, `row ${r.row} has its own error`);
      assert.ok(r.notSent || r.error.status === 0, `${r.row}: no answer or not sent`);
    }
    assert.ok(
      failed.some((r) => r.notSent),
      "the changes after the lost answer were not sent",
    );

    // The unsaved rows are exactly the ones left to save, each with its edits.
    const left = first.remaining;
    assert.equal(left.updates.length + left.inserts.length + left.deletes.length, failed.length);
    const okUpdates = new Set(ok.filter((r) => r.change === "update").map((r) => r.row));
    for (const u of left.updates) {
      assert.ok(!okUpdates.has(u._id), `${u._id} was saved and is not sent again`);
      assert.deepEqual(u.set, { name: `edited-${u._id.slice(1)}` });
    }
    // New rows left unsaved carry an id now, so saving them again cannot create a second one.
    for (const ins of left.inserts) assert.ok(ins._id, "a left new row has its id");

    // The retry, through a node that is up (refreshes as usual again).
    await t.json({
      method: "PUT",
      path: `/${INDEX}/_settings`,
      body: { index: { refresh_interval: "1s" } },
    });
    const retry = await survivor.changes.save(INDEX, left);
    assert.deepEqual(
      retry.results
        .filter((r) => !r.ok)
        .map((r) => `${r.row}: ${r.error?.type} ${r.error?.reason}`),
      [],
    );
    assert.deepEqual(retry.remaining, { updates: [], inserts: [], deletes: [] });
    const already = retry.results.filter((r) => r.alreadySaved);
    assert.ok(
      already.length > 0,
      "the rows written by the dead node without an answer are recognized as saved",
    );

    // Every document was written exactly once.
    const after = await docs(t, [...updatedIds, ...DELETED, "n0", "n1"]);
    for (const d of after.slice(0, UPDATED)) {
      assert.equal(d._version, 2, `${d._id}: one write`);
      assert.equal(d._source?.name, `edited-${d._id.slice(1)}`);
    }
    for (const d of after.slice(UPDATED, UPDATED + DELETED.length))
      assert.equal(d.found, false, `${d._id} deleted`);
    for (const d of after.slice(UPDATED + DELETED.length)) assert.equal(d._version, 1);
    // The new rows saved without _id: the id each was given, saved once.
    const generated = first.results
      .filter((r) => r.change === "insert" && r.row.startsWith("new row"))
      .map((r) => r._id as string);
    assert.equal(generated.length, 2);
    for (const d of await docs(t, generated)) assert.equal(d._version, 1, `${d._id}: one write`);
    await t.json({ method: "POST", path: `/${INDEX}/_refresh` });
    const total = await t.json<{ count: number }>({ method: "GET", path: `/${INDEX}/_count` });
    assert.equal(total.count, DOCS - DELETED.length + 4, "no document twice, none missing");
  });
});
