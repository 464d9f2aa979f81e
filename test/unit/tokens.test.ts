import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  BRIDGE_TOKEN_NAME,
  BRIDGE_TOKEN_SCOPE,
  bridgeTokenSchedule,
  looksLikeToken,
  parseLifetime,
  parseScope,
  publicPrefix,
  scopeAllows,
  shouldRecordUse,
  TOKEN_SCOPES,
  TOKEN_USE_RESOLUTION_MS,
  tokenNameProblem,
  tokenStatus,
} from "../../src/mcp/policy/tokens.ts";

describe("scopes", () => {
  test("each scope against each need", () => {
    const table = {
      "read-only": { read: true, write: false, destructive: false },
      "read-write": { read: true, write: true, destructive: false },
      "full-access": { read: true, write: true, destructive: true },
    } as const;
    for (const scope of TOKEN_SCOPES)
      for (const need of ["read", "write", "destructive"] as const)
        assert.equal(scopeAllows(scope, need), table[scope][need], `${scope} ${need}`);
  });
  test("typed scopes: ids, the spec's readWrite spelling and the labels", () => {
    assert.equal(parseScope("read-write"), "read-write");
    assert.equal(parseScope("readWrite"), "read-write");
    assert.equal(parseScope("Read & Write"), "read-write");
    assert.equal(parseScope("fullAccess"), "full-access");
    assert.equal(parseScope("readOnly"), "read-only");
    assert.equal(parseScope("admin"), undefined);
  });
});

describe("the bridge token", () => {
  test("is Read & Write and named __stdio_bridge__", () => {
    assert.equal(BRIDGE_TOKEN_NAME, "__stdio_bridge__");
    assert.equal(BRIDGE_TOKEN_SCOPE, "read-write");
  });
  test("lives one hour and is rotated 15 minutes before expiry", () => {
    const t0 = Date.parse("2026-01-01T00:00:00Z");
    const s = bridgeTokenSchedule(t0);
    assert.equal(s.expiresAt - t0, 60 * 60_000);
    assert.equal(s.expiresAt - s.rotateAt, 15 * 60_000);
  });
  test("a schedule that rotates after expiry is refused", () => {
    assert.throws(() => bridgeTokenSchedule(0, { lifetimeMs: 1000, rotateBeforeMs: 1000 }));
  });
  test("the reserved name cannot be taken by a user token", () => {
    assert.match(tokenNameProblem(BRIDGE_TOKEN_NAME) ?? "", /starts with __/);
  });
});

describe("token records", () => {
  const now = Date.parse("2026-06-01T12:00:00Z");
  test("status: active, expired at its expiry, revoked wins", () => {
    assert.equal(tokenStatus({ expiresAt: null, revokedAt: null }, now), "active");
    assert.equal(
      tokenStatus({ expiresAt: "2026-06-01T12:00:01Z", revokedAt: null }, now),
      "active",
    );
    assert.equal(
      tokenStatus({ expiresAt: "2026-06-01T12:00:00Z", revokedAt: null }, now),
      "expired",
    );
    assert.equal(
      tokenStatus({ expiresAt: "2026-06-01T11:00:00Z", revokedAt: "2026-06-01T10:00:00Z" }, now),
      "revoked",
    );
  });
  test("token shape and public prefix", () => {
    const t = `qry_${"A".repeat(43)}`;
    assert.ok(looksLikeToken(t));
    assert.ok(!looksLikeToken(`qry_${"A".repeat(42)}`));
    assert.ok(!looksLikeToken(`xyz_${"A".repeat(43)}`));
    assert.equal(publicPrefix(t), "qry_AAAAAAAA");
  });
  test("names", () => {
    assert.equal(tokenNameProblem("claude desktop"), undefined);
    assert.match(tokenNameProblem("  ") ?? "", /empty/);
    assert.match(tokenNameProblem("a".repeat(65)) ?? "", /longer/);
    assert.match(tokenNameProblem("a\nb") ?? "", /control/);
    assert.match(tokenNameProblem(`qry_${"A".repeat(43)}`) ?? "", /looks like a token/);
  });
  test("lifetimes", () => {
    assert.equal(parseLifetime("30d"), 30 * 86_400_000);
    assert.equal(parseLifetime("12h"), 12 * 3_600_000);
    assert.equal(parseLifetime("90m"), 90 * 60_000);
    assert.equal(parseLifetime("2w"), 14 * 86_400_000);
    assert.equal(parseLifetime("never"), null);
    assert.equal(parseLifetime("0d"), undefined);
    assert.equal(parseLifetime("30 days"), undefined);
    assert.equal(parseLifetime("-1d"), undefined);
  });
});

describe("Last used", () => {
  const t = Date.parse("2026-03-01T10:00:00Z");
  test("a token's use is written at most once a minute", () => {
    assert.equal(TOKEN_USE_RESOLUTION_MS, 60_000);
    assert.equal(shouldRecordUse(null, t), true, "never used");
    assert.equal(shouldRecordUse(Number.NaN, t), true, "no readable time on record");
    assert.equal(shouldRecordUse(t, t), false);
    assert.equal(shouldRecordUse(t, t + 59_999), false);
    assert.equal(shouldRecordUse(t, t + 60_000), true);
  });
  test("a last use in the future (the clock was set back) is corrected", () => {
    assert.equal(shouldRecordUse(t + 5_000, t), true);
  });
});
