/**
 * An ES|QL answer's rows cut out of its body as it arrives (esql/answer-rows.ts): whatever the
 * chunks, the pieces handed back read as exactly the answer's rows, in order, and a row that
 * spans chunks comes whole once its last byte is there.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { AnswerRows } from "../../src/drivers/elasticsearch/esql/answer-rows.ts";

const ROWS: unknown[][] = [
  ["a", 1, null, true],
  ['quote " and backslash \\', 2.5, ["multi", "value"], false],
  ["brackets ] [ and braces } { in text", -3, [], null],
  ["é ü 漢字 🙂", 4e21, [["nested"], ["deeper"]], { _source: { a: [1, 2] } }],
  ["ends with backslash \\\\", 0, ["\\", '"'], "],["],
];
const BODY = Buffer.from(
  `{"took":3,"is_partial":false,"columns":[{"name":"s","type":"keyword"},{"name":"n","type":"double"}],"values":${JSON.stringify(ROWS)},"_clusters":{"x":[1]}}`,
);

/** The body in chunks of `size` bytes (the last one shorter), and the rows read from them. */
function readIn(size: number): { rows: unknown[][]; answer: AnswerRows; pieces: number } {
  const answer = new AnswerRows();
  const rows: unknown[][] = [];
  let pieces = 0;
  for (let at = 0; at < BODY.length; at += size) {
    const piece = answer.push(BODY.subarray(at, at + size));
    if (piece === undefined) continue;
    pieces++;
    rows.push(...(JSON.parse(`[${piece.toString("utf8")}]`) as unknown[][]));
  }
  return { rows, answer, pieces };
}

describe("ES|QL answer rows as the body arrives", () => {
  it("reads every row whole, in order, at any chunk size (one byte at a time too)", () => {
    for (const size of [1, 2, 3, 7, 16, 64, 1000, BODY.length]) {
      const { rows, answer } = readIn(size);
      assert.deepEqual(rows, ROWS, `chunks of ${size}`);
      assert.equal(answer.rows, ROWS.length);
      assert.ok(answer.complete);
      assert.deepEqual(JSON.parse(answer.lastRow ?? ""), ROWS.at(-1));
    }
  });

  it("keeps the head before the rows", () => {
    const { answer } = readIn(5);
    assert.deepEqual(JSON.parse(`${answer.head}[]}`).columns, [
      { name: "s", type: "keyword" },
      { name: "n", type: "double" },
    ]);
  });

  it("hands the rows back as they complete, not at the end", () => {
    assert.ok(readIn(40).pieces > 1);
  });

  it("an answer without rows, or cut before they end, is not complete", () => {
    const empty = new AnswerRows();
    assert.equal(empty.push(Buffer.from('{"columns":[],"values":[]}')), undefined);
    assert.ok(empty.complete);
    assert.equal(empty.rows, 0);
    const cut = new AnswerRows();
    cut.push(BODY.subarray(0, BODY.length / 2));
    assert.ok(!cut.complete);
    const none = new AnswerRows();
    none.push(Buffer.from('{"error":{"type":"x"}}'));
    assert.ok(!none.complete);
  });
});
