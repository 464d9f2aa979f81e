/**
 * The export's checkpoint (`<out>.checkpoint.json`): what was asked, how far each slice got, the
 * bytes of the partial file that hold complete batches, and the scan's own notes for a resume
 * (kept beside the export's fields, under their own names: a user reading the file finds the
 * snapshot's id where the database calls it). Written as every store is (storage/atomic-write.ts).
 */
import { createHash } from "node:crypto";
import { readFile, rm } from "node:fs/promises";
import { parseJsonExact } from "../../core/exact-json.ts";
import type { ExportFormat, ExportOptions, ScanCursor, ScanState } from "../../core/export.ts";
import { writeFileAtomic } from "../storage/atomic-write.ts";

export const CHECKPOINT_VERSION = 1;

export interface Checkpoint {
  version: number;
  /** What was asked: a resume must ask the same. */
  identity: string;
  table: string;
  format: ExportFormat;
  slices: number;
  batchSize: number;
  /** The scan's notes (its snapshot), as `TableScan.state()` gave them. */
  scan: ScanState;
  expected: number;
  written: number;
  bytes: number;
  cursors: ScanCursor[];
  done: boolean[];
  /** Set when the snapshot was lost and the export continues on a new one, skipping. */
  rescan?: { baseBytes: number; baseDocs: number; matched: number };
}

const OWN_FIELDS = new Set<string>([
  "version",
  "identity",
  "table",
  "format",
  "slices",
  "batchSize",
  "expected",
  "written",
  "bytes",
  "cursors",
  "done",
  "rescan",
] satisfies (keyof Checkpoint)[]);

/** The files an export to `out` keeps beside it until it completes. */
export const partialPath = (out: string) => `${out}.partial`;
export const exportCheckpointPath = (out: string) => `${out}.checkpoint.json`;

/** The same table, format and filter give the same identity. */
export function identityOf(table: string, options: ExportOptions): string {
  const asked = {
    table,
    format: options.format,
    filters: options.filters ?? [],
    rawQuery: options.rawQuery?.trim() ?? "",
  };
  return createHash("sha256").update(JSON.stringify(asked)).digest("hex");
}

export async function writeExportCheckpoint(path: string, cp: Checkpoint): Promise<void> {
  const { scan, ...own } = cp;
  await writeFileAtomic(path, JSON.stringify({ ...scan, ...own }), { mode: 0o600 });
}

export async function readExportCheckpoint(path: string): Promise<Checkpoint | undefined> {
  try {
    // Exact: a cursor may hold a long beyond 2^53.
    const flat = parseJsonExact(await readFile(path, "utf8")) as Record<string, unknown>;
    if (flat.version !== CHECKPOINT_VERSION) return undefined;
    const own: Record<string, unknown> = {};
    const scan: ScanState = {};
    for (const [k, v] of Object.entries(flat)) (OWN_FIELDS.has(k) ? own : scan)[k] = v;
    return { ...(own as Omit<Checkpoint, "scan">), scan };
  } catch {
    return undefined;
  }
}

/** Removes what an interrupted export left (the partial file and the checkpoint). */
export async function discardInterruptedExport(out: string): Promise<void> {
  await rm(partialPath(out), { force: true });
  await rm(exportCheckpointPath(out), { force: true });
}
