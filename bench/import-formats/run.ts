/**
 * How fast import reads each format, and whether its memory stays flat: the same documents
 * written as a `_bulk` body (NDJSON), a pretty-printed JSON array of hits, and CSV, at two sizes;
 * each file read whole by `read.ts` in its own process, the formats interleaved, repeated for a
 * median. No cluster: this is the reading side only (the writing side is the `_bulk` loop that
 * copy and import share). Usage: node bench/import-formats/run.ts [documents] [repeats]
 */
import { execFileSync } from "node:child_process";
import { createWriteStream, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const SIZES = [Number(process.argv[2] ?? 200_000)].flatMap((n) => [n, n * 5]);
const REPEATS = Number(process.argv[3] ?? 3);
const FORMATS = ["ndjson", "json", "csv"] as const;
type Format = (typeof FORMATS)[number];

function documentOf(i: number) {
  return {
    n: i,
    price: i * 1.25,
    ok: i % 2 === 0,
    day: `2024-01-${String((i % 28) + 1).padStart(2, "0")}`,
    customer: { name: `customer number ${i}`, city: `city ${i % 97}` },
  };
}

function lineOf(format: Format, i: number): string {
  const d = documentOf(i);
  if (format === "ndjson") return `{"index":{"_id":"d${i}"}}\n${JSON.stringify(d)}\n`;
  if (format === "json")
    return `${i === 0 ? "[\n" : ",\n"}${JSON.stringify({ _id: `d${i}`, _source: d }, null, 2)}`;
  const head = i === 0 ? "_id,n,price,ok,day,customer.name,customer.city\n" : "";
  return `${head}d${i},${d.n},${d.price},${d.ok},${d.day},${d.customer.name},${d.customer.city}\n`;
}

async function write(path: string, format: Format, count: number): Promise<void> {
  const out = createWriteStream(path);
  for (let i = 0; i < count; i++)
    if (!out.write(lineOf(format, i))) await new Promise<void>((r) => out.once("drain", () => r()));
  out.end(format === "json" ? "\n]\n" : "");
  await new Promise<void>((r) => out.once("finish", () => r()));
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const dir = mkdtempSync(join(tmpdir(), "quarry-bench-import-"));
try {
  for (const size of SIZES) {
    const files = Object.fromEntries(FORMATS.map((f) => [f, join(dir, `${size}.${f}`)]));
    for (const f of FORMATS) await write(files[f] as string, f, size);
    const runs: Record<Format, { ms: number; peakRss: number; peakHeap: number; bytes: number }[]> =
      { ndjson: [], json: [], csv: [] };
    for (let r = 0; r < REPEATS; r++)
      for (const f of FORMATS) {
        const out = execFileSync(process.execPath, [
          join(import.meta.dirname, "read.ts"),
          f,
          files[f] as string,
        ]);
        const got = JSON.parse(out.toString());
        if (got.records !== size) throw new Error(`${f}: read ${got.records} of ${size}`);
        runs[f].push(got);
      }
    for (const f of FORMATS) {
      const ms = median(runs[f].map((x) => x.ms));
      const mb = (x: number) => (x / 1e6).toFixed(0);
      process.stdout.write(
        `${String(size).padStart(9)} ${f.padEnd(7)} ${mb(runs[f][0]?.bytes ?? 0).padStart(5)} MB  ` +
          `${Math.round(size / (ms / 1000))
            .toLocaleString("en-US")
            .padStart(9)} docs/s  ` +
          `peak rss ${mb(Math.max(...runs[f].map((x) => x.peakRss)))} MB, heap ${mb(Math.max(...runs[f].map((x) => x.peakHeap)))} MB\n`,
      );
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
