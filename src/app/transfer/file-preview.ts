/**
 * The first records of a file to import, decoded as the import will decode them (the driver's line
 * decoder, a JSON array's elements, CSV rows), so the UI can show them as a small table before
 * anything is written. Reads only what it shows; items that are not records are shown too, with
 * their reason (a JSON array's element by its number, others by line).
 */
import type { DriverSession } from "../../core/driver.ts";
import { facet } from "../../core/facet-access.ts";
import type { LineProblem, LoadRecord } from "../../core/transfer.ts";
import { kindsPlanningCreate, type PlannedCreate } from "./import-create.ts";
import type { ImportFormat } from "./import-format.ts";
import { previewRecords } from "./import-sources.ts";

export interface PreviewRow {
  line: number;
  key: string | null;
  document: Record<string, unknown> | null;
  reason: string | null;
}

export interface FilePreview {
  format: ImportFormat;
  shape: string | null;
  columns: string[];
  rows: PreviewRow[];
  /** CSV into a missing index: the creation the import will ask to confirm. */
  create?: PlannedCreate;
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

/**
 * The first records of the file at `path`, in any format an import reads. CSV cells are read as
 * the import into `table` would read them (its mapping's kinds), inferred when no table is named.
 */
export async function previewFile(
  session: DriverSession,
  path: string,
  table?: string,
  limit = PREVIEW_ROWS,
): Promise<FilePreview> {
  let create: PlannedCreate | undefined;
  const kindsFor = table
    ? kindsPlanningCreate(session, table, (p) => {
        create = p;
      })
    : undefined;
  const got = await previewRecords(
    facet(session, "transfer"),
    { path },
    limit,
    undefined,
    kindsFor,
  );
  const rows = got.items.map(previewRow);
  const preview = { format: got.format, shape: got.shape, columns: previewColumns(rows), rows };
  return create ? { ...preview, create } : preview;
}
