/**
 * The HTTP door's pinned server (src/mcp/pinned-exchanges.ts), with the SDK's real server on it:
 * each POST gets its own answer with its own id (two clients' equal ids never meet), a
 * notification before the answer makes it an SSE stream, a client that leaves cancels its call in
 * the server, and nothing a request held stays once it is answered or cancelled.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { McpServer } from "@modelcontextprotocol/server";
import { PinnedExchanges, pinnable } from "../../src/mcp/pinned-exchanges.ts";
import { MODERN_VERSION } from "../../src/mcp/protocol.ts";

const META = {
  "io.modelcontextprotocol/protocolVersion": MODERN_VERSION,
  "io.modelcontextprotocol/clientInfo": { name: "t", version: "1" },
  "io.modelcontextprotocol/clientCapabilities": {},
};

function call(id: number | string, name: string, progressToken?: string) {
  return {
    jsonrpc: "2.0" as const,
    id,
    method: "tools/call",
    params: {
      name,
      arguments: {},
      _meta: { ...META, ...(progressToken ? { progressToken } : {}) },
    },
  };
}

const headers = (name: string) =>
  new Headers({
    "mcp-protocol-version": MODERN_VERSION,
    "mcp-method": "tools/call",
    "mcp-name": name,
  });

/** A server whose `wait` tool answers once released, and `echo` at once with who asked. */
async function pinnedServer() {
  const mcp = new McpServer(
    { name: "t", version: "1" },
    { capabilities: {}, supportedProtocolVersions: [MODERN_VERSION] },
  );
  const waiting: { release: () => void; signal: AbortSignal }[] = [];
  mcp.server.registerCapabilities({ tools: {} });
  mcp.server.setRequestHandler("tools/list", () => ({ tools: [] }));
  mcp.server.setRequestHandler("tools/call", async (request, ctx) => {
    if (request.params.name === "wait") {
      await ctx.mcpReq.notify({
        method: "notifications/progress",
        params: { progressToken: ctx.mcpReq._meta?.progressToken ?? "p", progress: 1 },
      });
      await new Promise<void>((release) => waiting.push({ release, signal: ctx.mcpReq.signal }));
    }
    const who = ctx.http?.authInfo?.clientId ?? "nobody";
    return { content: [{ type: "text" as const, text: who }] };
  });
  const pinned = new PinnedExchanges();
  await mcp.connect(pinned);
  return { pinned, waiting };
}

const post = (signal?: AbortSignal) =>
  new Request("http://127.0.0.1/mcp", { method: "POST", ...(signal ? { signal } : {}) });
const auth = (who: string) => ({ token: who, clientId: who, scopes: [] });

type Answer = { id: unknown; result: { content: { text: string }[] } };
const answerOf = async (r: Response) => (await r.json()) as Answer;

test("only what the SDK would accept as it is takes the pinned path", () => {
  assert.equal(pinnable(call(1, "echo"), headers("echo")), true);
  assert.equal(pinnable(call(1, "echo"), headers("other")), false, "Mcp-Name disagrees");
  const noHeaders = new Headers({ "mcp-protocol-version": MODERN_VERSION });
  assert.equal(pinnable(call(1, "echo"), noHeaders), false, "Mcp-Method missing");
  const listing = { jsonrpc: "2.0", id: 2, method: "resources/list", params: { _meta: META } };
  assert.equal(pinnable(listing, headers("x")), false, "another method");
  const { _meta, ...bare } = call(3, "echo").params;
  assert.equal(
    pinnable({ jsonrpc: "2.0", id: 3, method: "tools/call", params: bare }, headers("echo")),
    false,
    "no envelope",
  );
});

test("equal ids from two clients get their own answers; nothing stays in flight", async () => {
  const { pinned } = await pinnedServer();
  const answers = await Promise.all(
    Array.from({ length: 50 }, (_, i) =>
      pinned.exchange(call(1, "echo"), auth(`client-${i}`), post()).then(answerOf),
    ),
  );
  answers.forEach((a, i) => {
    assert.equal(a.id, 1);
    assert.equal(a.result.content[0]!.text, `client-${i}`);
  });
  assert.equal(pinned.inFlight, 0);
});

test("a notification first makes the answer an SSE stream, ending with the result", async () => {
  const { pinned, waiting } = await pinnedServer();
  const response = pinned.exchange(call("w", "wait", "tok"), auth("a"), post());
  const answer = await response;
  assert.equal(answer.headers.get("content-type"), "text/event-stream");
  while (waiting.length === 0) await new Promise((r) => setImmediate(r));
  waiting[0]!.release();
  const text = await answer.text();
  const events = text.split("\n\n").filter((e) => e.startsWith("event: message"));
  assert.equal(events.length, 2);
  assert.match(events[0]!, /notifications\/progress/);
  assert.equal(JSON.parse(events[1]!.split("data: ")[1]!).id, "w");
  assert.equal(pinned.inFlight, 0);
});

test("a client that leaves cancels its call in the server and frees it", async () => {
  const { pinned, waiting } = await pinnedServer();
  const left = new AbortController();
  const answer = await pinned.exchange(call(9, "wait"), auth("a"), post(left.signal));
  while (waiting.length === 0) await new Promise((r) => setImmediate(r));
  left.abort();
  while (!waiting[0]!.signal.aborted) await new Promise((r) => setImmediate(r));
  assert.equal(pinned.inFlight, 0);
  await answer.body?.cancel().catch(() => undefined);
  waiting[0]!.release();
  // Later calls are answered as before.
  const next = await pinned.exchange(call(9, "echo"), auth("b"), post());
  assert.equal((await answerOf(next)).result.content[0]!.text, "b");
  assert.equal(pinned.inFlight, 0);
});

test("the door sends nothing to it before a server is connected or once it is closed", async () => {
  assert.equal(new PinnedExchanges().serving, false);
  const { pinned } = await pinnedServer();
  assert.equal(pinned.serving, true);
  await pinned.close();
  assert.equal(pinned.serving, false);
  const late = await pinned.exchange(call(1, "echo"), auth("a"), post());
  assert.equal(late.status, 499);
  assert.equal(pinned.inFlight, 0);
});
