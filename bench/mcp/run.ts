/**
 * MCP benchmark: Quarry's `execute_query` (over its HTTP endpoint and through the stdio bridge
 * `quarry-mcp`) and its read tools, against `@elastic/mcp-server-elasticsearch`'s `search` tool
 * (over stdio, one server process per client) on the same query and node, next to the best a bare
 * client can do (undici straight to the node), at 1, 8 and 32 concurrent clients, all in one run.
 * Also a plain server (plain-server.ts): the official SDK's server over HTTP, built as its guide
 * shows, with one tool that only relays the search; and, at each level, what the official client
 * costs per call over HTTP and over stdio.
 * Every level warms every side, then runs interleaved rounds (order reversed every other round)
 * until each p50 and each ratio to the peer has settled (the last `--window` rounds within
 * `--tolerance`), or `--max-rounds`. Prints the figures and each goal with its verdict.
 *
 *   npm run bench:mcp                                   es8, `sample-orders`, levels 1, 8, 32
 *   npm run bench:mcp -- --levels 1 --calls 200         more calls per round at one client
 *   npm run bench:mcp -- --profile /tmp/prof            CPU profile of Quarry's server process
 *   npm run bench:mcp -- --ab-node-flags=--max-semi-space-size=16
 *                                                       A/B: a second Quarry server with other V8
 *                                                       flags than the app's (and glibc's defaults),
 *                                                       interleaved
 *   npm run bench:mcp -- --levels 1 --ab-tree /tmp/base  A/B of code: a second Quarry server run
 *                                                       from another checkout (the code before a
 *                                                       change), every Quarry contender on both,
 *                                                       interleaved
 *   npm run bench:mcp -- --soak                         soak: 20,000 calls from 8 clients over HTTP,
 *                                                       then through the bridge, the server's RSS
 *                                                       and CPU as it goes
 *   npm run bench:mcp -- --soak --soak-calls 100000     the operator's 100,000 calls a door
 *   npm run bench:mcp -- --soak --node-flags=--trace-gc  Quarry's server with more V8 flags
 *   npm run bench:mcp -- --soak --app-env MALLOC_ARENA_MAX=2  and more environment
 *   QUARRY_BENCH_HEAP_LOG=/tmp/h npm run bench:mcp -- --soak --node-flags=--expose-gc --soak-probe
 *                                                       at each RSS sample, what is left after a
 *                                                       full collection (heap, code, V8's malloc'd,
 *                                                       external) into /tmp/h; --soak-snapshots adds
 *                                                       heap snapshots after the warm-up and at the end
 *
 * Quarry's per-token limits (600 requests a minute, 16 at once by default) would throttle a
 * benchmark; the bench's own app data folder raises them, and says so.
 */
import { rm } from "node:fs/promises";
import { parseArgs } from "node:util";
import { APP_ENV, APP_NODE_FLAGS } from "../../src/app/process/node-flags.ts";
import { readTools, SEARCH, soakMix } from "./cases.ts";
import {
  ClientPool,
  type Contender,
  type Figures,
  type Held,
  type LevelResult,
  runLevel,
} from "./rounds.ts";
import {
  bareSearch,
  elasticClient,
  esUrl,
  plainClient,
  prepareElasticServer,
  quarryBridgeClient,
  quarryHttpClient,
  startPlainServer,
  startQuarry,
  toolCall,
} from "./setup.ts";
import { type SoakResult, soak, soakGoals, soakTable } from "./soak.ts";
import { ms, verdict, withinBudget } from "./stats.ts";

const { values: args } = parseArgs({
  options: {
    index: { type: "string", default: "sample-orders" },
    levels: { type: "string", default: "1,8,32" },
    "tool-levels": { type: "string", default: "1" },
    calls: { type: "string", default: "60" },
    "min-rounds": { type: "string", default: "4" },
    "max-rounds": { type: "string", default: "12" },
    window: { type: "string", default: "3" },
    tolerance: { type: "string", default: "0.03" },
    "no-bridge": { type: "boolean", default: false },
    profile: { type: "string" },
    "ab-node-flags": { type: "string" },
    "ab-tree": { type: "string" },
    "node-flags": { type: "string" },
    "app-env": { type: "string" },
    soak: { type: "boolean", default: false },
    "soak-calls": { type: "string", default: "20000" },
    "soak-clients": { type: "string", default: "8" },
    "soak-minutes": { type: "string", default: "15" },
    "soak-doors": { type: "string", default: "http,bridge" },
    "soak-probe": { type: "boolean", default: false },
    "soak-snapshots": { type: "boolean", default: false },
  },
});
const INDEX = args.index;
const LEVELS = args.levels.split(",").map(Number);
const TOOL_LEVELS = new Set(args["tool-levels"].split(",").map(Number));
const CALLS = Math.max(10, Number(args.calls));
/** The bridge relays a call with at most this much CPU of its own (docs/mcp.md, "The bridge's own CPU"). */
const BRIDGE_CPU_BUDGET_MS = 0.5;
const RULE = {
  minRounds: Math.max(2, Number(args["min-rounds"])),
  maxRounds: Math.max(2, Number(args["max-rounds"])),
  window: Math.max(2, Number(args.window)),
  tolerance: Number(args.tolerance),
};
/** Calls per client per round: fewer per client as clients grow, more calls per round overall. */
const perClient = (clients: number) => Math.max(5, Math.ceil((CALLS * 2) / (clients + 1)));

const SOAK = args.soak;
const bare = bareSearch(INDEX, SEARCH);
// The soak runs Quarry alone: nothing else shares the machine's two cores with it.
const elastic = SOAK ? { entry: "", dir: "" } : await prepareElasticServer();
// Extra V8 flags for Quarry's server (after the app's own): what a soak of another flag needs.
const extraFlags = args["node-flags"]?.split(" ").filter((f) => f !== "") ?? [];
// Extra environment for Quarry's server (after the app's own, "K=V K2=V2"): an allocator setting tried.
const extraEnv = Object.fromEntries(
  (args["app-env"]?.split(" ").filter((f) => f.includes("=")) ?? []).map((f) => {
    const at = f.indexOf("=");
    return [f.slice(0, at), f.slice(at + 1)];
  }),
);
const quarry = await startQuarry(
  [...(args.profile ? ["--cpu-prof", "--cpu-prof-dir", args.profile] : []), ...extraFlags],
  APP_NODE_FLAGS,
  { ...APP_ENV, ...extraEnv },
);
// A/B of how the app runs: a second server with these V8 flags instead of the app's, and without
// its allocator settings (APP_ENV), as one more contender.
const abFlags = args["ab-node-flags"]?.split(" ").filter((f) => f !== "");
// A/B of code: the same server from another checkout, with the app's flags.
const abTree = args["ab-tree"];
const quarryB = abTree
  ? await startQuarry([], APP_NODE_FLAGS, APP_ENV, abTree)
  : abFlags
    ? await startQuarry([], abFlags, {})
    : undefined;
const abLabel = abTree ?? args["ab-node-flags"] ?? "";
const plain = SOAK ? { url: "", stop: async () => {} } : await startPlainServer();
const pool = new ClientPool();
const closing = (c: { close(): Promise<void> }) => () => c.close();

const eq = { connection: "bench", method: "POST", path: `/${INDEX}/_search`, body: SEARCH };
const quarryPid = () => (quarry.child.pid ? [quarry.child.pid] : []);
const spawnedPids = (held: Held[]) => held.flatMap((h) => (h.pid ? [h.pid] : []));
const contenders: Record<string, Contender> = {
  bare: {
    key: "bare",
    label: "bare search (undici)",
    open: async () => ({ call: bare.call, close: async () => {} }),
  },
  peer: {
    key: "peer",
    label: "@elastic/mcp-server-elasticsearch search",
    open: async () => {
      const { client, pid } = await elasticClient(elastic.entry);
      const call = toolCall(client, "search", { index: INDEX, queryBody: SEARCH });
      return { call, close: closing(client), ...(pid ? { pid } : {}) };
    },
    serverPids: spawnedPids,
  },
  http: {
    key: "http",
    label: "Quarry execute_query (HTTP)",
    open: async () => {
      const c = await quarryHttpClient(quarry);
      return { call: toolCall(c, "execute_query", eq), close: closing(c) };
    },
    serverPids: quarryPid,
  },
  httpB: {
    key: "httpB",
    label: `Quarry execute_query (HTTP, ${abLabel})`,
    open: async () => {
      const c = await quarryHttpClient(quarryB!);
      return { call: toolCall(c, "execute_query", eq), close: closing(c) };
    },
    serverPids: () => (quarryB?.child.pid ? [quarryB.child.pid] : []),
  },
  plain: {
    key: "plain",
    label: "plain SDK server, one relaying tool (HTTP)",
    open: async () => {
      const c = await plainClient(plain.url);
      return { call: toolCall(c, "search", { index: INDEX, body: SEARCH }), close: closing(c) };
    },
    serverPids: () => (plain.pid ? [plain.pid] : []),
  },
  bridge: {
    key: "bridge",
    label: "Quarry execute_query (bridge)",
    open: async () => {
      const { client, pid } = await quarryBridgeClient(quarry);
      return {
        call: toolCall(client, "execute_query", eq),
        close: closing(client),
        ...(pid ? { pid } : {}),
      };
    },
    serverPids: (held) => [...quarryPid(), ...spawnedPids(held)],
    relayPids: spawnedPids,
  },
};

/** Read tools the server lists and that answer; the others are named with why they are skipped. */
async function usableTools(): Promise<{ tools: Contender[]; notes: string[] }> {
  const probe = await quarryHttpClient(quarry);
  const notes: string[] = [];
  const tools: Contender[] = [];
  try {
    const listed = new Set((await probe.listTools()).tools.map((t) => t.name));
    for (const { tool, args: a, label = tool } of readTools(INDEX)) {
      if (!listed.has(tool)) {
        notes.push(`${label}: skipped, the server does not list it`);
        continue;
      }
      const toolArgs = { connection: "bench", ...a };
      try {
        await toolCall(probe, tool, toolArgs)();
      } catch (e) {
        notes.push(`${label}: skipped, its call failed (${String(e).slice(0, 200)})`);
        continue;
      }
      tools.push({
        key: `tool:${label}`,
        label: `Quarry ${label} (HTTP)`,
        open: async () => {
          const c = await quarryHttpClient(quarry);
          return { call: toolCall(c, tool, toolArgs), close: closing(c) };
        },
        serverPids: quarryPid,
      });
      // An A/B of code compares every tool on both servers.
      const b = abTree ? quarryB : undefined;
      if (b)
        tools.push({
          key: `toolB:${label}`,
          label: `Quarry ${label} (HTTP, ${abTree})`,
          open: async () => {
            const c = await quarryHttpClient(b);
            return { call: toolCall(c, tool, toolArgs), close: closing(c) };
          },
          serverPids: () => (b.child.pid ? [b.child.pid] : []),
        });
    }
  } finally {
    await probe.close();
  }
  return { tools, notes };
}

function table(result: LevelResult, all: Contender[]): void {
  const n = result.clients;
  const settledNote = result.stable ? "settled" : `not settled within ${RULE.maxRounds} rounds`;
  console.log(`\n${n} client${n > 1 ? "s" : ""}: ${result.rounds} rounds, ${settledNote}`);
  const head = ["p50 ms", "p99 ms", "calls/s", "calls", "cpu client", "cpu server"];
  console.log(`  ${"".padEnd(44)}${head.map((h) => h.padStart(11)).join("")}`);
  for (const c of all) {
    const f = result.figures.get(c.key);
    if (!f) continue;
    const cells = [ms(f.p50), ms(f.p99), f.rate.toFixed(0), String(f.calls)];
    cells.push(ms(f.clientCpu), c.serverPids ? ms(f.serverCpu) : "-");
    console.log(`  ${c.label.padEnd(44)}${cells.map((x) => x.padStart(11)).join("")}`);
  }
  console.log(
    "  (cpu: CPU ms per call of the bench's clients, and of the processes serving the calls: Quarry's server, its bridges, the peer's servers; the node's not counted)",
  );
}

/** This checkout's server against `--ab-tree`'s, contender by contender (ratios: this one's / that one's). */
function abTable(result: LevelResult, all: Contender[]): void {
  console.log(`  A/B, this checkout against ${abTree}: p50, and server CPU a call`);
  for (const c of all) {
    const b =
      c.key === "http" ? "httpB" : c.key.startsWith("tool:") ? `toolB:${c.key.slice(5)}` : "";
    const fa = result.figures.get(c.key);
    const fb = b ? result.figures.get(b) : undefined;
    if (!fa || !fb) continue;
    console.log(
      `  ${c.label.padEnd(44)} p50 ${ms(fa.p50)} vs ${ms(fb.p50)} ms (${(fa.p50 / fb.p50).toFixed(2)}x), cpu ${ms(fa.serverCpu)} vs ${ms(fb.serverCpu)} ms (${(fa.serverCpu / fb.serverCpu).toFixed(2)}x)`,
    );
  }
}

function goals(result: LevelResult, all: Contender[]): { line: string; pass: boolean }[] {
  const n = result.clients;
  const at = `at ${n} client${n > 1 ? "s" : ""}`;
  const peer = result.figures.get("peer")!;
  const out: { line: string; pass: boolean }[] = [];
  for (const c of all) {
    const f = result.figures.get(c.key);
    if (!f || c.key === "peer" || c.key === "bare" || c.key === "plain") continue;
    const name = c.label.replace(/^Quarry /, "");
    out.push(verdict(`${name} p50 ${at} < peer search p50`, f.p50, peer.p50, "ms"));
    if (Number.isFinite(f.relayCpu))
      out.push(withinBudget(`the bridge's own CPU a call ${at}`, f.relayCpu, BRIDGE_CPU_BUDGET_MS));
    if (n > 1)
      out.push(
        verdict(`${name} calls/s ${at} > peer search calls/s`, f.rate, peer.rate, "calls/s", true),
      );
  }
  return out;
}

/** Soak mode: the mix from `soakMix`, over each door in turn, RSS of Quarry's server as it goes. */
async function soakMain(): Promise<void> {
  const calls = Math.max(1000, Number(args["soak-calls"]));
  const clients = Math.max(1, Number(args["soak-clients"]));
  const sampleEvery = 10_000 <= calls / 2 ? 10_000 : Math.max(500, Math.floor(calls / 10));
  const settleCalls = Math.min(10_000, sampleEvery);
  const mix = soakMix(INDEX);
  const doors = args["soak-doors"].split(",");
  console.log(
    `MCP soak: ${esUrl}, index ${INDEX}; Quarry's server in its own process at ${quarry.url} (per-token limits raised for the bench)`,
  );
  console.log(
    `${calls.toLocaleString("en")} calls a door from ${clients} clients, RSS of Quarry's server every ${sampleEvery.toLocaleString("en")} calls, at most ${args["soak-minutes"]} minutes a door`,
  );
  const results: SoakResult[] = [];
  for (const door of doors) {
    const opened: { call: typeof bare.call; close: () => Promise<void> }[][] = [];
    for (let i = 0; i < clients; i++) {
      const client =
        door === "bridge"
          ? (await quarryBridgeClient(quarry)).client
          : await quarryHttpClient(quarry);
      opened.push(
        mix.map((m) => ({
          call: toolCall(client, m.tool, { connection: "bench", ...m.args }),
          close: () => client.close(),
        })),
      );
    }
    process.stdout.write(`\n${door}: `);
    const result = await soak(
      {
        door: door === "bridge" ? "the bridge" : "HTTP",
        calls,
        clients,
        sampleEvery,
        settleCalls,
        deadlineMs: Number(args["soak-minutes"]) * 60_000,
        pids: quarryPid,
        clientsCalls: opened.map((c) => c.map((x) => x.call)),
      },
      (s) => {
        process.stdout.write(`${s.calls}:${s.rssMb.toFixed(0)}MB `);
        const snapshot = args["soak-snapshots"] && (s.calls === settleCalls || s.calls >= calls);
        if (args["soak-probe"] || snapshot)
          quarry.child.stdin?.write(`${snapshot ? "snapshot" : "probe"} ${door}-${s.calls}\n`);
      },
    );
    await Promise.allSettled(opened.map((c) => c[0]!.close()));
    soakTable(result, mix);
    results.push(result);
  }
  console.log("\nGoals");
  let passed = 0;
  let total = 0;
  for (const r of results)
    for (const g of soakGoals(r, settleCalls)) {
      console.log(`  ${g.line}  ${g.pass ? "PASS" : "FAIL"}`);
      total++;
      if (g.pass) passed++;
    }
  console.log(`\n${passed} of ${total} goals met`);
}

async function main(): Promise<void> {
  console.log(`MCP benchmark: ${esUrl}, index ${INDEX}, search ${JSON.stringify(SEARCH)}`);
  console.log(
    `Quarry's server in its own process at ${quarry.url} (per-token limits raised for the bench)`,
  );
  console.log(
    `Levels ${LEVELS.join(", ")} clients (read tools at ${[...TOOL_LEVELS].join(", ")}); rounds: ${RULE.minRounds} to ${RULE.maxRounds}, until the peer's p50 and every ratio to it moved < ${(RULE.tolerance * 100).toFixed(0)}% over the last ${RULE.window}`,
  );
  const { tools, notes } = await usableTools();
  for (const n of notes) console.log(`  note: ${n}`);
  const results: { result: LevelResult; all: Contender[] }[] = [];
  for (const clients of LEVELS) {
    const all = [
      contenders.bare!,
      contenders.peer!,
      contenders.http!,
      ...(quarryB ? [contenders.httpB!] : []),
      contenders.plain!,
      ...(args["no-bridge"] ? [] : [contenders.bridge!]),
      ...(TOOL_LEVELS.has(clients) ? tools : []),
    ];
    process.stdout.write(
      `\n${clients} client${clients > 1 ? "s" : ""}: opening clients, warming, rounds `,
    );
    const result = await runLevel(
      {
        clients,
        contenders: all,
        perClient: perClient(clients),
        rule: RULE,
        // The peer's p50 and every ratio to it: what the goals compare.
        watched: (f: Map<string, Figures>) => {
          const peer = f.get("peer")!.p50;
          return [peer, ...all.map((c) => f.get(c.key)!.p50 / peer)];
        },
        onRound: () => process.stdout.write("."),
      },
      pool,
    );
    table(result, all);
    if (abTree) abTable(result, all);
    results.push({ result, all });
  }
  console.log("\nGoals");
  let passed = 0;
  let total = 0;
  for (const { result, all } of results) {
    const bareF = result.figures.get("bare")!;
    const httpF = result.figures.get("http")!;
    console.log(
      `  (${result.clients} client${result.clients > 1 ? "s" : ""}: execute_query over HTTP costs +${ms(httpF.p50 - bareF.p50)} ms at p50 over the bare search, ${ms(bareF.p50)} ms)`,
    );
    const plainF = result.figures.get("plain");
    const peerF = result.figures.get("peer")!;
    const bridgeF = result.figures.get("bridge");
    const at = `${result.clients} client${result.clients > 1 ? "s" : ""}`;
    if (plainF)
      console.log(
        `  (${at}: a plain SDK server whose one tool only relays the search answers at p50 ${ms(plainF.p50)} ms, ${(plainF.p50 / peerF.p50).toFixed(2)}x the peer, with ${ms(plainF.serverCpu)} ms of server CPU a call; Quarry's ${ms(httpF.serverCpu)})`,
      );
    console.log(
      `  (${at}: the official client's own CPU a call: ${ms(httpF.clientCpu)} ms over HTTP, ${ms(peerF.clientCpu)} ms over stdio to the peer${bridgeF ? `, ${ms(bridgeF.clientCpu)} ms over stdio to the bridge` : ""})`,
    );
    for (const g of goals(result, all)) {
      console.log(`  ${g.line}`);
      total++;
      if (g.pass) passed++;
    }
  }
  console.log(`\n${passed} of ${total} goals met`);
}

try {
  await (SOAK ? soakMain() : main());
} finally {
  await pool.closeAll();
  await quarry.stop();
  await quarryB?.stop();
  await plain.stop();
  await bare.close();
  if (elastic.dir) await rm(elastic.dir, { recursive: true, force: true });
}
