/**
 * A far jump in written order (a grid with no sort and no score: `_seq_no`, then `_shard_doc`).
 * Walking to row 500,000 reads the sort values of every row before it, 10,000 at a time; in
 * written order the row's place can be counted instead: the number of rows whose `_seq_no` is at
 * most s only grows with s, so a search over s (interpolated, since written numbers are nearly
 * dense, and halving when that does not narrow it) finds the `_seq_no` the row holds, and the
 * rows holding that same number (one per shard at most) are few enough for a from/size search.
 */
import type { SearchHit } from "../table/cells.ts";

/** What the seek needs of a point in time (wire/point-in-time.ts; paging.ts calls the seek). */
interface PitSearch {
  search<T extends { pit_id?: string }>(
    body: Record<string, unknown>,
    query?: Record<string, string>,
  ): Promise<{ status: number; body: T }>;
}

/** The part of an answer the seek reads. */
interface SeekAnswer {
  pit_id?: string;
  hits?: { total?: { value: number } | number; hits?: SearchHit[] };
}

/** Whether a point-in-time order is the written order alone. */
export function isWrittenOrder(sort: unknown[]): boolean {
  const [first, second] = sort as Record<string, { order?: string }>[];
  return (
    sort.length === 2 &&
    first?._seq_no?.order === "asc" &&
    second !== undefined &&
    "_shard_doc" in second
  );
}

/**
 * Pure search, counts injected: the smallest s in (lo, hi] with count(s) > target, given
 * count(lo) = fLo ≤ target < fHi = count(hi), and the count just below it (`before`).
 */
export async function crossing(
  target: number,
  start: { lo: number; fLo: number; hi: number; fHi: number },
  count: (s: number) => Promise<number>,
): Promise<{ seq: number; before: number; rounds: number }> {
  let { lo, fLo, hi, fHi } = start;
  let rounds = 0;
  let interpolate = true;
  while (hi - lo > 1) {
    const width = hi - lo;
    let points: number[];
    if (interpolate) {
      // Where count would pass the target if it grew evenly; the number below it too, so a
      // right guess settles it in one round.
      const guess = lo + Math.ceil(((target + 1 - fLo) * width) / Math.max(1, fHi - fLo));
      const g = Math.min(hi - 1, Math.max(lo + 1, guess));
      points = g - 1 > lo ? [g - 1, g] : [g];
    } else {
      points = [lo + Math.floor(width / 2)];
    }
    const counts = await Promise.all(points.map(count));
    rounds++;
    points.forEach((p, i) => {
      const c = counts[i] ?? 0;
      if (c <= target && p > lo) [lo, fLo] = [p, c];
      if (c > target && p < hi) [hi, fHi] = [p, c];
    });
    // An interpolation that did not halve the range is followed by a halving.
    interpolate = !interpolate || hi - lo <= width / 2;
  }
  return { seq: hi, before: fLo, rounds };
}

/**
 * The sort values of row `row` (0-based) in written order over the point in time, or null when
 * the query matches no more rows than that. `onError` builds the error for a refused search.
 */
export async function writtenOrderRow(
  pit: PitSearch,
  query: unknown,
  row: number,
  onError: (status: number, body: unknown) => Error,
): Promise<unknown[] | null> {
  const search = async (body: Record<string, unknown>, filter: string) => {
    const res = await pit.search<SeekAnswer>(body, { filter_path: `pit_id,${filter}` });
    if (res.status < 200 || res.status > 299) throw onError(res.status, res.body);
    return res.body;
  };
  const upTo = (s: number) => ({
    bool: { filter: [query, { range: { _seq_no: { lte: s } } }] },
  });
  const count = async (q: unknown) =>
    totalOf(
      (await search({ query: q, size: 0, track_total_hits: true }, "hits.total")).hits?.total,
    );
  const lean = { _source: false, stored_fields: "_none_", track_total_hits: false };
  const [total, last] = await Promise.all([
    count(query),
    search({ ...lean, query, size: 1, sort: [{ _seq_no: { order: "desc" } }] }, "hits.hits.sort"),
  ]);
  const maxSeq = last.hits?.hits?.[0]?.sort?.[0];
  if (row >= total || typeof maxSeq !== "number") return null;
  const { seq, before } = await crossing(row, { lo: -1, fLo: 0, hi: maxSeq, fHi: total }, (s) =>
    count(upTo(s)),
  );
  const group = await search(
    {
      ...lean,
      query: { bool: { filter: [query, { term: { _seq_no: seq } }] } },
      sort: [{ _seq_no: { order: "asc" } }, { _shard_doc: { order: "asc" } }],
      from: row - before,
      size: 1,
    },
    "hits.hits.sort",
  );
  return group.hits?.hits?.[0]?.sort ?? null;
}

function totalOf(total: { value: number } | number | undefined): number {
  return typeof total === "number" ? total : (total?.value ?? 0);
}
