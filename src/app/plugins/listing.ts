/**
 * What is installed and what the catalog offers, side by side: installed plugins each checked as
 * they would load, the catalog's plugins with what is installed of them (Settings > Plugins), and
 * the database types of the connection chooser.
 */
import {
  errorFor,
  errors,
  isQuarryError,
  type QuarryError,
  type Surface,
} from "../../core/errors.ts";
import { compareVersions } from "../../core/plugin.ts";
import type { ResolvedEntry } from "./catalog.ts";
import type { LoadedDrivers } from "./loaded-drivers.ts";
import type { InstalledRecord, PluginStore } from "./store.ts";
import type { CatalogPlugin, DriverAvailability, InstalledPlugin } from "./types.ts";
import { verifyInstalled } from "./verify.ts";

/** Installed plugins, each checked against its SHA-256 and loaded (or refused) as it would be. */
export async function listInstalled(
  store: PluginStore,
  drivers: LoadedDrivers,
  surface: Surface,
): Promise<InstalledPlugin[]> {
  const out: InstalledPlugin[] = [];
  for (const entry of await store.list()) {
    if (!entry.record) {
      const error = errors.pluginLoadFailed(entry.id, entry.problem);
      out.push({
        id: entry.id,
        name: entry.id,
        version: "",
        driverType: "",
        displayName: entry.id,
        sha256: "",
        installedAt: "",
        source: "",
        status: "broken",
        error: errorFor(error, surface),
      });
      continue;
    }
    const r = entry.record;
    const error = await loadError(store, drivers, r);
    out.push({
      id: r.id,
      name: r.manifest.name,
      version: r.version,
      driverType: r.manifest.driver.type,
      displayName: r.manifest.driver.displayName,
      sha256: r.sha256,
      installedAt: r.installedAt,
      source: r.source,
      status: error ? "broken" : "ok",
      ...(error ? { error: errorFor(error, surface) } : {}),
    });
  }
  return out;
}

/** Why an installed plugin does not load, or nothing: loaded now if this process has not tried. */
async function loadError(
  store: PluginStore,
  drivers: LoadedDrivers,
  record: InstalledRecord,
): Promise<QuarryError | undefined> {
  try {
    if (drivers.runs(record)) await verifyInstalled(store, record);
    else {
      const known = drivers.knownFailure(record);
      if (known) return known;
      await drivers.load(store, record);
    }
    return undefined;
  } catch (e) {
    if (!isQuarryError(e)) throw e;
    return e;
  }
}

/** Every plugin of the catalog, with what is installed of it. */
export function catalogPlugins(
  offered: ResolvedEntry[],
  installed: InstalledPlugin[],
): CatalogPlugin[] {
  const byId = new Map(installed.map((p) => [p.id, p]));
  return offered.map((c) => {
    const mine = byId.get(c.id);
    return {
      type: c.driver.type,
      displayName: c.driver.displayName,
      installed: mine?.status === "ok",
      installedVersion: mine?.version || null,
      availableVersion: c.version,
      ...(mine?.error ? { loadError: mine.error } : {}),
      description: c.description,
      updateAvailable: mine !== undefined && isNewer(c, mine),
    };
  });
}

/** The database types installed or offered, by display name. */
export function databaseTypes(
  offered: ResolvedEntry[],
  installed: InstalledPlugin[],
): DriverAvailability[] {
  const byType = new Map<string, DriverAvailability>();
  for (const p of installed) {
    if (!p.driverType) continue;
    byType.set(p.driverType, {
      type: p.driverType,
      displayName: p.displayName,
      installed: p.status === "ok",
      installedVersion: p.version,
      availableVersion: null,
      ...(p.error ? { loadError: p.error } : {}),
    });
  }
  for (const c of offered) {
    const known = byType.get(c.driver.type);
    if (known) known.availableVersion = c.version;
    else {
      byType.set(c.driver.type, {
        type: c.driver.type,
        displayName: c.driver.displayName,
        installed: false,
        installedVersion: null,
        availableVersion: c.version,
      });
    }
  }
  return [...byType.values()].sort((a, b) => a.displayName.localeCompare(b.displayName));
}

function isNewer(offer: ResolvedEntry, mine: InstalledPlugin): boolean {
  if (!mine.version) return true;
  const order = compareVersions(offer.version, mine.version);
  return order > 0 || (order === 0 && offer.sha256 !== mine.sha256);
}
