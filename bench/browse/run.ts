/**
 * Browsing benchmark on a 1,000,000-document index (`bench-browse-1m`, generated once and kept).
 *
 * Goals: the grid's first page, as the UI gets it (the app's UI API over HTTP: open the grid with
 * its first page, the answer parsed as the web client parses it), at most 1.2x a bare undici
 * `_search` of the same page with the same body (JSON.parse'd), unsorted and sorted (a click on a
 * date column's header in an open grid). The two sides are interleaved (measure.ts), at least 21
 * pairs and on until the median ratio settles within 2%.
 *
 * Also the floor of a second hop (floor.ts): the same unsorted search through a loopback proxy that
 * pipes the node's answer and through one that parses and rewrites it, each interleaved with the
 * bare client, and what that leaves of the goal for an app's own work.
 *
 * Also, through the driver as before: pages at offsets 10,000, 100,000 and 500,000 next to the
 * bare client's same requests, the next page of an open grid after a deep one, and the reference
 * product's deep-paging approach.
 *
 *   npm run bench:browse                       es8 from `npm run es:up` (or BENCH_ES_URL=http://host:port)
 *   npm run bench:browse -- --min 41           at least 41 pairs per goal
 *   npm run bench:browse -- --skip-deep        the goals only
 *   npm run bench:browse -- --skip-anchor      no reference walk
 */
import { parseArgs } from "node:util";
import type { SortSpec } from "../../src/core/grid.ts";
import { type PackedPage, unpackPage } from "../../src/core/packed-page.ts";
import { benchUrl } from "../export/bench-node.ts";
import { type BenchApp, startBenchApp } from "./app.ts";
import { Bare, ensureIndex, type Hits, INDEX, PAGE } from "./bare.ts";
import { deepRows } from "./deep.ts";
import { startFloorProxies } from "./floor.ts";
import { interleave, median, type Pairs } from "./measure.ts";

const { values: args } = parseArgs({
  options: {
    min: { type: "string", default: "21" },
    "deep-runs": { type: "string", default: "3" },
    "skip-deep": { type: "boolean" },
    "skip-anchor": { type: "boolean" },
  },
});
const MIN = Math.max(21, Number(args.min));
const GOAL = 1.2;

const url = benchUrl();
const { hostname, port } = new URL(url);
const bare = new Bare(url);
await ensureIndex(bare);
const app = await startBenchApp({ host: hostname, port: Number(port) });
const conn = app.connectionId;
const floor = await startFloorProxies(url);
const viaPipe = new Bare(floor.pipe);
const viaReparse = new Bare(floor.reparse);

interface Opened {
  gridId: string;
  first?: PackedPage;
}

function check(n: number | undefined, what: string): void {
  if (n !== PAGE) throw new Error(`${what}: ${n} rows instead of ${PAGE}`);
}

/**
 * Opens a grid with its first page, as the UI does (older apps answer the grid alone: then page 1
 * is asked for next). `apart` opens, then asks, as the UI did before.
 */
async function openWithPage(
  app: BenchApp,
  first: { sort?: SortSpec[] },
  apart = false,
): Promise<number> {
  const t0 = performance.now();
  const page = { page: 1, pageSize: PAGE, ...first };
  const opened = await app.call<Opened>(
    "POST",
    `/connections/${conn}/tables/${INDEX}/grid`,
    apart ? {} : { first: page },
  );
  // Unpacked as the web client does (usePageLoader.ts).
  const result = unpackPage(
    opened.first ?? (await app.call<PackedPage>("POST", `/grids/${opened.gridId}/browse`, page)),
  );
  const ms = performance.now() - t0;
  check(result.rows.length, "quarry first page");
  await app.call("DELETE", `/grids/${opened.gridId}`);
  return ms;
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

const SORT: SortSpec[] = [{ column: "created_at", direction: "desc" }];
const unsortedBody = {
  from: 0,
  size: PAGE,
  query: { match_all: {} },
  track_total_hits: true,
  seq_no_primary_term: true,
};
// The sorted body as Quarry compiles it (the view as a request), plus the row versions it reads.
const sortGrid = await app.call<Opened>("POST", `/connections/${conn}/tables/${INDEX}/grid`, {});
const asRequest = await app.call<{ request: { body: Record<string, unknown> } }>(
  "POST",
  `/grids/${sortGrid.gridId}/as-request`,
  { page: 1, pageSize: PAGE, sort: SORT },
);
const sortedBody = { ...asRequest.request.body, seq_no_primary_term: true };
const bareSearch =
  (body: unknown, client = bare) =>
  async () => {
    const res = await client.call<Hits>("POST", `/${INDEX}/_search`, body);
    check(res.hits?.hits?.length, "bare search");
  };

const sorted = () =>
  timed(async () => {
    const r = unpackPage(
      await app.call<PackedPage>("POST", `/grids/${sortGrid.gridId}/browse`, {
        page: 1,
        pageSize: PAGE,
        sort: SORT,
      }),
    );
    check(r.rows.length, "quarry sorted page");
  });

// The best a bare client can do for the same page in the same exact order (ties broken by
// `_seq_no`): the page without its count and the count as its own search, sent together.
const bareCountingApart = (body: Record<string, unknown>) => async () =>
  timed(async () => {
    const [res] = await Promise.all([
      bare.call<Hits>("POST", `/${INDEX}/_search`, {
        ...body,
        sort: [...((body.sort as unknown[]) ?? []), { _seq_no: "asc" }],
        track_total_hits: false,
      }),
      bare.call<Hits>("POST", `/${INDEX}/_search?filter_path=hits.total`, {
        query: body.query,
        size: 0,
        track_total_hits: true,
      }),
    ]);
    check(res.hits?.hits?.length, "bare search counting apart");
  });

const sides = {
  unsorted: {
    quarry: () => openWithPage(app, {}),
    bare: () => timed(bareSearch(unsortedBody)),
  },
  sorted: {
    quarry: () => sorted(),
    bare: () => timed(bareSearch(sortedBody)),
  },
  apart: {
    quarry: () => openWithPage(app, {}, true),
    bare: () => timed(bareSearch(unsortedBody)),
  },
  openSorted: {
    quarry: () => openWithPage(app, { sort: SORT }),
    bare: () => timed(bareSearch(sortedBody)),
  },
  unsortedBest: {
    quarry: () => openWithPage(app, {}),
    bare: bareCountingApart(unsortedBody),
  },
  sortedBest: {
    quarry: () => sorted(),
    bare: bareCountingApart(sortedBody),
  },
  floorPipe: {
    quarry: () => timed(bareSearch(unsortedBody, viaPipe)),
    bare: () => timed(bareSearch(unsortedBody)),
  },
  floorReparse: {
    quarry: () => timed(bareSearch(unsortedBody, viaReparse)),
    bare: () => timed(bareSearch(unsortedBody)),
  },
};

// Warm both sides (connections, the plugin's code, the node's caches); not measured.
for (let i = 0; i < 5; i++)
  for (const s of Object.values(sides)) {
    await s.quarry();
    await s.bare();
  }

const results: { label: string; goal: boolean; pairs: Pairs }[] = [];
const measure = async (label: string, side: keyof typeof sides, goal: boolean) => {
  process.stderr.write(`measuring ${label}…\n`);
  const s = sides[side];
  results.push({ label, goal, pairs: await interleave(s.quarry, s.bare, { min: MIN }) });
};
await measure("first page unsorted (open grid + page 1)", "unsorted", true);
await measure("first page sorted (sort an open grid by created_at)", "sorted", true);
await measure("grid opened on a sorted first page", "openSorted", false);
await measure("grid opened, then page 1 asked (the UI before)", "apart", false);
await measure("unsorted, against a bare client counting apart", "unsortedBest", false);
await measure("sorted, against a bare client counting apart", "sortedBest", false);
await measure("floor: the search through a proxy that pipes it", "floorPipe", false);
await measure("floor: through a proxy that parses and rewrites it", "floorReparse", false);
await app.call("DELETE", `/grids/${sortGrid.gridId}`);

const deep = args["skip-deep"]
  ? []
  : await deepRows(url, bare, Number(args["deep-runs"]), !args["skip-anchor"]);

const fmt = (n: number) => n.toFixed(1).padStart(9);
const w = Math.max(...results.map((r) => r.label.length), ...deep.map((r) => r.label.length));
const out: string[] = [
  "",
  `browse benchmark: ${INDEX} (1,000,000 docs, 2 shards) on ${url}, page size ${PAGE}`,
  "quarry = the app's UI API over HTTP; bare = undici _search, same body, JSON.parse",
  "floor = the unsorted search through a do-nothing loopback proxy (floor.ts), in the quarry column",
  "",
  `${"first page".padEnd(w)}  ${"pairs".padStart(5)}  ${"quarry ms".padStart(9)}  ${"bare ms".padStart(9)}  ratio (median of pairs)`,
];
for (const { label, goal, pairs } of results) {
  const ratio = median(pairs.ratios);
  const verdict = goal ? (ratio <= GOAL ? "  PASS" : "  FAIL") : "  (information)";
  out.push(
    `${label.padEnd(w)}  ${String(pairs.ratios.length).padStart(5)}  ${fmt(median(pairs.a))}  ${fmt(median(pairs.b))}  ${ratio.toFixed(2)}x${verdict}`,
  );
}
if (deep.length > 0) {
  out.push(
    "",
    `${"deeper pages (driver)".padEnd(w)}  ${"runs".padStart(5)}  ${"quarry ms".padStart(9)}  ${"bare ms".padStart(9)}  ratio`,
  );
  for (const r of deep)
    out.push(
      `${r.label.padEnd(w)}  ${String(r.runs).padStart(5)}  ${fmt(r.quarry)}  ${r.bare === null ? "        -" : fmt(r.bare)}  ${r.note ?? `${(r.quarry / (r.bare as number)).toFixed(2)}x`}`,
    );
}
out.push("");
for (const { label, pairs } of results.filter((r) => r.goal)) {
  const ratio = median(pairs.ratios);
  out.push(
    `goal: ${label.replace(/ \(.*/, "")} ≤ ${GOAL}x bare: ${ratio <= GOAL ? "PASS" : "FAIL"} (${ratio.toFixed(2)}x)`,
  );
}
const reparse = results.find((r) => r.label.startsWith("floor: through"))?.pairs;
if (reparse) {
  const bareMs = median(reparse.b);
  const left = (GOAL - median(reparse.ratios)) * bareMs;
  out.push(
    `floor: a second hop that only parses and rewrites the answer is ${median(reparse.ratios).toFixed(2)}x bare; ` +
      `the goal leaves ${left.toFixed(1)} ms of a ${bareMs.toFixed(1)} ms search for everything an app does beyond that`,
  );
}
process.stdout.write(`${out.join("\n")}\n`);
await app.close();
await floor.close();
for (const b of [bare, viaPipe, viaReparse]) await b.close();
