/**
 * Which ES|QL queries read past the row cap in keyed pages, the query each page runs, and the
 * refusal (with its reason) of those that cannot (docs/decisions.md, "ES|QL past the row cap").
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { isQuarryError } from "../../src/core/errors.ts";
import {
  countQuery,
  keyLiteral,
  pagePlan,
  pageQuery,
  queryParts,
} from "../../src/drivers/elasticsearch/esql/paging.ts";

function refusal(query: string, key?: string): { message: string; remedy: string } {
  try {
    pagePlan(query, key);
  } catch (e) {
    assert.ok(isQuarryError(e));
    assert.equal(e.code, "invalid_input");
    return { message: e.message, remedy: e.remedy };
  }
  assert.fail(`${query} was not refused`);
}

describe("query parts", () => {
  it("splits at top-level pipes only: strings, triple-quoted strings and comments stay whole", () => {
    const parts = queryParts(
      'FROM a // a | comment\n| WHERE x == "a|b" | EVAL y = """p|q""" /* | */ | lookup join lk ON k',
    );
    assert.deepEqual(
      parts.map((p) => p.command),
      ["FROM", "WHERE", "EVAL", "LOOKUP JOIN"],
    );
    assert.equal(parts[1]?.text, 'WHERE x == "a|b"');
  });
});

describe("pageable queries", () => {
  it("FROM with row-wise commands pages by _id, read through METADATA it adds and hides", () => {
    const plan = pagePlan('FROM sample-orders | WHERE status == "paid" | EVAL t = total * 2');
    assert.equal(
      plan.base,
      'FROM sample-orders METADATA _id\n| WHERE status == "paid"\n| EVAL t = total * 2',
    );
    assert.equal(plan.hiddenKey, true);
    assert.equal(plan.limit, undefined);
    assert.equal(pageQuery(plan, 10_000), `${plan.base}\n| SORT _id\n| LIMIT 10000`);
    assert.equal(
      pageQuery(plan, 500, { value: 'ORD-"9', type: "keyword" }),
      `${plan.base}\n| WHERE _id > "ORD-\\"9"\n| SORT _id\n| LIMIT 500`,
    );
    assert.equal(
      countQuery(plan),
      `${plan.base}\n| STATS quarry_rows = COUNT(*), quarry_keyed = COUNT(_id)`,
    );
  });

  it("a METADATA _id the query asks for is its own column; other METADATA fields are kept", () => {
    assert.equal(pagePlan("FROM a METADATA _id").hiddenKey, false);
    const plan = pagePlan("FROM a METADATA _index | KEEP x");
    assert.equal(plan.base, "FROM a METADATA _index, _id\n| KEEP x, _id");
    assert.equal(plan.hiddenKey, true);
  });

  it("a KEEP that leaves out a column key gets it, hidden; one that names it shows it", () => {
    const hidden = pagePlan("FROM a | KEEP x, y", "order_id");
    assert.equal(hidden.base, "FROM a\n| KEEP x, y, order_id");
    assert.equal(hidden.hiddenKey, true);
    const shown = pagePlan("FROM a | KEEP order_id, y", "order_id");
    assert.equal(shown.hiddenKey, false);
    assert.equal(pagePlan("FROM a", "order_id").hiddenKey, false);
  });

  it("a final LIMIT caps all pages together; a final SORT by the key is the pages' own order", () => {
    const plan = pagePlan("FROM a | WHERE x > 1 | SORT _id | LIMIT 25000");
    assert.equal(plan.limit, 25_000);
    assert.equal(plan.base, "FROM a METADATA _id\n| WHERE x > 1");
  });

  it("key literals by type: strings escaped, dates, IPs and versions cast, numbers as written", () => {
    assert.equal(keyLiteral("a\\b", "keyword"), '"a\\\\b"');
    assert.equal(
      keyLiteral("2025-01-01T00:00:00.000Z", "date"),
      'TO_DATETIME("2025-01-01T00:00:00.000Z")',
    );
    assert.equal(keyLiteral("10.0.0.1", "ip"), 'TO_IP("10.0.0.1")');
    assert.equal(keyLiteral("1.2.3", "version"), 'TO_VERSION("1.2.3")');
    assert.equal(keyLiteral(12.5, "double"), "12.5");
    assert.throws(() => keyLiteral(null, "keyword"), /key is empty/);
    assert.throws(() => keyLiteral(["a", "b"], "keyword"), /multi-valued/);
    assert.throws(() => keyLiteral(2 ** 60, "long"), /beyond what is read exactly/);
  });
});

describe("queries that cannot be paged, refused with the reason", () => {
  const cases: [string, RegExp][] = [
    ["FROM a | STATS n = COUNT(*) BY k", /groups made by STATS/],
    ["FROM a | MV_EXPAND tags", /MV_EXPAND makes several rows of one/],
    ["FROM a | LOOKUP JOIN lk ON k", /LOOKUP JOIN may make several rows/],
    ["FROM a | LIMIT 5 | WHERE x > 1", /LIMIT before other commands/],
    [
      "FROM a | SORT total DESC",
      /sorted by total DESC, and pages come in the order of the key _id/,
    ],
    ["ROW a = 1", /rows come from ROW, not FROM an index/],
    ["SHOW INFO", /rows come from SHOW/],
    ["FROM a | SAMPLE 0.1", /SAMPLE picks rows by chance/],
    ["FROM a | DROP _id", /drops the key _id/],
  ];
  for (const [query, why] of cases)
    it(query, () => {
      const r = refusal(query);
      assert.match(
        r.message,
        /^This query cannot be read in keyed pages past the 10,000-row cap: /,
      );
      assert.match(r.message, why);
      assert.ok(r.remedy.length > 0);
    });

  it("renaming the key is refused, naming the new name's way", () => {
    assert.match(refusal("FROM a | RENAME k AS j", "k").remedy, /Page by the new name/);
  });
});
