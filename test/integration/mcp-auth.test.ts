/**
 * Authentication of the MCP server: no token, wrong, malformed,
 * expired and revoked tokens (also mid-request), the lockout and its reset by time and by restart,
 * the per-token rate and concurrency limits, the allowlist, and the bridge token with its rotation.
 * Time is moved with a manual clock instead of waiting.
 */
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { readAudit } from "../../src/app/storage/audit-log.ts";
import {
  addNodeConnection,
  bearer,
  connectClient,
  createToken,
  modernRequest,
  rawRequest,
  readHandshake,
  rpcError,
  startTestServer,
  type TestHome,
  type TestServer,
  testHome,
} from "../support/mcp.ts";

const listConnections = (id = 1) =>
  modernRequest("tools/call", { name: "list_connections", arguments: {} }, id);

async function call(srv: TestServer, headers: Record<string, string>, id = 1) {
  const r = listConnections(id);
  return rawRequest(srv.url, { headers: { ...r.headers, ...headers }, body: r.body });
}

function names(json: unknown): string[] {
  const sc = (json as { result: { structuredContent: { connections: { name: string }[] } } }).result
    .structuredContent;
  return sc.connections.map((c) => c.name);
}

describe("tokens", () => {
  let home: TestHome;
  let srv: TestServer;
  let good: string;

  before(async () => {
    home = await testHome();
    await addNodeConnection(home, "alpha", "es8");
    await addNodeConnection(home, "beta", "es7");
    good = await createToken(home, "good", "read-only");
    srv = await startTestServer(home);
  });
  after(async () => {
    await srv.stop();
    await home.cleanup();
  });

  test("a valid token is served", async () => {
    const res = await call(srv, bearer(good));
    assert.equal(res.status, 200);
    assert.deepEqual(names(res.json), ["alpha", "beta"]);
  });

  test("no Authorization header: 401, -33009, a Bearer challenge, and it does not count", async () => {
    for (let i = 0; i < 7; i++) {
      const res = await call(srv, {}, i);
      assert.equal(res.status, 401);
      const e = rpcError(res.json);
      assert.equal(e.code, -33009);
      assert.equal(e.data?.reason, "missing");
      assert.equal((res.json as { id: number }).id, i, "the request's id is echoed");
      assert.equal(res.headers.get("www-authenticate"), 'Bearer realm="quarry"');
    }
    assert.equal((await call(srv, bearer(good))).status, 200, "seven missing headers lock nothing");
  });

  test("an unknown token: 401, -33009, invalid_token", async () => {
    const res = await call(srv, bearer(`qry_${"x".repeat(43)}`));
    assert.equal(res.status, 401);
    assert.equal(rpcError(res.json).code, -33009);
    assert.match(res.headers.get("www-authenticate") ?? "", /error="invalid_token"/);
  });

  test("a header that is not Bearer is a failed authentication", async () => {
    const res = await call(srv, { authorization: "Basic dXNlcjpwYXNz" });
    assert.equal(res.status, 401);
    assert.equal(rpcError(res.json).data?.reason, "malformed");
  });

  test("an expired token is refused once its time has come", async () => {
    const shortLived = await createToken(home, "short", "read-only", { lifetimeMs: 60_000 });
    assert.equal((await call(srv, bearer(shortLived))).status, 200);
    home.clock.advance(61_000);
    const res = await call(srv, bearer(shortLived));
    assert.equal(res.status, 401);
    const e = rpcError(res.json);
    assert.equal(e.code, -33009);
    assert.equal(e.data?.reason, "expired");
    assert.match(e.message, /"short" is expired/);
  });

  test("a revoked token is refused at once (the CLI's file change reaches the running app)", async () => {
    const t = await createToken(home, "soon-revoked", "read-only");
    assert.equal((await call(srv, bearer(t))).status, 200);
    await home.tokens.revoke("soon-revoked");
    const res = await call(srv, bearer(t));
    assert.equal(res.status, 401);
    assert.equal(rpcError(res.json).data?.reason, "revoked");
  });

  test("the allowlist hides other connections and refuses them by name", async () => {
    const alpha = (await home.storage.connections.require("alpha")).id;
    const limited = await createToken(home, "alpha-only", "read-write", { connections: [alpha] });
    assert.deepEqual(names((await call(srv, bearer(limited))).json), ["alpha"]);
    const client = await connectClient(srv.url, limited, "2026-07-28");
    try {
      await assert.rejects(
        client.callTool({ name: "list_tables", arguments: { connection: "beta" } }),
        (e: { code: number; message: string; data: { layer: string } }) =>
          e.code === -33007 &&
          e.data.layer === "token-allowlist" &&
          /Forbidden by the token's connection allowlist/.test(e.message),
      );
    } finally {
      await client.close();
    }
  });

  test("the audit log records refused authentications, never the token", async () => {
    await srv.audit.flush();
    const entries = await readAudit(home.dir);
    assert.ok(entries.some((e) => e.outcome === "refused" && e.layer === "authentication"));
    assert.ok(entries.some((e) => e.token === "good" && e.target === "list_connections"));
    const text = await readFile(join(home.dir, "mcp-audit.log"), "utf8");
    assert.ok(!text.includes(good), "the token's text is not in the audit log");
  });
});

describe("revoked during a request", () => {
  let home: TestHome;
  let srv: TestServer;

  before(async () => {
    home = await testHome();
    await addNodeConnection(home, "asks", "es8", "read-write", "ask-each-time");
    srv = await startTestServer(home);
  });
  after(async () => {
    await srv.stop();
    await home.cleanup();
  });

  test("a call in flight ends with -33009 when its token is revoked", async () => {
    const t = await createToken(home, "in-flight", "read-only");
    const client = await connectClient(srv.url, t, "2026-07-28");
    try {
      const pending = client.callTool({ name: "list_tables", arguments: { connection: "asks" } });
      const rejected = assert.rejects(
        pending,
        (e: { code: number; message: string }) =>
          e.code === -33009 && /revoked during this request/.test(e.message),
      );
      // The call waits for the user's approval; revoke the token meanwhile.
      while (srv.approvals.pending().length === 0) await sleep(10);
      await home.tokens.revoke("in-flight");
      await rejected;
      assert.equal(srv.approvals.pending().length, 0, "its question to the user is withdrawn");
    } finally {
      await client.close();
    }
  });
});

describe("lockout", () => {
  let home: TestHome;
  let good: string;
  const bad = bearer(`qry_${"b".repeat(43)}`);

  before(async () => {
    home = await testHome();
    good = await createToken(home, "good", "read-only");
  });
  after(() => home.cleanup());

  test("five failures within 60 s lock authentication out for 5 minutes, even for good tokens", async () => {
    const srv = await startTestServer(home);
    try {
      for (let i = 0; i < 4; i++) assert.equal((await call(srv, bad)).status, 401);
      const fifth = await call(srv, bad);
      assert.equal(fifth.status, 429);
      assert.equal(rpcError(fifth.json).code, -33010);
      assert.equal(fifth.headers.get("retry-after"), "300");
      const locked = await call(srv, bearer(good));
      assert.equal(locked.status, 429, "a good token is locked out too");
      assert.equal(rpcError(locked.json).code, -33010);
      home.clock.advance(4 * 60_000);
      const later = await call(srv, bearer(good));
      assert.equal(later.status, 429);
      assert.equal(later.headers.get("retry-after"), "60");
      home.clock.advance(60_000);
      assert.equal((await call(srv, bearer(good))).status, 200, "open again after 5 minutes");
    } finally {
      await srv.stop();
    }
  });

  test("failures spread over more than 60 s do not lock", async () => {
    const srv = await startTestServer(home);
    try {
      for (let i = 0; i < 8; i++) {
        assert.equal((await call(srv, bad)).status, 401);
        home.clock.advance(16_000);
      }
      assert.equal((await call(srv, bearer(good))).status, 200);
    } finally {
      await srv.stop();
    }
  });

  test("a restart of the app clears the lockout", async () => {
    const first = await startTestServer(home);
    for (let i = 0; i < 5; i++) await call(first, bad);
    assert.equal((await call(first, bearer(good))).status, 429);
    await first.stop();
    const second = await startTestServer(home);
    try {
      assert.equal((await call(second, bearer(good))).status, 200);
    } finally {
      await second.stop();
    }
  });
});

describe("per-token limits", () => {
  let home: TestHome;
  before(async () => {
    home = await testHome();
    await addNodeConnection(home, "asks", "es8", "read-write", "ask-each-time");
  });
  after(() => home.cleanup());

  test("the request rate: over the limit is 429 -33010 with Retry-After; other tokens go on", async () => {
    const srv = await startTestServer(home, { limits: { requestsPerMinute: 3 } });
    const a = await createToken(home, "rate-a", "read-only");
    const b = await createToken(home, "rate-b", "read-only");
    try {
      for (let i = 0; i < 3; i++) assert.equal((await call(srv, bearer(a))).status, 200);
      const over = await call(srv, bearer(a));
      assert.equal(over.status, 429);
      assert.equal(rpcError(over.json).code, -33010);
      assert.match(
        rpcError(over.json).message,
        /too many requests in the last 60 seconds for the token "rate-a"/,
      );
      assert.equal(over.headers.get("retry-after"), "60");
      assert.equal((await call(srv, bearer(b))).status, 200, "limits are per token");
      home.clock.advance(60_000);
      assert.equal((await call(srv, bearer(a))).status, 200);
    } finally {
      await srv.stop();
    }
  });

  test("concurrency: a second request while the first is in flight is 429 -33010", async () => {
    const srv = await startTestServer(home, { limits: { concurrentRequests: 1 } });
    const t = await createToken(home, "one-at-a-time", "read-only");
    const client = await connectClient(srv.url, t, "2026-07-28");
    try {
      const waiting = client.callTool({ name: "list_tables", arguments: { connection: "asks" } });
      waiting.catch(() => {});
      while (srv.approvals.pending().length === 0) await sleep(10);
      const second = await call(srv, bearer(t));
      assert.equal(second.status, 429);
      assert.equal(rpcError(second.json).code, -33010);
      assert.match(rpcError(second.json).message, /too many requests in flight/);
      srv.approvals.answer(srv.approvals.pending()[0]!.id, { approve: false });
      await assert.rejects(waiting, (e: { code: number }) => e.code === -33007);
      assert.equal((await call(srv, bearer(t))).status, 200, "free again once it ended");
    } finally {
      await client.close();
      await srv.stop();
    }
  });
});

describe("the bridge token", () => {
  test("minted at start, Read & Write, never listed among user tokens", async () => {
    const home = await testHome();
    await addNodeConnection(home, "rw", "es8");
    const srv = await startTestServer(home);
    try {
      const hs = (await readHandshake(home.dir))!;
      const res = await call(srv, bearer(hs.token));
      assert.equal(res.status, 200);
      const entry = (
        res.json as { result: { structuredContent: { connections: { access: string }[] } } }
      ).result.structuredContent.connections[0];
      assert.equal(entry?.access, "read-write");
      assert.equal((await home.tokens.list()).length, 0, "the bridge token is not a user token");
      assert.equal(
        Date.parse(hs.tokenExpiresAt) - home.clock.now(),
        60 * 60_000,
        "it lives one hour",
      );
    } finally {
      await srv.stop();
      await home.cleanup();
    }
  });

  test("a restart mints a new token; the old one is refused", async () => {
    const home = await testHome();
    const first = await startTestServer(home);
    const old = (await readHandshake(home.dir))!.token;
    await first.stop();
    assert.equal(await readHandshake(home.dir), undefined, "a stopped server removes its file");
    const second = await startTestServer(home);
    try {
      const now = (await readHandshake(home.dir))!.token;
      assert.notEqual(now, old);
      assert.equal((await call(second, bearer(old))).status, 401);
      assert.equal((await call(second, bearer(now))).status, 200);
    } finally {
      await second.stop();
      await home.cleanup();
    }
  });

  test("rotation rewrites the handshake file; the old token works until its own expiry", async () => {
    const home = await testHome();
    home.clock.followRealTime();
    // Lifetime 3 s, rotated 2 s before expiry: a new token after 1 s.
    const srv = await startTestServer(home, {
      bridgeToken: { lifetimeMs: 3000, rotateBeforeMs: 2000 },
    });
    try {
      const first = (await readHandshake(home.dir))!;
      let second = first;
      const deadline = Date.now() + 5000;
      while (second.token === first.token && Date.now() < deadline) {
        await sleep(50);
        second = (await readHandshake(home.dir)) ?? first;
      }
      assert.notEqual(second.token, first.token, "a new token was written");
      assert.equal(second.port, first.port);
      assert.equal(second.instanceId, first.instanceId);
      assert.equal((await call(srv, bearer(first.token))).status, 200, "the old token still works");
      assert.equal((await call(srv, bearer(second.token))).status, 200);
      const wait = Date.parse(first.tokenExpiresAt) - Date.now();
      await sleep(Math.max(0, wait) + 50);
      const expired = await call(srv, bearer(first.token));
      assert.equal(expired.status, 401, "the old token stops at its expiry");
      assert.equal(rpcError(expired.json).data?.reason, "expired");
      assert.equal((await call(srv, bearer(second.token))).status, 200);
    } finally {
      await srv.stop();
      await home.cleanup();
    }
  });
});
