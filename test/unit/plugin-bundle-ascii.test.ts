/** The driver plugin's bundle written in ASCII, its meaning unchanged (scripts/build-plugins.ts). */
import assert from "node:assert/strict";
import { test } from "node:test";
import { runInNewContext } from "node:vm";
import { asciiOnly } from "../../scripts/build-plugins.ts";

test("every other character is escaped, and code means what it meant", () => {
  const code = [
    "/** The text before the rows (`{…`), once they started. */",
    '({ s: "a…b", t: `é`, r: /…|😀/.test("😀"), e: "😀".length })',
  ].join("\n");
  const ascii = asciiOnly(code);
  assert.match(ascii, /^[\x20-\x7e\n]*$/);
  const run = (source: string) => JSON.stringify(runInNewContext(source));
  assert.equal(run(ascii), run(code));
  assert.equal(run(ascii), JSON.stringify({ s: "a…b", t: "é", r: true, e: 2 }));
});
