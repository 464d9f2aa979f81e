/**
 * The first records of a file to import, decoded as the import will decode them (the driver's line
 * decoder), so the UI can show them as a small table before anything is written. Reads only the
 * lines it needs; lines that are not records are shown too, with their reason.
 */
import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";
import type { DriverSession } from "../../core/driver.ts";
import type { LineProblem, LoadRecord } from "../../core/transfer.ts";

export interface PreviewRow {
  line: number;
  key: string | null;
  document: Record<string, unknown> | null;
  reason: string | null;
}

export interface FilePreview {
  shape: string | null;
  columns: string[];
  rows: PreviewRow[];
}

/** Rows the preview shows, and columns at most (the table stays small). */
export const PREVIEW_ROWS = 20;
export const PREVIEW_COLUMNS = 12;

/** A decoded line as a preview row. */
export function previewRow(got: LoadRecord | LineProblem): PreviewRow {
  if ("reason" in got) return { line: got.line, key: null, document: null, reason: got.reason };
  return { line: got.origin, key: got.key ?? null, document: got.document, reason: null };
}

/** The documents' top-level fields in the order they first appear, at most `max`. */
export function previewColumns(rows: readonly PreviewRow[], max = PREVIEW_COLUMNS): string[] {
  const seen = new Set<string>();
  for (const r of rows) {
    for (const k of Object.keys(r.document ?? {})) {
      if (seen.size >= max) return [...seen];
      seen.add(k);
    }
  }
  return [...seen];
}

export async function previewFile(
  session: DriverSession,
  path: string,
  limit = PREVIEW_ROWS,
): Promise<FilePreview> {
  const decoder = session.lineDecoder();
  const stream = createReadStream(path);
  const lines = createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY });
  const rows: PreviewRow[] = [];
  let number = 0;
  let ended = true;
  try {
    for await (const line of lines) {
      number++;
      const got = decoder.push(line, number);
      if (got !== null) rows.push(previewRow(got));
      if (rows.length >= limit) {
        ended = false;
        break;
      }
    }
  } finally {
    lines.close();
    stream.destroy();
  }
  if (ended) {
    const last = decoder.end();
    if (last) rows.push(previewRow(last));
  }
  return { shape: decoder.shape ?? null, columns: previewColumns(rows), rows };
}
