/** ES|QL colours inside the console's query: each token's kind, from the published names. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { StringStream } from "@codemirror/language";
import { esqlToken, isEsqlRequestPath } from "../../web/src/console/esql/esql-highlight.ts";

function tokens(line: string): [string, string][] {
  const stream = new StringStream(line, 2, 2);
  const out: [string, string][] = [];
  while (!stream.eol()) {
    stream.start = stream.pos;
    const kind = esqlToken(stream);
    if (kind) out.push([stream.current(), kind]);
  }
  return out;
}

describe("ES|QL colours", () => {
  it("commands, functions, operators, literals, fields, strings and numbers", () => {
    assert.deepEqual(
      tokens('FROM logs | WHERE status == "ok" AND NOT bytes > 10 | STATS n = COUNT(*) BY host'),
      [
        ["FROM", "keyword"],
        ["logs", "variableName"],
        ["|", "punctuation"],
        ["WHERE", "keyword"],
        ["status", "variableName"],
        ["==", "operator"],
        ['"ok"', "string"],
        ["AND", "operatorKeyword"],
        ["NOT", "operatorKeyword"],
        ["bytes", "variableName"],
        [">", "operator"],
        ["10", "number"],
        ["|", "punctuation"],
        ["STATS", "keyword"],
        ["n", "variableName"],
        ["=", "operator"],
        ["COUNT", "variableName.function"],
        ["*", "operator"],
        ["BY", "operatorKeyword"],
        ["host", "variableName"],
      ],
    );
    assert.deepEqual(tokens("ROW a = null // a note"), [
      ["ROW", "keyword"],
      ["a", "variableName"],
      ["=", "operator"],
      ["null", "atom"],
      ["// a note", "comment"],
    ]);
  });

  it("only ES|QL requests' queries are coloured so", () => {
    for (const p of ["/_query", "_query", "/_query/async", "/_query?format=json"])
      assert.ok(isEsqlRequestPath(p), p);
    for (const p of ["/_search", "/logs/_query", "/_query_rules"])
      assert.ok(!isEsqlRequestPath(p), p);
  });
});
