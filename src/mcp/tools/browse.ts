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
import { connectionArg, defineTool, reachConnection, tableArg } from "./context.ts";
import { OUTPUTS } from "./outputs.ts";
import { browseRequest, filtersArg, queryArg } from "./rows.ts";
import { partialRecord, repeatedLeaves, rowObject, rowTable, selectColumns } from "./shape.ts";

const DEFAULT_PAGE_SIZE = 25;
const META = ["_id", "_index", "_score"];
/** Room left under the result limit for the note and the cursor this tool adds after a cut. */
const CUT_MARGIN = 1_200;

export const browseTable = defineTool({
  name: "browse_table",
  title: "Browse an index",
  description:
    "Reads one page of documents from an index as rows, with the grid's column filters, a Lucene query and sorting; counts are exact and pages past 10,000 rows work. Answers a compact table by default: `columns` once, then `rows` as arrays in that order (layout objects gives one object per row). Without `columns`, every column describe_table lists comes, nested leaves included, except that a nested array's values come once, in its JSON column (items), and its leaf columns come only when asked for (`shown_in_parent` names them). `columns` picks fields by dotted path (customer.name) or a whole object (customer). When more rows follow, or the answer was cut to size, `next_cursor` continues right after the last row shown: pass it back as `cursor` with the same table, filters, query and sort. Use describe_table first for the column names.",
  input: z.strictObject({
    connection: connectionArg,
    table: tableArg,
    filters: filtersArg,
    query: queryArg,
    sort: z
      .array(z.strictObject({ column: z.string().min(1), direction: z.enum(["asc", "desc"]) }))
      .max(10)
      .optional()
      .describe("Sort columns in order; text columns sort by their .keyword subfield."),
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
      .describe("table (default): columns once, rows as arrays; objects: one object per row."),
    page: z.number().int().min(1).max(1_000_000).optional().describe("1-based page; default 1."),
    page_size: z
      .number()
      .int()
      .min(1)
      .max(500)
      .optional()
      .describe(`Rows per page; default ${DEFAULT_PAGE_SIZE} (or the cursor's).`),
    cursor: z
      .string()
      .max(200)
      .optional()
      .describe(
        "next_cursor from the previous answer, to continue right after it (not with page).",
      ),
  }),
  output: OUTPUTS.browseTable,
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false },
  cutHint: "Ask for fewer columns or a smaller page_size, or use export_data for everything.",
  async run(args, ctx) {
    const key: BrowseKey = {
      table: args.table,
      filters: args.filters,
      query: args.query,
      sort: args.sort,
    };
    if (args.cursor !== undefined && args.page !== undefined)
      throw new QuarryError(
        "invalid_input",
        "Both page and cursor were given",
        "Pass cursor alone to continue after the previous answer, or page alone to read a page.",
      );
    const from = args.cursor === undefined ? undefined : decodeCursor(args.cursor, key);
    const size = args.page_size ?? from?.size ?? DEFAULT_PAGE_SIZE;
    const offset = from?.offset ?? ((args.page ?? 1) - 1) * size;
    const { session } = await reachConnection(ctx, args.connection);
    const result = await session.browse(args.table, {
      ...browseRequest(args),
      ...(args.sort ? { sort: args.sort } : {}),
      ...(from ? { offset } : { page: args.page ?? 1 }),
      pageSize: size,
    });
    const answer = {
      ...partialRecord(result.partial),
      table: result.table,
      total: result.total,
      page: result.page,
      page_size: result.pageSize,
      offset,
      paging: result.paging,
      ...(result.droppedSort.length ? { dropped_sort: result.droppedSort } : {}),
      ...body(result, args.columns, args.layout ?? "table"),
    };
    return fitted(answer, { offset, size, key, result });
  },
});

/** The rows in the layout asked, with the columns they hold. */
function body(
  result: BrowseResult,
  asked: string[] | undefined,
  layout: "table" | "objects",
): Record<string, unknown> & { rows: unknown[] } {
  const chosen = asked ? selectColumns(result.columns, asked) : undefined;
  const skip = chosen ? new Set<string>() : repeatedLeaves(result.columns);
  const inParent = Object.fromEntries(
    result.columns
      .filter((c) => skip.has(c.name))
      .map((c) => [c.name, c.nestedPaths?.at(-1) ?? ""]),
  );
  const shown = skip.size ? { shown_in_parent: inParent } : {};
  if (layout === "objects") {
    const only = chosen ? [...chosen, ...META.filter((m) => asked?.includes(m))] : undefined;
    return {
      layout,
      columns: result.columns.map((c) => c.name).filter((n) => !only || only.includes(n)),
      ...shown,
      rows: result.rows.map((r) => rowObject(r, chosen, skip)),
    };
  }
  const rest =
    chosen ?? result.columns.map((c) => c.name).filter((n) => !META.includes(n) && !skip.has(n));
  const header = [...META, ...rest];
  return { layout, columns: header, ...shown, ...rowTable(result.rows, header) };
}

/**
 * The answer cut to the result limit here, where the rows' positions are known, with the cursor
 * of the row after the last one kept (absent when no row follows).
 */
function fitted(
  answer: Record<string, unknown> & { rows: unknown[] },
  at: { offset: number; size: number; key: BrowseKey; result: BrowseResult },
): Record<string, unknown> {
  const { offset, size, key, result } = at;
  const { value, cuts } = capJson(answer, RESULT_CHAR_LIMIT - CUT_MARGIN);
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
      : ` Row ${offset + 1} alone is larger than an answer: read it with get_document (_id ${JSON.stringify(result.rows[0]?._id)}); next_cursor continues after it.`
    : "";
  return {
    ...out,
    ...next,
    truncated: true,
    note: `Result cut to fit ${RESULT_CHAR_LIMIT} characters: ${describeCuts(cuts)}.${where} Ask for fewer columns or a smaller page_size to get more rows per answer, or use export_data for everything.`,
  };
}
