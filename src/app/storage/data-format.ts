/**
 * The app data folder's format, stamped in the folder itself, so that an older Quarry opened on a
 * folder a newer one has changed refuses it whole before it reads or writes anything there, and
 * an upgrade keeps everything (docs/storage.md, "Upgrades"). Each store's file also carries its
 * own version; this stamp is the one check that covers the folder.
 */
import { join } from "node:path";
import { errors } from "../../core/errors.ts";
import { readJsonFile, writeFileAtomic } from "./atomic-write.ts";

/** Raise it when a change to any file in the folder would mislead an older Quarry. */
export const DATA_FORMAT = 1;
export const DATA_FORMAT_FILE = "quarry-data.json";

interface Stamp {
  format: number;
}

/**
 * Refuses a folder stamped with a newer format than this Quarry's; stamps a folder that has no
 * stamp (or an older one) with this Quarry's format. Never writes when the stamp is current.
 */
export async function checkDataFormat(dir: string): Promise<void> {
  const path = join(dir, DATA_FORMAT_FILE);
  const stamp = await readJsonFile<Partial<Stamp> | undefined>(path, undefined);
  const format = stamp?.format;
  if (stamp !== undefined && (typeof format !== "number" || !Number.isInteger(format))) {
    throw errors.storageFailed(
      `${path} does not say which data format the folder has`,
      "Update Quarry, or move the file aside if no newer Quarry ever used this folder; nothing in the folder was changed.",
      { path },
    );
  }
  if (format !== undefined && format > DATA_FORMAT) {
    throw errors.storageFailed(
      `The app data folder ${dir} was written by a newer Quarry (data format ${format}); this Quarry reads data format ${DATA_FORMAT}`,
      "Update Quarry (npm install -g quarry, or the archive for your platform) to open it; this version changed nothing in the folder. To run this version anyway, point it at another folder with QUARRY_HOME.",
      { path: dir, format, supported: DATA_FORMAT },
    );
  }
  if (format === DATA_FORMAT) return;
  const next: Stamp = { format: DATA_FORMAT };
  await writeFileAtomic(path, `${JSON.stringify(next)}\n`, { mode: 0o600 });
}
