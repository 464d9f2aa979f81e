/**
 * A document comparison's resume point, one file per pair of sides in the app's private folder
 * (`compares/`), written as every store is (storage/atomic-write.ts) and removed when the
 * comparison ends.
 */
import { createHash } from "node:crypto";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import type { RecordCheckpoint } from "../../core/compare-records.ts";
import { readJsonFile, writeFileAtomic } from "../storage/atomic-write.ts";
import { ensurePrivateDir } from "../storage/paths.ts";

export function compareCheckpointPath(dir: string, left: string, right: string): string {
  const id = createHash("sha256").update(`${left}\n${right}`).digest("hex").slice(0, 24);
  return join(dir, `${id}.json`);
}

export async function readCompareCheckpoint(path: string): Promise<RecordCheckpoint | undefined> {
  return (await readJsonFile<RecordCheckpoint | null>(path, null)) ?? undefined;
}

export async function writeCompareCheckpoint(path: string, c: RecordCheckpoint): Promise<void> {
  await ensurePrivateDir(join(path, ".."));
  await writeFileAtomic(path, JSON.stringify(c), { mode: 0o600 });
}

export const removeCompareCheckpoint = (path: string) => rm(path, { force: true });
