/**
 * The `esql` tool on every real major (docs/testing.md, "ES|QL"): on es8's real engine a STATS
 * answer checked against `_search`, its approximate columns marked (a distinct count made exact),
 * a wrong query's real position; 7.17 refused for its version and 9.x (no ES|QL module on its test
 * node) for the missing engine, in words that say so; the query passes every policy layer as a
 * read (a Read Only connection runs it; a Blocked one and AI policy Never refuse it with -33007
 * first).
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { node, sessionTo } from "../support/cluster.ts";
import { addNodeConnection, mcpClient, mcpTestServer } from "../support/mcp.ts";

const srv = mcpTestServer({
  token: { name: "esql", scope: "read-only" },
  connections: async (home) => {
    for (const n of ["es7", "es8", "es9"] as const)
      await addNodeConnection(home, n, n, "read-only");
    await addNodeConnection(home, "blocked", "es8", "blocked");
    await addNodeConnection(home, "never", "es8", "read-write", "never");
  },
});
const client = mcpClient(srv, "2026-07-28");

const QUERY = "FROM sample-orders | STATS n = COUNT(*) BY status | LIMIT 5";

async function esql(connection: string, query = QUERY) {
  return client
    .callTool({ name: "esql", arguments: { connection, query } })
    .then((r) => ({ result: r, code: undefined as number | undefined }))
    .catch((e: { code?: number; message?: string }) => ({
      result: undefined,
      code: e.code,
      message: e.message,
    }));
}

interface Answer {
  columns: string[];
  types: string[];
  rows: unknown[][];
  row_count: number;
  accuracy?: Record<string, string>;
}

describe("esql on the real engine (es8)", () => {
  test("a STATS … BY answer is the same as _search's, compact and typed", async () => {
    const { result } = await esql(
      "es8",
      "FROM sample-orders | STATS n = COUNT(*) BY status | SORT status",
    );
    assert.equal(result?.isError, undefined, JSON.stringify(result?.structuredContent));
    const answer = result?.structuredContent as unknown as Answer;
    assert.deepEqual(answer.columns, ["n", "status"]);
    assert.deepEqual(answer.types, ["long", "keyword"]);
    const es = sessionTo(node("es8"));
    try {
      const search = await es.transport.json<{
        aggregations: { s: { buckets: { key: string; doc_count: number }[] } };
      }>({
        method: "POST",
        path: "/sample-orders/_search",
        body: {
          size: 0,
          aggs: { s: { terms: { field: "status", size: 20, order: { _key: "asc" } } } },
        },
      });
      assert.deepEqual(
        answer.rows,
        search.aggregations.s.buckets.map((b) => [b.doc_count, b.key]),
      );
    } finally {
      await es.close();
    }
  });

  test("approximate columns say how exact they are: a distinct count checked, a percentile an estimate", async () => {
    const { result } = await esql(
      "es8",
      "FROM sample-orders | STATS c = COUNT_DISTINCT(customer.email), p = PERCENTILE(total, 95)",
    );
    const answer = result?.structuredContent as unknown as Answer;
    assert.deepEqual(answer.accuracy, { c: "exact", p: "estimate" });
    const plain = await esql("es8", "FROM sample-orders | STATS n = COUNT(*)");
    assert.ok(plain.result);
    assert.equal((plain.result.structuredContent as unknown as Answer).accuracy, undefined);
  });

  test("a wrong query: the cluster's message and its real position", async () => {
    const { result } = await esql("es8", "FROM sample-orders\n| WHERE nope > 1");
    assert.ok(result);
    assert.equal(result.isError, true);
    const error = (result.structuredContent as { error: Record<string, unknown> }).error;
    assert.equal(error.code, "invalid_input");
    assert.match(String(error.message), /verification_exception.*Unknown column \[nope\]/s);
    assert.deepEqual(error.position, { line: 2, column: 9 });
  });
});

describe("esql on clusters without ES|QL", () => {
  for (const n of ["es7", "es9"] as const)
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
