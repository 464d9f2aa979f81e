/**
 * Fuzzing the running app (seeded and bounded, test/support/fuzz.ts), started as its own process
 * by `quarry start --background`, with a real node behind it reached as a user that may touch one
 * index only (test/support/fuzz-cluster.ts):
 * - the bridge: bin/quarry-mcp, connected to the app, reads thousands of malformed or random lines
 *   on its standard input; every request is answered exactly once with a well-formed JSON-RPC
 *   message, nothing else is written, and it still answers a normal request afterwards;
 * - every route of the UI's API, read from its route table (test/support/fuzz-routes.ts): each
 *   field left out or of another type, garbage, random path values; what its schema refuses is a
 *   400 naming the field, an unknown connection a 404, nothing a 500;
 * - the UI's API: thousands of malformed or random requests, with the per-run secret and without;
 *   every answer comes in time, none is a 500, every refusal has the API's error shape
 *   `{error: {code, message, remedy}}`.
 * Afterwards the app process is alive and answers.
 */
import assert from "node:assert/strict";
import { type ChildProcessWithoutNullStreams, spawn, spawnSync } from "node:child_process";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { addConnection } from "../../src/app/connections/connection-service.ts";
import { McpSettingsStore } from "../../src/app/mcp-host/mcp-settings.ts";
import { BRIDGE, type BridgeHome, bridgeHome, MODERN_META, QUARRY } from "../support/bridge.ts";
import {
  checkApiError,
  checkRpcMessage,
  fuzz,
  fuzzSeed,
  mutateJson,
  mutateText,
  Prng,
  randomJson,
  randomString,
  rawHttp,
  safeJson,
  sendAsIs,
} from "../support/fuzz.ts";
import { type FuzzCluster, fuzzCluster } from "../support/fuzz-cluster.ts";
import { routeCases } from "../support/fuzz-routes.ts";
import { uiRouteTable } from "../support/ui-routes.ts";

const BRIDGE_LINES = 2400;
const API_COUNT = 2400;

let home: BridgeHome;
let cluster: FuzzCluster;
let app: { pid: number; port: number; secret: string };
const connectionIds: string[] = [];

before(async () => {
  home = await bridgeHome();
  cluster = await fuzzCluster("app");
  for (const [name, ask] of [
    ["fz", false],
    ["fz-ask", true],
  ] as const) {
    const saved = await addConnection(
      home.storage,
      {
        name,
        type: "elasticsearch",
        settings: { ...cluster.config },
        externalClients: "read-write",
        aiPolicy: ask ? "ask-each-time" : "always-allow",
      },
      cluster.secrets,
    );
    connectionIds.push(saved.id);
  }
  // The fuzzers send thousands of requests a minute with one token: not what the limits test.
  await new McpSettingsStore(home.dir).update((s) => {
    s.limits.requestsPerMinute = 1_000_000;
    s.limits.concurrentRequests = 10_000;
    s.limits.approvalTimeoutSeconds = 5;
  });
  const started = spawnSync(QUARRY, ["start", "--background", "--json"], {
    env: home.env,
    encoding: "utf8",
    timeout: 60_000,
  });
  assert.equal(started.status, 0, started.stderr);
  const instance = JSON.parse(await readFile(join(home.dir, "instance.json"), "utf8")) as {
    pid: number;
    port: number;
    secret: string;
  };
  app = { pid: instance.pid, port: instance.port, secret: instance.secret };
});

after(async () => {
  await home?.cleanup(); // stops the app (quarry stop)
  await cluster?.dispose();
});

/** A failure, with the end of the app's log (what it said when it failed, or died). */
async function withAppLog<T>(p: Promise<T>): Promise<T> {
  try {
    return await p;
  } catch (e) {
    const log = await readFile(join(home.dir, "logs", "app.log"), "utf8").catch(() => "");
    throw new Error(
      `${e instanceof Error ? e.message : String(e)}\napp ${alive(app.pid) ? "alive" : "DEAD"}; end of logs/app.log:\n${log.slice(-4000)}`,
      { cause: e },
    );
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

// --- The bridge's standard input --------------------------------------------------------------

interface BridgeLine {
  text: string;
  /** How many answers this line must get (0 or 1), and with which id. */
  answers: 0 | 1;
  id: string | number | null;
}

let nextId = 0;

function bridgeLine(r: Prng): BridgeLine {
  const request = (message: Record<string, unknown>, id: string | number = ++nextId) => ({
    text: JSON.stringify({ jsonrpc: "2.0", id, ...message }),
    answers: 1 as const,
    id,
  });
  const modern = (params: Record<string, unknown> = {}) => ({
    ...params,
    _meta: r.chance(0.9) ? MODERN_META : mutateJson(r, MODERN_META),
  });
  return r.weighted<BridgeLine>([
    [
      6,
      () =>
        request({
          method: "tools/call",
          params: modern({
            name: r.pick([
              "list_connections",
              "list_tables",
              "catalog",
              "browse_table",
              "describe_table",
              "execute_query",
              "nope",
            ]),
            arguments: r.chance(0.7)
              ? {
                  connection: r.pick(["fz", "fz-ask", "ghost"]),
                  table: cluster.index,
                  method: "GET",
                  path: `/${cluster.index}/_count`,
                }
              : randomJson(r, 2),
          }),
        }),
    ],
    [
      2,
      () =>
        request({
          method: r.pick([
            "tools/list",
            "resources/list",
            "prompts/list",
            "server/discover",
            "ping",
            "resources/templates/list",
          ]),
          params: modern(),
        }),
    ],
    [
      1,
      () =>
        request({
          method: "resources/read",
          params: modern({
            uri: r.pick([
              "quarry://connections",
              `quarry://connections/fz/tables/${cluster.index}`,
              randomString(r, 20),
            ]),
          }),
        }),
    ],
    [
      1,
      () =>
        request({
          method: "initialize",
          params: {
            protocolVersion: r.pick(["2025-11-25", "2025-06-18", "2025-03-26", "1999-01-01"]),
            capabilities: r.chance(0.8) ? {} : randomJson(r, 1),
            clientInfo: { name: "fz", version: "1" },
          },
        }),
    ],
    // Without _meta: answered by the bridge (legacy, after an initialize) or refused.
    [
      1,
      () =>
        request({
          method: r.pick(["tools/list", "ping", "logging/setLevel", "tools/call"]),
          params: r.chance(0.5) ? { level: r.pick(["info", "loud"]) } : {},
        }),
    ],
    [
      1,
      () =>
        request(
          { method: randomString(r, 16), params: randomJson(r, 2) },
          r.chance(0.5) ? `s-${++nextId}` : ++nextId,
        ),
    ],
    [
      1,
      () =>
        request({
          method: "tools/call",
          params: mutateJson(r, modern({ name: "list_connections", arguments: {} })),
        }),
    ],
    // Notifications and responses: no answer.
    [
      1,
      () => ({
        text: JSON.stringify({
          jsonrpc: "2.0",
          method: r.pick([
            "notifications/initialized",
            "notifications/cancelled",
            "notifications/progress",
            randomString(r, 10),
          ]),
          params: r.chance(0.5) ? { requestId: r.int(nextId + 1) } : randomJson(r, 1),
        }),
        answers: 0,
        id: null,
      }),
    ],
    [
      0.5,
      () => ({
        text: JSON.stringify({ jsonrpc: "2.0", id: r.int(50), result: randomJson(r, 1) }),
        answers: 0,
        id: null,
      }),
    ],
    // What is not one JSON-RPC request: one error each, with a null id.
    [
      1.5,
      () => ({
        text: r.pick([
          "{",
          "not json",
          "[]",
          '[{"jsonrpc":"2.0","id":1,"method":"ping"}]',
          "null",
          "42",
          '"text"',
          '{"jsonrpc":"2.0","method":5}',
          '{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}',
          '{"jsonrpc":"2.0","id":null,"method":"ping"}',
          '{"jsonrpc":"2.0","id":1.5e400,"method":"ping"}',
          "\u0000\u0001",
          mutateText(r, JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" })),
        ]),
        answers: 1,
        id: null,
      }),
    ],
    [0.3, () => ({ text: "", answers: 0, id: null })],
    [
      0.1,
      () => ({
        text: JSON.stringify({
          jsonrpc: "2.0",
          id: ++nextId,
          method: "ping",
          params: { pad: "x".repeat(300_000) },
        }),
        answers: 1,
        id: nextId,
      }),
    ],
  ]);
}

/** What the bridge would make of a line, to know how many answers it gets (mirrors JSON-RPC). */
function expected(generated: BridgeLine): BridgeLine {
  // One line each: a line break inside would make two messages of it (the bridge reads lines).
  const line = { ...generated, text: generated.text.replace(/[\r\n]/g, " ") };
  if (line.text.trim() === "") return { ...line, answers: 0 }; // blank lines are skipped
  if (line.answers === 0 || line.id !== null) return line;
  // A line counted as "one error with a null id" may still parse as a message that gets none.
  let m: unknown;
  try {
    m = JSON.parse(line.text);
  } catch {
    return line;
  }
  if (m && typeof m === "object" && !Array.isArray(m)) {
    const msg = m as Record<string, unknown>;
    const validId =
      typeof msg.id === "string" || (typeof msg.id === "number" && Number.isFinite(msg.id));
    if (typeof msg.method === "string" && msg.id === undefined) return { ...line, answers: 0 };
    if (!("method" in msg) && ("result" in msg || "error" in msg)) return { ...line, answers: 0 };
    if (validId) return { ...line, id: msg.id as string | number };
  }
  return line;
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

class BridgeProcess {
  readonly child: ChildProcessWithoutNullStreams;
  readonly answers = new Map<string, number>();
  nullAnswers = 0;
  problems: string[] = [];
  #buffer = "";
  #waiters: (() => void)[] = [];

  constructor() {
    this.child = spawn(BRIDGE, [], { env: home.bridgeEnv({ QUARRY_LAUNCHER: "none" }) });
    this.child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      this.#buffer += chunk;
      let nl = this.#buffer.indexOf("\n");
      while (nl !== -1) {
        this.#take(this.#buffer.slice(0, nl));
        this.#buffer = this.#buffer.slice(nl + 1);
        nl = this.#buffer.indexOf("\n");
      }
      for (const w of this.#waiters.splice(0)) w();
    });
    this.child.stderr.resume();
  }

  #take(line: string): void {
    try {
      const m = JSON.parse(line) as { id?: unknown };
      if (checkRpcMessage(m, "a line the bridge wrote") === "notification") return;
      if (m.id === null) this.nullAnswers++;
      else
        this.answers.set(JSON.stringify(m.id), (this.answers.get(JSON.stringify(m.id)) ?? 0) + 1);
    } catch (e) {
      this.problems.push(`${(e as Error).message}: ${line.slice(0, 300)}`);
    }
  }

  write(text: string): void {
    this.child.stdin.write(`${text}\n`);
  }

  /** Resolves once `done()` holds, re-checked after each line the bridge writes. */
  async until(done: () => boolean): Promise<void> {
    while (!done()) await new Promise<void>((resolve) => this.#waiters.push(resolve));
  }
}

describe("the bridge's standard input", () => {
  test(`bin/quarry-mcp answers ${BRIDGE_LINES} malformed and random lines, each request once`, async () => {
    const bridge = new BridgeProcess();
    const lines: BridgeLine[] = [];
    const cancelled = new Set<string>();
    try {
      // A hundred lines at a time: each batch must be answered (within the runner's deadline)
      // before the next goes, so a hang is seen where it happens.
      const BATCH = 100;
      await fuzz({
        target: "bridge-stdin",
        count: BRIDGE_LINES / BATCH,
        deadlineMs: 60_000,
        make: (r) => Array.from({ length: BATCH }, () => expected(bridgeLine(r))),
        describe: (batch) => batch.map((l) => l.text.slice(0, 200)).join("\n"),
        run: async (batch) => {
          const wantNull =
            bridge.nullAnswers + batch.filter((l) => l.answers && l.id === null).length;
          for (const l of batch) bridge.write(l.text);
          lines.push(...batch);
          // A request the client cancels gets no answer, unless it was answered first.
          for (const l of batch) {
            const m = parsed(l.text) as { method?: unknown; params?: { requestId?: unknown } };
            if (m?.method === "notifications/cancelled" && m.params?.requestId !== undefined)
              cancelled.add(JSON.stringify(m.params.requestId));
          }
          const ids = batch
            .filter((l) => l.answers && l.id !== null)
            .map((l) => JSON.stringify(l.id))
            .filter((id) => !cancelled.has(id));
          const answered = () =>
            bridge.nullAnswers >= wantNull && ids.every((id) => bridge.answers.has(id));
          // The runner's deadline is the hang detector; this one comes first, to say what hangs.
          let timer: NodeJS.Timeout | undefined;
          await Promise.race([
            bridge.until(() => bridge.problems.length > 0 || answered()),
            new Promise<void>((resolve) => {
              timer = setTimeout(resolve, 50_000);
            }),
          ]);
          clearTimeout(timer);
          if (!answered())
            assert.fail(
              `unanswered: ${ids.filter((id) => !bridge.answers.has(id)).join(", ")}; null-id errors ${bridge.nullAnswers} of ${wantNull}\n${batch
                .filter(
                  (l) => l.answers && (l.id === null || !bridge.answers.has(JSON.stringify(l.id))),
                )
                .map((l) => l.text.slice(0, 300))
                .join("\n")}`,
            );
          assert.deepEqual(
            bridge.problems,
            [],
            "every line the bridge wrote is a JSON-RPC message",
          );
        },
      });
      // Each request was answered exactly once; nothing answered what needed no answer.
      const want = new Map<string, number>();
      for (const l of lines)
        if (l.answers && l.id !== null)
          want.set(JSON.stringify(l.id), (want.get(JSON.stringify(l.id)) ?? 0) + 1);
      for (const [id, n] of bridge.answers)
        if (cancelled.has(id)) assert.ok(n <= 1, `answers to the cancelled id ${id}`);
        else assert.equal(n, want.get(id), `answers to id ${id}`);
      // Still answering: a normal request after all that.
      bridge.write(
        JSON.stringify({
          jsonrpc: "2.0",
          id: "after",
          method: "tools/call",
          params: { name: "list_connections", arguments: {}, _meta: MODERN_META },
        }),
      );
      await bridge.until(() => bridge.answers.has('"after"'));
      bridge.child.stdin.end();
      const code = await new Promise<number | null>((resolve) => bridge.child.on("close", resolve));
      assert.equal(code, 0, "the bridge ends cleanly at the end of its input");
    } finally {
      if (bridge.child.exitCode === null) bridge.child.kill("SIGKILL");
    }
    assert.ok(alive(app.pid), "the app is still running");
  });
});

// --- The UI's API ----------------------------------------------------------------------------

interface ApiCase {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
  secret: "right" | "missing" | "wrong";
  /** Sent as these bytes on a socket instead ({{secret}}, {{port}} filled in). */
  raw?: string;
}

interface ApiAnswer {
  status: number;
  type: string;
  text: string;
}

async function sendApi(c: ApiCase): Promise<ApiAnswer> {
  const headers: Record<string, string> = { host: `127.0.0.1:${app.port}`, ...c.headers };
  if (c.secret === "right") headers["x-quarry-secret"] = app.secret;
  else if (c.secret === "wrong") headers["x-quarry-secret"] = `${app.secret.slice(0, -2)}xx`;
  try {
    return await sendWithNode(c, headers);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    // The server may answer and close before a big body is in; Node's client then fails on its
    // write without reading the answer. Send the same bytes on a socket and read what came.
    if (c.body === undefined || (code !== "EPIPE" && code !== "ECONNRESET")) throw e;
    const head = [
      `${c.method} ${c.path} HTTP/1.1`,
      ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
      `content-length: ${Buffer.byteLength(c.body)}`,
      "connection: close",
    ].join("\r\n");
    const answer = await rawHttp(
      app.port,
      Buffer.concat([Buffer.from(`${head}\r\n\r\n`), Buffer.from(c.body)]),
    );
    if (answer)
      return {
        status: answer.status,
        type: answer.headers["content-type"] ?? "",
        text: answer.body,
      };
    // A body over the server's 16 MB limit may be refused and the connection closed before it is
    // all sent; the reset can then drop the answer on the way (RFC 9112, 9.6). Only there is no
    // answer acceptable: the app must still be alive, which the end of the test checks.
    if (Buffer.byteLength(c.body) > 16 * 1024 * 1024) return { status: 0, type: "", text: "" };
    throw e;
  }
}

async function sendWithNode(c: ApiCase, headers: Record<string, string>): Promise<ApiAnswer> {
  const a = await sendAsIs(app.port, c, headers);
  return { status: a.status, type: String(a.headers["content-type"] ?? ""), text: a.text };
}

const TYPES = ["elasticsearch", "nope", "__proto__", "../x"];

/** A path segment: any text, lone surrogates made well formed first (they cannot be encoded). */
const enc = (s: string) => encodeURIComponent(s.toWellFormed());

const RAW_REQUESTS = [
  "GET /api/connections HTTP/1.1\r\nX-Quarry-Secret: {{secret}}\r\n\r\n",
  "POST /api/connections/validate HTTP/1.1\r\nContent-Length: 2\r\n\r\n{}",
  "GARBAGE\r\n\r\n",
  "\u0000\u0001\u0002\r\n\r\n",
  "GET /api/connections HTTP/9.9\r\n\r\n",
  `GET /api/connections HTTP/1.1\r\nHost: 127.0.0.1:{{port}}\r\n${"X-A: b\r\n".repeat(3000)}\r\n`,
  `HEAD / HTTP/1.1\r\nHost: 127.0.0.1:{{port}}\r\nX-Pad: ${"x".repeat(70_000)}\r\n\r\n`,
  "POST /api/connections HTTP/1.1\r\nHost: 127.0.0.1:{{port}}\r\nX-Quarry-Secret: {{secret}}\r\nContent-Length: 10\r\n\r\n{",
  "POST /api/connections HTTP/1.1\r\nHost: 127.0.0.1:{{port}}\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\nzz\r\n",
];

function apiCase(r: Prng): ApiCase {
  if (r.chance(0.03))
    return { method: "RAW", path: "", headers: {}, secret: "right", raw: r.pick(RAW_REQUESTS) };
  const id = () =>
    r.weighted<string>([
      [8, () => r.pick(connectionIds)],
      [1, () => r.pick(["ghost", "fz", "%2e%2e", "..", "a%00b", "%E0%A4%A"])],
      [1, () => enc(randomString(r, 12)) || "x"],
    ]);
  const table = () =>
    r.weighted<string>([
      [8, () => cluster.index],
      [2, () => enc(randomString(r, 16)) || "x"],
    ]);
  const settings = () =>
    mutateJson(r, {
      host: r.pick(["127.0.0.1", "localhost", "", "::1", "256.1.1.1", "a b", "http://127.0.0.1"]),
      port: r.pick([
        1,
        Number(new URL(`https://${cluster.config.host}:${cluster.config.port}`).port),
        0,
        70000,
        -1,
      ]),
      auth: r.pick(["none", "basic", "api-key", "kerberos"]),
      username: r.pick(["elastic", "", "x"]),
      sslMode: r.pick(["disabled", "verify-identity", "verify-ca", "required", "bogus"]),
      skipTlsVerify: r.pick([false, true, "yes"]),
    });
  const connection = () =>
    mutateJson(r, {
      name: r.chance(0.5) ? `fuzz ${r.int(1000)}` : randomString(r, 20),
      type: r.pick(TYPES),
      settings: settings(),
      externalClients: r.pick(["blocked", "read-only", "read-write", "all"]),
      aiPolicy: r.pick(["always-allow", "ask-each-time", "never", "maybe"]),
      secrets: { password: r.pick(["", "wrong", randomString(r, 10)]) },
    });
  const filters = () =>
    Array.from({ length: r.int(3) }, () => ({
      column: r.pick(["status", "total", "items.sku", "created_at", "nope"]),
      op: r.pick(["eq", "gt", "in", "like", "exists", "nope"]),
      value: r.pick<unknown>([1, "paid", ["a"], "2026-01-01", null]),
    }));
  const route = r.weighted<[string, string, () => unknown]>([
    [2, () => ["GET", "/api/connections", () => undefined]],
    [1, () => ["GET", `/api/connections/${id()}`, () => undefined]],
    [1, () => ["GET", "/api/drivers", () => undefined]],
    [1, () => ["GET", `/api/drivers/${r.pick(TYPES)}/form`, () => undefined]],
    [
      2,
      () => [
        "POST",
        "/api/connections/validate",
        () => ({ type: r.pick(TYPES), settings: settings() }),
      ],
    ],
    [2, () => ["POST", "/api/connections", connection]],
    [1, () => ["PUT", `/api/connections/${id()}`, connection]],
    [0.3, () => ["DELETE", `/api/connections/${id()}`, () => undefined]],
    [
      1,
      () => [
        "POST",
        "/api/connections/test",
        () => ({
          type: r.pick(TYPES),
          settings: settings(),
          ...(r.chance(0.5) ? { id: id() } : {}),
        }),
      ],
    ],
    [1, () => ["POST", `/api/connections/${id()}/test`, () => undefined]],
    [
      3,
      () => [
        "POST",
        `/api/connections/${id()}/console/parse`,
        () => ({
          text: r.chance(0.8)
            ? mutateText(r, `GET /${cluster.index}/_search\n{"query": {"match_all": {}}}`)
            : randomJson(r, 1),
        }),
      ],
    ],
    [
      3,
      () => [
        "POST",
        `/api/connections/${id()}/console/run`,
        () =>
          mutateJson(r, {
            request: {
              method: r.pick(["GET", "POST", "PUT", "DELETE", "HEAD"]),
              path: r.pick([
                `/${cluster.index}/_search`,
                `/${cluster.index}/_count`,
                "/_cat/indices",
                `/${cluster.index}/_doc/d1`,
                "/",
                "/_all",
                `/${cluster.index}/_delete_by_query`,
              ]),
              body: r.chance(0.5) ? { query: { match_all: {} } } : undefined,
            },
          }),
      ],
    ],
    [
      1,
      () => [
        "POST",
        `/api/connections/${id()}/console/curl`,
        () => mutateJson(r, { request: { method: "GET", path: `/${cluster.index}/_search` } }),
      ],
    ],
    [1, () => ["GET", `/api/connections/${id()}/console/history`, () => undefined]],
    [2, () => ["GET", `/api/connections/${id()}/tables`, () => undefined]],
    [2, () => ["GET", `/api/connections/${id()}/tables/${table()}/columns`, () => undefined]],
    [2, () => ["POST", `/api/connections/${id()}/tables/${table()}/grid`, () => undefined]],
    [
      3,
      () => [
        "POST",
        `/api/grids/${r.pick(["g1", "nope", enc(randomString(r, 8)) || "x"])}/browse`,
        () => mutateJson(r, { filters: filters(), page: 1, pageSize: 25 }),
      ],
    ],
    [
      1,
      () => [
        "GET",
        `/api/connections/${id()}/documents/${table()}/d${r.int(40)}?column=${enc(r.pick(["status", "items", "", "nope"]))}`,
        () => undefined,
      ],
    ],
    [
      2,
      () => [
        "POST",
        `/api/connections/${id()}/tables/${table()}/validate-changes`,
        () =>
          mutateJson(r, {
            updates: [{ _id: "d1", _seq_no: 0, _primary_term: 1, set: { status: "paid" } }],
            inserts: [],
            deletes: [],
          }),
      ],
    ],
    [
      1,
      () => [
        "POST",
        `/api/connections/${id()}/tables/${table()}/save`,
        () =>
          mutateJson(r, {
            updates: [],
            inserts: [{ _id: `fz-${r.int(1000)}`, values: { status: "new" } }],
            deletes: [],
          }),
      ],
    ],
    [1, () => ["GET", `/api/connections/${id()}/tables/${table()}/delete-plan`, () => undefined]],
    [
      0.5,
      () => [
        "DELETE",
        `/api/connections/${id()}/tables/${table()}`,
        () => mutateJson(r, { confirmed: { method: "DELETE", path: `/${cluster.index}` } }),
      ],
    ],
    [
      1,
      () => [
        "POST",
        `/api/connections/${id()}/tables/${table()}/export`,
        () =>
          mutateJson(r, {
            format: r.pick(["ndjson", "csv", "json", "toString", "__proto__", "xml"]),
            filters: filters(),
            batchSize: r.pick([1, 5000, 0, 20000]),
          }),
      ],
    ],
    [
      1,
      () => [
        "GET",
        `/api/exports/${enc(r.pick(["x.ndjson", "../instance.json", ".secret", "a/b", "%00", randomString(r, 10)]))}`,
        () => undefined,
      ],
    ],
    [
      1,
      () => [
        "GET",
        `/api/connections/${id()}/tables/${table()}/copy-check?to=${enc(id())}&table=${enc(r.pick(["", "t-fz-copy", randomString(r, 12)]))}`,
        () => undefined,
      ],
    ],
    [
      0.5,
      () => [
        "POST",
        `/api/connections/${id()}/tables/${table()}/copy`,
        () =>
          mutateJson(r, {
            to: id(),
            table: r.pick(["", "t-fz-copy", randomString(r, 12)]),
            mode: r.pick(["new", "append", "overwrite", "toString", null]),
            confirm: r.pick(["", "t-fz-copy", undefined]),
            batchSize: r.pick([1, 1000, 0, 20000, "5"]),
          }),
      ],
    ],
    [
      1,
      () => [
        "POST",
        `/api/connections/${id()}/import-preview`,
        () =>
          mutateJson(r, { uploadId: r.pick(["", "nope", randomString(r, 36)]), table: table() }),
      ],
    ],
    [
      0.5,
      () => [
        "POST",
        `/api/connections/${id()}/tables/${table()}/import`,
        () =>
          mutateJson(r, { uploadId: randomString(r, 36), mode: r.pick(["create", "index", "x"]) }),
      ],
    ],
    [0.5, () => ["POST", `/api/uploads?name=${enc(randomString(r, 12))}`, () => randomJson(r)]],
    [0.5, () => ["DELETE", `/api/uploads/${enc(randomString(r, 8)) || "x"}`, () => undefined]],
    [1, () => ["GET", "/api/plugins", () => undefined]],
    [
      0.3,
      () => [
        r.pick(["POST", "POST", "DELETE"]),
        `/api/plugins/${r.pick(TYPES)}${r.pick(["/install", "/update", ""])}`,
        () => undefined,
      ],
    ],
    [
      1,
      () => [
        "GET",
        `/api/jobs/${r.pick(["export", "copy", "import", "plugin", "console"])}/${enc(randomString(r, 8)) || "x"}`,
        () => undefined,
      ],
    ],
    [1, () => ["GET", "/api/mcp", () => undefined]],
    [
      0.5,
      () => [
        "PUT",
        "/api/mcp",
        () => ({ enabled: r.pick<unknown>([true, true, false, "yes", null]) }),
      ],
    ],
    [
      1,
      () => [
        "POST",
        "/api/mcp/tokens",
        () =>
          mutateJson(r, {
            name: `t${r.int(100)}`,
            scope: r.pick(["read-only", "read-write", "full-access", "admin"]),
            connections: r.chance(0.5) ? null : [r.pick(connectionIds)],
            expiresAt: r.pick([null, "2030-01-01T00:00:00Z", "yesterday"]),
          }),
      ],
    ],
    [0.5, () => ["DELETE", `/api/mcp/tokens/${enc(randomString(r, 10)) || "x"}`, () => undefined]],
    [1, () => ["GET", "/api/mcp/approvals", () => undefined]],
    [
      0.5,
      () => [
        "POST",
        `/api/mcp/approvals/${enc(randomString(r, 8)) || "x"}`,
        () => ({ decision: r.pick(["allow-once", "deny", "maybe"]) }),
      ],
    ],
    [
      1,
      () => [
        "GET",
        `/api/mcp/audit?limit=${enc(r.pick(["10", "-1", "abc", "1e9", ""]))}`,
        () => undefined,
      ],
    ],
    [0.5, () => ["GET", "/api/mcp/connect-client", () => undefined]],
    [0.5, () => ["GET", "/api/app/status", () => undefined]],
    [
      0.3,
      () => [
        "POST",
        "/api/app/open-url",
        () => ({
          url: r.pick([
            "quarry://integrations/start-mcp",
            "quarry://nope",
            "http://evil",
            randomString(r, 20),
          ]),
        }),
      ],
    ],
    [
      1,
      () => [
        "GET",
        r.pick([
          "/",
          "/index.html",
          "/assets/nope.js",
          "/../../etc/passwd",
          "/%2e%2e/%2e%2e/etc/passwd",
          "/api",
          "/api/",
          "/api/nope",
          "/favicon.ico",
          `/${enc(randomString(r, 10))}`,
        ]),
        () => undefined,
      ],
    ],
  ]);
  let [method, path, makeBody] = route;
  if (r.chance(0.05)) method = r.pick(["GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "HEAD"]);
  if (r.chance(0.03)) path = mutateText(r, path).replace(/[^\x21-\x7e]/g, "_") || "/";
  if (!path.startsWith("/")) path = `/${path}`;
  const value = makeBody();
  const headers: Record<string, string> = {};
  let body: string | undefined;
  if (value !== undefined || r.chance(0.05)) {
    body = r.weighted<string>([
      [90, () => safeJson(value ?? randomJson(r, 2))],
      [4, () => r.pick(["{", "not json", "", "null", "[]", '"x"'])],
      [4, () => mutateText(r, safeJson(value ?? {}))],
      [0.2, () => `{"a":"${"x".repeat(17 * 1024 * 1024)}"}`],
    ]);
    headers["content-type"] = r.chance(0.95)
      ? "application/json"
      : r.pick(["text/plain", "", "application/jsonx"]);
  }
  if (r.chance(0.03))
    headers.host = r.pick(["evil.example.com", `localhost:${app.port}`, "127.0.0.1:1", ""]);
  if (r.chance(0.05))
    headers.origin = r.pick(["http://evil.example.com", `http://127.0.0.1:${app.port}`, "null"]);
  const secret = r.weighted<ApiCase["secret"]>([
    [88, () => "right"],
    [6, () => "missing"],
    [6, () => "wrong"],
  ]);
  return { method, path, headers, ...(body !== undefined ? { body } : {}), secret };
}

/** Grids the fuzzer browses: opened for real, so `/api/grids/g1/browse` reaches the driver. */
async function openGrid(): Promise<string | undefined> {
  const a = await sendApi({
    method: "POST",
    path: `/api/connections/${connectionIds[0]}/tables/${cluster.index}/grid`,
    headers: {},
    secret: "right",
  });
  return a.status === 200 ? (JSON.parse(a.text) as { gridId: string }).gridId : undefined;
}

describe("every route of the UI's API, read from its route table", () => {
  test("wrong input to each route is a 400 naming the field, an unknown id a 404, never a 500", async () => {
    const routes = await uiRouteTable();
    const r = new Prng(fuzzSeed("ui-api-routes"));
    const values = { id: connectionIds[0] ?? "x", table: cluster.index, index: cluster.index };
    const cases = routes.flatMap((route) => routeCases(r, route, values));
    const perRoute = new Map<string, number>();
    const tally = new Map<number, number>();
    for (const c of cases) perRoute.set(c.route, (perRoute.get(c.route) ?? 0) + 1);
    const uncovered = routes.filter((x) => !perRoute.has(`${x.method} ${x.path}`));
    assert.deepEqual(uncovered, [], "every route gets wrong input");
    await withAppLog(
      fuzz({
        target: "ui-api-routes",
        count: cases.length,
        concurrency: 4,
        make: (_r, i) => cases[i] ?? cases[0],
        describe: (c) => `${c?.route}: ${c?.what}: ${c?.method} ${c?.path} ${c?.body ?? ""}`,
        run: async (c) => {
          if (!c) return;
          const a = await sendApi({
            method: c.method,
            path: `/api${c.path}`,
            // (With its length: Node's client sends a DELETE's body without one, unread.)
            headers:
              c.body === undefined
                ? {}
                : {
                    "content-type": "application/json",
                    "content-length": String(Buffer.byteLength(c.body)),
                  },
            ...(c.body === undefined ? {} : { body: c.body }),
            secret: "right",
          });
          tally.set(a.status, (tally.get(a.status) ?? 0) + 1);
          assert.notEqual(a.status, 500, `a 500: ${a.text.slice(0, 500)}`);
          // A 502 is the cluster's own refusal of a name the route passed on (a table "+").
          assert.ok(
            a.status < 500 || (!c.refused && a.status === 502),
            `HTTP ${a.status}: ${a.text.slice(0, 300)}`,
          );
          const body = a.text ? JSON.parse(a.text) : undefined;
          if (a.status >= 400) checkApiError(body, `HTTP ${a.status}`);
          if (c.refused) {
            const details = (body as { error?: { details?: Record<string, unknown> } }).error
              ?.details;
            assert.equal(a.status, 400, `refused at the door: ${a.text.slice(0, 300)}`);
            assert.equal(details?.in, c.refused.part, "the part of the input named");
            const fields = Array.isArray(details?.fields) ? details.fields : [];
            assert.ok(
              fields.includes(c.refused.fields[0]),
              `names ${c.refused.fields[0]}: ${a.text.slice(0, 300)}`,
            );
          } else if (c.what.startsWith(":id") && c.path.startsWith("/connections/"))
            // A connection id no one saved: the connection is unknown, whatever else is sent (or
            // the address is too long to read: 431, before any route).
            assert.ok(
              [400, 404, 431].includes(a.status),
              `an unknown connection: HTTP ${a.status}`,
            );
        },
      }),
    );
    const refused = cases.filter((c) => c.refused).length;
    const summary = [...tally].sort((x, y) => x[0] - y[0]).map(([k, n]) => `${k}: ${n}`);
    process.stdout.write(
      `# ui-api routes: ${routes.length} routes, ${cases.length} cases (${refused} refused by a schema); ${summary.join(", ")}\n`,
    );
    assert.ok(refused > routes.length * 3, "most cases are input a schema refuses");
  });
});

describe("the UI's API", () => {
  test(`the app answers ${API_COUNT} malformed and random API requests, each well formed`, async () => {
    const grids = [(await openGrid())!, (await openGrid())!];
    assert.ok(grids.every(Boolean), "grids to browse");
    const tally = new Map<number, number>();
    const { seed } = await withAppLog(
      fuzz({
        target: "ui-api",
        count: API_COUNT,
        concurrency: 4,
        deadlineMs: 60_000,
        make: apiCase,
        describe: (c) =>
          `${c.method} ${c.path} (secret ${c.secret}) ${JSON.stringify(c.headers)} ${(c.body ?? "").slice(0, 1500)}`,
        run: async (c) => {
          // "g1" is a grid that is open (opened again when the fuzzer closed it).
          if (c.raw !== undefined) {
            const answer = await rawHttp(
              app.port,
              c.raw.replaceAll("{{secret}}", app.secret).replaceAll("{{port}}", String(app.port)),
            );
            if (!answer) return; // closed without a word: what HTTP does with a dead request
            tally.set(answer.status, (tally.get(answer.status) ?? 0) + 1);
            assert.ok(answer.status < 500, `HTTP ${answer.status} for raw bytes`);
            if (answer.body !== "")
              checkApiError(JSON.parse(answer.body), `raw HTTP ${answer.status}`);
            return;
          }
          const path = c.path.replace("/api/grids/g1/", `/api/grids/${grids[0]}/`);
          const a = await sendApi({ ...c, path });
          if (a.status === 0) return; // reset while sending a body over the limit (see sendApi)
          tally.set(a.status, (tally.get(a.status) ?? 0) + 1);
          if (a.status === 404 && path.includes(`/api/grids/${grids[0]}/`))
            grids[0] = (await openGrid()) ?? grids[0]!;
          assert.notEqual(a.status, 500, `a 500: ${a.text.slice(0, 500)}`);
          assert.ok(
            a.status < 500 || a.status === 502,
            `HTTP ${a.status}: ${a.text.slice(0, 300)}`,
          );
          const api =
            path.startsWith("/api/") &&
            c.headers.host === undefined &&
            c.headers.origin === undefined;
          // (A request too large to read, 431, or whose path cannot be read, 400, never reaches
          // the secret check: the HTTP layer answers it before any route.)
          const unread =
            a.status === 431 || (a.status === 400 && /path cannot be read/.test(a.text));
          if (api && c.secret !== "right" && !path.startsWith("/api/app/") && !unread)
            assert.equal(a.status, 401, "no secret, no API");
          if (c.method === "HEAD") return;
          if (a.type.startsWith("application/json")) {
            const body = a.text === "" ? undefined : JSON.parse(a.text);
            if (a.status >= 400) checkApiError(body, `HTTP ${a.status}`);
          } else if (a.status >= 400 && path.startsWith("/api/")) {
            // The API refuses in its error shape; the UI's files may answer a missing asset as text.
            assert.fail(
              `a ${a.status} that is not the API's error shape: ${a.type} ${a.text.slice(0, 200)}`,
            );
          }
        },
      }),
    );
    const summary = [...tally].sort((x, y) => x[0] - y[0]).map(([k, n]) => `${k}: ${n}`);
    process.stdout.write(
      `# ui-api fuzz: ${API_COUNT} cases, seed ${seed}; ${summary.join(", ")}\n`,
    );
    assert.ok(
      (tally.get(200) ?? 0) > API_COUNT / 10,
      "a good share of the cases got past the checks",
    );
    // The app is alive and answers as before.
    assert.ok(alive(app.pid), "the app process is alive");
    const status = await sendApi({
      method: "GET",
      path: "/api/app/status",
      headers: {},
      secret: "right",
    });
    assert.equal(status.status, 200);
    const listed = await sendApi({
      method: "GET",
      path: "/api/connections",
      headers: {},
      secret: "right",
    });
    assert.equal(listed.status, 200);
  });
});
