/**
 * The MCP server's files in the app data folder: tokens (salted hashes only, 0600), approvals
 * (the queue and the CLI's answer files; how long an answer lasts), the audit log (no query
 * values), the settings.
 */
import assert from "node:assert/strict";
import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import {
  ApprovalQueue,
  DENY_COOL_OFF_MS,
  GRANT_MS,
  listPendingApprovals,
  writeApprovalAnswer,
} from "../../src/app/mcp-host/approvals.ts";
import {
  DEFAULT_MCP_SETTINGS,
  McpSettingsStore,
  normalizeSettings,
} from "../../src/app/mcp-host/mcp-settings.ts";
import { AuditLog, readAudit, redactPath } from "../../src/app/storage/audit-log.ts";
import { hashToken, TOKENS_FILE, TokenStore } from "../../src/app/storage/token-store.ts";
import type { ApprovalRequest } from "../../src/mcp/host.ts";
import { ManualClock, type TestHome, testHome } from "../support/mcp.ts";

let home: TestHome;
before(async () => {
  home = await testHome();
});
after(() => home.cleanup());

describe("the token store", () => {
  test("a token is 256 random bits, shown once; the file holds a salted hash, 0600", async () => {
    const store = new TokenStore(home.dir);
    const { token, record } = await store.create({
      name: "desktop",
      scope: "read-write",
      connections: null,
      lifetimeMs: null,
    });
    assert.match(token, /^qry_[A-Za-z0-9_-]{43}$/);
    const text = await readFile(join(home.dir, TOKENS_FILE), "utf8");
    assert.ok(!text.includes(token), "the token itself is never stored");
    assert.ok(text.includes(record.prefix));
    assert.equal(record.hash, hashToken(record.salt, token));
    assert.equal((await stat(join(home.dir, TOKENS_FILE))).mode & 0o777, 0o600);
    const other = await store.create({
      name: "b",
      scope: "read-only",
      connections: null,
      lifetimeMs: null,
    });
    assert.notEqual(other.record.salt, record.salt, "each token has its own salt");
    assert.equal(store.check(token).ok, true);
    const altered = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    assert.equal(store.check(altered).ok, false);
  });

  test("names are unique among live tokens, and reserved names are refused", async () => {
    const store = new TokenStore(home.dir);
    await assert.rejects(
      store.create({ name: "DESKTOP", scope: "read-only", connections: null, lifetimeMs: null }),
      /already named "desktop"/,
    );
    await assert.rejects(
      store.create({
        name: "__stdio_bridge__",
        scope: "read-only",
        connections: null,
        lifetimeMs: null,
      }),
      /starts with __/,
    );
  });

  test("revoke by name, id or prefix; revoked tokens stay listed as revoked", async () => {
    const store = new TokenStore(home.dir);
    const { token, record } = await store.create({
      name: "to-revoke",
      scope: "read-only",
      connections: null,
      lifetimeMs: null,
    });
    await store.revoke(record.prefix);
    const check = store.check(token);
    assert.deepEqual(check.ok ? "ok" : check.reason, "revoked");
    assert.equal((await store.list()).find((t) => t.id === record.id)?.revokedAt !== null, true);
    await assert.rejects(store.revoke("to-revoke"), /no live token is named/);
    const again = await store.create({
      name: "to-revoke",
      scope: "read-only",
      connections: null,
      lifetimeMs: null,
    });
    assert.equal(again.record.name, "to-revoke", "a revoked name can be used again");
  });

  test("expiry follows the store's clock", async () => {
    const clock = new ManualClock();
    const store = new TokenStore(home.dir, clock.now);
    const { token } = await store.create({
      name: "day",
      scope: "read-only",
      connections: null,
      lifetimeMs: 86_400_000,
    });
    assert.equal(store.check(token, clock.now()).ok, true);
    clock.advance(86_400_000);
    const c = store.check(token, clock.now());
    assert.equal(c.ok ? "ok" : c.reason, "expired");
  });

  test("Last used: written at most once a minute per token, atomically, beside other changes", async () => {
    const clock = new ManualClock();
    const store = new TokenStore(home.dir, clock.now);
    const path = join(home.dir, TOKENS_FILE);
    const inode = async () => (await stat(path)).ino;
    const lastUsed = async (id: string) =>
      (await store.list()).find((t) => t.id === id)?.lastUsedAt ?? null;
    const { token, record } = await store.create({
      name: "busy",
      scope: "read-only",
      connections: null,
      lifetimeMs: null,
    });
    const quiet = await store.create({
      name: "quiet",
      scope: "read-only",
      connections: null,
      lifetimeMs: null,
    });
    assert.equal(await lastUsed(record.id), null, "a new token has not been used");

    // A burst of calls: one write, with the first call's time.
    const t0 = clock.now();
    const before = await inode();
    for (let i = 0; i < 50; i++) store.recordUse(record.id, t0 + i * 100);
    await store.settled();
    assert.equal(await lastUsed(record.id), new Date(t0).toISOString());
    assert.equal(await lastUsed(quiet.record.id), null);
    const written = await inode();
    assert.notEqual(written, before, "the file was replaced (atomically), not edited in place");
    assert.equal((await stat(path)).mode & 0o777, 0o600);
    assert.ok(!(await readFile(path, "utf8")).includes(token), "never the token itself");

    // Within the minute: nothing is written; a fresh store (the app restarted) goes by the file.
    clock.advance(59_000);
    store.recordUse(record.id, clock.now());
    new TokenStore(home.dir, clock.now).recordUse(record.id, clock.now());
    await store.settled();
    assert.equal(await inode(), written, "no write within the minute");

    // A minute on: written again. A revocation by another process (the CLI) meanwhile is kept.
    clock.advance(1_000);
    store.recordUse(record.id, clock.now());
    await new TokenStore(home.dir, clock.now).revoke("quiet");
    await store.settled();
    assert.equal(await lastUsed(record.id), new Date(clock.now()).toISOString());
    assert.notEqual((await store.list()).find((t) => t.name === "quiet")?.revokedAt, null);
  });

  test("Last used never recreates a removed app data folder, and never throws", async () => {
    const gone = await testHome();
    const store = new TokenStore(gone.dir);
    const { record } = await store.create({
      name: "x",
      scope: "read-only",
      connections: null,
      lifetimeMs: null,
    });
    assert.ok(store.byId(record.id), "read into the store's cache");
    await gone.cleanup();
    store.recordUse(record.id, Date.now());
    await store.settled();
    await assert.rejects(stat(gone.dir), { code: "ENOENT" });
  });
});

describe("approvals", () => {
  const request = (over: Partial<ApprovalRequest> = {}): ApprovalRequest => ({
    subject: "token-1",
    tokenName: "desktop",
    connection: { id: "c1", name: "prod" },
    target: "list_tables",
    reason: "ask-each-time",
    ...over,
  });

  test("the CLI sees the question and answers it through the files", async () => {
    const q = new ApprovalQueue({ dir: home.dir, timeoutMs: 10_000 });
    await q.start();
    try {
      const asked = q.ask(
        request({ request: { method: "POST", path: "/orders/_doc/1", body: "x".repeat(3000) } }),
      );
      let pending = await listPendingApprovals(home.dir);
      while (pending.length === 0) {
        await sleep(10);
        pending = await listPendingApprovals(home.dir);
      }
      const p = pending[0]!;
      assert.equal(p.connection.name, "prod");
      assert.equal(p.request?.path, "/orders/_doc/1");
      assert.equal(p.request?.body?.length, 2001, "the shown body is cut at 2000 characters");
      await writeApprovalAnswer(home.dir, p.id, { approve: true, grantMs: 0 });
      assert.deepEqual(await asked, { outcome: "approved", remembered: false });
      assert.deepEqual(await listPendingApprovals(home.dir), [], "the question is gone");
    } finally {
      await q.stop();
    }
  });

  test("an approval lasts an hour for that token on that connection; --once lasts one call", async () => {
    const clock = new ManualClock();
    const q = new ApprovalQueue({ dir: home.dir, timeoutMs: 10_000, now: clock.now });
    await q.start();
    try {
      const once = q.ask(request(), {
        onPending: (p) => q.answer(p.id, { approve: true, grantMs: 0 }),
      });
      assert.equal((await once).outcome, "approved");
      const second = q.ask(request(), { onPending: (p) => q.answer(p.id, { approve: true }) });
      assert.deepEqual(await second, { outcome: "approved", remembered: false }, "asked again");
      assert.deepEqual(await q.ask(request()), { outcome: "approved", remembered: true });
      const otherToken = q.ask(request({ subject: "token-2" }), {
        onPending: (p) => q.answer(p.id, { approve: false }),
      });
      assert.equal((await otherToken).outcome, "denied", "another token is asked itself");
      clock.advance(GRANT_MS);
      const expired = q.ask(request(), { onPending: (p) => q.answer(p.id, { approve: false }) });
      assert.deepEqual(
        await expired,
        { outcome: "denied", remembered: false },
        "asked after an hour",
      );
    } finally {
      await q.stop();
    }
  });

  test("a denial is remembered for 60 s; approved destructive requests are asked every time", async () => {
    const clock = new ManualClock();
    const q = new ApprovalQueue({ dir: home.dir, timeoutMs: 10_000, now: clock.now });
    await q.start();
    try {
      await q.ask(request(), { onPending: (p) => q.answer(p.id, { approve: false }) });
      assert.deepEqual(await q.ask(request()), { outcome: "denied", remembered: true });
      clock.advance(DENY_COOL_OFF_MS);
      let asked = 0;
      const again = await q.ask(request(), {
        onPending: (p) => {
          asked++;
          q.answer(p.id, { approve: true });
        },
      });
      assert.equal(again.outcome, "approved");
      for (let i = 0; i < 2; i++) {
        const d = await q.ask(request({ reason: "destructive" }), {
          onPending: (p) => {
            asked++;
            q.answer(p.id, { approve: true });
          },
        });
        assert.equal(d.remembered, false);
      }
      assert.equal(asked, 3, "both destructive requests were asked");
    } finally {
      await q.stop();
    }
  });

  test("a denied destructive request: for 60 s the token's next one is refused without asking", async () => {
    const clock = new ManualClock();
    const q = new ApprovalQueue({ dir: home.dir, timeoutMs: 10_000, now: clock.now });
    await q.start();
    let asked = 0;
    const answer = (approve: boolean) => ({
      onPending: (p: { id: string }) => {
        asked++;
        q.answer(p.id, { approve });
      },
    });
    try {
      const destructive = request({ reason: "destructive" });
      assert.deepEqual(await q.ask(destructive, answer(false)), {
        outcome: "denied",
        remembered: false,
      });
      assert.deepEqual(await q.ask(destructive, answer(true)), {
        outcome: "denied",
        remembered: true,
      });
      assert.equal(asked, 1, "the second destructive request was not put to the user");
      // Reads are not what the user refused: they are asked as usual.
      assert.equal((await q.ask(request(), answer(true))).outcome, "approved");
      assert.equal(asked, 2);
      // Another token is asked itself.
      await q.ask(request({ subject: "token-2", reason: "destructive" }), answer(false));
      assert.equal(asked, 3);
      clock.advance(DENY_COOL_OFF_MS);
      assert.deepEqual(await q.ask(destructive, answer(true)), {
        outcome: "approved",
        remembered: false,
      });
      assert.equal(asked, 4, "asked again once the 60 s are over");
    } finally {
      await q.stop();
    }
  });

  test("a denied Ask Each Time request cools off destructive questions too", async () => {
    const clock = new ManualClock();
    const q = new ApprovalQueue({ dir: home.dir, timeoutMs: 10_000, now: clock.now });
    await q.start();
    try {
      await q.ask(request(), { onPending: (p) => q.answer(p.id, { approve: false }) });
      let asked = 0;
      const d = await q.ask(request({ reason: "destructive" }), {
        onPending: (p) => {
          asked++;
          q.answer(p.id, { approve: true });
        },
      });
      assert.deepEqual(d, { outcome: "denied", remembered: true });
      assert.equal(asked, 0);
    } finally {
      await q.stop();
    }
  });

  test("no answer in time: timed out, nothing remembered; forget() drops a token's grants", async () => {
    const q = new ApprovalQueue({ dir: home.dir, timeoutMs: 50 });
    await q.start();
    try {
      assert.deepEqual(await q.ask(request()), { outcome: "timed-out", remembered: false });
      await q.ask(request(), { onPending: (p) => q.answer(p.id, { approve: true }) });
      assert.equal((await q.ask(request())).remembered, true);
      q.forget("token-1");
      assert.equal((await q.ask(request())).outcome, "timed-out");
    } finally {
      await q.stop();
    }
  });
});

describe("the audit log", () => {
  test("query string values are never written", () => {
    assert.equal(
      redactPath("/orders/_search?q=email:ada@example.com&size=5"),
      "/orders/_search?q=…&size=…",
    );
    assert.equal(redactPath("/orders/_search"), "/orders/_search");
    assert.equal(redactPath("/_cat/indices?v"), "/_cat/indices?v");
  });

  test("entries are appended as JSON lines, 0600, and read back filtered", async () => {
    const log = new AuditLog(home.dir);
    const base = { at: new Date().toISOString(), method: "tools/call", durationMs: 3 };
    log.record({
      ...base,
      token: "a",
      target: "execute_query",
      connection: { id: "c1", name: "prod" },
      request: { method: "GET", path: "/x/_search?q=secret", class: "read" },
      outcome: "allowed",
    });
    log.record({ ...base, token: "b", outcome: "refused", layer: "ai-policy", code: -33007 });
    await log.close();
    const text = await readFile(join(home.dir, "mcp-audit.log"), "utf8");
    assert.ok(!text.includes("secret"));
    assert.equal((await stat(join(home.dir, "mcp-audit.log"))).mode & 0o777, 0o600);
    assert.equal((await readAudit(home.dir, { token: "a" })).length, 1);
    assert.equal((await readAudit(home.dir, { connection: "prod" })).length, 1);
    const refused = await readAudit(home.dir, { problemsOnly: true });
    assert.deepEqual(
      refused.map((e) => e.layer),
      ["ai-policy"],
    );
  });
});

describe("settings", () => {
  test("defaults, and wrong values fall back to them", async () => {
    assert.deepEqual(normalizeSettings({}), DEFAULT_MCP_SETTINGS);
    const s = normalizeSettings({
      enabled: "yes",
      preferredPort: 70000,
      limits: { requestsPerMinute: 5 },
    });
    assert.equal(s.enabled, true);
    assert.equal(s.preferredPort, DEFAULT_MCP_SETTINGS.preferredPort);
    assert.equal(s.limits.requestsPerMinute, 5);
    assert.equal(s.limits.concurrentRequests, DEFAULT_MCP_SETTINGS.limits.concurrentRequests);
    const store = new McpSettingsStore(home.dir);
    await store.update((x) => {
      x.enabled = false;
      x.preferredPort = 24000;
    });
    assert.deepEqual(await store.read(), {
      ...DEFAULT_MCP_SETTINGS,
      enabled: false,
      preferredPort: 24000,
    });
  });
});
