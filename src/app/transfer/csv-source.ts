/**
 * A CSV file's rows as records, read as they come (csv-parse). The header is read first, then up
 * to INFER_ROWS rows are held so that the columns' kinds can be settled (`kindsFor`: from the
 * table's schema, or inferred, the table created); then every row is a record or a problem by the
 * line it starts on. A row whose quotes break is a problem too; reading goes on after it.
 */
import type { Readable } from "node:stream";
import { type CsvError, type InfoRecord, parse } from "csv-parse";
import { QuarryError } from "../../core/errors.ts";
import type { CellKind, LineProblem, LoadRecord } from "../../core/transfer.ts";
import { type CsvLayout, INFER_ROWS, readHeader, rowRecord } from "./csv-rows.ts";

export type KindsFor = (
  layout: CsvLayout,
  sample: readonly (readonly string[])[],
) => Promise<Record<string, CellKind>>;

export interface CsvCursor {
  /** The line of the last row read. */
  position: number;
}

interface Row {
  cells: string[];
  line: number;
}

/** The newlines inside a row's quoted cells: the row starts that many lines before it ends. */
function innerLines(cells: readonly string[]): number {
  let n = 0;
  for (const cell of cells)
    for (let i = cell.indexOf("\n"); i !== -1; i = cell.indexOf("\n", i + 1)) n++;
  return n;
}

/** csv-parse's rows with the line each starts on, and its broken rows as problems, in order. */
async function* rowsOf(stream: Readable): AsyncGenerator<Row | LineProblem> {
  // Broken rows are told while parsing, ahead of the rows read: each waits for its place.
  const broken: LineProblem[] = [];
  /** The last line of the last row parsed well: an unclosed quote opened after it. */
  let parsedUpTo = 0;
  const onSkip = (err: CsvError | undefined) => {
    if (err?.code !== "CSV_QUOTE_NOT_CLOSED") {
      const line = Number((err as { lines?: number } | undefined)?.lines ?? parsedUpTo + 1);
      broken.push({ line, reason: `not CSV: ${err?.message ?? "a broken row"}` });
      return undefined;
    }
    // The quote swallowed the rest of the file: said on the row it opened in.
    const last = broken.at(-1);
    const swallowed =
      "its quote never closes, so the rest of the file is read into it and not imported";
    if (last && last.line > parsedUpTo) last.reason += `; ${swallowed}`;
    else broken.push({ line: parsedUpTo + 1, reason: `not CSV: ${swallowed}` });
    return undefined;
  };
  const parser = stream.pipe(
    parse({
      info: true,
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_error: true,
      on_skip: onSkip,
      on_record: (record: string[], context: InfoRecord) => {
        parsedUpTo = context.lines;
        return record;
      },
    }),
  );
  for await (const got of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
    // `lines` counts up to the row's end; a quoted cell may hold line breaks.
    const line = got.info.lines - innerLines(got.record);
    while (broken.length > 0 && (broken[0] as LineProblem).line < line)
      yield broken.shift() as LineProblem;
    yield { cells: got.record, line };
  }
  yield* broken.splice(0);
}

/** Records and problems in file order; those at or before line `skip` are read but not given. */
export async function* csvRecords(
  stream: Readable,
  options: { skip: number; kindsFor: KindsFor; idColumn?: string },
  cursor: CsvCursor,
): AsyncGenerator<LoadRecord | LineProblem> {
  const { kindsFor, idColumn } = options;
  const rows = rowsOf(stream);
  let layout: CsvLayout | undefined;
  const held: (Row | LineProblem)[] = [];
  let kinds: Record<string, CellKind> | undefined;
  let sampled = 0;
  const give = function* (item: Row | LineProblem): Generator<LoadRecord | LineProblem> {
    const line = item.line;
    cursor.position = Math.max(cursor.position, line);
    if (line <= options.skip) return;
    if (!("cells" in item)) yield item;
    else yield rowRecord(item.cells, item.line, layout as CsvLayout, kinds ?? {});
  };
  for await (const item of rows) {
    if (!layout) {
      if ("cells" in item) layout = readHeader(item.cells, idColumn);
      else yield* give(item);
      continue;
    }
    if (!kinds) {
      held.push(item);
      if ("cells" in item) sampled++;
      if (sampled < INFER_ROWS) continue;
      kinds = await kindsFor(layout, sampleOf(held));
      for (const h of held.splice(0)) yield* give(h);
      continue;
    }
    yield* give(item);
  }
  if (!layout)
    throw new QuarryError(
      "invalid_input",
      "The CSV file is empty: it has no header line naming the fields",
      "Give a file whose first line names the columns, e.g. _id,name,price.",
    );
  if (!kinds) kinds = await kindsFor(layout, sampleOf(held));
  for (const h of held.splice(0)) yield* give(h);
}

function sampleOf(held: readonly (Row | LineProblem)[]): string[][] {
  return held.filter((h): h is Row => "cells" in h).map((h) => h.cells);
}
