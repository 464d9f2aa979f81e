/** The bridge's line splitter (src/core/lines.ts): lines across chunks, CRLF, the length bound. */
import assert from "node:assert/strict";
import { test } from "node:test";
import { LineSplitter } from "../../src/core/lines.ts";

test("lines split across chunks come out whole, CRLF trimmed, the last one at the end", () => {
  const s = new LineSplitter(100);
  assert.deepEqual(s.push('{"a":'), { lines: [], overlong: false });
  assert.deepEqual(s.push('1}\r\n{"b":2}\n{"c"'), {
    lines: ['{"a":1}', '{"b":2}'],
    overlong: false,
  });
  assert.equal(s.push(":3}").lines.length, 0);
  assert.equal(s.end(), '{"c":3}');
  assert.equal(s.end(), undefined);
});

test("a line over the bound is dropped whole, and the next line is read as usual", () => {
  const s = new LineSplitter(10);
  assert.deepEqual(s.push("x".repeat(11)), { lines: [], overlong: true });
  assert.deepEqual(s.push("yyy\nok\n"), { lines: ["ok"], overlong: false });
  assert.deepEqual(s.push("z".repeat(20)), { lines: [], overlong: true });
  assert.equal(s.end(), undefined, "the rest of a dropped line is not handed over");
});
