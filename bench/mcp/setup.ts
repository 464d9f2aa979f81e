/**
 * What the MCP bench talks to: Quarry's MCP server in its own process (bench/mcp/server.ts, an app
 * data folder of its own with a connection "bench" to the node and per-token limits raised),
 * clients of it over HTTP and through the stdio bridge `quarry-mcp`, `@elastic/mcp-server-
 * elasticsearch` over stdio (one server process per client, as MCP clients run it), and a bare
 * undici client straight to the node.
 */

import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createWriteStream } from "node:fs";
import { cp, mkdir, mkdtemp, readdir, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { Pool } from "undici";
import { buildPlugins } from "../../scripts/build-plugins.ts";
import { readState } from "../../scripts/es/cluster.ts";
import { addConnection, openAppStorage } from "../../src/app/connections/connection-service.ts";
import { McpSettingsStore } from "../../src/app/mcp-host/mcp-settings.ts";
import { APP_ENV, APP_NODE_FLAGS } from "../../src/app/process/node-flags.ts";
import { TokenStore } from "../../src/app/storage/token-store.ts";

export const root = join(import.meta.dirname, "..", "..");
const node = process.execPath;

export const esUrl =
  process.env.BENCH_ES_URL ??
  readState()?.nodes.find((n) => n.name === "es8")?.url ??
  "http://127.0.0.1:19218";

/** One call of one contender; throws when the answer is an error. */
export type Call = () => Promise<void>;

type ToolAnswer = { isError?: boolean; content?: unknown };

function expectOk(what: string, res: ToolAnswer): void {
  if (res.isError) throw new Error(`${what}: ${JSON.stringify(res.content).slice(0, 300)}`);
}

/** A tool call as a Call. */
export function toolCall(c: Client, name: string, args: Record<string, unknown>): Call {
  return async () => expectOk(name, (await c.callTool({ name, arguments: args })) as ToolAnswer);
}

export function bareSearch(
  index: string,
  body: unknown,
): { call: Call; close: () => Promise<void> } {
  const pool = new Pool(esUrl, { connections: 64 });
  const payload = JSON.stringify(body);
  const call: Call = async () => {
    const res = await pool.request({
      method: "POST",
      path: `/${index}/_search`,
      headers: { "content-type": "application/json" },
      body: payload,
    });
    const text = await res.body.text();
    if (res.statusCode !== 200)
      throw new Error(`bare search: ${res.statusCode} ${text.slice(0, 200)}`);
  };
  return { call, close: () => pool.close() };
}

export interface QuarryApp {
  url: string;
  token: string;
  home: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Quarry's MCP server in its own process, with the V8 flags the app runs with
 * (src/app/process/node-flags.ts) unless `appFlags` says others; `nodeArgs` (e.g. --cpu-prof) are
 * added to them. `tree` is the checkout whose server runs (another one: the code before a change,
 * for an interleaved A/B; it needs its own node_modules, a link to this one's will do).
 */
export async function startQuarry(
  nodeArgs: string[] = [],
  appFlags: readonly string[] = APP_NODE_FLAGS,
  appEnv: Readonly<Record<string, string>> = APP_ENV,
  tree: string = root,
): Promise<QuarryApp> {
  // The Elasticsearch driver is a plugin, installed from the catalog a source checkout builds.
  if (tree === root) await buildPlugins();
  else {
    const built = spawnSync(node, [join(tree, "scripts", "build-plugins.ts")], { cwd: tree });
    if (built.status !== 0)
      throw new Error(`building ${tree}'s plugins failed: ${String(built.stderr).slice(0, 500)}`);
  }
  const home = await mkdtemp(join(tmpdir(), "quarry-bench-mcp-"));
  const env = { ...process.env, QUARRY_HOME: home, QUARRY_SECRET_STORE: "file" };
  const { hostname, port } = new URL(esUrl);
  await addConnection(await openAppStorage(env), {
    name: "bench",
    type: "elasticsearch",
    settings: {
      host: hostname,
      port: Number(port),
      auth: "none",
      sslMode: "disabled",
      skipTlsVerify: false,
    },
    externalClients: "read-only",
    aiPolicy: "always-allow",
  });
  await new McpSettingsStore(home).update((s) => {
    s.preferredPort = 20000 + Math.floor(Math.random() * 20000);
    s.limits.requestsPerMinute = 1_000_000;
    s.limits.concurrentRequests = 10_000;
  });
  const { token } = await new TokenStore(home).create({
    name: "bench",
    scope: "read-only",
    connections: null,
    lifetimeMs: null,
  });
  const child = spawn(node, [...appFlags, ...nodeArgs, join(tree, "bench", "mcp", "server.ts")], {
    env: { ...env, ...appEnv },
    stdio: ["pipe", "pipe", "inherit"],
  });
  // V8's tracing flags (--trace-deopt…) write to standard output too: the endpoint is the first
  // line that is JSON, and everything else goes to QUARRY_BENCH_SERVER_OUT (or nowhere), read
  // to its end so the server never blocks on a full pipe.
  const traced = process.env.QUARRY_BENCH_SERVER_OUT;
  const out = traced ? createWriteStream(traced) : undefined;
  const line = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    let found = false;
    lines.on("line", (l) => {
      if (!found && l.startsWith("{")) {
        found = true;
        resolve(l);
      } else out?.write(`${l}\n`);
    });
    child.once("exit", (code) => reject(new Error(`the MCP server exited (${code})`)));
  });
  const url = (JSON.parse(line) as { url: string }).url;
  const stop = async () => {
    child.stdin?.end();
    await new Promise((r) => child.once("exit", r));
    await rm(home, { recursive: true, force: true });
  };
  return { url, token, home, child, stop };
}

/** The plain server (plain-server.ts) in its own process, and a client of it over HTTP. */
export async function startPlainServer(): Promise<{
  url: string;
  pid?: number;
  stop(): Promise<void>;
}> {
  const child = spawn(node, [join(root, "bench", "mcp", "plain-server.ts")], {
    env: { ...process.env, ES_URL: esUrl },
    stdio: ["pipe", "pipe", "inherit"],
  });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once("line", resolve);
    child.once("exit", (code) => reject(new Error(`the plain server exited (${code})`)));
  });
  return {
    url: (JSON.parse(line) as { url: string }).url,
    ...(child.pid ? { pid: child.pid } : {}),
    async stop() {
      child.stdin?.end();
      await new Promise((r) => child.once("exit", r));
    },
  };
}

export async function plainClient(url: string): Promise<Client> {
  const c = pinnedClient();
  await c.connect(new StreamableHTTPClientTransport(new URL(url)));
  return c;
}

/** A client over stdio, and the process it spawned. */
export interface Spawned {
  client: Client;
  pid: number | undefined;
}

function pinnedClient(): Client {
  return new Client(
    { name: "bench", version: "1" },
    { versionNegotiation: { mode: { pin: "2026-07-28" } } },
  );
}

/** The official MCP client (2026-07-28) over Quarry's HTTP endpoint, with a user token. */
export async function quarryHttpClient(app: QuarryApp): Promise<Client> {
  const c = pinnedClient();
  await c.connect(
    new StreamableHTTPClientTransport(new URL(app.url), {
      requestInit: { headers: { authorization: `Bearer ${app.token}` } },
    }),
  );
  return c;
}

/**
 * The official MCP client (2026-07-28) spawning bin/quarry-mcp, which finds the running server
 * through the handshake file in the bench's app data folder (no launching: it runs already).
 */
export async function quarryBridgeClient(app: QuarryApp): Promise<Spawned> {
  const c = pinnedClient();
  const transport = new StdioClientTransport({
    command: join(root, "bin", "quarry-mcp"),
    args: [],
    env: {
      HOME: process.env.HOME ?? "/",
      PATH: "/usr/bin:/bin",
      QUARRY_HOME: app.home,
      QUARRY_LAUNCHER: "none",
      ...(process.env.NODE_OPTIONS ? { NODE_OPTIONS: process.env.NODE_OPTIONS } : {}),
    },
    stderr: "ignore",
  });
  await c.connect(transport);
  return { client: c, pid: transport.pid ?? undefined };
}

/**
 * @elastic/mcp-server-elasticsearch 0.3.1 imports `zod` without declaring it, expecting the zod 3
 * of its MCP SDK 1.13.2; in this project `zod` resolves to Quarry's zod 4 and the server fails on
 * its first tool call ("keyValidator._parse is not a function"). So it runs from a copy in a
 * scratch folder whose `node_modules` links every package of this project except `zod`, which
 * links to the zod 3 its SDK brought. The package's code is unchanged.
 */
export async function prepareElasticServer(): Promise<{ entry: string; dir: string }> {
  const modules = join(root, "node_modules");
  const zod3 = join(modules, "@modelcontextprotocol", "sdk", "node_modules", "zod");
  const dir = await mkdtemp(join(tmpdir(), "quarry-bench-elastic-"));
  const nm = join(dir, "node_modules");
  await mkdir(join(nm, "@elastic"), { recursive: true });
  for (const name of await readdir(modules)) {
    if (name === "zod" || name === "@elastic" || name.startsWith(".")) continue;
    await symlink(join(modules, name), join(nm, name));
  }
  for (const name of await readdir(join(modules, "@elastic"))) {
    if (name !== "mcp-server-elasticsearch")
      await symlink(join(modules, "@elastic", name), join(nm, "@elastic", name));
  }
  await symlink(zod3, join(nm, "zod"));
  await cp(
    join(modules, "@elastic", "mcp-server-elasticsearch"),
    join(nm, "@elastic", "mcp-server-elasticsearch"),
    {
      recursive: true,
    },
  );
  return { entry: join(nm, "@elastic", "mcp-server-elasticsearch", "dist", "index.js"), dir };
}

/** The official MCP client spawning one @elastic/mcp-server-elasticsearch over stdio. */
export async function elasticClient(entry: string): Promise<Spawned> {
  const c = new Client({ name: "bench", version: "1" });
  const transport = new StdioClientTransport({
    command: node,
    args: [entry],
    env: {
      ...(process.env as Record<string, string>),
      ES_URL: esUrl,
      // The node runs without security; the server insists on credentials and they are ignored.
      ES_USERNAME: "bench",
      ES_PASSWORD: "bench",
      ES_VERSION: "8",
      OTEL_LOG_LEVEL: "none",
      OTEL_SDK_DISABLED: "true",
    },
    stderr: "ignore",
  });
  await c.connect(transport);
  return { client: c, pid: transport.pid ?? undefined };
}
