/**
 * ES|QL past the row cap: `quarry esql <url> "FROM <index>" --all --format ndjson` (the real
 * command, installed from its package: bench/installed-quarry.ts) next to a bare loop of the same paged `_query` requests (bare-loop.ts). The
 * sides take turns and repeat until their medians hold still (../export/harness.ts); peak memory
 * (resident set of the `quarry` process, sampled) on every run.
 *
 *   npm run bench:esql-pages                    sample-orders (30,000 real rows) by _id, quick
 *   npm run bench:esql-pages -- --full          also bench-export-1m by order_id, memory at 1M rows
 *   npm run bench:esql-pages -- --index i --key k
 *   npm run bench:esql-pages -- --sources       this checkout's bin/quarry (its TypeScript sources)
 *
 * es8 from `npm run es:up` (its ES|QL engine), or BENCH_ES_URL=http://host:port.
 */
import { createReadStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { loadAverage, quarryCommand } from "../copy/report.ts";
import { benchTransport, benchUrl } from "../export/bench-node.ts";
import * as harness from "../export/harness.ts";
import { ensureBenchIndex } from "../export/indices.ts";

const { values: args } = parseArgs({
  options: {
    index: { type: "string", default: "sample-orders" },
    key: { type: "string", default: "_id" },
    full: { type: "boolean" },
    sources: { type: "boolean" },
  },
});
const url = benchUrl();
const root = join(import.meta.dirname, "..", "..");
const log = (line: string) => process.stderr.write(`${line}\n`);
const PAGE = "10000";

async function lines(path: string): Promise<number> {
  let n = 0;
  const input = createReadStream(path);
  for await (const _ of createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY })) n++;
  return n;
}

const command = await quarryCommand(root, { sources: args.sources === true, log });
const dir = await mkdtemp(join(tmpdir(), "quarry-bench-esql-"));
const out = (name: string) => join(dir, name);
const quarry = (index: string, key: string, file: string): harness.Side => ({
  name: `Quarry esql --all (${index} by ${key})`,
  cmd: command.cmd,
  args: [
    ...command.args,
    "esql",
    url,
    `FROM ${index}`,
    "--all",
    "--key",
    key,
    "--format",
    "ndjson",
    "--out",
    out(file),
    "--force",
    "--json",
  ],
  env: { QUARRY_HOME: join(dir, "home") },
  count: () => lines(out(file)),
});
const bare = (index: string, key: string, file: string): harness.Side => ({
  name: `bare loop of the same _query pages (${index} by ${key})`,
  cmd: process.execPath,
  args: ["bench/esql-pages/bare-loop.ts", url, `FROM ${index}`, key, out(file), PAGE],
  count: () => lines(out(file)),
});

const { index, key } = args;
const sides = [bare(index, key, "bare"), quarry(index, key, "quarry")];
const load = loadAverage();
let runs: Map<string, harness.Run[]>;
let large: harness.Run | undefined;
const transport = benchTransport(url);
try {
  log(`speed on ${index} by ${key}, pages of ${PAGE}, sides in turns:`);
  runs = await harness.interleave(sides, { min: 3, max: 6, tolerance: 0.05 }, root, log);
  if (args.full) {
    const big = await ensureBenchIndex(transport, 1_000_000);
    log(`memory on ${big.name} (${big.docs} rows) by order_id:`);
    large = await harness.runOnce(quarry(big.name, "order_id", "large"), root);
    log(
      `  ${large.docs} rows in ${large.seconds.toFixed(1)} s, peak ${large.peakMb.toFixed(0)} MB`,
    );
  }
} finally {
  await rm(dir, { recursive: true, force: true });
  await transport.close();
  await command.close();
}

const [b, q] = sides.map((s) => runs.get(s.name) ?? []) as [harness.Run[], harness.Run[]];
const medianRate = (rs: harness.Run[]) => harness.median(rs.map(harness.rate));
const peak = (rs: harness.Run[]) => Math.max(...rs.map((r) => r.peakMb));
console.log(
  `\nES|QL keyed pages on ${url}; load average at start ${load}, at end ${loadAverage()}\n`,
);
console.log(
  "side                                                        runs   median rows/s   peak MB",
);
for (const [name, rs] of runs)
  console.log(
    `${name.padEnd(60)} ${String(rs.length).padStart(4)} ${Math.round(medianRate(rs)).toString().padStart(15)} ${peak(rs).toFixed(0).padStart(9)}   rows ${[...new Set(rs.map((r) => r.docs))].join(", ")}`,
  );
console.log("");
const ratio = medianRate(q) / medianRate(b);
const rows = q[0]?.docs ?? 0;
const same = q.every((r) => r.docs === rows) && b.every((r) => r.docs === rows);
console.log(
  harness.verdict(
    "Quarry / bare loop of the same _query pages, rows/s",
    `${ratio.toFixed(2)}x`,
    "≥ 0.9x",
    ratio >= 0.9,
  ),
);
console.log(
  harness.verdict(
    `rows past the cap, every run the same (${rows})`,
    String(rows),
    "≥ 25,000",
    rows >= 25_000 && same,
  ),
);
console.log(
  harness.verdict(
    `peak memory, ${rows} rows`,
    `${peak(q).toFixed(0)} MB`,
    "< 200 MB",
    peak(q) < 200,
  ),
);
if (large)
  console.log(
    harness.verdict(
      `peak memory, ${large.docs} rows`,
      `${large.peakMb.toFixed(0)} MB`,
      "< 200 MB",
      large.peakMb < 200,
    ),
  );
else console.log("(memory at 1,000,000 rows: run with --full)");
console.log(
  "\nThe machine may be shared: figures are noisy; the sides take turns so noise hits both.",
);
