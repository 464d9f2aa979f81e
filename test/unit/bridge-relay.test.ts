/**
 * The relay's decisions (src/bridge/relay.ts), with the app's HTTP answers scripted: the retry
 * after a refused token (once, with the re-read token), -33009 when no app remains, a request
 * never delivered sent again to a restarted app, cancellation, legacy adaptation, the order of
 * notifications and results. The real app and clients are in test/integration/bridge-*.test.ts.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import type { Endpoint, Link } from "../../src/bridge/app-link.ts";
import { bridgeErrors } from "../../src/bridge/errors.ts";
import { Relay } from "../../src/bridge/relay.ts";
import type { Post, PostResult } from "../../src/bridge/upstream.ts";
import type { QuarryError } from "../../src/core/errors.ts";

const META = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientCapabilities": {},
};

function endpoint(token: string, instanceId = "i1", port = 1111): Endpoint {
  return {
    port,
    path: "/mcp",
    token,
    instanceId,
    pid: 1,
    expiresAt: Date.now() + 60_000,
    quarryVersion: "0.1.0",
    streams: [],
    identity: token,
  };
}

const DISCOVER = {
  supportedVersions: ["2026-07-28"],
  capabilities: { tools: { listChanged: true } },
  instructions: "hi",
  resultType: "complete",
  ttlMs: 0,
  cacheScope: "private",
  _meta: { "io.modelcontextprotocol/serverInfo": { name: "quarry", version: "0.1.0" } },
};

interface Sent {
  token: string;
  port: number;
  body: Record<string, unknown>;
  headers: Record<string, string>;
}

type Script = (
  sent: Sent,
  signal: AbortSignal,
  deliver: (m: unknown) => void,
) => Promise<PostResult>;

function harness(options: {
  start?: Endpoint | QuarryError;
  refresh?: () => { endpoint: Endpoint } | { error: QuarryError };
  script: Script;
}) {
  const out: Record<string, unknown>[] = [];
  const logs: string[] = [];
  const sent: Sent[] = [];
  let current = options.start instanceof Error ? undefined : options.start;
  const connects: boolean[] = [];
  const link: Link = {
    async connect(launch) {
      connects.push(launch);
      if (options.start instanceof Error) throw options.start;
      return current as Endpoint;
    },
    async fresh() {
      return current;
    },
    async refresh() {
      const r = options.refresh?.() ?? { error: bridgeErrors.appNotRunning("no handshake file") };
      if ("endpoint" in r) current = r.endpoint;
      return r;
    },
  };
  const post: Post = async (target, body, headers, signal, onMessage) => {
    const s = {
      token: (target as { token: string }).token,
      port: target.port,
      body: JSON.parse(body) as Record<string, unknown>,
      headers,
    };
    if (s.body.method === "server/discover" && s.body.id === "quarry-mcp-discover") {
      onMessage({ jsonrpc: "2.0", id: s.body.id, result: DISCOVER });
      return { kind: "answered", status: 200, messages: 1 };
    }
    sent.push(s);
    return options.script(s, signal, onMessage);
  };
  const relay = new Relay({
    post,
    write: (m) => out.push(m),
    writeLine: (line) => out.push(JSON.parse(line.toString()) as Record<string, unknown>),
    log: (l) => logs.push(l),
    version: "9",
  });
  relay.start(link);
  return { relay, out, logs, sent, connects };
}

const ok = (id: unknown, result: unknown = { content: [] }) => ({ jsonrpc: "2.0", id, result });
const answered = (n = 1): PostResult => ({ kind: "answered", status: 200, messages: n });
const refused401: PostResult = {
  kind: "refused",
  status: 401,
  body: {
    jsonrpc: "2.0",
    id: 1,
    error: { code: -33009, message: "Unauthenticated: unknown token" },
  },
};

function call(id: number, name = "list_connections", meta: Record<string, unknown> = META) {
  return JSON.stringify({
    jsonrpc: "2.0",
    id,
    method: "tools/call",
    params: { name, arguments: {}, _meta: meta },
  });
}

function errOf(m: Record<string, unknown> | undefined): unknown {
  return m?.error ?? {};
}

async function settle(relay: Relay): Promise<void> {
  await sleep(5);
  await relay.drain();
}

test("a refused token: the handshake read again, the request sent once more with the new token", async () => {
  const h = harness({
    start: endpoint("T1"),
    refresh: () => ({ endpoint: endpoint("T2") }),
    script: async (s, _sig, deliver) => {
      if (s.token === "T1") return refused401;
      deliver(ok(s.body.id));
      return answered();
    },
  });
  h.relay.handleLine(call(1));
  await settle(h.relay);
  assert.deepEqual(
    h.sent.map((s) => s.token),
    ["T1", "T2"],
  );
  assert.deepEqual(h.out, [ok(1)]);
});

test("refused again after the retry: the app's own refusal, once; no third attempt", async () => {
  const h = harness({
    start: endpoint("T1"),
    refresh: () => ({ endpoint: endpoint("T2") }),
    script: async () => refused401,
  });
  h.relay.handleLine(call(1));
  await settle(h.relay);
  assert.deepEqual(
    h.sent.map((s) => s.token),
    ["T1", "T2"],
  );
  assert.equal(h.out.length, 1);
  assert.deepEqual((errOf(h.out[0]) as { code: number }).code, -33009);
  assert.match((errOf(h.out[0]) as { message: string }).message, /^Unauthenticated: unknown token/);
});

test("a refused token and no app any more: -33009 from the bridge", async () => {
  const h = harness({ start: endpoint("T1"), script: async () => refused401 });
  h.relay.handleLine(call(7));
  await settle(h.relay);
  assert.equal(h.sent.length, 1, "the same token is never sent twice");
  const e = h.out[0]?.error as { code: number; message: string; data: Record<string, unknown> };
  assert.equal(h.out[0]?.id, 7);
  assert.equal(e.code, -33009);
  assert.match(
    e.message,
    /^quarry-mcp \(the stdio bridge\): Unauthenticated: the bridge token is stale and Quarry is not running \(no handshake file\)/,
  );
  assert.equal(e.data.layer, "bridge");
  assert.ok(
    h.logs.some((l) => /bridge token is stale/.test(l)),
    "and on stderr",
  );
});

test("never delivered (the app restarted elsewhere): sent once more to the new app", async () => {
  const h = harness({
    start: endpoint("T1", "i1", 1111),
    refresh: () => ({ endpoint: endpoint("T2", "i2", 2222) }),
    script: async (s, _sig, deliver) => {
      if (s.port === 1111)
        return { kind: "unreachable", sent: false, refused: true, detail: "ECONNREFUSED" };
      deliver(ok(s.body.id));
      return answered();
    },
  });
  h.relay.handleLine(call(1));
  await settle(h.relay);
  assert.deepEqual(
    h.sent.map((s) => s.port),
    [1111, 2222],
  );
  assert.deepEqual(h.out, [ok(1)]);
});

test("nothing listens where the app was, and no other app: -33009", async () => {
  const h = harness({
    start: endpoint("T1"),
    refresh: () => ({ endpoint: endpoint("T1") }),
    script: async () => ({
      kind: "unreachable",
      sent: false,
      refused: true,
      detail: "ECONNREFUSED",
    }),
  });
  h.relay.handleLine(call(1));
  await settle(h.relay);
  assert.equal(h.sent.length, 1);
  assert.equal((errOf(h.out[0]) as { code: number }).code, -33009);
});

test("an answer that broke off is not sent again (it may have run)", async () => {
  const h = harness({
    start: endpoint("T1"),
    refresh: () => ({ endpoint: endpoint("T1") }),
    script: async () => ({ kind: "broken", messages: 0, detail: "socket hang up" }),
  });
  h.relay.handleLine(call(1));
  await settle(h.relay);
  assert.equal(h.sent.length, 1);
  assert.equal((errOf(h.out[0]) as { code: number }).code, -32603);
});

test("notifications before the result, in order; concurrent requests answered independently", async () => {
  const h = harness({
    start: endpoint("T1"),
    script: async (s, _sig, deliver) => {
      const id = s.body.id as number;
      await sleep(id === 1 ? 30 : 1);
      deliver({
        jsonrpc: "2.0",
        method: "notifications/progress",
        params: { progressToken: id, progress: 1 },
      });
      deliver({
        jsonrpc: "2.0",
        method: "notifications/message",
        params: { level: "info", data: id },
      });
      deliver(ok(id));
      deliver(ok(id)); // a second response for one request is never passed on
      return answered(4);
    },
  });
  h.relay.handleLine(call(1));
  h.relay.handleLine(call(2));
  await settle(h.relay);
  const forId = (id: number) =>
    h.out.filter(
      (m) =>
        m.id === id ||
        (m.params as { progressToken?: number; data?: number })?.progressToken === id ||
        (m.params as { data?: number })?.data === id,
    );
  assert.deepEqual(
    forId(2).map((m) => m.method ?? "result"),
    ["notifications/progress", "notifications/message", "result"],
  );
  assert.deepEqual(
    forId(1).map((m) => m.method ?? "result"),
    ["notifications/progress", "notifications/message", "result"],
  );
  assert.equal(
    h.out.findIndex((m) => m.id === 2) < h.out.findIndex((m) => m.id === 1),
    true,
    "2 did not wait for 1",
  );
});

test("notifications/cancelled closes that request's stream and nothing more is written for it", async () => {
  let aborted = false;
  const h = harness({
    start: endpoint("T1"),
    script: (_s, signal, deliver) =>
      new Promise((resolve) => {
        deliver({
          jsonrpc: "2.0",
          method: "notifications/progress",
          params: { progressToken: "p", progress: 1 },
        });
        signal.addEventListener("abort", () => {
          aborted = true;
          deliver(ok(5)); // late: dropped
          resolve({ kind: "aborted" });
        });
      }),
  });
  h.relay.handleLine(call(5));
  await sleep(10);
  h.relay.handleLine(
    JSON.stringify({
      jsonrpc: "2.0",
      method: "notifications/cancelled",
      params: { requestId: 5, reason: "x" },
    }),
  );
  await settle(h.relay);
  assert.equal(aborted, true);
  assert.deepEqual(
    h.out.map((m) => m.method),
    ["notifications/progress"],
  );
});

test("a legacy client: initialize from discover, _meta added, 2026-only fields removed, ping and setLevel here", async () => {
  const h = harness({
    start: endpoint("T1"),
    script: async (s, _sig, deliver) => {
      deliver(ok(s.body.id, { resultType: "complete", tools: [], ttlMs: 5, cacheScope: "public" }));
      return answered();
    },
  });
  const line = (m: object) => h.relay.handleLine(JSON.stringify({ jsonrpc: "2.0", ...m }));
  line({
    id: 0,
    method: "initialize",
    params: {
      protocolVersion: "2025-11-25",
      capabilities: { roots: {} },
      clientInfo: { name: "old", version: "2" },
    },
  });
  await settle(h.relay);
  line({ method: "notifications/initialized" });
  line({ id: 1, method: "ping" });
  line({ id: 2, method: "logging/setLevel", params: { level: "warning" } });
  line({ id: 3, method: "tools/list" });
  line({ id: 4, method: "logging/setLevel", params: { level: "loud" } });
  await settle(h.relay);
  assert.deepEqual(h.out[0], {
    jsonrpc: "2.0",
    id: 0,
    result: {
      protocolVersion: "2025-11-25",
      capabilities: { tools: {} },
      serverInfo: { name: "quarry", version: "0.1.0" },
      instructions: "hi",
    },
  });
  assert.deepEqual(h.out.find((m) => m.id === 1)?.result, {});
  assert.deepEqual(h.out.find((m) => m.id === 2)?.result, {});
  assert.deepEqual(h.out.find((m) => m.id === 3)?.result, { tools: [] });
  assert.equal((errOf(h.out.find((m) => m.id === 4)) as { code: number }).code, -32602);
  assert.equal(h.sent.length, 1, "only tools/list went to the app");
  const sent = h.sent[0];
  assert.ok(sent);
  assert.deepEqual((sent.body.params as { _meta: unknown })._meta, {
    "io.modelcontextprotocol/protocolVersion": "2026-07-28",
    "io.modelcontextprotocol/clientCapabilities": { roots: {} },
    "io.modelcontextprotocol/clientInfo": { name: "old", version: "2" },
    "io.modelcontextprotocol/logLevel": "warning",
  });
  assert.equal(sent.headers["mcp-protocol-version"], "2026-07-28");
  assert.equal(sent.headers["mcp-method"], "tools/list");
});

test("the app could not be reached at start: the start's reason, and a quick look again later", async () => {
  const h = harness({
    start: bridgeErrors.appNotRunning("launching it failed: open exited 1"),
    script: async () => answered(),
  });
  h.relay.handleLine(call(1));
  await settle(h.relay);
  h.relay.handleLine(call(2));
  await settle(h.relay);
  assert.deepEqual(h.connects, [true, false, false], "launched once; later only looked");
  for (const m of h.out) {
    const e = m.error as { code: number; message: string };
    assert.equal(e.code, -33000);
    assert.match(e.message, /Quarry is not running: launching it failed: open exited 1/);
  }
  assert.equal(h.out.length, 2);
});

test("an app that answers -32022 without 2026-07-28: the bridge is newer than the app", async () => {
  const h = harness({
    start: endpoint("T1"),
    script: async () => ({
      kind: "refused",
      status: 400,
      body: {
        jsonrpc: "2.0",
        id: 1,
        error: {
          code: -32022,
          message: "Unsupported",
          data: { supported: ["2025-11-25"], requested: "2026-07-28" },
        },
      },
    }),
  });
  h.relay.handleLine(call(1));
  await settle(h.relay);
  const e = h.out[0]?.error as { code: number; message: string };
  assert.equal(e.code, -33000);
  assert.match(e.message, /app build does not speak 2026-07-28 — update the app/);
});

test("an answer with no result for the request, and a refusal without JSON-RPC: -32603 naming the bridge", async () => {
  let n = 0;
  const h = harness({
    start: endpoint("T1"),
    script: async () =>
      n++ === 0 ? answered(0) : { kind: "refused", status: 502, body: undefined },
  });
  h.relay.handleLine(call(1));
  await settle(h.relay);
  h.relay.handleLine(call(2));
  await settle(h.relay);
  for (const m of h.out) {
    assert.equal((m.error as { code: number }).code, -32603);
    assert.match(
      (m.error as { message: string }).message,
      /refused by the stdio bridge quarry-mcp/,
    );
  }
  assert.equal(h.out.length, 2);
});
