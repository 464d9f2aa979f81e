/**
 * The SDK's side of a line stream (docs/mcp.md, "The line stream"): what a request's admission
 * holds is freed once, when its answer is written or it is cancelled, or when the stream closes;
 * a notification holds nothing; every message the server sends is one line.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import type { JSONRPCMessage } from "@modelcontextprotocol/server";
import { StreamWire } from "../../src/mcp/stream-wire.ts";

function wire() {
  const lines: string[] = [];
  const freed: string[] = [];
  let answered = 0;
  const w = new StreamWire(
    (line) => lines.push(line),
    () => answered++,
  );
  const got: JSONRPCMessage[] = [];
  w.onmessage = (m) => got.push(m);
  const request = (id: number | string): JSONRPCMessage => ({
    jsonrpc: "2.0",
    id,
    method: "tools/call",
    params: { name: "x" },
  });
  const deliver = (m: JSONRPCMessage, name: string) => w.deliver(m, () => freed.push(name));
  return { w, lines, freed, got, request, deliver, answered: () => answered };
}

test("a request holds its slot until its answer is written, then frees it once", async () => {
  const { w, lines, freed, got, request, deliver, answered } = wire();
  deliver(request(1), "one");
  deliver(request("a"), "a");
  assert.equal(got.length, 2);
  assert.equal(w.inFlight, 2);
  await w.send({
    jsonrpc: "2.0",
    method: "notifications/progress",
    params: { progressToken: 1, progress: 1 },
  });
  assert.deepEqual(freed, []);
  await w.send({ jsonrpc: "2.0", id: 1, result: {} });
  await w.send({ jsonrpc: "2.0", id: 1, result: {} });
  assert.deepEqual(freed, ["one"]);
  await w.send({ jsonrpc: "2.0", id: "a", error: { code: -32602, message: "no" } });
  assert.deepEqual(freed, ["one", "a"]);
  assert.equal(answered(), 2);
  assert.equal(w.inFlight, 0);
  assert.equal(lines.length, 4);
  assert.deepEqual(JSON.parse(lines[1]!), { jsonrpc: "2.0", id: 1, result: {} });
});

test("a notification holds nothing; a cancelled request is freed at once", async () => {
  const { w, freed, request, deliver } = wire();
  deliver({ jsonrpc: "2.0", method: "notifications/initialized" }, "note");
  assert.deepEqual(freed, ["note"]);
  deliver(request(7), "seven");
  w.cancelled(7);
  assert.deepEqual(freed, ["note", "seven"]);
  await w.send({ jsonrpc: "2.0", id: 7, result: {} });
  assert.deepEqual(freed, ["note", "seven"]);
});

test("closing frees what is in flight and writes nothing more", async () => {
  const { w, lines, freed, request, deliver } = wire();
  let closed = false;
  w.onclose = () => {
    closed = true;
  };
  deliver(request(1), "one");
  deliver(request(2), "two");
  await w.close();
  assert.deepEqual(freed.sort(), ["one", "two"]);
  assert.ok(closed);
  await w.send({ jsonrpc: "2.0", id: 1, result: {} });
  assert.deepEqual(lines, []);
});
