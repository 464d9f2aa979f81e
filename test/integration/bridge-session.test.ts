/**
 * quarry-mcp relaying real sessions: the official MCP client spawns
 * bin/quarry-mcp over stdio with a minimal environment (whose `node`, if any, is not Quarry's) and
 * talks to the real app started in this process, on the real 7.17 and 8.x nodes. A 2026-07-28
 * session and legacy 2025-11-25 and 2025-06-18 sessions; tool calls with progress before the
 * result; cancellation reaching the app; many requests in flight; stdout carrying only MCP lines.
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import type { RunningApp } from "../../src/app/app.ts";
import { addConnection } from "../../src/app/connections/connection-service.ts";
import { listPendingApprovals, writeApprovalAnswer } from "../../src/app/mcp-host/approvals.ts";
import {
  BRIDGE,
  type BridgeHome,
  type BridgeSession,
  bridgeClient,
  bridgeHome,
  type Era,
  rpcErrorOf,
  startAppIn,
} from "../support/bridge.ts";
import { connectionTo, MAJORS, node, plainConfig } from "../support/cluster.ts";
import { es } from "../support/es.ts";
import { LISTED_TOOLS } from "../support/mcp.ts";

const RUN = randomBytes(3).toString("hex");
const INDEX = `qt-bridge-${RUN}`;

let home: BridgeHome;
let app: RunningApp;

before(async () => {
  home = await bridgeHome();
  for (const name of MAJORS) {
    await es(name, "PUT", `/${INDEX}`, {
      mappings: { properties: { status: { type: "keyword" }, n: { type: "integer" } } },
      settings: { number_of_replicas: 0 },
    });
    const bulk = Array.from(
      { length: 40 },
      (_, i) =>
        `${JSON.stringify({ index: { _index: INDEX, _id: `d${i}` } })}\n${JSON.stringify({ status: i % 2 ? "open" : "paid", n: i })}\n`,
    ).join("");
    await es(name, "POST", "/_bulk?refresh=true", bulk);
    const { config, secrets } = connectionTo(node(name));
    await addConnection(
      home.storage,
      {
        name: `bridge-${name}`,
        type: "elasticsearch",
        settings: { ...config },
        externalClients: "read-write",
        aiPolicy: "always-allow",
      },
      secrets,
    );
  }
  // A connection that asks the user first: a call on it waits (with progress) for an answer.
  await addConnection(home.storage, {
    name: "bridge-ask",
    type: "elasticsearch",
    settings: { ...plainConfig(node("es8")) },
    externalClients: "read-only",
    aiPolicy: "ask-each-time",
  });
  app = await startAppIn(home);
});

after(async () => {
  await app?.stop();
  for (const name of MAJORS) await es(name, "DELETE", `/${INDEX}`).catch(() => {});
  await home?.cleanup();
});

type ToolAnswer = { content: { type: string; text?: string }[]; structuredContent?: unknown };

async function callJson(s: BridgeSession, name: string, args: Record<string, unknown>) {
  const res = (await s.client.callTool({ name, arguments: args })) as ToolAnswer & {
    isError?: boolean;
  };
  assert.notEqual(res.isError, true, JSON.stringify(res.content));
  return JSON.parse(res.content[0]?.text ?? "null") as Record<string, unknown>;
}

/** Waits for the app's pending approval question (the call is waiting for the user). */
async function pendingApproval(): Promise<string> {
  for (let i = 0; i < 200; i++) {
    const [p] = await listPendingApprovals(home.dir);
    if (p) return p.id;
    await sleep(50);
  }
  throw new Error("no approval question appeared");
}

const ERAS: Era[] = ["2026-07-28", "2025-11-25", "2025-06-18"];

for (const era of ERAS) {
  describe(`a ${era} client through quarry-mcp`, () => {
    let s: BridgeSession;
    before(async () => {
      s = await bridgeClient(home, era);
    });
    after(async () => {
      await s?.close();
    });

    test("negotiates its revision and sees Quarry's identity and instructions", async () => {
      assert.equal(s.client.getNegotiatedProtocolVersion(), era);
      assert.equal(s.client.getServerVersion()?.name, "quarry");
      assert.match(s.client.getInstructions() ?? "", /list_connections/);
      for (let i = 0; i < 100 && !/connected to Quarry/.test(s.stderr()); i++) await sleep(20);
      assert.match(
        s.stderr(),
        /connected to Quarry .* \(process \d+\) at http:\/\/127\.0\.0\.1:\d+\/mcp/,
      );
      assert.doesNotMatch(s.stderr(), /qry_/, "the token never reaches stderr");
    });

    test("lists the tools, resources and prompts", async () => {
      const tools = await s.client.listTools();
      const names = tools.tools.map((t) => t.name);
      // Every tool that answers, and no other: a name not listed is an unknown tool.
      assert.deepEqual(names, LISTED_TOOLS);
      const unknown = await rpcErrorOf(
        s.client.callTool({
          name: "count_rows",
          arguments: { connection: "bridge-es8", table: INDEX },
        }),
      );
      assert.equal(unknown.code, -32602);
      assert.match(unknown.message, /Unknown tool "count_rows"\. Tools: list_connections, /);
      const prompts = await s.client.listPrompts();
      assert.ok(prompts.prompts.length > 0);
      const resources = await s.client.listResources();
      assert.ok(resources.resources.some((r) => r.uri === "quarry://connections"));
      const read = await s.client.readResource({ uri: "quarry://connections" });
      assert.match(JSON.stringify(read.contents), /bridge-es8/);
    });

    test("calls tools on the 7.17, 8.x and 9.x nodes", async () => {
      const list = await callJson(s, "list_connections", {});
      const names = (list.connections as { name: string }[]).map((c) => c.name).sort();
      assert.deepEqual(names, ["bridge-ask", ...MAJORS.map((m) => `bridge-${m}`)]);
      for (const name of MAJORS) {
        const count = await callJson(s, "browse_table", {
          connection: `bridge-${name}`,
          table: INDEX,
          filters: [{ column: "status", op: "eq", value: "paid" }],
          page_size: 0,
        });
        assert.deepEqual(count, { total: 20 });
      }
    });

    test("relays progress before the result, and the result after the user answers", async () => {
      const progress: { progress: number; message?: string }[] = [];
      let resolved = false;
      const call = s.client
        .callTool(
          { name: "list_tables", arguments: { connection: "bridge-ask" } },
          { onprogress: (p) => void progress.push(p), timeout: 60_000 },
        )
        .finally(() => {
          resolved = true;
        });
      const id = await pendingApproval();
      for (let i = 0; i < 100 && progress.length === 0; i++) await sleep(20);
      assert.ok(progress.length >= 1, "progress arrived while the call waited");
      assert.match(progress[0]?.message ?? "", /Waiting for the user/);
      assert.equal(resolved, false, "no result before the user answered");
      await writeApprovalAnswer(home.dir, id, { approve: true, grantMs: 0 });
      const res = (await call) as ToolAnswer;
      const text = res.content[0]?.text ?? "";
      assert.match(text, new RegExp(INDEX));
    });

    test("a cancelled call is abandoned by the app too", async () => {
      const controller = new AbortController();
      const call = s.client.callTool(
        { name: "list_tables", arguments: { connection: "bridge-ask" } },
        { signal: controller.signal, timeout: 60_000 },
      );
      const id = await pendingApproval();
      controller.abort("the user changed their mind");
      await assert.rejects(call);
      // notifications/cancelled → the bridge closes the request's stream → the app withdraws the
      // question it was asking the user.
      for (let i = 0; i < 100; i++) {
        if (!(await listPendingApprovals(home.dir)).some((p) => p.id === id)) break;
        await sleep(50);
      }
      assert.equal(
        (await listPendingApprovals(home.dir)).some((p) => p.id === id),
        false,
        "the app withdrew the question",
      );
      // The session goes on.
      const list = await callJson(s, "list_connections", {});
      assert.ok(Array.isArray(list.connections));
    });

    test("many requests in flight at once, one of them waiting for the user", async () => {
      const waiting = s.client.callTool(
        { name: "list_tables", arguments: { connection: "bridge-ask" } },
        { timeout: 60_000 },
      );
      const id = await pendingApproval();
      const calls = Array.from({ length: 12 }, (_, i) =>
        callJson(s, "browse_table", {
          connection: i % 2 ? "bridge-es7" : "bridge-es8",
          table: INDEX,
          filters: [{ column: "n", op: "lt", value: i + 1 }],
          page_size: 0,
        }),
      );
      const counts = (await Promise.all(calls)).map((c) => c.total);
      assert.deepEqual(
        counts,
        Array.from({ length: 12 }, (_, i) => i + 1),
        "each answer went to its own request",
      );
      await writeApprovalAnswer(home.dir, id, { approve: true, grantMs: 0 });
      await waiting;
    });

    test("refusals of the app come through with their code and layer", async () => {
      const e = await rpcErrorOf(
        s.client.callTool({
          name: "execute_query",
          arguments: { connection: "bridge-ask", method: "DELETE", path: `/${INDEX}` },
        }),
      );
      assert.equal(e.code, -33007);
      assert.match(e.message, /^Forbidden by /);
    });
  });
}

test("stdout carries only MCP messages, one per line; errors name the bridge", async () => {
  const child = spawn(BRIDGE, [], { env: home.bridgeEnv(), stdio: ["pipe", "pipe", "pipe"] });
  let out = "";
  let err = "";
  child.stdout.setEncoding("utf8").on("data", (c: string) => {
    out += c;
  });
  child.stderr.setEncoding("utf8").on("data", (c: string) => {
    err += c;
  });
  const meta = {
    "io.modelcontextprotocol/protocolVersion": "2026-07-28",
    "io.modelcontextprotocol/clientCapabilities": {},
  };
  const lines = [
    {
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "list_connections", arguments: {}, _meta: { ...meta, progressToken: "p1" } },
    },
    "this is not JSON",
    [{ jsonrpc: "2.0", id: 2, method: "ping" }],
    { jsonrpc: "2.0", id: 3, method: "tools/list" },
    {
      jsonrpc: "2.0",
      id: 4,
      method: "initialize",
      params: {
        protocolVersion: "2025-03-26",
        capabilities: {},
        clientInfo: { name: "old", version: "1" },
      },
    },
    { jsonrpc: "2.0", id: 5, method: "ping" },
    {
      jsonrpc: "2.0",
      id: 6,
      method: "resources/read",
      params: { uri: "quarry://connections/bridge-es8/tables", _meta: meta },
    },
  ];
  child.stdin.end(
    `${lines.map((l) => (typeof l === "string" ? l : JSON.stringify(l))).join("\n")}\n`,
  );
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  assert.equal(code, 0, err);
  const messages = out
    .trimEnd()
    .split("\n")
    .map(
      (l) =>
        JSON.parse(l) as {
          id: unknown;
          result?: unknown;
          error?: { code: number; message: string };
        },
    );
  const byId = new Map(messages.map((m) => [JSON.stringify(m.id), m]));
  assert.ok(byId.get("1")?.result, "the tool call was answered");
  const nulls = messages.filter((m) => m.id === null);
  assert.deepEqual(
    nulls.map((m) => m.error?.code).sort((a = 0, b = 0) => a - b),
    [-32700, -32600],
  );
  assert.equal(byId.get("3")?.error?.code, -32600, "a request without _meta or initialize");
  assert.match(byId.get("3")?.error?.message ?? "", /stdio bridge quarry-mcp/);
  assert.equal(byId.get("4")?.error?.code, -32602, "2025-03-26 is refused as on HTTP");
  assert.deepEqual(byId.get("5")?.result, {});
  assert.match(JSON.stringify(byId.get("6")?.result), new RegExp(INDEX));
  assert.match(err, /Parse error/, "failures go to stderr too");
  assert.doesNotMatch(`${out}${err}`, /qry_[A-Za-z0-9_-]{43}/, "no token anywhere");
});

test("the bridge runs with Quarry's own Node whatever `node` is on the PATH", async () => {
  // /usr/bin:/bin may hold an older node; an empty PATH holds none at all.
  for (const PATH of ["/usr/bin:/bin", "/nonexistent"]) {
    const child = spawn(BRIDGE, ["--version"], { env: { ...home.bridgeEnv(), PATH } });
    let out = "";
    child.stdout.setEncoding("utf8").on("data", (c: string) => {
      out += c;
    });
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    assert.equal(code, 0);
    const pkg = JSON.parse(
      await readFile(join(import.meta.dirname, "..", "..", "package.json"), "utf8"),
    );
    assert.equal(out.trim(), pkg.version);
  }
  assert.ok((await readdir(home.dir)).includes("mcp-handshake.json"));
});
