/**
 * Export benchmark (issue 4): on a 1,000,000-document index, documents per second and peak memory
 * (the process's peak resident set) of Quarry's export with one slice and with several, of
 * elasticdump (from npm, same node, same index, same run), and of a bare point-in-time +
 * `search_after` loop (the limit). Each runs in its own process; prints ratios.
 *
 *   npm run bench:export                     es8 from `npm run es:up` (or BENCH_ES_URL=http://host:port)
 *   npm run bench:export -- --slices 4 --batch 5000 [--skip-elasticdump] [--skip-elasticdump-default]
 *
 * The index: `bench-browse-1m` (the browse benchmark's) when it holds 1,000,000 documents, else
 * `bench-export-1m`, generated once with the same generator and kept between runs.
 */
import { spawn } from "node:child_process";
import { createReadStream } from "node:fs";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { readState } from "../../scripts/es/cluster.ts";
import { DEFAULT_BATCH } from "../../src/app/export/options.ts";
import { EsTransport } from "../../src/drivers/elasticsearch/transport.ts";
import { ORDERS_MAPPING, order, orderId } from "../../test/support/datasets.ts";
import { startRootProxy } from "./root-proxy.ts";

const DOCS = 1_000_000;
const OWN_INDEX = "bench-export-1m";
const OWN_VERSION = 1;

const { values: args } = parseArgs({
  options: {
    slices: { type: "string", default: "4" },
    batch: { type: "string", default: String(DEFAULT_BATCH) },
    "skip-elasticdump": { type: "boolean" },
    "skip-elasticdump-default": { type: "boolean" },
  },
});

const url =
  process.env.BENCH_ES_URL ??
  readState()?.nodes.find((n) => n.name === "es8")?.url ??
  "http://127.0.0.1:19218";
const { hostname, port } = new URL(url);
const transport = new EsTransport(
  { host: hostname, port: Number(port), auth: "none", sslMode: "disabled", skipTlsVerify: false },
  {},
);
const root = join(import.meta.dirname, "..", "..");
const nodeBin = process.execPath;

async function count(index: string): Promise<number | undefined> {
  const res = await transport.request<{ count?: number }>({
    method: "GET",
    path: `/${index}/_count`,
  });
  return res.status === 200 ? res.body.count : undefined;
}

/** The browse benchmark's index when complete, else our own (generated once). */
async function ensureIndex(): Promise<string> {
  if ((await count("bench-browse-1m")) === DOCS) return "bench-browse-1m";
  const meta = await transport.request<Record<string, { mappings?: { _meta?: { v?: number } } }>>({
    method: "GET",
    path: `/${OWN_INDEX}/_mapping`,
  });
  if (meta.status === 200 && meta.body[OWN_INDEX]?.mappings?._meta?.v === OWN_VERSION) {
    if ((await count(OWN_INDEX)) === DOCS) return OWN_INDEX;
  }
  process.stderr.write(`generating ${DOCS.toLocaleString("en-US")} documents into ${OWN_INDEX}…\n`);
  await transport.request({ method: "DELETE", path: `/${OWN_INDEX}` });
  await transport.json({
    method: "PUT",
    path: `/${OWN_INDEX}`,
    body: {
      settings: { number_of_shards: 2, number_of_replicas: 0, refresh_interval: "-1" },
      mappings: { ...ORDERS_MAPPING, _meta: { v: OWN_VERSION } },
    },
  });
  for (let start = 0; start < DOCS; start += 5_000) {
    let body = "";
    for (let i = start; i < Math.min(DOCS, start + 5_000); i++) {
      body += `{"index":{"_id":"${orderId(i)}"}}\n${JSON.stringify(order(i))}\n`;
    }
    const res = await transport.json<{ errors: boolean }>({
      method: "POST",
      path: `/${OWN_INDEX}/_bulk`,
      body,
      contentType: "application/x-ndjson",
    });
    if (res.errors) throw new Error("bulk load failed");
  }
  await transport.json({
    method: "PUT",
    path: `/${OWN_INDEX}/_settings`,
    body: { index: { refresh_interval: "1s" } },
  });
  await transport.json({ method: "POST", path: `/${OWN_INDEX}/_refresh` });
  return OWN_INDEX;
}

interface Measure {
  name: string;
  seconds: number;
  docs: number;
  peakMb: number;
}

/** Peak resident memory of a running process (Linux: VmHWM), polled until it exits. */
async function peakRssKb(pid: number): Promise<number> {
  try {
    const status = await readFile(`/proc/${pid}/status`, "utf8");
    return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

async function measure(
  name: string,
  cmd: string,
  cmdArgs: string[],
  countDocs: () => Promise<number>,
): Promise<Measure> {
  process.stderr.write(`running ${name}…\n`);
  const started = performance.now();
  const child = spawn(cmd, cmdArgs, { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (d) => {
    stderr += d;
  });
  child.stdout.resume();
  let peak = 0;
  const poll = setInterval(async () => {
    if (child.pid) peak = Math.max(peak, await peakRssKb(child.pid));
  }, 100);
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  clearInterval(poll);
  const seconds = (performance.now() - started) / 1000;
  if (code !== 0) throw new Error(`${name} failed (${code}):\n${stderr.slice(-2000)}`);
  const docs = await countDocs();
  process.stderr.write(
    `  ${docs} documents in ${seconds.toFixed(1)} s, peak ${(peak / 1024).toFixed(0)} MB\n`,
  );
  return { name, seconds, docs, peakMb: peak / 1024 };
}

async function lines(path: string): Promise<number> {
  let n = 0;
  for await (const _ of createInterface({
    input: createReadStream(path),
    crlfDelay: Number.POSITIVE_INFINITY,
  }))
    n++;
  return n;
}

const index = await ensureIndex();
const shards = await transport.json<
  Record<string, { settings: { "index.number_of_shards": string } }>
>({
  method: "GET",
  path: `/${index}/_settings/index.number_of_shards`,
  query: { flat_settings: true },
});
const shardCount = Number(shards[index]?.settings["index.number_of_shards"] ?? 1);
const dir = await mkdtemp(join(tmpdir(), "quarry-bench-export-"));
const batch = args.batch;
const slices = args.slices;
const results: Measure[] = [];
try {
  const out = (n: string) => join(dir, n);
  results.push(
    await measure(
      "bare PIT + search_after loop",
      nodeBin,
      ["bench/export/bare-loop.ts", url, index, out("bare.ndjson"), batch],
      async () => (await lines(out("bare.ndjson"))) / 2,
    ),
  );
  results.push(
    await measure(
      "Quarry, 1 slice",
      nodeBin,
      ["bench/export/quarry.ts", url, index, out("q1.ndjson"), "1", batch],
      async () => (await lines(out("q1.ndjson"))) / 2,
    ),
  );
  results.push(
    await measure(
      `Quarry, ${slices} slices`,
      nodeBin,
      ["bench/export/quarry.ts", url, index, out("qn.ndjson"), slices, batch],
      async () => (await lines(out("qn.ndjson"))) / 2,
    ),
  );
  if (!args["skip-elasticdump"]) {
    // elasticdump needs `GET /`, which the 8.x test node does not serve: both it and a second
    // Quarry run go through the same loopback pass-through, so their ratio is like for like.
    const proxy = await startRootProxy(url);
    try {
      results.push(
        await measure(
          "Quarry, 1 slice, via proxy",
          nodeBin,
          ["bench/export/quarry.ts", proxy.url, index, out("qp.ndjson"), "1", batch],
          async () => (await lines(out("qp.ndjson"))) / 2,
        ),
      );
      const dump = (name: string, file: string, extra: string[]) =>
        measure(
          name,
          nodeBin,
          [
            "node_modules/elasticdump/bin/elasticdump",
            `--input=${proxy.url}/${index}`,
            `--output=${out(file)}`,
            "--type=data",
            ...extra,
          ],
          () => lines(out(file)),
        );
      // Its default batch (100 documents) is what most people run; the same batch as Quarry's
      // is its best case.
      results.push(
        await dump(`elasticdump --limit ${batch}, via proxy`, "dump-batch.json", [
          `--limit=${batch}`,
        ]),
      );
      if (!args["skip-elasticdump-default"])
        results.push(await dump("elasticdump default, via proxy", "dump-default.json", []));
    } finally {
      await proxy.close();
    }
  }
} finally {
  const sizes = await Promise.all(
    ["bare.ndjson", "q1.ndjson", "qn.ndjson"].map((f) =>
      stat(join(dir, f)).then(
        (s) => s.size,
        () => 0,
      ),
    ),
  );
  await rm(dir, { recursive: true, force: true });
  await transport.close();
  process.stderr.write(
    `output sizes (bytes): bare ${sizes[0]}, quarry-1 ${sizes[1]}, quarry-n ${sizes[2]}\n`,
  );
}

const rate = (m: Measure) => m.docs / m.seconds;
console.log(
  `\nExport of ${index} (${DOCS.toLocaleString("en-US")} documents, ${shardCount} shards) on ${url}, batch ${batch}\n`,
);
console.log("run                              docs        s    docs/s   peak MB");
for (const m of results) {
  console.log(
    `${m.name.padEnd(30)} ${String(m.docs).padStart(9)} ${m.seconds.toFixed(1).padStart(8)} ${Math.round(rate(m)).toString().padStart(9)} ${m.peakMb.toFixed(0).padStart(9)}`,
  );
}
for (const m of results)
  if (m.docs !== DOCS) console.log(`!! ${m.name} wrote ${m.docs} documents, not ${DOCS}`);
const find = (prefix: string) => results.find((m) => m.name.startsWith(prefix));
const ratio = (label: string, a: Measure | undefined, b: Measure | undefined, goal = "") => {
  if (a && b)
    console.log(
      `${label.padEnd(52)} ${(rate(a) / rate(b)).toFixed(2)}x${goal ? `   (goal ${goal})` : ""}`,
    );
};
const bare = find("bare");
const q1 = find("Quarry, 1 slice");
const qn = find(`Quarry, ${slices} slices`);
const qp = find("Quarry, 1 slice, via proxy");
const dumpBatch = find("elasticdump --limit");
const dumpDefault = find("elasticdump default");
console.log("");
ratio("Quarry 1 slice / bare loop", q1, bare, "≥ 0.9x");
ratio(`Quarry ${slices} slices / bare loop`, qn, bare);
ratio(`Quarry 1 slice / elasticdump --limit ${batch} (both proxied)`, qp, dumpBatch, "≥ 3x");
ratio(`Quarry ${slices} slices / elasticdump --limit ${batch}`, qn, dumpBatch, "≥ 3x");
ratio("Quarry 1 slice / elasticdump default (both proxied)", qp, dumpDefault, "≥ 3x");
ratio(`Quarry ${slices} slices / elasticdump default`, qn, dumpDefault, "≥ 3x");
