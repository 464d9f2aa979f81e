/**
 * The cluster views through MCP with the official client, on 7.17, 8.x and 9.x: the health view's
 * nodes with version, heap, disk, CPU and load, the cause of a yellow status, the allocation
 * explanation of a shard named by index and shard (an unassigned replica, an assigned primary),
 * and the shards view over every index. Each answer fits the output schema tools/list declares.
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, describe, test } from "node:test";
import { fromJsonSchema } from "@modelcontextprotocol/client";
import { MAJORS, type MajorNode, node, sessionTo } from "../support/cluster.ts";
import { mcpClient, mcpTestServer, outputSchemas } from "../support/mcp.ts";

const RUN = randomBytes(3).toString("hex");
const INDEX = `t-cluster-mcp-${RUN}`;

type Structured = Record<string, unknown>;
type Table = { columns: string[]; rows: unknown[][] };
const objects = (t: Table) =>
  t.rows.map((r) => Object.fromEntries(t.columns.map((c, i) => [c, r[i]])));

const srv = mcpTestServer({ token: { name: "cluster", scope: "read-only" } });

before(async () => {
  for (const n of MAJORS) {
    const s = sessionTo(node(n));
    // One primary and a replica that a single node cannot hold: yellow, INDEX_CREATED.
    await s.transport.json({
      method: "PUT",
      path: `/${INDEX}`,
      body: { settings: { number_of_shards: 1, number_of_replicas: 1 } },
    });
    await s.close();
  }
});

after(async () => {
  for (const n of MAJORS) {
    const s = sessionTo(node(n));
    await s.transport.request({ method: "DELETE", path: `/${INDEX}` });
    await s.close();
  }
});

function describeFor(n: MajorNode) {
  describe(`cluster views over MCP, ${n}`, () => {
    const client = mcpClient(srv, "2026-07-28");
    let schemas: Map<string, Record<string, unknown>>;
    before(async () => {
      schemas = await outputSchemas(client);
    });

    /** A view of `catalog`; its answer fits the tool's output schema. */
    async function call(view: string, args: Record<string, unknown>) {
      const res = await client.callTool({
        name: "catalog",
        arguments: { connection: n, view, ...args },
      });
      const sc = res.structuredContent as Structured;
      if (res.isError === true) return { sc, isError: true };
      const schema = schemas.get("catalog");
      assert.ok(schema);
      const verdict = fromJsonSchema(schema)["~standard"].validate(sc) as { issues?: unknown };
      assert.equal(verdict.issues, undefined, `${view}: ${JSON.stringify(verdict.issues)}`);
      return { sc, isError: false };
    }

    test("health: the node's version and numbers, and why it is not green", async () => {
      const { sc } = await call("health", {});
      const [me] = objects(sc.nodes as Table);
      assert.equal(me?.name, n);
      assert.equal(me?.master, true);
      assert.equal(me?.version, node(n).version);
      for (const k of ["heap_percent", "disk_percent"]) {
        const v = me?.[k] as number;
        assert.ok(v > 0 && v <= 100, `${k} ${v}`);
      }
      assert.ok((me?.disk_total_bytes as number) > 0);
      assert.equal(typeof me?.cpu_percent, "number");
      assert.equal(typeof me?.load_1m, "number");
      assert.notEqual(sc.status, "green", "this file's replica is unassigned");
      assert.match((sc.causes as string[]).join(" "), /replica shards? unassigned.*INDEX_CREATED/);
    });

    test("health with table and shard explains that copy", async () => {
      const replica = await call("health", { table: INDEX, shard: 0 });
      const a = replica.sc.allocation as Structured;
      assert.deepEqual(
        [a.index, a.shard, a.primary, a.state, a.node, a.unassigned_reason, a.decision],
        [INDEX, 0, false, "unassigned", null, "INDEX_CREATED", "no"],
      );
      assert.deepEqual(replica.sc.causes, [
        "1 replica shard unassigned: every document is there, but not every copy (yellow). Reasons: INDEX_CREATED (1).",
      ]);

      const primary = await call("health", { table: INDEX, shard: 0, primary: true });
      const p = primary.sc.allocation as Structured;
      assert.deepEqual([p.primary, p.state, p.node, p.decision], [true, "started", n, "yes"]);

      const missing = await call("health", { table: INDEX, shard: 7 });
      assert.equal(missing.isError, true);
      assert.match(JSON.stringify(missing.sc), /shard|7/);

      const noTable = await call("health", { shard: 0 });
      assert.equal(noTable.isError, true);
      assert.match(JSON.stringify(noTable.sc), /no table was given/);
    });

    test("shards without a table lists every index's shards", async () => {
      const { sc } = await call("shards", { limit: 2000 });
      const mine = objects(sc as unknown as Table).filter((r) => r.index === INDEX);
      assert.deepEqual(
        mine.map((r) => [r.shard, r.primary, r.state, r.node, r.unassigned_reason]),
        [
          [0, true, "STARTED", n, null],
          [0, false, "UNASSIGNED", null, "INDEX_CREATED"],
        ],
      );
    });
  });
}

for (const n of MAJORS) describeFor(n);
