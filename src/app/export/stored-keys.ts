/**
 * Reading back what a partial file already holds, for a resume on a new snapshot: the key of every
 * record in its first `bytes`, as the scan names records (`TableScan.storedKey`).
 */
import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";
import type { ExportFormat, TableScan } from "../../core/export.ts";

export async function keysInFile(
  path: string,
  bytes: number,
  format: ExportFormat,
  scan: Pick<TableScan, "storedKey" | "ndjsonLines">,
): Promise<Set<string>> {
  const seen = new Set<string>();
  if (bytes === 0) return seen;
  const stream = createReadStream(path, { start: 0, end: bytes - 1 });
  if (format === "csv") {
    // Loaded here, for the rare resume that reads a CSV back, not at every export's start.
    const { parse: parseCsv } = await import("csv-parse");
    let header = true;
    for await (const record of stream.pipe(parseCsv({ relax_column_count: true })) as AsyncIterable<
      string[]
    >) {
      if (header) header = false;
      else seen.add(scan.storedKey(record));
    }
    return seen;
  }
  let lines: string[] = [];
  for await (const line of createInterface({
    input: stream,
    crlfDelay: Number.POSITIVE_INFINITY,
  })) {
    if (format === "ndjson") {
      lines.push(line);
      if (lines.length === scan.ndjsonLines) {
        seen.add(scan.storedKey(lines));
        lines = [];
      }
      continue;
    }
    const text = line.replace(/,$/, "");
    if (text === "[" || text === "]" || text === "") continue;
    seen.add(scan.storedKey([text]));
  }
  return seen;
}
