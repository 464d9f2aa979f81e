/** Export of a whole table or the current filter (spec 4.5.5). Types only. */
import type { BrowseRequest } from "./grid.ts";

export type ExportFormat = "ndjson" | "csv" | "json";

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
  /** Destination file path. */
  out: string;
  filters?: BrowseRequest["filters"];
  rawQuery?: string;
  /** Parallel sliced point-in-time searches (multi-shard indices). */
  slices?: number;
  /** Resume an interrupted export from its checkpoint file instead of starting over. */
  resume?: boolean;
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
}
