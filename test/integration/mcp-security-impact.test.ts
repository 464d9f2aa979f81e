/**
 * A security write over MCP names who it reaches (docs/decisions.md, "Security impact"): on the
 * secured es8 node, the approval the user answers for deleting a role names the users holding it
 * and the role mapping granting it; for disabling a user, that user with its roles; and
 * execute_query's refusal says the same. Every question is denied here, so nothing changes. The
 * role, user and mapping are this file's own (`t-uisec-mcp-…`), made over HTTP and removed after.
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, describe, test } from "node:test";
import type { PendingApproval } from "../../src/app/mcp-host/approvals.ts";
import { node, sessionTo } from "../support/cluster.ts";
import { addNodeConnection, mcpClientFor, mcpTestServer, type RpcFailure } from "../support/mcp.ts";

const ROLE = "t-uisec-mcp-role";
const USER = "t-uisec-mcp-user";
const MAPPING = "t-uisec-mcp-map";
const admin = sessionTo(node("es8-secure"));

const srv = mcpTestServer({
  connections: (home) =>
    addNodeConnection(home, "secure", "es8-secure", "read-write", "always-allow"),
  tokens: { full: "full-access" },
  server: { approvalTimeoutMs: 5000 },
});
const { tokens } = srv;
const client = mcpClientFor(srv);

const put = async (path: string, body: unknown) => {
  const res = await admin.transport.request({ method: "PUT", path, body });
  assert.equal(res.status, 200, JSON.stringify(res.body));
};

/** Denies every question put to the user while `work` runs; returns what was asked. */
async function denying(work: () => Promise<unknown>): Promise<PendingApproval[]> {
  const asked: PendingApproval[] = [];
  const off = srv.approvals.onChange(() => {
    for (const p of srv.approvals.pending()) {
      if (asked.some((a) => a.id === p.id)) continue;
      asked.push(p);
      srv.approvals.answer(p.id, { approve: false });
    }
  });
  try {
    await work().catch(() => undefined);
    return asked;
  } finally {
    off();
    srv.home.clock.advance(60_000); // the denial's cool-off is over
  }
}

const confirm = (method: "DELETE" | "PUT", path: string) =>
  client(tokens.full!).then((c) =>
    c.callTool({
      name: "confirm_destructive_operation",
      arguments: { connection: "secure", method, path },
    }),
  );

before(async () => {
  await put(`/_security/role/${ROLE}`, { cluster: ["monitor"] });
  await put(`/_security/user/${USER}`, {
    password: `pw-${randomBytes(6).toString("hex")}`,
    roles: [ROLE],
  });
  await put(`/_security/role_mapping/${MAPPING}`, {
    roles: [ROLE],
    enabled: true,
    rules: { field: { username: "t-uisec-nobody" } },
  });
});

after(async () => {
  for (const path of [
    `/_security/role_mapping/${MAPPING}`,
    `/_security/user/${USER}`,
    `/_security/role/${ROLE}`,
  ])
    await admin.transport.request({ method: "DELETE", path });
  await admin.close();
});

describe("security impact over MCP (es8 with security)", () => {
  test("deleting a role: the approval names the users holding it and the mapping granting it", async () => {
    const asked = await denying(() => confirm("DELETE", `/_security/role/${ROLE}`));
    assert.equal(asked.length, 1);
    const impact = asked[0]!.impact;
    assert.ok(impact, "the approval carries the impact");
    assert.deepEqual(
      impact.affected?.map((p) => `${p.kind}:${p.name}`),
      [`role:${ROLE}`, `role mapping:${MAPPING}`, `user:${USER}`],
    );
    assert.match(impact.summary, new RegExp(`held by 1 user \\(${USER}\\)`));
    assert.match(impact.summary, new RegExp(`granted by 1 role mapping \\(${MAPPING}\\)`));
    const role = await admin.transport.request({ method: "GET", path: `/_security/role/${ROLE}` });
    assert.equal(role.status, 200, "denied: the role is still there");
  });

  test("disabling a user: the approval names that user and its roles", async () => {
    const asked = await denying(() => confirm("PUT", `/_security/user/${USER}/_disable`));
    assert.equal(asked.length, 1);
    assert.equal(asked[0]!.impact?.summary, `disables the user ${USER} (enabled; roles ${ROLE})`);
  });

  test("execute_query's refusal says the impact too", async () => {
    const e = await client(tokens.full!)
      .then((c) =>
        c.callTool({
          name: "execute_query",
          arguments: { connection: "secure", method: "DELETE", path: `/_security/user/${USER}` },
        }),
      )
      .catch((x: RpcFailure) => x);
    const failure = e as RpcFailure;
    assert.equal(failure.code, -33007, JSON.stringify(e));
    assert.match(failure.message, new RegExp(`Impact, measured now: deletes the user ${USER}`));
  });
});
