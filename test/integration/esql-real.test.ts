/**
 * `quarry esql` on the real ES|QL engine of es8 (docs/testing.md, "ES|QL"): every type a table
 * shows, a LOOKUP JOIN against a lookup-mode index and `METADATA _id`, in every format; a wrong
 * query's real line and column; an approximate column marked, and a distinct count made exact,
 * checked against `_search` over the sample orders.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { node, sessionTo } from "../support/cluster.ts";
import { esqlIndexNames, esqlIndices, TYPES_COLUMNS, typesQuery } from "../support/esql-real.ts";
import { type Sandbox, sandbox } from "../support/quarry.ts";

const box: Sandbox = sandbox();
after(() => box.dispose());
const names = esqlIndexNames("cli");
esqlIndices(names);
const url = () => node("es8").url;

interface JsonTable {
  columns: { name: string; type: string; accuracy?: { word: string; how: string } }[];
  rows: Record<string, unknown>[];
}

/** `quarry esql <es8> <query> --json`, which must succeed, as the table it prints. */
async function esqlTable(query: string): Promise<JsonTable> {
  const r = await box.runAsync(["esql", url(), query, "--json"]);
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout) as JsonTable;
}

describe("quarry esql on the real engine (es8)", () => {
  it("--json: the real types, a multi-value, nulls, the joined column and _id", async () => {
    const t = await esqlTable(typesQuery(names));
    assert.deepEqual(
      t.columns.map((c) => [c.name, c.type]),
      TYPES_COLUMNS,
    );
    assert.deepEqual(t.rows, [
      {
        _id: "d1",
        at: "2026-01-02T03:04:05.000Z",
        name: "ada",
        n: 1,
        price: 3665266.4299999997,
        ok: true,
        where: "POINT (2.35 48.85)",
        addr: "10.0.0.1",
        v: "1.2.3",
        tags: ["a", "b"],
        note: "hi",
        label: "first",
      },
      {
        _id: "d2",
        at: "2026-01-03T00:00:00.000Z",
        name: "bob",
        n: 2,
        price: 0.5,
        ok: false,
        where: "POINT (-0.12 51.5)",
        addr: "::1",
        v: "10.0.0",
        tags: "c",
        note: null,
        label: null,
      },
    ]);
  });

  it("the table shows a double by its type, a multi-value as its values; csv and ndjson keep the values", async () => {
    const table = await box.runAsync(["esql", url(), typesQuery(names)]);
    assert.equal(table.status, 0, table.stderr);
    const lines = table.stdout.trimEnd().split("\n");
    assert.match(
      lines[0] ?? "",
      /^_id\s+at\s+name\s+n\s+price\s+ok\s+where\s+addr\s+v\s+tags\s+note\s+label$/,
    );
    assert.match(
      lines[2] ?? "",
      /^d1\s+2026-01-02T03:04:05\.000Z\s+ada\s+1\s+3,665,266\.43\s+true\s+POINT \(2\.35 48\.85\)\s+10\.0\.0\.1\s+1\.2\.3\s+a, b\s+hi\s+first$/,
    );
    assert.match(lines[3] ?? "", /^d2\s.*\s0\.5\s+false\s.*\s::1\s+10\.0\.0\s+c$/);
    assert.match(table.stderr, /^2 rows in \d+ ms$/m);

    const csv = await box.runAsync(["esql", url(), typesQuery(names), "--format", "csv"]);
    assert.equal(csv.status, 0, csv.stderr);
    assert.deepEqual(csv.stdout.split("\r\n").slice(0, 2), [
      "_id,at,name,n,price,ok,where,addr,v,tags,note,label",
      'd1,2026-01-02T03:04:05.000Z,ada,1,3665266.4299999997,true,POINT (2.35 48.85),10.0.0.1,1.2.3,"[""a"",""b""]",hi,first',
    ]);
    const ndjson = await box.runAsync(["esql", url(), typesQuery(names), "--format", "ndjson"]);
    assert.equal(ndjson.status, 0, ndjson.stderr);
    const second = JSON.parse(ndjson.stdout.trimEnd().split("\n")[1] ?? "") as Record<
      string,
      unknown
    >;
    assert.equal(second.note, null);
    assert.equal(second.v, "10.0.0");
  });

  it("a wrong query: the real message, at its real line and column, exit code 1", async () => {
    const r = await box.runAsync(["esql", url(), `FROM ${names.types}\n| WHERE nope > 1`]);
    assert.equal(r.status, 1, r.stderr);
    assert.match(
      r.stderr,
      /^error: 400 verification_exception \(line 2, column 9\): Found 1 problem\nline 2:9: Unknown column \[nope\]/,
    );
    const lookup = await box.runAsync([
      "esql",
      url(),
      `FROM ${names.types} | LOOKUP JOIN nope-${names.lookup} ON code`,
      "--json",
    ]);
    assert.equal(lookup.status, 1);
    const error = (JSON.parse(lookup.stdout) as { error: Record<string, unknown> }).error;
    assert.match(String(error.reason), /Unknown index \[nope-/);
    assert.equal(error.line, 1);
  });
});

describe("approximate ES|QL columns on the sample orders (es8)", () => {
  const es = sessionTo(node("es8"));
  let distinct: number;
  let byStatus: Map<string, number>;
  before(async () => {
    // The true counts, value by value: every email's bucket, overall and per status.
    const answer = await es.transport.json<{
      aggregations: {
        all: { buckets: unknown[] };
        status: { buckets: { key: string; emails: { buckets: unknown[] } }[] };
      };
    }>({
      method: "POST",
      path: "/sample-orders/_search",
      body: {
        size: 0,
        aggs: {
          all: { terms: { field: "customer.email", size: 40_000 } },
          status: {
            terms: { field: "status", size: 20 },
            aggs: { emails: { terms: { field: "customer.email", size: 40_000 } } },
          },
        },
      },
    });
    distinct = answer.aggregations.all.buckets.length;
    byStatus = new Map(
      answer.aggregations.status.buckets.map((b) => [b.key, b.emails.buckets.length]),
    );
  });
  after(() => es.close());

  it("COUNT_DISTINCT made exact and said so; PERCENTILE called an estimate, in every format", async () => {
    const query =
      "FROM sample-orders | STATS c = COUNT_DISTINCT(customer.email), p = PERCENTILE(total, 95)";
    const t = await esqlTable(query);
    assert.equal(t.rows[0]?.c, distinct);
    assert.equal(t.columns[0]?.accuracy?.word, "exact");
    assert.equal(t.columns[1]?.accuracy?.word, "estimate");
    const table = await box.runAsync(["esql", url(), query]);
    assert.match(table.stdout, /^c \(exact\)\s+p \(estimate\)$/m);
    assert.match(table.stdout, new RegExp(`^${distinct.toString()}\\s+[\\d,.]+$`, "m"));
    assert.match(table.stderr, /note: c \(exact\): COUNT_DISTINCT checked by counting/);
    assert.match(table.stderr, /note: p \(estimate\): PERCENTILE estimates/);
  });

  it("per group, the counts are the true ones; a key that is an expression keeps the estimate and its bound", async () => {
    const t = await esqlTable(
      "FROM sample-orders | STATS c = COUNT_DISTINCT(customer.email) BY status | SORT status",
    );
    assert.equal(t.rows.length, byStatus.size);
    for (const row of t.rows)
      assert.equal(row.c, byStatus.get(String(row.status)), String(row.status));
    const e = await esqlTable(
      "FROM sample-orders | STATS c = COUNT_DISTINCT(customer.email) BY s = TO_UPPER(status)",
    );
    assert.match(e.columns[0]?.accuracy?.word ?? "", /^±\d+$/);
    assert.match(e.columns[0]?.accuracy?.how ?? "", /precision 3,000, the default/);
  });
});
