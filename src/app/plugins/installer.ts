/**
 * Installing and updating plugins from the catalog: download within the size the catalog gives,
 * verify (verify.ts), activate before anything is replaced, then store under the plugins lock. A
 * broken update never displaces a working version, and an intact install is not downloaded again.
 */
import { errors } from "../../core/errors.ts";
import type { ResolvedCatalog, ResolvedEntry } from "./catalog.ts";
import { fetchBytes } from "./fetch.ts";
import { type LoadedDrivers, pluginHost } from "./loaded-drivers.ts";
import { activatePlugin } from "./loader.ts";
import type { PluginStore } from "./store.ts";
import type { InstallOptions, InstallPhase, InstallResult, UpdateResult } from "./types.ts";
import { verifyArchive, verifyInstalled } from "./verify.ts";

/** The catalog entry for a plugin id, or else for the database type it provides. */
export function findOffer(catalog: ResolvedCatalog, idOrType: string): ResolvedEntry {
  const entry =
    catalog.plugins.find((p) => p.id === idOrType) ??
    catalog.plugins.find((p) => p.driver.type === idOrType);
  if (entry) return entry;
  const names = catalog.plugins.map((p) => p.id);
  throw errors.pluginUnavailable(
    `The plugin catalog offers no plugin named "${idOrType}"`,
    names.length
      ? `Choose one of: ${names.join(", ")} (quarry plugins browse).`
      : `The catalog at ${catalog.location.url} lists no plugins; check its address (quarry plugins catalog).`,
    { plugin: idOrType, catalog: catalog.location.url },
    "Reload Settings > Plugins: the catalog may have changed; install one of the plugins it lists.",
  );
}

/** Downloads, verifies and installs one catalog entry. */
export async function installEntry(
  store: PluginStore,
  drivers: LoadedDrivers,
  entry: ResolvedEntry,
  options: InstallOptions = {},
): Promise<InstallResult> {
  const id = entry.id;
  const progress = (phase: InstallPhase, received: number) =>
    options.onProgress?.({ plugin: id, phase, received, total: entry.size });
  const current = (await store.get(id))?.record;
  if (current && current.sha256 === entry.sha256 && !options.force) {
    try {
      await verifyInstalled(store, current);
      progress("done", entry.size);
      return { record: current, changed: false, previousVersion: current.version };
    } catch {
      // Damaged on disk: fetch it again below.
    }
  }
  progress("download", 0);
  let bytes: Buffer;
  try {
    bytes = await fetchBytes(entry.archiveUrl, {
      maxBytes: entry.size,
      onProgress: (p) => progress("download", p.received),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (e) {
    throw errors.pluginDownloadFailed(id, entry.archiveUrl, (e as Error).message);
  }
  progress("verify", bytes.length);
  const { files, manifest } = await verifyArchive(bytes, {
    id,
    version: entry.version,
    sha256: entry.sha256,
    type: entry.driver.type,
    where: `archive downloaded from ${entry.archiveUrl}`,
    promisedBy: "catalog",
  });
  // It must load before it replaces anything: a broken update never displaces a working version.
  const driver = await activatePlugin(files, manifest, pluginHost());
  progress("install", bytes.length);
  const record = await store.exclusive(() =>
    store.save(manifest, bytes, entry.sha256, entry.archiveUrl),
  );
  drivers.remember(id, entry.sha256, driver);
  progress("done", bytes.length);
  return { record, changed: true, previousVersion: current?.version ?? null };
}

/**
 * Brings installed plugins to the catalog's version (all of them, or the one named). A plugin
 * whose catalog archive differs from the installed one is reinstalled, even at the same version
 * (a rebuilt development archive).
 */
export async function updateInstalled(
  store: PluginStore,
  drivers: LoadedDrivers,
  catalog: ResolvedCatalog,
  idOrType: string | undefined,
  options: Omit<InstallOptions, "force"> = {},
): Promise<UpdateResult[]> {
  const installed = await store.list();
  let targets = installed.map((e) => e.id);
  if (idOrType) {
    const match = installed.find(
      (e) => e.id === idOrType || e.record?.manifest.driver.type === idOrType,
    );
    if (!match) {
      throw errors.pluginUnavailable(
        `No installed plugin is named "${idOrType}"`,
        `Install it with quarry plugins install ${idOrType}.`,
        { plugin: idOrType },
        "Install it in Settings > Plugins.",
      );
    }
    targets = [match.id];
  }
  const results: UpdateResult[] = [];
  for (const id of targets) {
    const before = (await store.get(id))?.record;
    const offer = catalog.plugins.find((p) => p.id === id);
    if (!offer) {
      const version = before?.version ?? "";
      results.push({ id, from: version, to: version, changed: false, note: "not in the catalog" });
      continue;
    }
    if (before && before.sha256 === offer.sha256) {
      const intact = await verifyInstalled(store, before).then(
        () => true,
        () => false,
      );
      if (intact) {
        results.push({ id, from: before.version, to: before.version, changed: false });
        continue;
      }
    }
    const res = await installEntry(store, drivers, offer, { ...options, force: true });
    results.push({ id, from: before?.version ?? "", to: res.record.version, changed: true });
  }
  return results;
}
