import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  AuthLockout,
  ConcurrencyLimit,
  FAILED_AUTH_THRESHOLD,
  FAILED_AUTH_WINDOW_MS,
  LOCKOUT_MS,
  RateWindow,
} from "../../src/mcp/limits.ts";

function clock(start = 1_000_000) {
  const c = { t: start, now: () => c.t };
  return c;
}

describe("the failed-authentication lockout", () => {
  test("the spec's values", () => {
    assert.equal(FAILED_AUTH_THRESHOLD, 5);
    assert.equal(FAILED_AUTH_WINDOW_MS, 60_000);
    assert.equal(LOCKOUT_MS, 5 * 60_000);
  });
  test("the fifth failure within 60 s starts a 5-minute lockout", () => {
    const c = clock();
    const l = new AuthLockout(c.now);
    for (let i = 0; i < 4; i++) {
      assert.equal(l.recordFailure(), false);
      c.t += 10_000;
    }
    assert.equal(l.remainingMs(), 0);
    assert.equal(l.recordFailure(), true);
    assert.equal(l.remainingMs(), LOCKOUT_MS);
    c.t += LOCKOUT_MS - 1;
    assert.equal(l.remainingMs(), 1);
    c.t += 1;
    assert.equal(l.remainingMs(), 0);
  });
  test("the window slides: failures older than 60 s no longer count", () => {
    const c = clock();
    const l = new AuthLockout(c.now);
    for (let i = 0; i < 4; i++) l.recordFailure();
    c.t += 60_000;
    assert.equal(l.recordFailure(), false, "the first four are 60 s old");
    for (let i = 0; i < 3; i++) assert.equal(l.recordFailure(), false);
    assert.equal(l.recordFailure(), true);
  });
  test("failures during a lockout neither count nor extend it", () => {
    const c = clock();
    const l = new AuthLockout(c.now);
    for (let i = 0; i < 5; i++) l.recordFailure();
    c.t += 60_000;
    for (let i = 0; i < 10; i++) assert.equal(l.recordFailure(), false);
    assert.equal(l.remainingMs(), LOCKOUT_MS - 60_000);
    c.t += LOCKOUT_MS;
    assert.equal(l.recordFailure(), false, "a fresh count after the lockout");
  });
});

describe("the per-token request rate", () => {
  test("at most N in any 60 s, and how long to wait", () => {
    const c = clock();
    const r = new RateWindow(3, c.now);
    assert.equal(r.take("a"), 0);
    c.t += 10_000;
    assert.equal(r.take("a"), 0);
    assert.equal(r.take("a"), 0);
    assert.equal(r.take("a"), 50_000, "the oldest is 10 s old: 50 s to wait");
    assert.equal(r.take("b"), 0, "keys are separate");
    c.t += 50_000;
    assert.equal(r.take("a"), 0);
    assert.equal(r.take("a"), 10_000, "the next oldest arrived at +10 s");
  });
  test("a new limit applies at once", () => {
    const c = clock();
    const r = new RateWindow(1, c.now);
    assert.equal(r.take("a"), 0);
    assert.ok(r.take("a") > 0);
    r.limit = 5;
    for (let i = 0; i < 5; i++) assert.equal(r.take("a"), 0);
    assert.ok(r.take("a") > 0);
  });
});

describe("the per-token concurrency", () => {
  test("acquire up to the maximum, release frees a slot", () => {
    const l = new ConcurrencyLimit(2);
    assert.ok(l.tryAcquire("a"));
    assert.ok(l.tryAcquire("a"));
    assert.ok(!l.tryAcquire("a"));
    assert.ok(l.tryAcquire("b"));
    l.release("a");
    assert.ok(l.tryAcquire("a"));
    l.max = 3;
    assert.ok(l.tryAcquire("a"));
  });
});

describe('what the request rate holds (docs/mcp.md, "Sustained load")', () => {
  test("a raised limit holds the arrivals of the last 60 s, not one per request served", () => {
    const c = clock();
    const r = new RateWindow(1_000_000, c.now);
    for (let i = 0; i < 20_000; i++) {
      assert.equal(r.take("a"), 0);
      c.t += 10; // 100 requests a second: 6,000 in any 60 s
    }
    assert.ok(r.held <= 6_000 * 2, `held ${r.held} arrival times after 20,000 requests`);
  });
  test("a key whose arrivals all left the window is forgotten", () => {
    const c = clock();
    const r = new RateWindow(600, c.now);
    for (let i = 0; i < 100; i++) r.take(`rotated-${i}`);
    assert.equal(r.keys, 100);
    c.t += 60_000;
    r.take("now");
    assert.equal(r.keys, 1);
    assert.equal(r.held, 1);
  });
  test("the limit still counts every arrival in the window", () => {
    const c = clock();
    const r = new RateWindow(100, c.now);
    for (let i = 0; i < 100; i++) {
      assert.equal(r.take("a"), 0);
      c.t += 100;
    }
    assert.equal(r.take("a"), 50_000, "the oldest arrived 10 s ago");
    c.t += 50_000;
    assert.equal(r.take("a"), 0);
    assert.equal(r.take("a"), 100, "the next oldest leaves 100 ms later");
  });
});
