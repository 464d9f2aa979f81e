/** Filters to query DSL: operators typed by mapping, nested element groups, Raw SQL. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { parseFilter } from "../../src/cli/commands/browse.ts";
import { QuarryError } from "../../src/core/errors.ts";
import { FILTER_OPERATORS, FILTER_OPS } from "../../src/core/filter-ops.ts";
import type { FilterRow } from "../../src/core/grid.ts";
import { compileFilters, DATE_FORMAT } from "../../src/drivers/elasticsearch/table/filters.ts";
import { mappingToColumns } from "../../src/drivers/elasticsearch/table/mapping.ts";
import { columnsOf } from "../support/columns.ts";

const columns = columnsOf({
  status: { type: "keyword" },
  notes: { type: "text" },
  title: { type: "text", fields: { keyword: { type: "keyword" } } },
  qty: { type: "integer" },
  big: { type: "long" },
  price: { type: "double" },
  paid: { type: "boolean" },
  created_at: { type: "date" },
  ip: { type: "ip" },
  loc: { type: "geo_point" },
  blob: { type: "object", enabled: false },
  items: {
    type: "nested",
    properties: {
      a: { type: "integer" },
      b: { type: "integer" },
      sku: { type: "keyword" },
      parts: { type: "nested", properties: { code: { type: "keyword" } } },
    },
  },
  other: { type: "nested", properties: { x: { type: "keyword" } } },
});

const q = (filters: FilterRow[], raw?: string) => compileFilters(columns, filters, raw, "t");

function refusal(filters: FilterRow[]): QuarryError {
  try {
    q(filters);
  } catch (e) {
    assert.ok(e instanceof QuarryError, String(e));
    assert.equal(e.code, "invalid_input");
    return e;
  }
  assert.fail("expected a refusal");
}

describe("compileFilters: operators", () => {
  it("no filters and no raw text is match_all", () => {
    assert.deepEqual(q([]), { match_all: {} });
    assert.deepEqual(q([], "   "), { match_all: {} });
  });

  it("= is term, != its negation, in is terms, not in its negation", () => {
    assert.deepEqual(
      q([
        { column: "status", op: "eq", value: "paid" },
        { column: "status", op: "neq", value: "new" },
        { column: "qty", op: "in", value: ["1", 2] },
        { column: "qty", op: "not_in", value: [3] },
      ]),
      {
        bool: {
          filter: [{ term: { status: "paid" } }, { terms: { qty: [1, 2] } }],
          must_not: [{ term: { status: "new" } }, { terms: { qty: [3] } }],
        },
      },
    );
  });

  it("comparisons are range; like is a case-insensitive wildcard; exists and missing", () => {
    assert.deepEqual(
      q([
        { column: "price", op: "gt", value: "10.5" },
        { column: "qty", op: "lte", value: 3 },
        { column: "status", op: "like", value: "pa*" },
        { column: "status", op: "not_like", value: "?ew" },
        { column: "notes", op: "exists" },
        { column: "paid", op: "missing" },
      ]),
      {
        bool: {
          filter: [
            { range: { price: { gt: 10.5 } } },
            { range: { qty: { lte: 3 } } },
            { wildcard: { status: { value: "pa*", case_insensitive: true } } },
            { exists: { field: "notes" } },
          ],
          must_not: [
            { wildcard: { status: { value: "?ew", case_insensitive: true } } },
            { exists: { field: "paid" } },
          ],
        },
      },
    );
  });

  it("text compares exactly on its .keyword sub-field, and by phrase without one", () => {
    assert.deepEqual(q([{ column: "title", op: "eq", value: "Ergonomic chair" }]), {
      bool: { filter: [{ term: { "title.keyword": "Ergonomic chair" } }] },
    });
    assert.deepEqual(q([{ column: "title", op: "gte", value: "M" }]), {
      bool: { filter: [{ range: { "title.keyword": { gte: "M" } } }] },
    });
    assert.deepEqual(q([{ column: "notes", op: "eq", value: "after 5 pm" }]), {
      bool: { filter: [{ match_phrase: { notes: "after 5 pm" } }] },
    });
    assert.deepEqual(q([{ column: "notes", op: "like", value: "*parcel*" }]), {
      bool: { filter: [{ wildcard: { notes: { value: "*parcel*", case_insensitive: true } } }] },
    });
  });

  it("dates compare in ISO or epoch formats, whatever the mapping's format, at the precision given", () => {
    assert.deepEqual(
      q([
        { column: "created_at", op: "eq", value: "2025-03-01" },
        { column: "created_at", op: "lt", value: "2025-03-01 10:30" },
        { column: "created_at", op: "gte", value: "now-7d/d" },
        { column: "created_at", op: "gt", value: 1735689600000 },
      ]),
      {
        bool: {
          filter: [
            {
              range: {
                created_at: { gte: "2025-03-01", lte: "2025-03-01", format: DATE_FORMAT },
              },
            },
            { range: { created_at: { lt: "2025-03-01T10:30", format: DATE_FORMAT } } },
            { range: { created_at: { gte: "now-7d/d", format: DATE_FORMAT } } },
            { range: { created_at: { gt: 1735689600000, format: DATE_FORMAT } } },
          ],
        },
      },
    );
  });

  it("booleans, IPs and longs beyond 2^53 keep their exact values", () => {
    assert.deepEqual(
      q([
        { column: "paid", op: "eq", value: "TRUE" },
        { column: "ip", op: "eq", value: "10.0.0.0/8" },
        { column: "big", op: "eq", value: "9007199254740993" },
      ]),
      {
        bool: {
          filter: [
            { term: { paid: true } },
            { term: { ip: "10.0.0.0/8" } },
            { term: { big: "9007199254740993" } },
          ],
        },
      },
    );
  });

  it("the Raw SQL text is a lenient query_string, combined with the column filters", () => {
    assert.deepEqual(q([{ column: "status", op: "eq", value: "paid" }], " total:>100 "), {
      bool: {
        must: [{ query_string: { query: "total:>100", lenient: true } }],
        filter: [{ term: { status: "paid" } }],
      },
    });
  });
});

describe("compileFilters: nested arrays and element groups", () => {
  const nested = (path: string, query: unknown) => ({
    nested: { path, query, ignore_unmapped: true },
  });

  it("rows without a group are separate nested clauses (any objects may match)", () => {
    assert.deepEqual(
      q([
        { column: "items.a", op: "eq", value: 1 },
        { column: "items.b", op: "eq", value: 4 },
      ]),
      {
        bool: {
          filter: [
            nested("items", { term: { "items.a": 1 } }),
            nested("items", { term: { "items.b": 4 } }),
          ],
        },
      },
    );
  });

  it("rows in one group are one nested clause (one object must match all)", () => {
    assert.deepEqual(
      q([
        { column: "items.a", op: "eq", value: 1, group: 1 },
        { column: "items.b", op: "eq", value: 4, group: 1 },
        { column: "items.sku", op: "missing", group: 1 },
        { column: "items.sku", op: "eq", value: "X", group: 2 },
      ]),
      {
        bool: {
          filter: [
            nested("items", {
              bool: {
                filter: [{ term: { "items.a": 1 } }, { term: { "items.b": 4 } }],
                must_not: [{ exists: { field: "items.sku" } }],
              },
            }),
            nested("items", { bool: { filter: [{ term: { "items.sku": "X" } }] } }),
          ],
        },
      },
    );
  });

  it("a negation outside a group means no object matches", () => {
    assert.deepEqual(q([{ column: "items.sku", op: "neq", value: "KB-01" }]), {
      bool: { must_not: [nested("items", { term: { "items.sku": "KB-01" } })] },
    });
  });

  it("a leaf of an inner array is wrapped once per enclosing array, outermost first", () => {
    assert.deepEqual(q([{ column: "items.parts.code", op: "eq", value: "p1" }]), {
      bool: {
        filter: [nested("items", nested("items.parts", { term: { "items.parts.code": "p1" } }))],
      },
    });
  });

  it("refuses a group on a plain column, a group mixing two arrays, and a bad group number", () => {
    assert.match(
      refusal([{ column: "status", op: "eq", value: "x", group: 1 }]).message,
      /element group applies only to the leaf columns of a nested array/,
    );
    assert.match(
      refusal([
        { column: "items.a", op: "eq", value: 1, group: 1 },
        { column: "other.x", op: "eq", value: "y", group: 1 },
      ]).message,
      /element group 1 already holds items\.a/,
    );
    assert.match(
      refusal([{ column: "items.a", op: "eq", value: 1, group: 0 }]).message,
      /not a positive whole number/,
    );
  });

  it("refuses the nested JSON parent column", () => {
    const e = refusal([{ column: "items", op: "exists" }]);
    assert.match(e.message, /^Filter on "items": it is the JSON column of a nested array/);
    assert.match(e.remedy, /leaf columns/);
  });
});

describe("compileFilters: bad input is refused, naming the column", () => {
  it("an unknown column", () => {
    const e = refusal([{ column: "nope", op: "eq", value: 1 }]);
    assert.match(e.message, /"t" has no column "nope"/);
  });

  it("values that do not fit the column's type", () => {
    assert.match(
      refusal([{ column: "qty", op: "eq", value: "1.5" }]).message,
      /"1\.5" is not a whole number \(the column is integer\)/,
    );
    assert.match(
      refusal([{ column: "qty", op: "eq", value: "3000000000" }]).message,
      /outside the range of integer/,
    );
    assert.match(
      refusal([{ column: "price", op: "gt", value: "cheap" }]).message,
      /"cheap" is not a number/,
    );
    assert.match(refusal([{ column: "paid", op: "eq", value: "yes" }]).message, /not a boolean/);
    assert.match(
      refusal([{ column: "created_at", op: "gt", value: "yesterday" }]).message,
      /"yesterday" is not a date/,
    );
    assert.match(
      refusal([{ column: "ip", op: "eq", value: "10.0.0" }]).message,
      /not an IP address/,
    );
  });

  it("operators a type does not take", () => {
    const like = refusal([{ column: "qty", op: "like", value: "1*" }]);
    assert.match(like.message, /"like" does not apply to integer columns/);
    assert.match(like.remedy, /Use one of: =, !=, >, >=, <, <=, in, not in, exists, missing/);
    assert.match(
      refusal([{ column: "notes", op: "gt", value: "a" }]).message,
      /needs a keyword sub-field/,
    );
    assert.match(
      refusal([{ column: "paid", op: "gt", value: "true" }]).message,
      /">" does not apply to boolean columns/,
    );
    assert.match(refusal([{ column: "_score", op: "gt", value: 1 }]).message, /_score/);
    assert.match(refusal([{ column: "_id", op: "like", value: "a*" }]).message, /"like"/);
    assert.match(refusal([{ column: "blob", op: "exists" }]).message, /object columns/);
    assert.match(
      refusal([{ column: "status", op: "bigger" as "eq", value: 1 }]).message,
      /unknown operator "bigger"/,
    );
  });

  it("missing values, lists and stray values", () => {
    assert.equal(
      refusal([{ column: "status", op: "eq" }]).message,
      "Filter 1 (status =) has no value",
    );
    assert.match(
      refusal([{ column: "status", op: "in", value: "a,b" }]).message,
      /needs a non-empty list/,
    );
    assert.match(refusal([{ column: "status", op: "exists", value: "x" }]).message, /no value/);
    assert.match(
      refusal([{ column: "status", op: "eq", value: { a: 1 } }]).message,
      /needs a value, not \{"a":1\}/,
    );
  });

  it("an empty value is refused before anything is sent, naming the row", () => {
    const empty = refusal([{ column: "_id", op: "eq", value: "" }]);
    assert.equal(empty.code, "invalid_input");
    assert.equal(empty.message, "Filter 1 (_id =) has no value");
    assert.match(empty.remedy, /Give it a value, or remove the filter/);
    assert.deepEqual(empty.details, { column: "_id", row: 1 });
    const second = refusal([
      { column: "status", op: "eq", value: "paid" },
      { column: "status", op: "neq", value: "   " },
    ]);
    assert.equal(second.message, "Filter 2 (status !=) has no value");
    assert.equal(
      refusal([{ column: "status", op: "in", value: ["a", ""] }]).message,
      "Filter 1 (status in) has no value",
    );
    assert.equal(
      refusal([{ column: "status", op: "not_in", value: [] }]).message,
      "Filter 1 (status not in) has no value",
    );
    assert.doesNotThrow(() => q([{ column: "status", op: "missing" }]));
  });

  it("a conflicting column takes only values every index accepts", () => {
    const union = mappingToColumns({
      a: { mappings: { properties: { code: { type: "keyword" } } } },
      b: { mappings: { properties: { code: { type: "long" } } } },
    });
    assert.deepEqual(compileFilters(union, [{ column: "code", op: "eq", value: "42" }]), {
      bool: { filter: [{ term: { code: "42" } }] },
    });
    assert.throws(
      () => compileFilters(union, [{ column: "code", op: "eq", value: "abc" }]),
      /"abc" is not a whole number \(the column is long\)/,
    );
    assert.throws(
      () => compileFilters(union, [{ column: "code", op: "like", value: "4*" }]),
      /does not work for every type the indices give it \(keyword in a; long in b\)/,
    );
  });
});

describe("the CLI's --filter syntax", () => {
  const p = (text: string) => parseFilter(text);

  it("reads symbolic and worded operators, with or without spaces around symbols", () => {
    assert.deepEqual(p("status = paid").row, { column: "status", op: "eq", value: "paid" });
    assert.deepEqual(p("total>=100").row, { column: "total", op: "gte", value: "100" });
    assert.deepEqual(p("qty != 3").row, { column: "qty", op: "neq", value: "3" });
    assert.deepEqual(p("a < 1").row.op, "lt");
    assert.deepEqual(p("a <= 1").row.op, "lte");
    assert.deepEqual(p("a > 1").row.op, "gt");
    assert.deepEqual(p("title like *chair*").row, {
      column: "title",
      op: "like",
      value: "*chair*",
    });
    assert.deepEqual(p("title NOT LIKE ?x*").row.op, "not_like");
    assert.deepEqual(p("notes missing").row, { column: "notes", op: "missing" });
    assert.deepEqual(p("notes exists").row, { column: "notes", op: "exists" });
  });

  it("splits in-lists on commas, honouring quotes", () => {
    assert.deepEqual(p("tags in gift, promo").row.value, ["gift", "promo"]);
    assert.deepEqual(p('tags not in "a,b",c').row, {
      column: "tags",
      op: "not_in",
      value: ["a,b", "c"],
    });
  });

  it("keeps the value's inner spaces and reads quoted values", () => {
    assert.equal(p("customer.name = Ada Lovelace").row.value, "Ada Lovelace");
    assert.equal(p('notes = " padded @1 "').row.value, " padded @1 ");
  });

  it("a separate trailing @n is an element group; one written against the value is tentative", () => {
    assert.deepEqual(p("items.sku = KB-01 @1").row, {
      column: "items.sku",
      op: "eq",
      value: "KB-01",
      group: 1,
    });
    assert.deepEqual(p("items.price missing @2").row, {
      column: "items.price",
      op: "missing",
      group: 2,
    });
    const attached = p("items.sku = KB-01@3");
    assert.equal(attached.attachedGroup, 3);
    assert.equal(
      attached.row.value,
      "KB-01@3",
      "applied only once the column is known to be a nested leaf",
    );
    assert.equal(p("email = a@b.c").attachedGroup, undefined);
  });

  it("refuses what it cannot read, showing examples", () => {
    for (const bad of [
      "status paid",
      "status =",
      "notes missing x",
      'x = "unclosed',
      "tags in a,,b",
    ]) {
      assert.throws(
        () => p(bad),
        (e: unknown) => {
          assert.ok(e instanceof QuarryError);
          assert.equal(e.code, "invalid_input");
          assert.match(e.message, /^--filter "/);
          assert.match(e.remedy, /status = paid/);
          return true;
        },
        bad,
      );
    }
  });
});

describe("the one table of filter operators", () => {
  it("every operator's symbol is what the CLI reads, with the value its operand asks for", () => {
    for (const op of FILTER_OPS) {
      const { symbol, operand } = FILTER_OPERATORS[op];
      const value = operand === "none" ? "" : operand === "list" ? " a,b" : " a";
      const row = parseFilter(`col ${symbol}${value}`).row;
      assert.equal(row.op, op, symbol);
      assert.deepEqual(
        row.value,
        operand === "none" ? undefined : operand === "list" ? ["a", "b"] : "a",
      );
    }
  });

  it("a negation negates a positive operator that takes the same operand", () => {
    for (const op of FILTER_OPS) {
      const positive = FILTER_OPERATORS[op].negates;
      if (positive === undefined) continue;
      assert.equal(FILTER_OPERATORS[positive].negates, undefined, op);
      assert.equal(FILTER_OPERATORS[positive].operand, FILTER_OPERATORS[op].operand, op);
    }
  });
});
