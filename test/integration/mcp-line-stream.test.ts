/**
 * The MCP endpoint's line stream (docs/mcp.md, "The line stream"): the real server, opened by a
 * raw HTTP Upgrade as the bridge opens it, and the real bridge (bin/quarry-mcp) spawned by the
 * official MCP client. The Upgrade is refused like a POST (no token, a wrong one, a user token, a
 * foreign Host); a malformed line gets its error and the stream goes on; concurrent requests are
 * all answered; progress during an approval arrives as lines; an expired token ends the stream
 * and the bridge opens a new one; an app that does not offer the stream gets POSTs.
 */
import assert from "node:assert/strict";
import { type IncomingMessage, request } from "node:http";
import type { Duplex } from "node:stream";
import { describe, test } from "node:test";
import { type BridgeHome, bridgeClient, MODERN_META } from "../support/bridge.ts";
import {
  addNodeConnection,
  mcpTestServer,
  readHandshake,
  startTestServer,
  type TestHome,
  testHome,
} from "../support/mcp.ts";
import { waitFor } from "../support/quarry.ts";

type Message = Record<string, unknown> & { id?: unknown; method?: string };

/** One open stream: every line the server wrote, and a way to wait for the ones a test needs. */
class Lines {
  readonly got: Message[] = [];
  ended = false;
  #waiters: (() => void)[] = [];
  #rest = "";
  readonly socket: Duplex;

  constructor(socket: Duplex, head: Buffer) {
    this.socket = socket;
    socket.on("data", (c: Buffer) => this.#push(c.toString("utf8")));
    socket.on("close", () => {
      this.ended = true;
      this.#wake();
    });
    if (head.length) this.#push(head.toString("utf8"));
  }

  send(m: object | string): void {
    this.socket.write(`${typeof m === "string" ? m : JSON.stringify(m)}\n`);
  }

  /** Waits until `ok` holds of the lines received (or the stream ended). */
  async until(ok: (got: Message[]) => boolean): Promise<Message[]> {
    while (!ok(this.got)) {
      if (this.ended) throw new Error(`the stream ended; got ${JSON.stringify(this.got)}`);
      await new Promise<void>((resolve) => this.#waiters.push(resolve));
    }
    return this.got;
  }

  async answerTo(id: unknown): Promise<Message> {
    await this.until((g) => g.some((m) => m.id === id));
    return this.got.find((m) => m.id === id)!;
  }

  async closed(): Promise<void> {
    while (!this.ended) await new Promise<void>((resolve) => this.#waiters.push(resolve));
  }

  #push(text: string): void {
    const parts = (this.#rest + text).split("\n");
    this.#rest = parts.pop() ?? "";
    for (const p of parts) if (p.trim()) this.got.push(JSON.parse(p) as Message);
    this.#wake();
  }

  #wake(): void {
    const w = this.#waiters;
    this.#waiters = [];
    for (const f of w) f();
  }
}

type Opened = { lines: Lines } | { status: number; body: Message };

function openStream(port: number, headers: Record<string, string>): Promise<Opened> {
  return new Promise((resolve, reject) => {
    const req = request({
      host: "127.0.0.1",
      port,
      path: "/mcp",
      method: "GET",
      agent: false,
      headers: {
        host: `127.0.0.1:${port}`,
        connection: "Upgrade",
        upgrade: "quarry-mcp-lines",
        ...headers,
      },
    });
    req.on("upgrade", (_res, socket: Duplex, head: Buffer) =>
      resolve({ lines: new Lines(socket, head) }),
    );
    req.on("response", (res: IncomingMessage) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => {
        text += c;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
    });
    req.on("error", reject);
    req.end();
  });
}

function linesOf(o: Opened): Lines {
  if (!("lines" in o)) throw new Error(`the Upgrade was refused: ${JSON.stringify(o)}`);
  return o.lines;
}

function refusal(o: Opened): { status: number; code: number } {
  if ("lines" in o) {
    o.lines.socket.destroy();
    throw new Error("the Upgrade was accepted");
  }
  return { status: o.status, code: (o.body.error as { code: number }).code };
}

const call = (id: number, name: string, args: object, meta: object = {}) => ({
  jsonrpc: "2.0",
  id,
  method: "tools/call",
  params: { name, arguments: args, _meta: { ...MODERN_META, ...meta } },
});

/** A test server's folder as the bridge finds it (never launching an app). */
function bridgeHomeOf(home: TestHome): Pick<BridgeHome, "bridgeEnv"> {
  return {
    bridgeEnv: (extra = {}) => ({
      HOME: process.env.HOME ?? "/root",
      PATH: "/usr/bin:/bin",
      QUARRY_HOME: home.dir,
      QUARRY_SECRET_STORE: "file",
      QUARRY_BROWSER: "none",
      QUARRY_LAUNCHER: "none",
      ...extra,
    }),
  };
}

async function bridgeToken(home: TestHome): Promise<string> {
  const hs = await readHandshake(home.dir);
  assert.ok(hs, "the handshake file is written");
  return hs.token;
}

describe("the line stream, opened as the bridge opens it", () => {
  const srv = mcpTestServer({
    connections: async (home) => {
      await addNodeConnection(home, "es8", "es8");
      await addNodeConnection(home, "asks", "es8", "read-write", "ask-each-time");
    },
    tokens: { "stream-user": "read-write" },
  });
  const port = () => srv.server.port;

  test("the handshake file offers it", async () => {
    assert.deepEqual((await readHandshake(srv.home.dir))?.streams, ["quarry-mcp-lines"]);
  });

  test("refuses an absent or wrong token (401), a user token and a foreign Host (403)", async () => {
    assert.deepEqual(refusal(await openStream(port(), {})), { status: 401, code: -33009 });
    assert.deepEqual(
      refusal(
        await openStream(port(), {
          authorization: "Bearer qry_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
        }),
      ),
      { status: 401, code: -33009 },
    );
    assert.deepEqual(
      refusal(await openStream(port(), { authorization: `Bearer ${srv.tokens["stream-user"]}` })),
      {
        status: 403,
        code: -33007,
      },
    );
    assert.deepEqual(
      refusal(
        await openStream(port(), {
          authorization: `Bearer ${await bridgeToken(srv.home)}`,
          host: `evil.example:${port()}`,
        }),
      ),
      { status: 403, code: -33007 },
    );
    assert.equal(srv.server.openStreams(), 0);
  });

  test("a malformed line gets its JSON-RPC error and the stream goes on", async () => {
    const lines = linesOf(
      await openStream(port(), { authorization: `Bearer ${await bridgeToken(srv.home)}` }),
    );
    try {
      lines.send("this is not JSON");
      lines.send([{ jsonrpc: "2.0", id: 9, method: "ping" }]);
      lines.send({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/list",
        params: { _meta: MODERN_META },
      });
      const answer = await lines.answerTo(1);
      assert.ok(Array.isArray((answer.result as { tools?: unknown[] }).tools));
      const errors = lines.got
        .filter((m) => m.error)
        .map((m) => (m.error as { code: number }).code);
      assert.deepEqual(errors, [-32700, -32600]);
    } finally {
      lines.socket.destroy();
    }
  });

  test("concurrent requests on one stream are all answered", async () => {
    const lines = linesOf(
      await openStream(port(), { authorization: `Bearer ${await bridgeToken(srv.home)}` }),
    );
    try {
      const ids = Array.from({ length: 12 }, (_, i) => 100 + i);
      for (const id of ids)
        lines.send(
          call(id, "execute_query", { connection: "es8", method: "GET", path: "/_cluster/health" }),
        );
      await lines.until((g) => ids.every((id) => g.some((m) => m.id === id)));
      for (const id of ids) {
        const m = lines.got.find((x) => x.id === id)!;
        assert.ok(m.result, JSON.stringify(m));
      }
    } finally {
      lines.socket.destroy();
    }
  });

  test("progress during an approval arrives as lines, then the result", async () => {
    const lines = linesOf(
      await openStream(port(), { authorization: `Bearer ${await bridgeToken(srv.home)}` }),
    );
    const off = srv.approvals.onChange(() => {
      // Answered only once its progress was seen on the stream.
      if (!lines.got.some((m) => m.method === "notifications/progress")) return;
      for (const p of srv.approvals.pending()) srv.approvals.answer(p.id, { approve: false });
    });
    try {
      lines.send(
        call(
          7,
          "execute_query",
          { connection: "asks", method: "GET", path: "/_cluster/health" },
          { progressToken: "p7" },
        ),
      );
      await lines.until((g) => g.some((m) => m.method === "notifications/progress"));
      for (const p of srv.approvals.pending()) srv.approvals.answer(p.id, { approve: false });
      const answer = await lines.answerTo(7);
      const progress = lines.got.find((m) => m.method === "notifications/progress")!;
      assert.equal((progress.params as { progressToken: string }).progressToken, "p7");
      assert.ok(lines.got.indexOf(progress) < lines.got.indexOf(answer));
      assert.ok(answer.error || answer.result, JSON.stringify(answer));
    } finally {
      off();
      lines.socket.destroy();
    }
  });

  test("the token's concurrency holds on the stream; a cancelled request frees its slot", async () => {
    const other = await testHome();
    await addNodeConnection(other, "asks", "es8", "read-write", "ask-each-time");
    const s = await startTestServer(other, { limits: { concurrentRequests: 1 } });
    const lines = linesOf(
      await openStream(s.server.port, { authorization: `Bearer ${await bridgeToken(other)}` }),
    );
    const health = { connection: "asks", method: "GET", path: "/_cluster/health" };
    try {
      // The first waits for a person's answer, holding the one slot.
      lines.send(call(1, "execute_query", health));
      await waitFor(() => s.approvals.pending().length === 1, "the approval prompt");
      lines.send({ jsonrpc: "2.0", id: 2, method: "tools/list", params: { _meta: MODERN_META } });
      assert.equal(((await lines.answerTo(2)).error as { code: number }).code, -33010);
      lines.send({
        jsonrpc: "2.0",
        method: "notifications/cancelled",
        params: { requestId: 1, _meta: MODERN_META },
      });
      lines.send({ jsonrpc: "2.0", id: 3, method: "tools/list", params: { _meta: MODERN_META } });
      assert.ok((await lines.answerTo(3)).result);
      assert.equal(
        lines.got.filter((m) => m.id === 1).length,
        0,
        "a cancelled request is not answered",
      );
    } finally {
      lines.socket.destroy();
      await s.stop();
      await other.cleanup();
    }
  });

  test("an expired token: the request gets -33009, the stream its last line and its end", async () => {
    const lines = linesOf(
      await openStream(port(), { authorization: `Bearer ${await bridgeToken(srv.home)}` }),
    );
    srv.home.clock.advance(2 * 60 * 60 * 1000);
    lines.send({ jsonrpc: "2.0", id: 1, method: "tools/list", params: { _meta: MODERN_META } });
    const answer = await lines.answerTo(1);
    assert.equal((answer.error as { code: number }).code, -33009);
    await lines.closed();
    assert.equal(lines.got.at(-1)?.method, "quarry/streamEnded");
  });

  test("stopping the server ends its streams", async () => {
    const other = await testHome();
    const s = await startTestServer(other);
    try {
      const lines = linesOf(
        await openStream(s.server.port, { authorization: `Bearer ${await bridgeToken(other)}` }),
      );
      assert.equal(s.server.openStreams(), 1);
      await s.stop();
      await lines.closed();
    } finally {
      await s.stop();
      await other.cleanup();
    }
  });
});

describe("the bridge on the line stream", () => {
  test("uses the stream, and opens a new one when its token expired", async () => {
    const home = await testHome();
    home.clock.followRealTime();
    await addNodeConnection(home, "es8", "es8");
    // Tokens of 4 s, replaced after 2: the first stream's token expires while the bridge runs.
    const srv = await startTestServer(home, {
      bridgeToken: { lifetimeMs: 4_000, rotateBeforeMs: 2_000 },
    });
    const session = await bridgeClient(bridgeHomeOf(home), "2026-07-28");
    try {
      const list = await session.client.listTools();
      assert.ok(list.tools.length > 0);
      assert.equal(srv.server.openStreams(), 1);
      // The server ends the first stream when its token expires (its own timer).
      await waitFor(() => srv.server.openStreams() === 0, "the first stream's end");
      const again = await session.client.callTool({
        name: "execute_query",
        arguments: { connection: "es8", method: "GET", path: "/_cluster/health" },
      });
      assert.ok(!again.isError, JSON.stringify(again));
      assert.equal(srv.server.openStreams(), 1, session.stderr());
    } finally {
      await session.close();
      await srv.stop();
      await home.cleanup();
    }
  });

  test("an app that does not offer the stream gets each message as a POST", async () => {
    const home = await testHome();
    home.clock.followRealTime();
    await addNodeConnection(home, "es8", "es8");
    const srv = await startTestServer(home, { offerStream: false });
    const session = await bridgeClient(bridgeHomeOf(home), "2026-07-28");
    try {
      assert.equal((await readHandshake(home.dir))?.streams, undefined);
      const r = await session.client.callTool({
        name: "execute_query",
        arguments: { connection: "es8", method: "GET", path: "/_cluster/health" },
      });
      assert.ok(!r.isError, JSON.stringify(r));
      assert.equal(srv.server.openStreams(), 0);
    } finally {
      await session.close();
      await srv.stop();
      await home.cleanup();
    }
  });
});
