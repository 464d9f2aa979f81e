/**
 * The `esql` tool on every real major (docs/testing.md): the test nodes' distribution carries no
 * ES|QL module, so 7.17 is refused for its version and 8.19 and 9.x for the missing module, in
 * words that say so; the query passes every policy layer as a read (a Read Only connection runs
 * it; a Blocked one and AI policy Never refuse it with -33007 first). The answer's shaping and
 * error mapping are unit-tested on answers in the API's documented shape
 * (test/unit/mcp-esql-table.test.ts).
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { MAJORS } from "../support/cluster.ts";
import { addNodeConnection, mcpClient, mcpTestServer } from "../support/mcp.ts";

const srv = mcpTestServer({
  token: { name: "esql", scope: "read-only" },
  connections: async (home) => {
    for (const n of MAJORS) await addNodeConnection(home, n, n, "read-only");
    await addNodeConnection(home, "blocked", "es8", "blocked");
    await addNodeConnection(home, "never", "es8", "read-write", "never");
  },
});
const client = mcpClient(srv, "2026-07-28");

const QUERY = "FROM sample-orders | STATS n = COUNT(*) BY status | LIMIT 5";

async function esql(connection: string) {
  return client
    .callTool({ name: "esql", arguments: { connection, query: QUERY } })
    .then((r) => ({ result: r, code: undefined as number | undefined }))
    .catch((e: { code?: number; message?: string }) => ({
      result: undefined,
      code: e.code,
      message: e.message,
    }));
}

describe("esql on clusters without ES|QL", () => {
  for (const n of MAJORS)
    test(`${n}: a read that Read Only allows, refused because the cluster has no ES|QL`, async () => {
      const { result, code } = await esql(n);
      assert.equal(code, undefined, "no policy refusal: a query is a read");
      assert.equal(result?.isError, true);
      assert.ok(result);
      const error = (result.structuredContent as { error: Record<string, unknown> }).error;
      assert.equal(error.code, "unsupported_cluster");
      assert.equal(error.esql, false);
      assert.match(
        String(error.message),
        n === "es7"
          ? /^ES\|QL is not available on this cluster: this cluster runs Elasticsearch 7\.17\.\d+, and ES\|QL came in 8\.11\. Nothing was run\.$/
          : /^ES\|QL is not available on this cluster: this cluster has no ES\|QL engine: its nodes answer \/_query as an unknown path \(a distribution without the ES\|QL module\)\. Nothing was run\.$/,
      );
      assert.match(String(error.remedy), /aggregate, browse_table or catalog/);
    });

  test("policy first: Blocked and AI policy Never refuse with -33007 before the cluster is asked", async () => {
    const blocked = await esql("blocked");
    assert.equal(blocked.code, -33007);
    const never = await esql("never");
    assert.equal(never.code, -33007);
  });
});
