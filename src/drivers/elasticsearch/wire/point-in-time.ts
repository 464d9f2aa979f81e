/**
 * The one point in time (PIT): a snapshot of a table that a grid pages through past the result
 * window and an export reads in slices. Opened on a table (transient refusals retried when the
 * caller asks), searched with its latest id, kept alive by a heartbeat while a grid holds it idle,
 * and closed once. What a refused search means is the caller's: a grid reopens an expired one
 * (`search`), an export turns it into an interruption a resume gets past (`send`).
 */
import { setTimeout as sleep } from "node:timers/promises";
import { indexPath } from "./paths.ts";
import { isMissingContext, searchError } from "./search-errors.ts";
import type { EsRequest, EsResponse, EsTransport } from "./transport.ts";

export const PIT_KEEP_ALIVE = "2m";
/** Well inside the keep-alive, so an idle open grid keeps its point in time. */
export const PIT_HEARTBEAT_MS = 60_000;
/** Overload and proxy hiccups: answers worth sending again after a pause. */
export const TRANSIENT = [429, 502, 503, 504];

/** The part of a search answer the point in time reads: the id to send next. */
export interface PitAnswer {
  pit_id?: string;
}

export interface PitOptions {
  keepAlive?: string;
  /** Searches that keep it alive while nothing else runs on it; none when left out. */
  heartbeatMs?: number;
  /** Transient refusals of the open sent again (with backoff) this many times; none by default. */
  retries?: number;
}

/** How one search is sent: the transport's own options, beside the point in time. */
export type SendOptions = Pick<EsRequest, "query" | "signal" | "timeoutMs" | "raw" | "onChunk">;

/** Thrown when a point in time expired; the caller opens a new one and starts over. */
export class PointInTimeExpired extends Error {
  constructor() {
    super("the point in time expired");
    this.name = "PointInTimeExpired";
  }
}

export class PointInTime {
  readonly keepAlive: string;
  readonly #transport: EsTransport;
  readonly #table: string;
  #id: string;
  #timer: NodeJS.Timeout | undefined;
  #closed = false;

  private constructor(
    transport: EsTransport,
    table: string,
    id: string,
    keepAlive: string,
    heartbeatMs: number | undefined,
  ) {
    this.#transport = transport;
    this.#table = table;
    this.#id = id;
    this.keepAlive = keepAlive;
    if (heartbeatMs !== undefined) {
      this.#timer = setInterval(() => void this.#heartbeat(), heartbeatMs);
      // An open grid must not keep the process alive by itself.
      this.#timer.unref();
    }
  }

  static async open(
    transport: EsTransport,
    table: string,
    opts: PitOptions = {},
  ): Promise<PointInTime> {
    const keepAlive = opts.keepAlive ?? PIT_KEEP_ALIVE;
    const retries = opts.retries ?? 0;
    for (let attempt = 0; ; attempt++) {
      const res = await transport.request<{ id?: string }>({
        method: "POST",
        path: `${indexPath(table)}/_pit`,
        query: { keep_alive: keepAlive },
      });
      if (res.status >= 200 && res.status < 300 && res.body?.id)
        return new PointInTime(transport, table, res.body.id, keepAlive, opts.heartbeatMs);
      if (!TRANSIENT.includes(res.status) || attempt >= retries)
        throw searchError(table, res.status, res.body);
      await sleep(500 * 2 ** attempt);
    }
  }

  /** One the cluster may still hold (a resumed export's), taken up by its id; no heartbeat. */
  static resume(transport: EsTransport, table: string, id: string, keepAlive: string): PointInTime {
    return new PointInTime(transport, table, id, keepAlive, undefined);
  }

  /** The latest id (a search may hand back a new one; the latest must always be sent). */
  get id(): string {
    return this.#id;
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** Takes up the id an answer handed back, if any. */
  advance(answer: PitAnswer | null | undefined): void {
    if (answer?.pit_id) this.#id = answer.pit_id;
  }

  /** One search over the point in time (no index in the path: the PIT names them), sent as is. */
  send<T>(body: Record<string, unknown>, how: SendOptions = {}): Promise<EsResponse<T>> {
    return this.#transport.request<T>({
      method: "POST",
      path: "/_search",
      ...how,
      body: { ...body, pit: { id: this.#id, keep_alive: this.keepAlive } },
    });
  }

  /**
   * A search that follows the point in time: throws PointInTimeExpired when the cluster no longer
   * knows it, and takes up the id a successful answer hands back.
   */
  async search<T extends PitAnswer = PitAnswer>(
    body: Record<string, unknown>,
    query?: Record<string, string>,
  ): Promise<{ status: number; body: T }> {
    const res = await this.send<T>(body, { query });
    if (isMissingContext(res.status, res.body)) throw new PointInTimeExpired();
    if (res.status >= 200 && res.status < 300) this.advance(res.body);
    return res;
  }

  async #heartbeat(): Promise<void> {
    if (this.#closed) return;
    try {
      await this.search({ size: 0, track_total_hits: false });
    } catch {
      // An expired PIT is reopened by the next page; a network hiccup by the next heartbeat.
    }
  }

  /** Frees the PIT on the cluster. Safe to call twice; an already expired PIT is not an error. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    clearInterval(this.#timer);
    try {
      await this.#transport.request({ method: "DELETE", path: "/_pit", body: { id: this.#id } });
    } catch {
      // The cluster frees it anyway when the keep-alive runs out.
    }
  }

  toString(): string {
    return `PointInTime(${this.#table})`;
  }
}
