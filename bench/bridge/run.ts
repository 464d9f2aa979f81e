/**
 * Bridge benchmark: what quarry-mcp costs an AI client.
 *
 *   1. cold start to first answer, with the app running: spawn bin/quarry-mcp (as a client does,
 *      with a minimal environment), write one `tools/call` (list_connections) at once, time until
 *      its answer is on stdout. Goal: 300 ms.
 *   2. cold start to first answer with the app launched by the bridge: the same with no app
 *      running, so the bridge launches Quarry in the background (the quarry beside it) and polls
 *      for its handshake. Goal: 3 s.
 *   3. per-call overhead: the same call, one at a time, through one long-lived bridge and directly
 *      over HTTP (node:http, kept-alive connection, the same 2026-07-28 headers), p50 and p99.
 *      Goal: at most 2 ms more than direct HTTP.
 *
 *   npm run bench:bridge                          defaults
 *   npm run bench:bridge -- --cold 20 --launched 5 --calls 1000
 *
 * The app runs in its own process (quarry start --background) with its own app data folder, whose
 * per-token limits are raised so the benchmark is not throttled (it says so).
 */
import { type ChildProcessWithoutNullStreams, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFile, rm } from "node:fs/promises";
import { Agent, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { McpSettingsStore } from "../../src/app/mcp-host/mcp-settings.ts";
import { ensureAppDataDir } from "../../src/app/storage/paths.ts";

const { values: args } = parseArgs({
  options: {
    cold: { type: "string", default: "15" },
    launched: { type: "string", default: "3" },
    calls: { type: "string", default: "500" },
  },
});
const COLD = Math.max(3, Number(args.cold));
const LAUNCHED = Math.max(1, Number(args.launched));
const CALLS = Math.max(50, Number(args.calls));

const root = join(import.meta.dirname, "..", "..");
const BRIDGE = join(root, "bin", "quarry-mcp");
const QUARRY = join(root, "bin", "quarry");
const home = join(tmpdir(), `qt-bridge-bench-${randomBytes(3).toString("hex")}`);
const appEnv = {
  ...process.env,
  QUARRY_HOME: home,
  QUARRY_SECRET_STORE: "file",
  QUARRY_BROWSER: "none",
  XDG_DATA_HOME: join(home, "xdg-data"),
  XDG_CONFIG_HOME: join(home, "xdg-config"),
};
const bridgeEnv = {
  HOME: process.env.HOME ?? "/",
  PATH: "/usr/bin:/bin",
  QUARRY_HOME: home,
  QUARRY_SECRET_STORE: "file",
  QUARRY_BROWSER: "none",
  XDG_DATA_HOME: appEnv.XDG_DATA_HOME,
  XDG_CONFIG_HOME: appEnv.XDG_CONFIG_HOME,
};

const META = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientCapabilities": {},
  "io.modelcontextprotocol/clientInfo": { name: "bench", version: "1" },
};
const callBody = (id: number) =>
  JSON.stringify({
    jsonrpc: "2.0",
    id,
    method: "tools/call",
    params: { name: "list_connections", arguments: {}, _meta: META },
  });

function quarry(cmd: string[]): void {
  const r = spawnSync(QUARRY, cmd, { env: appEnv, encoding: "utf8", timeout: 120_000 });
  if (r.status !== 0) throw new Error(`quarry ${cmd.join(" ")}: ${r.stderr || r.stdout}`);
}

/** A bridge process and a reader of its stdout lines. */
class Bridge {
  readonly child: ChildProcessWithoutNullStreams;
  #buffer = "";
  #waiters = new Map<number, (line: string) => void>();
  constructor() {
    this.child = spawn(BRIDGE, [], { env: bridgeEnv });
    this.child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      this.#buffer += chunk;
      for (let nl = this.#buffer.indexOf("\n"); nl >= 0; nl = this.#buffer.indexOf("\n")) {
        const line = this.#buffer.slice(0, nl);
        this.#buffer = this.#buffer.slice(nl + 1);
        const id = (JSON.parse(line) as { id?: number }).id;
        if (typeof id === "number") this.#waiters.get(id)?.(line);
      }
    });
    this.child.stderr.resume();
  }
  call(id: number): Promise<string> {
    return new Promise((resolve) => {
      this.#waiters.set(id, (line) => {
        this.#waiters.delete(id);
        resolve(line);
      });
      this.child.stdin.write(`${callBody(id)}\n`);
    });
  }
  async close(): Promise<void> {
    this.child.stdin.end();
    await new Promise((r) => this.child.once("close", r));
  }
}

function check(line: string): void {
  const m = JSON.parse(line) as { result?: { isError?: boolean }; error?: { message: string } };
  if (!m.result || m.result.isError) throw new Error(`not an answer: ${line.slice(0, 300)}`);
}

async function coldStart(): Promise<number> {
  const started = performance.now();
  const b = new Bridge();
  check(await b.call(1));
  const ms = performance.now() - started;
  await b.close();
  return ms;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? NaN;
};
const f = (ms: number) => `${ms.toFixed(ms < 10 ? 2 : 0)} ms`;

async function main(): Promise<void> {
  const dir = await ensureAppDataDir(appEnv);
  await new McpSettingsStore(dir).update((s) => {
    s.limits.requestsPerMinute = 1_000_000;
    s.limits.concurrentRequests = 10_000;
  });
  console.log(`Quarry bridge benchmark (app data folder ${home}; per-token limits raised)`);
  const results: string[] = [];
  try {
    // 2. First, with no app: the bridge launches it (then stop it again between runs).
    const launched: number[] = [];
    for (let i = 0; i < LAUNCHED; i++) {
      launched.push(await coldStart());
      quarry(["stop"]);
    }
    // 1. With the app running.
    quarry(["start", "--background"]);
    await coldStart(); // warm the file system cache
    const cold: number[] = [];
    for (let i = 0; i < COLD; i++) cold.push(await coldStart());

    // 3. Per call: one bridge, and direct HTTP with the bridge's own current token.
    const hs = JSON.parse(await readFile(join(dir, "mcp-handshake.json"), "utf8")) as {
      port: number;
      token: string;
    };
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const direct = (id: number) =>
      new Promise<string>((resolve, reject) => {
        const body = callBody(id);
        const req = request(
          {
            host: "127.0.0.1",
            port: hs.port,
            path: "/mcp",
            method: "POST",
            agent,
            headers: {
              "content-type": "application/json",
              accept: "application/json, text/event-stream",
              "mcp-protocol-version": "2026-07-28",
              "mcp-method": "tools/call",
              "mcp-name": "list_connections",
              authorization: `Bearer ${hs.token}`,
              "content-length": String(Buffer.byteLength(body)),
            },
          },
          (res) => {
            let text = "";
            res.setEncoding("utf8");
            res.on("data", (c: string) => {
              text += c;
            });
            res.on("end", () => resolve(text));
          },
        );
        req.on("error", reject);
        req.end(body);
      });
    const b = new Bridge();
    const viaBridge: number[] = [];
    const viaHttp: number[] = [];
    let id = 10;
    for (let i = 0; i < 50; i++) {
      check(await b.call(id++));
      check(await direct(id++));
    }
    // Alternate blocks so drift in the machine's load hits both alike.
    for (let block = 0; block < 10; block++) {
      for (let i = 0; i < CALLS / 10; i++) {
        const t0 = performance.now();
        check(await b.call(id++));
        viaBridge.push(performance.now() - t0);
      }
      for (let i = 0; i < CALLS / 10; i++) {
        const t0 = performance.now();
        check(await direct(id++));
        viaHttp.push(performance.now() - t0);
      }
    }
    await b.close();
    agent.destroy();

    const verdict = (ok: boolean) => (ok ? "meets the goal" : "MISSES the goal");
    results.push(
      `cold start to first answer, app running (${COLD} runs): p50 ${f(pct(cold, 50))}, p99 ${f(pct(cold, 99))}, max ${f(Math.max(...cold))} — goal 300 ms: ${verdict(pct(cold, 50) <= 300)} (p50)`,
      `cold start to first answer, app launched by the bridge (${LAUNCHED} runs): p50 ${f(pct(launched, 50))}, max ${f(Math.max(...launched))} — goal 3 s: ${verdict(pct(launched, 50) <= 3000)} (p50)`,
      `per call, list_connections (${CALLS} each): bridge p50 ${f(pct(viaBridge, 50))}, p99 ${f(pct(viaBridge, 99))}; direct HTTP p50 ${f(pct(viaHttp, 50))}, p99 ${f(pct(viaHttp, 99))}`,
      `bridge overhead: p50 ${f(pct(viaBridge, 50) - pct(viaHttp, 50))}, p99 ${f(pct(viaBridge, 99) - pct(viaHttp, 99))} — goal 2 ms: ${verdict(pct(viaBridge, 50) - pct(viaHttp, 50) <= 2)} (p50)`,
    );
  } finally {
    try {
      quarry(["stop"]);
    } catch {
      // not running
    }
    await rm(home, { recursive: true, force: true });
  }
  for (const r of results) console.log(`  ${r}`);
}

await main();
