/**
 * The export's read side (docs/decisions.md, "Export"): a whole index, or the current filter, read
 * through a point in time and `search_after` on `_shard_doc`, so it is never capped by the result
 * window; on a multi-shard index in parallel sliced searches. Each slice reads a batch when the app
 * asks for it; the app asks for the next while it writes one (src/app/export writes files,
 * checkpoints and progress, and bounds the batches held). Answers are read as bytes (hit-bytes.ts).
 *
 * A resume continues on the same point in time when the cluster still holds it; otherwise it opens
 * a new one and says so (`restarted`), and the app skips what its file already holds.
 *
 * Records come shaped for their format (export-records.ts, pure).
 */
import { QuarryError } from "../../../core/errors.ts";
import type {
  ScanBatch,
  ScanCursor,
  ScanRecord,
  ScanRequest,
  TableScan,
} from "../../../core/export.ts";
import { scanInterruption } from "../../../core/export.ts";
import type { Column } from "../../../core/grid.ts";
import { compileFilters, type QueryDsl } from "../table/filters.ts";
import { describeTable } from "../table/mapping.ts";
import { clusterNodes, type NodeInfo } from "../wire/nodes.ts";
import { indexPath } from "../wire/paths.ts";
import { searchError } from "../wire/search-errors.ts";
import type { EsTransport } from "../wire/transport.ts";
import { AnswerPool } from "./answer-memory.ts";
import type { HitTable } from "./hit-table.ts";
import { explainLostPointInTime } from "./interruptions.ts";
import { concreteIndices, Interruption, ScanReader, type SearchAnswer } from "./reads.ts";
import {
  byteRecords,
  checkSources,
  csvColumns,
  frameRecords,
  type RecordShape,
  storedKey,
} from "./records.ts";

export { csvColumns, hitRecords, storedKey } from "./records.ts";

/** How long the cluster keeps the export's point in time between two requests, unless asked. */
export const DEFAULT_KEEP_ALIVE = "5m";
/** Parallel slices when none is asked for: one per shard, up to this many. */
const AUTO_SLICES_CAP = 4;

// ---------------------------------------------------------------------------------------------
// The scan

/** Refused before anything is sent: a keep-alive is a whole number with a time unit. */
export function checkKeepAlive(keepAlive: string | undefined): string {
  const value = keepAlive ?? DEFAULT_KEEP_ALIVE;
  if (typeof value !== "string" || !/^[1-9]\d*(d|h|m|s|ms)$/.test(value)) {
    throw new QuarryError(
      "invalid_input",
      `Keep-alive: "${String(value)}" is not a time such as 30s, 5m or 1h`,
      `Give a whole number with a unit (ms, s, m, h, d), or leave it out for ${DEFAULT_KEEP_ALIVE}.`,
    );
  }
  return value;
}

/** What a checkpoint keeps of an Elasticsearch scan. */
interface EsScanState {
  pitId: string;
  singleIndex: string | null;
}

/**
 * Opens the scan: the point in time (the checkpoint's when the cluster still holds it, else a new
 * one), its count, its slices. `ready` runs before the first request (the session's check).
 */
export async function openScan(
  transport: EsTransport,
  table: string,
  request: ScanRequest,
  ready: () => Promise<void> = async () => {},
): Promise<TableScan> {
  const keepAlive = checkKeepAlive(request.keepAlive);
  await ready();
  const resumed = request.resume?.state as EsScanState | undefined;
  const { opening, shaped, querying, nodesBefore, singleIndex, batchBytesGuess, counting } =
    askStart(transport, table, request, keepAlive, resumed);
  let columns: Column[];
  let query: QueryDsl;
  try {
    columns = await shaped;
    query = await querying;
  } catch (e) {
    await opening?.then((p) => p.close()).catch(() => {});
    throw e;
  }
  let pit: ScanReader | undefined = opening ? await opening : undefined;
  if (resumed) {
    const old = ScanReader.resume(transport, table, resumed.pitId, keepAlive);
    if (await old.alive()) pit = old;
    // Lost on some shards only, it still holds search contexts on the others: freed now.
    else await old.close();
  }
  const restarted = resumed !== undefined && pit === undefined;
  pit ??= await ScanReader.open(transport, table, keepAlive);
  try {
    // A new point in time is counted (one continued keeps the checkpoint's count).
    const [counted, single, guess] = await Promise.all([
      counting ?? (restarted ? count(pit, query, table, request) : undefined),
      singleIndex,
      batchBytesGuess,
    ]);
    const slices =
      request.resume?.slices ??
      request.slices ??
      Math.max(1, Math.min(counted?.shards ?? 1, AUTO_SLICES_CAP));
    const shape: RecordShape = { format: request.format, columns, singleIndex: single };
    return new EsScan(transport, pit, {
      table,
      query,
      shape,
      slices,
      request,
      restarted,
      expected: counted?.total ?? null,
      nodesBefore,
      batchBytesGuess: guess,
    });
  } catch (e) {
    await pit.close();
    throw e;
  }
}

/**
 * Every request before the first batch, each sent as soon as what it needs is there: the point in
 * time (a new scan's), the mapping, who is in the cluster now, the indices behind the name and a
 * sample for the batches' size at once; the count once the point in time and the query are there.
 * The first batch then waits for the point in time and its count, and for no request it does not
 * need. Each is awaited by `openScan` in the order it was asked in, so failures are said in that
 * order: the mapping's, the point in time's, then the others'.
 */
function askStart(
  transport: EsTransport,
  table: string,
  request: ScanRequest,
  keepAlive: string,
  resumed: EsScanState | undefined,
) {
  const opening = resumed ? undefined : ScanReader.open(transport, table, keepAlive);
  const shaped = describeTable(transport, table).then(csvColumns);
  // Who is in the cluster now (a node that leaves or restarts later is named if the export
  // fails): read only then, so nothing waits for it here (it never fails).
  const nodesBefore = clusterNodes(transport);
  // Column filters need the mapping to compile; without them the query needs no columns, and the
  // count and the sample need not wait for the mapping. One query, for the count and the batches.
  const compile = (columns: Column[]) =>
    compileFilters(columns, request.filters, request.rawQuery, table);
  const querying = hasColumnFilters(request.filters)
    ? shaped.then(compile)
    : Promise.resolve().then(() => compile([]));
  const singleIndex: Promise<string | null> = resumed
    ? Promise.resolve(resumed.singleIndex)
    : concreteIndices(transport, table).then((l) => (l.length === 1 ? (l[0] as string) : null));
  const batchBytesGuess = querying.then(
    (q) => guessBatchBytes(transport, table, q, request.batchSize),
    () => undefined,
  );
  const counting = opening
    ? Promise.all([opening, querying]).then(([pit, q]) => count(pit, q, table, request))
    : undefined;
  for (const p of [opening, shaped, querying, singleIndex, counting]) p?.catch(() => {});
  return { opening, shaped, querying, nodesBefore, singleIndex, batchBytesGuess, counting };
}

/** Whether the request filters on columns (an empty or missing list does not). */
function hasColumnFilters(filters: ScanRequest["filters"]): boolean {
  return !(filters == null || (Array.isArray(filters) && filters.length === 0));
}

/** The count of the point in time, and its shards (for the number of slices). */
async function count(
  pit: ScanReader,
  query: QueryDsl,
  table: string,
  request: ScanRequest,
): Promise<{ total: number; shards: number }> {
  const counted = await pit
    .search(
      { size: 0, track_total_hits: true, query },
      "pit_id,_shards.total,_shards.failed,hits.total",
    )
    .catch((e: unknown) => {
      // Refused before anything was written (a Raw SQL filter the cluster cannot parse): the
      // user's to fix, said as the grid says it; nothing to resume.
      const answer = e instanceof Interruption ? e.answer : undefined;
      if (answer && answer.status >= 400 && answer.status < 500)
        throw searchError(table, answer.status, answer.body, {
          ...(request.rawQuery ? { rawQuery: request.rawQuery } : {}),
        });
      throw e;
    });
  const total = counted.hits?.total;
  return {
    total: typeof total === "number" ? total : (total?.value ?? 0),
    shards: counted._shards?.total ?? 1,
  };
}

/** Documents sampled for the guess of a batch's size. */
const SAMPLE = 10;
/** What a hit adds to its `_source` in an answer (`_index`, `_id`, `_score`, `sort`, the braces). */
const HIT_OVERHEAD = 120;

/**
 * The bytes a batch of `batchSize` hits likely takes, from the first few documents' `_source`
 * (a quarter more, for documents larger than those); undefined when the sample fails or is empty.
 * Asked beside the count (it costs no round trip of its own), on the index rather than the point
 * in time: a guess needs no snapshot, and the scan's own searches stay its batches.
 */
async function guessBatchBytes(
  transport: EsTransport,
  table: string,
  query: QueryDsl,
  batchSize: number,
): Promise<number | undefined> {
  try {
    const res = await transport.request<SearchAnswer>({
      method: "POST",
      path: `${indexPath(table)}/_search`,
      query: { filter_path: "hits.hits._source" },
      body: { size: SAMPLE, query, track_total_hits: false },
    });
    const hits = res.status === 200 ? (res.body?.hits?.hits ?? []) : [];
    if (hits.length === 0) return undefined;
    let bytes = 0;
    for (const h of hits) bytes += JSON.stringify(h._source ?? null).length + HIT_OVERHEAD;
    return Math.ceil((bytes / hits.length) * batchSize * 1.25);
  } catch {
    return undefined;
  }
}

interface ScanSetup {
  table: string;
  query: QueryDsl;
  shape: RecordShape;
  slices: number;
  request: ScanRequest;
  restarted: boolean;
  expected: number | null;
  nodesBefore: Promise<Map<string, NodeInfo> | undefined>;
  batchBytesGuess: number | undefined;
}

class EsScan implements TableScan {
  readonly expected: number | null;
  readonly slices: number;
  readonly restarted: boolean;
  readonly columns: readonly string[];
  readonly ndjsonLines = 2;
  readonly batchBytesGuess: number | undefined;
  readonly #transport: EsTransport;
  readonly #pit: ScanReader;
  readonly #setup: ScanSetup;
  /** The answers' memory, shared by the slices: bounded by what the app holds, not by slices. */
  readonly #answers: AnswerPool;

  constructor(transport: EsTransport, pit: ScanReader, setup: ScanSetup) {
    this.#answers = new AnswerPool(4, setup.batchBytesGuess ?? 0);
    this.#transport = transport;
    this.#pit = pit;
    this.#setup = setup;
    this.expected = setup.expected;
    this.slices = setup.slices;
    this.restarted = setup.restarted;
    this.batchBytesGuess = setup.batchBytesGuess;
    this.columns = setup.shape.columns.map((c) => c.name);
  }

  state(): EsScanState & Record<string, unknown> {
    return { pitId: this.#pit.id, singleIndex: this.#setup.shape.singleIndex };
  }

  storedKey(entry: string[]): string {
    return storedKey(entry, this.#setup.shape);
  }

  /** Each batch is read when the app asks for it (it asks for the next while writing one). */
  async *batches(slice: number, from: ScanCursor, halt?: AbortSignal) {
    const { request, slices, query, shape } = this.#setup;
    const size = request.batchSize;
    const base: Record<string, unknown> = {
      size,
      query,
      sort: [{ _shard_doc: "asc" }],
      track_total_hits: false,
      ...(slices > 1 ? { slice: { id: slice, max: slices } } : {}),
    };
    let cursor = from;
    for (;;) {
      // The batch's documents are views into this buffer until the app has written them.
      const into = this.#answers.take();
      const answer = await this.#pit
        .searchBytes(cursor ? { ...base, search_after: cursor } : base, into, request.signal)
        .catch((e: unknown) => {
          this.#answers.give(into);
          return this.#stopped(e);
        });
      // A slice ends on an answer without hits: the hits need not be counted before the next
      // request goes out (they are read as the batch is framed, while it is on its way).
      const last = answer.lastSort === undefined;
      cursor = answer.lastSort ?? cursor;
      const release = () => this.#answers.give(into);
      const rest = { cursor, last, bytes: answer.bytes, release };
      if (shape.format === "csv") yield { records: byteRecords(answer.hits(), shape), ...rest };
      else yield framedBatch(answer.hits, shape, rest);
      if (last || halt?.aborted || request.signal?.aborted) return;
    }
  }

  /** An interruption as the app knows it, explained; anything else as it is. */
  async #stopped(e: unknown): Promise<never> {
    if (!(e instanceof Interruption)) throw e;
    if (!e.lost) throw scanInterruption(e.message);
    const { reason, note } = explainLostPointInTime(e.lost, {
      table: this.#setup.table,
      keepAlive: this.#pit.keepAlive,
      nodesBefore: await this.#setup.nodesBefore,
      nodesNow: await clusterNodes(this.#transport),
    });
    throw scanInterruption(reason, note);
  }

  close(): Promise<void> {
    return this.#pit.close();
  }
}

/**
 * A batch of NDJSON or JSON records framed from the table of its hits: nothing per hit is made
 * unless someone reads `records` (a copy, a resume that skips what a file holds).
 */
function framedBatch(
  hits: () => HitTable,
  shape: RecordShape,
  rest: Omit<ScanBatch, "records" | "framed">,
): ScanBatch {
  let records: ScanRecord[] | undefined;
  return {
    ...rest,
    get records() {
      records ??= byteRecords(hits(), shape);
      return records;
    },
    framed: {
      get count() {
        return hits().length;
      },
      bytes: (first, take) => {
        const table = hits();
        checkSources(table);
        return frameRecords(table, shape.format, shape.singleIndex, first, 0, table.length, take);
      },
    },
  };
}
