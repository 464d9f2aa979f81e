/**
 * What `quarry esql` prints for an answer in the shape the Elasticsearch specification documents
 * (the test nodes have no ES|QL engine: docs/testing.md, "ES|QL"): the table, CSV, NDJSON, JSON,
 * the cut said on standard error, the cluster's error with its position and exit code 1.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { printOutcome } from "../../src/cli/commands/esql.ts";
import type { ConsoleResult } from "../../src/core/console.ts";
import { classifyAnswer } from "../../src/drivers/elasticsearch/console/answers.ts";
import { withEsqlShape } from "../../src/drivers/elasticsearch/esql/result.ts";
import { ORDERS_ANSWER, PARSING_ERROR } from "../support/esql-answers.ts";

function answer(status: number, body: unknown, query: string): ConsoleResult {
  return withEsqlShape(classifyAnswer("POST", status, body) as ConsoleResult, body, { query });
}

function captured(run: () => number): { out: string; err: string; code: number } {
  const [out, err] = [process.stdout.write, process.stderr.write];
  let o = "";
  let e = "";
  process.stdout.write = ((c: string) => {
    o += c;
    return true;
  }) as typeof process.stdout.write;
  process.stderr.write = ((c: string) => {
    e += c;
    return true;
  }) as typeof process.stderr.write;
  try {
    const code = run();
    return { out: o, err: e, code };
  } finally {
    process.stdout.write = out;
    process.stderr.write = err;
  }
}

describe("quarry esql's output", () => {
  const ok = answer(200, ORDERS_ANSWER, "FROM sample-orders | LIMIT 2");

  it("the table, a multi-value as its values, with the row count and took on standard error", () => {
    const r = captured(() => printOutcome(ok, false, "table"));
    assert.equal(r.code, 0);
    const lines = r.out.trimEnd().split("\n");
    assert.match(lines[0] ?? "", /^order_date\s+total\s+paid\s+location\s+tags\s+quantity$/);
    assert.match(
      lines[2] ?? "",
      /2026-11-01T10:00:00.000Z\s+42.5\s+true\s+POINT \(2.35 48.85\)\s+gift, promo\s+2/,
    );
    assert.equal(r.err, "2 rows in 28 ms\n");
  });

  it("CSV, NDJSON and JSON for scripts", () => {
    const csv = captured(() => printOutcome(ok, false, "csv")).out.split("\r\n");
    assert.equal(csv[0], "order_date,total,paid,location,tags,quantity");
    assert.equal(
      csv[1],
      '2026-11-01T10:00:00.000Z,42.5,true,POINT (2.35 48.85),"[""gift"",""promo""]",2',
    );
    const nd = captured(() => printOutcome(ok, false, "ndjson"))
      .out.trimEnd()
      .split("\n");
    assert.deepEqual(JSON.parse(nd[1] ?? ""), {
      order_date: "2026-11-02T11:30:00.000Z",
      total: 9.99,
      paid: false,
      location: "POINT (-0.12 51.5)",
      tags: "basic",
      quantity: 1,
    });
    const whole = JSON.parse(captured(() => printOutcome(ok, true, "table")).out);
    assert.deepEqual(whole.columns[0], { name: "order_date", type: "date" });
    assert.equal(whole.rows.length, 2);
    assert.equal(whole.took, 28);
  });

  it("a cut result says so on standard error, what to do, and still exits 0", () => {
    const many = {
      took: 5,
      columns: [{ name: "n", type: "long" }],
      values: Array.from({ length: 1000 }, (_, i) => [i]),
    };
    const r = captured(() => printOutcome(answer(200, many, "FROM logs"), false, "csv"));
    assert.equal(r.code, 0);
    assert.match(r.err, /^note: The result was cut at 1,000 rows.*\| LIMIT n/);
  });

  it("the cluster's error with its line and column, exit code 1", () => {
    const bad = answer(400, PARSING_ERROR, "FROM sample-orders WHER x");
    const r = captured(() => printOutcome(bad, false, "table"));
    assert.equal(r.code, 1);
    assert.match(
      r.err,
      /^error: 400 parsing_exception \(line 1, column 15\): line 1:15: mismatched/,
    );
  });
});
