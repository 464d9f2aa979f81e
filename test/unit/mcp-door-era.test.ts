/**
 * The door's shortcut past the SDK's era predicate: every body it calls modern, the SDK's
 * `isLegacyRequest` calls not legacy too (with and without the 2026-07-28 headers).
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { isLegacyRequest, PROTOCOL_VERSION_META_KEY } from "@modelcontextprotocol/server";
import { claimsModernEnvelope } from "../../src/mcp/http-door.ts";

const KEY = PROTOCOL_VERSION_META_KEY;
const envelope = {
  [KEY]: "2026-07-28",
  "io.modelcontextprotocol/clientInfo": { name: "t", version: "1" },
  "io.modelcontextprotocol/clientCapabilities": {},
};

const BODIES: { name: string; body: unknown; modern: boolean }[] = [
  {
    name: "a modern tools/call",
    body: { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "x", _meta: envelope } },
    modern: true,
  },
  {
    name: "a claim naming a 2025 revision",
    body: {
      jsonrpc: "2.0",
      id: 1,
      method: "tools/list",
      params: { _meta: { [KEY]: "2025-06-18" } },
    },
    modern: true,
  },
  {
    name: "a claim that is not a string",
    body: { jsonrpc: "2.0", id: 1, method: "tools/list", params: { _meta: { [KEY]: 7 } } },
    modern: true,
  },
  {
    name: "a notification with a claim",
    body: { jsonrpc: "2.0", method: "notifications/cancelled", params: { _meta: envelope } },
    modern: true,
  },
  {
    name: "a claim on a message that is no JSON-RPC message",
    body: { jsonrpc: "1.0", id: 1, method: "tools/list", params: { _meta: envelope } },
    modern: true,
  },
  {
    name: "a claim beside a result",
    body: { jsonrpc: "2.0", id: 1, method: "x", result: {}, params: { _meta: envelope } },
    modern: true,
  },
  {
    name: "initialize with a claim",
    body: { jsonrpc: "2.0", id: 1, method: "initialize", params: { _meta: envelope } },
    modern: false,
  },
  {
    name: "a 2025 tools/call",
    body: { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "x" } },
    modern: false,
  },
  {
    name: "_meta without the key",
    body: { jsonrpc: "2.0", id: 1, method: "tools/list", params: { _meta: {} } },
    modern: false,
  },
  {
    name: "_meta as a list",
    body: { jsonrpc: "2.0", id: 1, method: "tools/list", params: { _meta: [KEY] } },
    modern: false,
  },
  {
    name: "params as a list",
    body: { jsonrpc: "2.0", id: 1, method: "x", params: [] },
    modern: false,
  },
  { name: "a response", body: { jsonrpc: "2.0", id: 1, result: {} }, modern: false },
  {
    name: "no method",
    body: { jsonrpc: "2.0", id: 1, params: { _meta: envelope } },
    modern: false,
  },
];

const HEADERS: Record<string, string>[] = [
  { "content-type": "application/json" },
  {
    "content-type": "application/json",
    "mcp-protocol-version": "2026-07-28",
    "mcp-method": "tools/list",
  },
  { "content-type": "application/json", "mcp-protocol-version": "2025-06-18" },
];

for (const { name, body, modern } of BODIES) {
  test(`era shortcut: ${name}`, async () => {
    assert.equal(claimsModernEnvelope(body), modern);
    if (!modern) return;
    for (const headers of HEADERS) {
      const request = new Request("http://127.0.0.1:1/mcp", { method: "POST", headers });
      assert.equal(await isLegacyRequest(request, body), false, JSON.stringify(headers));
    }
  });
}
