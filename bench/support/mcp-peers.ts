/**
 * The MCP servers a benchmark compares, started the way their users run them: Quarry's server in
 * its own process (as the app starts it) with a bench app data folder, and
 * `@elastic/mcp-server-elasticsearch` over stdio, one process per client. Each is reached with
 * the official MCP client.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { cp, mkdir, mkdtemp, readdir, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { buildPlugins } from "../../scripts/build-plugins.ts";
import { addConnection, openAppStorage } from "../../src/app/connections/connection-service.ts";
import { McpSettingsStore } from "../../src/app/mcp-host/mcp-settings.ts";
import { TokenStore } from "../../src/app/storage/token-store.ts";

const root = join(import.meta.dirname, "..", "..");
const node = process.execPath;

export interface QuarryServer {
  url: string;
  token: string;
  home: string;
  stop(): Promise<void>;
}

/**
 * Quarry's MCP server in its own process, with one read-only connection named `connection` to
 * `esUrl` and a read-only token. Per-token limits are raised so they do not throttle a benchmark.
 */
export async function startQuarry(esUrl: string, connection = "bench"): Promise<QuarryServer> {
  const { hostname, port } = new URL(esUrl);
  // The Elasticsearch driver is a plugin, installed from the catalog a source checkout builds.
  await buildPlugins();
  const home = await mkdtemp(join(tmpdir(), "quarry-bench-mcp-"));
  const env = { ...process.env, QUARRY_HOME: home, QUARRY_SECRET_STORE: "file" };
  const storage = await openAppStorage(env);
  await addConnection(storage, {
    name: connection,
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
    s.limits.concurrentRequests = 1000;
  });
  const { token } = await new TokenStore(home).create({
    name: "bench",
    scope: "read-only",
    connections: null,
    lifetimeMs: null,
  });
  const child: ChildProcess = spawn(node, [join(root, "bench", "mcp", "server.ts")], {
    env,
    stdio: ["pipe", "pipe", "inherit"],
  });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once("line", resolve);
    child.once("exit", (code) => reject(new Error(`the MCP server exited (${code})`)));
  });
  return {
    url: (JSON.parse(line) as { url: string }).url,
    token,
    home,
    async stop() {
      child.stdin?.end();
      await new Promise((r) => child.once("exit", r));
      await rm(home, { recursive: true, force: true });
    },
  };
}

export async function quarryClient(server: QuarryServer): Promise<Client> {
  const c = new Client(
    { name: "bench", version: "1" },
    { versionNegotiation: { mode: { pin: "2026-07-28" } } },
  );
  await c.connect(
    new StreamableHTTPClientTransport(new URL(server.url), {
      requestInit: { headers: { authorization: `Bearer ${server.token}` } },
    }),
  );
  return c;
}

export interface ElasticServer {
  client(): Promise<Client>;
  stop(): Promise<void>;
}

/**
 * @elastic/mcp-server-elasticsearch 0.3.1 imports `zod` without declaring it, expecting the zod 3
 * of its MCP SDK 1.13.2; in this project `zod` resolves to Quarry's zod 4 and the server fails on
 * its first tool call ("keyValidator._parse is not a function"). So it runs from a copy in a
 * scratch folder whose `node_modules` links every package of this project except `zod`, which
 * links to the zod 3 its SDK brought. The package's code is unchanged.
 */
export async function prepareElastic(esUrl: string): Promise<ElasticServer> {
  const modules = join(root, "node_modules");
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
  await symlink(
    join(modules, "@modelcontextprotocol", "sdk", "node_modules", "zod"),
    join(nm, "zod"),
  );
  await cp(
    join(modules, "@elastic", "mcp-server-elasticsearch"),
    join(nm, "@elastic", "mcp-server-elasticsearch"),
    {
      recursive: true,
    },
  );
  const entry = join(nm, "@elastic", "mcp-server-elasticsearch", "dist", "index.js");
  return {
    async client() {
      const c = new Client({ name: "bench", version: "1" });
      await c.connect(
        new StdioClientTransport({
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
        }),
      );
      return c;
    },
    stop: () => rm(dir, { recursive: true, force: true }),
  };
}
