/**
 * Where the grid's first page spends its time (docs/performance.md, "Where the time goes"): the
 * bare search with and without the exact total, the mapping read alone and beside the search,
 * then the CPU parts in Quarry's process, each timed in turn and the median printed.
 *
 *   node bench/browse/parts.ts               es8 from `npm run es:up` (or BENCH_ES_URL)
 */
import { parseJsonExact } from "../../src/core/exact-json.ts";
import { hitToRow, type SearchHit } from "../../src/drivers/elasticsearch/table/cells.ts";
import { unknownField } from "../../src/drivers/elasticsearch/table/column-cache.ts";
import { filterOpsForColumn } from "../../src/drivers/elasticsearch/table/filters.ts";
import { describeTable } from "../../src/drivers/elasticsearch/table/mapping.ts";
import { benchTransport, benchUrl } from "../export/bench-node.ts";
import { Bare, ensureIndex, INDEX, PAGE } from "./bare.ts";
import { median } from "./measure.ts";

const url = benchUrl();
const bare = new Bare(url);
await ensureIndex(bare);
const transport = benchTransport(url);
const page = { from: 0, size: PAGE, query: { match_all: {} } };
const body = { ...page, track_total_hits: true, seq_no_primary_term: true };
const search = (b: unknown) => bare.call("POST", `/${INDEX}/_search`, b);
const mapping = () => bare.call("GET", `/${INDEX}/_mapping`);

const text = JSON.stringify(await search(body));
const hits = (JSON.parse(text) as { hits: { hits: SearchHit[] } }).hits.hits;
const columns = await describeTable(transport, INDEX);
const rows = hits.map((h) => hitToRow(h, columns));
const ops = columns.map((c) => ({ column: c.name, ops: filterOpsForColumn(c) }));
const answer = { gridId: "-", columns, filterOps: ops, first: { columns, rows, total: 1 } };
const answerText = JSON.stringify(answer);

const network: Record<string, () => Promise<unknown>> = {
  "bare _search, track_total_hits: true": () => search(body),
  "bare _search, no exact total": () => search(page),
  "mapping read": mapping,
  "search and mapping read together": () => Promise.all([search(body), mapping()]),
};
const cpu: Record<string, () => unknown> = {
  [`parse the cluster's answer (${Math.round(text.length / 1024)} KB)`]: () => parseJsonExact(text),
  [`shape ${hits.length} rows of ${columns.length} columns`]: () =>
    hits.map((h) => hitToRow(h, columns)),
  "check the hits for unknown fields": () => unknownField(hits, columns),
  [`write the UI's answer (${Math.round(answerText.length / 1024)} KB)`]: () =>
    JSON.stringify(answer),
  "the web client parses it": () => parseJsonExact(answerText),
};

const times = new Map<string, number[]>();
const keep = (k: string, ms: number) => times.set(k, [...(times.get(k) ?? []), ms]);
for (let i = 0; i < 30; i++)
  for (const [k, f] of Object.entries(network)) {
    const t0 = performance.now();
    await f();
    if (i >= 5) keep(k, performance.now() - t0);
  }
for (let i = 0; i < 300; i++)
  for (const [k, f] of Object.entries(cpu)) {
    const t0 = performance.now();
    f();
    if (i >= 50) keep(k, performance.now() - t0);
  }
const w = Math.max(...[...times.keys()].map((k) => k.length));
for (const [k, v] of times) process.stdout.write(`${k.padEnd(w)}  ${median(v).toFixed(2)} ms\n`);
await transport.close();
await bare.close();
