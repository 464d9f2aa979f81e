/**
 * Loads an installed plugin: reads its archive, checks the archive's SHA-256 against the install
 * record (on every load, not only at install), checks the manifest, then imports the main module
 * from memory and activates it. The code that runs is exactly the bytes that were verified: nothing
 * is unpacked to disk, so nothing on disk can be swapped between the check and the import.
 *
 * Every failure is a QuarryError naming the plugin; the caller keeps running without it.
 */
import { errors, isQuarryError } from "../../core/errors.ts";
import {
  checkPluginDriver,
  MANIFEST_FILE,
  PLUGIN_API_VERSION,
  type PluginDriver,
  type PluginHost,
  type PluginManifest,
  type PluginModule,
  parseManifest,
} from "../../core/plugin.ts";
import { fsReason } from "../storage/paths.ts";
import { ArchiveError, readArchive, sha256 } from "./archive.ts";
import type { InstalledRecord, PluginStore } from "./store.ts";

const ACTIVATE_TIMEOUT_MS = 10_000;

/** Checks an archive's bytes and manifest; returns its files. */
export async function openArchive(
  id: string,
  bytes: Buffer,
): Promise<{ files: Map<string, Buffer>; manifest: PluginManifest }> {
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

/** Reads an installed plugin's archive and checks it against the SHA-256 it was installed with. */
export async function verifyInstalled(
  store: PluginStore,
  record: InstalledRecord,
): Promise<{ files: Map<string, Buffer>; manifest: PluginManifest }> {
  let bytes: Buffer;
  try {
    bytes = await store.readArchive(record);
  } catch (e) {
    throw errors.pluginLoadFailed(record.id, `its archive cannot be read (${fsReason(e)})`);
  }
  const actual = sha256(bytes);
  if (actual !== record.sha256) {
    throw errors.pluginIntegrityFailed(
      record.id,
      `archive ${record.archive}`,
      record.sha256,
      actual,
    );
  }
  const opened = await openArchive(record.id, bytes);
  if (opened.manifest.id !== record.id || opened.manifest.version !== record.version) {
    throw errors.pluginLoadFailed(
      record.id,
      `its archive holds ${opened.manifest.id} ${opened.manifest.version}, not ${record.id} ${record.version}`,
    );
  }
  return opened;
}

function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what} did not finish within ${ACTIVATE_TIMEOUT_MS / 1000} s`)),
      ACTIVATE_TIMEOUT_MS,
    );
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function describe(e: unknown): string {
  if (isQuarryError(e)) return e.message;
  if (e instanceof Error) return `${e.name}: ${e.message}`;
  return String(e);
}

/** Imports a verified plugin's main module from memory and activates it. */
export async function activatePlugin(
  files: Map<string, Buffer>,
  manifest: PluginManifest,
  host: PluginHost,
): Promise<PluginDriver> {
  const id = manifest.id;
  if (manifest.apiVersion !== PLUGIN_API_VERSION) {
    throw errors.pluginLoadFailed(
      id,
      `it was built for plugin API ${manifest.apiVersion}, and this Quarry speaks ${PLUGIN_API_VERSION}`,
      `Update the plugin (quarry plugins update ${id}), or install the Quarry version it was built for.`,
      "Update the plugin in Settings > Plugins, or install the Quarry version it was built for.",
    );
  }
  const code = files.get(manifest.main)!;
  let mod: Partial<PluginModule>;
  try {
    mod = await withTimeout(
      import(`data:text/javascript;base64,${code.toString("base64")}`) as Promise<PluginModule>,
      "importing it",
    );
  } catch (e) {
    throw errors.pluginLoadFailed(id, `its code does not load (${describe(e)})`);
  }
  if (typeof mod.activate !== "function") {
    throw errors.pluginLoadFailed(id, `its main module exports no activate() function`);
  }
  let driver: unknown;
  try {
    driver = await withTimeout(Promise.resolve(mod.activate(host)), "activate()");
  } catch (e) {
    throw errors.pluginLoadFailed(id, `activate() failed (${describe(e)})`);
  }
  try {
    return checkPluginDriver(driver, manifest);
  } catch (e) {
    throw errors.pluginLoadFailed(id, (e as Error).message);
  }
}

/** Verifies and loads an installed plugin. */
export async function loadInstalled(
  store: PluginStore,
  record: InstalledRecord,
  host: PluginHost,
): Promise<PluginDriver> {
  const { files, manifest } = await verifyInstalled(store, record);
  return activatePlugin(files, manifest, host);
}
