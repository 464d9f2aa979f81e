/**
 * `quarry copy` between real clusters of each major, through bin/quarry and saved connections:
 * 7.17 → 9.x (TLS and a password), then that copy 9.x → 8.x, then 8.x → 8.x, of an index with
 * nested fields and 25,000+ documents. Each time every `_id` and every document is the same on
 * both sides (a checksum of each side's documents, keys in order), the mapping is the same, and
 * the source is untouched. A target that holds documents is refused without --append; with
 * --append into a stricter mapping, each document it refuses is listed with its _id and reason.
 */
import assert from "node:assert/strict";
import { createHash, randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { addConnection, openAppStorage } from "../../src/app/connections/connection-service.ts";
import type { CopyReport } from "../../src/app/transfer/copy.ts";
import type { EsSession } from "../../src/drivers/elasticsearch/session.ts";
import { connectionTo, type NodeName, node, sessionTo } from "../support/cluster.ts";
import { deleteIndices, loadOrders, ORDERS_MAPPING } from "../support/datasets.ts";
import { type GateProxy, startGateProxy } from "../support/gate-proxy.ts";
import { sandbox, waitFor } from "../support/quarry.ts";

const TAG = randomBytes(3).toString("hex");
const SOURCE = `t-copy-src-${TAG}`;
const VIA9 = `t-copy-via9-${TAG}`;
const TO8 = `t-copy-to8-${TAG}`;
const AGAIN8 = `t-copy-again8-${TAG}`;
const STRICT = `t-copy-strict-${TAG}`;
const RESUMED = `t-copy-resumed-${TAG}`;
const DOCS = 25_000;

/** Sorts an object's keys at every level, so that two equal documents print alike. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
  );
}

/** Every document of the index by `_id`, and a checksum over all of them in `_id` order. */
async function documents(s: EsSession, index: string): Promise<{ ids: string[]; sum: string }> {
  const lines = new Map<string, string>();
  let after: unknown[] | undefined;
  for (;;) {
    const page = await s.transport.json<{
      hits: { hits: { _id: string; _source: unknown; sort: unknown[] }[] };
    }>({
      method: "POST",
      path: `/${index}/_search`,
      body: {
        size: 5_000,
        sort: [{ order_id: "asc" }],
        ...(after ? { search_after: after } : {}),
      },
    });
    const hits = page.hits.hits;
    for (const h of hits) lines.set(h._id, JSON.stringify(canonical(h._source)));
    if (hits.length < 5_000) break;
    after = hits[hits.length - 1]?.sort;
  }
  const ids = [...lines.keys()].sort();
  const hash = createHash("sha256");
  for (const id of ids) hash.update(`${id}\t${lines.get(id)}\n`);
  return { ids, sum: hash.digest("hex") };
}

async function mapping(s: EsSession, index: string): Promise<unknown> {
  const answer = await s.transport.json<Record<string, { mappings: unknown }>>({
    method: "GET",
    path: `/${index}/_mapping`,
  });
  return canonical(Object.values(answer)[0]?.mappings);
}

describe("quarry copy: across 7.17, 8.x and 9.x", () => {
  const box = sandbox();
  const es7 = sessionTo(node("es7"));
  const es8 = sessionTo(node("es8"));
  const es9 = sessionTo(node("es9"));
  let source: { ids: string[]; sum: string };
  let proxy: GateProxy;

  const copy = (...args: string[]) => box.run(["copy", ...args]);

  before(async () => {
    const storage = await openAppStorage(box.env);
    for (const [name, n] of [
      ["c7", "es7"],
      ["c8", "es8"],
      ["c9", "es9"],
    ] as [string, NodeName][]) {
      const { config, secrets } = connectionTo(node(n));
      await addConnection(
        storage,
        { name, type: "elasticsearch", settings: { ...config } },
        secrets,
      );
    }
    // es8 behind a gate: the test lets a number of _bulk writes through, then kills the copy.
    proxy = await startGateProxy(node("es8").url);
    await addConnection(storage, {
      name: "c8gate",
      type: "elasticsearch",
      settings: { ...connectionTo(node("es8")).config, port: proxy.port },
    });
    await loadOrders(es7.transport, SOURCE, DOCS, { shards: 2 });
    source = await documents(es7, SOURCE);
    assert.ok(source.ids.length > DOCS, "the source holds the orders and the special documents");
  });

  after(async () => {
    await deleteIndices(es7.transport, SOURCE);
    await deleteIndices(es9.transport, VIA9);
    await deleteIndices(es8.transport, TO8, AGAIN8, STRICT, RESUMED);
    await proxy.close();
    await Promise.all([es7.close(), es8.close(), es9.close()]);
    await box.dispose();
  });

  for (const [from, to, fromSession, toSession, what] of [
    [`c7/${SOURCE}`, `c9/${VIA9}`, () => es7, () => es9, "7.17 → 9.x"],
    [`c9/${VIA9}`, `c8/${TO8}`, () => es9, () => es8, "9.x → 8.x"],
    [`c8/${TO8}`, `c8/${AGAIN8}`, () => es8, () => es8, "8.x → 8.x"],
  ] as const) {
    it(`${what}: every _id and document the same, the mapping the same, the source untouched`, async () => {
      const r = copy(from, to, "--json");
      assert.equal(r.status, 0, r.stderr + r.stdout);
      const report = JSON.parse(r.stdout) as CopyReport;
      assert.equal(report.created, true);
      assert.equal(report.expected, source.ids.length);
      assert.equal(report.written, source.ids.length);
      assert.equal(report.failedCount, 0);
      assert.equal(report.targetRecords, source.ids.length);
      const [fromIndex, toIndex] = [from.split("/")[1] as string, to.split("/")[1] as string];
      const copied = await documents(toSession(), toIndex);
      assert.deepEqual(copied.ids, source.ids);
      assert.equal(copied.sum, source.sum);
      assert.deepEqual(
        await mapping(toSession(), toIndex),
        await mapping(fromSession(), fromIndex),
      );
      assert.deepEqual(await mapping(es7, SOURCE), canonical(ORDERS_MAPPING));
      assert.equal((await documents(es7, SOURCE)).sum, source.sum, "the source is unchanged");
    });
  }

  it("a target that holds documents is refused without --append, and nothing is written", async () => {
    const before = await documents(es8, AGAIN8);
    const r = copy(`c8/${TO8}`, `c8/${AGAIN8}`);
    assert.notEqual(r.status, 0);
    assert.match(
      r.stderr,
      new RegExp(`${AGAIN8} on c8 already holds ${source.ids.length} records`),
    );
    assert.match(r.stderr, /--append/);
    assert.equal((await documents(es8, AGAIN8)).sum, before.sum);
  });

  it("--append into a stricter mapping: each refused document is listed with its _id and reason", async () => {
    await es8.transport.json({
      method: "PUT",
      path: `/${STRICT}`,
      body: {
        settings: { number_of_shards: 1, number_of_replicas: 0 },
        mappings: { dynamic: "false", properties: { notes: { type: "long" } } },
      },
    });
    const r = copy(`c7/${SOURCE}`, `c8/${STRICT}`, "--append", "--json");
    assert.equal(r.status, 1, r.stderr);
    const report = JSON.parse(r.stdout) as {
      expected: number;
      written: number;
      failedCount: number;
      failed: { key: string; status: number; reason: string }[];
      failuresFile: string;
      targetRecords: number;
    };
    assert.ok(report.failedCount > 1_000, `${report.failedCount} refused`);
    assert.ok(report.written > 1_000, `${report.written} written`);
    assert.equal(report.written + report.failedCount, report.expected);
    assert.equal(report.failed.length, 100, "the report shows the first hundred");
    // The file lists every one, each with the _id and reason, each source _id at most once.
    const listed = readFileSync(report.failuresFile, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { key: string; status: number; reason: string });
    assert.equal(listed.length, report.failedCount);
    assert.equal(new Set(listed.map((l) => l.key)).size, listed.length);
    const known = new Set(source.ids);
    assert.ok(listed.every((l) => known.has(l.key) && l.status === 400));
    assert.equal(statSync(report.failuresFile).mode & 0o777, 0o600);
    assert.equal(report.targetRecords, report.written);
    const first = report.failed[0];
    assert.ok(first && source.ids.includes(first.key), "a failure names a source _id");
    assert.equal(first?.status, 400);
    assert.match(first?.reason ?? "", /notes/);
    // The human report says the same.
    await deleteIndices(es8.transport, STRICT);
    await es8.transport.json({
      method: "PUT",
      path: `/${STRICT}`,
      body: { mappings: { dynamic: "false", properties: { notes: { type: "long" } } } },
    });
    const text = copy(`c7/${SOURCE}`, `c8/${STRICT}`, "--append");
    assert.equal(text.status, 1);
    assert.match(text.stdout, /documents failed:\n {2}_id ORD-\d+: 400 .*notes/);
    assert.match(text.stdout, /Every failed document, with its _id and reason: .*failures\.ndjson/);
  });

  it("a copy killed mid-way and resumed: none missing, no duplicate", async () => {
    const bulk = (r: { path: string }) => r.path.endsWith("/_bulk");
    proxy.gate.hold(bulk);
    const child = box.spawn([
      "copy",
      `c7/${SOURCE}`,
      `c8gate/${RESUMED}`,
      "--batch-size",
      "500",
      "--slices",
      "2",
    ]);
    const exited = new Promise((resolve) => child.once("exit", resolve));
    // Ten batches land; the next ones wait at the gate; the checkpoint records the ten.
    proxy.gate.allow(10);
    await proxy.gate.waiting(1);
    const dir = join(box.home, "transfers");
    const checkpoint = () => {
      const name = existsSync(dir)
        ? readdirSync(dir).find((f) => f.endsWith(".checkpoint.json"))
        : undefined;
      return name
        ? (JSON.parse(readFileSync(join(dir, name), "utf8")) as { written: number })
        : null;
    };
    await waitFor(() => checkpoint()?.written === 5_000, "the checkpoint to record ten batches");
    child.kill("SIGKILL");
    await exited;
    proxy.gate.open();

    // Asynchronously: the gate's proxy runs in this process and must go on serving.
    const r = await box.runAsync([
      "copy",
      `c7/${SOURCE}`,
      `c8gate/${RESUMED}`,
      "--resume",
      "--json",
    ]);
    assert.equal(r.status, 0, r.stderr + r.stdout);
    const report = JSON.parse(r.stdout) as CopyReport;
    assert.equal(report.resumed, true);
    assert.equal(report.written, source.ids.length);
    assert.equal(report.failedCount, 0);
    assert.equal(report.targetRecords, source.ids.length, "no duplicate");
    const copied = await documents(es8, RESUMED);
    assert.deepEqual(copied.ids, source.ids, "none missing");
    assert.equal(copied.sum, source.sum);
    assert.equal(checkpoint(), null, "the checkpoint goes once the copy has ended well");

    const again = await box.runAsync(["copy", `c7/${SOURCE}`, `c8gate/${RESUMED}`, "--resume"]);
    assert.notEqual(again.status, 0);
    assert.match(again.stderr, /no interrupted copy .* to resume/);
  });
});
