/**
 * The plugin service: what the connection chooser, Settings > Plugins, the CLI and the connection
 * service call. It lists what the catalog offers and what is installed, installs (with progress
 * events), updates and removes plugins, and hands out verified, loaded drivers. It reads the disk on
 * every call, so a plugin installed by another Quarry process (the CLI beside the app) is seen at once.
 */
import { errors, isQuarryError, type QuarryError, type Surface } from "../../core/errors.ts";
import {
  compareVersions,
  PLUGIN_API_VERSION,
  type PluginDriver,
  type PluginManifest,
} from "../../core/plugin.ts";
import {
  type CatalogLocation,
  catalogLocation,
  type ResolvedCatalog,
  type ResolvedEntry,
  readCatalog,
} from "./catalog.ts";
import { findOffer, installEntry, updateInstalled } from "./installer.ts";
import { catalogPlugins, databaseTypes, listInstalled } from "./listing.ts";
import { LoadedDrivers } from "./loaded-drivers.ts";
import { PluginStore } from "./store.ts";
import type {
  CatalogPlugin,
  DriverAvailability,
  InstalledPlugin,
  InstallOptions,
  InstallProgress,
  InstallResult,
  UpdateResult,
} from "./types.ts";

/** What callers of the service name most (the CLI's progress, `quarry status`). */
export type { InstalledPlugin, InstallProgress } from "./types.ts";

export class PluginService {
  readonly dataDir: string;
  readonly store: PluginStore;
  readonly #env: NodeJS.ProcessEnv;
  readonly #drivers = new LoadedDrivers();
  /** Plugins already compared with the shipped catalog in this process. */
  readonly #comparedWithShipped = new Set<string>();

  constructor(dataDir: string, env: NodeJS.ProcessEnv = process.env) {
    this.dataDir = dataDir;
    this.store = new PluginStore(dataDir);
    this.#env = env;
  }

  catalogLocation(): Promise<CatalogLocation> {
    return catalogLocation(this.dataDir, this.#env);
  }

  async catalog(): Promise<ResolvedCatalog> {
    return readCatalog(await this.catalogLocation());
  }

  /** Installed plugins, each checked against its SHA-256 and loaded (or refused) as it would be. */
  installed(surface: Surface = "cli"): Promise<InstalledPlugin[]> {
    return listInstalled(this.store, this.#drivers, surface);
  }

  /** Settings > Plugins > Browse: every plugin of the catalog, with what is installed of it. */
  async browse(surface: Surface = "cli"): Promise<CatalogPlugin[]> {
    const catalog = await this.catalog();
    return catalogPlugins(catalog.plugins, await this.installed(surface));
  }

  /**
   * The connection chooser's database types (load errors in the UI's words): those the catalog
   * offers and those installed. A catalog that cannot be read leaves the installed ones (the app
   * works offline).
   */
  async databaseTypes(): Promise<DriverAvailability[]> {
    let offered: ResolvedEntry[] = [];
    try {
      offered = (await this.catalog()).plugins;
    } catch (e) {
      if (!isQuarryError(e)) throw e;
    }
    return databaseTypes(offered, await this.installed("ui"));
  }

  /** Downloads, verifies and installs a plugin from the catalog (by id or database type). */
  async install(idOrType: string, options: InstallOptions = {}): Promise<InstallResult> {
    const entry = findOffer(await this.catalog(), idOrType);
    return installEntry(this.store, this.#drivers, entry, options);
  }

  /** Brings installed plugins (all, or the one named) to the catalog's archive. */
  async update(
    idOrType?: string,
    options: Omit<InstallOptions, "force"> = {},
  ): Promise<UpdateResult[]> {
    const catalog = await this.catalog();
    return updateInstalled(this.store, this.#drivers, catalog, idOrType, options);
  }

  /** Removes an installed plugin (by id or database type); its saved connections are kept. */
  async remove(idOrType: string): Promise<{ id: string; removed: boolean }> {
    const all = await this.store.list();
    const match = all.find((e) => e.id === idOrType || e.record?.manifest.driver.type === idOrType);
    if (!match) {
      throw errors.pluginUnavailable(
        `No installed plugin is named "${idOrType}"`,
        all.length
          ? `Installed: ${all.map((e) => e.id).join(", ")} (quarry plugins list).`
          : "No plugins are installed.",
        { plugin: idOrType },
        "Reload Settings > Plugins: it may have been removed already.",
      );
    }
    const removed = await this.store.exclusive(() => this.store.remove(match.id));
    this.#drivers.forget(match.id);
    return { id: match.id, removed };
  }

  /**
   * The verified, loaded driver for a database type. The archive's SHA-256 is checked on every
   * call. With `autoInstall` (opening a saved connection), a driver that is not installed is
   * installed from the catalog without asking.
   */
  async driverFor(
    type: string,
    options: { autoInstall?: boolean; onProgress?: (p: InstallProgress) => void } = {},
  ): Promise<PluginDriver> {
    let entry = (await this.store.list()).find(
      (e) => e.record?.manifest.driver.type === type || (!e.record && e.id === type),
    );
    if (!entry) {
      if (!options.autoInstall) {
        throw errors.pluginUnavailable(
          `No driver for the database type "${type}" is installed`,
          `Install it with quarry plugins install ${type}.`,
          { type },
          "Install it in Settings > Plugins.",
        );
      }
      await this.install(type, options.onProgress ? { onProgress: options.onProgress } : {});
      entry = (await this.store.list()).find((e) => e.record?.manifest.driver.type === type);
      if (!entry)
        throw errors.pluginUnavailable(`The ${type} driver did not install`, "Try again.");
    }
    if (options.autoInstall && (await this.#upToShipped(entry.id, entry.record?.manifest))) {
      entry = (await this.store.get(entry.id)) ?? entry;
    }
    if (!entry.record) {
      const error = errors.pluginLoadFailed(entry.id, entry.problem);
      this.#drivers.fail(entry.id, error);
      throw error;
    }
    return this.#drivers.load(this.store, entry.record);
  }

  /**
   * An upgraded Quarry's first use of a plugin: when the catalog in force is the one this build
   * ships and it has a newer version than the installed one, that version is installed (never an
   * older one; a mirror's or a test catalog's updates stay with `quarry plugins update`). A
   * plugin that no longer loads (its manifest unreadable, or built for another plugin API, as
   * after an upgrade that bumped the API under the same plugin version) is replaced by the
   * shipped one too, when that one speaks this Quarry's API. Once per plugin and process: the
   * shipped catalog is a local file and does not change. True when it installed.
   */
  async #upToShipped(id: string, installed: PluginManifest | undefined): Promise<boolean> {
    if (this.#comparedWithShipped.has(id)) return false;
    this.#comparedWithShipped.add(id);
    const location = await this.catalogLocation();
    if (location.source !== "shipped") return false;
    // Unreadable here, it is no reason to refuse the installed plugin, which is checked on its own.
    const shipped = await readCatalog(location).catch(() => undefined);
    const offer = shipped?.plugins.find((p) => p.id === id);
    if (!offer || offer.apiVersion !== PLUGIN_API_VERSION) return false;
    const loads = installed?.apiVersion === PLUGIN_API_VERSION;
    if (installed && loads && compareVersions(offer.version, installed.version) <= 0) return false;
    await installEntry(this.store, this.#drivers, offer, { force: true });
    return true;
  }

  /**
   * Loads every installed plugin, recording failures instead of throwing. Each installed driver
   * type with its driver, or undefined when it did not load: the same verdict `installed()` gives,
   * without checking each archive again.
   */
  async loadAll(): Promise<{ type: string; driver: PluginDriver | undefined }[]> {
    const out: { type: string; driver: PluginDriver | undefined }[] = [];
    for (const entry of await this.store.list()) {
      if (!entry.record) {
        this.#drivers.fail(entry.id, errors.pluginLoadFailed(entry.id, entry.problem));
        continue;
      }
      const driver = await this.#drivers.load(this.store, entry.record).catch((e: unknown) => {
        if (!isQuarryError(e)) throw e;
        return undefined;
      });
      out.push({ type: entry.record.manifest.driver.type, driver });
    }
    return out;
  }

  /** A driver already loaded in this process (no disk access), for synchronous callers. */
  loadedDriver(type: string): PluginDriver | undefined {
    return this.#drivers.driverOfType(type);
  }

  /** Load failures seen by this process, by plugin id. */
  failures(): Map<string, QuarryError> {
    return this.#drivers.failures();
  }
}

const services = new Map<string, PluginService>();

/** The one plugin service of a data folder in this process (drivers are loaded once per process). */
export function pluginServiceFor(
  dataDir: string,
  env: NodeJS.ProcessEnv = process.env,
): PluginService {
  let service = services.get(dataDir);
  if (!service) {
    service = new PluginService(dataDir, env);
    services.set(dataDir, service);
  }
  return service;
}
