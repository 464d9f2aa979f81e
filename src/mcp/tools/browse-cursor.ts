/**
 * browse_table's cursor: where the next answer starts (a row offset) and its page size, tied to
 * the browse it came from (table, filters, query, sort) by a short digest, as base64url JSON so a
 * model passes it back unchanged. An offset, not the cluster's sort values: the driver pages by
 * position (deep pages included), and a position stays valid whatever the sort. Pure.
 */
import { createHash } from "node:crypto";
import { QuarryError } from "../../core/errors.ts";

export interface BrowseCursor {
  /** Rows before the next answer's first row. */
  offset: number;
  /** Rows per answer, as the call that gave the cursor asked. */
  size: number;
}

/** What a cursor is bound to: the same rows in the same order. */
export interface BrowseKey {
  table: string;
  filters?: unknown;
  query?: string | undefined;
  sort?: unknown;
}

function digest(key: BrowseKey): string {
  const canonical = JSON.stringify([key.table, key.filters ?? [], key.query ?? "", key.sort ?? []]);
  return createHash("sha256").update(canonical).digest("base64url").slice(0, 10);
}

export function encodeCursor(cursor: BrowseCursor, key: BrowseKey): string {
  const json = JSON.stringify({ o: cursor.offset, n: cursor.size, k: digest(key) });
  return Buffer.from(json).toString("base64url");
}

const REMEDY =
  "Pass next_cursor from the previous browse_table answer unchanged, with the same table, filters, query and sort; or leave cursor out and use page to start again.";

/** The cursor's position, or a refusal saying why it cannot be used with these arguments. */
export function decodeCursor(text: string, key: BrowseKey): BrowseCursor {
  const bad = (why: string) =>
    new QuarryError("invalid_input", `The cursor ${JSON.stringify(text)} ${why}`, REMEDY);
  let parsed: unknown;
  try {
    if (!/^[A-Za-z0-9_-]+$/.test(text)) throw new Error("not base64url");
    parsed = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
  } catch {
    throw bad("is not one browse_table gave");
  }
  const { o, n, k } = (parsed ?? {}) as { o?: unknown; n?: unknown; k?: unknown };
  const whole = (v: unknown, min: number): v is number =>
    typeof v === "number" && Number.isSafeInteger(v) && v >= min;
  if (!whole(o, 0) || !whole(n, 1) || n > 500 || typeof k !== "string")
    throw bad("is not one browse_table gave");
  if (k !== digest(key))
    throw bad("belongs to another browse (a different table, filters, query or sort)");
  return { offset: o, size: n };
}
