/**
 * Export of a whole table or the current filter (docs/decisions.md, "Export"): the options and
 * report, and the scan a driver gives the app's export. Types, and the one shape of a stop a resume
 * can get past.
 */
import type { BrowseRequest } from "./grid.ts";

export type ExportFormat = "ndjson" | "csv" | "json";

export const EXPORT_FORMATS: readonly ExportFormat[] = ["ndjson", "csv", "json"];

export interface ExportProgress {
  done: number;
  total: number;
  /** Documents per second so far. */
  rate: number;
  /** Estimated seconds left. */
  etaSeconds: number | null;
}

/** A stream the export writes through instead of a file (the CLI's `--out -`: standard output). */
export interface ExportSink {
  /** How reports and errors name it, e.g. "standard output". */
  readonly name: string;
  /** Resolves once the chunk is taken (backpressure); rejects when the reader is gone. */
  write(chunk: string | Uint8Array): Promise<void>;
}

export interface ExportOptions {
  format: ExportFormat;
  /**
   * Destination path. An existing non-empty file is refused unless `overwrite` is set; a
   * character device or FIFO is written through; a folder, a missing folder or a path that cannot
   * be written is refused before anything is sent.
   */
  out: string;
  /** Write to this stream instead of `out`: no partial file, no checkpoint, no resume. */
  sink?: ExportSink;
  filters?: BrowseRequest["filters"];
  rawQuery?: string;
  /** Parallel slices of the scan; default: the driver's choice (one per partition, up to 4). */
  slices?: number;
  /** Resume an interrupted export from its checkpoint file instead of starting over. */
  resume?: boolean;
  /** Replace an existing non-empty file at `out`. */
  overwrite?: boolean;
  /** Documents per search request (default 5,000; at most 10,000). */
  batchSize?: number;
  /**
   * How long the database keeps the export's snapshot between two requests, as a
   * time such as `30s` or `10m` (default 5m).
   */
  keepAlive?: string;
  /**
   * An interrupted export keeps its partial file, checkpoint and snapshot for `resume`
   * (default). `false` removes them: for an export that is never resumed (the UI names every file
   * anew).
   */
  keepInterrupted?: boolean;
  onProgress?: (p: ExportProgress) => void;
  signal?: AbortSignal;
}

export interface ExportReport {
  written: number;
  /** The count the database reported for the same query at the start. */
  expected: number;
  out: string;
  format: ExportFormat;
  resumed: boolean;
  durationMs: number;
  /** Parallel slices used. */
  slices: number;
  bytes: number;
}

// ---------------------------------------------------------------------------------------------
// The scan: what a driver gives the export (the `exportScan` facet's `openScan`). The app writes
// the files, keeps the checkpoint and reports progress; the driver reads the table in slices and
// batches.

/** Where a slice of a scan stands: what the driver needs to read its next batch (JSON). */
export type ScanCursor = unknown[] | null;

/** A scan's own notes for a later resume (the snapshot it reads, say), kept in the checkpoint. */
export type ScanState = Record<string, unknown>;

export interface ScanRequest {
  /** The records come shaped for this format. */
  format: ExportFormat;
  filters?: BrowseRequest["filters"];
  rawQuery?: string;
  /** Parallel slices asked for; the driver chooses when absent (and on resume keeps its own). */
  slices?: number;
  /** Records per batch. */
  batchSize: number;
  /** How long the driver's snapshot may wait between two batches (`ExportOptions.keepAlive`). */
  keepAlive?: string;
  /** Continue the scan a checkpoint recorded, on its snapshot when the database still holds it. */
  resume?: { state: ScanState; slices: number };
  /** Cancels the scan's requests (the user cancelled). */
  signal?: AbortSignal;
}

/** One record of a table, shaped for the scan's format. */
export interface ScanRecord {
  /** The record's identity in the table: a record already in a file is skipped by it. */
  key: string;
  /**
   * What the file holds for it: for CSV its cells in `TableScan.columns` order; for NDJSON the
   * JSON value of each of its lines; for JSON the one JSON value.
   */
  values: unknown[];
  /**
   * The same values as JSON text, ready to write (NDJSON, JSON): one entry per value, each the
   * pieces of its text in order (text, or UTF-8 bytes as the database sent them). When a driver
   * gives it, the app writes these pieces and never reads `values`.
   */
  json?: JsonText[];
  /**
   * The record as a record to write elsewhere (a copy): its key, its route when it has one, and
   * its document's JSON text as the database sent it. When a driver gives it, a copy writes the
   * text and never parses the document.
   */
  load?: { key: string; route?: string; text: JsonText };
}

/** A JSON value's text as pieces written one after the other. */
export type JsonText = readonly (string | Uint8Array)[];

export interface ScanBatch {
  records: ScanRecord[];
  /** Where this slice continues after this batch. */
  cursor: ScanCursor;
  /** The slice has nothing more. */
  last: boolean;
  /** About the memory the batch holds (bytes), when the driver knows: the app bounds by it. */
  bytes?: number;
  /**
   * Called once the batch is written: the scan may take its memory again for another batch. The
   * records are not read after it (their text may be views into that memory). Never calling it is
   * safe: the memory is then left to the garbage collector.
   */
  release?: () => void;
  /**
   * The whole batch as a file of the scan's format holds it, without an object per record (NDJSON,
   * JSON): when a driver gives it, the app writes a batch it keeps whole this way and never reads
   * `records` (which the driver may then make only when read).
   */
  framed?: FramedBatch;
}

/** A batch framed by its driver (`ScanBatch.framed`). */
export interface FramedBatch {
  /** Its records. */
  readonly count: number;
  /**
   * Its records' text: NDJSON each record's lines; JSON its items with ",\n" between them, and
   * before the first unless `first` (no record precedes them in the file). Framed into memory
   * `take` gives, valid until the next call.
   */
  bytes(first: boolean, take: (size: number) => Uint8Array): Uint8Array;
}

/** An open scan of a table: its snapshot is held until `close()`. */
export interface TableScan {
  /** The records that match at the snapshot; null when it continues a checkpoint's snapshot. */
  readonly expected: number | null;
  readonly slices: number;
  /**
   * Set when a resume found its snapshot gone: this is a new one, and what a file holds is skipped.
   */
  readonly restarted: boolean;
  /** The CSV header. */
  readonly columns: readonly string[];
  /** The lines one record takes in NDJSON. */
  readonly ndjsonLines: number;
  /**
   * The bytes one batch likely holds, guessed from a few records before any batch came (absent
   * when unknown): the app's bound on memory lets the slices' first requests go out together when
   * they fit under it.
   */
  readonly batchBytesGuess?: number;
  /** The notes a checkpoint keeps for a resume (they change as the scan runs). */
  state(): ScanState;
  /**
   * The batches of one slice from `cursor` on, each read when asked for (`next()`): the app asks
   * for the next while it writes one, as far as its bound on memory allows. Once `halt` is aborted
   * no further batch is asked for (the one on its way still comes). A stop a resume can get past
   * is a `ScanInterruption`.
   */
  batches(slice: number, cursor: ScanCursor, halt?: AbortSignal): AsyncIterable<ScanBatch>;
  /**
   * The key of a record as a file holds it: its CSV fields, its NDJSON lines, or its JSON text,
   * as text. For a resume on a new snapshot, which skips what is already written.
   */
  storedKey(entry: string[]): string;
  close(): Promise<void>;
}

/**
 * A scan that stopped in a way a resume can get past (its snapshot lost, the database out of
 * reach, cancelled). Recognized by shape, as it may come from a plugin's own copy of this module.
 */
export interface ScanInterruption extends Error {
  readonly scanInterrupted: true;
  /** Said after the resume advice ("a resume reads a new snapshot…"). */
  readonly note?: string;
}

export function scanInterruption(reason: string, note?: string): ScanInterruption {
  return Object.assign(new Error(reason), {
    scanInterrupted: true as const,
    ...(note !== undefined ? { note } : {}),
  });
}

export function isScanInterruption(e: unknown): e is ScanInterruption {
  return e instanceof Error && (e as Partial<ScanInterruption>).scanInterrupted === true;
}
