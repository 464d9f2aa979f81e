/**
 * The whole test suite, as the README's second command runs it: formatter and linter, type check,
 * unit tests, then integration tests on real Elasticsearch nodes that this script starts (and
 * stops again: exactly the nodes it started, never one that ran before), then the fault tests on a
 * three-node cluster that this script starts for them and always stops. Before the integration
 * tests it installs the system packages they use (once, under a machine-wide lock) and loads the
 * sample data set into the dev node. Ends with the line `N passed, N failed`.
 *
 *   npm test                 everything
 *   npm test -- unit         only the fast unit tests (no cluster)
 *   npm test -- <files...>   only these test files
 */
import { spawnSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { run } from "node:test";
import { spec } from "node:test/reporters";
import { EsSession } from "../src/drivers/elasticsearch/session.ts";
import { buildPlugins } from "./build-plugins.ts";
import { ensureWebBuilt } from "./build-web.ts";
import { crashedNodes, down, up } from "./es/cluster.ts";
import { downThreeNode, upThreeNode } from "./es/three-node.ts";
import { loadSampleData } from "./sample-data.ts";
import { ensureSystemPackages } from "./system-packages.ts";

const root = join(import.meta.dirname, "..");
const args = process.argv.slice(2);
let passed = 0;
let failed = 0;
const failures: string[] = [];

function record(name: string, ok: boolean): void {
  if (ok) passed++;
  else {
    failed++;
    failures.push(name);
  }
}

function check(name: string, cmd: string, cmdArgs: string[]): void {
  process.stdout.write(`\n▶ ${name}\n`);
  const res = spawnSync(cmd, cmdArgs, { cwd: root, stdio: "inherit" });
  record(name, res.status === 0);
}

function findTests(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    const p = join(dir, entry);
    if (statSync(p).isDirectory()) out.push(...findTests(p));
    else if (entry.endsWith(".test.ts")) out.push(p);
  }
  return out.sort();
}

async function runTests(files: string[], concurrency: number): Promise<void> {
  if (files.length === 0) return;
  const stream = run({ files, concurrency, timeout: 10 * 60_000, cwd: root });
  stream.on("test:pass", (e) => {
    if (e.details.type !== "suite") passed++;
  });
  stream.on("test:fail", (e) => {
    // A suite fails when a test in it failed (counted there) or when a hook of its own failed
    // (a `before` that could not set up, an `after` that could not clean up): that counts.
    const cause = (e.details.error as { failureType?: string } | undefined)?.failureType;
    if (e.details.type === "suite" && cause === "subtestsFailed") return;
    failed++;
    failures.push(`${relative(root, e.file ?? "")} › ${e.name}`);
  });
  await new Promise<void>((resolve, reject) => {
    const out = stream.compose(spec);
    out.on("data", (chunk) => process.stdout.write(chunk));
    out.on("end", resolve);
    out.on("error", reject);
  });
}

/**
 * The sample data set in the dev node (es8), as `npm start` loads it: the browser tests read it.
 * Skipped when it is already complete.
 */
async function ensureSampleData(url: string | undefined): Promise<void> {
  if (!url) return;
  const { hostname, port } = new URL(url);
  const session = new EsSession(
    { host: hostname, port: Number(port), auth: "none", sslMode: "disabled", skipTlsVerify: false },
    {},
  );
  try {
    const { created } = await loadSampleData(session.transport);
    if (created) process.stdout.write("  loaded the sample data set into es8\n");
  } finally {
    await session.close();
  }
}

const onlyUnit = args[0] === "unit";
const explicit = !onlyUnit && args.length > 0 ? args.map((a) => join(root, a)) : undefined;
const unitFiles =
  explicit?.filter((f) => f.includes("/unit/")) ?? findTests(join(root, "test", "unit"));
const integrationTests = onlyUnit
  ? []
  : (explicit?.filter((f) => !f.includes("/unit/") && !f.includes("/faults/")) ??
    findTests(join(root, "test", "integration")));
// test/integration/alone: tests that load a shared node so heavily (hundreds of indices) that a
// test beside them would fail for it; they run after the others, one at a time.
const integrationFiles = integrationTests.filter((f) => !f.includes("/alone/"));
const aloneFiles = integrationTests.filter((f) => f.includes("/alone/"));
const faultFiles = onlyUnit
  ? []
  : (explicit?.filter((f) => f.includes("/faults/")) ?? findTests(join(root, "test", "faults")));

if (!explicit) {
  const bin = join(root, "node_modules", ".bin");
  check("format and lint (biome)", join(bin, "biome"), ["check", "."]);
  check("type check (tsc)", join(bin, "tsc"), ["--noEmit", "-p", "."]);
}

// Driver plugins (scripts/build-plugins.ts): the shipped catalog and archive that saved connections
// install their driver from. Skipped when no input changed; a broken build counts as a failure.
process.stdout.write("\n▶ driver plugins\n");
try {
  const plugins = await buildPlugins();
  process.stdout.write(
    `  ${plugins.built ? "built" : "up to date"}: ${relative(root, plugins.catalogPath)}\n`,
  );
} catch (e) {
  record(`building the driver plugins: ${(e as Error).message}`, false);
}

// The web UI (scripts/build-web.ts): built once here, before the browser tests run two files at a
// time (each would otherwise build into the same dist/web). Skipped when web/ did not change.
process.stdout.write("\n▶ web UI\n");
try {
  process.stdout.write(`  ${(await ensureWebBuilt()) ? "built" : "up to date"}: dist/web\n`);
} catch (e) {
  record(`building the web UI: ${(e as Error).message}`, false);
}

process.stdout.write("\n▶ unit tests\n");
await runTests(unitFiles, 2);

/** Nodes this run started; only these are stopped at the end. */
let startedHere: string[] = [];
if (integrationTests.length > 0) {
  process.stdout.write("\n▶ integration tests on real Elasticsearch nodes\n");
  // Once, before two files at a time could each run apt-get (ensureSystemPackages also locks).
  try {
    ensureSystemPackages();
  } catch (e) {
    record(`installing the test tools: ${(e as Error).message}`, false);
  }
  try {
    const { nodes, started } = await up();
    startedHere = started;
    for (const n of nodes)
      process.stdout.write(`  ${n.name}: ${n.url} (Elasticsearch ${n.version})\n`);
    try {
      await ensureSampleData(nodes.find((n) => n.name === "es8")?.url);
    } catch (e) {
      record(`loading the sample data set into es8: ${(e as Error).message}`, false);
    }
    await runTests(integrationFiles, 2);
    await runTests(aloneFiles, 1);
  } catch (e) {
    record(`starting Elasticsearch: ${(e as Error).message}`, false);
  }
  for (const { node, tail } of crashedNodes()) {
    record(`${node.name} crashed during the tests`, false);
    process.stdout.write(
      `\n✖ ${node.name} is no longer running. Last lines of its log:\n${tail}\n`,
    );
  }
  if (startedHere.length > 0 && !process.env.QUARRY_KEEP_ES) {
    const stopped = await down(startedHere);
    process.stdout.write(
      `\nstopped the Elasticsearch nodes this run started: ${stopped.join(", ")}\n`,
    );
  }
}

// Fault tests (test/faults): nodes of a three-node cluster are killed and restarted, so they run
// one file at a time on that cluster of their own, which is stopped afterwards whatever happened.
if (faultFiles.length > 0) {
  process.stdout.write("\n▶ fault tests on a three-node cluster\n");
  const started = Date.now();
  // Ctrl-C during the fault tests still stops the cluster.
  const onSignal = () => {
    void downThreeNode().finally(() => process.exit(130));
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  try {
    const { nodes } = await upThreeNode();
    for (const n of nodes) process.stdout.write(`  ${n.name}: ${n.url} (pid ${n.pid})\n`);
    await runTests(faultFiles, 1);
  } catch (e) {
    record(`the three-node cluster: ${(e as Error).message}`, false);
  } finally {
    process.removeListener("SIGINT", onSignal);
    process.removeListener("SIGTERM", onSignal);
    if (!process.env.QUARRY_KEEP_FAULT_CLUSTER) {
      const stopped = await downThreeNode();
      process.stdout.write(`\nstopped the three-node cluster: ${stopped.join(", ") || "none"}\n`);
    }
    process.stdout.write(
      `fault tests took ${Math.round((Date.now() - started) / 1000)} s (cluster start included)\n`,
    );
  }
}

if (failures.length) {
  process.stdout.write("\nFailed:\n");
  for (const f of failures) process.stdout.write(`  ✖ ${f}\n`);
}
process.stdout.write(`\n${passed} passed, ${failed} failed\n`);
process.exitCode = failed === 0 && passed > 0 ? 0 : 1;
