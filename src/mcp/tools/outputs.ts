/**
 * The output schemas every tool declares (tools/list `outputSchema`), and the compact table a
 * list answers as: `columns` once, then `rows` as arrays in that order, so a model reads no key
 * twice. Every answer may also carry what a cut adds (`truncated`, `note`, result.ts) and a
 * partial answer's `warning` and `failed_shards` (shape.ts).
 */
import { z } from "zod";

/** What result.ts adds when it cut an answer to size. */
export const cutFields = {
  truncated: z.literal(true).optional(),
  note: z.string().optional(),
};

const failedPart = z.object({
  index: z.string().nullable(),
  shard: z.number().nullable(),
  node: z.string().nullable(),
  reason: z.string(),
});

/** What shape.ts's partialRecord adds when some parts of the data did not answer. */
export const partialFields = {
  warning: z.string().optional(),
  failed_shards: z.array(failedPart).optional(),
};

/** An object answer: these fields, and what a cut or a partial answer may add. */
export function output<S extends z.ZodRawShape>(shape: S) {
  return z.object({ ...shape, ...cutFields, ...partialFields });
}

const cell = z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.unknown())]);
/** A table: its column names once, its rows as arrays in that order. */
export const tableShape = {
  columns: z.array(z.string()),
  rows: z.array(z.array(cell)),
};
export const compactTable = z.object(tableShape);

/** The cursor fields of a list answered a page at a time. */
export const pagedFields = {
  /** Rows before this page, when there are any. */
  offset: z.number().int().optional(),
  /** All rows, across pages. */
  total: z.number().int(),
  /** Pass as `cursor` to get the next page; absent on the last page. */
  next_cursor: z.string().optional(),
};

/** A console answer (shape.ts's consoleRecord): its kind, status and the answer's own fields. */
export const consoleOutput = z.looseObject({
  kind: z.enum(["search", "table", "json", "error"]),
  status: z.number(),
  ...cutFields,
  ...partialFields,
});

export const OUTPUTS = {
  listConnections: output({
    connections: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        type: z.string(),
        host: z.string().optional(),
        port: z.number().optional(),
        access: z.string(),
        asks_first: z.boolean(),
        external_clients: z.string(),
        ai_policy: z.string(),
      }),
    ),
  }),
  browseTable: output({
    /** Every matching document, counted exactly. A count alone (page_size 0) is only this. */
    total: z.number(),
    /** Rows before this page's first row, when there are any. */
    offset: z.number().int().optional(),
    dropped_sort: z.array(z.object({ column: z.string(), reason: z.string() })).optional(),
    /** Table layout: the names of `rows`' cells, in order (`_id`, `_index` and `_score` when they say something). */
    columns: z.array(z.string()).optional(),
    shown_in_parent: z.record(z.string(), z.string()).optional(),
    /** Columns a wide row left out when none were asked for, and how to choose. */
    columns_left_out: z.number().int().optional(),
    columns_note: z.string().optional(),
    rows: z
      .union([z.array(z.array(z.unknown())), z.array(z.record(z.string(), z.unknown()))])
      .optional(),
    /** The one document found, in its own nested shape, instead of a page of one row. */
    doc: z.record(z.string(), z.unknown()).optional(),
    /** Table layout: the cells cut at the display limit (text ending in `...`), by row. */
    cut_cells: z
      .array(z.object({ row: z.number().int(), columns: z.array(z.string()) }))
      .optional(),
    /** Pass as `cursor` to continue right after the last row of this answer. */
    next_cursor: z.string().optional(),
  }),
  exportData: output({
    path: z.string(),
    format: z.string(),
    written: z.number(),
    expected: z.number().nullable(),
    duration_ms: z.number(),
  }),
} as const;
