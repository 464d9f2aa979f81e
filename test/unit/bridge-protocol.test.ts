/**
 * The bridge's message rules (src/bridge/protocol.ts) and its SSE reader (src/core/sse.ts).
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { bridgeErrors } from "../../src/bridge/errors.ts";
import {
  appRateLimit,
  BRIDGE_UNAVAILABLE,
  bridgeError,
  classifyMessage,
  forLegacyClient,
  headerValue,
  legacyInitializeResult,
  META,
  modernHeaders,
  modernVersionOf,
  negotiateLegacy,
  withId,
  withModernMeta,
} from "../../src/bridge/protocol.ts";
import { errors } from "../../src/core/errors.ts";
import { SseReader } from "../../src/core/sse.ts";

test("classifyMessage: requests, notifications, responses and what is not a message", () => {
  assert.deepEqual(classifyMessage({ jsonrpc: "2.0", id: 1, method: "tools/list" }), {
    kind: "request",
    id: 1,
    method: "tools/list",
  });
  assert.deepEqual(classifyMessage({ jsonrpc: "2.0", id: "a", method: "x" }).kind, "request");
  assert.deepEqual(
    classifyMessage({ jsonrpc: "2.0", method: "notifications/cancelled" }).kind,
    "notification",
  );
  assert.deepEqual(classifyMessage({ jsonrpc: "2.0", id: 1, result: {} }).kind, "response");
  assert.deepEqual(classifyMessage(null).kind, "invalid");
  assert.deepEqual(classifyMessage(3).kind, "invalid");
  assert.deepEqual(classifyMessage({ id: null, method: "x" }), {
    kind: "invalid",
    id: null,
    why: "a request id must be a string or a number",
  });
  assert.equal(classifyMessage({ id: 4 }).kind, "invalid");
});

test("modern headers: version, method and name, sentinel-encoded when not plain ASCII", () => {
  const m = {
    jsonrpc: "2.0",
    id: 1,
    method: "tools/call",
    params: { name: "list_tables", _meta: { [META.protocolVersion]: "2026-07-28" } },
  };
  assert.equal(modernVersionOf(m), "2026-07-28");
  assert.deepEqual(modernHeaders(m), {
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
    "mcp-protocol-version": "2026-07-28",
    "mcp-method": "tools/call",
    "mcp-name": "list_tables",
  });
  const read = modernHeaders({
    method: "resources/read",
    params: { uri: "quarry://connections/prod-é" },
  });
  assert.equal(
    read["mcp-name"],
    `=?base64?${Buffer.from("quarry://connections/prod-é").toString("base64")}?=`,
  );
  assert.equal(modernHeaders({ method: "prompts/get", params: { name: "p" } })["mcp-name"], "p");
  assert.equal(modernHeaders({ method: "tools/list" })["mcp-name"], undefined);
  assert.equal(headerValue(" padded"), `=?base64?${Buffer.from(" padded").toString("base64")}?=`);
  assert.equal(headerValue("a\tb").startsWith("=?base64?"), true);
  assert.equal(headerValue("=?base64?abc?=").startsWith("=?base64?PT9iYXNl"), true);
  assert.equal(headerValue("plain-name_1"), "plain-name_1");
});

test("legacy initialize: 2025-11-25 and 2025-06-18 echo; anything else is refused with the list", () => {
  for (const v of ["2025-11-25", "2025-06-18"]) {
    const r = negotiateLegacy({
      protocolVersion: v,
      capabilities: { roots: {} },
      clientInfo: { name: "c", version: "1" },
    });
    assert.ok(r.ok);
    assert.equal(r.session.protocolVersion, v);
    assert.deepEqual(r.session.capabilities, { roots: {} });
  }
  for (const v of ["2025-03-26", "2024-11-05", "2026-07-28", undefined]) {
    const r = negotiateLegacy({ protocolVersion: v });
    assert.equal(r.ok, false);
    if (!r.ok) {
      assert.deepEqual(r.data.supported, ["2026-07-28", "2025-11-25", "2025-06-18"]);
      assert.match(r.message, /refused by the stdio bridge quarry-mcp/);
    }
  }
});

test("the legacy initialize result comes from server/discover, declaring only what can be delivered", () => {
  const discover = {
    resultType: "complete",
    supportedVersions: ["2026-07-28"],
    capabilities: {
      tools: { listChanged: true },
      resources: { listChanged: true, subscribe: true },
      prompts: {},
      completions: {},
      logging: {},
      extensions: { "io.x/y": {} },
    },
    instructions: "Start from list_connections.",
    ttlMs: 0,
    cacheScope: "private",
    _meta: { [META.serverInfo]: { name: "quarry", version: "9.9.9" } },
  };
  const session = { protocolVersion: "2025-06-18", capabilities: {} };
  assert.deepEqual(legacyInitializeResult(discover, session, { name: "fallback", version: "0" }), {
    protocolVersion: "2025-06-18",
    capabilities: { tools: {}, resources: {}, prompts: {}, completions: {}, logging: {} },
    serverInfo: { name: "quarry", version: "9.9.9" },
    instructions: "Start from list_connections.",
  });
  assert.deepEqual(
    legacyInitializeResult({ capabilities: {} }, session, { name: "fallback", version: "0" })
      .serverInfo,
    { name: "fallback", version: "0" },
  );
});

test("a legacy client's request gets the 2026-07-28 _meta, keeping its own keys", () => {
  const session = {
    protocolVersion: "2025-11-25",
    capabilities: { sampling: {} },
    clientInfo: { name: "old", version: "1" },
    logLevel: "info",
  };
  const out = withModernMeta(
    {
      jsonrpc: "2.0",
      id: 3,
      method: "tools/call",
      params: { name: "x", _meta: { progressToken: 7 } },
    },
    session,
  );
  assert.deepEqual(out.params, {
    name: "x",
    _meta: {
      progressToken: 7,
      [META.protocolVersion]: "2026-07-28",
      [META.clientCapabilities]: { sampling: {} },
      [META.clientInfo]: { name: "old", version: "1" },
      [META.logLevel]: "info",
    },
  });
  assert.deepEqual(
    withModernMeta(
      { id: 1, method: "tools/list" },
      { protocolVersion: "2025-06-18", capabilities: {} },
    ).params,
    {
      _meta: { [META.protocolVersion]: "2026-07-28", [META.clientCapabilities]: {} },
    },
  );
});

test("results for a legacy client lose the 2026-only fields; input_required cannot be passed on", () => {
  assert.deepEqual(
    forLegacyClient({
      jsonrpc: "2.0",
      id: 1,
      result: {
        resultType: "complete",
        tools: [],
        ttlMs: 0,
        cacheScope: "public",
        _meta: { a: 1 },
      },
    }),
    { jsonrpc: "2.0", id: 1, result: { tools: [], _meta: { a: 1 } } },
  );
  const err = forLegacyClient({ jsonrpc: "2.0", id: 2, result: { resultType: "input_required" } });
  assert.equal((err.error as { code: number }).code, -32603);
  const e = { jsonrpc: "2.0", id: 3, error: { code: -33007, message: "Forbidden by x" } };
  assert.deepEqual(forLegacyClient(e), e);
});

test("bridge errors name the layer and carry the remedy; ids are filled in", () => {
  const e = bridgeError(5, BRIDGE_UNAVAILABLE, bridgeErrors.appNotRunning("no handshake file"));
  const error = e.error as { code: number; message: string; data: Record<string, unknown> };
  assert.equal(error.code, -33000);
  assert.match(
    error.message,
    /^quarry-mcp \(the stdio bridge\): Quarry is not running: no handshake file\. Open Quarry;/,
  );
  assert.equal(error.data.layer, "bridge");
  assert.equal(error.data.code, "app_not_running");
  assert.deepEqual(withId({ jsonrpc: "2.0", id: null, error: {} }, 9).id, 9);
  assert.deepEqual(withId({ jsonrpc: "2.0", id: 4, error: {} }, 9).id, 4);
});

test("the app's lockout, met by the bridge: one 'Rate limited:', the true wait", () => {
  const app = errors.rateLimited(
    "five failed authentications within 60 seconds locked authentication out for 5 minutes",
    285,
    "Wait 285 s, or restart Quarry (quarry mcp disable, then enable) to clear the lockout.",
  );
  const body = {
    jsonrpc: "2.0",
    id: null,
    error: {
      code: -33010,
      message: app.message,
      data: { code: app.code, remedy: app.remedy, ...app.details },
    },
  };
  const e = appRateLimit(body, 285);
  const shown = bridgeError(1, -33010, e).error as { message: string; data: { remedy: string } };
  assert.equal(
    shown.message,
    "quarry-mcp (the stdio bridge): Rate limited: five failed authentications within 60 seconds locked authentication out for 5 minutes. Wait 285 s, or restart Quarry (quarry mcp disable, then enable) to clear the lockout.",
  );
  assert.equal(e.details.retryAfterSeconds, 285);
  // Without Retry-After, the error's own data says how long; without either, a plain 60 s.
  assert.equal(
    appRateLimit(
      { error: { message: "Rate limited: x", data: { retryAfterSeconds: 12 } } },
      undefined,
    ).details.retryAfterSeconds,
    12,
  );
  const bare = appRateLimit(undefined, 7);
  assert.equal(bare.message, "Rate limited: Quarry is rate limiting requests");
  assert.equal(bare.remedy, "Wait 7 s and try again.");
});

test("SSE: events split across chunks anywhere, comments, CRLF and CR, multi-line data", () => {
  const stream =
    ': keep-alive\r\nevent: message\r\nid: 1\r\ndata: {"a":1}\r\n\r\ndata: {"b":\r\ndata: 2}\n\n: ping\rdata:{"c":3}\r\rretry: 10\n\ndata: tail-without-blank-line';
  const whole = new SseReader().push(stream);
  assert.deepEqual(whole, ['{"a":1}', '{"b":\n2}', '{"c":3}']);
  for (let size = 1; size <= 7; size++) {
    const r = new SseReader();
    const got: string[] = [];
    for (let i = 0; i < stream.length; i += size) got.push(...r.push(stream.slice(i, i + size)));
    assert.deepEqual(got, whole, `chunks of ${size}`);
    assert.deepEqual(r.end(), []);
  }
});
