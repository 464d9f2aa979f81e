/**
 * The fault tests' three-node cluster (scripts/es/three-node.ts, started by the test runner):
 * reaching its nodes, killing one by its pid and starting it again, waiting on the cluster's own
 * view of itself, loading small documents quickly, and reading back every `_id` it holds.
 */

import { isAlive } from "../../scripts/es/cluster.ts";
import type { RunningNode } from "../../scripts/es/nodes.ts";
import {
  type FaultNodeName,
  killNode,
  readThreeNodeState,
  startNode,
} from "../../scripts/es/three-node.ts";
import type { EsSession } from "../../src/drivers/elasticsearch/session.ts";
import type { EsConnectionConfig } from "../../src/drivers/elasticsearch/wire/config.ts";
import type { EsTransport } from "../../src/drivers/elasticsearch/wire/transport.ts";
import { portOf, session } from "./cluster.ts";

export const FAULT_NODES: readonly FaultNodeName[] = ["faults-1", "faults-2", "faults-3"];

export function faultNode(name: FaultNodeName): RunningNode {
  const found = readThreeNodeState()?.nodes.find((n) => n.name === name);
  if (!found) {
    throw new Error(
      `the three-node cluster is not running: run the fault tests through the test runner (node scripts/test.ts test/faults/<file>)`,
    );
  }
  return found;
}

export function faultConfig(name: FaultNodeName): EsConnectionConfig {
  return {
    host: "127.0.0.1",
    port: portOf(faultNode(name)),
    auth: "none",
    sslMode: "disabled",
    skipTlsVerify: false,
  };
}

export const faultUrl = (name: FaultNodeName) => faultNode(name).url;

/** A driver session on one node of the cluster (its HTTP port: the coordinating node). */
export const faultSession = (name: FaultNodeName) => session(faultConfig(name));

interface Health {
  status: string;
  number_of_nodes: number;
  timed_out: boolean;
}

/**
 * Waits (on the cluster's own health API, asked through `t`) for `nodes` nodes, and at `status`
 * when one is given.
 */
export async function waitForCluster(
  t: EsTransport,
  nodes: number,
  status?: "yellow" | "green",
): Promise<void> {
  const deadline = Date.now() + 180_000;
  for (;;) {
    const res = await t
      .request<Health>({
        method: "GET",
        path: "/_cluster/health",
        query: {
          wait_for_nodes: String(nodes),
          ...(status ? { wait_for_status: status } : {}),
          timeout: "10s",
        },
        timeoutMs: 30_000,
      })
      .catch(() => undefined);
    if (res?.status === 200 && !res.body.timed_out) return;
    if (Date.now() > deadline)
      throw new Error(`the cluster did not reach ${nodes} nodes${status ? ` at ${status}` : ""}`);
  }
}

/** Open search contexts per node name (a point in time holds one per shard it reads). */
export async function openContexts(t: EsTransport): Promise<Record<string, number>> {
  const body = await t.json<{
    nodes: Record<string, { name: string; indices: { search: { open_contexts: number } } }>;
  }>({
    method: "GET",
    path: "/_nodes/stats/indices/search",
    query: { filter_path: "nodes.*.name,nodes.*.indices.search.open_contexts" },
  });
  return Object.fromEntries(
    Object.values(body.nodes).map((n) => [n.name, n.indices.search.open_contexts]),
  );
}

/** Which node holds each shard's copies of `index`: `[{shard, primary, node}]`. */
export async function shardCopies(
  t: EsTransport,
  index: string,
): Promise<{ shard: number; primary: boolean; node: string | null }[]> {
  const rows = await t.json<{ shard: string; prirep: string; node: string | null }[]>({
    method: "GET",
    path: `/_cat/shards/${index}`,
    query: { format: "json", h: "shard,prirep,node" },
  });
  return rows.map((r) => ({ shard: Number(r.shard), primary: r.prirep === "p", node: r.node }));
}

/**
 * SIGKILL to one node's server by its pid, then waits until the rest of the cluster (asked
 * through `survivor`) has seen it go.
 */
export async function killFaultNode(name: FaultNodeName, survivor: EsTransport): Promise<void> {
  const alive = FAULT_NODES.filter((n) => isAlive(faultNode(n).pid)).length;
  await killNode(name);
  // The node count only: an index without replicas stays red while its only copy is gone.
  await waitForCluster(survivor, alive - 1);
}

/**
 * Starts again every node that is not running and waits for a green cluster of three, so the next
 * test starts from a healthy cluster.
 */
/** Deletes `index` when it is there and creates it anew with `body` (its settings and mappings). */
export async function recreateIndex(
  t: EsTransport,
  index: string,
  body: Record<string, unknown>,
): Promise<void> {
  await t.request({ method: "DELETE", path: `/${index}` });
  await t.json({ method: "PUT", path: `/${index}`, body });
}

/**
 * Recreates `index` with one primary shard per node of the fault cluster, `replicas` copies of
 * each, and the suite's own settings (what it tests the failure of) and mappings on top.
 */
export async function recreateSpreadIndex(
  t: EsTransport,
  index: string,
  replicas: number,
  own: { settings?: Record<string, unknown>; mappings?: Record<string, unknown> } = {},
): Promise<void> {
  await recreateIndex(t, index, {
    settings: { number_of_shards: 3, number_of_replicas: replicas, ...own.settings },
    ...(own.mappings ? { mappings: own.mappings } : {}),
  });
}

/** The mappings of the documents `loadNumberedDocs` writes. */
export const NUMBERED_DOC_MAPPINGS = {
  properties: { n: { type: "integer" }, name: { type: "keyword" } },
};

/** Documents `d0`… with `{ n, name: "doc-<n>" }`, through `_bulk` (refreshed when asked). */
export async function loadNumberedDocs(
  t: EsTransport,
  index: string,
  count: number,
  options: { refresh?: boolean } = {},
): Promise<void> {
  let bulk = "";
  for (let i = 0; i < count; i++)
    bulk += `{"index":{"_id":"d${i}"}}\n{"n":${i},"name":"doc-${i}"}\n`;
  await t.json({
    method: "POST",
    path: `/${index}/_bulk`,
    ...(options.refresh ? { query: { refresh: "true" } } : {}),
    body: bulk,
    contentType: "application/x-ndjson",
  });
}

/** What a fault test leaves: the cluster green with its three nodes, its index gone, its session closed. */
export async function restoreAndDrop(s: EsSession, index: string): Promise<void> {
  await restoreCluster(s.transport);
  await s.transport.request({ method: "DELETE", path: `/${index}` });
  await s.close();
}

export async function restoreCluster(t: EsTransport): Promise<void> {
  for (const name of FAULT_NODES) {
    if (!isAlive(faultNode(name).pid)) await startNode(name);
  }
  await waitForCluster(t, 3, "green");
}

/**
 * Creates `index` and loads `count` small documents `{n, name}` with ids `d0`…, in large `_bulk`
 * batches (refresh off while loading), then refreshes.
 */
export async function loadSmallDocs(
  t: EsTransport,
  index: string,
  count: number,
  settings: Record<string, unknown>,
): Promise<void> {
  await t.request({ method: "DELETE", path: `/${index}` });
  await t.json({
    method: "PUT",
    path: `/${index}`,
    body: {
      settings: { ...settings, refresh_interval: "-1" },
      mappings: { properties: { n: { type: "integer" }, name: { type: "keyword" } } },
    },
  });
  const batch = 20_000;
  for (let i = 0; i < count; i += batch) {
    let body = "";
    for (let j = i; j < Math.min(count, i + batch); j++)
      body += `{"index":{"_id":"d${j}"}}\n{"n":${j},"name":"doc-${j}"}\n`;
    const res = await t.json<{ errors: boolean }>({
      method: "POST",
      path: `/${index}/_bulk`,
      body,
      contentType: "application/x-ndjson",
      timeoutMs: 120_000,
    });
    if (res.errors) throw new Error(`loading ${index}: a bulk batch had errors`);
  }
  await t.json({
    method: "PUT",
    path: `/${index}/_settings`,
    body: { index: { refresh_interval: null } },
  });
  await t.json({ method: "POST", path: `/${index}/_refresh` });
  await waitForCluster(t, 3, "green");
}

/**
 * `count` small documents in `index` (loadSmallDocs) in 3 shards with a replica each, none on
 * faults-1: that node only coordinates, so a session through it survives the other nodes' faults.
 * Answers every `_id` the cluster holds, sorted, checked to be `count`.
 */
export async function loadOffFirstNode(t: EsTransport, index: string, count: number) {
  await loadSmallDocs(t, index, count, {
    number_of_shards: 3,
    number_of_replicas: 1,
    "index.routing.allocation.exclude._name": "faults-1",
  });
  const ids = (await idsInCluster(t, index)).sort();
  if (ids.length !== count) throw new Error(`${index}: ${ids.length} of ${count} documents`);
  return ids;
}

/** Every `_id` of `index`, read through a point in time (the cluster's own list, to check against). */
export async function idsInCluster(t: EsTransport, index: string): Promise<string[]> {
  const pit = await t.json<{ id: string }>({
    method: "POST",
    path: `/${index}/_pit`,
    query: { keep_alive: "1m" },
  });
  const ids: string[] = [];
  let after: unknown[] | undefined;
  let id = pit.id;
  try {
    for (;;) {
      const res = await t.json<{
        pit_id: string;
        _shards: { failed: number };
        hits: { hits: { _id: string; sort: unknown[] }[] };
      }>({
        method: "POST",
        path: "/_search",
        body: {
          size: 10_000,
          _source: false,
          pit: { id, keep_alive: "1m" },
          sort: [{ _shard_doc: "asc" }],
          track_total_hits: false,
          ...(after ? { search_after: after } : {}),
        },
        timeoutMs: 120_000,
      });
      if (res._shards.failed > 0) throw new Error(`reading the ids of ${index}: shards failed`);
      id = res.pit_id;
      const hits = res.hits.hits;
      for (const h of hits) ids.push(h._id);
      if (hits.length < 10_000) return ids;
      after = hits.at(-1)?.sort;
    }
  } finally {
    await t.request({ method: "DELETE", path: "/_pit", body: { id } });
  }
}
