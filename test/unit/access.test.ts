import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { AI_POLICIES, EXTERNAL_CLIENT_LEVELS } from "../../src/core/connections.ts";
import {
  type AccessDecision,
  type AccessRequest,
  type ConnectionPolicy,
  decideAccess,
  effectiveAccess,
  isVisible,
  type TokenGrant,
} from "../../src/mcp/policy/access.ts";
import { accessErrors } from "../../src/mcp/policy/access-refusals.ts";
import { TOKEN_SCOPES } from "../../src/mcp/policy/tokens.ts";

const conn = (over: Partial<ConnectionPolicy> = {}): ConnectionPolicy => ({
  id: "c1",
  externalClients: "read-write",
  aiPolicy: "always-allow",
  ...over,
});
const tok = (over: Partial<TokenGrant> = {}): TokenGrant => ({
  scope: "full-access",
  connections: null,
  ...over,
});

const SEE: AccessRequest = { kind: "see" };
const READ: AccessRequest = { kind: "use", need: "read" };
const WRITE: AccessRequest = { kind: "use", need: "write" };
const DESTROY: AccessRequest = { kind: "use", need: "destructive" };
const CONFIRMED: AccessRequest = { kind: "use", need: "destructive", confirmed: true };
const ADMIN: AccessRequest = { kind: "use", need: "admin" };
const ADMIN_CONFIRMED: AccessRequest = { kind: "use", need: "admin", confirmed: true };
const ALL_REQUESTS = [SEE, READ, WRITE, DESTROY, CONFIRMED, ADMIN, ADMIN_CONFIRMED];

/** Every connection policy and token grant, including allowlists that include and exclude c1. */
function* everyCombination(): Generator<[ConnectionPolicy, TokenGrant]> {
  for (const externalClients of EXTERNAL_CLIENT_LEVELS)
    for (const aiPolicy of AI_POLICIES)
      for (const scope of TOKEN_SCOPES)
        for (const connections of [null, ["c1", "c2"], ["c2"], []])
          yield [conn({ externalClients, aiPolicy }), tok({ scope, connections })];
}

describe("each hiding rule", () => {
  test("the token's allowlist hides a connection outside it", () => {
    assert.deepEqual(decideAccess(conn(), tok({ connections: ["c2"] }), SEE), {
      outcome: "hide",
      layer: "token-allowlist",
      rule: "outside-allowlist",
    });
    assert.equal(isVisible(conn(), tok({ connections: [] })), false);
    assert.equal(isVisible(conn(), tok({ connections: ["c1"] })), true);
  });
  test("External Clients Blocked hides", () => {
    assert.deepEqual(decideAccess(conn({ externalClients: "blocked" }), tok(), SEE), {
      outcome: "hide",
      layer: "external-clients",
      rule: "blocked",
    });
  });
  test("AI policy Never hides", () => {
    assert.deepEqual(decideAccess(conn({ aiPolicy: "never" }), tok(), SEE), {
      outcome: "hide",
      layer: "ai-policy",
      rule: "ai-never",
    });
  });
  test("Read Only and Ask Each Time do not hide", () => {
    for (const c of [conn({ externalClients: "read-only" }), conn({ aiPolicy: "ask-each-time" })])
      assert.deepEqual(decideAccess(c, tok({ scope: "read-only" }), SEE), {
        outcome: "allow",
        approval: null,
      });
  });
});

describe("the refusing layer is named in stack order", () => {
  test("the allowlist comes first, so an excluded token learns nothing else", () => {
    const d = decideAccess(
      conn({ externalClients: "blocked", aiPolicy: "never" }),
      tok({ connections: [] }),
      READ,
    );
    assert.deepEqual(d, { outcome: "refuse", layer: "token-allowlist", rule: "outside-allowlist" });
  });
  test("Blocked comes before AI policy Never", () => {
    const d = decideAccess(conn({ externalClients: "blocked", aiPolicy: "never" }), tok(), READ);
    assert.equal(d.outcome === "refuse" && d.layer, "external-clients");
  });
  test("AI policy Never refuses a read", () => {
    const d = decideAccess(conn({ aiPolicy: "never" }), tok(), READ);
    assert.deepEqual(d, { outcome: "refuse", layer: "ai-policy", rule: "ai-never" });
  });
  test("a Read Only connection refuses a write before the token scope is looked at", () => {
    const d = decideAccess(
      conn({ externalClients: "read-only" }),
      tok({ scope: "read-only" }),
      WRITE,
    );
    assert.deepEqual(d, {
      outcome: "refuse",
      layer: "external-clients",
      rule: "read-only-connection",
    });
  });
  test("a Read Only token refuses a write on a Read & Write connection", () => {
    const d = decideAccess(conn(), tok({ scope: "read-only" }), WRITE);
    assert.deepEqual(d, { outcome: "refuse", layer: "token-scope", rule: "read-only-token" });
  });
  test("a destructive request on the generic path points at the confirmation tool", () => {
    const d = decideAccess(conn(), tok(), DESTROY);
    assert.deepEqual(d, {
      outcome: "refuse",
      layer: "destructive-guard",
      rule: "destructive-needs-confirmation",
    });
  });
  test("a Read Only token asking to delete is told about its scope, not the confirmation tool", () => {
    const d = decideAccess(conn(), tok({ scope: "read-only" }), DESTROY);
    assert.deepEqual(d, { outcome: "refuse", layer: "token-scope", rule: "read-only-token" });
  });
  test("the confirmation path needs Full Access (the bridge's Read & Write is not enough)", () => {
    const d = decideAccess(conn(), tok({ scope: "read-write" }), CONFIRMED);
    assert.deepEqual(d, {
      outcome: "refuse",
      layer: "token-scope",
      rule: "confirmation-needs-full-access",
    });
  });
  test("an admin request on the generic path is refused as admin, pointing at the confirmation tool", () => {
    for (const scope of ["read-write", "full-access"] as const) {
      const d = decideAccess(conn(), tok({ scope }), ADMIN);
      assert.deepEqual(d, {
        outcome: "refuse",
        layer: "destructive-guard",
        rule: "admin-needs-confirmation",
      });
      const e = accessErrors.accessRefused("admin-needs-confirmation", "prod");
      assert.match(e.message, /this is an admin request .*execute_query does not run it/);
      assert.match(e.remedy, /confirm_destructive_operation/);
      assert.match(e.remedy, /Full Access/);
    }
  });
  test("a confirmed admin request needs Full Access, like a destructive one", () => {
    for (const scope of ["read-only", "read-write"] as const) {
      const d = decideAccess(conn(), tok({ scope }), ADMIN_CONFIRMED);
      assert.equal(d.outcome, "refuse");
      assert.equal(d.outcome === "refuse" && d.layer, "token-scope");
    }
    assert.deepEqual(decideAccess(conn(), tok({ scope: "read-write" }), ADMIN_CONFIRMED), {
      outcome: "refuse",
      layer: "token-scope",
      rule: "confirmation-needs-full-access",
    });
  });
  test("the confirmation path is still refused on a Read Only connection", () => {
    const d = decideAccess(conn({ externalClients: "read-only" }), tok(), CONFIRMED);
    assert.equal(d.outcome === "refuse" && d.rule, "read-only-connection");
  });
});

describe("approvals", () => {
  test("Ask Each Time asks before reads and writes", () => {
    for (const r of [READ, WRITE])
      assert.deepEqual(decideAccess(conn({ aiPolicy: "ask-each-time" }), tok(), r), {
        outcome: "allow",
        approval: "ask-each-time",
      });
  });
  test("a confirmed destructive request is always shown to the user, whatever the AI policy", () => {
    for (const aiPolicy of ["always-allow", "ask-each-time"] as const)
      assert.deepEqual(decideAccess(conn({ aiPolicy }), tok(), CONFIRMED), {
        outcome: "allow",
        approval: "destructive",
      });
  });
  test("a confirmed admin request is always shown to the user as admin, whatever the AI policy", () => {
    for (const aiPolicy of ["always-allow", "ask-each-time"] as const)
      assert.deepEqual(decideAccess(conn({ aiPolicy }), tok(), ADMIN_CONFIRMED), {
        outcome: "allow",
        approval: "admin",
      });
  });
  test("a denied admin confirmation says admin; a denied destructive one keeps its words", () => {
    const admin = accessErrors.approvalRefused("denied", "prod", "admin", true);
    assert.match(admin.message, /the user denied this admin request on connection "prod"/);
    assert.match(admin.message, /this token's admin requests there are refused without asking/);
    assert.match(admin.remedy, /further admin requests on this connection/);
    assert.equal(admin.details.layer, "user-approval");
    const timedOut = accessErrors.approvalRefused("timed-out", "prod", "admin");
    assert.match(timedOut.message, /nobody approved this admin request/);
    const destroy = accessErrors.approvalRefused("denied", "prod", "destructive");
    assert.match(destroy.message, /the user denied this request on connection "prod"/);
    assert.match(destroy.remedy, /further destructive requests/);
  });
  test("Always Allow runs without asking", () => {
    assert.deepEqual(decideAccess(conn(), tok({ scope: "read-write" }), WRITE), {
      outcome: "allow",
      approval: null,
    });
  });
});

describe("properties over every combination", () => {
  const decisions = (): [ConnectionPolicy, TokenGrant, AccessRequest, AccessDecision][] => {
    const out: [ConnectionPolicy, TokenGrant, AccessRequest, AccessDecision][] = [];
    for (const [c, t] of everyCombination())
      for (const r of ALL_REQUESTS) out.push([c, t, r, decideAccess(c, t, r)]);
    return out;
  };

  test("covers 3 levels x 3 policies x 3 scopes x 4 allowlists x 7 requests", () => {
    assert.equal(decisions().length, 3 * 3 * 3 * 4 * 7);
  });

  test("a hidden connection is refused for every use, by the same layer", () => {
    for (const [c, t] of everyCombination()) {
      const seen = decideAccess(c, t, SEE);
      if (seen.outcome !== "hide") continue;
      for (const r of [READ, WRITE, DESTROY, CONFIRMED, ADMIN, ADMIN_CONFIRMED]) {
        const d = decideAccess(c, t, r);
        assert.equal(d.outcome, "refuse");
        assert.equal(d.outcome === "refuse" && d.layer, seen.layer);
      }
    }
  });

  test("'see' never refuses and 'use' never hides", () => {
    for (const [, , r, d] of decisions()) {
      if (r.kind === "see") assert.notEqual(d.outcome, "refuse");
      else assert.notEqual(d.outcome, "hide");
    }
  });

  test("a visible connection can always be read", () => {
    for (const [c, t] of everyCombination())
      if (isVisible(c, t)) assert.equal(decideAccess(c, t, READ).outcome, "allow");
  });

  test("a write runs only with Read & Write on both the connection and the token", () => {
    for (const [c, t] of everyCombination()) {
      const allowed: boolean = decideAccess(c, t, WRITE).outcome === "allow";
      const expected =
        isVisible(c, t) && c.externalClients === "read-write" && t.scope !== "read-only";
      assert.equal(allowed, expected, JSON.stringify({ c, t }));
    }
  });

  test("a destructive or admin request runs only confirmed, with Full Access, on a Read & Write connection", () => {
    for (const [c, t] of everyCombination()) {
      const pairs: [AccessRequest, AccessRequest][] = [
        [DESTROY, CONFIRMED],
        [ADMIN, ADMIN_CONFIRMED],
      ];
      for (const [generic, confirmed] of pairs) {
        assert.equal(decideAccess(c, t, generic).outcome, "refuse");
        const allowed: boolean = decideAccess(c, t, confirmed).outcome === "allow";
        const expected =
          isVisible(c, t) && c.externalClients === "read-write" && t.scope === "full-access";
        assert.equal(allowed, expected, JSON.stringify({ c, t }));
      }
    }
  });

  test("the user is asked exactly when the policy says Ask Each Time, or the request destroys or administers", () => {
    for (const [c, , r, d] of decisions()) {
      if (d.outcome !== "allow" || r.kind === "see") continue;
      const expected =
        r.need === "destructive" || r.need === "admin"
          ? r.need
          : c.aiPolicy === "ask-each-time"
            ? "ask-each-time"
            : null;
      assert.equal(d.approval, expected);
    }
  });

  test("effective access is the lower of the connection level and the token scope", () => {
    for (const [c, t] of everyCombination()) {
      const e = effectiveAccess(c, t);
      if (!isVisible(c, t)) assert.equal(e, "none");
      else
        assert.equal(
          e,
          c.externalClients === "read-write" && t.scope !== "read-only"
            ? "read-write"
            : "read-only",
        );
    }
  });
});

describe("refusal messages", () => {
  test("every refusal names its layer and has a remedy", () => {
    for (const [, , , d] of (function* () {
      for (const [c, t] of everyCombination())
        for (const r of ALL_REQUESTS) yield [c, t, r, decideAccess(c, t, r)] as const;
    })()) {
      if (d.outcome !== "refuse") continue;
      const e = accessErrors.accessRefused(d.rule, "prod");
      assert.equal(e.code, "forbidden");
      assert.equal(e.details.layer, d.layer);
      assert.match(e.message, /^Forbidden by the /);
      assert.ok(e.remedy.length > 20);
    }
  });
  test("the Read Only refusal carries the spec's message", () => {
    const e = accessErrors.accessRefused("read-only-connection", "prod");
    assert.match(e.message, /connection "prod" is read only for external clients/);
    assert.match(e.remedy, /Advanced pane/);
    assert.match(e.remedy, /console/);
  });
});
