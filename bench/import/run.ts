/**
 * Import benchmark: `quarry import` (the real command, bin/quarry) of an NDJSON `_bulk` file (the
 * bench index exported by Quarry) into a new index, next to a bare `_bulk` loop reading the same
 * file with the same batch size (bare-bulk.ts, one request at a time as Quarry sends them) and next
 * to elasticdump's import of the same documents in its own file format (a search hit a line), at
 * its default batch and at the same batch. Every run writes into a new index created beforehand
 * with the source's shards and mapping (outside the timing, for every side alike), counted and
 * deleted after. The sides take turns and repeat until their medians hold still. Peak memory of
 * `quarry import`: the resident set of its process, at 100,000 documents and (with --large, or
 * unless --quick) at 1,000,000.
 *
 *   npm run bench:import                    es8 from `npm run es:up` (or BENCH_ES_URL=http://host:port)
 *   npm run bench:import -- --quick         fewer rounds, elasticdump once, no 1M run
 *   npm run bench:import -- --quick --large the same, and the 1M memory run
 *   npm run bench:import -- --batch 5000 --skip-elasticdump
 *   npm run bench:import -- --sources       this checkout's bin/quarry (its TypeScript sources)
 *                                           instead of Quarry installed from its package
 *
 * `quarry` is by default the one users run: packed from a copy of this checkout and installed
 * (bench/installed-quarry.ts, about a minute before the runs).
 */
import { once } from "node:events";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { exportTable } from "../../test/support/export.ts";
import { transferBenchArgs } from "../copy/args.ts";
import { loadAverage, memoryGoals, printTable, quarryCommand } from "../copy/report.ts";
import { countAndDrop, createIndex, definitionOf } from "../copy/targets.ts";
import { benchTransport, benchUrl } from "../export/bench-node.ts";
import * as harness from "../export/harness.ts";
import { type BenchIndex, ensureBenchIndex } from "../export/indices.ts";
import { startRootProxy } from "../export/root-proxy.ts";

const { args, quick, large, batch, sources } = transferBenchArgs();
const url = benchUrl();
const transport = benchTransport(url);
const root = join(import.meta.dirname, "..", "..");
const log = (line: string) => process.stderr.write(`${line}\n`);
const dir = await mkdtemp(join(tmpdir(), "quarry-bench-import-"));

/** The index exported by Quarry to NDJSON (`_bulk` lines): the file every import reads. */
async function ndjsonOf(index: BenchIndex): Promise<string> {
  const out = join(dir, `${index.name}.ndjson`);
  log(`exporting ${index.name} to ${out}…`);
  await exportTable(transport, index.name, { format: "ndjson", out, overwrite: true, slices: 4 });
  return out;
}

/** The same documents in elasticdump's own file format: a search hit a line. */
async function dumpFileOf(ndjson: string, index: string): Promise<string> {
  const out = join(dir, "elasticdump.json");
  const file = createWriteStream(out);
  let id: string | undefined;
  const input = createReadStream(ndjson);
  for await (const line of createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY })) {
    if (id === undefined) {
      id = (JSON.parse(line) as { index: { _id: string } }).index._id;
      continue;
    }
    const hit = `{"_index":${JSON.stringify(index)},"_id":${JSON.stringify(id)},"_source":${line}}\n`;
    if (!file.write(hit)) await once(file, "drain");
    id = undefined;
  }
  file.end();
  await once(file, "finish");
  return out;
}

const quarry = await quarryCommand(root, { sources, log });
const small = await ensureBenchIndex(transport, Number(args.size));
const big = large ? await ensureBenchIndex(transport, 1_000_000) : undefined;
const definition = await definitionOf(url, small.name);
const smallFile = await ndjsonOf(small);
const dumpFile = args["skip-elasticdump"] ? "" : await dumpFileOf(smallFile, small.name);
const bigFile = big ? await ndjsonOf(big) : undefined;
await transport.close();
const home = await mkdtemp(join(tmpdir(), "quarry-bench-import-home-"));
const proxy = args["skip-elasticdump"] ? undefined : await startRootProxy(url);

/** A side loading into its own target, new and empty (the source's definition) for each run. */
const into = (target: string, side: Omit<harness.Side, "count" | "prepare">): harness.Side => ({
  ...side,
  prepare: () => createIndex(url, target, definition),
  count: () => countAndDrop(url, target),
});
const load = (name: string, at: string, target: string, file: string) =>
  into(target, {
    name,
    cmd: quarry.cmd,
    args: [...quarry.args, "import", at, target, "--in", file, "--mode", "index", "--json"].concat([
      "--batch-size",
      batch,
    ]),
    env: { QUARRY_HOME: home },
  });
const dumpRounds = quick ? 1 : 3;
const dump = (name: string, target: string, extra: string[]) =>
  into(target, {
    name,
    cmd: process.execPath,
    args: [
      "node_modules/elasticdump/bin/elasticdump",
      `--input=${dumpFile}`,
      `--output=${proxy?.url}/${target}`,
      "--type=data",
      ...extra,
    ],
    rounds: dumpRounds,
  });

const sides: harness.Side[] = [
  into("bench-import-bare", {
    name: "bare _bulk loop",
    cmd: process.execPath,
    args: ["bench/import/bare-bulk.ts", url, "bench-import-bare", smallFile, batch],
  }),
  load("Quarry import", url, "bench-import-q", smallFile),
];
// elasticdump needs `GET /` (root-proxy.ts); a Quarry run through the same proxy is its match.
if (proxy)
  sides.push(
    load("Quarry import, via proxy", proxy.url, "bench-import-qp", smallFile),
    dump(`elasticdump --limit ${batch}, via proxy`, "bench-import-dump-batch", [
      `--limit=${batch}`,
    ]),
    dump("elasticdump default, via proxy", "bench-import-dump-default", []),
  );

let runs: Map<string, harness.Run[]>;
let bigRun: harness.Run | undefined;
const loadAtStart = loadAverage();
try {
  log(`import of ${smallFile} on ${url}, batch ${batch}, sides in turns:`);
  runs = await harness.interleave(
    sides,
    quick ? { min: 2, max: 3, tolerance: 0.05 } : { min: 3, max: 7, tolerance: 0.03 },
    root,
    log,
  );
  if (big && bigFile) {
    log(`memory: import of ${big.docs} documents…`);
    bigRun = await harness.runOnce(load("1M", url, "bench-import-m", bigFile), root);
    log(
      `  ${bigRun.docs} docs in ${bigRun.seconds.toFixed(1)} s, peak ${bigRun.peakMb.toFixed(0)} MB`,
    );
  }
} finally {
  await proxy?.close();
  await rm(home, { recursive: true, force: true });
  await rm(dir, { recursive: true, force: true });
  await quarry.close();
}

const med = (name: string) => harness.medianRate(runs, name);
console.log(
  `\nImport of ${small.docs.toLocaleString("en-US")} documents (NDJSON) into a new index on ${url}, batch ${batch}${quick ? " (quick)" : ""}, ${quarry.what}; medians of interleaved runs; load average at start ${loadAtStart}, at end ${loadAverage()}\n`,
);
printTable(runs, small.docs, (name) => name.startsWith("Quarry"));
const goals: string[] = [];
const r = med("Quarry import") / med("bare _bulk loop");
goals.push(
  harness.verdict(
    "Quarry import / bare _bulk loop, same batch",
    `${r.toFixed(2)}x`,
    "≥ 0.9x",
    r >= 0.9,
  ),
  `info     Quarry import / bare _bulk loop without its refresh and count: ${(med("Quarry import") / harness.medianRate(runs, "bare _bulk loop", harness.rateWithoutEnd)).toFixed(2)}x`,
);
// No goal is set against elasticdump for import: its ratios are shown for information.
if (proxy) {
  const qp = "Quarry import, via proxy";
  for (const other of ["elasticdump default, via proxy", `elasticdump --limit ${batch}, via proxy`])
    goals.push(
      `info     Quarry import / ${other.replace(", via proxy", "")} (both proxied): ${(med(qp) / med(other)).toFixed(2)}x`,
    );
}
const peakOf = (_: number, size: "small" | "large") => {
  if (size === "large")
    return bigRun && { peakMb: bigRun.peakMb, whole: bigRun.docs === big?.docs };
  const rs = runs.get("Quarry import") ?? [];
  return {
    peakMb: Math.max(...rs.map((x) => x.peakMb)),
    whole: rs.every((x) => x.docs === small.docs),
  };
};
goals.push(...memoryGoals("import", small.docs, big?.docs, peakOf, [1]));
for (const g of goals) console.log(g);
console.log(
  "\nThe machine may be shared: figures are noisy; the sides take turns so noise hits both.",
);
