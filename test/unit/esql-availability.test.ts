/** Whether a cluster has ES|QL: by its version before sending, by its answer after. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  answersAsUnknownRoute,
  esqlUnavailable,
  isEsqlPath,
  queryDslInstead,
  versionHasEsql,
} from "../../src/drivers/elasticsearch/esql/availability.ts";

describe("ES|QL availability", () => {
  it("versions: none before 8.11; 8.11 on, 9.x and later have it", () => {
    const cases: [string, boolean | undefined][] = [
      ["7.17.29", false],
      ["8.10.4", false],
      ["8.11.0", true],
      ["8.19.21", true],
      ["9.5.4", true],
      ["10.0.0-SNAPSHOT", true],
      ["unknown", undefined],
    ];
    for (const [v, has] of cases) assert.equal(versionHasEsql(v), has, v);
  });

  it("the ES|QL paths: /_query, /_query/async and a stored result, with a query string", () => {
    for (const p of [
      "/_query",
      "_query",
      "/_query?format=json",
      "/_query/async",
      "/_query/async/FmJ1",
    ])
      assert.ok(isEsqlPath(p), p);
    for (const p of ["/_search", "/idx/_query", "/_query_rules", "/_sql"])
      assert.ok(!isEsqlPath(p), p);
  });

  it("a node without the module: each way it answers an unknown /_query (as measured)", () => {
    const answers: [number, unknown][] = [
      [
        405,
        {
          error:
            "Incorrect HTTP method for uri [/_query] and method [POST], allowed: [PUT, GET, DELETE, HEAD]",
          status: 405,
        },
      ],
      [400, { error: "no handler found for uri [/_query/async] and method [POST]" }],
      [
        400,
        {
          error: {
            root_cause: [
              {
                type: "invalid_index_name_exception",
                reason: "Invalid index name [_query], must not start with '_', '-', or '+'",
              },
            ],
            type: "invalid_index_name_exception",
            reason: "Invalid index name [_query], must not start with '_', '-', or '+'",
            index: "_query",
          },
          status: 400,
        },
      ],
    ];
    for (const [status, body] of answers) assert.ok(answersAsUnknownRoute(status, body));
    // A wrong query is the engine's answer, not a missing one.
    const parsing = {
      error: {
        root_cause: [{ type: "parsing_exception", reason: "line 1:15: mismatched input" }],
        type: "parsing_exception",
        reason: "line 1:15: mismatched input",
      },
      status: 400,
    };
    assert.ok(!answersAsUnknownRoute(400, parsing));
    assert.ok(!answersAsUnknownRoute(200, { columns: [], values: [] }));
  });

  it("says so plainly, and offers the query DSL on the indices the query reads", () => {
    const e = esqlUnavailable({ version: "7.17.29" }, "FROM sample-orders | LIMIT 5");
    assert.equal(e.code, "console_refused");
    assert.match(e.message, /^ES\|QL is not available on this cluster: .*7\.17\.29.*8\.11/);
    assert.match(e.remedy, /query DSL instead: GET \/sample-orders\/_search/);
    const m = esqlUnavailable({ unknownRoute: true });
    assert.match(m.message, /no ES\|QL engine/);
    assert.match(m.remedy, /GET \/<index>\/_search/);
    assert.match(queryDslInstead('from "logs-*" | stats count()'), /GET \/logs-\*\/_search/);
  });
});
