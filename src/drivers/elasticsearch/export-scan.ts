/**
 * The export's read side (spec 4.5.5, 8): a whole index, or the current filter, read through a
 * point in time and `search_after` on `_shard_doc`, so it is never capped by the result window; on
 * a multi-shard index in parallel sliced searches. Each slice fetches its next batch while the app
 * writes the current one (src/app/export writes files, checkpoints and progress).
 *
 * A resume continues on the same point in time when the cluster still holds it; otherwise it opens
 * a new one and says so (`restarted`), and the app skips what its file already holds.
 *
 * Records come shaped for their format: NDJSON ready for `_bulk` (an action line, then the
 * `_source`), JSON objects of `_index`, `_id`, `_routing`, `_source`, and CSV rows of the grid's
 * flattened columns. Those encoders are pure.
 */
import { QuarryError } from "../../core/errors.ts";
import type {
  ExportFormat,
  ScanCursor,
  ScanRecord,
  ScanRequest,
  TableScan,
} from "../../core/export.ts";
import { scanInterruption } from "../../core/export.ts";
import type { Column } from "../../core/grid.ts";
import { hitToRow } from "./cells.ts";
import { explainLostPointInTime } from "./export-interruptions.ts";
import { compileFilters, type QueryDsl } from "./filters.ts";
import { describeTable } from "./mapping.ts";
import { clusterNodes, type NodeInfo } from "./nodes.ts";
import { concreteIndices, type ExportHit, Interruption, Pit } from "./point-in-time.ts";
import { searchError } from "./search-errors.ts";
import type { EsTransport } from "./transport.ts";

/** How long the cluster keeps the export's point in time between two requests, unless asked. */
export const DEFAULT_KEEP_ALIVE = "5m";
/** Parallel slices when none is asked for: one per shard, up to this many. */
const AUTO_SLICES_CAP = 4;

// ---------------------------------------------------------------------------------------------
// Records (pure)

/** The columns of the CSV: the grid's flattened columns, without `_score` (no search ranks them). */
export function csvColumns(columns: Column[]): Column[] {
  return columns.filter((c) => c.name !== "_score");
}

const key = (index: string, id: string) => `${index}\u0000${id}`;

/** How records of one scan are shaped. */
export interface RecordShape {
  format: ExportFormat;
  /** The CSV's columns (`csvColumns`). */
  columns: Column[];
  /** The index when the export spans one (NDJSON then leaves `_index` out of the action lines). */
  singleIndex: string | null;
}

/**
 * Hits as records: NDJSON's `index` action (with `_id`, the routing if any, and `_index` only when
 * the export spans several indices, so the file loads into any index named in the URL of
 * `POST /<index>/_bulk`) and `_source`; JSON's `{_index, _id, [_routing], _source}`; CSV's cells,
 * whole (never cut), JSON for arrays and objects.
 */
export function hitRecords(hits: ExportHit[], shape: RecordShape): ScanRecord[] {
  return hits.map((h) => ({ key: key(h._index, h._id), values: hitValues(h, shape) }));
}

function hitValues(h: ExportHit, shape: RecordShape): unknown[] {
  if (shape.format === "csv") {
    const row = hitToRow(h, shape.columns, { cut: false });
    return shape.columns.map((c) => row.cells[c.name] ?? null);
  }
  if (shape.format === "json") {
    return [
      {
        _index: h._index,
        _id: h._id,
        ...(h._routing !== undefined ? { _routing: h._routing } : {}),
        _source: h._source,
      },
    ];
  }
  const action: Record<string, unknown> =
    shape.singleIndex === null ? { _index: h._index, _id: h._id } : { _id: h._id };
  if (h._routing !== undefined) action.routing = h._routing;
  return [{ index: action }, h._source];
}

/** The key of a record as a file of this shape holds it (see `TableScan.storedKey`). */
export function storedKey(entry: string[], shape: RecordShape): string {
  if (shape.format === "csv") {
    const at = (name: string) => shape.columns.findIndex((c) => c.name === name);
    return key(entry[at("_index")] ?? "", entry[at("_id")] ?? "");
  }
  const first = JSON.parse(entry[0] ?? "{}") as Record<string, unknown>;
  if (shape.format === "json") return key(String(first._index), String(first._id));
  const action = (first as { index: { _index?: string; _id: string } }).index;
  return key(action._index ?? shape.singleIndex ?? "", action._id);
}

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
  const columns = csvColumns(await describeTable(transport, table));
  const query = compileFilters(columns, request.filters, request.rawQuery, table);
  // Who is in the cluster now: a node that leaves or restarts later is named if the export fails.
  const nodesBefore = await clusterNodes(transport);
  const resumed = request.resume?.state as EsScanState | undefined;
  let pit: Pit | undefined;
  if (resumed) {
    const old = new Pit(transport, resumed.pitId, keepAlive);
    if (await old.alive()) pit = old;
    // Lost on some shards only, it still holds search contexts on the others: freed now.
    else await old.close();
  }
  const restarted = resumed !== undefined && pit === undefined;
  pit ??= await Pit.open(transport, table, keepAlive);
  try {
    // A new point in time is counted; one continued keeps the checkpoint's count.
    const counted = !resumed || restarted ? await count(pit, query, table, request) : undefined;
    const singleIndex = resumed
      ? resumed.singleIndex
      : await concreteIndices(transport, table).then((l) =>
          l.length === 1 ? (l[0] as string) : null,
        );
    const slices =
      request.resume?.slices ??
      request.slices ??
      Math.max(1, Math.min(counted?.shards ?? 1, AUTO_SLICES_CAP));
    const shape: RecordShape = { format: request.format, columns, singleIndex };
    return new EsScan(transport, pit, {
      table,
      query,
      shape,
      slices,
      request,
      restarted,
      expected: counted?.total ?? null,
      nodesBefore,
    });
  } catch (e) {
    await pit.close();
    throw e;
  }
}

/** The count of the point in time, and its shards (for the number of slices). */
async function count(
  pit: Pit,
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

interface ScanSetup {
  table: string;
  query: QueryDsl;
  shape: RecordShape;
  slices: number;
  request: ScanRequest;
  restarted: boolean;
  expected: number | null;
  nodesBefore: Map<string, NodeInfo> | undefined;
}

class EsScan implements TableScan {
  readonly expected: number | null;
  readonly slices: number;
  readonly restarted: boolean;
  readonly columns: readonly string[];
  readonly ndjsonLines = 2;
  readonly #transport: EsTransport;
  readonly #pit: Pit;
  readonly #setup: ScanSetup;

  constructor(transport: EsTransport, pit: Pit, setup: ScanSetup) {
    this.#transport = transport;
    this.#pit = pit;
    this.#setup = setup;
    this.expected = setup.expected;
    this.slices = setup.slices;
    this.restarted = setup.restarted;
    this.columns = setup.shape.columns.map((c) => c.name);
  }

  state(): EsScanState & Record<string, unknown> {
    return { pitId: this.#pit.id, singleIndex: this.#setup.shape.singleIndex };
  }

  storedKey(entry: string[]): string {
    return storedKey(entry, this.#setup.shape);
  }

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
    const fetch = (after: ScanCursor) =>
      this.#pit.search(after ? { ...base, search_after: after } : base, undefined, request.signal);
    let cursor = from;
    let next = fetch(cursor);
    for (;;) {
      const answer = await next.catch((e: unknown) => this.#stopped(e));
      const hits = answer.hits?.hits ?? [];
      for (const h of hits) {
        if (h._source === undefined) {
          throw new QuarryError(
            "export_refused",
            `The document ${h._id} of ${h._index} has no _source (the index does not store it), so it cannot be exported`,
            "Export an index that stores _source; Quarry never writes a document it cannot read whole.",
          );
        }
      }
      const last = hits.length < size;
      cursor = (hits.at(-1)?.sort as unknown[] | undefined) ?? cursor;
      // The next batch is fetched while this one is written.
      if (!last && !halt?.aborted && !request.signal?.aborted) {
        next = fetch(cursor);
        // Should the app stop before asking for it, its failure must not go unhandled.
        next.catch(() => {});
      }
      yield { records: hitRecords(hits, shape), cursor, last };
      if (last) return;
    }
  }

  /** An interruption as the app knows it, explained; anything else as it is. */
  async #stopped(e: unknown): Promise<never> {
    if (!(e instanceof Interruption)) throw e;
    if (!e.lost) throw scanInterruption(e.message);
    const { reason, note } = explainLostPointInTime(e.lost, {
      table: this.#setup.table,
      keepAlive: this.#pit.keepAlive,
      nodesBefore: this.#setup.nodesBefore,
      nodesNow: await clusterNodes(this.#transport),
    });
    throw scanInterruption(reason, note);
  }

  close(): Promise<void> {
    return this.#pit.close();
  }
}
