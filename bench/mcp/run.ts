/**
 * MCP benchmark (issue 6): latency (p50, p99) of `tools/call` for `list_connections` and for an
 * `execute_query` search, and calls per second with 1, 8 and 32 concurrent clients on loopback,
 * next to the same search sent bare to the node (undici) and through `@elastic/mcp-server-
 * elasticsearch` (its `search` tool, over stdio, one server process per client as MCP clients run
 * it), all in the same run. Quarry's server runs in its own process, started the way the app
 * starts it; the clients are the official MCP client (2026-07-28). Prints the overhead and ratios.
 *
 *   npm run bench:mcp                       es8 from `npm run es:up`, the `sample-orders` index
 *   npm run bench:mcp -- --calls 1000 --seconds 5
 *
 * Quarry's per-token limits (600 requests a minute, 16 at once by default) would throttle a
 * benchmark; the bench's own app data folder raises them, and says so.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { cp, mkdir, mkdtemp, readdir, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { Pool } from "undici";
import { readState } from "../../scripts/es/cluster.ts";
import { addConnection, openAppStorage } from "../../src/app/connections/connection-service.ts";
import { McpSettingsStore } from "../../src/app/mcp-host/mcp-settings.ts";
import { TokenStore } from "../../src/app/storage/token-store.ts";

const { values: args } = parseArgs({
  options: {
    calls: { type: "string", default: "500" },
    seconds: { type: "string", default: "5" },
    index: { type: "string", default: "sample-orders" },
  },
});
const CALLS = Math.max(50, Number(args.calls));
const SECONDS = Math.max(1, Number(args.seconds));
const INDEX = args.index;
const CONCURRENCY = [1, 8, 32];

const esUrl =
  process.env.BENCH_ES_URL ??
  readState()?.nodes.find((n) => n.name === "es8")?.url ??
  "http://127.0.0.1:19218";
const { hostname, port } = new URL(esUrl);
const SEARCH = { size: 10, query: { term: { status: "paid" } }, sort: [{ created_at: "desc" }] };
const root = join(import.meta.dirname, "..", "..");
const node = process.execPath;

// ---- the three ways to send the search ----

type Call = () => Promise<void>;

const pool = new Pool(esUrl, { connections: 64 });
const bareSearch: Call = async () => {
  const res = await pool.request({
    method: "POST",
    path: `/${INDEX}/_search`,
    headers: { "content-type": "application/json" },
    body: JSON.stringify(SEARCH),
  });
  const text = await res.body.text();
  if (res.statusCode !== 200)
    throw new Error(`bare search: ${res.statusCode} ${text.slice(0, 200)}`);
};

function expectOk(what: string, res: { isError?: boolean; content?: unknown }): void {
  if (res.isError) throw new Error(`${what}: ${JSON.stringify(res.content).slice(0, 300)}`);
}

async function quarryClient(url: string, token: string): Promise<Client> {
  const c = new Client(
    { name: "bench", version: "1" },
    { versionNegotiation: { mode: { pin: "2026-07-28" } } },
  );
  await c.connect(
    new StreamableHTTPClientTransport(new URL(url), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
  return c;
}

const quarryList =
  (c: Client): Call =>
  async () => {
    expectOk("list_connections", await c.callTool({ name: "list_connections", arguments: {} }));
  };
const quarrySearch =
  (c: Client): Call =>
  async () => {
    expectOk(
      "execute_query",
      await c.callTool({
        name: "execute_query",
        arguments: { connection: "bench", method: "POST", path: `/${INDEX}/_search`, body: SEARCH },
      }),
    );
  };

/**
 * @elastic/mcp-server-elasticsearch 0.3.1 imports `zod` without declaring it, expecting the zod 3
 * of its MCP SDK 1.13.2; in this project `zod` resolves to Quarry's zod 4 and the server fails on
 * its first tool call ("keyValidator._parse is not a function"). So it runs from a copy in a
 * scratch folder whose `node_modules` links every package of this project except `zod`, which
 * links to the zod 3 its SDK brought. The package's code is unchanged.
 */
async function prepareElasticServer(): Promise<{ entry: string; dir: string }> {
  const modules = join(root, "node_modules");
  const pkgDir = join(modules, "@elastic", "mcp-server-elasticsearch");
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
  await cp(pkgDir, join(nm, "@elastic", "mcp-server-elasticsearch"), { recursive: true });
  return { entry: join(nm, "@elastic", "mcp-server-elasticsearch", "dist", "index.js"), dir };
}

const elastic = await prepareElasticServer();
const elasticEntry = elastic.entry;

async function elasticClient(): Promise<Client> {
  const c = new Client({ name: "bench", version: "1" });
  await c.connect(
    new StdioClientTransport({
      command: node,
      args: [elasticEntry],
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
}
const elasticSearch =
  (c: Client): Call =>
  async () => {
    expectOk(
      "elastic search",
      await c.callTool({ name: "search", arguments: { index: INDEX, queryBody: SEARCH } }),
    );
  };

// ---- measuring ----

async function latencies(call: Call, n: number): Promise<{ p50: number; p99: number }> {
  for (let i = 0; i < Math.min(50, n / 5); i++) await call();
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await call();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return { p50: at(0.5), p99: at(0.99) };
}

async function throughput(calls: Call[], seconds: number): Promise<number> {
  for (const c of calls) await c();
  const end = performance.now() + seconds * 1000;
  let done = 0;
  await Promise.all(
    calls.map(async (call) => {
      while (performance.now() < end) {
        await call();
        done++;
      }
    }),
  );
  return done / seconds;
}

// ---- setup ----

async function startQuarry(): Promise<{
  url: string;
  token: string;
  child: ChildProcess;
  home: string;
}> {
  const home = await mkdtemp(join(tmpdir(), "quarry-bench-mcp-"));
  const env = { ...process.env, QUARRY_HOME: home, QUARRY_SECRET_STORE: "file" };
  const storage = await openAppStorage(env);
  await addConnection(storage, {
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
    s.limits.concurrentRequests = 1000;
  });
  const { token } = await new TokenStore(home).create({
    name: "bench",
    scope: "read-only",
    connections: null,
    lifetimeMs: null,
  });
  const child = spawn(node, [join(root, "bench", "mcp", "server.ts")], {
    env,
    stdio: ["pipe", "pipe", "inherit"],
  });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once("line", resolve);
    child.once("exit", (code) => reject(new Error(`the MCP server exited (${code})`)));
  });
  return { url: (JSON.parse(line) as { url: string }).url, token, child, home };
}

function ms(n: number): string {
  return n < 10 ? n.toFixed(2) : n.toFixed(1);
}

// ---- run ----

const quarry = await startQuarry();
const openClients: Client[] = [];
try {
  console.log(`MCP benchmark: ${esUrl}, index ${INDEX}, search ${JSON.stringify(SEARCH)}`);
  console.log(
    `Quarry's server in its own process at ${quarry.url} (per-token limits raised for the bench: 1,000,000 requests a minute, 1,000 at once)`,
  );
  console.log(
    `Latency: ${CALLS} sequential calls after a warm-up; throughput: ${SECONDS} s per level.\n`,
  );

  const q1 = await quarryClient(quarry.url, quarry.token);
  const e1 = await elasticClient();
  openClients.push(q1, e1);

  const lat = {
    list: await latencies(quarryList(q1), CALLS),
    bare: await latencies(bareSearch, CALLS),
    quarry: await latencies(quarrySearch(q1), CALLS),
    elastic: await latencies(elasticSearch(e1), CALLS),
  };
  console.log("Latency (ms)                              p50      p99");
  const row = (name: string, l: { p50: number; p99: number }) =>
    console.log(`  ${name.padEnd(38)}${ms(l.p50).padStart(7)}  ${ms(l.p99).padStart(7)}`);
  row("Quarry tools/call list_connections", lat.list);
  row("bare search (undici)", lat.bare);
  row("Quarry tools/call execute_query search", lat.quarry);
  row("@elastic/mcp-server-elasticsearch search", lat.elastic);
  console.log(
    `  Quarry's overhead over the bare search: +${ms(lat.quarry.p50 - lat.bare.p50)} ms at p50, +${ms(lat.quarry.p99 - lat.bare.p99)} ms at p99`,
  );
  console.log(
    `  @elastic/mcp-server-elasticsearch p50 / Quarry p50: ${(lat.elastic.p50 / lat.quarry.p50).toFixed(2)}x\n`,
  );

  console.log("Calls per second        clients:       1        8       32");
  const results: Record<string, number[]> = { list: [], bare: [], quarry: [], elastic: [] };
  const quarryClients: Client[] = [q1];
  const elasticClients: Client[] = [e1];
  for (const c of CONCURRENCY) {
    while (quarryClients.length < c) {
      const q = await quarryClient(quarry.url, quarry.token);
      quarryClients.push(q);
      openClients.push(q);
    }
    while (elasticClients.length < c) {
      const e = await elasticClient();
      elasticClients.push(e);
      openClients.push(e);
    }
    results.list!.push(await throughput(quarryClients.slice(0, c).map(quarryList), SECONDS));
    results.bare!.push(
      await throughput(
        Array.from({ length: c }, () => bareSearch),
        SECONDS,
      ),
    );
    results.quarry!.push(await throughput(quarryClients.slice(0, c).map(quarrySearch), SECONDS));
    results.elastic!.push(await throughput(elasticClients.slice(0, c).map(elasticSearch), SECONDS));
  }
  const tput = (name: string, v: number[]) =>
    console.log(`  ${name.padEnd(38)}${v.map((x) => x.toFixed(0).padStart(8)).join(" ")}`);
  tput("Quarry list_connections", results.list!);
  tput("bare search (undici)", results.bare!);
  tput("Quarry execute_query search", results.quarry!);
  tput("@elastic/mcp-server-elasticsearch search", results.elastic!);
  console.log(
    `  Quarry / bare:    ${results.quarry!.map((q, i) => (q / results.bare![i]!).toFixed(2)).join(" ")}`,
  );
  console.log(
    `  Quarry / elastic: ${results.quarry!.map((q, i) => (q / results.elastic![i]!).toFixed(2)).join(" ")}`,
  );
} finally {
  await Promise.allSettled(openClients.map((c) => c.close()));
  quarry.child.stdin?.end();
  await new Promise((r) => quarry.child.once("exit", r));
  await rm(quarry.home, { recursive: true, force: true });
  await rm(elastic.dir, { recursive: true, force: true });
  await pool.close();
}
