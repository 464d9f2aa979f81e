/**
 * quarry-mcp answers by the same rules as the app over HTTP: a 2025 client's logging/setLevel
 * (declared, answered {}), and the app's failed-authentication lockout met by a bridge starting
 * against it (one "Rate limited:", and the wait the app's Retry-After gives). The official client
 * over stdio spawns bin/quarry-mcp; the real app runs in this process.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { readHandshake } from "../../src/app/mcp-host/handshake.ts";
import {
  appInBridgeHome,
  bridgeClient,
  MODERN_META,
  rawBridge,
  rpcErrorOf,
} from "../support/bridge.ts";

const { home } = appInBridgeHome();

describe("logging/setLevel", () => {
  for (const era of ["2025-11-25", "2025-06-18"] as const) {
    test(`${era}: declared and answered {} through the bridge, as over HTTP`, async () => {
      const s = await bridgeClient(home, era);
      try {
        assert.deepEqual(s.client.getServerCapabilities()?.logging, {});
        assert.deepEqual(await s.client.setLoggingLevel("error"), {});
        const e = await rpcErrorOf(
          s.client.request({
            method: "logging/setLevel",
            params: { level: "loud" as "error" },
          }),
        );
        assert.equal(e.code, -32602);
        assert.match(e.message, /^Invalid params for logging\/setLevel: level /);
        // Later requests still go through.
        assert.ok((await s.client.listTools()).tools.length > 5);
      } finally {
        await s.close();
      }
    });
  }
});

describe("the app's lockout, met by a starting bridge", () => {
  test("one 'Rate limited:', and the wait the app's Retry-After gives", async () => {
    const handshake = await readHandshake(home.dir);
    assert.ok(handshake);
    let retryAfter = 0;
    for (let i = 0; i < 5; i++) {
      const res = await fetch(handshake.url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          authorization: "Bearer qry_not-a-token-at-all",
        },
        body: JSON.stringify({ jsonrpc: "2.0", id: i, method: "server/discover" }),
      });
      if (res.status === 429) retryAfter = Number(res.headers.get("retry-after"));
      await res.text();
    }
    assert.ok(retryAfter > 60, `the lockout lasts minutes (Retry-After ${retryAfter})`);
    const raw = await rawBridge(home.bridgeEnv({ QUARRY_LAUNCHER: "none" }), [
      { jsonrpc: "2.0", id: 1, method: "tools/list", params: { _meta: MODERN_META } },
    ]);
    const error = raw.messages.find((m) => m.id === 1)?.error as {
      code: number;
      message: string;
      data: { retryAfterSeconds: number };
    };
    assert.equal(error.code, -33010, JSON.stringify(error));
    assert.match(
      error.message,
      /^quarry-mcp \(the stdio bridge\): Rate limited: five failed authentications/,
    );
    assert.equal(error.message.match(/Rate limited/g)?.length, 1, error.message);
    const wait = Number(/Wait (\d+) s/.exec(error.message)?.[1]);
    assert.ok(
      wait <= retryAfter && wait > retryAfter - 30,
      `the bridge says "Wait ${wait} s"; the app's Retry-After was ${retryAfter} s`,
    );
    assert.equal(error.data.retryAfterSeconds, wait);
    assert.doesNotMatch(raw.stderr, /Rate limited: Rate limited/);
  });
});
