/**
 * The JSON shapes of the UI's copy and import (routes/transfers.ts): the check that shows what a
 * copy will do before it starts, the copy and import jobs and their reports, a file uploaded for an
 * import, and the preview of its first records.
 */

/** A document that was not written: its line (import) or place (copy), `_id`, status, reason. */
export interface TransferFailure {
  origin: number;
  key: string | null;
  status: number;
  reason: string;
}

/** `GET /connections/:id/tables/:table/copy-check?to=<connection id>&table=<name>`. */
export interface CopyCheck {
  source: { connection: string; table: string; records: number | null };
  target: {
    connection: string;
    table: string;
    exists: boolean;
    /** Documents it holds (null: it does not exist). */
    records: number | null;
  };
  /** When the target is missing: the request that creates it, and what it leaves out. */
  create: { text: string; notes: string[]; blockers: string[] } | null;
  /** When the target exists: the request Overwrite sends first. */
  deleteText: string | null;
  /** Why this copy cannot go at all (the same index as the source); null when it can. */
  refusal: string | null;
}

/** What to do with a target that holds documents. */
export type CopyMode = "new" | "append" | "overwrite";

/** `POST /connections/:id/tables/:table/copy`: starts the copy job. */
export interface CopyInput {
  /** The target's saved connection id. */
  to: string;
  table: string;
  mode: CopyMode;
  /** Overwrite: the target's name typed back. */
  confirm?: string;
  /** Documents per read and per write (default 1,000). */
  batchSize?: number;
}

/** `POST /uploads?name=<file name>` with the file's bytes as the body. */
export interface UploadAnswer {
  uploadId: string;
  name: string;
  bytes: number;
}

/** One record of the preview: its line, and its document, or why the line is not one. */
export interface PreviewRow {
  line: number;
  key: string | null;
  document: Record<string, unknown> | null;
  reason: string | null;
}

/** `POST /connections/:id/import-preview` with `{ uploadId, table }`. */
export interface ImportPreview {
  /** The file's format as the import will read it. */
  format: "ndjson" | "json" | "csv";
  /** The file's shape as the driver recognised it (e.g. "bulk"), null before any record. */
  shape: string | null;
  /** The first fields of the documents, in the order they first appear (the table's columns). */
  columns: string[];
  rows: PreviewRow[];
  /** CSV into a missing index: the fields inferred, from how many rows, and the create request. */
  create?: {
    fields: Record<string, string>;
    inferredFrom: number;
    request: string;
    notes: string[];
  };
  /** The target as it is now: missing (created by the import), or holding some documents. */
  target: { table: string; exists: boolean; records: number | null } | null;
}

/** `POST /connections/:id/tables/:table/import` with `{ uploadId, mode }`: starts the import job. */
export interface ImportInput {
  uploadId: string;
  mode: "create" | "index" | "update";
  /** CSV into a missing index: the fields the user confirmed (the preview's `create.fields`). */
  createFields?: Record<string, string>;
}

/** The import's report (the app's ImportReport), naming the file as the user picked it. */
export interface ImportJobResult {
  table: string;
  input: string;
  shape: string | null;
  created: boolean;
  lines: number;
  written: number;
  /** Lines not imported and documents refused: the first ones here, all in `failuresFile`. */
  failedCount: number;
  failed: TransferFailure[];
  failuresFile: string | null;
  tableRecords: number;
  durationMs: number;
}

/** The copy's report (the app's CopyReport): the counts compared, and the failures. */
export interface CopyJobResult {
  source: string;
  target: string;
  created: boolean;
  notes: string[];
  expected: number;
  written: number;
  failedCount: number;
  failed: TransferFailure[];
  failuresFile: string | null;
  targetRecords: number;
  targetBefore: number;
  durationMs: number;
  slices: number;
}
