import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { keepText, lineOf } from "../../src/bridge/verbatim.ts";

describe("the bridge writes an answer it passes on unchanged as the app wrote it", () => {
  it("a kept message is written as its own text, trimmed", () => {
    const text = '{"result":{"n":12345678901234567891},"jsonrpc":"2.0","id":7}';
    const m = JSON.parse(text) as object;
    keepText(m, ` ${text}\n`);
    assert.equal(lineOf(m), text, "the app's digits and key order, not a re-serialization");
  });

  it("a changed message (a new object) and text of several lines are serialized", () => {
    const m = { jsonrpc: "2.0", id: 1, result: {} };
    keepText(m, '{"jsonrpc":"2.0",\n"id":1,"result":{}}');
    assert.equal(lineOf(m), JSON.stringify(m));
    const changed = { ...m, id: 2 };
    assert.equal(lineOf(changed), '{"jsonrpc":"2.0","id":2,"result":{}}');
    assert.doesNotThrow(() => keepText(null, "null"));
  });
});
