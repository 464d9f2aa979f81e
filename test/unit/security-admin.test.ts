/**
 * Security writes, pure (src/drivers/elasticsearch/admin/security): each is admin class and asks
 * for its name, a password is sent but shown hidden, a short password is refused before anything
 * is sent, a key is invalidated by its live ids; the listings never carry a secret.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { accessKeysOf, usersOf } from "../../src/drivers/elasticsearch/admin/security/answers.ts";
import {
  HIDDEN,
  planSecurityAction,
} from "../../src/drivers/elasticsearch/admin/security/plans.ts";

test("a user's password is sent, shown hidden, and the write is confirmed by the user's name", () => {
  const plan = planSecurityAction({
    action: "user-save",
    user: { name: "ana", password: "s3cret-pw", roles: ["reader"] },
    mode: "create",
  });
  assert.deepEqual(plan.requests[0]?.body, { password: "s3cret-pw", roles: ["reader"] });
  assert.deepEqual(plan.shown[0]?.body, { password: HIDDEN, roles: ["reader"] });
  assert.ok(!JSON.stringify(plan.shown).includes("s3cret-pw"));
  assert.ok(!plan.summary.includes("s3cret-pw"));
  assert.equal(plan.confirmName, "ana");
  assert.equal(plan.classification.class, "admin");
  const pw = planSecurityAction({ action: "user-password", name: "ana", password: "another-1" });
  assert.equal(pw.shown[0]?.path, "/_security/user/ana/_password");
  assert.deepEqual(pw.shown[0]?.body, { password: HIDDEN });
});

test("a short or missing password is refused; an edit without one keeps the user's", () => {
  assert.throws(
    () => planSecurityAction({ action: "user-password", name: "ana", password: "123" }),
    /shorter than 6 characters/,
  );
  assert.throws(
    () =>
      planSecurityAction({ action: "user-save", user: { name: "ana", roles: [] }, mode: "create" }),
    /password for ana is missing/,
  );
  const edit = planSecurityAction({
    action: "user-save",
    user: { name: "ana", roles: ["r"], enabled: false },
    mode: "replace",
  });
  assert.deepEqual(edit.requests[0]?.body, { roles: ["r"], enabled: false });
});

test("every security write is admin and asks for its name", () => {
  const plans = [
    planSecurityAction({ action: "user-enable", name: "ana", enabled: false }),
    planSecurityAction({ action: "user-delete", name: "ana" }),
    planSecurityAction({
      action: "role-save",
      name: "reader",
      cluster: ["monitor"],
      tables: [{ names: ["logs-*"], privileges: ["read"] }],
    }),
    planSecurityAction({ action: "role-delete", name: "reader" }),
    planSecurityAction({
      action: "role-mapping-save",
      name: "m",
      roles: ["reader"],
      rules: { field: { username: "*" } },
      enabled: true,
    }),
    planSecurityAction({ action: "role-mapping-delete", name: "m" }),
    planSecurityAction({ action: "key-create", name: "ci", expiration: "1d" }),
    planSecurityAction({ action: "key-invalidate", name: "ci" }, ["id1", "id2"]),
  ];
  assert.deepEqual(
    plans.map((p) => [p.classification.class, p.confirmName]),
    [
      ["admin", "ana"],
      ["admin", "ana"],
      ["admin", "reader"],
      ["admin", "reader"],
      ["admin", "m"],
      ["admin", "m"],
      ["admin", "ci"],
      ["admin", "ci"],
    ],
  );
  assert.deepEqual(plans[2]?.requests[0]?.body, {
    cluster: ["monitor"],
    indices: [{ names: ["logs-*"], privileges: ["read"] }],
  });
  assert.deepEqual(plans[7]?.requests[0], {
    method: "DELETE",
    path: "/_security/api_key",
    body: { ids: ["id1", "id2"] },
  });
  assert.deepEqual(plans[7]?.affects, ["id1", "id2"]);
});

test("users and keys are read without secrets; built-in users are marked", () => {
  const users = usersOf({
    elastic: { roles: ["superuser"], metadata: { _reserved: true }, enabled: true },
    ana: { roles: ["r"], full_name: "Ana", enabled: false },
  });
  assert.deepEqual(
    users.map((u) => [u.name, u.reserved, u.enabled]),
    [
      ["ana", false, false],
      ["elastic", true, true],
    ],
  );
  const keys = accessKeysOf({
    api_keys: [{ id: "k", name: "ci", username: "ana", creation: 0, invalidated: true }],
  });
  assert.deepEqual(keys, [
    {
      id: "k",
      name: "ci",
      owner: "ana",
      createdAt: "1970-01-01T00:00:00.000Z",
      expiresAt: null,
      invalidated: true,
    },
  ]);
});
