/**
 * Partial results and lost points in time, pure: the warning for a search some shards did not
 * answer, and why an export stopped, from the cluster's real answers (taken from a three-node
 * 8.19 cluster with a node killed, and from a point in time that expired).
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  explainLostPointInTime,
  nodeChanges,
} from "../../src/drivers/elasticsearch/export/interruptions.ts";
import type { NodeInfo } from "../../src/drivers/elasticsearch/wire/nodes.ts";
import {
  describeShardFailures,
  partialResult,
  shardFailures,
} from "../../src/drivers/elasticsearch/wire/shard-failures.ts";

/** `POST /p0/_search` once the node holding shard 0 (no replica) was killed. */
const ONE_SHARD_GONE = {
  timed_out: false,
  _shards: {
    total: 3,
    successful: 2,
    skipped: 0,
    failed: 1,
    failures: [
      {
        shard: 0,
        index: "p0",
        node: null,
        reason: { type: "no_shard_available_action_exception", reason: null },
      },
    ],
  },
};

/** A point-in-time search after a node holding two of its shards died (grouped by the cluster). */
const TWO_SHARDS_GONE = {
  total: 3,
  successful: 1,
  skipped: 0,
  failed: 2,
  failures: [
    {
      shard: 0,
      index: "big",
      node: "RDOLa9nDRxefn6OdGhdsEg",
      reason: {
        type: "no_shard_available_action_exception",
        reason: "[faults-3][127.0.0.1:19343][indices:data/read/search[phase/query]]",
      },
    },
  ],
};

const nodes = (entries: [string, string, number][]) =>
  new Map<string, NodeInfo>(entries.map(([id, name, startedAt]) => [id, { name, startedAt }]));

describe("partialResult", () => {
  it("is undefined when every shard answered in time", () => {
    assert.equal(partialResult({ _shards: { total: 3, failed: 0 }, timed_out: false }), undefined);
    assert.equal(partialResult(undefined), undefined);
  });

  it("names the failed shard, its index and why, and says the count leaves its documents out", () => {
    const p = partialResult(ONE_SHARD_GONE);
    assert.ok(p);
    assert.equal(p.shardsFailed, 1);
    assert.equal(p.shardsTotal, 3);
    assert.equal(p.timedOut, false);
    assert.deepEqual(p.failures, [
      {
        index: "p0",
        shard: 0,
        node: null,
        reason:
          "no copy of the shard could answer (the node that held it may have left the cluster) [no_shard_available_action_exception]",
      },
    ]);
    assert.equal(
      p.message,
      "1 of 3 shards did not answer, so these results and their count leave out the documents it holds: shard 0 of p0: no copy of the shard could answer (the node that held it may have left the cluster) [no_shard_available_action_exception].",
    );
  });

  it("names nodes by name (from the lookup, else from the transport reason)", () => {
    const [byLookup] = shardFailures(TWO_SHARDS_GONE, new Map([["RDOLa9nDRxefn6OdGhdsEg", "n3"]]));
    assert.equal(byLookup?.node, "n3");
    const [byReason] = shardFailures(TWO_SHARDS_GONE);
    assert.equal(byReason?.node, "faults-3");
  });

  it("says how many more shards failed the same way when the cluster grouped them", () => {
    assert.match(
      describeShardFailures(shardFailures(TWO_SHARDS_GONE), 2),
      /^shard 0 of big on faults-3: .*; 1 more shard failed with the same error$/,
    );
  });

  it("an unknown failure keeps the cluster's type and reason; a timeout is said too", () => {
    const p = partialResult({
      timed_out: true,
      _shards: {
        total: 2,
        failed: 1,
        failures: [
          {
            shard: 1,
            index: "logs",
            node: "x",
            reason: { type: "query_shard_exception", reason: "failed to create query\nmore" },
          },
        ],
      },
    });
    assert.ok(p);
    assert.equal(p.failures[0]?.reason, "query_shard_exception: failed to create query");
    assert.equal(p.failures[0]?.node, "x");
    assert.match(p.message, /The search timed out on the cluster/);
    const onlyTimeout = partialResult({ timed_out: true, _shards: { total: 2, failed: 0 } });
    assert.equal(onlyTimeout?.failures.length, 0);
    assert.match(onlyTimeout?.message ?? "", /^The search timed out/);
  });
});

describe("explainLostPointInTime", () => {
  const before = nodes([
    ["a", "faults-1", 100],
    ["b", "faults-2", 100],
    ["RDOLa9nDRxefn6OdGhdsEg", "faults-3", 100],
  ]);

  it("tells a node that left from one that restarted", () => {
    const now = nodes([
      ["a", "faults-1", 100],
      ["b", "faults-2", 200],
    ]);
    assert.deepEqual(nodeChanges(before, now), { left: ["faults-3"], restarted: ["faults-2"] });
    assert.deepEqual(nodeChanges(undefined, now), { left: [], restarted: [] });
  });

  it("a node that left: named, with the shards that did not answer", () => {
    const e = explainLostPointInTime(
      { kind: "shards", failed: 2, total: 3, shards: TWO_SHARDS_GONE },
      {
        table: "big",
        keepAlive: "5m",
        nodesBefore: before,
        nodesNow: nodes([
          ["a", "faults-1", 100],
          ["b", "faults-2", 100],
        ]),
      },
    );
    assert.equal(
      e.reason,
      "node faults-3 left the cluster during the export, and 2 of the 3 shards of big that the export was reading did not answer (shard 0 of big on faults-3: no copy of the shard could answer (the node that held it may have left the cluster) [no_shard_available_action_exception]; 1 more shard failed with the same error)",
    );
    assert.match(e.note, /A resume reads a new snapshot of the index/);
  });

  it("an expired point in time, nodes unchanged: said in plain words, with its keep-alive", () => {
    const missing = {
      failures: [
        {
          shard: 0,
          index: "big",
          node: "a",
          reason: {
            type: "search_context_missing_exception",
            reason: "No search context found for id [4]",
          },
        },
      ],
    };
    const e = explainLostPointInTime(
      { kind: "expired", failed: 1, total: null, shards: missing },
      { table: "big", keepAlive: "3s", nodesBefore: before, nodesNow: before },
    );
    assert.equal(
      e.reason,
      "the snapshot of big that the export was reading (its point in time) expired, because no request reached the cluster within its keep-alive of 3s",
    );
    assert.match(e.note, /documents changed, added or deleted since the export started/);
    assert.match(e.note, /--keep-alive, now 3s/);
    // The same answer with a node restarted is not an expiry.
    const restarted = explainLostPointInTime(
      { kind: "expired", failed: 1, total: null, shards: missing },
      {
        table: "big",
        keepAlive: "3s",
        nodesBefore: before,
        nodesNow: nodes([
          ["a", "faults-1", 999],
          ["b", "faults-2", 100],
          ["RDOLa9nDRxefn6OdGhdsEg", "faults-3", 100],
        ]),
      },
    );
    assert.match(
      restarted.reason,
      /^node faults-1 restarted during the export, and none of the shards/,
    );
  });
});
