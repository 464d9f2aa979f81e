import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { handshakeProof, isValidChallenge, verifyProof } from "../../src/mcp/policy/handshake.ts";

const hs = {
  proofKey: Buffer.alloc(32, 7).toString("base64url"),
  instanceId: "inst-1",
  port: 23510,
};

describe("the endpoint proof", () => {
  test("the answer of the process that knows the key verifies", () => {
    const c = "abcdefghijklmnopqrstuvwx";
    const proof = handshakeProof(hs.proofKey, hs.instanceId, hs.port, c);
    assert.ok(verifyProof(hs, c, { instanceId: "inst-1", proof }));
  });
  test("another key, instance, port or challenge does not", () => {
    const c = "abcdefghijklmnopqrstuvwx";
    const proof = handshakeProof(hs.proofKey, hs.instanceId, hs.port, c);
    const otherKey = Buffer.alloc(32, 8).toString("base64url");
    assert.ok(!verifyProof({ ...hs, proofKey: otherKey }, c, { instanceId: "inst-1", proof }));
    assert.ok(!verifyProof(hs, c, { instanceId: "inst-2", proof }));
    assert.ok(!verifyProof({ ...hs, port: 1 }, c, { instanceId: "inst-1", proof }));
    assert.ok(!verifyProof(hs, `${c}y`, { instanceId: "inst-1", proof }));
    assert.ok(!verifyProof(hs, c, { instanceId: "inst-1", proof: "" }));
  });
  test("challenges are 16 to 128 base64url characters", () => {
    assert.ok(isValidChallenge("a".repeat(16)));
    assert.ok(isValidChallenge("A-_9".repeat(32)));
    assert.ok(!isValidChallenge("a".repeat(15)));
    assert.ok(!isValidChallenge("a".repeat(129)));
    assert.ok(!isValidChallenge("a+b/".repeat(5)));
    assert.ok(!isValidChallenge(42));
  });
});
