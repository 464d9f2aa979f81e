/**
 * A connection to several nodes of the three-node cluster (`hosts`) while the node it is using is
 * killed with SIGKILL: a browse, an open grid's next page, an export and an MCP call, each started
 * on faults-1 (the node in use), go on through another node, nothing lost and nothing written
 * twice. faults-1 holds no copy of the index, so the cluster keeps every document and the point in
 * time's search contexts (on faults-2 and faults-3) survive: what is lost is only the node Quarry
 * talks to, the failure this test is about. A write sent after the kill reaches the cluster once.
 *
 * "During" is made certain, not timed: the export process is paused (SIGSTOP) once its file holds
 * documents, the node is killed and seen gone by the cluster, then it continues (SIGCONT).
 */
import assert from "node:assert/strict";
import { once } from "node:events";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { addConnection } from "../../src/app/connections/connection-service.ts";
import type { Row } from "../../src/core/grid.ts";
import { openGrid } from "../../src/drivers/elasticsearch/grid/browse.ts";
import type { EsSession } from "../../src/drivers/elasticsearch/session.ts";
import { portOf, session } from "../support/cluster.ts";
import { mcpClient, mcpTestServer } from "../support/mcp.ts";
import { collect, type Sandbox, sandbox, waitFor } from "../support/quarry.ts";
import {
  faultConfig,
  faultNode,
  faultSession,
  faultUrl,
  killFaultNode,
  loadOffFirstNode,
  restoreAndDrop,
  restoreCluster,
  waitForCluster,
} from "../support/three-node.ts";

const INDEX = "faults-nodes";
const DOCS = 30_000;
const size = (path: string) => (existsSync(path) ? statSync(path).size : 0);

const hosts = () =>
  (["faults-1", "faults-2", "faults-3"] as const)
    .map((n) => `127.0.0.1:${portOf(faultNode(n))}`)
    .join(",");

describe("several nodes: the node in use is killed", { timeout: 10 * 60_000 }, () => {
  let admin: EsSession;
  let box: Sandbox;
  let dir: string;
  let allIds: string[];
  const srv = mcpTestServer({
    connections: (home) =>
      addConnection(home.storage, {
        name: "nodes",
        type: "elasticsearch",
        settings: { ...faultConfig("faults-1"), hosts: hosts() },
        externalClients: "read-only",
        aiPolicy: "always-allow",
      }),
    token: { name: "r", scope: "read-only" },
  });
  const client = mcpClient(srv, "2026-07-28");

  before(async () => {
    admin = faultSession("faults-2");
    box = sandbox();
    dir = mkdtempSync(join(tmpdir(), "qt-faults-nodes-"));
    allIds = await loadOffFirstNode(admin.transport, INDEX, DOCS);
  });

  after(async () => {
    await restoreAndDrop(admin, INDEX);
    await box.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  it("a browse, an open grid, an export and an MCP call go on through another node", async () => {
    const nodes = session({ ...faultConfig("faults-1"), hosts: hosts() });
    const out = join(dir, "nodes.ndjson");
    try {
      // Each starts on faults-1, the first node and the one in use.
      const before = await nodes.grid.browse(INDEX, {
        page: 1,
        pageSize: 50,
        sort: [{ column: "n", direction: "asc" }],
      });
      assert.equal(before.rows.length, 50);
      const grid = openGrid(nodes.transport, INDEX);
      const rows: Row[] = [];
      rows.push(...(await grid.browse({ page: 1, pageSize: 500 })).rows);
      const mcpBefore = await client.callTool({
        name: "browse_table",
        arguments: { connection: "nodes", table: INDEX, page_size: 0 },
      });
      assert.equal(mcpBefore.isError ?? false, false, JSON.stringify(mcpBefore.content));

      const child = box.spawn([
        "export",
        faultUrl("faults-1"),
        INDEX,
        "--hosts",
        hosts(),
        "--format",
        "ndjson",
        "--out",
        out,
        "--batch-size",
        "500",
      ]);
      const output = collect(child);
      const ended = once(child, "exit");
      await waitFor(
        () => child.exitCode !== null || size(`${out}.partial`) > 0,
        "the export to write its first documents",
        120_000,
      );
      assert.equal(child.exitCode, null, "the export was still running");
      child.kill("SIGSTOP");

      await killFaultNode("faults-1", admin.transport);
      await waitForCluster(admin.transport, 2, "green");

      child.kill("SIGCONT");
      // The grid's next pages and a browse, through faults-2 now.
      for (let page = 2; ; page++) {
        const res = await grid.browse({ page, pageSize: 500 });
        rows.push(...res.rows);
        if (res.rows.length < 500) break;
      }
      await grid.close();
      const ids = rows.map((r) => r._id);
      assert.equal(new Set(ids).size, ids.length, "no row twice in the grid");
      assert.deepEqual(ids.sort(), allIds, "every row of the index in the grid");
      const afterKill = await nodes.grid.browse(INDEX, {
        page: 2,
        pageSize: 50,
        sort: [{ column: "n", direction: "asc" }],
      });
      assert.equal(afterKill.rows.length, 50);

      const mcpAfter = await client.callTool({
        name: "browse_table",
        arguments: { connection: "nodes", table: INDEX, page_size: 0 },
      });
      assert.equal(mcpAfter.isError ?? false, false, JSON.stringify(mcpAfter.content));
      assert.deepEqual(mcpAfter.structuredContent, mcpBefore.structuredContent);

      await ended;
      assert.equal(child.exitCode, 0, output.text());
      const lines = readFileSync(out, "utf8").split("\n");
      const exported: string[] = [];
      for (let i = 0; i < lines.length; i += 2) {
        if (lines[i])
          exported.push((JSON.parse(lines[i]!) as { index: { _id: string } }).index._id);
      }
      assert.equal(new Set(exported).size, exported.length, "no document twice in the export");
      assert.deepEqual(exported.sort(), allIds, "every document exported");
    } finally {
      await nodes.close();
    }
  });

  it("a write never sent to the dead node reaches the cluster once, through the next", async () => {
    // A new session: its first request meets faults-1 refusing the connection.
    const nodes = session({ ...faultConfig("faults-1"), hosts: hosts() });
    try {
      const res = await nodes.transport.json<{ result: string }>({
        method: "POST",
        path: `/${INDEX}/_doc`,
        query: { refresh: "true" },
        body: { n: -1, name: "written-once" },
      });
      assert.equal(res.result, "created");
      const count = await admin.transport.json<{ count: number }>({
        method: "POST",
        path: `/${INDEX}/_count`,
        body: { query: { term: { name: "written-once" } } },
      });
      assert.equal(count.count, 1);
    } finally {
      await nodes.close();
    }
  });

  it("with discovery, a connection given one node goes on through the nodes it published", async () => {
    await restoreCluster(admin.transport);
    const one = session({ ...faultConfig("faults-1"), discoverNodes: true });
    try {
      await one.testConnection();
      await killFaultNode("faults-1", admin.transport);
      const page = await one.grid.browse(INDEX, { page: 1, pageSize: 10 });
      assert.equal(page.rows.length, 10);
    } finally {
      await one.close();
    }
  });
});
