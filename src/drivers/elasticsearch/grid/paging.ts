/**
 * Paging past the result window (spec 4.5.6, 8): a point in time (PIT) that a grid opens when it
 * first needs one, keeps alive while it is open, and closes on `close()` or when the process ends;
 * and the walk that finds where a deep page starts with `search_after`, reading only sort values
 * (`_source` off, no stored fields, only `hits.hits.sort` in the answer) so a far jump stays cheap.
 */
import { RESULT_WINDOW } from "../../../core/grid.ts";
import type { SearchHit } from "../table/cells.ts";
import { indexPath } from "../wire/paths.ts";
import { isMissingContext, searchError } from "../wire/search-errors.ts";
import type { SearchHeader } from "../wire/shard-failures.ts";
import type { EsTransport } from "../wire/transport.ts";
import { isWrittenOrder, writtenOrderRow } from "./written-order-seek.ts";

export const PIT_KEEP_ALIVE = "2m";
/** Well inside the keep-alive, so an idle open grid keeps its point in time. */
export const PIT_HEARTBEAT_MS = 60_000;
/** The largest page of sort values one walk step reads (a search's size is capped by the window). */
export const WALK_BATCH = RESULT_WINDOW;
/** Past this many rows to walk, a far jump in written order counts its way there instead. */
export const SEEK_FROM = 3 * WALK_BATCH;

export interface SearchBody extends SearchHeader {
  hits?: { total?: { value: number; relation: string } | number; hits?: SearchHit[] };
  pit_id?: string;
}

/** Thrown when a point in time expired; the caller opens a new one and starts over. */
export class PointInTimeExpired extends Error {
  constructor() {
    super("the point in time expired");
    this.name = "PointInTimeExpired";
  }
}

export class PointInTime {
  readonly #transport: EsTransport;
  readonly #keepAlive: string;
  readonly #table: string;
  #id: string;
  #timer: NodeJS.Timeout | undefined;
  #closed = false;

  private constructor(
    transport: EsTransport,
    table: string,
    id: string,
    keepAlive: string,
    heartbeatMs: number,
  ) {
    this.#transport = transport;
    this.#table = table;
    this.#id = id;
    this.#keepAlive = keepAlive;
    this.#timer = setInterval(() => void this.#heartbeat(), heartbeatMs);
    // An open grid must not keep the process alive by itself.
    this.#timer.unref();
    OPEN.add(this);
    installExitHooks();
  }

  static async open(
    transport: EsTransport,
    table: string,
    opts: { keepAlive?: string; heartbeatMs?: number } = {},
  ): Promise<PointInTime> {
    const keepAlive = opts.keepAlive ?? PIT_KEEP_ALIVE;
    const res = await transport.request<{ id?: string }>({
      method: "POST",
      path: `${indexPath(table)}/_pit`,
      query: { keep_alive: keepAlive },
    });
    if (res.status < 200 || res.status > 299 || !res.body?.id)
      throw searchError(table, res.status, res.body);
    return new PointInTime(
      transport,
      table,
      res.body.id,
      keepAlive,
      opts.heartbeatMs ?? PIT_HEARTBEAT_MS,
    );
  }

  /** The latest id (a search may hand back a new one; the latest must always be sent). */
  get id(): string {
    return this.#id;
  }

  get closed(): boolean {
    return this.#closed;
  }

  /**
   * A search over the point in time (no index in the path: the PIT names them). Returns the raw
   * answer; throws PointInTimeExpired when the cluster no longer knows the PIT.
   */
  async search(
    body: Record<string, unknown>,
    query?: Record<string, string>,
  ): Promise<{ status: number; body: SearchBody }> {
    const res = await this.#transport.request<SearchBody>({
      method: "POST",
      path: "/_search",
      query,
      body: { ...body, pit: { id: this.#id, keep_alive: this.#keepAlive } },
    });
    if (isMissingContext(res.status, res.body)) throw new PointInTimeExpired();
    if (res.status >= 200 && res.status < 300 && res.body?.pit_id) this.#id = res.body.pit_id;
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
    OPEN.delete(this);
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

/** Sort values at positions of one result order: `at(n)` is the `search_after` that starts at n. */
export class Cursors {
  readonly #byOffset = new Map<number, unknown[]>();
  static readonly LIMIT = 4_096;

  get(offset: number): unknown[] | undefined {
    return this.#byOffset.get(offset);
  }

  set(offset: number, sort: unknown[] | undefined): void {
    if (!sort || offset <= 0) return;
    if (this.#byOffset.size >= Cursors.LIMIT) {
      const oldest = this.#byOffset.keys().next().value;
      if (oldest !== undefined) this.#byOffset.delete(oldest);
    }
    this.#byOffset.set(offset, sort);
  }

  /** The known position closest below or at `offset` (0: the start, needing no search_after). */
  nearest(offset: number): number {
    let best = 0;
    for (const k of this.#byOffset.keys()) if (k <= offset && k > best) best = k;
    return best;
  }

  clear(): void {
    this.#byOffset.clear();
  }
}

/**
 * The `search_after` values that start the page at `offset`, or null when the results end before
 * it. Within the window one from/size request reads the sort values of the single hit before
 * `offset`; beyond it, steps of WALK_BATCH hits read sort values only, or, in written order and
 * more than `seekFrom` rows away, counts find the row (written-order-seek.ts).
 */
export async function cursorAt(
  pit: PointInTime,
  base: { query: unknown; sort: unknown[] },
  cursors: Cursors,
  offset: number,
  onError: (status: number, body: unknown) => Error,
  seekFrom = SEEK_FROM,
): Promise<unknown[] | null | undefined> {
  if (offset === 0) return undefined;
  const known = cursors.get(offset);
  if (known) return known;
  const lean = { _source: false, stored_fields: "_none_", track_total_hits: false };
  const sortsOnly = { filter_path: "pit_id,hits.hits.sort" };
  let at = cursors.nearest(offset);
  if (offset > RESULT_WINDOW && offset - at > seekFrom && isWrittenOrder(base.sort)) {
    const sort = await writtenOrderRow(pit, base.query, offset - 1, onError);
    cursors.set(offset, sort ?? undefined);
    return sort;
  }
  if (at === 0 || (offset <= RESULT_WINDOW && at < offset)) {
    // Within the window: one request, whatever the distance.
    const hop = Math.min(offset, RESULT_WINDOW);
    const res = await pit.search(
      { ...base, ...lean, from: hop - 1, size: 1 },
      { filter_path: "pit_id,hits.hits.sort" },
    );
    if (res.status < 200 || res.status > 299) throw onError(res.status, res.body);
    const sort = res.body.hits?.hits?.[0]?.sort;
    if (!sort) return null;
    cursors.set(hop, sort);
    at = hop;
  }
  while (at < offset) {
    const step = Math.min(WALK_BATCH, offset - at);
    const res = await pit.search(
      { ...base, ...lean, size: step, search_after: cursors.get(at) },
      sortsOnly,
    );
    if (res.status < 200 || res.status > 299) throw onError(res.status, res.body);
    const hits = res.body.hits?.hits ?? [];
    if (hits.length < step) return null;
    at += step;
    cursors.set(at, hits.at(-1)?.sort);
  }
  return cursors.get(offset) ?? null;
}

// Points in time still open in this process, closed when it ends.
const OPEN = new Set<PointInTime>();
let hooksInstalled = false;

/** Closes every point in time this process holds (the app calls it on shutdown). */
export async function closeAllPointsInTime(): Promise<void> {
  await Promise.allSettled([...OPEN].map((p) => p.close()));
}

function installExitHooks(): void {
  if (hooksInstalled) return;
  hooksInstalled = true;
  // `beforeExit` fires when the event loop empties: async work is still allowed there.
  process.on("beforeExit", () => {
    if (OPEN.size > 0) void closeAllPointsInTime();
  });
  for (const sig of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    const onSignal = () => {
      const alone = process.listenerCount(sig) === 1;
      const done = Promise.race([
        closeAllPointsInTime(),
        new Promise((r) => setTimeout(r, 2_000).unref()),
      ]);
      void done.then(() => {
        // Alone, restore the default behaviour of the signal; otherwise the other listeners decide.
        if (alone) {
          process.removeListener(sig, onSignal);
          process.kill(process.pid, sig);
        }
      });
    };
    process.on(sig, onSignal);
  }
}
