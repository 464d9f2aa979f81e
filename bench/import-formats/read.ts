/**
 * One timed read of a file to import, in a process of its own so that its peak memory is its own:
 * every record of the file through `readRecords` (no cluster), printed as one JSON line.
 * Usage: node bench/import-formats/read.ts <ndjson|json|csv> <file>
 */
import { createReadStream } from "node:fs";
import { inferKinds } from "../../src/app/transfer/csv-rows.ts";
import type { KindsFor } from "../../src/app/transfer/csv-source.ts";
import type { ImportFormat } from "../../src/app/transfer/import-format.ts";
import { readRecords } from "../../src/app/transfer/import-sources.ts";
import { ImportLineDecoder } from "../../src/drivers/elasticsearch/transfer/import-lines.ts";

const [format, path] = process.argv.slice(2) as [ImportFormat, string];
const cursor = { position: 0, shape: null, bytes: 0 };
let records = 0;
let peakRss = 0;
let peakHeap = 0;
const started = performance.now();
const options = {
  format,
  skip: 0,
  decoder: new ImportLineDecoder(),
  kindsFor: (async (l, s) => inferKinds(l, s)) as KindsFor,
};
for await (const item of readRecords(createReadStream(path), options, cursor)) {
  if ("origin" in item) records++;
  if (records % 10_000 === 0) {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }
}
const ms = performance.now() - started;
process.stdout.write(
  `${JSON.stringify({ format, records, bytes: cursor.bytes, ms, peakRss, peakHeap })}\n`,
);
