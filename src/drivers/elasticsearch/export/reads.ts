/**
 * How an export reads its point in time (wire/point-in-time.ts; docs/decisions.md): opened and
 * searched with retries on transient answers, checked for life on resume, closed. A failure a
 * resume can get past is an `Interruption`, carrying what the cluster said when the point in time
 * was lost.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { isQuarryError } from "../../../core/errors.ts";
import type { SearchHit } from "../table/cells.ts";
import { errorTypeAndReason } from "../wire/errors.ts";
import { indexPath } from "../wire/paths.ts";
import { PointInTime, TRANSIENT } from "../wire/point-in-time.ts";
import { isMissingContext, searchError } from "../wire/search-errors.ts";
import type { ShardsHeader } from "../wire/shard-failures.ts";
import type { EsTransport } from "../wire/transport.ts";
import type { AnswerBuffer } from "./answer-memory.ts";
import { type ByteAnswer, readAnswer } from "./hit-bytes.ts";
import type { LostPointInTime } from "./interruptions.ts";

/** Transient answers (overload, a proxy hiccup) are retried this many times with backoff. */
const RETRIES = 4;

export interface ExportHit extends SearchHit {
  _routing?: string;
}

export interface SearchAnswer {
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
export class Interruption extends Error {
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

/**
 * The export's reads over its point in time: transient failures retried, everything else an
 * `Interruption` a resume can get past.
 */
export class ScanReader {
  readonly #pit: PointInTime;
  private constructor(pit: PointInTime) {
    this.#pit = pit;
  }

  static async open(transport: EsTransport, table: string, keepAlive: string): Promise<ScanReader> {
    return new ScanReader(
      await PointInTime.open(transport, table, { keepAlive, retries: RETRIES }),
    );
  }

  /** The point in time a checkpoint names, which the cluster may still hold. */
  static resume(transport: EsTransport, table: string, id: string, keepAlive: string): ScanReader {
    return new ScanReader(PointInTime.resume(transport, table, id, keepAlive));
  }

  get id(): string {
    return this.#pit.id;
  }

  get keepAlive(): string {
    return this.#pit.keepAlive;
  }

  /**
   * One search on the point in time; transient failures are retried, the rest interrupt.
   * `filterPath` is for small answers only: on batches of documents it would make the cluster
   * re-read every `_source` token by token instead of copying it (about 30% slower).
   */
  async search(
    body: Record<string, unknown>,
    filterPath?: string,
    signal?: AbortSignal,
  ): Promise<SearchAnswer> {
    return (await this.#send(body, { ...(filterPath ? { filterPath } : {}), signal })).head;
  }

  /**
   * A search whose hits are read as bytes (hit-bytes.ts): each `_source` as the cluster sent it,
   * a view into `into`'s memory (reused by the caller once the batch is written).
   */
  async searchBytes(
    body: Record<string, unknown>,
    into: AnswerBuffer,
    signal?: AbortSignal,
  ): Promise<ByteAnswer> {
    return (await this.#send(body, { signal, into })).answer as ByteAnswer;
  }

  async #send(
    body: Record<string, unknown>,
    how: { filterPath?: string; signal?: AbortSignal | undefined; into?: AnswerBuffer },
  ): Promise<{ head: SearchAnswer; answer?: ByteAnswer }> {
    for (let attempt = 0; ; attempt++) {
      let status: number;
      let answer: SearchAnswer;
      let read: ByteAnswer | undefined;
      const into = how.into;
      into?.start();
      try {
        const res = await this.#pit.send<SearchAnswer | Buffer[]>(body, {
          ...(how.filterPath ? { query: { filter_path: how.filterPath } } : {}),
          ...(how.signal ? { signal: how.signal } : {}),
          // Copied into the answer's memory as it comes: its chunks are never all held at once.
          ...(into ? { raw: true, onChunk: (c: Buffer) => into.append(c) } : {}),
          timeoutMs: 120_000,
        });
        status = res.status;
        if (into && Array.isArray(res.body)) {
          read = readAnswer(into.view());
          answer = read.head as SearchAnswer;
        } else answer = res.body as SearchAnswer;
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
      if (TRANSIENT.includes(status) && attempt < RETRIES && !isMissingContext(status, answer)) {
        await sleep(500 * 2 ** attempt);
        continue;
      }
      this.#check(status, answer);
      return { head: answer, ...(read ? { answer: read } : {}) };
    }
  }

  /** An answer that is no batch: the point in time lost, a refusal, failed shards, a time-out. */
  #check(status: number, answer: SearchAnswer): void {
    if (isMissingContext(status, answer)) {
      const failures = failedShardsOf(answer);
      throw new Interruption(
        "the point in time is gone: it expired (no request within its keep-alive) or a node holding it left the cluster",
        { kind: "expired", failed: failures?.length ?? 0, total: null, shards: { failures } },
      );
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
    this.#pit.advance(answer);
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

  close(): Promise<void> {
    return this.#pit.close();
  }
}

/** The concrete indices behind a table name (an alias or pattern may name several). */
export async function concreteIndices(transport: EsTransport, table: string): Promise<string[]> {
  const res = await transport.request<Record<string, unknown>>({
    method: "GET",
    path: `${indexPath(table)}/_settings/index.uuid`,
    query: { flat_settings: true },
  });
  if (res.status < 200 || res.status > 299) throw searchError(table, res.status, res.body);
  return Object.keys(res.body ?? {});
}
