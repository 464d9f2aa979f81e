/**
 * The MCP server from the command line and in the running app: `quarry tokens create|list|revoke`,
 * `quarry mcp status|enable|disable|port|limits|audit|approvals|deny`, and the acceptance path: the
 * app started by `quarry start --background` runs the server, `quarry mcp status` shows its port,
 * and an MCP client configured by hand with a user token works against it.
 */
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { after, before, describe, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { promisify } from "node:util";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { type McpService, startMcpService } from "../../src/app/mcp-host/mcp-service.ts";
import { McpSettingsStore } from "../../src/app/mcp-host/mcp-settings.ts";
import { addNodeConnection, connectClient, type TestHome, testHome } from "../support/mcp.ts";
import { QUARRY, type Sandbox, sandbox, waitFor } from "../support/quarry.ts";

const exec = promisify(execFile);

/** Runs `quarry <args>` without blocking this process (which may be serving the endpoint). */
async function runAsync(box: Sandbox, args: string[]): Promise<string> {
  return (await exec(QUARRY, args, { env: box.env, timeout: 60_000 })).stdout;
}

describe("quarry tokens", () => {
  let box: Sandbox;
  before(() => {
    box = sandbox();
  });
  after(() => box.dispose());

  test("create prints the token once; list never shows it; revoke", () => {
    const created = box.run([
      "tokens",
      "create",
      "--name",
      "desk",
      "--scope",
      "readWrite",
      "--json",
    ]);
    assert.equal(created.status, 0, created.stderr);
    const t = JSON.parse(created.stdout) as { token: string; scope: string; expiresAt: string };
    assert.match(t.token, /^qry_/);
    assert.equal(t.scope, "read-write");
    assert.ok(t.expiresAt, "a token expires in 90 days unless told otherwise");

    const human = box.run([
      "tokens",
      "create",
      "--name",
      "forever",
      "--scope",
      "full-access",
      "--expires",
      "never",
    ]);
    assert.equal(human.status, 0, human.stderr);
    assert.match(human.stdout, /Quarry shows it only this once/);
    assert.match(human.stdout, /\n {2}qry_[A-Za-z0-9_-]{43}\n/);

    const list = box.run(["tokens", "list"]);
    assert.equal(list.status, 0);
    assert.match(list.stdout, /desk\s+qry_\S+\s+Read & Write/);
    assert.ok(!list.stdout.includes(t.token));
    assert.match(list.stdout, /LAST USED/);
    const listed = box.run(["tokens", "list", "--json"]).stdout;
    assert.ok(!listed.includes(t.token));
    const desk = (JSON.parse(listed) as { tokens: { name: string; lastUsedAt: unknown }[] }).tokens;
    assert.equal(desk.find((x) => x.name === "desk")?.lastUsedAt, null, "not used yet");

    assert.equal(box.run(["tokens", "revoke", "desk"]).status, 0);
    assert.match(box.run(["tokens", "list"]).stdout, /desk.*revoked/);
  });

  test("bad input is refused with exit code 2 and a remedy", () => {
    /** `quarry tokens create` of a read-only token "x", with one more refusable flag. */
    const createReadOnly = (...more: string[]) =>
      box.run(["tokens", "create", "--name", "x", "--scope", "read-only", ...more]);
    const scope = box.run(["tokens", "create", "--name", "x", "--scope", "admin"]);
    assert.equal(scope.status, 2);
    assert.match(scope.stderr, /"admin" is not a scope/);
    assert.match(scope.stderr, /read-only \(Read Only\)/);
    const expires = createReadOnly("--expires", "soon");
    assert.equal(expires.status, 2);
    const conn = createReadOnly("--connections", "nope");
    assert.equal(conn.status, 2);
    assert.match(conn.stderr, /No saved connection is named "nope"/);
    assert.equal(box.run(["tokens", "revoke", "ghost"]).status, 2);
  });
});

describe("quarry mcp with a running MCP service", () => {
  let home: TestHome;
  let service: McpService;
  let box: Sandbox;

  before(async () => {
    home = await testHome();
    await addNodeConnection(home, "asks", "es8", "read-write", "ask-each-time");
    // A random preferred port; if it is taken the server falls back to any free one.
    await new McpSettingsStore(home.dir).update((s) => {
      s.preferredPort = 20000 + Math.floor(Math.random() * 20000);
    });
    service = await startMcpService({ env: home.env, storage: home.storage });
    box = sandbox({ QUARRY_HOME: home.dir });
  });
  after(async () => {
    await service.stop();
    await home.cleanup();
  });

  test("status shows the bound port, proven by the endpoint", async () => {
    const s = service.status();
    assert.equal(s.state, "running");
    // Not box.run: a synchronous child would block this process, which serves the endpoint.
    const res = await runAsync(box, ["mcp", "status", "--json"]);
    const out = JSON.parse(res) as { running: boolean; port: number; url: string };
    assert.equal(out.running, true);
    assert.equal(out.port, s.state === "running" ? s.port : -1);
    assert.match(await runAsync(box, ["mcp", "status"]), new RegExp(`Running on port ${out.port}`));
  });

  test("disable stops the running server at once; enable starts it again", async () => {
    assert.equal(box.run(["mcp", "disable"]).status, 0);
    await waitFor(() => service.status().state === "disabled", "the server to stop", 5000);
    const off = JSON.parse(box.run(["mcp", "status", "--json"]).stdout) as { running: boolean };
    assert.equal(off.running, false);
    assert.equal(box.run(["mcp", "enable"]).status, 0);
    await waitFor(() => service.status().state === "running", "the server to start", 5000);
  });

  test("limits are shown and changed", () => {
    const res = box.run(["mcp", "limits", "--requests-per-minute", "1200", "--json"]);
    assert.equal(res.status, 0, res.stderr);
    assert.equal((JSON.parse(res.stdout) as { requestsPerMinute: number }).requestsPerMinute, 1200);
    assert.equal(box.run(["mcp", "limits", "--concurrent", "zero"]).status, 2);
  });

  test("a waiting approval is listed and denied from the CLI; the audit log shows it", async () => {
    const created = JSON.parse(
      box.run(["tokens", "create", "--name", "agent", "--scope", "read-only", "--json"]).stdout,
    ) as { token: string };
    const s = service.status();
    assert.equal(s.state, "running");
    const client = await connectClient(
      new URL(s.state === "running" ? s.url : ""),
      created.token,
      "2025-11-25",
    );
    try {
      const call = client.callTool({ name: "list_tables", arguments: { connection: "asks" } });
      const refused = assert.rejects(
        call,
        (e: { code: number; data: { layer: string } }) =>
          e.code === -33007 && e.data.layer === "ai-policy",
      );
      let pending: { id: string; connection: { name: string }; tokenName: string }[] = [];
      await waitFor(() => {
        pending = JSON.parse(box.run(["mcp", "approvals", "--json"]).stdout).pending;
        return pending.length > 0;
      }, "the approval to be listed");
      assert.equal(pending[0]?.connection.name, "asks");
      assert.equal(pending[0]?.tokenName, "agent");
      assert.match(box.run(["mcp", "approvals"]).stdout, /list_tables on "asks" by token "agent"/);
      assert.equal(box.run(["mcp", "deny", pending[0]!.id]).status, 0);
      await refused;
      assert.equal(box.run(["mcp", "deny", "ffffffff"]).status, 2);
    } finally {
      await client.close();
    }
    await service.audit.flush();
    const audit = JSON.parse(box.run(["mcp", "audit", "--refused", "--json"]).stdout) as {
      entries: { token: string; layer: string; approval: string }[];
    };
    assert.ok(
      audit.entries.some(
        (e) => e.token === "agent" && e.layer === "ai-policy" && e.approval === "denied",
      ),
    );
  });
});

describe("the running app (acceptance)", () => {
  let box: Sandbox;
  before(() => {
    box = sandbox();
  });
  after(() => box.dispose());

  test("quarry start runs the MCP server; a client configured by hand with a user token works", async () => {
    box.run(["mcp", "port", String(20000 + Math.floor(Math.random() * 20000))]);
    const started = box.run(["start", "--background", "--json"]);
    assert.equal(started.status, 0, started.stderr);
    let status: { running: boolean; port: number; url: string } = {
      running: false,
      port: 0,
      url: "",
    };
    await waitFor(() => {
      status = JSON.parse(box.run(["mcp", "status", "--json"]).stdout);
      return status.running;
    }, "the MCP server to run");
    const token = (
      JSON.parse(
        box.run(["tokens", "create", "--name", "by-hand", "--scope", "read-only", "--json"]).stdout,
      ) as { token: string }
    ).token;
    // A client configured by hand: { "url": ..., "headers": { "Authorization": "Bearer ..." } }.
    const client = new Client(
      { name: "by-hand", version: "1" },
      { versionNegotiation: { mode: "auto" } },
    );
    await client.connect(
      new StreamableHTTPClientTransport(new URL(status.url), {
        requestInit: { headers: { Authorization: `Bearer ${token}` } },
      }),
    );
    try {
      assert.equal(client.getNegotiatedProtocolVersion(), "2026-07-28");
      const res = await client.callTool({ name: "list_connections", arguments: {} });
      assert.deepEqual(res.structuredContent, { connections: [] });
    } finally {
      await client.close();
    }
    await sleep(100);
    const audit = box.run(["mcp", "audit"]);
    assert.match(audit.stdout, /by-hand\s+tools\/call list_connections/);
  });
});
