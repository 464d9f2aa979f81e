/**
 * A file to import as records, in any of its formats: JSON lines (the driver's decoder reads
 * `_bulk` bodies, search hits and plain documents), a JSON array (or a search answer's hits), or
 * CSV (csv-source.ts). Each record's origin is its line, or for a JSON array its element's number
 * (with the line it starts on). Records at or before the `skip` origin (a resume's checkpoint)
 * are read but not given. `previewRecords` reads the first few of any file, for a preview.
 */
import { createReadStream } from "node:fs";
import { open } from "node:fs/promises";
import { createInterface } from "node:readline";
import { Readable } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { QuarryError } from "../../core/errors.ts";
import type { TransferFacet } from "../../core/facets.ts";
import type { LineDecoder, LineProblem, LoadRecord } from "../../core/transfer.ts";
import { inferKinds } from "./csv-rows.ts";
import type { KindsFor } from "./csv-source.ts";
import { formatOfName, formatOfStart, type ImportFormat } from "./import-format.ts";
import type { JsonArrayReader } from "./json-array-reader.ts";

export type ImportInput = { path: string } | { stream: Readable; name: string };
export type SourceItem = LoadRecord | LineProblem;

/** Where the reading stands: the last origin read, the shape recognised, the bytes read. */
export interface SourceCursor {
  position: number;
  shape: string | null;
  bytes: number;
}

export interface SourceOptions {
  format: ImportFormat;
  /** Read when each record comes: a resume sets it once its checkpoint is read. */
  skip: number;
  decoder: LineDecoder;
  /** CSV: settles the columns' kinds once the header and the first rows are read. */
  kindsFor: KindsFor;
  idColumn?: string;
}

const PEEK_BYTES = 64 * 1024;

export const inputName = (input: ImportInput) => ("path" in input ? input.path : input.name);

/**
 * The beginning of a stream (up to its first line that holds something), and a stream that gives
 * the whole of it again: what was peeked, then the rest as it comes.
 */
async function peekStream(stream: Readable): Promise<{ head: string; stream: Readable }> {
  const chunks = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer | string>;
  const head: Buffer[] = [];
  let size = 0;
  while (size < PEEK_BYTES && !/\S[^\n]*\n/.test(Buffer.concat(head).toString("utf8"))) {
    const next = await chunks.next();
    if (next.done) break;
    const buffer = typeof next.value === "string" ? Buffer.from(next.value) : next.value;
    head.push(buffer);
    size += buffer.length;
  }
  async function* whole() {
    yield* head;
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
  }
  return {
    head: Buffer.concat(head).toString("utf8"),
    stream: Readable.from(whole(), { objectMode: false }),
  };
}

async function peekFile(path: string): Promise<string> {
  const file = await open(path, "r");
  try {
    const buffer = Buffer.alloc(PEEK_BYTES);
    const { bytesRead } = await file.read(buffer, 0, PEEK_BYTES, 0);
    return buffer.subarray(0, bytesRead).toString("utf8");
  } finally {
    await file.close();
  }
}

/**
 * The format asked for, else the name's (`.json` files are looked into), else the content's. A
 * stream looked into is given back whole as a new one.
 */
export async function chooseFormat(
  input: ImportInput,
  asked: ImportFormat | undefined,
): Promise<{ format: ImportFormat; input: ImportInput }> {
  if (asked) return { format: asked, input };
  if ("path" in input) {
    const byName = formatOfName(input.path);
    if (byName && byName !== "json") return { format: byName, input };
    return { format: formatOfStart(await peekFile(input.path), input.path), input };
  }
  const peeked = await peekStream(input.stream);
  const format = formatOfStart(peeked.head, input.name);
  return { format, input: { stream: peeked.stream, name: input.name } };
}

/** A file is read 1 MB at a time (fewer reads and events than the default 64 kB). */
const READ_CHUNK = 1 << 20;

export function openStream(input: ImportInput): Readable {
  return "path" in input
    ? createReadStream(input.path, { highWaterMark: READ_CHUNK })
    : input.stream;
}

async function* ndjsonRecords(
  stream: Readable,
  options: SourceOptions,
  cursor: SourceCursor,
): AsyncGenerator<SourceItem> {
  const decoder = options.decoder;
  const lines = createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY });
  let number = 0;
  for await (const line of lines) {
    number++;
    cursor.position = number;
    // Lines before the checkpoint were imported; the decoder still reads them to know the shape.
    const got = decoder.push(line, number);
    cursor.shape = decoder.shape ?? null;
    if (number > options.skip && got !== null) yield got;
  }
  const last = decoder.end();
  if (last && last.line > options.skip) yield last;
}

async function* jsonRecords(
  stream: Readable,
  options: SourceOptions,
  cursor: SourceCursor,
): AsyncGenerator<SourceItem> {
  if (typeof options.decoder.pushValue !== "function")
    throw new QuarryError(
      "plugin_unavailable",
      "This connection's driver plugin cannot read JSON arrays (its decoder has no pushValue)",
      "Update the driver plugin (quarry plugins update), or import the file as JSON lines.",
      {},
      "Update the driver plugin in Settings > Plugins, then try again.",
    );
  const reader = new (await import("./json-array-reader.ts")).JsonArrayReader();
  const text = new StringDecoder("utf8");
  const give = function* (elements: ReturnType<JsonArrayReader["push"]>) {
    for (const e of elements) {
      cursor.position = e.number;
      if ("reason" in e) {
        if (e.number > options.skip)
          yield { line: e.number, startLine: e.startLine, reason: e.reason };
        continue;
      }
      const got = options.decoder.pushValue(e.value, e.number);
      cursor.shape = options.decoder.shape ?? null;
      if (e.number <= options.skip || got === null) continue;
      yield { ...got, startLine: e.startLine };
    }
  };
  for await (const chunk of stream as AsyncIterable<Buffer | string>) {
    cursor.bytes += chunk.length;
    yield* give(reader.push(typeof chunk === "string" ? chunk : text.write(chunk)));
  }
  yield* give(reader.push(text.end()));
  const broke = reader.end();
  if (broke) yield* give([broke]);
  const rest = options.decoder.end();
  if (rest && rest.line > options.skip) yield rest;
}

/**
 * The records of an input in a format, the cursor kept up to date as they are read. Nothing is
 * read before the first record is asked for.
 */
export async function* readRecords(
  stream: Readable,
  options: SourceOptions,
  cursor: SourceCursor,
): AsyncGenerator<SourceItem> {
  if (options.format === "json") {
    yield* jsonRecords(stream, options, cursor);
    return;
  }
  // The readers of JSON arrays and CSV (stream-json, csv-parse) are loaded for their format only,
  // not at every import's start; before the stream flows, so that nothing passes unread.
  const csv = options.format === "csv" ? await import("./csv-source.ts") : undefined;
  stream.on("data", (chunk: Buffer | string) => {
    cursor.bytes += chunk.length;
  });
  if (csv) {
    cursor.shape = "csv";
    yield* csv.csvRecords(stream, options, cursor);
  } else yield* ndjsonRecords(stream, options, cursor);
}

/**
 * A record whose document is read only when asked for (a `_bulk` body's line, written as its text)
 * is read here: a preview shows a line that is not JSON as such, as the import's cluster would
 * refuse it.
 */
function readable(item: SourceItem): SourceItem {
  if ("reason" in item) return item;
  try {
    void item.document;
    return item;
  } catch (e) {
    return {
      line: item.origin,
      ...(item.startLine !== undefined ? { startLine: item.startLine } : {}),
      reason: `not JSON: ${(e as Error).message}`,
    };
  }
}

/**
 * The first `count` records (and problems among them) of a file in any format, for a preview:
 * the format guessed as an import guesses it; CSV cells read with `kindsFor` (by default inferred
 * from the first rows; an import's own comes from the table's mapping). Reads only what it shows
 * (for CSV up to INFER_ROWS rows, and the peek), then closes the file.
 */
export async function previewRecords(
  transfer: Pick<TransferFacet, "lineDecoder">,
  input: ImportInput,
  count: number,
  asked?: ImportFormat,
  kindsFor: KindsFor = async (layout, sample) => inferKinds(layout, sample),
): Promise<{ format: ImportFormat; shape: string | null; items: SourceItem[] }> {
  const chosen = await chooseFormat(input, asked);
  const format = chosen.format;
  const stream = openStream(chosen.input);
  const cursor: SourceCursor = { position: 0, shape: null, bytes: 0 };
  const items: SourceItem[] = [];
  const records = readRecords(
    stream,
    { format, skip: 0, decoder: transfer.lineDecoder(), kindsFor },
    cursor,
  );
  try {
    for await (const item of records) {
      items.push(readable(item));
      if (items.length >= count) break;
    }
  } finally {
    if ("path" in input) stream.destroy();
  }
  return { format, shape: cursor.shape, items };
}
