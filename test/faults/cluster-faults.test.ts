/**
 * The cluster overview while a node is gone, on a real three-node cluster: an index of 3 shards
 * with 2 replicas has a copy of every shard on every node. One node (not the one Quarry talks to)
 * is killed with SIGKILL; its replicas cannot go anywhere else (a node holds one copy of a shard),
 * so the cluster turns yellow with 3 replicas unassigned for NODE_LEFT. The Cluster page, `quarry
 * cluster health` and `quarry cluster allocation` show them with the cluster's reason and its
 * allocation explanation; the node is started again and the page shows the cluster green.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { startNode } from "../../scripts/es/three-node.ts";
import { addConnection } from "../../src/app/connections/connection-service.ts";
import type { PlacementExplanation } from "../../src/core/catalog.ts";
import type { EsSession } from "../../src/drivers/elasticsearch/session.ts";
import { type Sandbox, sandbox } from "../support/quarry.ts";
import {
  faultConfig,
  faultSession,
  faultUrl,
  killFaultNode,
  recreateSpreadIndex,
  restoreAndDrop,
  waitForCluster,
} from "../support/three-node.ts";
import { appWithBrowser, screenshot } from "../support/ui.ts";

const INDEX = "faults-cluster";
const GONE = "faults-3";

describe("the cluster overview with a node gone", { timeout: 10 * 60_000 }, () => {
  let s: EsSession;
  const { app, page } = appWithBrowser();
  let box: Sandbox;
  let connectionId: string;

  before(async () => {
    s = faultSession("faults-1");
    const t = s.transport;
    await recreateSpreadIndex(t, INDEX, 2, {
      // Reallocate at once when a node leaves, so the verdict is "no" rather than "delayed".
      settings: { "index.unassigned.node_left.delayed_timeout": "0" },
    });
    await waitForCluster(t, 3, "green");
    const saved = await addConnection(app.storage, {
      name: "faults",
      type: "elasticsearch",
      settings: { ...faultConfig("faults-1") },
    });
    connectionId = saved.id;
    box = sandbox();

    await killFaultNode(GONE, t);
    await waitForUnassigned(3);
  });

  after(async () => {
    await box?.dispose();
    await restoreAndDrop(s, INDEX);
  });

  /** Waits until the cluster lists `n` unassigned copies of the index (and none initializing). */
  async function waitForUnassigned(n: number): Promise<void> {
    const deadline = Date.now() + 120_000;
    for (;;) {
      const h = await s.transport.json<{ unassigned_shards: number; initializing_shards: number }>({
        method: "GET",
        path: `/_cluster/health/${INDEX}`,
        query: { timeout: "5s" },
      });
      if (h.unassigned_shards === n && h.initializing_shards === 0) return;
      if (Date.now() > deadline) throw new Error(`${INDEX} never had ${n} unassigned shards`);
      await sleep(200);
    }
  }

  it("the page shows the cluster yellow, the unassigned replicas and why", async () => {
    await page.goto(`${app.url}#/c/${connectionId}/cluster`);
    const status = page.getByTestId("cluster-status");
    await status.waitFor();
    assert.equal(await status.textContent(), "yellow");
    const causes = (await page.getByTestId("cluster-causes").textContent()) ?? "";
    assert.match(causes, /3 replica shards unassigned/);
    assert.match(causes, /NODE_LEFT \(3\)/);

    const nodes = page.getByTestId("cluster-nodes").locator("tbody tr");
    assert.deepEqual(await nodes.evaluateAll((rows) => rows.map((r) => r.dataset.node)), [
      "faults-1",
      "faults-2",
    ]);

    const rows = page.getByTestId("cluster-unassigned").locator("tr", { hasText: INDEX });
    assert.deepEqual(
      (await rows.allInnerTexts()).map((t) => t.replace(/\s+/g, " ").trim()),
      [0, 1, 2].map((n) => `${INDEX} ${n} replica NODE_LEFT Explain`),
    );
    const matrixRow = page.getByTestId("shard-matrix").locator(`tr[data-index="${INDEX}"]`);
    assert.deepEqual(await matrixRow.locator('td[data-node=""] .shard').allInnerTexts(), [
      "0",
      "1",
      "2",
    ]);
    assert.equal(await matrixRow.locator(`td[data-node="${GONE}"]`).count(), 0);

    const why = page.getByTestId("allocation-explanation");
    const text = (await why.textContent()) ?? "";
    assert.match(text, new RegExp(`Why ${INDEX} shard 0 replica is unassigned`));
    assert.match(text, /Unassigned because NODE_LEFT/);
    assert.match(text, /Can be allocated: no/);
    assert.match(text, /a copy of this shard is already allocated to this node/);
    await screenshot(page, "faults-cluster-node-gone");
  });

  it("quarry cluster allocation and health say the same, readable and --json", async () => {
    const plain = await box.runAsync(["cluster", "allocation", faultUrl("faults-1")]);
    assert.equal(plain.status, 0, plain.stderr);
    assert.match(
      plain.stdout,
      new RegExp(`^Allocation of \\[${INDEX}\\]\\[0\\] replica: unassigned`),
    );
    assert.match(plain.stdout, /Unassigned because NODE_LEFT/);
    assert.match(plain.stdout, /Can be allocated: no/);
    assert.match(plain.stdout, /faults-1: no\n {4}- a copy of this shard is already allocated/);

    const json = await box.runAsync([
      "cluster",
      "allocation",
      faultUrl("faults-1"),
      "--index",
      INDEX,
      "--shard",
      "2",
      "--json",
    ]);
    assert.equal(json.status, 0, json.stderr);
    const e = (JSON.parse(json.stdout) as { explanation: PlacementExplanation }).explanation;
    assert.equal(e.table, INDEX);
    assert.equal(e.partition, 2);
    assert.equal(e.primary, false);
    assert.equal(e.unassignedReason, "NODE_LEFT");
    assert.equal(e.decision, "no");
    assert.deepEqual(e.nodes.map((n) => [n.node, n.decision]).sort(), [
      ["faults-1", "no"],
      ["faults-2", "no"],
    ]);

    const health = await box.runAsync(["cluster", "health", faultUrl("faults-1")]);
    assert.equal(health.status, 0, health.stderr);
    assert.match(health.stdout, /^Cluster quarry-faults: yellow$/m);
    assert.match(health.stdout, /3 replica shards unassigned.*NODE_LEFT \(3\)/);
  });

  it("the node back: the page shows the cluster green with every copy on its node", async () => {
    await startNode(GONE);
    await waitForCluster(s.transport, 3, "green");
    await page.getByRole("button", { name: "Refresh", exact: true }).click();
    await page
      .getByTestId("cluster-status")
      .filter({ hasText: /^green$/ })
      .waitFor();
    assert.equal(await page.getByTestId("cluster-unassigned").count(), 0);
    assert.equal(await page.getByTestId("cluster-causes").count(), 0);
    const matrixRow = page.getByTestId("shard-matrix").locator(`tr[data-index="${INDEX}"]`);
    for (const n of ["faults-1", "faults-2", GONE])
      assert.equal(await matrixRow.locator(`td[data-node="${n}"] .shard`).count(), 3, n);
    assert.equal(await matrixRow.locator('td[data-node=""] .shard').count(), 0);
    await screenshot(page, "faults-cluster-green-again");
  });
});
