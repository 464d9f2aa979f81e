/**
 * What the MCP endpoint's fuzzer found (test/integration/fuzz-mcp.test.ts), one case each, so
 * each stays fixed whatever seed the fuzzer runs with: a legacy request id reused while in flight,
 * a request whose session ends before its answer, and raw HTTP answered twice or with a body to
 * HEAD.
 */
import assert from "node:assert/strict";
import { readdir } from "node:fs/promises";
import { connect } from "node:net";
import { join } from "node:path";
import { describe, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { rawHttp, sseMessages } from "../support/fuzz.ts";
import {
  addNodeConnection,
  bearer,
  connectClient,
  mcpTestServer,
  rawRequest,
  rpcError,
} from "../support/mcp.ts";

const srv = mcpTestServer({
  connections: async (home) => {
    await addNodeConnection(home, "asks", "es8", "read-only", "ask-each-time");
    await addNodeConnection(home, "plain", "es8", "read-only", "always-allow");
  },
  token: { name: "findings", scope: "read-only" },
  server: { approvalTimeoutMs: 60_000 },
});

async function legacySession(): Promise<Record<string, string>> {
  const init = await rawRequest(srv.url, {
    headers: bearer(srv.token),
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 0,
      method: "initialize",
      params: {
        protocolVersion: "2025-11-25",
        capabilities: {},
        clientInfo: { name: "f", version: "1" },
      },
    }),
  });
  return {
    ...bearer(srv.token),
    "mcp-session-id": init.headers.get("mcp-session-id")!,
    "mcp-protocol-version": "2025-11-25",
  };
}

/** A tools/call that waits for the user (Ask Each Time) until answered. */
const waitingCall = (id: number) =>
  JSON.stringify({
    jsonrpc: "2.0",
    id,
    method: "tools/call",
    params: { name: "list_tables", arguments: { connection: "asks" } },
  });

async function pendingQuestion(): Promise<string> {
  while (srv.approvals.pending().length === 0) await sleep(10);
  return srv.approvals.pending()[0]!.id;
}

describe("legacy sessions", () => {
  test("an id reused while its request is in flight is refused; the first still gets its answer", async () => {
    const headers = await legacySession();
    const first = rawRequest(srv.url, { headers, body: waitingCall(7) });
    const question = await pendingQuestion();
    const second = await rawRequest(srv.url, { headers, body: waitingCall(7) });
    assert.equal(second.status, 400);
    const e = rpcError(second.json);
    assert.equal(e.code, -32600);
    assert.match(
      e.message,
      /the id 7 belongs to a request of this session that is still in flight/,
    );
    srv.approvals.answer(question, { approve: true, grantMs: 0 });
    const answered = await first;
    assert.equal(answered.status, 200);
    const result = (answered.json as { id: number; result: { isError?: boolean } }).result;
    assert.equal((answered.json as { id: number }).id, 7);
    assert.equal(result.isError ?? false, false);
    // Once answered, the id may be used again.
    const again = rawRequest(srv.url, { headers, body: waitingCall(7) });
    srv.approvals.answer(await pendingQuestion(), { approve: true, grantMs: 0 });
    assert.equal((await again).status, 200);
    assert.equal(((await again).json as { id: number }).id, 7);
  });

  test("a request whose session is ended before its answer ends with a JSON-RPC error, not an empty stream", async () => {
    const headers = await legacySession();
    const call = rawRequest(srv.url, { headers, body: waitingCall(8) });
    await pendingQuestion();
    const ended = await rawRequest(srv.url, { method: "DELETE", headers });
    assert.equal(ended.status, 200);
    const answer = await call;
    assert.equal(answer.status, 200);
    const messages = sseMessages(answer.text);
    assert.ok(messages.length > 0, `the stream carries an answer: ${JSON.stringify(answer.text)}`);
    const last = JSON.parse(messages.at(-1)!) as {
      id: number;
      error: { code: number; message: string };
    };
    assert.equal(last.id, 8);
    assert.equal(last.error.code, -32001);
    assert.match(last.error.message, /ended without an answer/);
    assert.equal(srv.approvals.pending().length, 0, "its question to the user is withdrawn");
  });
});

describe("tools and prompts", () => {
  test("a name holding a lone surrogate is a bad name, not an internal error", async () => {
    const client = await connectClient(srv.url, srv.token, "2026-07-28");
    try {
      const e = await client
        .getPrompt({ name: "explore_index", arguments: { connection: "plain", table: "a\udfff" } })
        .then(
          () => assert.fail("refused"),
          (err: { code: number; message: string }) => err,
        );
      assert.equal(e.code, -32602);
      assert.match(e.message, /is not a valid name: it holds a lone UTF-16 surrogate/);
      const browsed = await client.callTool({
        name: "browse_table",
        arguments: { connection: "plain", table: "\ud800x" },
      });
      assert.equal(browsed.isError, true);
      assert.match(
        (browsed.content as { text: string }[])[0]!.text,
        /is not a valid name: it holds a lone UTF-16 surrogate/,
      );
    } finally {
      await client.close();
    }
  });

  test("export_data with a Raw SQL filter the cluster cannot parse: that refusal, and no file left", async () => {
    const client = await connectClient(srv.url, srv.token, "2026-07-28");
    try {
      const res = await client.callTool({
        name: "export_data",
        arguments: { connection: "plain", table: "*", query: "title:(", file_name: "bad-query" },
      });
      assert.equal(res.isError, true);
      const text = (res.content as { text: string }[])[0]!.text;
      assert.match(text, /^Raw SQL filter: the cluster cannot parse it as a Lucene query/);
      assert.doesNotMatch(text, /Internal error/);
      const left = await readdir(join(srv.home.dir, "exports")).catch(() => [] as string[]);
      assert.deepEqual(
        left.filter((f) => f.startsWith("bad-query")),
        [],
        "the file the call reserved is gone",
      );
    } finally {
      await client.close();
    }
  });
});

/** Raw bytes on one connection, and everything the server wrote back before closing it. */
function raw(bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(srv.server.port, "127.0.0.1");
    let out = "";
    socket.setEncoding("latin1");
    socket.on("data", (d: string) => {
      out += d;
    });
    socket.on("error", (e: NodeJS.ErrnoException) =>
      e.code === "ECONNRESET" ? resolve(out) : reject(e),
    );
    socket.on("close", () => resolve(out));
    socket.end(bytes, "latin1");
  });
}

describe("raw HTTP", () => {
  test("a request refused at the door, whose body then breaks off, is answered once", async () => {
    const out = await raw("POST /mcp HTTP/1.1\r\nHost: evil.example\r\nContent-Length: 5\r\n\r\n{");
    assert.equal(out.match(/HTTP\/1\.1 /g)?.length, 1, out);
    assert.match(out, /^HTTP\/1\.1 403/);
  });

  test("no Host header: the DNS-rebinding guard's JSON-RPC refusal, not a bare 400", async () => {
    const res = await rawHttp(
      srv.server.port,
      "POST /mcp HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}",
    );
    assert.equal(res?.status, 403);
    assert.equal(rpcError(JSON.parse(res!.body)).code, -33007);
  });

  test("a request whose body has no length, then more bytes: answered once", async () => {
    const res = await rawHttp(
      srv.server.port,
      `GET /mcp HTTP/1.1\r\nHost: 127.0.0.1:${srv.server.port}\r\nConnection: close\r\n\r\n{"a":1}`,
    );
    assert.equal(res?.status, 405);
    assert.equal(rpcError(JSON.parse(res!.body)).code, -32600);
  });

  test("HEAD with headers over the limit: 431, and no body", async () => {
    const out = await raw(
      `HEAD /mcp HTTP/1.1\r\nHost: 127.0.0.1:${srv.server.port}\r\nX-Pad: ${"x".repeat(70_000)}\r\n\r\n`,
    );
    assert.match(out, /^HTTP\/1\.1 431/);
    assert.equal(out.slice(out.indexOf("\r\n\r\n") + 4), "", "an answer to HEAD has no body");
  });
});
