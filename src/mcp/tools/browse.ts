/**
 * `browse_table`: one page of documents as a compact table (or as objects), with a cursor that
 * continues where the answer ends: after the page, or right after the last row kept when the
 * answer had to be cut to size.
 */
import { z } from "zod";
import { QuarryError } from "../../core/errors.ts";
import type { BrowseResult } from "../../core/grid.ts";
import { capJson, describeCuts, RESULT_CHAR_LIMIT } from "../result.ts";
import { type BrowseKey, decodeCursor, encodeCursor } from "./browse-cursor.ts";
import {
  browseRequest,
  filtersArg,
  HIDDEN,
  queryArg,
  sortArg,
  sortsOf,
  whereArg,
} from "./compact-args.ts";
import { connectionArg, defineTool, reachConnection, tableArg } from "./context.ts";
import { OUTPUTS } from "./outputs.ts";
import {
  gridRowObject,
  META,
  nestedObject,
  partialRecord,
  repeatedLeaves,
  rowTable,
  selectColumns,
} from "./shape.ts";

const DEFAULT_PAGE_SIZE = 25;
/** Columns a row shows when none are asked for: a wide index's rows fit an answer. */
const WIDE_ROW = 40;
/** Room left under the result limit for the note and the cursor this tool adds after a cut. */
const CUT_MARGIN = 1_200;

export const browseTable = defineTool({
  name: "browse_table",
  title: "Browse an index",
  description: "Rows of a table, exact total.",
  input: z.strictObject({
    connection: connectionArg,
    table: tableArg,
    where: whereArg,
    filters: filtersArg.meta(HIDDEN),
    query: queryArg.meta(HIDDEN),
    sort: sortArg,
    columns: z
      .array(z.string().min(1))
      .max(200)
      .optional()
      .describe(
        "Only these columns (dotted paths; an object's path selects all its fields). _id, _index and _score always come.",
      ),
    layout: z
      .enum(["table", "objects"])
      .optional()
      .describe("table (default): columns once, rows as arrays; objects: one object per row.")
      .meta(HIDDEN),
    page: z
      .number()
      .int()
      .min(1)
      .max(1_000_000)
      .optional()
      .describe("1-based page; default 1.")
      .meta(HIDDEN),
    page_size: z
      .number()
      .int()
      .min(0)
      .max(500)
      .optional()
      .describe(
        `Rows per page; default ${DEFAULT_PAGE_SIZE} (or the cursor's); 0: the count only.`,
      ),
    cursor: z
      .string()
      .max(200)
      .optional()
      .describe("next_cursor from the previous answer, to continue right after it (not with page).")
      .meta(HIDDEN),
  }),
  output: OUTPUTS.browseTable,
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false },
  cutHint: "Ask for fewer columns or a smaller page_size, or use export_data for everything.",
  async run(args, ctx) {
    const asked = browseRequest(args);
    const sort = sortsOf(args.sort);
    const key: BrowseKey = { table: args.table, filters: asked.filters, query: args.query, sort };
    if (args.cursor !== undefined && args.page !== undefined)
      throw new QuarryError(
        "invalid_input",
        "Both page and cursor were given",
        "Pass cursor alone to continue after the previous answer, or page alone to read a page.",
      );
    const from = args.cursor === undefined ? undefined : decodeCursor(args.cursor, key);
    // page_size 0 asks for the count alone: a search of size 0, nothing sorted or read.
    const countOnly = args.page_size === 0;
    const size = (countOnly ? 1 : args.page_size) ?? from?.size ?? DEFAULT_PAGE_SIZE;
    const offset = from?.offset ?? ((args.page ?? 1) - 1) * size;
    const { session } = await reachConnection(ctx, args.connection);
    const read = await session.grid.browse(args.table, {
      ...asked,
      ...(sort ? { sort } : {}),
      ...(from ? { offset } : { page: args.page ?? 1 }),
      pageSize: size,
      ...(countOnly ? { countOnly } : {}),
    });
    // A count alone is the count: the caller knows what it asked (docs/mcp.md, "browse_table").
    if (countOnly) return { ...partialRecord(read.partial), total: read.total };
    const answer = {
      ...partialRecord(read.partial),
      total: read.total,
      ...(offset > 0 ? { offset } : {}),
      ...(read.droppedSort.length ? { dropped_sort: read.droppedSort } : {}),
      ...body(read, args.table, args.columns, args.layout ?? "table"),
    };
    const limit = ctx.charLimit ?? RESULT_CHAR_LIMIT;
    return asDocument(fitted(answer, { offset, size, key, result: read, limit }), read);
  },
});

/**
 * The meta columns a page shows: `_id` always; `_index` when a row comes from another index than
 * the one named (an alias, a pattern, several indices); `_score` when the rows were scored.
 */
function metaShown(result: BrowseResult, table: string): string[] {
  return META.filter(
    (m) =>
      m === "_id" ||
      (m === "_index" && result.rows.some((r) => r._index !== table)) ||
      (m === "_score" && result.rows.some((r) => r._score !== null)),
  );
}

/** The rows in the layout asked, with the columns they hold. */
function body(
  result: BrowseResult,
  table: string,
  asked: string[] | undefined,
  layout: "table" | "objects",
): Record<string, unknown> & { rows: unknown[] } {
  const meta = metaShown(result, table);
  const chosen = asked ? selectColumns(result.columns, asked) : undefined;
  const skip = chosen ? new Set<string>() : repeatedLeaves(result.columns);
  const inParent = Object.fromEntries(
    result.columns
      .filter((c) => skip.has(c.name))
      .map((c) => [c.name, c.nestedPaths?.at(-1) ?? ""]),
  );
  const shown = skip.size ? { shown_in_parent: inParent } : {};
  if (layout === "objects")
    return { ...shown, rows: result.rows.map((r) => gridRowObject(r, chosen, skip, meta)) };
  const all =
    chosen ?? result.columns.map((c) => c.name).filter((n) => !META.includes(n) && !skip.has(n));
  // A wide row unasked shows its first columns and says how many it left out.
  const rest = chosen ? all : all.slice(0, WIDE_ROW);
  const leftOut = all.length - rest.length;
  const header = [...meta, ...rest];
  return {
    columns: header,
    ...shown,
    ...(leftOut > 0
      ? {
          columns_left_out: leftOut,
          columns_note: `${leftOut} of ${all.length} columns left out; pass columns (dotted paths or objects) to choose`,
        }
      : {}),
    ...rowTable(result.rows, header),
  };
}

/**
 * A lookup that found one document answers the document itself, in its own nested shape, not a
 * page of one row (docs/mcp.md, "Answers as lean as raw Elasticsearch"); any other answer, and one
 * whose document had a cell cut, stays as it is.
 */
function asDocument(
  answer: Record<string, unknown>,
  result: BrowseResult,
): Record<string, unknown> {
  // A cell cut at the display limit keeps the page's form, whose cut_cells says so.
  if (result.total !== 1 || result.rows.length !== 1 || answer.truncated || answer.cut_cells)
    return answer;
  const {
    columns,
    rows,
    cut_cells: _,
    ...rest
  } = answer as {
    columns?: string[];
    rows: unknown[];
    cut_cells?: unknown;
  };
  const [row] = rows;
  const flat = Array.isArray(row)
    ? Object.fromEntries((columns ?? []).map((c, i) => [c, row[i]]))
    : (row as Record<string, unknown>);
  return { ...rest, doc: nestedObject(flat) };
}

/**
 * The answer cut to the result limit here, where the rows' positions are known, with the cursor
 * of the row after the last one kept (absent when no row follows).
 */
function fitted(
  answer: Record<string, unknown> & { rows: unknown[] },
  at: { offset: number; size: number; key: BrowseKey; result: BrowseResult; limit: number },
): Record<string, unknown> {
  const { offset, size, key, result, limit } = at;
  const { value, cuts } = capJson(answer, limit - CUT_MARGIN);
  const out = value as Record<string, unknown> & { rows: unknown[] };
  const kept = out.rows.length;
  const rowsCut = kept < result.rows.length;
  // A row too large for an answer on its own is stepped over (the note names it), never repeated.
  const end = offset + (rowsCut ? Math.max(kept, 1) : result.rows.length);
  const next =
    result.rows.length > 0 && end < result.total
      ? { next_cursor: encodeCursor({ offset: end, size }, key) }
      : {};
  if (cuts.length === 0) return { ...out, ...next };
  const cutCells = out.cut_cells as { row: number }[] | undefined;
  if (cutCells) out.cut_cells = cutCells.filter((c) => c.row < kept);
  const where = rowsCut
    ? kept > 0
      ? ` The ${kept} rows kept are rows ${offset + 1} to ${offset + kept} of ${result.total}; next_cursor continues with row ${offset + kept + 1}.`
      : ` Row ${offset + 1} alone is larger than an answer: read it with execute_query GET /<index>/_doc/<_id> (_id ${JSON.stringify(result.rows[0]?._id)}); next_cursor continues after it.`
    : "";
  return {
    ...out,
    ...next,
    truncated: true,
    note: `Result cut to fit ${limit} characters: ${describeCuts(cuts)}.${where} Ask for fewer columns or a smaller page_size to get more rows per answer, max_chars for a larger answer, or use export_data for everything.`,
  };
}
