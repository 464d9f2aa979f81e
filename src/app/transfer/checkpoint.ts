/**
 * Where an interrupted copy stands, kept in the transfers folder (0600, written atomically) so
 * that `--resume` goes on after the last batch written: the scan's own notes (its snapshot), and
 * for each slice the cursor after its last written batch, or that it is done. Removed when the
 * copy ends well.
 */
import { createHash } from "node:crypto";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import type { ScanCursor, ScanState } from "../../core/export.ts";
import { readJsonFile, writeFileAtomic } from "../storage/atomic-write.ts";
import { ensurePrivateDir } from "../storage/paths.ts";

export interface CopyCheckpoint {
  source: string;
  target: string;
  append: boolean;
  batchSize: number;
  state: ScanState;
  expected: number;
  slices: { cursor: ScanCursor; done: boolean }[];
  written: number;
  failedCount: number;
  failuresFile: string;
}

/** The checkpoint's path for a copy from `source` to `target` (each `<connection>/<table>`). */
export function copyCheckpointPath(dir: string, source: string, target: string): string {
  const id = createHash("sha256").update(`${source}\n${target}`).digest("hex").slice(0, 16);
  return join(dir, `copy-${id}.checkpoint.json`);
}

export async function readCopyCheckpoint(path: string): Promise<CopyCheckpoint | null> {
  return readJsonFile<CopyCheckpoint | null>(path, null);
}

export async function writeCopyCheckpoint(path: string, checkpoint: CopyCheckpoint): Promise<void> {
  await ensurePrivateDir(join(path, ".."));
  await writeFileAtomic(path, JSON.stringify(checkpoint));
}

export async function removeCopyCheckpoint(path: string): Promise<void> {
  await rm(path, { force: true });
}
