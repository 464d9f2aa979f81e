/**
 * The app's one owner of live state on a real node (src/app/live/live-state.ts): the app runs as
 * its own process (`quarry start --background`), reaching es8 through a gate
 * (test/support/gate-proxy.ts). With a grid paged past the result window (its point in time open)
 * and an export under way (its scan's point in time open, its next batch held at the gate), the
 * test forgets the connection (removes it through the UI's API), then does the same again and
 * stops the app with `quarry stop`. Each time the export ends cancelled, the grid is gone, and the
 * cluster has closed their points in time.
 *
 * What is checked on the cluster: each point in time the app searched with answers 404
 * (`search_context_missing_exception`) to a search of its own, and the dedicated index's
 * `open_contexts` (`<index>/_stats/search`) comes back to what it was before. Not the node's
 * `_nodes/stats` count: other suites open and close contexts on the same node at the same time,
 * so that figure moves for reasons of their own; the ids and the index are this test's alone.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { addConnection, openAppStorage } from "../../src/app/connections/connection-service.ts";
import { node, plainConfig } from "../support/cluster.ts";
import { type GateProxy, type HeldRequest, startGateProxy } from "../support/gate-proxy.ts";
import { mcpClient, mcpTestServer } from "../support/mcp.ts";
import { orderedBefore } from "../support/ordered-before.ts";
import { ownIndex } from "../support/own-index.ts";
import { pitAlive } from "../support/point-in-time.ts";
import { type Sandbox, sandbox, waitFor } from "../support/quarry.ts";

const INDEX = "qt-live-state";
/** Past the result window by one page, so the grid's last page needs a point in time. */
const DOCS = 10_050;
const PAGE_SIZE = 50;
const EXPORT_BATCH = 100;

function* docs(): Generator<[string, Record<string, unknown>]> {
  for (let i = 0; i < DOCS; i++) yield [`d-${i}`, { n: i, word: `w${i % 7}` }];
}

const es = ownIndex("es8", INDEX, docs(), {
  mappings: { properties: { n: { type: "integer" }, word: { type: "keyword" } } },
});

interface PitBody {
  pit?: { id?: unknown };
  size?: unknown;
}

/** The point in time a search through the gate names, if any. */
function pitOf(r: HeldRequest): string | undefined {
  const id = (r.json as PitBody | undefined)?.pit?.id;
  return typeof id === "string" ? id : undefined;
}

/** The search contexts open on the dedicated index, across its shards. */
async function openContexts(): Promise<number> {
  const stats = await es.transport.json<{
    _all: { total: { search: { open_contexts: number } } };
  }>({ method: "GET", path: `/${INDEX}/_stats/search` });
  return stats._all.total.search.open_contexts;
}

/**
 * Every point in time in `ids` is closed on the cluster, and the index's open contexts are back
 * to `baseline`.
 */
async function closedOnCluster(ids: string[], baseline: number): Promise<void> {
  for (const id of ids)
    await waitFor(
      async () => !(await pitAlive(es.transport, id)),
      "the point in time to be closed",
    );
  await waitFor(
    async () => (await openContexts()) <= baseline,
    `the index's open contexts to come back to ${baseline}`,
  );
}

interface JobView {
  id: string;
  state: string;
}

describe("the app's live state: forgetting a connection and stopping the app close its points in time", () => {
  let box: Sandbox;
  let proxy: GateProxy;
  let api: <T>(
    method: string,
    path: string,
    body?: unknown,
  ) => Promise<{ status: number; body: T }>;
  let baseline: number;
  /** Every point in time the app searched with, by who searched with it. */
  const pits = { grid: new Set<string>(), export: new Set<string>() };

  before(async () => {
    baseline = await openContexts();
    proxy = await startGateProxy(node("es8").url);
    box = sandbox();
    const start = box.run(["start", "--background", "--json"]);
    assert.equal(start.status, 0, start.stderr);
    const instance = JSON.parse(readFileSync(join(box.home, "instance.json"), "utf8")) as {
      port: number;
      secret: string;
    };
    api = async <T>(method: string, path: string, body?: unknown) => {
      const res = await fetch(`http://127.0.0.1:${instance.port}/api${path}`, {
        method,
        headers: { "x-quarry-secret": instance.secret, "content-type": "application/json" },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: res.status, body: (await res.json()) as T };
    };
  });

  after(async () => {
    await box?.dispose();
    await proxy?.close();
  });

  /** A saved connection to es8 through the gate (in the app's data folder). */
  async function connect(name: string): Promise<string> {
    const storage = await openAppStorage(box.env);
    const saved = await addConnection(storage, {
      name,
      type: "elasticsearch",
      settings: { ...plainConfig(node("es8")), port: proxy.port },
    });
    return saved.id;
  }

  /**
   * A grid on its last page (its point in time open), and an export whose scan has read a batch
   * and waits at the gate for the next one. Answers the grid's and the export's ids.
   */
  async function gridAndExport(id: string): Promise<{ grid: string; job: string }> {
    pits.grid.clear();
    pits.export.clear();
    proxy.gate.hold((r) => {
      const pit = pitOf(r);
      if (pit) pits.grid.add(pit);
      return false;
    });
    const opened = await api<{ gridId: string }>(
      "POST",
      `/connections/${id}/tables/${INDEX}/grid`,
      {},
    );
    assert.equal(opened.status, 200, JSON.stringify(opened.body));
    const grid = opened.body.gridId;
    const page = await api<unknown>("POST", `/grids/${grid}/browse`, {
      page: Math.ceil(DOCS / PAGE_SIZE),
      pageSize: PAGE_SIZE,
    });
    assert.equal(page.status, 200, JSON.stringify(page.body));
    assert.ok(pits.grid.size > 0, "the grid's last page was read in a point in time");

    // The export's batches: each names its scan's point in time; the second waits at the gate.
    const gridPits = new Set(pits.grid);
    proxy.gate.hold((r) => {
      const pit = pitOf(r);
      if (!pit || gridPits.has(pit)) return false;
      pits.export.add(pit);
      return (r.json as PitBody).size === EXPORT_BATCH;
    });
    const started = await api<JobView>("POST", `/connections/${id}/tables/${INDEX}/export`, {
      format: "ndjson",
      batchSize: EXPORT_BATCH,
    });
    assert.equal(started.status, 200, JSON.stringify(started.body));
    await proxy.gate.waiting(1);
    proxy.gate.allow(1);
    await proxy.gate.waiting(1);
    const job = await api<JobView>("GET", `/jobs/export/${started.body.id}`);
    assert.equal(job.body.state, "running");
    assert.ok(pits.export.size > 0, "the export reads in a point in time of its own");
    assert.ok((await openContexts()) > baseline, "the grid and the export hold search contexts");
    return { grid, job: started.body.id };
  }

  const closedOnTheCluster = () => closedOnCluster([...pits.grid, ...pits.export], baseline);

  it("removing a connection cancels its export and closes its grid, and their points in time", async () => {
    const id = await connect("live-forget");
    const { grid, job } = await gridAndExport(id);
    const removed = await api<unknown>("DELETE", `/connections/${id}`);
    assert.equal(removed.status, 200, JSON.stringify(removed.body));
    // The removal answered once the export had ended: it is cancelled already.
    const ended = await api<JobView>("GET", `/jobs/export/${job}`);
    assert.equal(ended.body.state, "cancelled");
    const paged = await api<unknown>("POST", `/grids/${grid}/browse`, { page: 1, pageSize: 10 });
    assert.equal(paged.status, 404, JSON.stringify(paged.body));
    await closedOnTheCluster();
  });

  it("`quarry stop` cancels the export and closes the grid, and their points in time", async () => {
    const id = await connect("live-stop");
    await gridAndExport(id);
    // Asynchronously: the app's stop goes through the gate, which this process serves.
    const stopped = await box.runAsync(["stop"]);
    assert.equal(stopped.status, 0, stopped.stderr);
    assert.match(stopped.stdout, /has stopped/);
    await closedOnTheCluster();
  });
});

describe("an MCP export_data is a job of its connection: forgetting the connection cancels it", () => {
  let proxy: GateProxy;
  let baseline: number;
  orderedBefore(async () => {
    baseline = await openContexts();
    proxy = await startGateProxy(node("es8").url);
  });
  after(async () => {
    await proxy?.close();
  });
  const srv = mcpTestServer({
    connections: (home) =>
      addConnection(home.storage, {
        name: "gated",
        type: "elasticsearch",
        settings: { ...plainConfig(node("es8")), port: proxy.port },
        externalClients: "read-write",
        aiPolicy: "always-allow",
      }),
    token: { name: "full", scope: "full-access" },
  });
  const client = mcpClient(srv);

  it("ends the call with an error, and closes the export's point in time", async () => {
    const pits = new Set<string>();
    // The export's first batch waits at the gate (its count, of no rows, goes on).
    proxy.gate.hold((r) => {
      const pit = pitOf(r);
      if (!pit) return false;
      pits.add(pit);
      return (r.json as PitBody).size !== 0;
    });
    const call = client.callTool({
      name: "export_data",
      arguments: { connection: "gated", table: INDEX },
    });
    await proxy.gate.waiting(1);
    assert.ok(pits.size > 0, "the export reads in a point in time");
    const { id } = await srv.home.storage.connections.require("gated");
    await srv.live.forget(id);
    const res = await call;
    assert.equal(res.isError, true, JSON.stringify(res.structuredContent));
    assert.equal(srv.live.jobs.holds(id), false);
    await closedOnCluster([...pits], baseline);
  });
});
