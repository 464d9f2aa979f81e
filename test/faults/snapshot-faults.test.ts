/**
 * A snapshot taken while a node dies, on the real three-node cluster: index A (one shard, held by
 * a node that is not the master and not the one Quarry talks to) and index B (one shard, on the
 * node Quarry talks to), into a shared file system repository throttled so that A's shard is
 * still being copied when its node is killed with SIGKILL. `quarry snapshot create` follows it
 * and reports it PARTIAL with A's shard failed and the cluster's reason; `quarry snapshot show`
 * lists the failure; B is restored from the partial snapshot under a new name with every document.
 */
import assert from "node:assert/strict";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import type { FaultNodeName } from "../../scripts/es/three-node.ts";
import type { BackupDetail } from "../../src/core/cluster-admin.ts";
import type { EsSession } from "../../src/drivers/elasticsearch/session.ts";
import { cliRunner } from "../support/cli-runner.ts";
import {
  faultNode,
  faultSession,
  faultUrl,
  killFaultNode,
  loadSmallDocs,
  restoreCluster,
} from "../support/three-node.ts";

const A = "faults-snap-a";
const B = "faults-snap-b";
const RESTORED = `restored-${B}`;
const REPO = "faults-snap-repo";
const SNAP = "faults-snap-1";

const { quarry } = cliRunner("snapshot-faults");

describe("a snapshot while a node dies", { timeout: 10 * 60_000 }, () => {
  let s: EsSession;
  let victim: FaultNodeName;
  const url = faultUrl("faults-1");
  const location = join(faultNode("faults-1").snapshotPath as string, REPO);

  before(async () => {
    s = faultSession("faults-1");
    const t = s.transport;
    const master = (
      await t.json<{ node: string }[]>({
        method: "GET",
        path: "/_cat/master",
        query: { format: "json" },
      })
    )[0]?.node;
    victim = master === "faults-2" ? "faults-3" : "faults-2";
    const on = (node: string) => ({
      number_of_shards: 1,
      number_of_replicas: 0,
      "index.routing.allocation.require._name": node,
    });
    // Enough bytes that A's shard takes minutes at the repository's rate; B a few documents.
    await loadSmallDocs(t, A, 200_000, on(victim));
    await loadSmallDocs(t, B, 50, on("faults-1"));
    await t.request({ method: "DELETE", path: `/_snapshot/${REPO}` });
    await t.json({
      method: "PUT",
      path: `/_snapshot/${REPO}`,
      body: { type: "fs", settings: { location, max_snapshot_bytes_per_sec: "20kb" } },
    });
  });

  after(async () => {
    await restoreCluster(s.transport);
    await s.transport.request({ method: "DELETE", path: `/_snapshot/${REPO}/${SNAP}` });
    await s.transport.request({ method: "DELETE", path: `/_snapshot/${REPO}` });
    for (const i of [A, B, RESTORED])
      await s.transport.request({ method: "DELETE", path: `/${i}` });
    await s.close();
    rmSync(location, { recursive: true, force: true });
  });

  it("is reported partial with the shard that failed, and what was copied restores", async () => {
    const taking = quarry(["snapshot", "create", url, REPO, SNAP, "--indices", `${A},${B}`]);
    // The moment to kill: B's shard copied, A's being copied on the victim.
    for (;;) {
      const res = await s.transport.request<{
        snapshots?: { indices?: Record<string, { shards?: Record<string, { stage?: string }> }> }[];
      }>({ method: "GET", path: `/_snapshot/${REPO}/${SNAP}/_status` });
      const indices = res.body.snapshots?.[0]?.indices ?? {};
      if (
        indices[A]?.shards?.["0"]?.stage === "STARTED" &&
        indices[B]?.shards?.["0"]?.stage === "DONE"
      )
        break;
      await sleep(200);
    }
    await killFaultNode(victim, s.transport);
    const r = await taking;
    assert.equal(r.code, 1, r.err);
    assert.match(
      r.err,
      new RegExp(
        `Snapshot ${SNAP} ended PARTIAL: 1 of 2 shards copied, 1 failed \\(${A}\\[0\\]: .+\\)`,
      ),
    );

    const shown = await quarry(["snapshot", "show", url, REPO, SNAP, "--json"]);
    assert.equal(shown.code, 0, shown.err);
    const d = JSON.parse(shown.out) as BackupDetail;
    assert.equal(d.state, "PARTIAL");
    assert.deepEqual(d.shards, { total: 2, successful: 1, failed: 1 });
    assert.deepEqual(
      d.failures.map((f) => [f.table, f.shard]),
      [[A, 0]],
    );
    assert.ok((d.failures[0]?.reason ?? "").length > 0);

    const restored = await quarry([
      "snapshot",
      "restore",
      url,
      REPO,
      SNAP,
      "--indices",
      B,
      "--rename-pattern",
      "(.+)",
      "--rename-replacement",
      "restored-$1",
    ]);
    assert.equal(restored.code, 0, restored.err);
    const count = await s.transport.json<{ count: number }>({
      method: "GET",
      path: `/${RESTORED}/_count`,
    });
    assert.equal(count.count, 50);
  });
});
