/**
 * The catalog's `compare` view: `connection` (with `table`, an index) against `name`, the other
 * side as `<conn>:<index>` (or `<conn>` for two clusters), each difference a row, paged with a
 * cursor. `documents: true` also compares the documents of the first MAX_DOCUMENTS of the left
 * side (a whole index is the CLI's or the UI's: a tool call is no place for a long scan). Both
 * connections are read with read access; the same comparison as the CLI's (core/compare-*.ts).
 */
import { z } from "zod";
import { type DiffRow, parseSide } from "../../core/compare.ts";
import { compareRecords } from "../../core/compare-records.ts";
import { compareServers, compareTables } from "../../core/compare-tables.ts";
import { QuarryError } from "../../core/errors.ts";
import { connectionArg, defineTool, reachConnection } from "./context.ts";
import { compactTable, output } from "./outputs.ts";
import { cursorArg, pageFields, pageOf } from "./paging.ts";

const MAX_DOCUMENTS = 10_000;
const DEFAULT_ROWS = 50;

const USAGE =
  'name: the other side, "<conn>:<index>" with table, or "<conn>" for two clusters; documents: true to compare documents too.';

const counts = z.object({
  compared: z.number(),
  same: z.number(),
  changed: z.number(),
  only_left: z.number(),
  only_right: z.number(),
  whole: z.boolean(),
});

const compareOutput = output({
  left: z.string(),
  right: z.string(),
  equal: z.boolean(),
  differences: compactTable,
  total: z.number(),
  offset: z.number().optional(),
  next_cursor: z.string().optional(),
  documents: counts.optional(),
  notes: z.array(z.string()),
});

const table = (rows: DiffRow[]) => ({
  columns: ["group", "key", "kind", "left", "right"],
  rows: rows.map((r) => [r.group, r.key, r.kind, r.left ?? null, r.right ?? null]),
});

export const compareView = defineTool({
  name: "compare",
  title: "Compare",
  description: "Two indices or two clusters, each difference a row.",
  input: z.strictObject({
    connection: connectionArg,
    table: z.string().min(1).max(255).optional(),
    name: z.string().min(1).max(600).optional(),
    documents: z.boolean().optional(),
    limit: z.number().int().min(1).max(2000).optional(),
    cursor: cursorArg,
  }),
  output: compareOutput,
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false },
  async run(args, ctx) {
    const other = args.name === undefined ? undefined : parseSide(args.name);
    if (!other || (other.table === undefined) !== (args.table === undefined))
      throw new QuarryError("invalid_input", "The compare view needs the other side", USAGE);
    const l = await reachConnection(ctx, args.connection);
    const r = await reachConnection(ctx, other.conn);
    const notes: string[] = [];
    const limit = args.limit ?? DEFAULT_ROWS;
    if (args.table === undefined || other.table === undefined) {
      const report = await compareServers(
        { session: l.session, connection: l.connection.name },
        { session: r.session, connection: r.connection.name },
      );
      const page = pageOf(report.rows, args.cursor, limit);
      return { ...base(report, page), notes };
    }
    const left = { session: l.session, table: args.table, connection: l.connection.name };
    const right = { session: r.session, table: other.table, connection: r.connection.name };
    const tables = await compareTables(left, right);
    let rows = tables.rows;
    let documents: z.infer<typeof counts> | undefined;
    let equal = tables.equal;
    if (args.documents && tables.profiles.left.exists && tables.profiles.right.exists) {
      const whole = (tables.records.left ?? 0) <= MAX_DOCUMENTS;
      const records = await compareRecords(left, right, {
        ...(whole ? {} : { sample: MAX_DOCUMENTS }),
        limit: 2000,
        signal: ctx.signal,
      });
      const c = records.counts;
      documents = {
        compared: c.compared,
        same: c.same,
        changed: c.changed,
        only_left: c.onlyLeft,
        only_right: c.onlyRight,
        whole,
      };
      if (!whole)
        notes.push(
          `Documents: the first ${MAX_DOCUMENTS} of the left side; documents only on the right not looked for. The whole index: quarry compare --documents, or the Compare page.`,
        );
      if (records.cut) notes.push("Documents: the first 2000 differences are listed.");
      rows = [...rows, ...records.rows];
      equal = equal && records.equal;
    }
    const page = pageOf(rows, args.cursor, limit);
    return { ...base({ ...tables, equal }, page), ...(documents ? { documents } : {}), notes };
  },
});

function base(
  report: { left: string; right: string; equal: boolean },
  page: ReturnType<typeof pageOf<DiffRow>>,
) {
  return {
    left: report.left,
    right: report.right,
    equal: report.equal,
    differences: table(page.rows),
    ...pageFields(page),
  };
}
