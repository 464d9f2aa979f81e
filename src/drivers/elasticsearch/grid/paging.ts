/**
 * Paging past the result window (docs/decisions.md): the point in time (wire/point-in-time.ts) a
 * grid opens when it first needs one, keeps alive while it is open, and closes on `close()`; and
 * the walk that finds where a deep page starts with `search_after`, reading only sort values
 * (`_source` off, no stored fields, only `hits.hits.sort` in the answer) so a far jump stays cheap.
 */
import { RESULT_WINDOW } from "../../../core/grid.ts";
import type { SearchHit } from "../table/cells.ts";
import {
  PIT_HEARTBEAT_MS,
  PIT_KEEP_ALIVE,
  type PitAnswer,
  PointInTime,
} from "../wire/point-in-time.ts";
import type { SearchHeader } from "../wire/shard-failures.ts";
import type { EsTransport } from "../wire/transport.ts";
import { isWrittenOrder, writtenOrderRow } from "./written-order-seek.ts";

/** The largest page of sort values one walk step reads (a search's size is capped by the window). */
export const WALK_BATCH = RESULT_WINDOW;
/** Past this many rows to walk, a far jump in written order counts its way there instead. */
export const SEEK_FROM = 3 * WALK_BATCH;

export interface SearchBody extends SearchHeader, PitAnswer {
  hits?: { total?: { value: number; relation: string } | number; hits?: SearchHit[] };
}

/**
 * A grid's point in time, kept alive by its heartbeat while the grid sits idle. It belongs to its
 * grid, closed with it by whoever opened the grid (in the app, its owner of live state, when the
 * page closes the grid, the connection is forgotten or the app stops).
 */
export function openGridPointInTime(
  transport: EsTransport,
  table: string,
  opts: { keepAlive?: string; heartbeatMs?: number } = {},
): Promise<PointInTime> {
  return PointInTime.open(transport, table, {
    keepAlive: opts.keepAlive ?? PIT_KEEP_ALIVE,
    heartbeatMs: opts.heartbeatMs ?? PIT_HEARTBEAT_MS,
  });
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
    const res = await pit.search<SearchBody>(
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
    const res = await pit.search<SearchBody>(
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
