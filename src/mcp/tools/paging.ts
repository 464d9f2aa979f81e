/**
 * Lists answered a page at a time: a `limit` and a `cursor` (the next row's position, as the
 * previous answer's `next_cursor` gave it), so a long list is read in parts a model can take
 * instead of being cut. Pure.
 */
import { z } from "zod";
import { QuarryError } from "../../core/errors.ts";
import { HIDDEN } from "./compact-args.ts";

export const limitArg = (dflt: number, max: number) =>
  z.number().int().min(1).max(max).optional().describe(`Rows per answer; default ${dflt}.`);

export const cursorArg = z
  .string()
  .max(20)
  .optional()
  .describe("next_cursor from the previous answer, to continue the list.")
  // Named once by the instructions rather than in every tool's listing (docs/mcp.md, "The catalog").
  .meta(HIDDEN);

/** One page of `rows` from `cursor` on, with the cursor of the next page (absent on the last). */
export function pageOf<T>(
  rows: readonly T[],
  cursor: string | undefined,
  limit: number,
): { rows: T[]; offset: number; total: number; next_cursor?: string } {
  const offset = cursor === undefined ? 0 : Number(cursor);
  if (!Number.isInteger(offset) || offset < 0 || !/^\d+$/.test(cursor ?? "0"))
    throw new QuarryError(
      "invalid_input",
      `The cursor ${JSON.stringify(cursor)} is not one this tool gave`,
      "Pass next_cursor from the previous answer unchanged, or leave cursor out to start over.",
    );
  const end = offset + limit;
  return {
    rows: rows.slice(offset, end),
    offset,
    total: rows.length,
    ...(end < rows.length ? { next_cursor: String(end) } : {}),
  };
}

/**
 * What an answer says of its page: the rows before it (when there are any), the rows in all, and
 * the cursor of the next page (absent on the last). Pure.
 */
export function pageFields(page: { offset: number; total: number; next_cursor?: string }) {
  return {
    ...(page.offset > 0 ? { offset: page.offset } : {}),
    total: page.total,
    ...(page.next_cursor ? { next_cursor: page.next_cursor } : {}),
  };
}

/** A list of names, at most `max` of them, then how many more: `["a", "b", "+3 more"]`. */
export function shortList(names: readonly string[], max: number): string[] {
  if (names.length <= max) return [...names];
  return [...names.slice(0, max), `+${names.length - max} more`];
}
