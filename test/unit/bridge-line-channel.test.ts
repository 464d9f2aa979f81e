/**
 * How the bridge routes the app's lines on the line stream (docs/mcp.md, "The line stream"): an
 * answer's id read off the end of its line, where the app writes it; anything else is parsed.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { answerKey } from "../../src/bridge/line-channel.ts";

const key = (text: string) => answerKey(Buffer.from(`${text}\n`));

test("an answer whose id comes last: the id's JSON text", () => {
  assert.equal(key('{"result":{"content":[]},"jsonrpc":"2.0","id":7}'), "7");
  assert.equal(key('{"result":{},"jsonrpc":"2.0","id":"a-1"}'), '"a-1"');
  assert.equal(key('{"result":{},"jsonrpc":"2.0","id":"é"}'), '"é"');
  assert.equal(key('{"result":{"x":"\\"id\\":5"},"jsonrpc":"2.0","id":-2}'), "-2");
});

test("anything else is left to a parse", () => {
  // The id first (an error the door wrote), an id nested in the result, a notification.
  assert.equal(key('{"jsonrpc":"2.0","id":3,"error":{"code":-32700,"message":"x"}}'), undefined);
  assert.equal(key('{"jsonrpc":"2.0","result":{"id":4}}'), undefined);
  assert.equal(
    key('{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"p"}}'),
    undefined,
  );
  assert.equal(key('{"result":{},"id":"a\\"b"}'), undefined);
  assert.equal(key('{"result":{},"id":null}'), undefined);
  assert.equal(key("not json"), undefined);
});
