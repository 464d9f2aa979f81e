/**
 * Export on real 7.17 and 8.x nodes: 25,000+ documents in each format, every `_id` exactly once,
 * CSV read back with the grid's values, the current filter, sliced and single-slice runs, refusals
 * that protect existing files, and resume after an interruption (on the same point in time, and on
 * a new one after the first was lost) without duplicates. Interruptions and progress are tested on
 * a transport whose batch searches wait at a gate the test opens, so they happen after exactly the
 * batches the test let through, however fast or busy the machine is.
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, it } from "node:test";
import { parse } from "csv-parse/sync";
import type { RunningNode } from "../../scripts/es/nodes.ts";
import { QuarryError } from "../../src/core/errors.ts";
import type { ExportFormat, ExportOptions } from "../../src/core/export.ts";
import { hitToRow, type SearchHit } from "../../src/drivers/elasticsearch/table/cells.ts";
import { describeTable } from "../../src/drivers/elasticsearch/table/mapping.ts";
import {
  type EsRequest,
  type EsResponse,
  EsTransport,
} from "../../src/drivers/elasticsearch/wire/transport.ts";
import { connectionTo, node, sessionTo } from "../support/cluster.ts";
import { deleteIndices, loadOrders, ORDERS_SPECIALS } from "../support/datasets.ts";
import { csvColumns, exportTable } from "../support/export.ts";
import { Gate } from "../support/gate.ts";
import { describeOnMajors } from "../support/majors.ts";

const GENERATED = 25_000;
const TOTAL = GENERATED + Object.keys(ORDERS_SPECIALS).length;

/** Every `_id` in an exported file, in file order. */
async function idsOf(path: string, format: ExportFormat): Promise<string[]> {
  const text = await readFile(path, "utf8");
  if (format === "ndjson") {
    const lines = text.split("\n").filter((l) => l !== "");
    assert.equal(lines.length % 2, 0, "action and source lines pair up");
    return lines
      .filter((_, i) => i % 2 === 0)
      .map((l) => (JSON.parse(l) as { index: { _id: string } }).index._id);
  }
  if (format === "json") return (JSON.parse(text) as { _id: string }[]).map((d) => d._id);
  const rows = parse(text) as string[][];
  assert.deepEqual(rows[0]?.slice(0, 2), ["_id", "_index"]);
  return rows.slice(1).map((r) => r[0] as string);
}

function assertEachOnce(ids: string[], expected: number): void {
  assert.equal(ids.length, expected, "documents in the file");
  assert.equal(new Set(ids).size, ids.length, "no _id twice");
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

async function interrupted(p: Promise<unknown>): Promise<QuarryError> {
  try {
    await p;
  } catch (e) {
    assert.ok(e instanceof QuarryError, String(e));
    assert.equal(e.code, "export_interrupted", e.message);
    return e;
  }
  assert.fail("expected the export to be interrupted");
}

/** A transport whose searches for a batch of documents (size > 0) wait at `gate`. */
class GatedTransport extends EsTransport {
  readonly gate = new Gate<EsRequest>();
  override async request<T = unknown>(req: EsRequest): Promise<EsResponse<T>> {
    await this.gate.pass(req);
    return super.request<T>(req);
  }
}

const isBatch = (req: EsRequest) =>
  req.path === "/_search" && ((req.body as { size?: number } | undefined)?.size ?? 0) > 0;

/**
 * Runs `work` with a transport to `n` whose batch searches wait at a closed gate. Each call has its
 * own, so nothing a failed test left waiting at a gate reaches the next test.
 */
async function withGate<T>(n: RunningNode, work: (t: GatedTransport) => Promise<T>): Promise<T> {
  const { config, secrets } = connectionTo(n);
  const gated = new GatedTransport(config, secrets);
  gated.gate.hold(isBatch);
  try {
    return await work(gated);
  } finally {
    gated.gate.open();
    await gated.close();
  }
}

/** Waits for `reached`; fails at once, with its error, if the export ends first. */
async function beforeTheEnd(reached: Promise<unknown>, running: Promise<unknown>, what: string) {
  await Promise.race([
    reached,
    running.then(() => {
      throw new Error(`the export ended before ${what}`);
    }),
  ]);
}

/** `p`, or a failure naming `what` after a minute (a safety net: nothing here takes that long). */
function withinAMinute<T>(p: Promise<T>, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no ${what} within a minute`)), 60_000);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

/** Resolves when `check` holds after one of the export's progress reports. */
function progressReached(check: (done: number) => boolean) {
  let reached = () => {};
  const seen: number[] = [];
  const when = new Promise<void>((resolve) => {
    reached = resolve;
  });
  return {
    seen,
    onProgress: (p: { done: number }) => {
      seen.push(p.done);
      if (check(p.done)) reached();
    },
    when,
  };
}

describeOnMajors(
  (name) => `export on ${name}`,
  (name) => {
    const s = sessionTo(node(name));
    const t: EsTransport = s.transport;
    // Its own name: another run on the same nodes must not delete it under this one.
    const index = `qt-edit-export-${name}-${randomBytes(3).toString("hex")}`;
    let dir: string;

    before(async () => {
      dir = await mkdtemp(join(tmpdir(), "qt-edit-export-"));
      await loadOrders(t, index, GENERATED, { shards: 3 });
    });
    after(async () => {
      await deleteIndices(t, index);
      await rm(dir, { recursive: true, force: true });
      await s.close();
    });

    for (const format of ["ndjson", "csv", "json"] as const) {
      it(`${format}: the whole index, every _id exactly once, count checked`, async () => {
        const out = join(dir, `all.${format}`);
        const progress: number[] = [];
        const report = await exportTable(t, index, {
          format,
          out,
          onProgress: (p) => progress.push(p.done),
        });
        assert.equal(report.expected, TOTAL);
        assert.equal(report.written, TOTAL);
        assert.equal(report.slices, 3, "one slice per shard");
        assert.equal(progress.at(-1), TOTAL);
        assertEachOnce(await idsOf(out, format), TOTAL);
        assert.equal(await exists(`${out}.partial`), false);
        assert.equal(await exists(`${out}.checkpoint.json`), false);
      });
    }

    it("ndjson loads back with _bulk into another index, identical", async () => {
      const out = join(dir, "all.ndjson");
      const copy = `${index}-copy`;
      try {
        await t.json({
          method: "PUT",
          path: `/${copy}`,
          body: { settings: { number_of_replicas: 0 } },
        });
        const text = await readFile(out, "utf8");
        const lines = text.split("\n");
        for (let i = 0; i < lines.length - 1; i += 4000) {
          const chunk = `${lines.slice(i, i + 4000).join("\n")}\n`;
          const res = await t.json<{ errors: boolean }>({
            method: "POST",
            path: `/${copy}/_bulk`,
            body: chunk,
            contentType: "application/x-ndjson",
          });
          assert.equal(res.errors, false);
        }
        await t.json({ method: "POST", path: `/${copy}/_refresh` });
        const count = await t.json<{ count: number }>({ method: "GET", path: `/${copy}/_count` });
        assert.equal(count.count, TOTAL);
        for (const id of ["ORD-0000001", "long-cells", "omitting-items"]) {
          const a = await t.json<{ _source: unknown }>({
            method: "GET",
            path: `/${index}/_doc/${id}`,
          });
          const b = await t.json<{ _source: unknown }>({
            method: "GET",
            path: `/${copy}/_doc/${id}`,
          });
          assert.deepEqual(b._source, a._source, id);
        }
      } finally {
        await deleteIndices(t, copy);
      }
    });

    it("csv reads back with the grid's columns and values, cells in full", async () => {
      const rows = parse(await readFile(join(dir, "all.csv"), "utf8")) as string[][];
      const columns = csvColumns(await describeTable(t, index));
      assert.deepEqual(
        rows[0],
        columns.map((c) => c.name),
      );
      const byId = new Map(rows.slice(1).map((r) => [r[0] as string, r]));
      const ids = ["ORD-0000001", "ORD-0000042", "long-cells", "omitting-items", "pairs-apart"];
      const res = await t.json<{ hits: { hits: SearchHit[] } }>({
        method: "POST",
        path: `/${index}/_search`,
        body: { query: { ids: { values: ids } }, size: ids.length },
      });
      for (const hit of res.hits.hits) {
        const row = byId.get(hit._id);
        assert.ok(row, hit._id);
        const grid = hitToRow(hit, columns);
        columns.forEach((c, i) => {
          const shown = grid.cells[c.name];
          const cell = row[i];
          if (grid.cut.includes(c.name)) {
            // The grid cuts at 10,000 characters; the export never does.
            const full = c.name === "notes" ? hit._source?.notes : hit._source?.tags;
            assert.equal(cell, typeof full === "string" ? full : JSON.stringify(full), c.name);
            assert.ok((cell ?? "").length > 10_000);
          } else {
            assert.equal(cell, shown === null ? "" : String(shown), `${hit._id} › ${c.name}`);
          }
        });
      }
      const long = byId.get("long-cells")!;
      assert.equal(long[columns.findIndex((c) => c.name === "notes")]?.length, 12_000);
    });

    it("exports the current filter only", async () => {
      const out = join(dir, "paid.json");
      const report = await exportTable(t, index, {
        format: "json",
        out,
        filters: [{ column: "status", op: "eq", value: "paid" }],
        rawQuery: "paid:true",
        slices: 2,
      });
      const count = await t.json<{ count: number }>({
        method: "POST",
        path: `/${index}/_count`,
        body: {
          query: { bool: { filter: [{ term: { status: "paid" } }, { term: { paid: true } }] } },
        },
      });
      assert.ok(count.count > 100);
      assert.equal(report.written, count.count);
      const docs = JSON.parse(await readFile(out, "utf8")) as {
        _source: { status: string; paid: boolean };
      }[];
      assert.equal(docs.length, count.count);
      assert.ok(docs.every((d) => d._source.status === "paid" && d._source.paid === true));
    });

    it("one slice and several give the same documents", async () => {
      const one = join(dir, "one.ndjson");
      const five = join(dir, "five.ndjson");
      assert.equal(
        (await exportTable(t, index, { format: "ndjson", out: one, slices: 1 })).slices,
        1,
      );
      assert.equal(
        (await exportTable(t, index, { format: "ndjson", out: five, slices: 5 })).slices,
        5,
      );
      const a = await idsOf(one, "ndjson");
      const b = await idsOf(five, "ndjson");
      assertEachOnce(b, TOTAL);
      assert.deepEqual([...a].sort(), [...b].sort());
    });

    it("never overwrites a file unless told to; an empty reserved file is filled", async () => {
      const out = join(dir, "kept.csv");
      await writeFile(out, "precious");
      await assert.rejects(
        exportTable(t, index, { format: "csv", out }),
        (e: unknown) =>
          e instanceof QuarryError &&
          e.code === "export_refused" &&
          /already exists/.test(e.message),
      );
      assert.equal(await readFile(out, "utf8"), "precious");
      await assert.rejects(
        exportTable(t, index, { format: "csv", out, resume: true }),
        (e: unknown) => e instanceof QuarryError && /no interrupted export/.test(e.message),
      );
      const report = await exportTable(t, index, {
        format: "csv",
        out,
        overwrite: true,
        slices: 1,
      });
      assert.equal(report.written, TOTAL);
      const reserved = join(dir, "reserved.json");
      await writeFile(reserved, "");
      assert.equal((await exportTable(t, index, { format: "json", out: reserved })).written, TOTAL);
    });

    it("refuses an index that stores no _source, and leaves nothing behind", async () => {
      const bare = `${index}-nosource`;
      try {
        await t.json({
          method: "PUT",
          path: `/${bare}`,
          body: {
            mappings: { _source: { enabled: false }, properties: { n: { type: "integer" } } },
          },
        });
        await t.json({ method: "PUT", path: `/${bare}/_doc/1?refresh=true`, body: { n: 1 } });
        const out = join(dir, "nosource.ndjson");
        await assert.rejects(
          exportTable(t, bare, { format: "ndjson", out }),
          (e: unknown) =>
            e instanceof QuarryError && e.code === "export_refused" && /no _source/.test(e.message),
        );
        for (const f of [out, `${out}.partial`, `${out}.checkpoint.json`])
          assert.equal(await exists(f), false, f);
      } finally {
        await deleteIndices(t, bare);
      }
    });

    /**
     * Starts an export on the gated transport, lets `batches` batches through, waits until every
     * slice asks for its next one, and cancels it there.
     */
    function cancelAfter(batches: number, options: ExportOptions): Promise<QuarryError> {
      return withGate(node(name), async (gated) => {
        const controller = new AbortController();
        gated.gate.allow(batches);
        const running = exportTable(gated, index, { ...options, signal: controller.signal });
        running.catch(() => {}); // awaited below, once it is cancelled
        const slices = options.slices ?? 1;
        await beforeTheEnd(gated.gate.waiting(slices), running, "every slice reached the gate");
        controller.abort();
        gated.gate.open();
        return interrupted(running);
      });
    }

    it("reports the count of each batch, also while the next batch is slow", async () => {
      const out = join(dir, "slow.ndjson");
      const batchSize = 1000;
      const first = progressReached((done) => done === batchSize);
      const second = progressReached((done) => done === 2 * batchSize);
      const report = await withGate(node(name), async (gated) => {
        const running = exportTable(gated, index, {
          format: "ndjson",
          out,
          slices: 1,
          batchSize,
          onProgress: (p) => {
            first.onProgress(p);
            second.onProgress(p);
          },
        });
        running.catch(() => {}); // awaited below
        gated.gate.allow(1);
        await withinAMinute(
          beforeTheEnd(first.when, running, "the first batch was reported"),
          "report of the first batch",
        );
        // The second batch comes at once; the third waits. Its count must still be reported.
        gated.gate.allow(1);
        await beforeTheEnd(gated.gate.waiting(1), running, "the third batch was asked for");
        await withinAMinute(
          beforeTheEnd(second.when, running, "the second batch was reported"),
          "report of the second batch",
        );
        gated.gate.open();
        return running;
      });
      assert.equal(report.written, TOTAL);
      assert.deepEqual(second.seen.slice(0, 2), [batchSize, 2 * batchSize]);
    });

    it("resumes after an interruption on the same point in time, without duplicates", async () => {
      const out = join(dir, "resumed.csv");
      const options: ExportOptions = { format: "csv", out, slices: 2, batchSize: 1000 };
      const e = await cancelAfter(6, options);
      assert.match(
        e.message,
        new RegExp(`stopped after 6000 of ${TOTAL} documents: the export was cancelled`),
      );
      assert.match(e.remedy, /resume/);
      assert.equal(await exists(out), false, "no final file until it is complete");
      assert.ok(await exists(`${out}.checkpoint.json`));
      await assert.rejects(
        exportTable(t, index, options),
        (err: unknown) => err instanceof QuarryError && /waiting to be resumed/.test(err.message),
      );
      const report = await exportTable(t, index, { ...options, resume: true });
      assert.equal(report.resumed, true);
      assert.equal(report.written, TOTAL);
      assertEachOnce(await idsOf(out, "csv"), TOTAL);
    });

    it("resumes on a new point in time when the first was lost, skipping what the file holds", async () => {
      const out = join(dir, "lost.ndjson");
      const options: ExportOptions = { format: "ndjson", out, slices: 3, batchSize: 1000 };
      await cancelAfter(9, options);
      const cp = JSON.parse(await readFile(`${out}.checkpoint.json`, "utf8")) as { pitId: string };
      // The point in time is lost (as when it expires or its node leaves the cluster) ...
      await t.json({ method: "DELETE", path: "/_pit", body: { id: cp.pitId } });
      // ... and the index changes meanwhile: one exported document goes, a new one comes.
      const before = await idsOf(`${out}.partial`, "ndjson");
      const gone = before[10] as string;
      await t.json({ method: "DELETE", path: `/${index}/_doc/${gone}?refresh=true` });
      await t.json({
        method: "PUT",
        path: `/${index}/_doc/qt-late-arrival?refresh=true`,
        body: { status: "new" },
      });
      try {
        const report = await exportTable(t, index, { ...options, resume: true });
        const ids = await idsOf(out, "ndjson");
        assertEachOnce(ids, TOTAL + 1);
        assert.ok(ids.includes(gone), "exported before it was deleted, kept once");
        assert.ok(ids.includes("qt-late-arrival"), "the new document is exported");
        assert.equal(report.written, TOTAL + 1);
        assert.equal(report.expected, TOTAL + 1);
      } finally {
        await t.json({ method: "DELETE", path: `/${index}/_doc/qt-late-arrival?refresh=true` });
        await t.json({
          method: "PUT",
          path: `/${index}/_doc/${gone}?refresh=true`,
          body: JSON.parse(
            (await readFile(out, "utf8")).split("\n")[before.indexOf(gone) * 2 + 1] as string,
          ) as object,
        });
      }
    });
  },
);
