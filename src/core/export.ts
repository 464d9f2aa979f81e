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

export interface ExportOptions {
  format: ExportFormat;
  /** Destination file path. An existing non-empty file is refused unless `overwrite` is set. */
  out: string;
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
