/**
 * Export benchmark: `quarry export` (the real command as users run it: Quarry packed from a copy of
 * this checkout and installed, its launcher with its Node flags, its release build and driver
 * plugin; bench/installed-quarry.ts, about a minute before the runs) next to the best a bare
 * client can do on the same node (a sliced point-in-time loop with the same slices and batch,
 * writing the answers' bytes unparsed: bare-loop.ts) and next to elasticdump (its default
 * settings, and the same batch size). The sides take turns and repeat until their medians hold
 * still (harness.ts). Peak memory (resident set of the `quarry` process, sampled) at 100,000 and
 * at 1,000,000 documents, 1 and 4 slices.
 *
 *   npm run bench:export                 es8 from `npm run es:up` (or BENCH_ES_URL=http://host:port)
 *   npm run bench:export -- --quick      fewer rounds, elasticdump once (about 5 minutes)
 *   npm run bench:export -- --batch 5000 --skip-elasticdump
 *   npm run bench:export -- --node-flags=""   the CLI started by node with these flags instead of the
 *                                             launcher's (bin/node-runtime.sh), e.g. none
 *   npm run bench:export -- --sources         this checkout's bin/quarry (its TypeScript sources)
 *                                             instead of Quarry installed from its package
 *
 * The indices (`bench-export-100k`, `bench-export-1m`, 4 shards) are generated once and kept.
 * Speed is compared on the 100k index; the 1M index is exported once per slice count for memory.
 */
import { createReadStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { DEFAULT_BATCH } from "../../src/app/export/options.ts";
import { loadAverage, quarryCommand } from "../copy/report.ts";
import { benchTransport, benchUrl } from "./bench-node.ts";
import { interleave, medianRate, type Run, runOnce, type Side, verdict } from "./harness.ts";
import { ensureBenchIndex } from "./indices.ts";
import { startRootProxy } from "./root-proxy.ts";

const { values: args } = parseArgs({
  options: {
    batch: { type: "string", default: String(DEFAULT_BATCH) },
    quick: { type: "boolean" },
    "skip-elasticdump": { type: "boolean" },
    /** Node flags to start the CLI with instead of the launcher's (space-separated). */
    "node-flags": { type: "string" },
    /** This checkout's bin/quarry (its TypeScript sources) instead of the installed package. */
    sources: { type: "boolean" },
  },
});
const nodeFlags = args["node-flags"]?.split(" ").filter(Boolean);
const quick = args.quick === true;
const batch = args.batch;
const url = benchUrl();
const transport = benchTransport(url);
const root = join(import.meta.dirname, "..", "..");
const node = process.execPath;
const log = (line: string) => process.stderr.write(`${line}\n`);

async function lines(path: string): Promise<number> {
  let n = 0;
  const input = createReadStream(path);
  for await (const _ of createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY })) n++;
  return n;
}

// The command as a user runs it; with --node-flags, the same CLI (and plugin) started by node.
const launcher = await quarryCommand(root, { sources: args.sources === true, log });
const command = nodeFlags ? { cmd: node, args: [...nodeFlags, launcher.entry] } : launcher;
const small = await ensureBenchIndex(transport, 100_000);
const large = await ensureBenchIndex(transport, 1_000_000);
const dir = await mkdtemp(join(tmpdir(), "quarry-bench-export-"));
const out = (name: string) => join(dir, name);
const quarry = (name: string, at: string, index: string, slices: number, file: string): Side => ({
  name,
  cmd: command.cmd,
  args: [
    ...command.args,
    "export",
    at,
    index,
    "--format",
    "ndjson",
    "--out",
    out(file),
    "--slices",
    String(slices),
    "--batch-size",
    batch,
    "--force",
    "--json",
  ],
  env: { QUARRY_HOME: join(dir, "home") },
  count: async () => (await lines(out(file))) / 2,
});
const bare = (slices: number): Side => ({
  name: `bare sliced loop, ${slices} slice${slices > 1 ? "s" : ""}`,
  cmd: node,
  args: ["bench/export/bare-loop.ts", url, small.name, out(`bare${slices}`), batch, String(slices)],
  count: async () => small.docs,
});

const proxy = args["skip-elasticdump"] ? undefined : await startRootProxy(url);
const dumpRounds = quick ? 1 : 3;
const dump = (name: string, file: string, extra: string[]): Side => ({
  name,
  cmd: node,
  args: [
    "node_modules/elasticdump/bin/elasticdump",
    `--input=${proxy?.url}/${small.name}`,
    `--output=${out(file)}`,
    "--type=data",
    ...extra,
  ],
  count: () => lines(out(file)),
  rounds: dumpRounds,
});

const sides: Side[] = [
  bare(1),
  quarry("Quarry, 1 slice", url, small.name, 1, "q1"),
  bare(4),
  quarry("Quarry, 4 slices", url, small.name, 4, "q4"),
];
// elasticdump needs `GET /`, which the 8.x test node does not serve: it and a Quarry run go
// through the same loopback pass-through (root-proxy.ts), so their ratio is like for like.
if (proxy) {
  sides.push(
    quarry("Quarry, 4 slices, via proxy", proxy.url, small.name, 4, "qp"),
    dump(`elasticdump --limit ${batch}, via proxy`, "dump-batch", [`--limit=${batch}`]),
    dump("elasticdump default, via proxy", "dump-default", []),
  );
}
let runs: Map<string, Run[]>;
const memory: Run[] = [];
const load = loadAverage();
try {
  log(`speed on ${small.name}, batch ${batch}, sides in turns:`);
  runs = await interleave(
    sides,
    quick ? { min: 2, max: 3, tolerance: 0.05 } : { min: 3, max: 7, tolerance: 0.03 },
    root,
    log,
  );
  log(`memory on ${large.name}:`);
  for (const slices of [1, 4]) {
    const side = quarry(`Quarry, ${slices}`, url, large.name, slices, `large${slices}`);
    const r = await runOnce(side, root);
    log(
      `  ${slices} slice(s): ${r.docs} docs in ${r.seconds.toFixed(1)} s, peak ${r.peakMb.toFixed(0)} MB`,
    );
    memory.push(r);
  }
} finally {
  await proxy?.close();
  await rm(dir, { recursive: true, force: true });
  await transport.close();
  await launcher.close();
}

const med = (name: string) => medianRate(runs, name);
const peak = (name: string) => Math.max(...(runs.get(name) ?? []).map((r) => r.peakMb));
console.log(
  `\nExport on ${url}, batch ${batch}${quick ? " (quick)" : ""}, ${nodeFlags ? `node ${nodeFlags.join(" ")} ${launcher.entry} export` : `${launcher.what}, export`}; medians of interleaved runs; load average at start ${load}, at end ${loadAverage()}\n`,
);
console.log("side                                          runs   median docs/s   peak MB");
for (const [name, rs] of runs) {
  const wrong = rs.filter((r) => r.docs !== small.docs).length;
  console.log(
    `${name.padEnd(45)} ${String(rs.length).padStart(4)} ${Math.round(med(name)).toString().padStart(15)} ${peak(name).toFixed(0).padStart(9)}${wrong ? `   !! ${wrong} run(s) did not move ${small.docs} documents` : ""}`,
  );
}
console.log("");
const ratio = (a: string, b: string) => med(a) / med(b);
const goals: string[] = [];
for (const s of [1, 4]) {
  const q = `Quarry, ${s} slice${s > 1 ? "s" : ""}`;
  const r = ratio(q, `bare sliced loop, ${s} slice${s > 1 ? "s" : ""}`);
  goals.push(
    verdict(
      `${q} / bare sliced loop, same slices and batch`,
      `${r.toFixed(2)}x`,
      "≥ 0.9x",
      r >= 0.9,
    ),
  );
}
if (proxy) {
  const qp = "Quarry, 4 slices, via proxy";
  const d = ratio(qp, "elasticdump default, via proxy");
  goals.push(
    verdict(
      "Quarry 4 slices / elasticdump default (both proxied)",
      `${d.toFixed(2)}x`,
      "≥ 3x",
      d >= 3,
    ),
  );
  const b = ratio(qp, `elasticdump --limit ${batch}, via proxy`);
  goals.push(
    verdict(
      `Quarry 4 slices / elasticdump --limit ${batch} (both proxied)`,
      `${b.toFixed(2)}x`,
      "≥ 1.5x",
      b >= 1.5,
    ),
  );
}
for (const [i, s] of [1, 4].entries()) {
  const name = `Quarry, ${s} slice${s > 1 ? "s" : ""}`;
  const at100k = peak(name);
  goals.push(
    verdict(
      `peak memory, ${s} slice(s), 100,000 documents`,
      `${at100k.toFixed(0)} MB`,
      "< 200 MB",
      at100k < 200,
    ),
  );
  const at1m = memory[i]?.peakMb ?? Number.NaN;
  const whole = memory[i]?.docs === large.docs ? "" : " (!! not every document)";
  goals.push(
    verdict(
      `peak memory, ${s} slice(s), 1,000,000 documents${whole}`,
      `${at1m.toFixed(0)} MB`,
      "< 200 MB",
      at1m < 200,
    ),
  );
}
for (const g of goals) console.log(g);
console.log(
  "\nThe machine may be shared: figures are noisy; the sides take turns so noise hits both.",
);
