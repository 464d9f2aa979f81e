/**
 * One side of a document comparison: read in point-in-time pages (sliced, `_shard_doc` order: 8.x
 * and 9.x refuse to sort on `_id`), each page's `_id`s with a digest of their `_source` bytes, and
 * the other side's digests of a page's `_id`s by an `ids` query. Answers are read as bytes
 * (export/hit-bytes.ts): no document becomes an object, and a page is given up once digested.
 */
import { hash } from "node:crypto";
import type { RecordCompareOptions, RecordPage, RecordScan } from "../../../core/compare.ts";
import { QuarryError } from "../../../core/errors.ts";
import { AnswerPool } from "../export/answer-memory.ts";
import { type ByteAnswer, readAnswer } from "../export/hit-bytes.ts";
import type { HitTable } from "../export/hit-table.ts";
import { Interruption, ScanReader } from "../export/reads.ts";
import { httpError } from "../wire/errors.ts";
import { indexPath } from "../wire/paths.ts";
import type { EsTransport } from "../wire/transport.ts";

export const COMPARE_BATCH = 2000;
/** What a page's answer may weigh: pages of large documents hold fewer of them. */
const PAGE_BYTES = 16 * 1024 * 1024;
/** The first page, before the documents' size is known. */
const FIRST_PAGE = 100;
const KEEP_ALIVE = "5m";

type Json = Record<string, unknown>;

/** A digest of a `_source` as stored; "" for a hit read without its source. */
function digestOf(hits: HitTable, i: number): string {
  const source = hits.source(i);
  return source ? hash("sha1", source, "base64") : "";
}

function pageOf(answer: ByteAnswer, withContent: boolean): { keys: string[]; digests: string[] } {
  const hits = answer.hits();
  const keys = new Array<string>(hits.length);
  const digests = new Array<string>(hits.length);
  for (let i = 0; i < hits.length; i++) {
    keys[i] = hits.id(i);
    digests[i] = withContent ? digestOf(hits, i) : "";
  }
  return { keys, digests };
}

const withFilter = (query: Json, filter: Json | undefined): Json =>
  filter ? { bool: { filter: [query, filter] } } : query;

export interface RecordScanOptions extends RecordCompareOptions {
  withContent: boolean;
  resume?: Record<string, unknown>;
}

export async function openRecordScan(
  transport: EsTransport,
  table: string,
  options: RecordScanOptions,
): Promise<RecordScan> {
  const resumedId = typeof options.resume?.pitId === "string" ? options.resume.pitId : undefined;
  let reader: ScanReader | undefined;
  let continued = false;
  if (resumedId) {
    const old = ScanReader.resume(transport, table, resumedId, KEEP_ALIVE);
    continued = await old.alive();
    if (continued) reader = old;
    else await old.close();
  }
  reader ??= await ScanReader.open(transport, table, KEEP_ALIVE);
  const query = options.filter ?? { match_all: {} };
  const head = await reader.search(
    { size: 0, track_total_hits: true, query },
    "pit_id,hits.total,_shards",
  );
  const total = (head.hits as { total?: { value?: number } | number } | undefined)?.total;
  const expected = typeof total === "number" ? total : (total?.value ?? null);
  // A resumed scan keeps its slices (its cursors are theirs).
  const resumedSlices = continued ? Number(options.resume?.slices) : Number.NaN;
  const slices = Number.isInteger(resumedSlices)
    ? resumedSlices
    : Math.max(1, Math.min(options.slices ?? 4, expected !== null && expected < 20_000 ? 1 : 16));
  return new EsRecordScan(reader, { ...options, query, slices, expected, continued });
}

class EsRecordScan implements RecordScan {
  readonly expected: number | null;
  readonly slices: number;
  readonly continued: boolean;
  readonly #reader: ScanReader;
  readonly #query: Json;
  readonly #options: RecordScanOptions;
  readonly #pool = new AnswerPool(8);

  constructor(
    reader: ScanReader,
    setup: RecordScanOptions & {
      query: Json;
      slices: number;
      expected: number | null;
      continued: boolean;
    },
  ) {
    this.#reader = reader;
    this.#query = setup.query;
    this.#options = setup;
    this.expected = setup.expected;
    this.slices = setup.slices;
    this.continued = setup.continued;
  }

  state(): Record<string, unknown> {
    return { pitId: this.#reader.id, slices: this.slices };
  }

  #body(slice: number, cursor: unknown, size: number): Json {
    return {
      size,
      query: this.#query,
      sort: [{ _shard_doc: "asc" }],
      track_total_hits: false,
      _source: this.#options.withContent,
      ...(this.slices > 1 ? { slice: { id: slice, max: this.slices } } : {}),
      ...(cursor ? { search_after: cursor } : {}),
    };
  }

  /** One page read and digested; its answer's memory given back before the page is handed on. */
  async #page(slice: number, cursor: unknown, size: number, signal?: AbortSignal) {
    const into = this.#pool.take();
    try {
      const answer = await this.#reader.searchBytes(this.#body(slice, cursor, size), into, signal);
      const page = pageOf(answer, this.#options.withContent);
      return { ...page, cursor: answer.lastSort, bytes: answer.bytes };
    } catch (e) {
      throw e instanceof Interruption ? stoppedRead(e) : e;
    } finally {
      this.#pool.give(into);
    }
  }

  /** Pages of the slice; the next page is asked for before this one is handed on. */
  async *pages(slice: number, from: unknown, signal?: AbortSignal): AsyncIterable<RecordPage> {
    const most = this.#options.batchSize ?? COMPARE_BATCH;
    let next = this.#page(slice, from, Math.min(FIRST_PAGE, most), signal);
    for (;;) {
      const page = await next;
      const last = page.cursor === undefined || page.keys.length === 0;
      // Sized by what the last page's documents weighed, so large documents never fill memory.
      const each = page.keys.length > 0 ? page.bytes / page.keys.length : 1;
      const size = Math.max(1, Math.min(most, Math.floor(PAGE_BYTES / each)));
      if (!last) next = this.#page(slice, page.cursor, size, signal);
      // A rejected read-ahead is seen when it is awaited, not as an unhandled rejection.
      else next = Promise.reject(new Error("past the end"));
      next.catch(() => {});
      if (page.keys.length > 0) yield { ...page, cursor: page.cursor ?? from };
      if (last || signal?.aborted) return;
      from = page.cursor;
    }
  }

  close(): Promise<void> {
    return this.#reader.close();
  }
}

/** A read that stopped midway (the cluster unreachable, the point in time lost), in words. */
function stoppedRead(e: Interruption): QuarryError {
  return new QuarryError(
    "transfer_interrupted",
    `The comparison stopped: ${e.message}`,
    "Check the cluster, then run the comparison again (quarry compare … --documents --resume goes on from where it stopped).",
    e.answer ? { status: e.answer.status } : {},
  );
}

/** The digests of `keys`' documents in `table` (an `ids` query, the filter beside it). */
export async function lookupRecords(
  transport: EsTransport,
  table: string,
  keys: string[],
  options: { withContent: boolean; filter?: Json; signal?: AbortSignal },
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (keys.length === 0) return found;
  const res = await transport.request<Buffer[] | Json>({
    method: "POST",
    path: `${indexPath(table)}/_search`,
    body: {
      size: keys.length,
      query: withFilter({ ids: { values: keys } }, options.filter),
      _source: options.withContent,
      track_total_hits: false,
    },
    raw: true,
    timeoutMs: 120_000,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  if (res.status < 200 || res.status > 299 || !Array.isArray(res.body))
    throw httpError(res.status, res.body, transport.target);
  const answer = readAnswer(Buffer.concat(res.body));
  const failed = (answer.head._shards as { failed?: number } | undefined)?.failed ?? 0;
  if (failed > 0) throw httpError(500, answer.head, transport.target);
  const page = pageOf(answer, options.withContent);
  for (let i = 0; i < page.keys.length; i++)
    found.set(page.keys[i] as string, page.digests[i] as string);
  return found;
}

/** One document's `_source`, or undefined when there is none with this `_id`. */
export async function readRecord(
  transport: EsTransport,
  table: string,
  key: string,
): Promise<Json | undefined> {
  const res = await transport.request<{ found?: boolean; _source?: Json }>({
    method: "GET",
    path: `${indexPath(table)}/_doc/${encodeURIComponent(key)}`,
  });
  if (res.status === 404) return undefined;
  if (res.status < 200 || res.status > 299) throw httpError(res.status, res.body, transport.target);
  return res.body.found === false ? undefined : (res.body._source ?? {});
}
