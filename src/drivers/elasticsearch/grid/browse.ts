/**
 * Browsing a table page by page (docs/decisions.md, "Browsing"). Pages ending within the first
 * 10,000 rows use from/size; deeper pages use `search_after` over a point in time opened when first
 * needed. Counts are exact.
 *
 * No row is skipped or repeated, for any sort: every page ends its sort with the order rows were
 * written in their shard (`pageSort`), which no segment merge changes, and a from/size search
 * breaks the ties left by shard, exactly as the `_shard_doc` tiebreaker that ends every
 * point-in-time search here does. Once a grid holds a point in time,
 * all its pages (those within the window too) read that same snapshot, until the query or sort
 * changes or the request asks for `refresh`.
 */
import type { GridView } from "../../../core/driver.ts";
import {
  type BrowseRequest,
  type BrowseResult,
  type Column,
  type PartialResult,
  RESULT_WINDOW,
} from "../../../core/grid.ts";

import { hitToRow } from "../table/cells.ts";
import { type ColumnsOf, unknownField } from "../table/column-cache.ts";
import { describeTable } from "../table/mapping.ts";
import type { EsBrowseResult } from "../table/row-version.ts";
import { nodeNames } from "../wire/nodes.ts";
import { indexPath } from "../wire/paths.ts";
import { type PointInTime, PointInTimeExpired } from "../wire/point-in-time.ts";
import { isResultWindowError, searchError } from "../wire/search-errors.ts";
import { failureNodeIds, partialResult } from "../wire/shard-failures.ts";
import type { EsTransport } from "../wire/transport.ts";
import { type Search, searchCounted, type TableSizes } from "./page-count.ts";
import { Cursors, cursorAt, openGridPointInTime, type SearchBody } from "./paging.ts";
import {
  needsColumns,
  type Plan,
  pageSort,
  pitSort,
  planHolds,
  planOf,
  requestedPage,
} from "./plan.ts";
import { resultWindowRefusal, WindowRefusal } from "./result-window.ts";

export interface GridOptions {
  /** The point in time's keep-alive between requests (default 2m). */
  keepAlive?: string;
  /** How often an idle open grid renews its point in time (default every 60 s). */
  heartbeatMs?: number;
  /** The session's held columns (column-cache.ts); without them the mapping is read here. */
  columns?: HeldColumns;
  /** The session's last counts of its tables: a big table's count is searched beside its page. */
  sizes?: TableSizes;
  /** Past this many rows to walk, a far jump in written order counts its way there (paging.ts). */
  seekFrom?: number;
}

export interface HeldColumns {
  of: ColumnsOf;
  forget(table: string): void;
  /** The columns held for the table, without reading them (undefined when none are held). */
  peek?(table: string): Promise<Column[]> | undefined;
}

export { viewAsRequest } from "./plan.ts";

/** One page, opening a point in time for this call only when the page lies past the window. */
export async function browse(
  transport: EsTransport,
  table: string,
  request: BrowseRequest = {},
  options: GridOptions = {},
): Promise<EsBrowseResult> {
  const grid = openGrid(transport, table, options);
  try {
    return await grid.browse(request);
  } finally {
    await grid.close();
  }
}

/** A grid kept open: its point in time and known positions live until `close()`. */
export function openGrid(
  transport: EsTransport,
  table: string,
  options: GridOptions = {},
): EsGridView {
  return new EsGridView(transport, table, options);
}

export class EsGridView implements GridView {
  readonly table: string;
  readonly #transport: EsTransport;
  readonly #options: GridOptions;
  #columns: Column[] | undefined;
  #pit: PointInTime | undefined;
  #key: string | undefined;
  /** The total of the last page, with the plan it counted. */
  #counted: { key: string; total: number } | undefined;
  readonly #cursors = new Cursors();
  // Pages are served one at a time: positions and the point in time are shared state.
  #queue: Promise<unknown> = Promise.resolve();

  constructor(transport: EsTransport, table: string, options: GridOptions) {
    indexPath(table);
    this.#transport = transport;
    this.table = table;
    this.#options = options;
  }

  /** The point in time's current id, or null while the grid pages within the window. */
  get pointInTimeId(): string | null {
    return this.#pit?.id ?? null;
  }

  browse(request: BrowseRequest = {}): Promise<EsBrowseResult> {
    const next = this.#queue.then(() => this.#browse(request));
    this.#queue = next.catch(() => undefined);
    return next;
  }

  async close(): Promise<void> {
    await this.#queue;
    await this.#dropPit();
    this.#cursors.clear();
  }

  async #browse(request: BrowseRequest): Promise<EsBrowseResult> {
    const { page, pageSize } = requestedPage(request);
    if (request.refresh) {
      await this.#dropPit();
      this.#cursors.clear();
      this.#columns = undefined;
    }
    const offset = request.offset ?? (page - 1) * pageSize;
    const { columns, later, guessed } = await this.#earlyColumns(request);
    let plan = await this.#planWith(columns, request, later, guessed);
    if (plan.key !== this.#key) await this.#restart(plan.key);

    const paging: BrowseResult["paging"] =
      offset + pageSize > RESULT_WINDOW ? "search-after" : "from-size";
    const size = request.countOnly ? 0 : pageSize;
    let body = await this.#search(plan, offset, size, request.rawQuery, plan.early);
    if (plan.early && plan.guessed && !planHolds(plan, this.#columns ?? [], request, this.table)) {
      // The held columns were stale for this filter or sort: search again with those just read.
      plan = await this.#planWith(this.#columns, request, undefined, false);
      await this.#restart(plan.key);
      body = await this.#search(plan, offset, size, request.rawQuery, undefined);
    }
    let current = this.#columns ?? [];
    // Held columns may predate a field a hit holds; columns read for this page (`refresh`) do not.
    const held = this.#options.columns && request.refresh !== true;
    if (held && unknownField(body.hits?.hits ?? [], current) !== undefined)
      current = this.#columns = await this.#readColumns(true);
    const count = body.hits?.total;
    const total = typeof count === "number" ? count : (count?.value ?? 0);
    this.#counted = { key: plan.key, total };
    if (!request.rawQuery?.trim() && !request.filters?.length)
      this.#options.sizes?.set(this.table, total);
    const partial = await this.#partial(body);
    return {
      table: this.table,
      columns: current,
      rows: (body.hits?.hits ?? []).map((h) => hitToRow(h, current)),
      total,
      page,
      pageSize,
      droppedSort: plan.dropped,
      paging,
      ...(partial ? { partial } : {}),
    };
  }

  /**
   * The columns to plan with before the search goes out. Without filters or sort any do, and the
   * mapping is read beside the search (`later`). With them, a fresh read (`refresh`) plans with
   * the session's held columns, if any, and checks them against the read once it is in
   * (`guessed`); otherwise the columns are read first.
   */
  async #earlyColumns(request: BrowseRequest): Promise<{
    columns: Column[] | undefined;
    later?: Promise<Column[]>;
    guessed: boolean;
  }> {
    if (this.#columns) return { columns: this.#columns, guessed: false };
    const needed = needsColumns(request);
    // Taken before the read below replaces what the session holds.
    const held = needed && request.refresh ? this.#options.columns?.peek?.(this.table) : undefined;
    const later = this.#readColumns(request.refresh === true);
    // Awaited later; until then a failure must not count as unobserved.
    later.catch(() => undefined);
    if (!needed) return { columns: undefined, later, guessed: false };
    const guess = held ? await held.catch(() => undefined) : undefined;
    if (guess) return { columns: guess, later, guessed: true };
    this.#columns = await later;
    return { columns: this.#columns, guessed: false };
  }

  /** The plan, and the columns read beside the search it carries along (`early`). */
  async #planWith(
    columns: Column[] | undefined,
    request: BrowseRequest,
    later: Promise<Column[]> | undefined,
    guessed: boolean,
  ): Promise<Plan & { early?: Promise<Column[]>; guessed: boolean }> {
    try {
      return { ...planOf(columns ?? [], request, this.table), early: later, guessed };
    } catch (e) {
      // Held columns may predate a new field: plan with the read under way, or read again, once.
      if (guessed && later) {
        this.#columns = await later;
        return { ...planOf(this.#columns, request, this.table), guessed: false };
      }
      if (!this.#columns || !this.#options.columns) throw e;
      this.#columns = await this.#readColumns(true);
      return { ...planOf(this.#columns, request, this.table), guessed: false };
    }
  }

  async #restart(key: string): Promise<void> {
    await this.#dropPit();
    this.#cursors.clear();
    this.#key = key;
  }

  /** The page's search (and the columns read beside it); a refused search forgets held columns. */
  async #search(
    plan: Plan,
    offset: number,
    size: number,
    rawQuery: string | undefined,
    columnsLater: Promise<Column[]> | undefined,
  ): Promise<SearchBody> {
    try {
      if (!this.#pit && offset + size <= RESULT_WINDOW) {
        const search = this.#plainSearch(plan, offset, size, rawQuery);
        if (!columnsLater) return await search;
        const [columns, body] = await Promise.all([columnsLater, search]);
        this.#columns = columns;
        return body;
      }
      const body = await this.#pitPage(plan, offset, size, rawQuery);
      if (columnsLater) this.#columns = await columnsLater;
      return body;
    } catch (e) {
      this.#options.columns?.forget(this.table);
      throw e;
    }
  }

  #readColumns(fresh: boolean): Promise<Column[]> {
    const held = this.#options.columns;
    return held ? held.of(this.table, fresh) : describeTable(this.#transport, this.table);
  }

  /** The warning for a page some shards did not answer, nodes named (one more request then). */
  async #partial(body: SearchBody): Promise<PartialResult | undefined> {
    if ((body._shards?.failed ?? 0) <= 0 && body.timed_out !== true) return undefined;
    const names =
      failureNodeIds(body._shards).length > 0 ? await nodeNames(this.#transport) : undefined;
    return partialResult(body, names);
  }

  async #plainSearch(
    plan: Plan,
    offset: number,
    size: number,
    rawQuery: string | undefined,
  ): Promise<SearchBody> {
    const search: Search = (body, query) =>
      this.#transport.request<SearchBody>({
        method: "POST",
        path: `${indexPath(this.table)}/_search`,
        query,
        body,
      });
    const page = {
      from: offset,
      size,
      query: plan.query,
      sort: pageSort(plan),
      track_total_hits: true,
      seq_no_primary_term: true,
    };
    // A page of none carries its own count: no search of its own is needed for it.
    const res = await searchCounted(search, page, size > 0 && this.#countApart(plan));
    if (res.status < 200 || res.status > 299)
      throw await this.#refusal(res.status, res.body, rawQuery);
    return res.body;
  }

  /** Whether the page's rows are counted by a search of their own (page-count.ts). */
  #countApart(plan: Plan): boolean {
    const known = this.#counted?.key === plan.key ? this.#counted.total : undefined;
    const sizes = this.#options.sizes;
    return sizes?.countApart(known ?? sizes.get(this.table)) ?? false;
  }

  /** A page over the point in time: from/size within the window, search_after past it. */
  async #pitPage(
    plan: Plan,
    offset: number,
    size: number,
    rawQuery: string | undefined,
  ): Promise<SearchBody> {
    for (let attempt = 0; ; attempt++) {
      try {
        this.#pit ??= await openGridPointInTime(this.#transport, this.table, this.#options);
        const pit = this.#pit;
        const sort = pitSort(plan);
        const base = { query: plan.query, sort };
        const page = {
          ...base,
          size,
          track_total_hits: true,
          seq_no_primary_term: true,
        };
        const apart = this.#countApart(plan);
        const search: Search = (body, query) => pit.search<SearchBody>(body, query);
        const onError = (status: number, body: unknown) =>
          this.#refusalSync(status, body, rawQuery);
        let res: { status: number; body: SearchBody };
        if (offset + size <= RESULT_WINDOW) {
          res = await searchCounted(search, { ...page, from: offset }, apart);
        } else {
          const seekFrom = this.#options.seekFrom;
          const after = await cursorAt(pit, base, this.#cursors, offset, onError, seekFrom).catch(
            async (e) => {
              if (e instanceof WindowRefusal)
                throw await resultWindowRefusal(this.#transport, this.table, e.body);
              throw e;
            },
          );
          if (after === null) {
            // The page lies past the last row: no rows, and the exact count.
            res = await pit.search<SearchBody>({
              query: plan.query,
              size: 0,
              track_total_hits: true,
            });
          } else {
            res = await searchCounted(
              search,
              after ? { ...page, search_after: after } : page,
              apart,
            );
            const hits = res.body.hits?.hits ?? [];
            if (hits.length > 0) this.#cursors.set(offset + hits.length, hits.at(-1)?.sort);
          }
        }
        if (res.status < 200 || res.status > 299)
          throw await this.#refusal(res.status, res.body, rawQuery);
        return res.body;
      } catch (e) {
        // Expired while the grid sat idle past its keep-alive (or the cluster restarted).
        if (!(e instanceof PointInTimeExpired) || attempt > 0) throw e;
        this.#pit = undefined;
        this.#cursors.clear();
      }
    }
  }

  async #refusal(status: number, body: unknown, rawQuery: string | undefined): Promise<Error> {
    if (isResultWindowError(status, body))
      return resultWindowRefusal(this.#transport, this.table, body);
    return searchError(this.table, status, body, { rawQuery });
  }

  #refusalSync(status: number, body: unknown, rawQuery: string | undefined): Error {
    if (isResultWindowError(status, body)) return new WindowRefusal(body);
    return searchError(this.table, status, body, { rawQuery });
  }

  async #dropPit(): Promise<void> {
    const pit = this.#pit;
    this.#pit = undefined;
    await pit?.close();
  }
}
