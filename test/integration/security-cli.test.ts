/**
 * `quarry security …` on the secured 7.17, 8.x and 9.x nodes: a role from flags; a user created
 * with it (its password read from standard input and printed as <hidden>), who signs in and sees
 * what the role allows and is refused the rest with the cluster's reason; its password changed,
 * disabled and enabled again; an API key created with an expiry and role descriptors, its secret
 * printed once, used, invalidated and then refused; a role mapping saved and deleted. Every write
 * is refused without the name typed, and no password or secret is left in Quarry's data folder.
 * Then `quarry audit admin` lists the writes and verifies the log, finding a line changed.
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { addConnection, openAppStorage } from "../../src/app/connections/connection-service.ts";
import {
  ADMIN_AUDIT_FILE,
  type AdminAuditEntry,
  readAdminAudit,
} from "../../src/app/storage/admin-audit.ts";
import type { AccessKeyInfo, UserInfo } from "../../src/core/cluster-security.ts";
import type { ConsoleResult } from "../../src/core/console.ts";
import type { EsSession } from "../../src/drivers/elasticsearch/session.ts";
import { cliRunner } from "../support/cli-runner.ts";
import { connectionTo, node, securedConfig, session, sessionTo } from "../support/cluster.ts";
import { deleteIndices, loadOrders } from "../support/datasets.ts";
import { assertNoSecretUnder, removeSecurityObjects } from "../support/security-objects.ts";

const RUN = randomBytes(3).toString("hex");

const { home, quarry, ok, json } = cliRunner("security-cli");

const SECURED = ["es7-secure", "es8-secure", "es9"] as const;

/** A request as someone else: the console's answer, or the refusal it threw. */
async function as(
  who: ReturnType<typeof session>,
  path: string,
): Promise<ConsoleResult | { refused: string }> {
  try {
    return await who.console.run({ method: "GET", path });
  } catch (e) {
    return { refused: (e as { code?: string }).code ?? String(e) };
  } finally {
    await who.close();
  }
}

for (const name of SECURED) {
  describe(`quarry security on ${name}`, () => {
    const allowed = `t-sec-${RUN}-${name}-allowed`;
    const denied = `t-sec-${RUN}-${name}-denied`;
    const role = `t-sec-role-${RUN}`;
    const user = `t-sec-user-${RUN}`;
    const key = `t-sec-key-${RUN}`;
    const mapping = `t-sec-map-${RUN}`;
    const pw1 = `pw-${RUN}-first`;
    const pw2 = `pw-${RUN}-second`;
    let secret = "";
    let s: EsSession;
    const conn = name;
    const asUser = (password: string) =>
      session(securedConfig({ username: user }, node(name)).config, { password });
    const asKey = () => {
      const { username: _u, ...config } = securedConfig({}, node(name)).config;
      return session({ ...config, auth: "api-key" }, { apiKey: secret });
    };

    before(async () => {
      const storage = await openAppStorage({ ...process.env, QUARRY_HOME: home });
      const { config, secrets } = connectionTo(node(name));
      await addConnection(
        storage,
        { name, type: "elasticsearch", settings: { ...config } },
        secrets,
      );
      s = sessionTo(node(name));
      await loadOrders(s.transport, allowed, 20, { specials: false });
      await loadOrders(s.transport, denied, 5, { specials: false });
    });
    after(async () => {
      await deleteIndices(s.transport, allowed, denied);
      await removeSecurityObjects(s.transport, {
        users: [user],
        roles: [role],
        mappings: [mapping],
        keys: [key],
      });
      await s.close();
    });

    it("saves a role from flags, only with its name", async () => {
      const save = ["security", "role", "save", conn, role, "--cluster", "monitor"];
      const bare = await quarry([...save, "--index", `${allowed}:read`]);
      assert.equal(bare.code, 2, bare.err);
      assert.match(bare.err, new RegExp(`pass --confirm ${role}`));
      const r = await ok([
        ...save,
        "--index",
        `${allowed}:read,view_index_metadata`,
        "--confirm",
        role,
      ]);
      assert.match(r.err, new RegExp(`PUT /_security/role/${role}`));
    });

    it("creates a user, its password hidden, who sees what the role allows and no more", async () => {
      const create = [
        "security",
        "user",
        "create",
        conn,
        user,
        "--roles",
        role,
        "--user-password-stdin",
      ];
      const bare = await quarry(create, pw1);
      assert.equal(bare.code, 2, bare.err);
      const r = await quarry([...create, "--confirm", user], pw1);
      assert.equal(r.code, 0, r.err);
      assert.match(r.err, /"password": "<hidden>"/);
      assert.ok(!r.err.includes(pw1) && !r.out.includes(pw1), "the password is never printed");
      const { users } = await json<{ users: UserInfo[] }>(["security", "users", conn]);
      assert.deepEqual(
        users.filter((u) => u.name === user).map((u) => [u.roles, u.enabled]),
        [[[role], true]],
      );
      const seen = await as(asUser(pw1), `/${allowed}/_count`);
      assert.equal((seen as { raw?: { count?: number } }).raw?.count, 20);
      const refused = (await as(asUser(pw1), `/${denied}/_count`)) as ConsoleResult;
      assert.equal(refused.kind, "error");
      assert.equal(refused.status, 403);
      assert.match(
        (refused as { reason: string }).reason,
        new RegExp(`unauthorized for user \\[${user}\\]`),
      );
    });

    it("changes its password, disables and enables it", async () => {
      const r = await quarry(["security", "user", "password", conn, user, "--confirm", user], pw2);
      assert.equal(r.code, 0, r.err);
      assert.ok(!r.err.includes(pw2));
      assert.deepEqual(await as(asUser(pw1), "/_security/_authenticate"), {
        refused: "authentication_failed",
      });
      assert.equal(
        ((await as(asUser(pw2), "/_security/_authenticate")) as ConsoleResult).status,
        200,
      );
      await ok(["security", "user", "disable", conn, user, "--confirm", user]);
      assert.deepEqual(await as(asUser(pw2), "/_security/_authenticate"), {
        refused: "authentication_failed",
      });
      await ok(["security", "user", "enable", conn, user, "--confirm", user]);
      assert.equal(
        ((await as(asUser(pw2), "/_security/_authenticate")) as ConsoleResult).status,
        200,
      );
    });

    it("creates an API key shown once, uses it, invalidates it, and it is refused", async () => {
      const descriptors = JSON.stringify({
        only: { indices: [{ names: [allowed], privileges: ["read"] }] },
      });
      const created = await json<{ result: { encoded: string; expiresAt: string } }>([
        "security",
        "key",
        "create",
        conn,
        key,
        "--expiration",
        "1h",
        "--role-descriptors",
        descriptors,
        "--confirm",
        key,
      ]);
      secret = created.result.encoded;
      assert.ok(secret.length > 20);
      assert.ok(Date.parse(created.result.expiresAt) > Date.now());
      const listed = await quarry(["security", "keys", conn, "--json"]);
      assert.ok(!listed.out.includes(secret), "a listing never holds the secret");
      const keys = (JSON.parse(listed.out) as { keys: AccessKeyInfo[] }).keys;
      assert.equal(keys.filter((k) => k.name === key && !k.invalidated).length, 1);
      const seen = await as(asKey(), `/${allowed}/_count`);
      assert.equal((seen as { raw?: { count?: number } }).raw?.count, 20);
      const refused = (await as(asKey(), `/${denied}/_count`)) as ConsoleResult;
      assert.equal(refused.status, 403);
      const bare = await quarry(["security", "key", "invalidate", conn, key]);
      assert.equal(bare.code, 2, bare.err);
      const r = await ok(["security", "key", "invalidate", conn, key, "--confirm", key]);
      assert.match(r.err, /DELETE \/_security\/api_key/);
      assert.deepEqual(await as(asKey(), `/${allowed}/_count`), {
        refused: "authentication_failed",
      });
    });

    it("saves and deletes a role mapping, and deletes the user and role by name", async () => {
      await ok([
        "security",
        "role-mapping",
        "save",
        conn,
        mapping,
        "--roles",
        role,
        "--rules",
        JSON.stringify({ field: { username: user } }),
        "--confirm",
        mapping,
      ]);
      const { "role-mappings": maps } = await json<{
        "role-mappings": { name: string; roles: string[] }[];
      }>(["security", "role-mappings", conn]);
      assert.deepEqual(
        maps.filter((m) => m.name === mapping).map((m) => m.roles),
        [[role]],
      );
      // The console's confirmation of a role delete names who holds it; without a terminal,
      // nothing is sent.
      const asked = await quarry(["console", conn, "DELETE", `/_security/role/${role}`]);
      assert.equal(asked.code, 2, asked.err);
      assert.match(
        asked.err,
        new RegExp(`held by 1 user \\(${user}\\) and granted by 1 role mapping \\(${mapping}\\)`),
      );
      assert.match(asked.err, new RegExp(`user ${user}  holds ${role}`));
      await ok(["security", "role-mapping", "delete", conn, mapping, "--confirm", mapping]);
      const wrong = await quarry(["security", "user", "delete", conn, user, "--confirm", role]);
      assert.equal(wrong.code, 2, wrong.err);
      await ok(["security", "user", "delete", conn, user, "--confirm", user]);
      await ok(["security", "role", "delete", conn, role, "--confirm", role]);
      const { users } = await json<{ users: UserInfo[] }>(["security", "users", conn]);
      assert.deepEqual(
        users.filter((u) => u.name === user),
        [],
      );
    });

    it("audited every write by name, and left no password or key secret in Quarry's data folder", async () => {
      const audited = (await readAdminAudit(home)).filter((e) => e.connection === conn);
      const done = (action: string) =>
        audited.filter((e) => e.action === action && e.outcome === "done").map((e) => e.subject);
      assert.deepEqual(done("user-save"), [user]);
      assert.deepEqual(done("user-password"), [user]);
      assert.deepEqual(done("key-invalidate"), [key]);
      assert.ok(audited.every((e) => e.requests.every((r) => r.class === "admin")));
      assertNoSecretUnder(home, [pw1, pw2, secret]);
    });
  });
}

describe("quarry audit admin", () => {
  it("lists the writes of every node's suite, verifies the chain, and finds a line changed", async () => {
    const { entries } = await json<{ entries: AdminAuditEntry[] }>([
      "audit",
      "admin",
      "--limit",
      "1000",
    ]);
    for (const name of SECURED)
      assert.ok(entries.some((e) => e.connection === name && e.action === "user-delete"));
    const table = await ok(["audit", "admin", "--connection", SECURED[0]]);
    assert.match(table.out, /user-delete/);
    assert.match((await ok(["audit", "admin", "--verify"])).out, /chain holds: \d+ lines/);
    const file = join(home, ADMIN_AUDIT_FILE);
    const lines = readFileSync(file, "utf8").split("\n");
    lines[1] = (lines[1] as string).replace('"subject":"', '"subject":"changed-');
    writeFileSync(file, lines.join("\n"));
    const broken = await quarry(["audit", "admin", "--verify", "--json"]);
    assert.equal(broken.code, 1, broken.err);
    const report = JSON.parse(broken.out) as { holds: boolean; breaks?: { line: number } };
    assert.equal(report.holds, false);
    assert.equal(report.breaks?.line, 3);
  });
});
