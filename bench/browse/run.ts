/**
 * Browsing benchmark (issue 3): on a 1,000,000-document index, the time to the first page of 100
 * rows and to the pages at offsets 10,000, 100,000 and 500,000, through Quarry's `browse`, next to
 * the same HTTP requests sent bare to the node (undici, no Quarry code) in the same run. Prints
 * each as a ratio. The index is generated once and kept between runs (`bench-browse-1m`).
 *
 *   npm run bench:browse                 es8 from `npm run es:up` (or BENCH_ES_URL=http://host:port)
 *   npm run bench:browse -- --runs 7     repetitions per measurement (median shown)
 */
import { parseArgs } from "node:util";
import { Pool } from "undici";
import { readState } from "../../scripts/es/cluster.ts";
import { browse, openGrid } from "../../src/drivers/elasticsearch/browse.ts";
import { EsTransport } from "../../src/drivers/elasticsearch/transport.ts";
import { ORDERS_MAPPING, order, orderId } from "../../test/support/datasets.ts";

const INDEX = "bench-browse-1m";
const DOCS = 1_000_000;
const VERSION = 1;
const PAGE = 100;

const { values: args } = parseArgs({
  options: { runs: { type: "string", default: "5" }, "skip-anchor": { type: "boolean" } },
});
const RUNS = Math.max(1, Number(args.runs));

const url =
  process.env.BENCH_ES_URL ??
  readState()?.nodes.find((n) => n.name === "es8")?.url ??
  "http://127.0.0.1:19218";
const { hostname, port } = new URL(url);
const transport = new EsTransport(
  {
    host: hostname,
    port: Number(port),
    auth: "none",
    sslMode: "disabled",
    skipTlsVerify: false,
  },
  {},
);

// ---- the bare client: undici and JSON, nothing of Quarry ----

const pool = new Pool(url, { connections: 16 });

async function bare<T = Record<string, unknown>>(
  method: "GET" | "POST" | "DELETE" | "PUT",
  path: string,
  body?: unknown,
): Promise<T> {
  const res = await pool.request({
    method,
    path,
    headers: { "content-type": "application/json", accept: "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.body.text();
  if (res.statusCode >= 300) throw new Error(`${method} ${path}: ${res.statusCode} ${text}`);
  return JSON.parse(text) as T;
}

interface Hits {
  pit_id?: string;
  hits?: { hits?: { sort?: unknown[] }[] };
}

/** The page at `offset`, exactly as Quarry asks for it: from/size, or a PIT walk beyond 10,000. */
async function barePage(offset: number): Promise<number> {
  const page = { size: PAGE, track_total_hits: true, seq_no_primary_term: true };
  if (offset + PAGE <= 10_000) {
    const res = await bare<Hits>("POST", `/${INDEX}/_search`, {
      ...page,
      from: offset,
      query: { match_all: {} },
    });
    return res.hits?.hits?.length ?? 0;
  }
  const { id } = await bare<{ id: string }>("POST", `/${INDEX}/_pit?keep_alive=2m`);
  let pit = id;
  const sort = [{ _shard_doc: { order: "asc" } }];
  const lean = { _source: false, stored_fields: "_none_", track_total_hits: false };
  const search = async (body: Record<string, unknown>, filter = "") => {
    const res = await bare<Hits>("POST", `/_search${filter}`, {
      ...body,
      query: { match_all: {} },
      sort,
      pit: { id: pit, keep_alive: "2m" },
    });
    pit = res.pit_id ?? pit;
    return res;
  };
  try {
    const hop = await search(
      { ...lean, from: 9_999, size: 1 },
      "?filter_path=pit_id,hits.hits.sort",
    );
    let after = hop.hits?.hits?.[0]?.sort;
    for (let at = 10_000; at < offset; at += 10_000) {
      const res = await search(
        { ...lean, size: Math.min(10_000, offset - at), search_after: after },
        "?filter_path=pit_id,hits.hits.sort",
      );
      after = res.hits?.hits?.at(-1)?.sort;
    }
    const res = await search({ ...page, search_after: after });
    return res.hits?.hits?.length ?? 0;
  } finally {
    await bare("DELETE", "/_pit", { id: pit });
  }
}

/** The deep-paging approach of the reference product: a PIT walk in batches of 1,000 with _source. */
async function anchorStylePage(offset: number): Promise<number> {
  const { id } = await bare<{ id: string }>("POST", `/${INDEX}/_pit?keep_alive=1m`);
  let pit = id;
  let after: unknown[] | undefined;
  let seen = 0;
  let rows = 0;
  try {
    while (rows < PAGE) {
      const res = await bare<Hits>("POST", "/_search", {
        size: 1000,
        pit: { id: pit, keep_alive: "1m" },
        sort: [{ _shard_doc: "asc" }],
        ...(after ? { search_after: after } : {}),
      });
      pit = res.pit_id ?? pit;
      const hits = res.hits?.hits ?? [];
      if (hits.length === 0) break;
      for (const _ of hits) {
        if (seen >= offset && rows < PAGE) rows++;
        seen++;
      }
      after = hits.at(-1)?.sort;
    }
    return rows;
  } finally {
    await bare("DELETE", "/_pit", { id: pit });
  }
}

// ---- the data set, generated once ----

async function ensureIndex(): Promise<void> {
  const head = await transport.request<Record<string, { mappings?: { _meta?: { v?: number } } }>>({
    method: "GET",
    path: `/${INDEX}/_mapping`,
  });
  if (head.status === 200 && head.body[INDEX]?.mappings?._meta?.v === VERSION) {
    const { count } = await bare<{ count: number }>("GET", `/${INDEX}/_count`);
    if (count === DOCS) return;
  }
  process.stderr.write(`generating ${DOCS.toLocaleString("en-US")} documents into ${INDEX}…\n`);
  await transport.request({ method: "DELETE", path: `/${INDEX}` });
  await bare("PUT", `/${INDEX}`, {
    settings: { number_of_shards: 2, number_of_replicas: 0, refresh_interval: "-1" },
    mappings: { ...ORDERS_MAPPING, _meta: { v: VERSION } },
  });
  const started = Date.now();
  const BATCH = 5_000;
  let next = 0;
  const worker = async () => {
    while (next < DOCS) {
      const from = next;
      next += BATCH;
      const lines: string[] = [];
      for (let i = from; i < Math.min(from + BATCH, DOCS); i++) {
        lines.push(JSON.stringify({ index: { _id: orderId(i) } }), JSON.stringify(order(i)));
      }
      const res = await pool.request({
        method: "POST",
        path: `/${INDEX}/_bulk`,
        headers: { "content-type": "application/x-ndjson" },
        body: `${lines.join("\n")}\n`,
      });
      const body = JSON.parse(await res.body.text()) as { errors?: boolean };
      if (res.statusCode !== 200 || body.errors) throw new Error(`bulk failed at ${from}`);
      if ((from / BATCH) % 20 === 0) process.stderr.write(`  ${from.toLocaleString("en-US")}\n`);
    }
  };
  await Promise.all([worker(), worker()]);
  await bare("PUT", `/${INDEX}/_settings`, { index: { refresh_interval: "1s" } });
  await bare("POST", `/${INDEX}/_refresh`);
  await bare("POST", `/${INDEX}/_forcemerge?max_num_segments=1`);
  process.stderr.write(`  loaded in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
}

// ---- measuring ----

async function time(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

async function median(fn: () => Promise<unknown>, runs = RUNS): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(await time(fn));
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

function check(n: number, what: string): void {
  if (n !== PAGE) throw new Error(`${what}: ${n} rows instead of ${PAGE}`);
}

const rows: [string, number, number | null, string][] = [];

async function compare(label: string, offset: number, runs = RUNS): Promise<void> {
  const page = offset / PAGE + 1;
  // Interleaved, so both sides see the same cluster state and caches.
  const q: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < runs; i++) {
    q.push(
      await time(async () =>
        check((await browse(transport, INDEX, { page, pageSize: PAGE })).rows.length, label),
      ),
    );
    b.push(await time(async () => check(await barePage(offset), `bare ${label}`)));
  }
  const med = (xs: number[]) => xs.sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
  rows.push([label, med(q), med(b), ""]);
}

await ensureIndex();
// Warm both paths (connections, caches) before measuring.
await browse(transport, INDEX, { page: 1 });
await barePage(0);
await browse(transport, INDEX, { page: 1001 });
await barePage(100_000);

await compare("first page (offset 0)", 0);
await compare("offset 10,000", 10_000);
await compare("offset 100,000", 100_000);
await compare("offset 500,000", 500_000, Math.max(1, Math.min(RUNS, 3)));

// An open grid remembers where pages start: the next page after a deep one is one request.
{
  const grid = openGrid(transport, INDEX);
  await grid.browse({ page: 5001, pageSize: PAGE });
  let page = 5001;
  const q = await median(async () => {
    page++;
    check((await grid.browse({ page, pageSize: PAGE })).rows.length, "open grid next page");
  });
  await grid.close();
  rows.push(["open grid, next page after offset 500,000", q, null, "one search_after request"]);
}

if (!args["skip-anchor"]) {
  for (const offset of [10_000, 100_000]) {
    const t = await median(async () => check(await anchorStylePage(offset), "anchor"), 1);
    const q = rows.find((r) => r[0] === `offset ${offset.toLocaleString("en-US")}`)![1];
    rows.push([
      `anchor-style walk to offset ${offset.toLocaleString("en-US")} (1,000 per batch, with _source)`,
      t,
      null,
      `Quarry is ${(t / q).toFixed(1)}x faster`,
    ]);
  }
}

const pad = (s: string, n: number) => s.padEnd(n);
const w = Math.max(...rows.map((r) => r[0].length));
process.stdout.write(
  `\nbrowse benchmark: ${INDEX} (${DOCS.toLocaleString("en-US")} docs, 2 shards) on ${url}, page size ${PAGE}, median of ${RUNS}\n\n`,
);
process.stdout.write(
  `${pad("request", w)}  ${"quarry ms".padStart(10)}  ${"bare ms".padStart(10)}  ratio\n`,
);
for (const [label, q, b, note] of rows) {
  const ratio = b === null ? note : `${(q / b).toFixed(2)}x`;
  process.stdout.write(
    `${pad(label, w)}  ${q.toFixed(1).padStart(10)}  ${(b === null ? "-" : b.toFixed(1)).padStart(10)}  ${ratio}\n`,
  );
}
await transport.close();
await pool.close();
