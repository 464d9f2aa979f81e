/**
 * Pure: the refusals a search or mapping request on a table can meet, translated into QuarryErrors
 * that name the table, the Raw SQL filter or the setting (its path is paths.ts's).
 */
import type { QuarryError } from "../../../core/errors.ts";
import { esErrors } from "./error-catalog.ts";
import { errorTypeAndReason, httpError } from "./errors.ts";

interface ErrorBody {
  error?: {
    type?: string;
    root_cause?: { type?: string; reason?: string }[];
    failed_shards?: { reason?: { type?: string; reason?: string; caused_by?: Cause } }[];
    caused_by?: Cause;
  };
}
interface Cause {
  type?: string;
  reason?: string;
  caused_by?: Cause;
}

/** True when the cluster refused from + size beyond an index's `max_result_window`. */
export function isResultWindowError(status: number, body: unknown): boolean {
  return status === 400 && /Result window is too large/.test(JSON.stringify(body ?? ""));
}

/** True when a point in time has expired or is unknown (it must be opened again). */
export function isMissingContext(status: number, body: unknown): boolean {
  return status === 404 && /search_context_missing_exception/.test(JSON.stringify(body ?? ""));
}

/** Maps a refused request on `table` to the error to show. */
export function searchError(
  table: string,
  status: number,
  body: unknown,
  opts: { rawQuery?: string } = {},
): QuarryError {
  const { type, reason } = errorTypeAndReason(body);
  if (status === 404 && type === "index_not_found_exception") return esErrors.tableNotFound(table);
  if (type === "index_closed_exception")
    return esErrors.tableClosed(table, closedIndex(body) ?? table);
  if (opts.rawQuery && /Failed to parse query/.test(reason)) {
    return esErrors.badRawQuery(parseProblem(body) ?? reason);
  }
  return httpError(status, body);
}

function closedIndex(body: unknown): string | undefined {
  const root = (body as { error?: { root_cause?: { index?: string }[] } } | undefined)?.error
    ?.root_cause?.[0];
  return root?.index;
}

/** The parser's own words ("Encountered "<EOF>" at line 1, column 4"), first line only. */
function parseProblem(body: unknown): string | undefined {
  const err = (body as ErrorBody | undefined)?.error;
  let cause = err?.failed_shards?.[0]?.reason?.caused_by ?? err?.caused_by;
  let deepest: string | undefined;
  for (let depth = 0; cause && depth < 5; depth++) {
    if (cause.reason) deepest = cause.reason;
    cause = cause.caused_by;
  }
  return deepest?.split("\n")[0]?.trim();
}
