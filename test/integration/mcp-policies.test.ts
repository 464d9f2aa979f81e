/**
 * The stacked policies through the official client on a real node: each
 * hiding rule, each -33007 layer named, the Read Only refusal with the spec's message, token
 * scopes against each kind of tool, the destructive guard and its confirmation, Ask Each Time,
 * and what the audit log records.
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, describe, test } from "node:test";
import type { Client } from "@modelcontextprotocol/client";
import { DENY_COOL_OFF_MS } from "../../src/app/mcp-host/approvals.ts";
import { readAudit } from "../../src/app/storage/audit-log.ts";
import { es } from "../support/es.ts";
import { addNodeConnection, mcpClientFor, mcpTestServer, refused } from "../support/mcp.ts";

const INDEX = `qt-mcp-policy-${randomBytes(3).toString("hex")}`;

const srv = mcpTestServer({
  connections: async (home) => {
    await addNodeConnection(home, "rw", "es8", "read-write", "always-allow");
    await addNodeConnection(home, "ro", "es8", "read-only", "always-allow");
    await addNodeConnection(home, "blocked", "es8", "blocked", "always-allow");
    await addNodeConnection(home, "never", "es8", "read-write", "never");
    await addNodeConnection(home, "asks", "es8", "read-write", "ask-each-time");
  },
  tokens: {
    ro: "read-only",
    rw: "read-write",
    full: "full-access",
    only: { scope: "full-access", connections: ["rw", "blocked"] },
  },
  server: { approvalTimeoutMs: 2000 },
});
const { tokens } = srv;
const client = mcpClientFor(srv);

before(async () => {
  await es("es8", "PUT", `/${INDEX}`, { mappings: { properties: { n: { type: "integer" } } } });
  await es("es8", "PUT", `/${INDEX}/_doc/1?refresh=true`, { n: 1 });
});

after(async () => {
  await es("es8", "DELETE", `/${INDEX}`);
});

const names = async (c: Client) =>
  (
    (await c.callTool({ name: "list_connections", arguments: {} })).structuredContent as {
      connections: { name: string; access: string; asks_first: boolean }[];
    }
  ).connections;

describe("hiding rules", () => {
  test("Blocked and AI policy Never are hidden from list_connections and the resources", async () => {
    const c = await client(tokens.full!);
    const listed = await names(c);
    assert.deepEqual(
      listed.map((x) => x.name),
      ["asks", "ro", "rw"],
    );
    assert.deepEqual(
      listed.map((x) => [x.name, x.access, x.asks_first]),
      [
        ["asks", "read-write", true],
        ["ro", "read-only", false],
        ["rw", "read-write", false],
      ],
    );
    const resources = (await c.listResources()).resources.map((r) => r.uri);
    assert.ok(resources.includes("quarry://connections/rw/tables"));
    assert.ok(!resources.some((u) => u.includes("blocked") || u.includes("never")));
  });

  test("the token's allowlist hides what it excludes, on top of the connection's level", async () => {
    const c = await client(tokens.only!);
    assert.deepEqual(
      (await names(c)).map((x) => x.name),
      ["rw"],
      "blocked is in the allowlist but still hidden by its level",
    );
  });

  test("a read-only token sees read-only access everywhere", async () => {
    const c = await client(tokens.ro!);
    assert.ok((await names(c)).every((x) => x.access === "read-only"));
  });
});

describe("each refusing layer is named (-33007)", () => {
  test("External Clients = Blocked", async () => {
    const e = await refused(
      (await client(tokens.full!)).callTool({
        name: "list_tables",
        arguments: { connection: "blocked" },
      }),
    );
    assert.equal(e.code, -33007);
    assert.equal(e.data.layer, "external-clients");
    assert.match(
      e.message,
      /^Forbidden by the connection's External Clients level: connection "blocked" is Blocked/,
    );
  });

  test("AI policy = Never (tools, resources and prompts alike)", async () => {
    const c = await client(tokens.full!);
    for (const p of [
      () =>
        c.callTool({ name: "describe_table", arguments: { connection: "never", table: INDEX } }),
      () => c.readResource({ uri: "quarry://connections/never/tables" }),
      () =>
        c.getPrompt({ name: "explore_index", arguments: { connection: "never", table: INDEX } }),
    ]) {
      const e = await refused(p());
      assert.equal(e.code, -33007);
      assert.equal(e.data.layer, "ai-policy");
      assert.match(e.message, /AI policy Never/);
    }
  });

  test("the token's allowlist", async () => {
    const e = await refused(
      (await client(tokens.only!)).callTool({
        name: "browse_table",
        arguments: { connection: "ro", table: INDEX, page_size: 0 },
      }),
    );
    assert.equal(e.data.layer, "token-allowlist");
    assert.match(e.message, /this token may not use connection "ro"/);
  });

  test("Read Only: a statement that writes is refused with the spec's message and remedy", async () => {
    const c = await client(tokens.full!);
    const e = await refused(
      c.callTool({
        name: "execute_query",
        arguments: { connection: "ro", method: "PUT", path: `/${INDEX}/_doc/2`, body: { n: 2 } },
      }),
    );
    assert.equal(e.code, -33007);
    assert.equal(e.data.layer, "external-clients");
    assert.match(e.message, /connection "ro" is read only for external clients/);
    assert.match(e.data.remedy, /connection editor's Advanced pane/);
    assert.match(e.data.remedy, /console/);
    const read = await c.callTool({
      name: "execute_query",
      arguments: { connection: "ro", method: "GET", path: `/${INDEX}/_search` },
    });
    assert.equal(read.isError ?? false, false, "reads run on a Read Only connection");
    assert.equal((await es("es8", "GET", `/${INDEX}/_doc/2`)).status, 404, "nothing was written");
  });

  test("the token's scope: a Read Only token cannot write on a Read & Write connection", async () => {
    const e = await refused(
      (await client(tokens.ro!)).callTool({
        name: "execute_query",
        arguments: { connection: "rw", method: "POST", path: `/${INDEX}/_doc`, body: { n: 3 } },
      }),
    );
    assert.equal(e.data.layer, "token-scope");
    assert.match(e.message, /the token is Read Only and this request writes/);
  });

  test("Read & Write token writes; its reads and writes are audited with their class", async () => {
    const c = await client(tokens.rw!);
    const res = await c.callTool({
      name: "execute_query",
      arguments: {
        connection: "rw",
        method: "PUT",
        path: `/${INDEX}/_doc/rw?refresh=true`,
        body: { n: 4 },
      },
    });
    assert.equal(res.isError ?? false, false, JSON.stringify(res.structuredContent));
    await srv.audit.flush();
    const entries = await readAudit(srv.home.dir, { token: "rw" });
    const last = entries.at(-1)!;
    assert.deepEqual(last.request, {
      method: "PUT",
      path: `/${INDEX}/_doc/rw?refresh=…`,
      class: "write",
    });
    assert.equal(last.outcome, "allowed");
    assert.equal(last.connection?.name, "rw");
    assert.ok(!JSON.stringify(entries).includes('"n":4'), "bodies are not logged");
    // A read-only tool without a console request of its own is audited as a read.
    const counted = await c.callTool({
      name: "browse_table",
      arguments: { connection: "rw", table: INDEX, page_size: 0 },
    });
    assert.deepEqual(counted.structuredContent, { total: 2 });
    await srv.audit.flush();
    const count = (await readAudit(srv.home.dir, { token: "rw" })).at(-1)!;
    assert.equal(count.target, "browse_table");
    assert.equal(count.request, undefined);
    assert.equal(count.class, "read");
  });
});

describe("destructive requests", () => {
  test("execute_query refuses them and points at confirm_destructive_operation", async () => {
    const e = await refused(
      (await client(tokens.full!)).callTool({
        name: "execute_query",
        arguments: { connection: "rw", method: "DELETE", path: `/${INDEX}` },
      }),
    );
    assert.equal(e.data.layer, "destructive-guard");
    assert.match(e.data.remedy, /confirm_destructive_operation/);
    assert.equal((await es("es8", "HEAD", `/${INDEX}`)).status, 200);
  });

  test("confirm_destructive_operation needs Full Access: the bridge's Read & Write is refused", async () => {
    const e = await refused(
      (await client(tokens.rw!)).callTool({
        name: "confirm_destructive_operation",
        arguments: { connection: "rw", method: "DELETE", path: `/${INDEX}` },
      }),
    );
    assert.equal(e.data.layer, "token-scope");
    assert.match(e.message, /needs a Full Access token/);
  });

  test("it runs only destructive requests", async () => {
    const res = await (await client(tokens.full!)).callTool({
      name: "confirm_destructive_operation",
      arguments: { connection: "rw", method: "GET", path: `/${INDEX}/_search` },
    });
    assert.equal(res.isError, true);
    assert.match(
      (res.content as { text: string }[])[0]!.text,
      /only runs destructive and admin requests/,
    );
  });

  test("the user denies: -33007 named by the user's answer, and the index stays", async () => {
    const c = await client(tokens.full!);
    const off = srv.approvals.onChange(() => {
      for (const p of srv.approvals.pending()) srv.approvals.answer(p.id, { approve: false });
    });
    try {
      const e = await refused(
        c.callTool({
          name: "confirm_destructive_operation",
          arguments: { connection: "rw", method: "DELETE", path: `/${INDEX}` },
        }),
      );
      assert.equal(e.data.layer, "user-approval");
      assert.match(e.message, /the user denied this request/);
      assert.equal((await es("es8", "HEAD", `/${INDEX}`)).status, 200);
    } finally {
      off();
    }
  });

  test("after a denial, the words hold: the next destructive request is refused without asking", async () => {
    const c = await client(tokens.full!);
    let asked = 0;
    const off = srv.approvals.onChange(() => {
      for (const p of srv.approvals.pending()) {
        asked++;
        srv.approvals.answer(p.id, { approve: false });
      }
    });
    const destroy = (path: string) =>
      refused(
        c.callTool({
          name: "confirm_destructive_operation",
          arguments: { connection: "rw", method: "DELETE", path },
        }),
      );
    try {
      srv.home.clock.advance(DENY_COOL_OFF_MS); // whatever earlier tests denied is over
      const first = await destroy(`/${INDEX}`);
      assert.equal(asked, 1);
      assert.match(
        first.data.remedy,
        /^Do not retry: for 60 s further destructive requests on this connection are refused without asking/,
      );
      const second = await destroy(`/${INDEX}-other`);
      assert.equal(asked, 1, "the user was not asked again within the 60 s");
      assert.equal(second.data.layer, "user-approval");
      assert.equal(second.data.rule, "approval-denied");
      assert.match(second.message, /a moment ago: for 60 s after a denial/);
      srv.home.clock.advance(DENY_COOL_OFF_MS);
      await destroy(`/${INDEX}`);
      assert.equal(asked, 2, "asked again once the 60 s are over");
      assert.equal((await es("es8", "HEAD", `/${INDEX}`)).status, 200);
    } finally {
      off();
    }
  });
});

describe("Ask Each Time", () => {
  test("the user is asked in Quarry with the request shown; an approval lasts for that token", async () => {
    const c = await client(tokens.rw!);
    const asked: string[] = [];
    const off = srv.approvals.onChange(() => {
      for (const p of srv.approvals.pending()) {
        asked.push(
          `${p.tokenName} ${p.target} ${p.request?.method ?? ""} ${p.request?.path ?? ""}`.trim(),
        );
        srv.approvals.answer(p.id, { approve: true });
      }
    });
    try {
      const progress: string[] = [];
      const first = await c.callTool(
        {
          name: "execute_query",
          arguments: { connection: "asks", method: "GET", path: `/${INDEX}/_count` },
        },
        { onprogress: (p) => progress.push(p.message ?? "") },
      );
      assert.equal(first.isError ?? false, false);
      assert.match(
        progress[0] ?? "",
        /^Waiting for the user to answer in Quarry \(approval [0-9a-f]+: quarry mcp approve [0-9a-f]+\)$/,
        "the wait is told on the call's own response stream",
      );
      const second = await c.callTool({
        name: "browse_table",
        arguments: { connection: "asks", table: INDEX, page_size: 0 },
      });
      assert.equal(second.isError ?? false, false);
      assert.deepEqual(
        asked,
        [`rw execute_query GET /${INDEX}/_count`],
        "asked once, then remembered",
      );
    } finally {
      off();
    }
    await srv.audit.flush();
    const approvals = (await readAudit(srv.home.dir, { connection: "asks" })).map(
      (e) => e.approval,
    );
    assert.deepEqual(approvals.slice(-2), ["approved", "remembered"]);
  });

  test("nobody answers: refused once the approval times out", async () => {
    const c = await client(tokens.full!);
    const e = await refused(c.callTool({ name: "list_tables", arguments: { connection: "asks" } }));
    assert.equal(e.data.layer, "ai-policy");
    assert.match(e.message, /nobody approved this request/);
    assert.match(e.data.remedy, /quarry mcp approve/);
  });
});

describe("each scope against each tool", () => {
  const readCalls: [string, Record<string, unknown>][] = [
    ["list_connections", {}],
    ["list_tables", { connection: "rw" }],
    ["describe_table", { connection: "rw", table: INDEX }],
    // An index's mapping, a count, a document by _id and a query's explanation are requests
    // through execute_query and browse_table, not tools of their own.
    ["execute_query", { connection: "rw", method: "GET", path: `/${INDEX}/_mapping` }],
    ["browse_table", { connection: "rw", table: INDEX }],
    ["browse_table", { connection: "rw", table: INDEX, page_size: 0 }],
    ["execute_query", { connection: "rw", method: "GET", path: `/${INDEX}/_doc/1` }],
    [
      "execute_query",
      {
        connection: "rw",
        method: "GET",
        path: `/${INDEX}/_validate/query?explain=true&rewrite=true`,
        body: { query: { match_all: {} } },
      },
    ],
    ["execute_query", { connection: "rw", method: "POST", path: `/${INDEX}/_search` }],
    ["aggregate", { connection: "rw", table: INDEX, kind: "stats", field: "n" }],
    ["catalog", { connection: "rw", view: "health", table: INDEX }],
    ["export_data", { connection: "rw", table: INDEX }],
  ];
  /** The tools that answered before under names of their own; each is an unknown tool now. */
  const formerTools: [string, Record<string, unknown>][] = [
    ["get_mapping", { connection: "rw", table: INDEX }],
    ["count_rows", { connection: "rw", table: INDEX }],
    ["get_document", { connection: "rw", table: INDEX, id: "1" }],
    ["explain_query", { connection: "rw", table: INDEX, query: { match_all: {} } }],
    ["cluster_health", { connection: "rw" }],
    ["get_shards", { connection: "rw", table: INDEX }],
    ["index_stats", { connection: "rw" }],
    ["index_details", { connection: "rw", table: INDEX }],
    ["search_fields", { connection: "rw", name: "n" }],
  ];
  const write = {
    connection: "rw",
    method: "PUT",
    path: `/${INDEX}/_doc/scoped?refresh=true`,
    body: { n: 5 },
  };
  const destroy = { connection: "rw", method: "DELETE", path: `/${INDEX}` };

  for (const scope of ["ro", "rw", "full"] as const) {
    test(`${scope}: every read tool runs`, async () => {
      const c = await client(tokens[scope]!);
      for (const [name, args] of readCalls) {
        const res = await c.callTool({ name, arguments: args });
        assert.equal(
          res.isError ?? false,
          false,
          `${scope} ${name}: ${JSON.stringify(res.content)}`,
        );
      }
    });

    test(`${scope}: every tool that answers is listed, and the former tools are unknown`, async () => {
      const c = await client(tokens[scope]!);
      const listed = (await c.listTools()).tools.map((t) => t.name);
      for (const [name] of readCalls) assert.ok(listed.includes(name), `${name} in ${listed}`);
      assert.ok(listed.includes("confirm_destructive_operation"));
      for (const [name, args] of formerTools) {
        assert.ok(!listed.includes(name), `${name} is not listed`);
        const e = await refused(c.callTool({ name, arguments: args }));
        assert.equal(e.code, -32602, `${scope} ${name}: ${e.message}`);
        assert.match(e.message, new RegExp(`^Unknown tool "${name}"\\. Tools: `));
        // The refusal names exactly the tools tools/list gives.
        assert.deepEqual(
          e.message
            .replace(/^.*Tools: /, "")
            .replace(/\.$/, "")
            .split(", "),
          listed,
        );
      }
    });

    test(`${scope}: execute_query writes ${scope === "ro" ? "are refused" : "run"}`, async () => {
      const c = await client(tokens[scope]!);
      const p = c.callTool({ name: "execute_query", arguments: write });
      if (scope === "ro") assert.equal((await refused(p)).data.layer, "token-scope");
      else assert.equal((await p).isError ?? false, false);
    });

    test(`${scope}: confirm_destructive_operation ${scope === "full" ? "asks the user" : "is refused by the scope"}`, async () => {
      const c = await client(tokens[scope]!);
      const off = srv.approvals.onChange(() => {
        for (const p of srv.approvals.pending()) srv.approvals.answer(p.id, { approve: false });
      });
      try {
        const e = await refused(
          c.callTool({ name: "confirm_destructive_operation", arguments: destroy }),
        );
        assert.equal(e.data.layer, scope === "full" ? "user-approval" : "token-scope");
        assert.equal(
          e.data.rule,
          { ro: "read-only-token", rw: "confirmation-needs-full-access", full: "approval-denied" }[
            scope
          ],
        );
      } finally {
        off();
      }
      assert.equal((await es("es8", "HEAD", `/${INDEX}`)).status, 200);
    });
  }
});
