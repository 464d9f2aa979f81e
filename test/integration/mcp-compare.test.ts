/**
 * The `compare` view of `catalog` through the official MCP client, with a read-only token: two
 * indices on 7.17 and 8.x that differ in one mapping field and two documents (rows paged with a
 * cursor), two clusters, and the refusal that says what the view takes. Each answer is checked
 * against the output schema tools/list declares.
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, describe, test } from "node:test";
import { fromJsonSchema } from "@modelcontextprotocol/client";
import type { EsSession } from "../../src/drivers/elasticsearch/session.ts";
import { node, sessionTo } from "../support/cluster.ts";
import { deleteIndices } from "../support/datasets.ts";
import { bulkLines } from "../support/es.ts";
import { ERAS, mcpClient, mcpTestServer, outputSchemas } from "../support/mcp.ts";
import { orderedBefore } from "../support/ordered-before.ts";

const INDEX = `t-mcpcmp-${randomBytes(3).toString("hex")}`;

let schema: Record<string, unknown> | undefined;
let es7: EsSession;
let es8: EsSession;

async function load(s: EsSession, extra: boolean): Promise<void> {
  const properties: Record<string, unknown> = { status: { type: "keyword" } };
  if (extra) properties.note = { type: "text" };
  await s.transport.json({ method: "PUT", path: `/${INDEX}`, body: { mappings: { properties } } });
  const lines = [1, 2, 3, 4].flatMap((i) => [
    JSON.stringify({ index: { _id: `d${i}` } }),
    JSON.stringify({ status: i === 2 && extra ? "changed" : `s${i}` }),
  ]);
  if (extra)
    lines.push(JSON.stringify({ index: { _id: "d5" } }), JSON.stringify({ status: "new" }));
  await bulkLines(s, INDEX, lines);
}

// Every major's node as a connection named after it (es7 and es8 here).
const srv = mcpTestServer({ token: { name: "compare", scope: "read-only" } });
const client = mcpClient(srv, ERAS[0]);

orderedBefore(async () => {
  es7 = sessionTo(node("es7"));
  es8 = sessionTo(node("es8"));
  await load(es7, false);
  await load(es8, true);
  schema = (await outputSchemas(client)).get("catalog");
});

after(async () => {
  await deleteIndices(es7.transport, INDEX);
  await deleteIndices(es8.transport, INDEX);
  await es7.close();
  await es8.close();
});

type Answer = {
  equal: boolean;
  differences: { columns: string[]; rows: unknown[][] };
  total: number;
  next_cursor?: string;
  documents?: Record<string, unknown>;
};

async function compare(args: Record<string, unknown>): Promise<Answer> {
  const res = await client.callTool({
    name: "catalog",
    arguments: { connection: "es7", view: "compare", ...args },
  });
  assert.notEqual(res.isError, true, JSON.stringify(res.content));
  const sc = res.structuredContent as Answer;
  const verdict = fromJsonSchema(schema!)["~standard"].validate(sc) as { issues?: unknown };
  assert.equal(verdict.issues, undefined, JSON.stringify(verdict.issues));
  return sc;
}

describe("catalog's compare view", () => {
  test("two indices: the mapping field and the documents that differ, paged", async () => {
    const all = await compare({ table: INDEX, name: `es8:${INDEX}`, documents: true });
    assert.equal(all.equal, false);
    const rows = all.differences.rows.map((r) => `${r[0]} ${r[2]} ${r[1]}`);
    assert.ok(rows.includes("mapping only_right note"), rows.join("; "));
    assert.ok(rows.includes("documents changed d2"), rows.join("; "));
    assert.ok(rows.includes("documents only_right d5"), rows.join("; "));
    assert.deepEqual(all.documents, {
      compared: 4,
      same: 3,
      changed: 1,
      only_left: 0,
      only_right: 1,
      whole: true,
    });
    const first = await compare({ table: INDEX, name: `es8:${INDEX}`, documents: true, limit: 1 });
    assert.equal(first.differences.rows.length, 1);
    assert.equal(first.total, all.total);
    const next = await compare({
      table: INDEX,
      name: `es8:${INDEX}`,
      documents: true,
      limit: 1,
      cursor: first.next_cursor,
    });
    assert.deepEqual(next.differences.rows[0], all.differences.rows[1]);
  });

  test("two clusters: their versions differ", async () => {
    const sc = await compare({ name: "es8" });
    assert.ok(sc.differences.rows.some((r) => r[0] === "cluster" && r[1] === "version"));
  });

  test("without the other side: says what the view takes", async () => {
    const res = await client.callTool({
      name: "catalog",
      arguments: { connection: "es7", view: "compare", table: INDEX },
    });
    assert.equal(res.isError, true);
    assert.match(JSON.stringify(res.content), /<conn>:<index>/);
  });
});
