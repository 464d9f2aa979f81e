/**
 * The one check of a plugin archive, for a download and for an installed copy alike: its SHA-256
 * against the one promised (by the catalog, or by the install record), its tar read in memory
 * within limits, its manifest parsed, and the manifest naming the plugin and version promised.
 * Every refusal is a QuarryError naming the plugin; a file that cannot be read is one too.
 */
import { errors } from "../../core/errors.ts";
import { MANIFEST_FILE, type PluginManifest, parseManifest } from "../../core/plugin.ts";
import { fsReason } from "../storage/fs-reason.ts";
import { ArchiveError, readArchive, sha256 } from "./archive.ts";
import type { InstalledRecord, PluginStore } from "./store.ts";

export interface VerifiedArchive {
  files: Map<string, Buffer>;
  manifest: PluginManifest;
}

/** What an archive must be, and who said so. */
export interface ArchivePromise {
  id: string;
  version: string;
  sha256: string;
  /** The driver type, when the promise names one (the catalog does). */
  type?: string;
  /** How messages name the archive: `archive <file>`, `archive downloaded from <url>`. */
  where: string;
  promisedBy: "catalog" | "install record";
}

/** Checks the bytes against the promised SHA-256; returns the hash. */
export function checkSha256(bytes: Uint8Array, promise: ArchivePromise): string {
  const actual = sha256(bytes);
  if (actual !== promise.sha256)
    throw errors.pluginIntegrityFailed(promise.id, promise.where, promise.sha256, actual);
  return actual;
}

/** The whole check: SHA-256, the tar, the manifest, and that the manifest is what was promised. */
export async function verifyArchive(
  bytes: Buffer,
  promise: ArchivePromise,
): Promise<VerifiedArchive> {
  checkSha256(bytes, promise);
  const opened = await openArchive(promise.id, bytes);
  const { manifest } = opened;
  const type = promise.type ?? manifest.driver.type;
  if (
    manifest.id !== promise.id ||
    manifest.version !== promise.version ||
    manifest.driver.type !== type
  ) {
    if (promise.promisedBy === "catalog") {
      throw errors.pluginLoadFailed(
        promise.id,
        `its archive holds ${manifest.id} ${manifest.version} (type ${manifest.driver.type}), but the catalog promised ${promise.id} ${promise.version} (type ${type})`,
        "The catalog and its archive disagree; nothing was installed. Report this to whoever publishes the catalog.",
      );
    }
    throw errors.pluginLoadFailed(
      promise.id,
      `its archive holds ${manifest.id} ${manifest.version}, not ${promise.id} ${promise.version}`,
    );
  }
  return opened;
}

/** What an installed plugin's record promises about its archive. */
export function installedPromise(record: InstalledRecord): ArchivePromise {
  return {
    id: record.id,
    version: record.version,
    sha256: record.sha256,
    where: `archive ${record.archive}`,
    promisedBy: "install record",
  };
}

/** Reads an installed plugin's archive and checks its SHA-256 against the install record. */
export async function readInstalledArchive(
  store: PluginStore,
  record: InstalledRecord,
): Promise<Buffer> {
  let bytes: Buffer;
  try {
    bytes = await store.readArchive(record);
  } catch (e) {
    throw errors.pluginLoadFailed(record.id, `its archive cannot be read (${fsReason(e)})`);
  }
  checkSha256(bytes, installedPromise(record));
  return bytes;
}

/** Reads an installed plugin's archive and checks all of it against its install record. */
export async function verifyInstalled(
  store: PluginStore,
  record: InstalledRecord,
): Promise<VerifiedArchive> {
  const bytes = await readInstalledArchive(store, record);
  return verifyArchive(bytes, installedPromise(record));
}

/** Reads the tar and its manifest, and checks the main file is there. */
async function openArchive(id: string, bytes: Buffer): Promise<VerifiedArchive> {
  let files: Map<string, Buffer>;
  try {
    files = await readArchive(bytes);
  } catch (e) {
    if (e instanceof ArchiveError)
      throw errors.pluginLoadFailed(id, `its archive is refused: ${e.message}`);
    throw e;
  }
  const raw = files.get(MANIFEST_FILE);
  if (!raw) throw errors.pluginLoadFailed(id, `its archive has no ${MANIFEST_FILE}`);
  let manifest: PluginManifest;
  try {
    manifest = parseManifest(JSON.parse(raw.toString("utf8")));
  } catch (e) {
    throw errors.pluginLoadFailed(id, `its ${MANIFEST_FILE} is invalid (${(e as Error).message})`);
  }
  if (!files.has(manifest.main)) {
    throw errors.pluginLoadFailed(id, `its main file ${manifest.main} is not in the archive`);
  }
  return { files, manifest };
}
