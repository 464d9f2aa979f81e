/**
 * Export (spec 4.5.5, 8): a whole index, or the current filter, streamed to a file through a point
 * in time and `search_after` on `_shard_doc`, so it is never capped by the result window and holds
 * at most two batches per slice in memory whatever the size. On a multi-shard index it runs sliced
 * point-in-time searches in parallel. Formats: NDJSON ready for `_bulk`, CSV of the grid's flattened
 * columns, JSON.
 *
 * The file is written as `<out>.partial` and renamed to `<out>` only when the count written equals
 * the count the cluster reported for the same point in time. A checkpoint (`<out>.checkpoint.json`)
 * records, every few seconds, the bytes of the file that hold complete batches and where each slice
 * stands; resuming truncates the file there and continues:
 * - on the same point in time when it is still open: exactly where it stopped;
 * - on a new one when it expired (or a node failed): the documents already in the file are read
 *   back and skipped, so nothing is written twice, and the count check accounts for documents
 *   deleted meanwhile.
 *
 * A device, a FIFO or standard output is written through instead (export-output.ts decides which,
 * before any request): no partial file, no checkpoint, no resume.
 *
 * The formatting functions are pure; `exportTable` talks to the cluster and the file system.
 */
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { open, readFile, rename, rm, stat } from "node:fs/promises";
import { createInterface } from "node:readline";
import { setTimeout as sleep } from "node:timers/promises";
import { parse as parseCsv } from "csv-parse";
import { errors, isQuarryError, QuarryError } from "../../core/errors.ts";
import { parseJsonExact } from "../../core/exact-json.ts";
import {
  EXPORT_FORMATS,
  type ExportFormat,
  type ExportOptions,
  type ExportReport,
} from "../../core/export.ts";
import { type CellValue, type Column, RESULT_WINDOW } from "../../core/grid.ts";
import { hitToRow, type SearchHit } from "./cells.ts";
import { errorTypeAndReason } from "./errors.ts";
import { explainLostPointInTime, type LostPointInTime } from "./export-interruptions.ts";
import {
  type ExportOutput,
  OutputFailure,
  type OutputPlan,
  openOutput,
  planOutput,
  publish,
  releaseOutput,
} from "./export-output.ts";
import { compileFilters, type QueryDsl } from "./filters.ts";
import { describeTable } from "./mapping.ts";
import { clusterNodes, type NodeInfo } from "./nodes.ts";
import { indexPath, isMissingContext, searchError } from "./search-errors.ts";
import type { ShardsHeader } from "./shard-failures.ts";
import type { EsTransport } from "./transport.ts";

/** How long the cluster keeps the export's point in time between two requests, unless asked. */
export const DEFAULT_KEEP_ALIVE = "5m";
export const DEFAULT_BATCH = 5_000;
const MAX_SLICES = 32;
/** Parallel slices when none is asked for: one per shard, up to this many. */
const AUTO_SLICES_CAP = 4;
const CHECKPOINT_EVERY_MS = 2_000;
const PROGRESS_EVERY_MS = 250;
/** Transient answers (overload, a proxy hiccup) are retried this many times with backoff. */
const RETRIES = 4;
const TRANSIENT = [429, 502, 503, 504];
const CHECKPOINT_VERSION = 1;

interface ExportHit extends SearchHit {
  _routing?: string;
}

// ---------------------------------------------------------------------------------------------
// Formats (pure)

/** The columns of the CSV: the grid's flattened columns, without `_score` (no search ranks them). */
export function csvColumns(columns: Column[]): Column[] {
  return columns.filter((c) => c.name !== "_score");
}

/** RFC 4180 field: quoted when it holds a comma, a quote, a line break or edge spaces. */
export function csvField(value: CellValue): string {
  if (value === null) return "";
  const text = typeof value === "string" ? value : String(value);
  if (text === "") return '""';
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvHeader(columns: Column[]): string {
  return `${columns.map((c) => csvField(c.name)).join(",")}\r\n`;
}

/** One CSV line per document: the grid's cells in full (never cut), JSON for arrays and objects. */
export function csvLines(hits: SearchHit[], columns: Column[]): string {
  let out = "";
  for (const hit of hits) {
    const row = hitToRow(hit, columns, { cut: false });
    out += columns.map((c) => csvField(row.cells[c.name] ?? null)).join(",");
    out += "\r\n";
  }
  return out;
}

/**
 * NDJSON ready for `_bulk`: an `index` action line (with `_id`, the routing if any, and `_index`
 * only when the export spans several indices, so the file loads into any index named in the URL of
 * `POST /<index>/_bulk`), then the `_source`.
 */
export function ndjsonLines(hits: ExportHit[], withIndex: boolean): string {
  let out = "";
  for (const h of hits) {
    const action: Record<string, unknown> = withIndex
      ? { _index: h._index, _id: h._id }
      : { _id: h._id };
    if (h._routing !== undefined) action.routing = h._routing;
    out += `{"index":${JSON.stringify(action)}}\n${JSON.stringify(h._source)}\n`;
  }
  return out;
}

/** JSON: one array of `{_index, _id, [_routing], _source}`, one document per line. */
export function jsonDocs(hits: ExportHit[]): string {
  return hits
    .map((h) =>
      JSON.stringify({
        _index: h._index,
        _id: h._id,
        ...(h._routing !== undefined ? { _routing: h._routing } : {}),
        _source: h._source,
      }),
    )
    .join(",\n");
}

// ---------------------------------------------------------------------------------------------
// Checkpoint

interface Checkpoint {
  version: number;
  /** What was asked: a resume must ask the same. */
  identity: string;
  table: string;
  format: ExportFormat;
  slices: number;
  batchSize: number;
  /** The index when the export spans one (NDJSON then leaves `_index` out of the action lines). */
  singleIndex: string | null;
  pitId: string;
  expected: number;
  written: number;
  bytes: number;
  cursors: (unknown[] | null)[];
  done: boolean[];
  /** Set when the point in time was lost and the export continues on a new one, skipping. */
  rescan?: { baseBytes: number; baseDocs: number; matched: number };
}

function identityOf(table: string, format: ExportFormat, query: QueryDsl): string {
  return createHash("sha256").update(JSON.stringify({ table, format, query })).digest("hex");
}

async function writeCheckpoint(path: string, cp: Checkpoint): Promise<void> {
  const tmp = `${path}.${process.pid}.tmp`;
  const fh = await open(tmp, "w", 0o600);
  try {
    await fh.writeFile(JSON.stringify(cp));
    await fh.sync();
  } finally {
    await fh.close();
  }
  await rename(tmp, path);
}

async function readCheckpoint(path: string): Promise<Checkpoint | undefined> {
  try {
    // Exact: the checkpoint's search_after may hold a long beyond 2^53.
    const cp = parseJsonExact(await readFile(path, "utf8")) as Checkpoint;
    return cp.version === CHECKPOINT_VERSION ? cp : undefined;
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------------
// The cluster side

interface SearchAnswer {
  pit_id?: string;
  timed_out?: boolean;
  _shards?: {
    total?: number;
    failed?: number;
    failures?: { reason?: { type?: string; reason?: string } }[];
  };
  hits?: { total?: { value: number } | number; hits?: ExportHit[] };
}

/** The export failed in a way a resume can recover from (PIT lost, node down, cancelled). */
class Interruption extends Error {
  /** Set when the point in time was lost (expired, or shards did not answer). */
  readonly lost: LostPointInTime | undefined;
  /** The cluster's answer, when it refused the search. */
  readonly answer: { status: number; body: unknown } | undefined;
  constructor(message: string, lost?: LostPointInTime, answer?: { status: number; body: unknown }) {
    super(message);
    this.lost = lost;
    this.answer = answer;
  }
}

/** The per-shard failures of a refused search (`all shards failed`, a missing context). */
function failedShardsOf(body: unknown): ShardsHeader["failures"] {
  const list = (body as { error?: { failed_shards?: unknown } } | undefined)?.error?.failed_shards;
  return Array.isArray(list) ? list : [];
}

class Pit {
  id: string;
  readonly keepAlive: string;
  readonly #transport: EsTransport;
  constructor(transport: EsTransport, id: string, keepAlive: string) {
    this.#transport = transport;
    this.id = id;
    this.keepAlive = keepAlive;
  }

  static async open(transport: EsTransport, table: string, keepAlive: string): Promise<Pit> {
    for (let attempt = 0; ; attempt++) {
      const res = await transport.request<{ id?: string }>({
        method: "POST",
        path: `${indexPath(table)}/_pit`,
        query: { keep_alive: keepAlive },
      });
      if (res.status >= 200 && res.status < 300 && res.body?.id)
        return new Pit(transport, res.body.id, keepAlive);
      if (!TRANSIENT.includes(res.status) || attempt >= RETRIES)
        throw searchError(table, res.status, res.body);
      await sleep(500 * 2 ** attempt);
    }
  }

  /** One search on the point in time; transient failures are retried, the rest interrupt. */
  /**
   * `filterPath` is for small answers only: on batches of documents it would make the cluster
   * re-read every `_source` token by token instead of copying it (about 30% slower).
   */
  async search(
    body: Record<string, unknown>,
    filterPath?: string,
    signal?: AbortSignal,
  ): Promise<SearchAnswer> {
    for (let attempt = 0; ; attempt++) {
      let status: number;
      let answer: SearchAnswer;
      try {
        const res = await this.#transport.request<SearchAnswer>({
          method: "POST",
          path: "/_search",
          ...(filterPath ? { query: { filter_path: filterPath } } : {}),
          body: { ...body, pit: { id: this.id, keep_alive: this.keepAlive } },
          ...(signal ? { signal } : {}),
          timeoutMs: 120_000,
        });
        status = res.status;
        answer = res.body;
      } catch (e) {
        if ((e as Error).name === "AbortError") throw new Interruption("the export was cancelled");
        // Rejected credentials are no interruption a resume could get past.
        if (isQuarryError(e) && e.code === "authentication_failed") throw e;
        if (attempt < RETRIES && isQuarryError(e) && e.code === "connection_failed") {
          await sleep(500 * 2 ** attempt);
          continue;
        }
        throw new Interruption(`the cluster could not be reached (${(e as Error).message})`);
      }
      if (isMissingContext(status, answer)) {
        const failures = failedShardsOf(answer);
        throw new Interruption(
          "the point in time is gone: it expired (no request within its keep-alive) or a node holding it left the cluster",
          { kind: "expired", failed: failures?.length ?? 0, total: null, shards: { failures } },
        );
      }
      if (TRANSIENT.includes(status) && attempt < RETRIES) {
        await sleep(500 * 2 ** attempt);
        continue;
      }
      if (status < 200 || status > 299) {
        const { type, reason } = errorTypeAndReason(answer);
        const failures = failedShardsOf(answer);
        // "all shards failed": every shard copy the point in time was bound to is gone.
        const lost: LostPointInTime | undefined = failures?.length
          ? { kind: "shards", failed: failures.length, total: null, shards: { failures } }
          : undefined;
        throw new Interruption(`the cluster answered ${status} ${type}: ${reason}`, lost, {
          status,
          body: answer,
        });
      }
      const failed = answer._shards?.failed ?? 0;
      if (failed > 0) {
        const first = answer._shards?.failures?.[0]?.reason;
        throw new Interruption(
          `${failed} shard${failed === 1 ? "" : "s"} failed to answer (${first?.type ?? "error"}: ${first?.reason ?? "no reason given"}); a node may have left the cluster`,
          {
            kind: "shards",
            failed,
            total: answer._shards?.total ?? null,
            shards: answer._shards ?? {},
          },
        );
      }
      if (answer.timed_out) throw new Interruption("a search timed out on the cluster");
      if (answer.pit_id) this.id = answer.pit_id;
      return answer;
    }
  }

  /** True when the cluster still holds this point in time. */
  async alive(): Promise<boolean> {
    try {
      await this.search({ size: 0, track_total_hits: false }, "pit_id,_shards.failed");
      return true;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    try {
      await this.#transport.request({ method: "DELETE", path: "/_pit", body: { id: this.id } });
    } catch {
      // It expires by itself at the end of its keep-alive.
    }
  }
}

/** The concrete indices behind a table name (an alias or pattern may name several). */
async function concreteIndices(transport: EsTransport, table: string): Promise<string[]> {
  const res = await transport.request<Record<string, unknown>>({
    method: "GET",
    path: `${indexPath(table)}/_settings/index.uuid`,
    query: { flat_settings: true },
  });
  if (res.status < 200 || res.status > 299) throw searchError(table, res.status, res.body);
  return Object.keys(res.body ?? {});
}

// ---------------------------------------------------------------------------------------------
// Reading back what a file already holds (resume on a new point in time)

async function idsInFile(
  path: string,
  bytes: number,
  format: ExportFormat,
  singleIndex: string | null,
): Promise<Set<string>> {
  const seen = new Set<string>();
  if (bytes === 0) return seen;
  const stream = createReadStream(path, { start: 0, end: bytes - 1 });
  if (format === "csv") {
    let header = true;
    for await (const record of stream.pipe(parseCsv({ relax_column_count: true })) as AsyncIterable<
      string[]
    >) {
      if (header) {
        header = false;
        continue;
      }
      seen.add(key(record[1] ?? "", record[0] ?? ""));
    }
    return seen;
  }
  let n = 0;
  for await (const line of createInterface({
    input: stream,
    crlfDelay: Number.POSITIVE_INFINITY,
  })) {
    if (format === "ndjson") {
      if (n++ % 2 === 0) {
        const action = (JSON.parse(line) as { index: { _index?: string; _id: string } }).index;
        seen.add(key(action._index ?? singleIndex ?? "", action._id));
      }
    } else {
      const text = line.replace(/,$/, "");
      if (text === "[" || text === "]" || text === "") continue;
      const doc = JSON.parse(text) as { _index: string; _id: string };
      seen.add(key(doc._index, doc._id));
    }
  }
  return seen;
}

const key = (index: string, id: string) => `${index}\u0000${id}`;

// ---------------------------------------------------------------------------------------------
// The export

function checkOptions(options: ExportOptions): {
  slices: number | undefined;
  batch: number;
  keepAlive: string;
} {
  if (!EXPORT_FORMATS.includes(options.format)) {
    throw new QuarryError(
      "invalid_input",
      `"${String(options.format)}" is not an export format`,
      `Use one of ${EXPORT_FORMATS.join(", ")}.`,
    );
  }
  if (typeof options.out !== "string" || options.out.trim() === "") {
    throw new QuarryError(
      "invalid_input",
      "The export has no file to write",
      "Give the output file's path.",
    );
  }
  const slices = options.slices;
  if (slices !== undefined && (!Number.isInteger(slices) || slices < 1 || slices > MAX_SLICES)) {
    throw new QuarryError(
      "invalid_input",
      `Slices: "${String(slices)}" is not a whole number from 1 to ${MAX_SLICES}`,
      "Use one slice per shard of the index, or leave it out to let Quarry choose.",
    );
  }
  const batch = options.batchSize ?? DEFAULT_BATCH;
  if (!Number.isInteger(batch) || batch < 1 || batch > RESULT_WINDOW) {
    throw new QuarryError(
      "invalid_input",
      `Batch size: "${String(batch)}" is not a whole number from 1 to ${RESULT_WINDOW}`,
      "Leave it out to use the default.",
    );
  }
  const keepAlive = options.keepAlive ?? DEFAULT_KEEP_ALIVE;
  if (typeof keepAlive !== "string" || !/^[1-9]\d*(d|h|m|s|ms)$/.test(keepAlive)) {
    throw new QuarryError(
      "invalid_input",
      `Keep-alive: "${String(keepAlive)}" is not a time such as 30s, 5m or 1h`,
      `Give a whole number with a unit (ms, s, m, h, d), or leave it out for ${DEFAULT_KEEP_ALIVE}.`,
    );
  }
  return { slices, batch, keepAlive };
}

async function sizeOf(path: string): Promise<number | undefined> {
  try {
    return (await stat(path)).size;
  } catch {
    return undefined;
  }
}

/** Exports `table` (or what the filters select) to `options.out` (or `options.sink`). */
export async function exportTable(
  transport: EsTransport,
  table: string,
  options: ExportOptions,
  /** Runs once the output is known to be usable, before the first request (the session's check). */
  beforeFirstRequest: () => Promise<void> = async () => {},
): Promise<ExportReport> {
  const started = Date.now();
  const checked = checkOptions(options);
  // Where it writes is checked before the cluster is asked anything.
  const plan = await planOutput(options.out, options);
  try {
    await beforeFirstRequest();
    return await exportTo(transport, table, options, { ...checked, plan, started });
  } finally {
    await releaseOutput(plan);
  }
}

async function exportTo(
  transport: EsTransport,
  table: string,
  options: ExportOptions,
  {
    slices: askedSlices,
    batch,
    keepAlive,
    plan,
    started,
  }: {
    slices: number | undefined;
    batch: number;
    keepAlive: string;
    plan: OutputPlan;
    started: number;
  },
): Promise<ExportReport> {
  const out = options.out;
  // A file of its own is written beside itself (through a link: beside the file it names).
  const base = plan.kind === "file" ? plan.path : out;
  const partial = `${base}.partial`;
  const checkpointPath = `${base}.checkpoint.json`;
  const format = options.format;

  const columns = await describeTable(transport, table);
  const query = compileFilters(columns, options.filters, options.rawQuery, table);
  const identity = identityOf(table, format, query);
  const fileColumns = csvColumns(columns);

  let cp = plan.kind === "file" ? await readCheckpoint(checkpointPath) : undefined;
  if (options.resume) {
    if (!cp || (await sizeOf(partial)) === undefined) {
      throw errors.exportRefused(
        `There is no interrupted export to ${out} to resume`,
        "Start the export without resume.",
        { out },
      );
    }
    if (cp.identity !== identity || (askedSlices !== undefined && askedSlices !== cp.slices)) {
      throw errors.exportRefused(
        `The interrupted export to ${out} was of another table, format, filter or number of slices`,
        "Resume it with the same table, format, filter and slices, or start over with overwrite (--force).",
        { out },
      );
    }
    if (((await sizeOf(partial)) ?? 0) < cp.bytes) {
      throw errors.exportRefused(
        `${partial} is shorter than its checkpoint says: it was changed after the export stopped`,
        "Start the export over with overwrite (--force).",
        { out },
      );
    }
  } else if (plan.kind === "file") {
    if (cp && !options.overwrite) {
      throw errors.exportRefused(
        `An interrupted export to ${out} is waiting to be resumed (${cp.written} of ${cp.expected} documents written)`,
        "Resume it (--resume), or start over with overwrite (--force).",
        { out },
      );
    }
    if (((await sizeOf(out)) ?? 0) > 0 && !options.overwrite) {
      throw errors.exportRefused(
        `${out} already exists`,
        "Choose another file, or replace it with overwrite (--force).",
        { out },
      );
    }
    await rm(checkpointPath, { force: true });
    cp = undefined;
  }

  // Who is in the cluster now: a node that leaves or restarts later is named if the export fails.
  const nodesBefore = await clusterNodes(transport);
  // The point in time: the same one on resume if the cluster still holds it, else a new one.
  let pit: Pit;
  let rescanSeen: Set<string> | undefined;
  let fresh = false;
  if (cp) {
    const old = new Pit(transport, cp.pitId, keepAlive);
    if (await old.alive()) {
      pit = old;
      if (cp.rescan)
        rescanSeen = await idsInFile(partial, cp.rescan.baseBytes, format, cp.singleIndex);
    } else {
      // Lost on some shards only, it still holds search contexts on the others: freed now.
      await old.close();
      pit = await Pit.open(transport, table, keepAlive);
      fresh = true;
      rescanSeen = await idsInFile(partial, cp.bytes, format, cp.singleIndex);
      cp = {
        ...cp,
        pitId: pit.id,
        cursors: cp.cursors.map(() => null),
        done: cp.done.map(() => false),
        rescan: { baseBytes: cp.bytes, baseDocs: rescanSeen.size, matched: 0 },
      };
    }
  } else {
    pit = await Pit.open(transport, table, keepAlive);
    fresh = true;
  }

  try {
    const counted = fresh
      ? await pit
          .search(
            { size: 0, track_total_hits: true, query },
            "pit_id,_shards.total,_shards.failed,hits.total",
          )
          .catch((e: unknown) => {
            // Refused before anything was written (a Raw SQL filter the cluster cannot parse):
            // the user's to fix, said as the grid says it; nothing to resume.
            const answer = e instanceof Interruption ? e.answer : undefined;
            if (answer && answer.status >= 400 && answer.status < 500)
              throw searchError(table, answer.status, answer.body, {
                ...(options.rawQuery ? { rawQuery: options.rawQuery } : {}),
              });
            throw e;
          })
      : undefined;
    const total = counted?.hits?.total;
    const expectedNow = typeof total === "number" ? total : (total?.value ?? 0);
    if (!cp) {
      const shards = counted?._shards?.total ?? 1;
      const slices = askedSlices ?? Math.max(1, Math.min(shards, AUTO_SLICES_CAP));
      const indices = await concreteIndices(transport, table);
      cp = {
        version: CHECKPOINT_VERSION,
        identity,
        table,
        format,
        slices,
        batchSize: batch,
        singleIndex: indices.length === 1 ? (indices[0] as string) : null,
        pitId: pit.id,
        expected: expectedNow,
        written: 0,
        bytes: 0,
        cursors: Array.from({ length: slices }, () => null),
        done: Array.from({ length: slices }, () => false),
      };
    } else if (fresh) cp.expected = expectedNow;
    return await run(pit, cp, {
      plan,
      file: base,
      partial,
      checkpointPath,
      out,
      query,
      columns: fileColumns,
      options,
      started,
      resumed: options.resume === true,
      keepAlive,
      nodesBefore,
      nodesNow: () => clusterNodes(transport),
      ...(rescanSeen ? { seen: rescanSeen } : {}),
    });
  } catch (e) {
    // Kept open on interruption: a resume within its keep-alive continues exactly where it stopped.
    const interrupted = e instanceof QuarryError && e.code === "export_interrupted";
    const keep = interrupted && options.keepInterrupted !== false && plan.kind === "file";
    if (!keep) await pit.close().catch(() => {});
    if (interrupted && !keep && plan.kind === "file") await discardInterruptedExport(base);
    throw e;
  }
}

interface RunContext {
  keepAlive: string;
  /** The cluster's nodes as the export found them, and a look at them now (to explain a loss). */
  nodesBefore: Map<string, NodeInfo> | undefined;
  nodesNow: () => Promise<Map<string, NodeInfo> | undefined>;
  plan: OutputPlan;
  /** The file the export becomes (for a stream: unused). */
  file: string;
  partial: string;
  checkpointPath: string;
  out: string;
  query: QueryDsl;
  columns: Column[];
  options: ExportOptions;
  started: number;
  resumed: boolean;
  seen?: Set<string>;
}

async function run(pit: Pit, cp: Checkpoint, ctx: RunContext): Promise<ExportReport> {
  const { options } = ctx;
  const format = cp.format;
  const output: ExportOutput = await openOutput(ctx.plan, ctx.partial, {
    bytes: cp.bytes,
    fresh: cp.bytes === 0 && !ctx.resumed,
  });
  /** A progress report held back by the rate limit, sent when the interval has passed. */
  let heldReport: ReturnType<typeof setTimeout> | undefined;
  try {
    let position = cp.bytes;
    let lastCheckpoint = Date.now();
    let lastProgress = 0;
    const doneAtStart = cp.written;
    const rescan = cp.rescan;
    const seen = ctx.seen;
    /** New documents written in this run (in rescan mode: those not already in the file). */
    let tail: Promise<void> = Promise.resolve();

    const write = async (text: string) => {
      if (text === "") return;
      await output.write(text);
      position += Buffer.byteLength(text);
    };

    const checkpoint = async () => {
      // A stream is written through once: there is nothing to resume, so nothing to record.
      if (!output.resumable) return;
      await output.flush();
      cp.bytes = position;
      cp.pitId = pit.id;
      await writeCheckpoint(ctx.checkpointPath, cp);
      lastCheckpoint = Date.now();
    };

    const report = () => {
      if (!options.onProgress) return;
      const now = Date.now();
      lastProgress = now;
      const done = rescan ? rescan.matched + (cp.written - rescan.baseDocs) : cp.written;
      const elapsed = (now - ctx.started) / 1000;
      const rate = elapsed > 0 ? (cp.written - doneAtStart) / elapsed : 0;
      options.onProgress({
        done,
        total: cp.expected,
        rate: Math.round(rate),
        etaSeconds: rate > 0 ? Math.max(0, Math.round((cp.expected - done) / rate)) : null,
      });
    };
    const progress = (force = false) => {
      if (!options.onProgress) return;
      const wait = PROGRESS_EVERY_MS - (Date.now() - lastProgress);
      if (force || wait <= 0) {
        clearTimeout(heldReport);
        heldReport = undefined;
        report();
        return;
      }
      // Held back, never dropped: when the next batch is slow, the count written so far still
      // shows instead of the count of an earlier batch.
      heldReport ??= setTimeout(() => {
        heldReport = undefined;
        report();
      }, wait);
    };

    /** The error for an export that stops here: resumable from a file, final on a stream. */
    const stopped = async (e: unknown): Promise<unknown> => {
      if (!(e === undefined || e instanceof Interruption || e instanceof OutputFailure)) return e;
      let reason = e instanceof Error ? e.message : "the export was cancelled";
      let note: string | undefined;
      if (e instanceof Interruption && e.lost) {
        ({ reason, note } = explainLostPointInTime(e.lost, {
          table: cp.table,
          keepAlive: ctx.keepAlive,
          nodesBefore: ctx.nodesBefore,
          nodesNow: await ctx.nodesNow(),
        }));
      }
      if (!output.resumable)
        return errors.exportStreamStopped(output.name, reason, cp.written, cp.expected);
      // Should the checkpoint itself fail (no room for it either), the last one still holds.
      await checkpoint().catch(() => {});
      return errors.exportInterrupted(reason, cp.written, cp.expected, ctx.checkpointPath, note);
    };
    /** A write outside the slices' batches (the header, the closing bracket): same stops. */
    const writeOrStop = async (text: string) => {
      try {
        await write(text);
      } catch (e) {
        throw await stopped(e);
      }
    };

    if (position === 0) {
      if (format === "csv") await writeOrStop(csvHeader(ctx.columns));
      if (format === "json") await writeOrStop("[\n");
      await checkpoint();
    }
    const withIndex = cp.singleIndex === null;

    /** Appends one batch of one slice, in order with the others; then the slice's cursor moves. */
    const append = (slice: number, hits: ExportHit[], cursor: unknown[] | null, last: boolean) => {
      tail = tail.then(async () => {
        let keep = hits;
        if (seen && rescan) {
          keep = hits.filter((h) => !seen.has(key(h._index, h._id)));
          rescan.matched += hits.length - keep.length;
        }
        if (keep.length > 0) {
          if (format === "ndjson") await write(ndjsonLines(keep, withIndex));
          else if (format === "csv") await write(csvLines(keep, ctx.columns));
          else await write(`${cp.written > 0 ? ",\n" : ""}${jsonDocs(keep)}`);
          cp.written += keep.length;
        }
        cp.cursors[slice] = cursor;
        if (last) cp.done[slice] = true;
        if (Date.now() - lastCheckpoint >= CHECKPOINT_EVERY_MS) await checkpoint();
        progress();
      });
      return tail;
    };

    let failure: unknown;
    const stop = () => failure !== undefined || options.signal?.aborted === true;

    const worker = async (slice: number) => {
      if (cp.done[slice]) return;
      const base: Record<string, unknown> = {
        size: cp.batchSize,
        query: ctx.query,
        sort: [{ _shard_doc: "asc" }],
        track_total_hits: false,
        ...(cp.slices > 1 ? { slice: { id: slice, max: cp.slices } } : {}),
      };
      const fetch = (after: unknown[] | null) =>
        pit.search(after ? { ...base, search_after: after } : base, undefined, options.signal);
      let next = fetch(cp.cursors[slice] ?? null);
      for (;;) {
        const answer = await next;
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
        const last = hits.length < cp.batchSize;
        const cursor = (hits.at(-1)?.sort as unknown[] | undefined) ?? cp.cursors[slice] ?? null;
        // The next batch is fetched while this one is formatted and written.
        if (!last && !stop()) {
          next = fetch(cursor);
          // Should this slice stop before reading it, its failure must not go unhandled.
          next.catch(() => {});
        }
        await append(slice, hits, cursor, last);
        if (last || stop()) return;
      }
    };

    await Promise.all(
      Array.from({ length: cp.slices }, (_, i) =>
        worker(i).catch((e: unknown) => {
          failure ??= e;
        }),
      ),
    );
    // A failed write is already the failure a worker recorded.
    await tail.catch(() => {});

    if (failure !== undefined || options.signal?.aborted) {
      const e = failure;
      // A file that could not take more (a full disk) resumes once there is room again.
      if (e === undefined || e instanceof Interruption || e instanceof OutputFailure)
        throw await stopped(e);
      // Not something a resume can get past (a document without _source…): nothing is kept.
      await output.close();
      if (output.resumable) await discardInterruptedExport(ctx.file);
      throw e;
    }

    if (format === "json") await writeOrStop(cp.written > 0 ? "\n]\n" : "]\n");
    await output.flush().catch(async (e: unknown) => {
      throw await stopped(e);
    });
    progress(true);
    const written = cp.written;
    // Every document of the point in time is in the file exactly once: written now, or (after a
    // lost point in time) found already there. Documents written before and deleted since stay
    // in the file, exported from the earlier snapshot, and count as expected.
    const handled = rescan ? rescan.matched + (written - rescan.baseDocs) : written;
    const expected = rescan ? cp.expected + (rescan.baseDocs - rescan.matched) : cp.expected;
    await output.close();
    if (handled !== cp.expected) {
      if (!output.resumable) throw errors.exportStreamIncomplete(output.name, handled, cp.expected);
      await writeCheckpoint(ctx.checkpointPath, { ...cp, bytes: position });
      throw errors.exportIncomplete(handled, cp.expected, ctx.partial);
    }
    if (output.resumable) {
      await publish(ctx.partial, ctx.file);
      await rm(ctx.checkpointPath, { force: true });
    }
    await pit.close();
    return {
      written,
      expected,
      out: ctx.out,
      format,
      resumed: ctx.resumed,
      durationMs: Date.now() - ctx.started,
      slices: cp.slices,
      bytes: position,
    };
  } finally {
    clearTimeout(heldReport);
    await output.close().catch(() => {});
  }
}

/** Removes what an interrupted export left (the partial file and the checkpoint). */
export async function discardInterruptedExport(out: string): Promise<void> {
  await rm(`${out}.partial`, { force: true });
  await rm(`${out}.checkpoint.json`, { force: true });
}
