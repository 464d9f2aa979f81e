/**
 * The pure part of browsing: which search a grid's page runs (its plan), the page asked for, the
 * point-in-time order, and whether columns read later still give the search a page was sent with.
 */
import type { ConsoleRequest } from "../../../core/console.ts";
import { errors } from "../../../core/errors.ts";
import {
  type BrowseRequest,
  type BrowseResult,
  type Column,
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
} from "../../../core/grid.ts";
import { compileFilters } from "../table/filters.ts";
import { compileSort } from "../table/sort.ts";
import { pathSegment } from "../wire/paths.ts";

export interface Plan {
  query: Record<string, unknown>;
  sort: Record<string, unknown>[];
  /** Whether the query scores rows (the Raw SQL text); filters alone give every row one score. */
  scored: boolean;
  dropped: BrowseResult["droppedSort"];
  /** Two plans with one key run the same search. */
  key: string;
}

/** The filters and sort of a request compiled against `columns`; throws on an unknown column. */
export function planOf(columns: Column[], request: BrowseRequest, table: string): Plan {
  const query = compileFilters(columns, request.filters, request.rawQuery, table);
  const { sort, dropped } = compileSort(columns, request.sort, table);
  const scored = Boolean(request.rawQuery?.trim());
  return { query, sort, dropped, scored, key: JSON.stringify({ query, sort }) };
}

/** Whether the plan needs the columns (filters or a sort name them); without, any columns do. */
export function needsColumns(request: BrowseRequest): boolean {
  return (request.filters?.length ?? 0) > 0 || (request.sort?.length ?? 0) > 0;
}

/**
 * Whether a page searched with the plan made from held columns stands once the columns read beside
 * it are known: it does when they compile to the same search. Otherwise the page is searched again.
 */
export function planHolds(
  sent: Plan,
  fresh: Column[],
  request: BrowseRequest,
  table: string,
): boolean {
  try {
    return planOf(fresh, request, table).key === sent.key;
  } catch {
    return false;
  }
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
  const { page, pageSize } = requestedPage(request);
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

/**
 * The order of every page, from/size or not: the sort (or relevance when the query scores), then
 * the order each row was written in its shard (`_seq_no`, unique among a shard's live documents).
 * Without that last key, rows that tie (every row, unsorted) fall back to their place in the
 * shard's segments, which a background merge reshuffles between two pages: a row would show twice
 * and another never. Ties left between shards are broken by shard, as `_shard_doc` does.
 */
export function pageSort(plan: Plan): Record<string, unknown>[] {
  const writeOrder = { _seq_no: { order: "asc" } };
  if (plan.sort.length > 0) return [...plan.sort, writeOrder];
  return plan.scored ? [{ _score: { order: "desc" } }, writeOrder] : [writeOrder];
}

/**
 * The point-in-time order, equal to the from/size order (`pageSort`): `_shard_doc` only makes it
 * total (shard, then document), as `search_after` needs.
 */
export function pitSort(plan: Plan): Record<string, unknown>[] {
  return [...pageSort(plan), { _shard_doc: { order: "asc" } }];
}

export function requestedPage(request: BrowseRequest): { page: number; pageSize: number } {
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
