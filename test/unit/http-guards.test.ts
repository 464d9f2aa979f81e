/**
 * The one HTTP layer's rules, without a socket: the status table beside the error catalog, and
 * the guards every door puts in front of its routes (Host, Origin, the per-run secret, the body
 * limit), run through Hono's in-memory `request`.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { Hono } from "hono";
import {
  hostGuard,
  isLoopbackHost,
  isLoopbackOrigin,
  isOwnOrigin,
  originGuard,
  SECRET_HEADER,
  sameSecret,
  secretGuard,
  sizeGuard,
} from "../../src/app/http/guards.ts";
import { statusFor, statusOf } from "../../src/core/error-status.ts";
import { errors, QuarryError } from "../../src/core/errors.ts";

describe("statusFor: one table for every HTTP answer", () => {
  it("says whose fault an error code is", () => {
    assert.equal(statusFor("invalid_input"), 400);
    assert.equal(statusFor("changes_refused"), 400);
    assert.equal(statusFor("connection_not_found"), 404);
    assert.equal(statusFor("plugin_unavailable"), 404);
    assert.equal(statusFor("connection_exists"), 409);
    assert.equal(statusFor("table_closed"), 409);
    assert.equal(statusFor("cluster_error"), 502);
    assert.equal(statusFor("catalog_unavailable"), 502);
  });

  it("a code it does not list is Quarry's own fault, 500 (even one named like a property)", () => {
    assert.equal(statusFor("plugin_integrity_failed"), 500);
    assert.equal(statusFor("constructor"), 500);
    assert.equal(statusFor("toString"), 500);
  });

  it("an input refusal may name its own status (413, 404, 415)", () => {
    assert.equal(statusOf(new QuarryError("invalid_input", "m", "r", { status: 413 })), 413);
    assert.equal(statusOf(errors.catalogUnavailable("u", "r")), 502);
    // Only an input refusal names its status: another code keeps its table's.
    assert.equal(statusOf(new QuarryError("cluster_error", "m", "r", { status: 404 })), 502);
  });
});

describe("the Host rule (DNS rebinding)", () => {
  it("takes a loopback name with this server's port", () => {
    for (const host of ["127.0.0.1:8080", "localhost:8080", "LOCALHOST:8080", "[::1]:8080"])
      assert.equal(isLoopbackHost(host, 8080), true, host);
    assert.equal(isLoopbackHost("127.0.0.1", 80), true, "no port is port 80");
  });

  it("refuses other names, other ports, and anything that is not a plain host", () => {
    for (const host of [
      undefined,
      "",
      "attacker.example:8080",
      "127.0.0.1:8081",
      "127.0.0.1",
      "evil@127.0.0.1:8080",
      "127.0.0.1:8080/x",
      "a b",
      "127.0.0.2:8080",
    ])
      assert.equal(isLoopbackHost(host, 8080), false, String(host));
  });
});

describe("the Origin rules", () => {
  it("the UI's: this server's own origin only", () => {
    assert.equal(isOwnOrigin("http://127.0.0.1:8080", 8080), true);
    assert.equal(isOwnOrigin("http://localhost:8080", 8080), true);
    assert.equal(isOwnOrigin("http://localhost:3000", 8080), false);
    assert.equal(isOwnOrigin("https://attacker.example", 8080), false);
  });

  it("the MCP endpoint's: any loopback page over http or https", () => {
    assert.equal(isLoopbackOrigin("http://localhost:6274"), true);
    assert.equal(isLoopbackOrigin("https://127.0.0.1"), true);
    for (const origin of ["http://evil.example.com", "null", "file://", "", "ftp://localhost"])
      assert.equal(isLoopbackOrigin(origin), false, origin);
  });
});

describe("the per-run secret", () => {
  it("is compared whole, whatever the length sent", () => {
    assert.equal(sameSecret("s3cret", "s3cret"), true);
    assert.equal(sameSecret("s3cre", "s3cret"), false);
    assert.equal(sameSecret("s3cretx", "s3cret"), false);
    assert.equal(sameSecret("", "s3cret"), false);
    assert.equal(sameSecret(undefined, "s3cret"), false);
  });
});

describe("the guards as middleware", () => {
  const app = new Hono();
  const refused = (status: number, what: string) => () =>
    new Response(JSON.stringify({ refused: what }), { status });
  app.use(
    "*",
    hostGuard(() => 8080, refused(421, "host")),
    originGuard((o) => isOwnOrigin(o, 8080), refused(403, "origin")),
    secretGuard("k", refused(401, "secret")),
    sizeGuard(10, refused(413, "size")),
  );
  app.post("/x", async (c) => c.json({ got: await c.req.text() }));
  const send = (headers: Record<string, string>, body = "{}") =>
    app.request("/x", { method: "POST", headers: { [SECRET_HEADER]: "k", ...headers }, body });

  it("let a good request through, and refuse each fault with the door's own answer", async () => {
    const ok = await send({ host: "127.0.0.1:8080" });
    assert.equal(ok.status, 200);
    assert.deepEqual(await ok.json(), { got: "{}" });
    assert.equal((await send({ host: "attacker.example" })).status, 421);
    const origin = await send({ host: "127.0.0.1:8080", origin: "https://attacker.example" });
    assert.equal(origin.status, 403);
    assert.equal((await send({ host: "127.0.0.1:8080", [SECRET_HEADER]: "no" })).status, 401);
    const big = await send({ host: "127.0.0.1:8080" }, "x".repeat(11));
    assert.equal(big.status, 413);
    assert.deepEqual(await big.json(), { refused: "size" });
  });
});
