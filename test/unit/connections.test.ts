/** Saved connections' pure rules: names, policies, defaults, settings merge. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { mergeSettings } from "../../src/app/storage/connection-store.ts";
import {
  DEFAULT_AI_POLICY,
  DEFAULT_EXTERNAL_CLIENTS,
  pickAiPolicy,
  pickExternalClients,
  sameName,
  validateConnectionName,
} from "../../src/core/connections.ts";
import { refusal as refused } from "../support/refusal.ts";

const refusal = (fn: () => unknown) => refused(fn, "invalid_config");

describe("connection names", () => {
  it("are trimmed", () => {
    assert.equal(validateConnectionName("  prod eu  "), "prod eu");
  });

  it("refuse empty, over-long, multi-line, URL-like and id-like names", () => {
    assert.match(refusal(() => validateConnectionName("   ")).message, /^Name: is empty/);
    assert.match(refusal(() => validateConnectionName(undefined)).message, /^Name: is empty/);
    assert.match(refusal(() => validateConnectionName("x".repeat(101))).message, /longer than 100/);
    assert.match(refusal(() => validateConnectionName("a\nb")).message, /control character/);
    assert.match(
      refusal(() => validateConnectionName("http://es:9200")).message,
      /looks like a URL/,
    );
    assert.match(
      refusal(() => validateConnectionName("0b6e1d3a-3f0c-4b7e-9a55-2a1f3c4d5e6f")).message,
      /form of a connection id/,
    );
  });

  it("keep unicode and punctuation", () => {
    assert.equal(validateConnectionName("Zürich (staging) #2"), "Zürich (staging) #2");
  });

  it("compare ignoring case and surrounding space", () => {
    assert.ok(sameName("Prod", "prod"));
    assert.ok(sameName(" PROD ", "prod"));
    assert.ok(!sameName("prod", "prod2"));
  });
});

describe("per-connection policies", () => {
  it("new connections default to Read Only and Ask Each Time", () => {
    assert.equal(DEFAULT_EXTERNAL_CLIENTS, "read-only");
    assert.equal(DEFAULT_AI_POLICY, "ask-each-time");
  });

  it("accept exactly the known levels", () => {
    for (const level of ["blocked", "read-only", "read-write"])
      assert.equal(pickExternalClients(level), level);
    for (const policy of ["always-allow", "ask-each-time", "never"])
      assert.equal(pickAiPolicy(policy), policy);
  });

  it("refuse anything else, listing the choices with their labels", () => {
    const e = refusal(() => pickExternalClients("readOnly"));
    assert.match(e.message, /^External Clients: "readOnly" is not one of the levels/);
    assert.match(e.remedy, /read-only \(Read Only\)/);
    assert.match(e.remedy, /read-write \(Read & Write\)/);
    const p = refusal(() => pickAiPolicy(undefined));
    assert.match(p.message, /^AI policy:/);
    assert.match(p.remedy, /ask-each-time \(Ask Each Time\)/);
  });
});

describe("merging a settings patch", () => {
  it("sets given keys, keeps absent ones, removes null ones", () => {
    assert.deepEqual(
      mergeSettings(
        { host: "a", port: 1, caFile: "/ca.pem", auth: "none" },
        { port: 2, caFile: null, auth: undefined },
      ),
      { host: "a", port: 2, auth: "none" },
    );
  });
});
