/**
 * Copy benchmark: `quarry copy` (the real command, bin/quarry) of an index into a new index on the
 * same node, next to the best a bare client can do (bare-copy.ts: the same slices and batch, the
 * `_source` bytes piped to `_bulk` unparsed) and next to elasticdump's copy (`--type=settings`,
 * `--type=mapping`, then `--type=data`: the settings first so that its target has the source's
 * shards, like the others'), at its default batch and at the same batch. Every run writes into a
 * new target, counted and deleted after it, outside the timing. The sides take turns and repeat
 * until their medians hold still (bench/export/harness.ts). Peak memory of `quarry copy`: the
 * resident set of its process, at 100,000 documents and (with --large, or unless --quick) at
 * 1,000,000, with 1 and 4 slices.
 *
 *   npm run bench:copy                      es8 from `npm run es:up` (or BENCH_ES_URL=http://host:port)
 *   npm run bench:copy -- --quick           fewer rounds, 4 slices only, elasticdump once, no 1M run
 *   npm run bench:copy -- --quick --large   the same, and the 1M memory runs (about 10 more minutes)
 *   npm run bench:copy -- --batch 5000 --skip-elasticdump
 *   npm run bench:copy -- --sources         this checkout's bin/quarry (its TypeScript sources)
 *                                           instead of Quarry installed from its package
 *
 * `quarry` is by default the one users run: packed from a copy of this checkout and installed
 * (bench/installed-quarry.ts, about a minute before the runs).
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { benchTransport, benchUrl } from "../export/bench-node.ts";
import * as harness from "../export/harness.ts";
import { ensureBenchIndex } from "../export/indices.ts";
import { startRootProxy } from "../export/root-proxy.ts";
import { transferBenchArgs } from "./args.ts";
import { loadAverage, memoryGoals, printTable, quarryCommand } from "./report.ts";
import { countAndDrop, dropIndex } from "./targets.ts";

const { args, quick, large, batch, sources } = transferBenchArgs();
const url = benchUrl();
const transport = benchTransport(url);
const root = join(import.meta.dirname, "..", "..");
const log = (line: string) => process.stderr.write(`${line}\n`);

const quarry = await quarryCommand(root, { sources, log });
const small = await ensureBenchIndex(transport, Number(args.size));
const big = large ? await ensureBenchIndex(transport, 1_000_000) : undefined;
await transport.close();
const home = await mkdtemp(join(tmpdir(), "quarry-bench-copy-"));
const proxy = args["skip-elasticdump"] ? undefined : await startRootProxy(url);

/** A side writing into its own target, new for each run. */
const into = (target: string, side: Omit<harness.Side, "count" | "prepare">): harness.Side => ({
  ...side,
  prepare: async () => void (await dropIndex(url, target)),
  count: () => countAndDrop(url, target),
});
const copy = (name: string, at: string, source: string, slices: number, target: string) =>
  into(target, {
    name,
    cmd: quarry.cmd,
    args: [
      ...quarry.args,
      "copy",
      `${at}/${source}`,
      `${at}/${target}`,
      "--json",
      "--batch-size",
      batch,
      "--slices",
      String(slices),
    ],
    env: { QUARRY_HOME: home },
  });
const bare = (slices: number) =>
  into(`bench-copy-bare${slices}`, {
    name: `bare sliced copy, ${slices} slice${slices > 1 ? "s" : ""}`,
    cmd: process.execPath,
    args: [
      "bench/copy/bare-copy.ts",
      url,
      small.name,
      `bench-copy-bare${slices}`,
      batch,
      `${slices}`,
    ],
  });
const dumpRounds = quick ? 1 : 3;
const dump = (name: string, target: string, extra: string[]) => {
  const run = (type: string, more: string[] = []) =>
    [
      `"${process.execPath}" node_modules/elasticdump/bin/elasticdump`,
      `--input=${proxy?.url}/${small.name}`,
      `--output=${proxy?.url}/${target}`,
      `--type=${type}`,
      ...more,
    ].join(" ");
  return into(target, {
    name,
    cmd: "sh",
    args: ["-c", `${run("settings")} && ${run("mapping")} && ${run("data", extra)}`],
    rounds: dumpRounds,
  });
};

const slices = quick ? [4] : [1, 4];
const sides: harness.Side[] = slices.flatMap((s) => [
  bare(s),
  copy(`Quarry copy, ${s} slice${s > 1 ? "s" : ""}`, url, small.name, s, `bench-copy-q${s}`),
]);
// elasticdump needs `GET /`, which the 8.x test node does not serve: it and a Quarry run go
// through the same loopback pass-through (root-proxy.ts), so their ratio is like for like.
if (proxy)
  sides.push(
    copy("Quarry copy, 4 slices, via proxy", proxy.url, small.name, 4, "bench-copy-qp"),
    dump(`elasticdump --limit ${batch}, via proxy`, "bench-copy-dump-batch", [`--limit=${batch}`]),
    dump("elasticdump default, via proxy", "bench-copy-dump-default", []),
  );

let runs: Map<string, harness.Run[]>;
const memory = new Map<string, harness.Run>();
const load = loadAverage();
try {
  log(`copy of ${small.name} on ${url}, batch ${batch}, sides in turns:`);
  runs = await harness.interleave(
    sides,
    quick ? { min: 2, max: 3, tolerance: 0.05 } : { min: 3, max: 7, tolerance: 0.03 },
    root,
    log,
  );
  // The 100,000 memory figure of a slice count the speed rounds did not run.
  for (const s of [1, 4]) {
    const name = `Quarry copy, ${s} slice${s > 1 ? "s" : ""}`;
    if (!runs.has(name))
      memory.set(
        `${s}/small`,
        await harness.runOnce(copy(name, url, small.name, s, "bench-copy-m"), root),
      );
  }
  for (const s of big ? [1, 4] : []) {
    log(`memory: copy of ${big?.name}, ${s} slice(s)…`);
    const r = await harness.runOnce(copy("1M", url, big?.name ?? "", s, "bench-copy-m"), root);
    log(`  ${r.docs} docs in ${r.seconds.toFixed(1)} s, peak ${r.peakMb.toFixed(0)} MB`);
    memory.set(`${s}/large`, r);
  }
} finally {
  await proxy?.close();
  await rm(home, { recursive: true, force: true });
  await quarry.close();
}

const med = (name: string) => harness.medianRate(runs, name);
const medWithoutEnd = (name: string) => harness.medianRate(runs, name, harness.rateWithoutEnd);
console.log(
  `\nCopy ${small.name} → new index on ${url}, batch ${batch}${quick ? " (quick)" : ""}, ${quarry.what}; medians of interleaved runs; load average at start ${load}, at end ${loadAverage()}\n`,
);
printTable(runs, small.docs, (name) => !name.startsWith("elasticdump") && !name.startsWith("bare"));
const goals: string[] = [];
for (const s of slices) {
  const q = `Quarry copy, ${s} slice${s > 1 ? "s" : ""}`;
  const bareName = `bare sliced copy, ${s} slice${s > 1 ? "s" : ""}`;
  const r = med(q) / med(bareName);
  goals.push(
    harness.verdict(
      `${q} / bare sliced copy, same slices and batch`,
      `${r.toFixed(2)}x`,
      "≥ 0.9x",
      r >= 0.9,
    ),
    `info     ${q} / bare sliced copy without its refresh and count: ${(med(q) / medWithoutEnd(bareName)).toFixed(2)}x`,
  );
}
if (proxy) {
  const qp = "Quarry copy, 4 slices, via proxy";
  const d = med(qp) / med("elasticdump default, via proxy");
  goals.push(
    harness.verdict(
      "Quarry copy 4 slices / elasticdump default (both proxied)",
      `${d.toFixed(2)}x`,
      "≥ 3x",
      d >= 3,
    ),
  );
  const b = med(qp) / med(`elasticdump --limit ${batch}, via proxy`);
  goals.push(
    harness.verdict(
      `Quarry copy 4 slices / elasticdump --limit ${batch} (proxied)`,
      `${b.toFixed(2)}x`,
      "≥ 1.5x",
      b >= 1.5,
    ),
  );
}
const peakOf = (s: number, size: "small" | "large") => {
  if (size === "small") {
    const rs = runs.get(`Quarry copy, ${s} slice${s > 1 ? "s" : ""}`);
    if (rs)
      return {
        peakMb: Math.max(...rs.map((r) => r.peakMb)),
        whole: rs.every((r) => r.docs === small.docs),
      };
  }
  const r = memory.get(`${s}/${size}`);
  const docs = size === "small" ? small.docs : big?.docs;
  return r ? { peakMb: r.peakMb, whole: r.docs === docs } : undefined;
};
goals.push(...memoryGoals("copy", small.docs, big?.docs, peakOf));
for (const g of goals) console.log(g);
console.log(
  "\nThe machine may be shared: figures are noisy; the sides take turns so noise hits both.",
);
