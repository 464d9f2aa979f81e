/**
 * The compact argument forms a model reads in tools/list (docs/mcp.md, "The catalog"): filters as
 * the CLI's own text (`"total >= 100"`, core/filter-syntax.ts) and sorts as `column[:desc]`, so
 * one short list of strings replaces a schema of objects. The object forms stay accepted (not
 * listed) for clients written against them.
 */
import { z } from "zod";
import { QuarryError } from "../../core/errors.ts";
import { FILTER_OPS, type FilterOperand, operandOf } from "../../core/filter-ops.ts";
import { parseFilterAs, parseSortAs } from "../../core/filter-syntax.ts";
import type { BrowseRequest, FilterRow, SortSpec } from "../../core/grid.ts";

/** Marks an argument accepted but left out of tools/list (publish.ts). */
export const HIDDEN = { "x-hidden": true } as const;

export const whereArg = z.array(z.string().min(1).max(10_000)).max(50).optional();

const sortObject = z.strictObject({
  column: z.string().min(1),
  direction: z.enum(["asc", "desc"]),
});
/** `"created_at:desc"`, or the object form `{column, direction}`. */
export const sortArg = z
  .array(z.union([z.string().min(1).max(512), sortObject]))
  .max(10)
  .optional();

/** The filters of `where` (text) and `filters` (objects), all of which must match. */
export function filtersOf(args: {
  where?: readonly string[] | undefined;
  filters?: z.infer<typeof filtersArg>;
}): FilterRow[] | undefined {
  if (!args.where?.length) return args.filters;
  const parsed = args.where.map((text) => {
    const p = parseFilterAs(text, "where");
    if (p.attachedGroup !== undefined)
      throw new QuarryError(
        "invalid_input",
        `where "${text}": a group is written apart from the value`,
        'Write the group after a space: "items.sku = KB-01 @1".',
      );
    return p.row;
  });
  return [...(args.filters ?? []), ...parsed];
}

/** The sort columns in order, from either form. */
export function sortsOf(sort: z.infer<typeof sortArg>): SortSpec[] | undefined {
  return sort?.map((s) => (typeof s === "string" ? parseSortAs(s, "sort") : s));
}

/** The operators that take `operand`, as the descriptions name them: `in/not_in`. */
const opsTaking = (operand: FilterOperand) =>
  FILTER_OPS.filter((op) => operandOf(op) === operand).join("/");

export const filtersArg = z
  .array(
    z.strictObject({
      column: z.string().min(1).describe("A column name from describe_table (dotted path)."),
      op: z
        .enum(FILTER_OPS)
        .describe(
          `eq/neq exact value; gt/gte/lt/lte ranges (numbers, dates); ${opsTaking("list")} a list; ${opsTaking("pattern")} with * and ? wildcards; ${opsTaking("none")} take no value.`,
        ),
      value: z
        .unknown()
        .optional()
        .describe(`The value; an array for ${opsTaking("list")}; absent for ${opsTaking("none")}.`),
      group: z
        .number()
        .int()
        .positive()
        .optional()
        .describe(
          "Nested leaves only: filters with the same group must match the same object of the array.",
        ),
    }),
  )
  .max(50)
  .optional()
  .describe("Column filters, all of which must match.");

export const queryArg = z
  .string()
  .max(10_000)
  .optional()
  .describe("A Lucene query_string across all fields, e.g. status:paid AND total:>100.");

/** The filters (`where` and `filters`) and Lucene query of a call, as the grid takes them. */
export function browseRequest(args: {
  where?: readonly string[] | undefined;
  filters?: z.infer<typeof filtersArg>;
  query?: string | undefined;
}): BrowseRequest {
  const filters = filtersOf(args);
  return {
    ...(filters ? { filters } : {}),
    ...(args.query ? { rawQuery: args.query } : {}),
  };
}
