/**
 * Document comparison benchmark: `quarry compare <url>:<a> <url>:<b> --documents` (the real
 * command, installed from its package: bench/installed-quarry.ts) next to exporting both sides (`quarry export` of each, 4 slices, the
 * export's own batch), which reads what a comparison reads; the sides take turns (harness.ts).
 * The two indices are the export bench's index and a copy of it made by `quarry copy` (the same
 * `_source` bytes), so every document is compared and none differs: the comparison's most work.
 *
 *   npm run bench:compare                 1,000,000 documents a side
 *   npm run bench:compare -- --quick      100,000 documents a side, 2–3 rounds
 *   npm run bench:compare -- --sources    this checkout's bin/quarry (its TypeScript sources)
 */
import { execFileSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { loadAverage, quarryCommand } from "../copy/report.ts";
import { benchTransport, benchUrl } from "../export/bench-node.ts";
import { interleave, medianRate, type Side, verdict } from "../export/harness.ts";
import { ensureBenchIndex } from "../export/indices.ts";

const { values: args } = parseArgs({
  options: { quick: { type: "boolean" }, sources: { type: "boolean" } },
});
const quick = args.quick === true;
const url = benchUrl();
const transport = benchTransport(url);
const root = join(import.meta.dirname, "..", "..");
const log = (line: string) => process.stderr.write(`${line}\n`);

const quarry = await quarryCommand(root, { sources: args.sources === true, log });
const source = await ensureBenchIndex(transport, quick ? 100_000 : 1_000_000);
const copy = `bench-compare-${source.docs}`;
const dir = await mkdtemp(join(tmpdir(), "quarry-bench-compare-"));
const home = join(dir, "home");
const env = { QUARRY_HOME: home };

/** The other side: a copy of the source by `quarry copy`, made once and kept. */
async function ensureCopy(): Promise<void> {
  const res = await transport.request<{ count?: number }>({
    method: "GET",
    path: `/${copy}/_count`,
  });
  if (res.status === 200 && res.body.count === source.docs) return;
  await transport.request({ method: "DELETE", path: `/${copy}` });
  log(`copying ${source.name} to ${copy}…`);
  execFileSync(
    quarry.cmd,
    [...quarry.args, "copy", `${url}/${source.name}`, `${url}/${copy}`, "--json"],
    {
      env: { ...process.env, ...env },
      stdio: "ignore",
    },
  );
}
await ensureCopy();
await transport.close();

const exportOne = (index: string, file: string) =>
  `"${quarry.cmd}" export ${url} ${index} --format ndjson --out ${join(dir, file)} --slices 4 --force --json >/dev/null`;
const sides: Side[] = [
  {
    name: "export both sides, 4 slices",
    cmd: "sh",
    args: ["-c", `${exportOne(source.name, "a.ndjson")} && ${exportOne(copy, "b.ndjson")}`],
    env,
    count: async () => source.docs,
  },
  {
    name: "quarry compare --documents",
    cmd: quarry.cmd,
    args: [
      ...quarry.args,
      "compare",
      `${url}:${source.name}`,
      `${url}:${copy}`,
      "--documents",
      "--json",
    ],
    env,
    count: async () => source.docs,
  },
];

const load = loadAverage();
try {
  log(`compare ${source.name} with ${copy} on ${url}, sides in turns:`);
  const runs = await interleave(
    sides,
    quick ? { min: 2, max: 3, tolerance: 0.05 } : { min: 3, max: 5, tolerance: 0.03 },
    root,
    log,
  );
  const med = (name: string) => medianRate(runs, name);
  const peak = Math.max(...(runs.get("quarry compare --documents") ?? []).map((r) => r.peakMb));
  console.log(
    `\nCompare of two ${source.docs.toLocaleString("en-US")}-document indices on ${url}${quick ? " (quick)" : ""}; medians of interleaved runs; load average at start ${load}, at end ${loadAverage()}\n`,
  );
  for (const s of sides)
    console.log(
      `${s.name.padEnd(34)} ${String(runs.get(s.name)?.length).padStart(3)} runs  ${Math.round(med(s.name)).toLocaleString("en-US").padStart(9)} docs a side/s`,
    );
  const ratio = med("quarry compare --documents") / med("export both sides, 4 slices");
  console.log("");
  console.log(
    verdict("compare / exporting both sides", `${ratio.toFixed(2)}x`, "≥ 0.8x", ratio >= 0.8),
  );
  console.log(
    verdict("peak memory of quarry compare", `${peak.toFixed(0)} MB`, "< 200 MB", peak < 200),
  );
} finally {
  await rm(dir, { recursive: true, force: true });
  await quarry.close();
}
