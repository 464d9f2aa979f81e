/** Export of a whole table or the current filter (spec 4.5.5). Types only. */
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
  write(chunk: string): Promise<void>;
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
  /** Parallel sliced point-in-time searches (multi-shard indices); default: one per shard, up to 4. */
  slices?: number;
  /** Resume an interrupted export from its checkpoint file instead of starting over. */
  resume?: boolean;
  /** Replace an existing non-empty file at `out`. */
  overwrite?: boolean;
  /** Documents per search request (default 5,000; at most 10,000). */
  batchSize?: number;
  /**
   * How long the cluster keeps the export's snapshot (point in time) between two requests, as a
   * time such as `30s` or `10m` (default 5m).
   */
  keepAlive?: string;
  /**
   * An interrupted export keeps its partial file, checkpoint and point in time for `resume`
   * (default). `false` removes them: for an export that is never resumed (the UI names every file
   * anew).
   */
  keepInterrupted?: boolean;
  onProgress?: (p: ExportProgress) => void;
  signal?: AbortSignal;
}

export interface ExportReport {
  written: number;
  /** The count the cluster reported for the same query at the start. */
  expected: number;
  out: string;
  format: ExportFormat;
  resumed: boolean;
  durationMs: number;
  /** Parallel slices used. */
  slices: number;
  bytes: number;
}
