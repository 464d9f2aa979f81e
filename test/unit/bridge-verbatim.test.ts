import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { keepText, lineOf, parsedMessage, VerbatimAnswer } from "../../src/bridge/verbatim.ts";

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

describe("a JSON answer body goes to a 2026-07-28 client as its own bytes", () => {
  const answer = (text: string) => {
    const bytes = Buffer.from(`${text}?`); // the spare byte that becomes the newline
    return new VerbatimAnswer(bytes);
  };

  it("one line naming its request: passed as it came, with a newline", () => {
    const text = '{"result":{"n":12345678901234567891},"jsonrpc":"2.0","id":"a-1"}';
    const a = answer(text);
    assert.equal(a.passable, true);
    assert.equal(a.line.toString(), `${text}\n`);
  });

  it("several lines, a null or missing id, or no object: parsed first", () => {
    assert.equal(answer('{"jsonrpc":"2.0",\n"id":1,"result":{}}').passable, false);
    assert.equal(answer('{"jsonrpc":"2.0","error":{"code":-32600},"id":null}').passable, false);
    assert.equal(answer('{"jsonrpc":"2.0","result":{}}').passable, false);
    assert.equal(answer('["id":1]').passable, false);
    assert.equal(answer("").passable, false);
  });

  it("parsed, its long integers stay exact and its text is kept; text that is not JSON is none", () => {
    const text = '{"jsonrpc":"2.0","id":null,"result":{"n":12345678901234567891}}';
    const m = answer(text).message() as object;
    assert.equal(lineOf(m), text);
    assert.equal(parsedMessage(answer(text)) !== undefined, true);
    assert.equal(answer("not json").message(), undefined);
    assert.deepEqual(parsedMessage({ id: 1 }), { id: 1 }, "a parsed message is handed on as it is");
  });
});
