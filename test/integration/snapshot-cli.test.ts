/**
 * `quarry snapshot …` on 7.17, 8.x and 9.x: a shared file system repository registered at the
 * node's `path.repo` (docs/testing.md, "Snapshots") and verified; a snapshot of a test index (and
 * of `sample-orders` where the node holds it) taken and followed until done; documents deleted,
 * then restored from the snapshot into renamed indices and counted equal; a restore over the
 * existing open index refused without its name and done with it; the snapshot deleted and the
 * repository removed only with their names typed.
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { addConnection, openAppStorage } from "../../src/app/connections/connection-service.ts";
import type { BackupDetail, RepositoryKind } from "../../src/core/cluster-admin.ts";
import type { EsSession } from "../../src/drivers/elasticsearch/session.ts";
import { connectionTo, MAJORS, type MajorNode, node, sessionTo } from "../support/cluster.ts";
import { deleteIndices, loadOrders, orderId } from "../support/datasets.ts";

const root = join(import.meta.dirname, "..", "..");
const home = mkdtempSync(join(tmpdir(), "quarry-snapshot-cli-"));
const RUN = randomBytes(3).toString("hex");
const SAMPLE = "sample-orders";

type Run = { code: number | null; out: string; err: string };

function quarry(args: string[], input?: string, tty = false): Promise<Run> {
  return new Promise((resolve) => {
    const main = join(root, "src/cli/main.ts");
    // With a terminal: `script` gives the command a pseudo-terminal whose input is `input`.
    const quoted = [process.execPath, main, ...args].map((a) => `'${a.replaceAll("'", "'\\''")}'`);
    const env = { ...process.env, QUARRY_HOME: home };
    const child = tty
      ? spawn("script", ["-qec", quoted.join(" "), "/dev/null"], { cwd: root, env })
      : spawn(process.execPath, [main, ...args], { cwd: root, env });
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => {
      out += d;
    });
    child.stderr.on("data", (d) => {
      err += d;
    });
    child.stdin.end(input ?? "");
    child.on("exit", (code) => resolve({ code, out, err }));
  });
}

async function ok(args: string[]): Promise<Run> {
  const r = await quarry(args);
  assert.equal(r.code, 0, r.err || r.out);
  return r;
}

async function json<T>(args: string[]): Promise<T> {
  return JSON.parse((await ok([...args, "--json"])).out) as T;
}

after(() => rmSync(home, { recursive: true, force: true }));

async function targetFor(name: MajorNode): Promise<string> {
  const n = node(name);
  if (!n.secured) return n.url;
  const storage = await openAppStorage({ ...process.env, QUARRY_HOME: home });
  const { config, secrets } = connectionTo(n);
  await addConnection(storage, { name, type: "elasticsearch", settings: { ...config } }, secrets);
  return name;
}

for (const name of MAJORS) {
  describe(`quarry snapshot on ${name}`, () => {
    const index = `t-snap-${RUN}-${name}`;
    const restored = `restored-${index}`;
    const restoredSample = `restored-${SAMPLE}-${RUN}`;
    const repo = `t-snap-${RUN}-${name}`;
    const snap = `snap-${RUN}`;
    const location = join(node(name).snapshotPath as string, repo);
    let s: EsSession;
    let conn: string;
    let withSample = false;
    let sampleCount = 0;
    const count = async (i: string) =>
      (await s.transport.json<{ count: number }>({ method: "GET", path: `/${i}/_count` })).count;

    before(async () => {
      conn = await targetFor(name);
      s = sessionTo(node(name));
      await loadOrders(s.transport, index, 300, { specials: false });
      const sample = await s.transport.request({ method: "HEAD", path: `/${SAMPLE}` });
      withSample = sample.status === 200;
      if (withSample) {
        await s.transport.json({ method: "POST", path: `/${SAMPLE}/_refresh` });
        sampleCount = await count(SAMPLE);
      }
    });
    after(async () => {
      await deleteIndices(s.transport, index, restored, restoredSample);
      await s.transport.request({ method: "DELETE", path: `/_snapshot/${repo}/${snap}` });
      await s.transport.request({ method: "DELETE", path: `/_snapshot/${repo}` });
      await s.close();
      rmSync(location, { recursive: true, force: true });
    });

    it("offers a shared file system under the node's path.repo", async () => {
      const { types } = await json<{ types: RepositoryKind[] }>(["snapshot", "repo-types", conn]);
      const fs = types.find((t) => t.type === "fs");
      assert.ok(fs, JSON.stringify(types));
      assert.deepEqual(fs.fields.find((f) => f.name === "location")?.choices, [
        node(name).snapshotPath,
      ]);
    });

    it("registers the repository, shows its request, and verifies it", async () => {
      const r = await ok(["snapshot", "repo", "add", conn, repo, "--location", location]);
      assert.match(r.err, new RegExp(`This will send:\\s+PUT /_snapshot/${repo}\\n`));
      const { repositories } = await json<{ repositories: { name: string; type: string }[] }>([
        "snapshot",
        "repos",
        conn,
      ]);
      assert.deepEqual(
        repositories.filter((x) => x.name === repo).map((x) => x.type),
        ["fs"],
      );
      await ok(["snapshot", "repo", "verify", conn, repo]);
    });

    it("takes a snapshot and follows it until it is done", async () => {
      const indices = withSample ? `${index},${SAMPLE}` : index;
      const r = await json<{ result: BackupDetail }>([
        "snapshot",
        "create",
        conn,
        repo,
        snap,
        "--indices",
        indices,
      ]);
      assert.equal(r.result.state, "SUCCESS");
      assert.equal(r.result.running, false);
      const d = await json<BackupDetail>(["snapshot", "show", conn, repo, snap]);
      assert.deepEqual(d.tables, withSample ? [SAMPLE, index].sort() : [index]);
      assert.equal(d.shards.failed, 0);
      const mine = d.perTable.find((t) => t.name === index);
      assert.ok(mine && (mine.sizeBytes ?? 0) > 0, JSON.stringify(d.perTable));
      const listed = await json<{ snapshots: { name: string; state: string }[] }>([
        "snapshot",
        "list",
        conn,
        repo,
      ]);
      assert.deepEqual(
        listed.snapshots.map((x) => [x.name, x.state]),
        [[snap, "SUCCESS"]],
      );
    });

    it("restores deleted documents into renamed indices, counted equal", async () => {
      const deletes = Array.from({ length: 100 }, (_, i) =>
        JSON.stringify({ delete: { _index: index, _id: orderId(i) } }),
      );
      await s.transport.json({
        method: "POST",
        path: "/_bulk",
        query: { refresh: "true" },
        body: `${deletes.join("\n")}\n`,
        contentType: "application/x-ndjson",
      });
      assert.equal(await count(index), 200);
      await ok([
        "snapshot",
        "restore",
        conn,
        repo,
        snap,
        "--indices",
        index,
        "--rename-pattern",
        "(.+)",
        "--rename-replacement",
        "restored-$1",
      ]);
      assert.equal(await count(restored), 300);
      if (withSample) {
        await ok([
          "snapshot",
          "restore",
          conn,
          repo,
          snap,
          "--indices",
          SAMPLE,
          "--rename-pattern",
          `^${SAMPLE}$`,
          "--rename-replacement",
          restoredSample,
        ]);
        assert.equal(await count(restoredSample), sampleCount);
      }
    });

    it("refuses a restore over the open index without its name, and does it with it", async () => {
      const over = ["snapshot", "restore", conn, repo, snap, "--indices", index];
      const bare = await quarry(over);
      assert.equal(bare.code, 2, bare.err);
      assert.match(bare.err, new RegExp(`replacing the existing ${index}`));
      assert.match(bare.err, new RegExp(`pass --confirm ${index}`));
      const wrong = await quarry([...over, "--confirm", restored]);
      assert.equal(wrong.code, 2, wrong.err);
      assert.equal(await count(index), 200, "nothing was sent");
      const r = await ok([...over, "--confirm", index]);
      assert.match(r.err, new RegExp(`POST /${index}/_close`));
      assert.equal(await count(index), 300);
    });

    it("deletes the snapshot and removes the repository only with their names", async () => {
      const typo = await quarry(["snapshot", "delete", conn, repo, snap], `${snap}x\n`, true);
      assert.notEqual(typo.code, 0, typo.out);
      assert.match(typo.out, /Not confirmed/);
      await ok(["snapshot", "delete", conn, repo, snap, "--confirm", snap]);
      const listed = await json<{ snapshots: unknown[] }>(["snapshot", "list", conn, repo]);
      assert.deepEqual(listed.snapshots, []);
      const bare = await quarry(["snapshot", "repo", "remove", conn, repo]);
      assert.equal(bare.code, 2, bare.err);
      await ok(["snapshot", "repo", "remove", conn, repo, "--confirm", repo]);
      const res = await s.transport.request({ method: "GET", path: `/_snapshot/${repo}` });
      assert.equal(res.status, 404);
    });
  });
}
