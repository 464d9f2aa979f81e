/**
 * `quarry snapshot …` on 7.17, 8.x and 9.x: a shared file system repository registered at the
 * node's `path.repo` (docs/testing.md, "Snapshots") and verified; a snapshot of a test index (and
 * of `sample-orders` where the node holds it) taken and followed until done; documents deleted,
 * then restored from the snapshot into renamed indices and counted equal; a restore over the
 * existing open index refused without its name and done with it; the snapshot deleted and the
 * repository removed only with their names typed.
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import type { BackupDetail, RepositoryKind } from "../../src/core/cluster-admin.ts";
import type { EsSession } from "../../src/drivers/elasticsearch/session.ts";
import { cliRunner } from "../support/cli-runner.ts";
import { MAJORS, type MajorNode, node, sessionTo } from "../support/cluster.ts";
import { deleteIndices, loadOrders, orderId } from "../support/datasets.ts";
import { cliTargetFor } from "../support/quarry.ts";

const RUN = randomBytes(3).toString("hex");
const SAMPLE = "sample-orders";

const { home, quarry, ok, json } = cliRunner("snapshot-cli");

const targetFor = (name: MajorNode) => cliTargetFor(home, name);

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
    /** Restores `indices` from the snapshot, renamed by `pattern` and `replacement`. */
    const restoreRenamed = (indices: string, pattern: string, replacement: string) =>
      ok([
        ...["snapshot", "restore", conn, repo, snap, "--indices", indices],
        ...["--rename-pattern", pattern, "--rename-replacement", replacement],
      ]);
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
      await restoreRenamed(index, "(.+)", "restored-$1");
      assert.equal(await count(restored), 300);
      if (withSample) {
        await restoreRenamed(SAMPLE, `^${SAMPLE}$`, restoredSample);
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
