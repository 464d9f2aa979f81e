import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { capJson, toolResult } from "../../src/mcp/result.ts";

describe("cutting results to size", () => {
  test("a small value is untouched", () => {
    const v = { a: [1, 2, 3] };
    const r = capJson(v, 1000);
    assert.equal(r.value, v);
    assert.deepEqual(r.cuts, []);
  });

  test("the biggest list loses items from its end until the JSON fits", () => {
    const rows = Array.from({ length: 1000 }, (_, i) => ({ id: i, text: "x".repeat(90) }));
    const v = { total: 1000, rows };
    const r = capJson(v, 20_000);
    assert.ok(JSON.stringify(r.value).length <= 20_000);
    const kept = (r.value as { rows: unknown[] }).rows;
    assert.ok(kept.length > 150 && kept.length < 200, `kept ${kept.length}`);
    assert.deepEqual(kept[0], rows[0], "the first rows are kept as they were");
    assert.deepEqual(r.cuts, [{ path: "rows", kept: kept.length, of: 1000 }]);
    assert.equal(v.rows.length, 1000, "the input is not changed");
  });

  test("one huge text is shortened and ends in an ellipsis", () => {
    const v = { doc: { body: "y".repeat(50_000), title: "t" } };
    const r = capJson(v, 10_000);
    const body = (r.value as { doc: { body: string } }).doc.body;
    assert.ok(JSON.stringify(r.value).length <= 10_000);
    assert.ok(body.endsWith("…"));
    assert.equal(r.cuts[0]?.path, "doc.body");
    assert.equal(r.cuts[0]?.ofChars, 50_000);
  });

  test("nested lists are named by path", () => {
    const v = {
      hits: {
        hits: Array.from({ length: 500 }, (_, i) => ({ _id: String(i), v: "z".repeat(50) })),
      },
    };
    const r = capJson(v, 5000);
    assert.equal(r.cuts[0]?.path, "hits.hits");
    assert.ok(JSON.stringify(r.value).length <= 5000);
  });

  test("a tool result says what was cut and how to get the rest, as text and structure", () => {
    const rows = Array.from({ length: 3000 }, (_, i) => ({ id: i, text: "x".repeat(60) }));
    const res = toolResult({ rows }, "Use export_data.", 50_000);
    const sc = res.structuredContent as { truncated: boolean; note: string; rows: unknown[] };
    assert.equal(sc.truncated, true);
    assert.match(
      sc.note,
      /^Result cut to fit 50000 characters: rows: \d+ of 3000 items kept\. Use export_data\. max_chars \(up to 100000\) asks for a larger answer\.$/,
    );
    const text = (res.content[0] as { text: string }).text;
    assert.ok(text.length <= 50_000);
    assert.deepEqual(JSON.parse(text), sc);
  });
});
