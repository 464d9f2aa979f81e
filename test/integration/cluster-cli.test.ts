/**
 * `quarry cluster health|nodes|shards|allocation` on 7.17, 8.x and 9.x (es9 through a saved
 * connection with its credentials and CA), readable and `--json`, with an index of this file
 * whose replica a single node cannot hold: its cause, its shards and its allocation explanation.
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, it } from "node:test";
import type {
  HealthReport,
  NodeSummary,
  PartitionInfo,
  PlacementExplanation,
} from "../../src/core/catalog.ts";
import type { EsSession } from "../../src/drivers/elasticsearch/session.ts";
import { type MajorNode, node, sessionTo } from "../support/cluster.ts";
import { describeOnMajors } from "../support/majors.ts";
import { cliTargetFor, type Sandbox, sandbox } from "../support/quarry.ts";

const RUN = randomBytes(3).toString("hex");
const INDEX = `t-cluster-cli-${RUN}`;
const box: Sandbox = sandbox();

after(() => box.dispose());

const targetFor = (name: MajorNode) => cliTargetFor(box.home, name);

describeOnMajors(
  (name) => `quarry cluster on ${name}`,
  (name) => {
    let s: EsSession;
    let conn: string;
    const run = (...args: string[]) => box.runAsync(["cluster", ...args]);
    const json = async <T>(...args: string[]): Promise<T> => {
      const r = await run(...args, "--json");
      assert.equal(r.status, 0, r.stderr || r.stdout);
      return JSON.parse(r.stdout) as T;
    };

    before(async () => {
      conn = await targetFor(name);
      s = sessionTo(node(name));
      await s.transport.json({
        method: "PUT",
        path: `/${INDEX}`,
        body: { settings: { number_of_shards: 1, number_of_replicas: 1 } },
      });
    });
    after(async () => {
      await s.transport.request({ method: "DELETE", path: `/${INDEX}` });
      await s.close();
    });

    it("health: the status and its cause; --index for one index", async () => {
      const plain = await run("health", conn, "--index", INDEX);
      assert.equal(plain.status, 0, plain.stderr);
      assert.match(plain.stdout, new RegExp(`^Cluster \\S+ \\(index ${INDEX}\\): yellow$`, "m"));
      assert.match(plain.stdout, /1 replica shard unassigned.*Reasons: INDEX_CREATED \(1\)\./);
      assert.match(plain.stdout, new RegExp(`^${INDEX}\\s+0\\s+replica\\s+INDEX_CREATED$`, "m"));
      const h = await json<HealthReport>("health", conn);
      assert.notEqual(h.status, "green");
      assert.ok(h.unassigned.some((u) => u.table === INDEX && !u.primary));
      assert.equal(h.nodes[0]?.name, name);
    });

    it("nodes: version, heap, disk, CPU and load", async () => {
      const { nodes } = await json<{ nodes: NodeSummary[] }>("nodes", conn);
      assert.equal(nodes.length, 1);
      const me = nodes[0] as NodeSummary;
      assert.equal(me.version, node(name).version);
      assert.equal(me.leader, true);
      assert.ok(me.roles.includes("master"));
      assert.ok(
        (me.memoryUsedBytes ?? 0) > 0 && (me.memoryMaxBytes ?? 0) >= (me.memoryUsedBytes ?? 0),
      );
      assert.ok((me.diskTotalBytes ?? 0) >= (me.diskUsedBytes ?? -1));
      assert.equal(me.load?.length, 3);
      const plain = await run("nodes", conn);
      assert.equal(plain.status, 0, plain.stderr);
      assert.match(plain.stdout, /^name\s+roles\s+master\s+version\s+heap\s+disk\s+cpu/);
      assert.match(
        plain.stdout,
        new RegExp(`^${name}\\s.*\\*\\s+${node(name).version.replaceAll(".", "\\.")}\\s`, "m"),
      );
    });

    it("shards: by index and node, with the state and the unassigned reason", async () => {
      const { shards } = await json<{ shards: PartitionInfo[] }>("shards", conn, "--index", INDEX);
      assert.deepEqual(
        shards.map((p) => [p.partition, p.primary, p.state, p.node, p.unassignedReason]),
        [
          [0, true, "STARTED", name, null],
          [0, false, "UNASSIGNED", null, "INDEX_CREATED"],
        ],
      );
      const all = await json<{ shards: PartitionInfo[] }>("shards", conn);
      assert.ok(all.shards.filter((p) => p.table === INDEX).length === 2);
      const plain = await run("shards", conn, "--index", INDEX);
      assert.match(
        plain.stdout,
        new RegExp(`^${INDEX}\\s+0\\s+replica\\s+UNASSIGNED\\s+INDEX_CREATED$`, "m"),
      );
      assert.match(plain.stdout, /^2 shards$/m);
    });

    it("allocation: the first unassigned shard, or the one named", async () => {
      const first = await run("allocation", conn);
      assert.equal(first.status, 0, first.stderr);
      assert.match(first.stdout, /^Allocation of \[.+\]\[\d+\] (primary|replica): unassigned/);

      const named = await run("allocation", conn, "--index", INDEX, "--shard", "0");
      assert.equal(named.status, 0, named.stderr);
      assert.match(
        named.stdout,
        new RegExp(`^Allocation of \\[${INDEX}\\]\\[0\\] replica: unassigned`),
      );
      assert.match(named.stdout, /Unassigned because INDEX_CREATED/);
      assert.match(named.stdout, /Can be allocated: no/);
      assert.match(
        named.stdout,
        new RegExp(`^  ${name}: no\\n    - a copy of this shard is already allocated`, "m"),
      );

      const { explanation } = await json<{ explanation: PlacementExplanation }>(
        "allocation",
        conn,
        "--index",
        INDEX,
        "--shard",
        "0",
        "--primary",
      );
      assert.deepEqual(
        [explanation.primary, explanation.state, explanation.currentNode, explanation.decision],
        [true, "started", name, "yes"],
      );
    });

    it("allocation refuses half a shard name, and says the cluster's reason for a missing one", async () => {
      const half = await run("allocation", conn, "--shard", "0");
      assert.equal(half.status, 2);
      assert.match(half.stderr, /--index and --shard name one shard together/);
      const missing = await run("allocation", conn, "--index", `${INDEX}-missing`, "--shard", "0");
      assert.equal(missing.status, 1);
      assert.match(missing.stderr, /index_not_found_exception/);
    });
  },
);
