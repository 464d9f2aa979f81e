/**
 * Admin requests over MCP on the secured es8 node: changing a user's password is refused by
 * execute_query (pointing at confirm_destructive_operation), refused on the confirmation path
 * without Full Access, and runs with Full Access only after the user approved it, every time.
 * The user is this file's own (`t-admin-user`), created over HTTP and deleted after: the node's
 * `elastic` user is shared by every other test and never touched.
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, describe, test } from "node:test";
import type { PendingApproval } from "../../src/app/mcp-host/approvals.ts";
import { readAudit } from "../../src/app/storage/audit-log.ts";
import { addNodeConnection, mcpClientFor, mcpTestServer, type RpcFailure } from "../support/mcp.ts";
import { createSecureUser, type TestUser } from "../support/secure-user.ts";

const USER = "t-admin-user";
const FIRST_PASSWORD = `first-${randomBytes(6).toString("hex")}`;

let user: TestUser;
const authenticates = (password: string) => user.authenticates(password);

const srv = mcpTestServer({
  connections: (home) =>
    addNodeConnection(home, "secure", "es8-secure", "read-write", "always-allow"),
  tokens: { rw: "read-write", full: "full-access" },
  server: { approvalTimeoutMs: 5000 },
});
const { tokens } = srv;
const client = mcpClientFor(srv);

const changePassword = (password: string) => ({
  connection: "secure",
  method: "POST" as const,
  path: `/_security/user/${USER}/_password`,
  body: { password },
});

/** Answers every question put to the user while `work` runs; returns what was asked. */
async function answering<T>(
  approve: boolean,
  work: () => Promise<T>,
): Promise<{ asked: PendingApproval[]; result: T | RpcFailure }> {
  const asked: PendingApproval[] = [];
  const off = srv.approvals.onChange(() => {
    for (const p of srv.approvals.pending()) {
      if (asked.some((a) => a.id === p.id)) continue;
      asked.push(p);
      srv.approvals.answer(p.id, { approve });
    }
  });
  try {
    return { asked, result: await work().catch((e: RpcFailure) => e) };
  } finally {
    off();
  }
}

before(async () => {
  user = await createSecureUser(USER, FIRST_PASSWORD);
  assert.equal(await authenticates(FIRST_PASSWORD), 200);
});

after(async () => {
  await user?.remove();
});

describe("admin requests over MCP (es8 with security)", () => {
  test("execute_query refuses a password change as admin, pointing at confirm_destructive_operation", async () => {
    for (const token of [tokens.rw!, tokens.full!]) {
      const { asked, result } = await answering(true, () =>
        client(token).then((c) =>
          c.callTool({ name: "execute_query", arguments: changePassword("never-1") }),
        ),
      );
      const e = result as RpcFailure;
      assert.equal(e.code, -33007, JSON.stringify(e));
      assert.equal(e.data.layer, "destructive-guard");
      assert.equal(e.data.rule, "admin-needs-confirmation");
      assert.match(e.message, /this is an admin request/);
      assert.match(e.data.remedy, /confirm_destructive_operation/);
      assert.equal(asked.length, 0, "the user is not asked: the request is refused outright");
    }
    assert.equal(await authenticates(FIRST_PASSWORD), 200, "the password did not change");
    assert.equal(await authenticates("never-1"), 401);
    const audit = (await readAudit(srv.home.dir, { token: "rw" })).at(-1)!;
    assert.equal(audit.request?.class, "admin");
    assert.equal(audit.outcome, "refused");
  });

  test("confirm_destructive_operation refuses it without Full Access (a Read & Write token)", async () => {
    const { asked, result } = await answering(true, () =>
      client(tokens.rw!).then((c) =>
        c.callTool({ name: "confirm_destructive_operation", arguments: changePassword("never-2") }),
      ),
    );
    const e = result as RpcFailure;
    assert.equal(e.code, -33007);
    assert.equal(e.data.layer, "token-scope");
    assert.equal(e.data.rule, "confirmation-needs-full-access");
    assert.match(e.message, /needs a Full Access token/);
    assert.equal(asked.length, 0);
    assert.equal(await authenticates(FIRST_PASSWORD), 200, "the password did not change");
  });

  test("the user denies it: refused as a denied admin request, and the password stays", async () => {
    const { asked, result } = await answering(false, () =>
      client(tokens.full!).then((c) =>
        c.callTool({ name: "confirm_destructive_operation", arguments: changePassword("never-3") }),
      ),
    );
    const e = result as RpcFailure;
    assert.equal(asked.length, 1);
    assert.equal(asked[0]!.reason, "admin");
    assert.equal(e.data.layer, "user-approval");
    assert.match(e.message, /the user denied this admin request/);
    assert.match(e.data.remedy, /further admin requests on this connection/);
    assert.equal(await authenticates(FIRST_PASSWORD), 200);
    srv.home.clock.advance(60_000); // the denial's cool-off is over
  });

  test("with Full Access and the user's approval it runs, and is asked again the next time", async () => {
    const second = `second-${randomBytes(6).toString("hex")}`;
    const third = `third-${randomBytes(6).toString("hex")}`;
    const c = await client(tokens.full!);
    const first = await answering(true, () =>
      c.callTool({ name: "confirm_destructive_operation", arguments: changePassword(second) }),
    );
    assert.equal(first.asked.length, 1, "the user was asked");
    const question = first.asked[0]!;
    assert.equal(question.reason, "admin", "the approval the user sees says admin");
    assert.equal(question.request?.method, "POST");
    assert.equal(question.request?.path, `/_security/user/${USER}/_password`);
    const ran = first.result as { isError?: boolean; structuredContent?: { status?: number } };
    assert.notEqual(ran.isError, true, JSON.stringify(ran));
    assert.equal(ran.structuredContent?.status, 200);
    assert.equal(await authenticates(second), 200, "the password changed");
    assert.equal(await authenticates(FIRST_PASSWORD), 401);

    // An approval of an admin request is never remembered: the next one asks again.
    const again = await answering(true, () =>
      c.callTool({ name: "confirm_destructive_operation", arguments: changePassword(third) }),
    );
    assert.equal(again.asked.length, 1, "asked again");
    assert.equal(await authenticates(third), 200);
    const audit = (await readAudit(srv.home.dir, { token: "full" })).at(-1)!;
    assert.equal(audit.request?.class, "admin");
    assert.equal(audit.approval, "approved");
  });

  test("a read under _security (has_privileges, a POST) still runs through execute_query", async () => {
    const res = await (await client(tokens.rw!)).callTool({
      name: "execute_query",
      arguments: {
        connection: "secure",
        method: "POST",
        path: "/_security/user/_has_privileges",
        body: { cluster: ["monitor"] },
      },
    });
    assert.notEqual(res.isError, true, JSON.stringify(res));
    const audit = (await readAudit(srv.home.dir, { token: "rw" })).at(-1)!;
    assert.equal(audit.request?.class, "read");
  });
});
