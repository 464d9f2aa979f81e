/** Completion inside an ES|QL query, from the published definitions, by the cluster's version. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  esqlCompletion,
  esqlNeed,
  esqlPlace,
  esqlSpot,
} from "../../src/drivers/elasticsearch/esql/complete.ts";
import { esqlCommands, esqlFunctions } from "../../src/drivers/elasticsearch/esql/language.ts";

const at = (text: string) => {
  const place = esqlPlace(text, text.length);
  assert.ok(place, `no ES|QL place in ${text}`);
  return place;
};
const labels = (text: string, version = "9.5.4", live = {}) =>
  esqlCompletion(at(text), version, live).items.map((i) => i.label);

describe("ES|QL completion", () => {
  it("only inside the triple-quoted query of /_query or /_query/async", () => {
    assert.ok(esqlPlace('POST /_query\n{"query": """FROM sam', 30));
    assert.ok(at('POST _query/async\n{\n  "query": """\nFROM sam'));
    assert.equal(esqlPlace('GET /_search\n{"query": """FROM', 29), undefined);
    assert.equal(esqlPlace('POST /_query\n{"query": """FROM x""", "', 37), undefined);
  });

  it("source commands first; index names after FROM, asked of the cluster", () => {
    assert.deepEqual(labels('POST /_query\n{"query": """'), ["FROM", "ROW", "SHOW"]);
    const place = at('POST /_query\n{"query": """FROM sam');
    assert.deepEqual(esqlNeed(place), { kind: "names" });
    const answer = esqlCompletion(place, "8.19.21", {
      names: [{ name: "sample-orders", kind: "index" }],
    });
    assert.deepEqual(
      answer.items.map((i) => i.label),
      ["sample-orders"],
    );
    assert.equal(answer.from, place.offset - 3);
  });

  it("processing commands after a pipe; LOOKUP JOIN only from 8.18", () => {
    const text = 'POST /_query\n{"query": """FROM sample-orders | ';
    assert.ok(labels(text, "8.19.21").includes("LOOKUP JOIN"));
    assert.ok(!labels(text, "8.17.0").includes("LOOKUP JOIN"));
    for (const c of ["WHERE", "EVAL", "STATS", "SORT", "LIMIT", "KEEP", "DROP", "RENAME"])
      assert.ok(labels(text).includes(c), c);
    assert.deepEqual(
      esqlCommands("8.11.0")
        .map((c) => c.name)
        .slice(0, 3),
      ["FROM", "ROW", "SHOW"],
    );
  });

  it("fields of the FROM indices with their types, functions with signatures", () => {
    const text = 'POST /_query\n{"query": """FROM sample-orders, other | WHERE cust';
    const place = at(text);
    assert.deepEqual(esqlNeed(place), { kind: "fields", target: "sample-orders,other" });
    const items = esqlCompletion(place, "9.5.4", {
      fields: [{ name: "customer.name", type: "keyword" }],
    }).items;
    assert.deepEqual(items[0], {
      label: "customer.name",
      kind: "column",
      detail: "keyword",
      boost: 10,
    });
    assert.ok(
      items.some(
        (i) => i.label === "TO_LOWER" && /to_lower\(str: keyword\|text\)/.test(i.info ?? ""),
      ),
    );
    assert.ok(items.some((i) => i.label === "=="));
  });

  it("| STATS offers aggregate functions; BY the fields", () => {
    const stats = labels('POST /_query\n{"query": """FROM o | STATS ');
    for (const f of ["AVG", "COUNT", "SUM", "MAX", "MIN", "PERCENTILE"])
      assert.ok(stats.includes(f), f);
    assert.ok(!stats.includes("TO_LOWER"));
    assert.equal(esqlSpot("FROM o | STATS c = COUNT(*) BY ").spot, "columns");
    const avg = esqlFunctions().find((f) => f.name === "AVG");
    assert.match(avg?.signature ?? "", /^avg\(number: .*double.*\) → double/);
  });

  it("a cluster without ES|QL says so, whatever was typed", () => {
    const answer = esqlCompletion(at('POST /_query\n{"query": """FROM sam'), "7.17.29", {});
    assert.equal(answer.items.length, 1);
    assert.equal(answer.items[0]?.label, "ES|QL is not available on this cluster");
    assert.match(answer.items[0]?.detail ?? "", /7\.17\.29; ES\|QL came in 8\.11/);
    assert.equal(answer.from, answer.to);
  });
});
