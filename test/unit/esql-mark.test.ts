/** A query's line:column found in the editor's text, inside a triple-quoted or a JSON string. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { queryOffset } from "../../web/src/console/esql/mark.ts";

describe("an ES|QL error's place in the editor", () => {
  it("triple quotes: the query's lines are the editor's", () => {
    const text = 'POST /_query\n{ "query": """\nFROM orders\n| WHER x\n""" }';
    const from = text.indexOf('"""') + 3;
    const at = queryOffset(text, from, true, { line: 3, column: 3 });
    assert.equal(text.slice(at, at! + 4), "WHER");
  });

  it("a JSON string: \\n is a new line of the query, an escape is one character", () => {
    const text = 'POST /_query\n{"query": "FROM \\"o\\"\\n| WHER x"}';
    const from = text.indexOf('"query": "') + 10;
    const at = queryOffset(text, from, false, { line: 2, column: 3 });
    assert.equal(text.slice(at, at! + 4), "WHER");
    assert.equal(queryOffset(text, from, false, { line: 9, column: 1 }), undefined);
  });
});
