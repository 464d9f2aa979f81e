/**
 * `quarry compare` from the command line on real nodes (7.17 and 8.x, by URL): exit 0 when two
 * indices are equal, 1 when not (the rows printed, and in --json the report), one document's
 * field diff with --id, two clusters, and wrong input refused with exit 2.
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, describe, it } from "node:test";
import type { EsSession } from "../../src/drivers/elasticsearch/session.ts";
import { cliRunner } from "../support/cli-runner.ts";
import { node, sessionTo } from "../support/cluster.ts";
import { deleteIndices } from "../support/datasets.ts";
import { bulkLines } from "../support/es.ts";

const INDEX = `t-cmpcli-${randomBytes(3).toString("hex")}`;
const cli = cliRunner("compare-cli");
let es7: EsSession;
let es8: EsSession;
const at7 = () => `${node("es7").url}:${INDEX}`;
const at8 = () => `${node("es8").url}:${INDEX}`;

async function load(s: EsSession, docs: Record<string, Record<string, unknown>>): Promise<void> {
  await s.transport.json({
    method: "PUT",
    path: `/${INDEX}`,
    body: { mappings: { properties: { status: { type: "keyword" } } } },
  });
  const lines = Object.entries(docs).flatMap(([id, d]) => [
    JSON.stringify({ index: { _id: id } }),
    JSON.stringify(d),
  ]);
  await bulkLines(s, INDEX, lines);
}

before(async () => {
  es7 = sessionTo(node("es7"));
  es8 = sessionTo(node("es8"));
  await load(es7, { a: { status: "new" }, b: { status: "paid" } });
  await load(es8, { a: { status: "new" }, b: { status: "paid" } });
});

after(async () => {
  await deleteIndices(es7.transport, INDEX);
  await deleteIndices(es8.transport, INDEX);
  await es7.close();
  await es8.close();
});

describe("quarry compare", () => {
  it("exits 0 for two equal indices, documents included", async () => {
    const r = await cli.quarry(["compare", at7(), at8(), "--documents"]);
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /no differences/);
    assert.match(r.out, /documents: 2 compared, 2 same, 0 differ/);
  });

  it("exits 1 when a document differs, and says which and how", async () => {
    await es8.transport.json({
      method: "PUT",
      path: `/${INDEX}/_doc/b`,
      query: { refresh: "true" },
      body: { status: "refunded" },
    });
    const r = await cli.quarry(["compare", at7(), at8(), "--documents", "--json"]);
    assert.equal(r.code, 1, r.err);
    const report = JSON.parse(r.out) as {
      equal: boolean;
      documents: { counts: { changed: number }; rows: { key: string; kind: string }[] };
    };
    assert.equal(report.equal, false);
    assert.equal(report.documents.counts.changed, 1);
    assert.deepEqual(
      report.documents.rows.map((x) => [x.key, x.kind]),
      [["b", "changed"]],
    );
    const one = await cli.quarry(["compare", at7(), at8(), "--id", "b"]);
    assert.equal(one.code, 1);
    assert.match(one.out, /changed\s+status: "paid" → "refunded"/);
  });

  it("compares two clusters", async () => {
    const r = await cli.quarry(["compare", node("es7").url, node("es8").url]);
    assert.equal(r.code, 1, r.err);
    assert.match(r.out, /cluster\s+differs\s+version: 7\.17/);
  });

  it("refuses an index on one side and a cluster on the other, with exit 2", async () => {
    const r = await cli.quarry(["compare", at7(), node("es8").url]);
    assert.equal(r.code, 2);
    assert.match(r.err, /One side names an index and the other a cluster/);
  });
});
