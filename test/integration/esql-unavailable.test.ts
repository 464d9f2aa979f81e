/**
 * Where ES|QL is not there, every surface says so and offers the query DSL (docs/testing.md, "ES|QL"):
 * on 7.17, refused by its version before anything is sent, and on the 9.x test node (an
 * integ-test zip without the ES|QL module: no 9.x ES|QL jars are published) by its answer to
 * `/_query`. es8 runs the real engine (esql-real.test.ts).
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { isQuarryError } from "../../src/core/errors.ts";
import type { EsSession } from "../../src/drivers/elasticsearch/session.ts";
import { node, sessionTo } from "../support/cluster.ts";
import { cliTargetFor, type Sandbox, sandbox } from "../support/quarry.ts";

const box: Sandbox = sandbox();
after(() => box.dispose());

type Without = "es7" | "es9";
const targetFor = (name: Without) => cliTargetFor(box.home, name);

const WHY: Record<Without, RegExp> = {
  es7: /Elasticsearch 7\.17\.\d+, and ES\|QL came in 8\.11/,
  es9: /no ES\|QL engine/,
};

for (const name of ["es7", "es9"] as const)
  describe(`ES|QL not there, on ${name}`, () => {
    let s: EsSession;
    let conn: string;
    before(async () => {
      s = sessionTo(node(name));
      conn = await targetFor(name);
    });
    after(() => s.close());

    it("the console refuses /_query and /_query/async, saying why, offering the query DSL", async () => {
      for (const path of ["/_query", "/_query/async"]) {
        const body = { query: "FROM sample-orders | LIMIT 3" };
        const e = await s.console.run({ method: "POST", path, body }).then(
          () => assert.fail(`${path} was not refused`),
          (err: unknown) => err,
        );
        assert.ok(isQuarryError(e), String(e));
        assert.equal(e.code, "console_refused");
        assert.match(e.message, /^ES\|QL is not available on this cluster/);
        assert.match(e.message, WHY[name]);
        assert.match(e.remedy, /query DSL instead: GET \/sample-orders\/_search/);
      }
    });

    it("quarry console says the same, exit code 2", async () => {
      const r = await box.runAsync([
        "console",
        conn,
        "POST",
        "/_query",
        "--body",
        '{"query": "FROM sample-orders | LIMIT 3"}',
        "--no-history",
      ]);
      assert.equal(r.status, 2, r.stderr);
      assert.match(r.stderr, /error: ES\|QL is not available on this cluster/);
      assert.match(r.stderr, /query DSL instead/);
    });

    it("quarry esql says the same, from the argument or standard input, exit code 2", async () => {
      const arg = await box.runAsync(["esql", conn, "FROM sample-orders | LIMIT 3"]);
      assert.equal(arg.status, 2, arg.stderr);
      assert.match(arg.stderr, /error: ES\|QL is not available on this cluster/);
      assert.match(arg.stderr, WHY[name]);
      assert.match(arg.stderr, /GET \/sample-orders\/_search/);
      const piped = box.run(["esql", conn, "--json"], { input: "FROM logs | LIMIT 1" });
      assert.equal(piped.status, 2, piped.stderr);
      const error = (JSON.parse(piped.stdout) as { error: { code: string; remedy: string } }).error;
      assert.equal(error.code, "console_refused");
      assert.match(error.remedy, /GET \/logs\/_search/);
    });
  });

describe("quarry esql: what is typed wrong is refused before anything is sent", () => {
  it("no query, a query and --file, a format it does not write", async () => {
    const url = node("es8").url;
    const none = box.run(["esql", url], { input: "" });
    assert.equal(none.status, 2);
    assert.match(none.stderr, /No query to run/);
    const both = await box.runAsync(["esql", url, "FROM x", "--file", "q.esql"]);
    assert.equal(both.status, 2);
    assert.match(both.stderr, /Give the query or --file, not both/);
    const format = await box.runAsync(["esql", url, "FROM x", "--format", "xml"]);
    assert.equal(format.status, 2);
    assert.match(format.stderr, /--format xml is not a format of quarry esql/);
  });
});
