/**
 * Saving grid edits on real 7.17 and 8.x nodes: refusals send nothing, concurrent changes are
 * conflicts that never overwrite, partial failures keep their edits, cut cells are never written
 * back, a typed `_id` never overwrites, and writes are visible to the next search.
 */
import assert from "node:assert/strict";
import { after, before, it } from "node:test";
import { QuarryError } from "../../src/core/errors.ts";
import { validateChanges } from "../../src/drivers/elasticsearch/changes/plan.ts";
import { saveChanges } from "../../src/drivers/elasticsearch/changes/save.ts";
import { hitToRow, type SearchHit } from "../../src/drivers/elasticsearch/table/cells.ts";
import { describeTable } from "../../src/drivers/elasticsearch/table/mapping.ts";
import type {
  EsChangeSet as ChangeSet,
  EsRow as Row,
  EsRowUpdate as RowUpdate,
} from "../../src/drivers/elasticsearch/table/row-version.ts";
import type { EsTransport } from "../../src/drivers/elasticsearch/wire/transport.ts";
import { node, sessionTo } from "../support/cluster.ts";
import { deleteIndices, loadIndex, loadOrders } from "../support/datasets.ts";
import { describeOnMajors } from "../support/majors.ts";

const none: ChangeSet = { updates: [], inserts: [], deletes: [] };

async function loadRows(t: EsTransport, index: string, ids: string[]): Promise<Map<string, Row>> {
  const columns = await describeTable(t, index);
  const body = await t.json<{ hits: { hits: SearchHit[] } }>({
    method: "POST",
    path: `/${index}/_search`,
    body: { query: { ids: { values: ids } }, seq_no_primary_term: true, size: ids.length },
  });
  return new Map(body.hits.hits.map((h) => [h._id, hitToRow(h, columns)]));
}

/** The `_source` of a document that must exist. */
async function sourceOf(
  t: EsTransport,
  index: string,
  id: string,
): Promise<Record<string, unknown>> {
  const doc = await getDoc(t, index, id);
  assert.ok(doc, `${id} exists`);
  return doc._source;
}

function obj(v: unknown): Record<string, unknown> {
  assert.ok(
    v !== null && typeof v === "object" && !Array.isArray(v),
    `an object: ${JSON.stringify(v)}`,
  );
  return v as Record<string, unknown>;
}

async function getDoc(t: EsTransport, index: string, id: string) {
  const res = await t.request<{
    found: boolean;
    _seq_no: number;
    _source: Record<string, unknown>;
  }>({ method: "GET", path: `/${index}/_doc/${encodeURIComponent(id)}` });
  return res.status === 404 ? undefined : res.body;
}

function tokens(r: Row): Pick<RowUpdate, "_id" | "_seq_no" | "_primary_term"> {
  return { _id: r._id, _seq_no: r._seq_no, _primary_term: r._primary_term };
}

async function refused(p: Promise<unknown>): Promise<QuarryError> {
  try {
    await p;
  } catch (e) {
    assert.ok(e instanceof QuarryError, String(e));
    assert.equal(e.code, "changes_refused");
    return e;
  }
  assert.fail("expected the change set to be refused");
}

describeOnMajors(
  (name) => `saving edits on ${name}`,
  (name) => {
    const s = sessionTo(node(name));
    const t = s.transport;
    const index = `qt-edit-save-${name}`;
    const noRefresh = `qt-edit-norefresh-${name}`;

    before(async () => {
      await loadOrders(t, index, 40);
    });
    after(async () => {
      await deleteIndices(t, index, noRefresh);
      await s.close();
    });

    it("a refused change set sends nothing, and names the row and the column", async () => {
      const rows = await loadRows(t, index, ["ORD-0000001", "ORD-0000002", "long-cells"]);
      const a = rows.get("ORD-0000001")!;
      const b = rows.get("ORD-0000002")!;
      const long = rows.get("long-cells")!;
      assert.ok(long.cut.includes("notes") && long.cut.includes("tags"), "the long cells are cut");
      const before = await getDoc(t, index, a._id);
      const cases: [ChangeSet, string, string][] = [
        [{ ...none, updates: [{ ...tokens(b), set: { _id: "other" } }] }, b._id, "_id"],
        [{ ...none, updates: [{ ...tokens(b), set: { _index: "other" } }] }, b._id, "_index"],
        [{ ...none, updates: [{ ...tokens(b), set: { _score: 2 } }] }, b._id, "_score"],
        [{ ...none, updates: [{ ...tokens(b), set: { "items.sku": ["X"] } }] }, b._id, "items.sku"],
        [
          { ...none, inserts: [{ _id: "qt-new-x", values: { "items.qty": [1] } }] },
          "qt-new-x",
          "items.qty",
        ],
        [
          { ...none, updates: [{ ...tokens(long), set: { notes: "changed" }, cut: long.cut }] },
          "long-cells",
          "notes",
        ],
      ];
      for (const [changes, row, column] of cases) {
        // A valid edit rides along: it must not be sent either.
        const withValid: ChangeSet = {
          ...changes,
          updates: [
            ...changes.updates,
            { ...tokens(a), set: { status: "refused-should-not-land" } },
          ],
        };
        const refusals = await validateChanges(t, index, withValid);
        assert.deepEqual(
          refusals.map((r) => [r.row, r.column]),
          [[row, column]],
        );
        const e = await refused(saveChanges(t, index, withValid));
        assert.match(e.message, new RegExp(`Nothing was saved.*${row}`));
      }
      const afterDoc = await getDoc(t, index, a._id);
      assert.equal(afterDoc?._seq_no, before?._seq_no, "the valid edit was not sent");
      assert.equal(afterDoc?._source.status, before?._source.status);
      assert.equal(
        await getDoc(t, index, "qt-new-x"),
        undefined,
        "the refused insert was not sent",
      );
    });

    it("a cut cell is never written back as its fragment, even without the cut list", async () => {
      const long = (await loadRows(t, index, ["long-cells"])).get("long-cells")!;
      const fragment = long.cells.notes as string;
      assert.ok(fragment.endsWith("...") && fragment.length === 10_000);
      const before = await getDoc(t, index, "long-cells");
      for (const value of [fragment, `${fragment} and more typed text`]) {
        const e = await refused(
          saveChanges(t, index, { ...none, updates: [{ ...tokens(long), set: { notes: value } }] }),
        );
        assert.match(e.message, /cut display text/);
      }
      const tagsFragment = long.cells.tags as string;
      await refused(
        saveChanges(t, index, {
          ...none,
          updates: [{ ...tokens(long), set: { tags: tagsFragment } }],
        }),
      );
      const afterDoc = await getDoc(t, index, "long-cells");
      assert.equal(afterDoc?._seq_no, before?._seq_no);
      assert.equal(String(afterDoc?._source.notes).length, 12_000);
      // Loaded in full, the value may be edited and saved.
      const full = before?._source.notes as string;
      const saved = await saveChanges(t, index, {
        ...none,
        updates: [{ ...tokens(long), set: { notes: `${full}!` }, cut: [] }],
      });
      assert.equal(saved.results[0]?.ok, true, JSON.stringify(saved.results[0]?.error));
      assert.equal(String((await sourceOf(t, index, "long-cells")).notes).length, 12_001);
    });

    it("a change by someone else since the load is a conflict, and their content survives", async () => {
      const row = (await loadRows(t, index, ["ORD-0000003"])).get("ORD-0000003")!;
      await t.json({
        method: "POST",
        path: `/${index}/_update/ORD-0000003`,
        body: { doc: { status: "changed-by-someone-else" } },
      });
      const saved = await saveChanges(t, index, {
        ...none,
        updates: [{ ...tokens(row), set: { status: "my-edit", "customer.vip": true } }],
      });
      const r = saved.results[0]!;
      assert.equal(r.ok, false);
      assert.equal(r.conflict, true);
      assert.equal(r.error?.status, 409);
      assert.equal(r.error?.type, "version_conflict_engine_exception");
      assert.equal(
        r.current?.cells.status,
        "changed-by-someone-else",
        "the grid gets their version",
      );
      assert.equal(saved.remaining.updates.length, 1, "my edit is kept for a retry");
      assert.deepEqual(saved.remaining.updates[0]?.set, {
        status: "my-edit",
        "customer.vip": true,
      });
      const doc = await getDoc(t, index, "ORD-0000003");
      assert.equal(doc?._source.status, "changed-by-someone-else");
    });

    it("a deletion of a document changed since is a conflict; the document survives", async () => {
      const row = (await loadRows(t, index, ["ORD-0000004"])).get("ORD-0000004")!;
      await t.json({
        method: "POST",
        path: `/${index}/_update/ORD-0000004`,
        body: { doc: { paid: true, status: "x" } },
      });
      const saved = await saveChanges(t, index, { ...none, deletes: [tokens(row)] });
      assert.equal(saved.results[0]?.conflict, true);
      assert.ok(await getDoc(t, index, "ORD-0000004"), "still there");
      assert.equal(saved.remaining.deletes.length, 1);
    });

    it("a partial failure keeps the failed edits; the rest are written and read back", async () => {
      const rows = await loadRows(t, index, [
        "ORD-0000005",
        "ORD-0000006",
        "ORD-0000007",
        "ORD-0000008",
      ]);
      const ok = rows.get("ORD-0000005")!;
      const bad = rows.get("ORD-0000006")!;
      const gone = rows.get("ORD-0000007")!;
      const del = rows.get("ORD-0000008")!;
      await t.json({ method: "DELETE", path: `/${index}/_doc/ORD-0000007` });
      const changes: ChangeSet = {
        updates: [
          {
            ...tokens(ok),
            set: { status: "edited", "customer.address.city": "Porto", tags: ["x", "y"] },
          },
          { ...tokens(bad), set: { priority: "not a number" } },
          { ...tokens(gone), set: { status: "too late" } },
        ],
        inserts: [
          { _id: "ORD-0000009", values: { status: "overwrite attempt" } },
          { _id: "qt-typed-id", values: { status: "new", "customer.name": "Ada", total: 1.5 } },
          { values: { status: "cluster-id" } },
        ],
        deletes: [tokens(del)],
      };
      const saved = await saveChanges(t, index, changes);
      const byRow = new Map(saved.results.map((r) => [`${r.change}:${r.row}`, r]));

      const updated = byRow.get("update:ORD-0000005")!;
      assert.equal(updated.ok, true);
      assert.ok((updated._seq_no ?? -1) > ok._seq_no, "a new _seq_no");
      assert.equal(updated.current?.cells.status, "edited");
      assert.equal(updated.current?.cells["customer.address.city"], "Porto");
      assert.equal(updated.current?._seq_no, updated._seq_no);
      const source = await sourceOf(t, index, "ORD-0000005");
      assert.equal(obj(obj(source.customer).address).city, "Porto");
      assert.ok(
        String(obj(source.customer).name).length > 0,
        "siblings of the edited field survive",
      );
      assert.ok(Array.isArray(source.items) && source.items.length > 0, "other fields survive");

      const failed = byRow.get("update:ORD-0000006")!;
      assert.equal(failed.ok, false);
      assert.equal(failed.conflict, undefined);
      assert.equal(failed.error?.status, 400);
      assert.match(failed.error?.type ?? "", /mapper_parsing_exception|document_parsing_exception/);

      const missing = byRow.get("update:ORD-0000007")!;
      assert.equal(missing.conflict, true);
      assert.equal(missing.error?.type, "document_missing");

      const overwrite = byRow.get("insert:ORD-0000009")!;
      assert.equal(overwrite.ok, false);
      assert.equal(overwrite.conflict, true, "an existing _id is a conflict, not an overwrite");
      assert.equal(overwrite.current?._id, "ORD-0000009");
      assert.notEqual((await getDoc(t, index, "ORD-0000009"))?._source.status, "overwrite attempt");

      const typed = byRow.get("insert:qt-typed-id")!;
      assert.equal(typed.ok, true);
      assert.equal(typed.current?.cells["customer.name"], "Ada");
      const auto = byRow.get("insert:new row 3")!;
      assert.equal(auto.ok, true);
      assert.ok(auto._id && auto._id.length > 0, "the cluster picked an id");

      assert.equal(byRow.get("delete:ORD-0000008")?.ok, true);
      assert.equal(await getDoc(t, index, "ORD-0000008"), undefined);

      assert.deepEqual(
        saved.remaining.updates.map((u) => u._id),
        ["ORD-0000006", "ORD-0000007"],
      );
      assert.deepEqual(
        saved.remaining.inserts.map((i) => i._id),
        ["ORD-0000009"],
      );
      assert.deepEqual(saved.remaining.deletes, []);

      // Visible to the very next search, without an explicit refresh.
      const found = await t.json<{ hits: { total: { value: number } | number } }>({
        method: "POST",
        path: `/${index}/_search`,
        body: {
          query: { terms: { status: ["edited", "cluster-id", "new"] } },
          track_total_hits: true,
        },
      });
      const total = found.hits.total;
      assert.ok((typeof total === "number" ? total : total.value) >= 3);
    });

    it("an edit under an array of objects is refused; dotted source keys are edited in place", async () => {
      await t.json({
        method: "PUT",
        path: `/${index}/_doc/qt-shapes?refresh=true`,
        body: { "customer.name": "Dotted Name", status: "new", customer: { email: "a@b.c" } },
      });
      const row = (await loadRows(t, index, ["qt-shapes"])).get("qt-shapes")!;
      const saved = await saveChanges(t, index, {
        ...none,
        updates: [{ ...tokens(row), set: { "customer.name": "Renamed" } }],
      });
      assert.equal(saved.results[0]?.ok, true, JSON.stringify(saved.results[0]));
      const source = await sourceOf(t, index, "qt-shapes");
      assert.equal(source["customer.name"], "Renamed", "the dotted key was replaced in place");
      assert.equal(obj(source.customer).name, undefined, "no second value was added");
      assert.equal(obj(source.customer).email, "a@b.c");

      await t.json({
        method: "PUT",
        path: `/${index}/_doc/qt-array?refresh=true`,
        body: { customer: [{ name: "A", email: "a@x" }, { name: "B" }] },
      });
      const arr = (await loadRows(t, index, ["qt-array"])).get("qt-array")!;
      const e = await refused(
        saveChanges(t, index, {
          ...none,
          updates: [{ ...tokens(arr), set: { "customer.email": "z" } }],
        }),
      );
      assert.match(e.message, /array of objects/);
      const customers = (await sourceOf(t, index, "qt-array")).customer;
      assert.ok(Array.isArray(customers) && customers.length === 2, "the array is untouched");
    });

    it("on an index with refresh disabled the save returns and the write is visible", async () => {
      await loadIndex(t, noRefresh, [["a", { n: 1 }]], {
        mappings: { properties: { n: { type: "integer" } } },
        settings: { refresh_interval: "-1" },
      });
      const row = (await loadRows(t, noRefresh, ["a"])).get("a")!;
      const saved = await saveChanges(t, noRefresh, {
        ...none,
        updates: [{ ...tokens(row), set: { n: 2 } }],
        inserts: [{ _id: "b", values: { n: 3 } }],
      });
      assert.ok(saved.results.every((r) => r.ok));
      const count = await t.json<{ count: number }>({
        method: "POST",
        path: `/${noRefresh}/_count`,
        body: { query: { terms: { n: [2, 3] } } },
      });
      assert.equal(count.count, 2);
    });
  },
);
