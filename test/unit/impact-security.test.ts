/**
 * Impact before a security write, the pure parts: which `_security` reads measure which request,
 * and how their answers name the users, roles, role mappings and API keys it reaches.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { impactLines } from "../../src/cli/commands/impact-print.ts";
import { missingConfirmation } from "../../src/core/impact.ts";
import {
  securityImpactOf,
  securityImpactPlan,
} from "../../src/drivers/elasticsearch/console/impact-security.ts";

const ok = (body: unknown) => ({ status: 200, body });

describe("security impact plans", () => {
  test("user writes read that user; the caller's own password reads _authenticate", () => {
    const del = securityImpactPlan({ method: "DELETE", path: "/_security/user/alice" });
    assert.equal(del?.verb, "deletes");
    assert.deepEqual(
      del?.reads.map((r) => r.path),
      ["/_security/user/alice"],
    );
    assert.equal(
      securityImpactPlan({ method: "PUT", path: "/_security/user/alice/_disable" })?.verb,
      "disables",
    );
    const self = securityImpactPlan({ method: "POST", path: "/_security/user/_password" });
    assert.equal(self?.name, null);
    assert.equal(self?.reads[0]?.path, "/_security/_authenticate");
  });

  test("reads, cache clears and other requests measure nothing here", () => {
    assert.equal(securityImpactPlan({ method: "GET", path: "/_security/user/alice" }), null);
    assert.equal(
      securityImpactPlan({ method: "POST", path: "/_security/role/r/_clear_cache" }),
      null,
    );
    assert.equal(securityImpactPlan({ method: "POST", path: "/_security/api_key" }), null);
    assert.equal(securityImpactPlan({ method: "DELETE", path: "/logs" }), null);
  });

  test("a key invalidation filters the list read by its body", () => {
    const p = securityImpactPlan({
      method: "DELETE",
      path: "/_security/api_key",
      body: { name: "k1", username: "bob" },
    });
    assert.deepEqual(p?.reads[0]?.query, { name: "k1", username: "bob" });
    const ids = securityImpactPlan({
      method: "DELETE",
      path: "/_security/api_key",
      body: JSON.stringify({ ids: ["a", "b"] }),
    });
    assert.deepEqual(ids?.ids, ["a", "b"]);
  });
});

describe("security impact answers", () => {
  test("a role deleted names the users holding it and the mappings granting it", () => {
    const plan = securityImpactPlan({ method: "DELETE", path: "/_security/role/reader" });
    assert.ok(plan);
    const impact = securityImpactOf(plan, [
      ok({ reader: { cluster: [] } }),
      ok({
        alice: { roles: ["reader"] },
        bob: { roles: ["writer"] },
        carol: { roles: ["reader", "x"], enabled: false },
      }),
      ok({ ldap: { roles: ["reader"] }, other: { roles: ["writer"] } }),
    ]);
    assert.deepEqual(
      impact.affected?.map((p) => `${p.kind}:${p.name}`),
      ["role:reader", "role mapping:ldap", "user:alice", "user:carol"],
    );
    assert.match(
      impact.summary,
      /held by 2 users \(alice, carol\) and granted by 1 role mapping \(ldap\)/,
    );
    assert.equal(missingConfirmation(impact, undefined), undefined);
    // As `quarry mcp approvals` and the CLI console's confirmation print it.
    assert.deepEqual(impactLines(impact).slice(1), [
      "  role reader  exists",
      "  role mapping ldap  grants reader",
      "  user alice  holds reader",
      "  user carol  holds reader (disabled)",
    ]);
  });

  test("a user disabled is named with its roles; a missing one affects nothing", () => {
    const plan = securityImpactPlan({ method: "PUT", path: "/_security/user/alice/_disable" });
    assert.ok(plan);
    const impact = securityImpactOf(plan, [ok({ alice: { roles: ["reader"], enabled: true } })]);
    assert.equal(impact.summary, "disables the user alice (enabled; roles reader)");
    const missing = securityImpactOf(plan, [{ status: 404, body: {} }]);
    assert.match(missing.summary, /no user is named alice/);
  });

  test("keys invalidated are named with id and owner; invalidated ones are left out", () => {
    const plan = securityImpactPlan({
      method: "DELETE",
      path: "/_security/api_key",
      body: { ids: ["1", "2"] },
    });
    assert.ok(plan);
    const impact = securityImpactOf(plan, [
      ok({
        api_keys: [
          { id: "1", name: "k1", username: "bob" },
          { id: "2", name: "k2", username: "bob", invalidated: true },
          { id: "3", name: "k3", username: "bob" },
        ],
      }),
    ]);
    assert.equal(impact.summary, "invalidates 1 API key: k1 (id 1, owner bob)");
  });
});
