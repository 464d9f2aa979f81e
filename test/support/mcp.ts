/**
 * Test support for the MCP server: a temporary app data folder with real stores, the real server
 * started in-process (with a clock the test moves), the official MCP client for each protocol
 * revision, and raw HTTP for what a client library would never send.
 */

import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after } from "node:test";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import {
  type AppStorage,
  addConnection,
  openAppStorage,
} from "../../src/app/connections/connection-service.ts";
import { mcpEndpointServer } from "../../src/app/http/mcp-endpoint.ts";
import { LiveState, plainJobs } from "../../src/app/live/live-state.ts";
import { ApprovalQueue } from "../../src/app/mcp-host/approvals.ts";
import {
  readHandshake,
  removeHandshake,
  writeHandshake,
} from "../../src/app/mcp-host/handshake.ts";
import { connectionDirectory, liveExport } from "../../src/app/mcp-host/mcp-service.ts";
import { auditWithHistory } from "../../src/app/mcp-host/request-history.ts";
import { savedQueryShelf } from "../../src/app/mcp-host/saved-queries.ts";
import { AuditLog } from "../../src/app/storage/audit-log.ts";
import { ConsoleHistory } from "../../src/app/storage/console-history.ts";
import { TokenStore } from "../../src/app/storage/token-store.ts";
import type {
  AiPolicy,
  ExternalClientsLevel,
  SavedConnection,
} from "../../src/core/connections.ts";
import { type RunningMcpServer, startMcpServer } from "../../src/mcp/index.ts";
import type { BridgeTokenTimes, TokenScope } from "../../src/mcp/policy/tokens.ts";
import { outputSchemaOf } from "../../src/mcp/tools/catalog.ts";
import { connectionTo, MAJORS, type NodeName, node } from "./cluster.ts";
import { orderedBefore } from "./ordered-before.ts";
import { standIn } from "./stand-in.ts";

/** A clock the test moves by hand (lockout, expiry) instead of waiting. */
export class ManualClock {
  t = Date.parse("2026-03-01T10:00:00Z");
  #real = false;
  readonly now = (): number => (this.#real ? Date.now() : this.t);
  advance(ms: number): void {
    this.t += ms;
  }
  /** From now on, follow the real clock (for timers that fire in real time). */
  followRealTime(): void {
    this.#real = true;
  }
}

export interface TestHome {
  dir: string;
  env: NodeJS.ProcessEnv;
  storage: AppStorage;
  tokens: TokenStore;
  clock: ManualClock;
  cleanup(): Promise<void>;
}

/** A fresh app data folder (secrets in a file, never the person's keyring). */
export async function testHome(): Promise<TestHome> {
  const dir = await mkdtemp(join(tmpdir(), "qt-mcp-"));
  const env = { ...process.env, QUARRY_HOME: dir, QUARRY_SECRET_STORE: "file" };
  const storage = await openAppStorage(env);
  const clock = new ManualClock();
  return {
    dir,
    env,
    storage,
    tokens: new TokenStore(dir, clock.now),
    clock,
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
}

/** Saves a connection to a running test node with the given policies. */
export function addNodeConnection(
  home: TestHome,
  name: string,
  nodeName: NodeName,
  externalClients: ExternalClientsLevel = "read-write",
  aiPolicy: AiPolicy = "always-allow",
): Promise<SavedConnection> {
  const { config, secrets } = connectionTo(node(nodeName));
  return addConnection(
    home.storage,
    { name, type: "elasticsearch", settings: { ...config }, externalClients, aiPolicy },
    secrets,
  );
}

export async function createToken(
  home: TestHome,
  name: string,
  scope: TokenScope,
  options: { connections?: string[]; lifetimeMs?: number | null } = {},
): Promise<string> {
  const { token } = await home.tokens.create({
    name,
    scope,
    connections: options.connections ?? null,
    lifetimeMs: options.lifetimeMs === undefined ? null : options.lifetimeMs,
  });
  return token;
}

export interface TestServer {
  server: RunningMcpServer;
  url: URL;
  /** The owner of live state the server borrows sessions from and runs its exports under. */
  live: LiveState;
  approvals: ApprovalQueue;
  audit: AuditLog;
  stop(): Promise<void>;
}

export interface TestServerOptions {
  bridgeToken?: BridgeTokenTimes;
  limits?: { requestsPerMinute?: number; concurrentRequests?: number };
  approvalTimeoutMs?: number;
  maxBodyBytes?: number;
  /** false: an app that predates the line stream (docs/mcp.md, "The line stream"). */
  offerStream?: boolean;
}

export async function startTestServer(
  home: TestHome,
  options: TestServerOptions = {},
): Promise<TestServer> {
  const approvals = new ApprovalQueue({
    dir: home.dir,
    timeoutMs: options.approvalTimeoutMs ?? 30_000,
    now: home.clock.now,
  });
  await approvals.start();
  const audit = new AuditLog(home.dir);
  const withHistory = auditWithHistory(
    audit,
    new ConsoleHistory(join(home.dir, "console-history")),
  );
  const live = new LiveState(home.storage, plainJobs());
  const server = await startMcpServer({
    version: "0.0.0-test",
    preferredPort: 0,
    limits: {
      requestsPerMinute: options.limits?.requestsPerMinute ?? 100_000,
      concurrentRequests: options.limits?.concurrentRequests ?? 1000,
    },
    tokens: home.tokens,
    connections: connectionDirectory(home.storage, live),
    approvals,
    // As the app wires it: agents' requests join the connection's history.
    audit: withHistory,
    handshake: {
      write: (f) => writeHandshake(home.dir, f),
      remove: (id) => removeHandshake(home.dir, id),
    },
    http: mcpEndpointServer,
    exportDir: join(home.dir, "exports"),
    exportTable: liveExport(live),
    savedQueries: savedQueryShelf(home.dir, home.env),
    now: home.clock.now,
    ...(options.bridgeToken ? { bridgeToken: options.bridgeToken } : {}),
    ...(options.maxBodyBytes ? { maxBodyBytes: options.maxBodyBytes } : {}),
    ...(options.offerStream !== undefined ? { offerStream: options.offerStream } : {}),
  });
  return {
    server,
    url: new URL(server.url),
    live,
    approvals,
    audit,
    async stop() {
      await server.stop();
      await live.close();
      await approvals.stop();
      await withHistory.settled();
      await audit.close();
      // A token's last use is written after its call returned: awaited, as the app's stop does,
      // so nothing is written into the home while the test removes it.
      await home.tokens.settled();
    },
  };
}

/**
 * The order fields the MCP tool suites map alike (a keyword, a number, text with a keyword
 * sub-field, a date); each suite adds its own customer and nested items.
 */
export const ORDER_FIELD_MAPPINGS = {
  status: { type: "keyword" },
  total: { type: "double" },
  title: { type: "text", fields: { keyword: { type: "keyword" } } },
  created_at: { type: "date" },
};

export type Era = "2026-07-28" | "2025-11-25" | "2025-06-18";
export const ERAS: readonly Era[] = ["2026-07-28", "2025-11-25", "2025-06-18"];

/** What tools/list offers, in its order: every tool that answers (docs/mcp.md, "The catalog"). */
export const LISTED_TOOLS = [
  "list_connections",
  "list_tables",
  "describe_table",
  "browse_table",
  "aggregate",
  "esql",
  "execute_query",
  "confirm_destructive_operation",
  "export_data",
  "catalog",
] as const;

/** Names this server once answered unlisted: unknown tools now, named by no text of its own. */
export const FORMER_TOOLS = [
  "get_mapping",
  "count_rows",
  "get_document",
  "explain_query",
  "cluster_health",
  "get_shards",
  "index_stats",
  "index_details",
  "search_fields",
] as const;

/** A test server with its app data folder and a token, for the tests of one suite. */
export interface McpFixture extends Omit<TestServer, "stop"> {
  home: TestHome;
  /** The token made with the `token` option (none without it). */
  token: string;
  /** The tokens made with the `tokens` option, by name; filled in before the suite's tests. */
  tokens: Record<string, string>;
}

export interface McpFixtureOptions {
  /** Saves the connections the suite reaches; by default one per major, named after its node. */
  connections?: (home: TestHome) => Promise<unknown>;
  /** The suite's token (its name and scope), for `srv.token` and `mcpClient`. */
  token?: { name: string; scope: TokenScope };
  /**
   * More tokens, each named by its key, made after the connections (for `srv.tokens`); a token
   * limited to some connections names them.
   */
  tokens?: Record<string, TokenScope | { scope: TokenScope; connections: string[] }>;
  server?: TestServerOptions;
}

/**
 * A fresh app data folder with its connections and a token, and the real MCP server on it,
 * started before the suite's tests (in the `describe` it is called in, or the file) and stopped
 * after them, its folder removed.
 */
export function mcpTestServer(options: McpFixtureOptions = {}): McpFixture {
  const srv = { tokens: {} } as unknown as McpFixture;
  let running: TestServer | undefined;
  let home: TestHome | undefined;
  orderedBefore(async () => {
    home = await testHome();
    if (options.connections) await options.connections(home);
    else for (const n of MAJORS) await addNodeConnection(home, n, n);
    if (options.token) srv.token = await createToken(home, options.token.name, options.token.scope);
    for (const [name, t] of Object.entries(options.tokens ?? {})) {
      if (typeof t === "string") srv.tokens[name] = await createToken(home, name, t);
      else {
        const ids = [];
        for (const c of t.connections) ids.push((await home.storage.connections.require(c)).id);
        srv.tokens[name] = await createToken(home, name, t.scope, { connections: ids });
      }
    }
    running = await startTestServer(home, options.server);
    Object.assign(srv, { ...running, home });
  });
  after(async () => {
    await running?.stop();
    await home?.cleanup();
  });
  return srv;
}

/**
 * The official MCP client on a test server, speaking `era` with the server's token (or another,
 * read when it connects), connected before the suite's tests and closed after them; what it
 * answers stands for the connected client (test/support/stand-in.ts).
 */
export function mcpClient(
  srv: McpFixture,
  era: Era = "2026-07-28",
  token: () => string = () => srv.token,
): Client {
  let connected: Client | undefined;
  orderedBefore(async () => {
    connected = await connectClient(srv.url, token(), era);
  });
  after(async () => {
    await connected?.close();
  });
  return standIn("The MCP client", () => connected);
}

/**
 * Official MCP clients on a test server, one a call, each with the token it is given (the
 * policies a token meets), all closed after the suite.
 */
export function mcpClientFor(
  srv: McpFixture,
  era: Era = "2026-07-28",
): (token: string) => Promise<Client> {
  const clients: Client[] = [];
  after(async () => {
    for (const c of clients) await c.close();
  });
  return async (token) => {
    const c = await connectClient(srv.url, token, era);
    clients.push(c);
    return c;
  };
}

/** The JSON-RPC error the official client throws for a refused call. */
export interface RpcFailure<Data = { layer: string; rule: string; remedy: string }> {
  code: number;
  message: string;
  data: Data;
}

/** The JSON-RPC error a call ends with; a call that succeeds fails the test. */
export async function refused<Data = RpcFailure["data"]>(
  p: Promise<unknown>,
): Promise<RpcFailure<Data>> {
  try {
    await p;
  } catch (e) {
    return e as RpcFailure<Data>;
  }
  throw new Error("expected a JSON-RPC error");
}

/**
 * Runs `work` with the official client (2026-07-28, a read-only token) on a test server of its
 * own whose one connection, `name`, reaches a cluster with `settings` (Read Only for external
 * clients, Always Allow); the server is stopped and its folder removed after, passed or failed.
 */
export async function withMcpClientOn(
  name: string,
  settings: Record<string, unknown>,
  work: (client: Client) => Promise<void>,
): Promise<void> {
  const home = await testHome();
  const srv = await startTestServer(home);
  try {
    await addConnection(home.storage, {
      name,
      type: "elasticsearch",
      settings,
      externalClients: "read-only",
      aiPolicy: "always-allow",
    });
    const client = await connectClient(
      srv.url,
      await createToken(home, "t", "read-only"),
      "2026-07-28",
    );
    try {
      await work(client);
    } finally {
      await client.close();
    }
  } finally {
    await srv.stop();
    await home.cleanup();
  }
}

/** The official MCP client, speaking the given revision, with a bearer token. */
export async function connectClient(url: URL, token: string, era: Era): Promise<Client> {
  const client = new Client(
    { name: `quarry-test-${era}`, version: "1.0.0" },
    era === "2026-07-28"
      ? { versionNegotiation: { mode: { pin: "2026-07-28" } } }
      : { supportedProtocolVersions: [era] },
  );
  await client.connect(
    new StreamableHTTPClientTransport(url, {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
  return client;
}

/**
 * Every tool's output schema by name: as the client's tools/list declares it for the listed
 * tools, and as the server declares it for the tools it answers without listing them.
 */
export async function outputSchemas(client: Client): Promise<Map<string, Record<string, unknown>>> {
  const schemas = new Map<string, Record<string, unknown>>();
  for (const t of (await client.listTools()).tools)
    schemas.set(t.name, t.outputSchema as Record<string, unknown>);
  return new Proxy(schemas, {
    get(target, key) {
      if (key !== "get") return Reflect.get(target, key, target);
      return (name: string) =>
        target.get(name) ?? (outputSchemaOf(name) as Record<string, unknown> | undefined);
    },
  });
}

export interface RawAnswer {
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
}

/** A raw POST to the endpoint (or any path), for what no client library would send. */
export async function rawRequest(
  url: URL | string,
  init: { method?: string; headers?: Record<string, string>; body?: string | Uint8Array } = {},
): Promise<RawAnswer> {
  const res = await fetch(url, {
    method: init.method ?? "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      ...init.headers,
    },
    ...(init.body !== undefined ? { body: init.body } : {}),
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    // SSE: take the last data line.
    const data = text
      .split("\n")
      .filter((l) => l.startsWith("data: "))
      .pop();
    json = data ? JSON.parse(data.slice(6)) : undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

/** A 2026-07-28 request as a modern client sends it (headers and `_meta`). */
export function modernRequest(
  method: string,
  params: Record<string, unknown> = {},
  id: number | string = 1,
): { headers: Record<string, string>; body: string } {
  const name =
    method === "tools/call" || method === "prompts/get"
      ? (params.name as string)
      : method === "resources/read"
        ? (params.uri as string)
        : undefined;
  return {
    headers: {
      "mcp-protocol-version": "2026-07-28",
      "mcp-method": method,
      ...(name ? { "mcp-name": name } : {}),
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id,
      method,
      params: {
        ...params,
        _meta: {
          "io.modelcontextprotocol/protocolVersion": "2026-07-28",
          "io.modelcontextprotocol/clientCapabilities": {},
          "io.modelcontextprotocol/clientInfo": { name: "raw-test", version: "1" },
        },
      },
    }),
  };
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

export { readHandshake };

/** The JSON-RPC error of an answer body. */
export function rpcError(json: unknown): {
  code: number;
  message: string;
  data?: Record<string, unknown>;
} {
  const e = (json as { error?: { code: number; message: string; data?: Record<string, unknown> } })
    ?.error;
  if (!e) throw new Error(`expected a JSON-RPC error, got ${JSON.stringify(json)}`);
  return e;
}
