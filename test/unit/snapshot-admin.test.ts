/**
 * Snapshot administration, pure (src/drivers/elasticsearch/admin/snapshots): the indices a restore
 * selects and renames, its requests (an open target closed first, its name asked for), the other
 * plans' requests and names, repository kinds from the nodes' answer, and a snapshot's detail.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { samePlannedRequests } from "../../src/core/cluster-admin.ts";
import {
  detailOf,
  repositoryKinds,
  summaryOf,
} from "../../src/drivers/elasticsearch/admin/snapshots/answers.ts";
import {
  plainName,
  planSnapshotAction,
  renamed,
  selectIndices,
} from "../../src/drivers/elasticsearch/admin/snapshots/plans.ts";

test("a restore selects by names, patterns and exclusions, and renames as Java's replaceAll", () => {
  const all = ["logs-1", "logs-2", "orders", ".kibana"];
  assert.deepEqual(selectIndices(all, []), all);
  assert.deepEqual(selectIndices(all, ["logs-*", "-logs-2"]), ["logs-1"]);
  assert.deepEqual(selectIndices(all, ["orders", "logs-2"]), ["logs-2", "orders"]);
  assert.equal(renamed("orders", "(.+)", "restored-$1"), "restored-orders");
  assert.equal(renamed("a-a", "a", "b"), "b-b");
  assert.equal(renamed("orders"), "orders");
});

test("a restore into new indices asks no name; over existing ones it does, closing open ones first", () => {
  const input = {
    action: "backup-restore" as const,
    repository: "r",
    backup: "s",
    tables: [],
  };
  const fresh = planSnapshotAction(
    { ...input, renamePattern: "(.+)", renameReplacement: "new-$1" },
    { snapshotIndices: ["a", "b"], existing: {} },
  );
  assert.equal(fresh.confirmName, null);
  assert.deepEqual(fresh.affects, ["new-a", "new-b"]);
  assert.deepEqual(fresh.requests, [
    {
      method: "POST",
      path: "/_snapshot/r/s/_restore?wait_for_completion=true",
      body: {
        indices: "a,b",
        include_global_state: false,
        rename_pattern: "(.+)",
        rename_replacement: "new-$1",
        include_aliases: false,
      },
    },
  ]);
  assert.equal(fresh.classification.class, "admin");
  const over = planSnapshotAction(input, {
    snapshotIndices: ["a", "b"],
    existing: { a: "open", b: "close" },
  });
  assert.equal(over.confirmName, "a,b");
  assert.deepEqual(
    over.requests.map((r) => `${r.method} ${r.path}`),
    ["POST /a/_close", "POST /_snapshot/r/s/_restore?wait_for_completion=true"],
  );
  assert.match(over.summary, /replacing the existing a, b \(closed first: a\)/);
});

test("a rename that merges two indices or selects none is refused before anything is sent", () => {
  const input = { action: "backup-restore" as const, repository: "r", backup: "s" };
  assert.throws(
    () =>
      planSnapshotAction(
        { ...input, tables: [], renamePattern: ".+", renameReplacement: "x" },
        { snapshotIndices: ["a", "b"], existing: {} },
      ),
    /x twice/,
  );
  assert.throws(
    () =>
      planSnapshotAction({ ...input, tables: ["z*"] }, { snapshotIndices: ["a"], existing: {} }),
    /No index of snapshot s matches z\*/,
  );
});

test("deleting a snapshot or removing a repository asks its name; names are one plain name", () => {
  const del = planSnapshotAction({ action: "backup-delete", repository: "r", backup: "s1" });
  assert.deepEqual(del.requests, [{ method: "DELETE", path: "/_snapshot/r/s1" }]);
  assert.equal(del.confirmName, "s1");
  const rm = planSnapshotAction({ action: "repository-remove", repository: "r" });
  assert.equal(rm.confirmName, "r");
  const take = planSnapshotAction({
    action: "backup-create",
    repository: "r",
    backup: "s2",
    tables: ["logs-*"],
    includeGlobalState: false,
  });
  assert.equal(take.confirmName, null);
  assert.deepEqual(take.requests[0]?.body, { indices: "logs-*", include_global_state: false });
  for (const bad of ["*", "a,b", "_all", "a/b", ""])
    assert.throws(() => plainName(bad, "snapshot"), /is not a snapshot name/);
});

test("confirmed requests must be the plan's, each and in order", () => {
  const plan = [
    { method: "POST", path: "/a/_close" },
    { method: "POST", path: "/_snapshot/r/s/_restore", body: { indices: "a" } },
  ];
  assert.ok(samePlannedRequests(plan, structuredClone(plan)));
  assert.ok(!samePlannedRequests(plan, plan.slice(1)));
  assert.ok(!samePlannedRequests(plan, [plan[0], { ...plan[1], body: { indices: "b" } }]));
  assert.ok(!samePlannedRequests(plan, plan[1]));
});

test("repository kinds are those every node offers; fs only under a shared path.repo", () => {
  const node = (modules: string[], repo?: string[]) => ({
    modules: modules.map((name) => ({ name })),
    ...(repo ? { settings: { path: { repo } } } : {}),
  });
  const kinds = repositoryKinds({
    nodes: {
      a: node(["repository-url", "repository-s3"], ["/snap", "/other"]),
      b: node(["repository-url"], ["/snap"]),
    },
  });
  assert.deepEqual(
    kinds.map((k) => k.type),
    ["fs", "url"],
  );
  assert.deepEqual(kinds[0]?.fields[0]?.choices, ["/snap"]);
  assert.deepEqual(repositoryKinds({ nodes: { a: node([]) } }), []);
});

test("a partial snapshot's detail names the shards that failed; a running one counts from its status", () => {
  const summary = summaryOf("r", {
    snapshot: "s",
    state: "PARTIAL",
    indices: ["b", "a"],
    shards: { total: 3, successful: 2, failed: 1 },
    failures: [{ index: "a", shard_id: 1, node_id: "n2", reason: "node left" }],
  });
  assert.deepEqual(summary.tables, ["a", "b"]);
  assert.deepEqual(summary.failures, [{ table: "a", shard: 1, node: "n2", reason: "node left" }]);
  const done = detailOf(summary, null, []);
  assert.equal(done.running, false);
  assert.deepEqual(done.shards, { total: 3, successful: 2, failed: 1 });
  const running = detailOf(
    summaryOf("r", { snapshot: "s", state: "IN_PROGRESS", shards: { total: 0 } }),
    {
      snapshots: [
        {
          snapshot: "s",
          state: "STARTED",
          shards_stats: { done: 1, failed: 0, total: 4 },
          stats: { total: { size_in_bytes: 100 }, processed: { size_in_bytes: 40 } },
          indices: {
            x: { shards_stats: { done: 1, total: 4 }, stats: { total: { size_in_bytes: 100 } } },
          },
        },
      ],
    },
    [],
  );
  assert.equal(running.running, true);
  assert.equal(running.shardsDone, 1);
  assert.equal(running.shards.total, 4);
  assert.equal(running.doneBytes, 40);
  assert.deepEqual(running.perTable, [
    { name: "x", shards: { total: 4, done: 1, failed: 0 }, sizeBytes: 100 },
  ]);
});
