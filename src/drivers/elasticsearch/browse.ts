/**
 * Browsing a table page by page (spec 2.2, 2.3, 4.5.6, 8). Pages ending within the first 10,000
 * rows use from/size; deeper pages use `search_after` over a point in time opened when first
 * needed. Counts are exact.
 *
 * No row is skipped or repeated across the boundary, for any sort: a from/size search breaks ties
 * by shard, then by document within the shard, which is exactly the order of the `_shard_doc`
 * tiebreaker that every point-in-time search here ends with. Once a grid holds a point in time,
 * all its pages (those within the window too) read that same snapshot, until the query or sort
 * changes or the request asks for `refresh`.
 */
import type { ConsoleRequest } from "../../core/console.ts";
import type { GridView } from "../../core/driver.ts";
import { errors } from "../../core/errors.ts";
import {
  type BrowseRequest,
  type BrowseResult,
  type Column,
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  type PartialResult,
  RESULT_WINDOW,
} from "../../core/grid.ts";
import { hitToRow } from "./cells.ts";
import { unknownField } from "./column-cache.ts";
import type { ColumnsOf } from "./console.ts";
import { esErrors } from "./error-catalog.ts";
import { compileFilters } from "./filters.ts";
import { describeTable } from "./mapping.ts";
import { nodeNames } from "./nodes.ts";
import { Cursors, cursorAt, PointInTime, PointInTimeExpired, type SearchBody } from "./paging.ts";
import type { EsBrowseResult } from "./row-version.ts";
import { indexPath, isResultWindowError, pathSegment, searchError } from "./search-errors.ts";
import { failureNodeIds, partialResult } from "./shard-failures.ts";
import { compileSort } from "./sort.ts";
import type { EsTransport } from "./transport.ts";

export interface GridOptions {
  /** The point in time's keep-alive between requests (default 2m). */
  keepAlive?: string;
  /** How often an idle open grid renews its point in time (default every 60 s). */
  heartbeatMs?: number;
  /** The session's held columns (column-cache.ts); without them the mapping is read here. */
  columns?: { of: ColumnsOf; forget(table: string): void };
}

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

interface Plan {
  query: Record<string, unknown>;
  sort: Record<string, unknown>[];
  /** Whether the query scores rows (the Raw SQL text); filters alone give every row one score. */
  scored: boolean;
  dropped: BrowseResult["droppedSort"];
  key: string;
}

/**
 * Pure: the search a grid view runs, as a console request ("Open in console", "Copy as curl"):
 * the same filters, sort and page as `browse` within the result window.
 */
export function viewAsRequest(
  columns: Column[],
  table: string,
  request: BrowseRequest,
): ConsoleRequest {
  const { page, pageSize } = pageOf(request);
  const body: Record<string, unknown> = {
    query: compileFilters(columns, request.filters, request.rawQuery, table),
    track_total_hits: true,
    from: request.offset ?? (page - 1) * pageSize,
    size: pageSize,
  };
  const sort = compileSort(columns, request.sort, table).sort;
  if (sort.length) body.sort = sort;
  return { method: "POST", path: `/${pathSegment(table)}/_search`, body };
}

export class EsGridView implements GridView {
  readonly table: string;
  readonly #transport: EsTransport;
  readonly #options: GridOptions;
  #columns: Column[] | undefined;
  #pit: PointInTime | undefined;
  #key: string | undefined;
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
    const { page, pageSize } = pageOf(request);
    if (request.refresh) {
      await this.#dropPit();
      this.#cursors.clear();
      this.#columns = undefined;
    }
    const offset = request.offset ?? (page - 1) * pageSize;
    // Without filters or sort, the search need not wait for the mapping: both go at once.
    let columnsLater: Promise<Column[]> | undefined;
    if (!this.#columns) {
      columnsLater = this.#readColumns(request.refresh === true);
      // Awaited below; until then a failure must not count as unobserved.
      columnsLater.catch(() => undefined);
      if ((request.filters?.length ?? 0) > 0 || (request.sort?.length ?? 0) > 0) {
        this.#columns = await columnsLater;
        columnsLater = undefined;
      }
    }
    const plan = await this.#plan(this.#columns ?? [], request).catch(async (e: unknown) => {
      // Columns the session held may predate a new field: read them again, once.
      if (!this.#columns || !this.#options.columns) throw e;
      this.#columns = await this.#readColumns(true);
      return this.#plan(this.#columns, request);
    });
    if (plan.key !== this.#key) {
      await this.#dropPit();
      this.#cursors.clear();
      this.#key = plan.key;
    }

    const paging: BrowseResult["paging"] =
      offset + pageSize > RESULT_WINDOW ? "search-after" : "from-size";
    const body = await this.#search(plan, offset, pageSize, request.rawQuery, columnsLater);
    let columns = this.#columns ?? [];
    if (this.#options.columns && unknownField(body.hits?.hits ?? [], columns) !== undefined)
      columns = this.#columns = await this.#readColumns(true);
    const total = body.hits?.total;
    const partial = await this.#partial(body);
    return {
      table: this.table,
      columns,
      rows: (body.hits?.hits ?? []).map((h) => hitToRow(h, columns)),
      total: typeof total === "number" ? total : (total?.value ?? 0),
      page,
      pageSize,
      droppedSort: plan.dropped,
      paging,
      ...(partial ? { partial } : {}),
    };
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

  async #plan(columns: Column[], request: BrowseRequest): Promise<Plan> {
    const query = compileFilters(columns, request.filters, request.rawQuery, this.table);
    const { sort, dropped } = compileSort(columns, request.sort, this.table);
    const scored = Boolean(request.rawQuery?.trim());
    return { query, sort, dropped, scored, key: JSON.stringify({ query, sort }) };
  }

  async #plainSearch(
    plan: Plan,
    offset: number,
    size: number,
    rawQuery: string | undefined,
  ): Promise<SearchBody> {
    const res = await this.#transport.request<SearchBody>({
      method: "POST",
      path: `${indexPath(this.table)}/_search`,
      body: {
        from: offset,
        size,
        query: plan.query,
        ...(plan.sort.length > 0 ? { sort: plan.sort } : {}),
        track_total_hits: true,
        seq_no_primary_term: true,
      },
    });
    if (res.status < 200 || res.status > 299)
      throw await this.#refusal(res.status, res.body, rawQuery);
    return res.body;
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
        this.#pit ??= await PointInTime.open(this.#transport, this.table, this.#options);
        const pit = this.#pit;
        const sort = pitSort(plan);
        const base = { query: plan.query, sort };
        const page = {
          ...base,
          size,
          track_total_hits: true,
          seq_no_primary_term: true,
        };
        const onError = (status: number, body: unknown) =>
          this.#refusalSync(status, body, rawQuery);
        let res: { status: number; body: SearchBody };
        if (offset + size <= RESULT_WINDOW) {
          res = await pit.search({ ...page, from: offset });
        } else {
          const after = await cursorAt(pit, base, this.#cursors, offset, onError).catch(
            async (e) => {
              if (e instanceof WindowRefusal) throw await this.#windowError(e.body);
              throw e;
            },
          );
          if (after === null) {
            // The page lies past the last row: no rows, and the exact count.
            res = await pit.search({ query: plan.query, size: 0, track_total_hits: true });
          } else {
            res = await pit.search(after ? { ...page, search_after: after } : page);
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
    if (isResultWindowError(status, body)) return this.#windowError(body);
    return searchError(this.table, status, body, { rawQuery });
  }

  #refusalSync(status: number, body: unknown, rawQuery: string | undefined): Error {
    if (isResultWindowError(status, body)) return new WindowRefusal(body);
    return searchError(this.table, status, body, { rawQuery });
  }

  /** The refusal for an index whose `max_result_window` is below the window, naming its value. */
  async #windowError(body?: unknown): Promise<Error> {
    const limits: { index: string; value: number }[] = [];
    const res = await this.#transport
      .request<Record<string, { settings?: Record<string, string> }>>({
        method: "GET",
        path: `${indexPath(this.table)}/_settings/index.max_result_window`,
        query: { flat_settings: true },
      })
      .catch(() => undefined);
    if (res && res.status === 200 && res.body && typeof res.body === "object") {
      for (const [index, s] of Object.entries(res.body)) {
        const value = Number(s.settings?.["index.max_result_window"]);
        if (Number.isFinite(value) && value < RESULT_WINDOW) limits.push({ index, value });
      }
    }
    if (limits.length === 0) {
      const said = /less than or equal to: \[(\d+)\]/.exec(JSON.stringify(body ?? ""));
      limits.push({ index: this.table, value: said ? Number(said[1]) : Number.NaN });
    }
    return esErrors.resultWindowTooSmall(limits.sort((a, b) => a.index.localeCompare(b.index)));
  }

  async #dropPit(): Promise<void> {
    const pit = this.#pit;
    this.#pit = undefined;
    await pit?.close();
  }
}

class WindowRefusal extends Error {
  readonly body: unknown;
  constructor(body: unknown) {
    super("result window too small");
    this.body = body;
  }
}

/**
 * The point-in-time order, equal to the from/size order: the sort (or relevance when the query
 * scores), then shard, then document. Without a sort or a score every row ties, and `_shard_doc`
 * alone is that order, one that lets shards skip straight to a far `search_after`.
 */
function pitSort(plan: Plan): Record<string, unknown>[] {
  const tiebreak = { _shard_doc: { order: "asc" } };
  if (plan.sort.length > 0) return [...plan.sort, tiebreak];
  return plan.scored ? [{ _score: { order: "desc" } }, tiebreak] : [tiebreak];
}

function pageOf(request: BrowseRequest): { page: number; pageSize: number } {
  const page = request.page ?? 1;
  const pageSize = request.pageSize ?? DEFAULT_PAGE_SIZE;
  if (!Number.isSafeInteger(page) || page < 1) {
    throw errors.badPaging(
      `page ${page} is not a whole number of 1 or more`,
      "Pages count from 1.",
    );
  }
  if (!Number.isSafeInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE) {
    throw errors.badPaging(
      `page size ${pageSize} is not a whole number from 1 to ${MAX_PAGE_SIZE}`,
      `Choose a page size from 1 to ${MAX_PAGE_SIZE}.`,
    );
  }
  if (request.offset !== undefined) {
    if (!Number.isSafeInteger(request.offset) || request.offset < 0)
      throw errors.badPaging(
        `offset ${request.offset} is not a whole number of 0 or more`,
        "Start from row 0 or a later row.",
      );
    // The page the first row falls on, as the answer reports it.
    return { page: Math.floor(request.offset / pageSize) + 1, pageSize };
  }
  return { page, pageSize };
}
