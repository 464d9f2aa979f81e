/**
 * The plugin service: what the connection chooser, Settings > Plugins, the CLI and the connection
 * service call. It lists what the catalog offers and what is installed, installs (with progress
 * events), updates and removes plugins, and hands out verified, loaded drivers. It reads the disk on
 * every call, so a plugin installed by another Quarry process (the CLI beside the app) is seen at once.
 */
import {
  errorFor,
  errors,
  isQuarryError,
  type QuarryError,
  type Surface,
} from "../../core/errors.ts";
import { compareVersions, PLUGIN_API_VERSION, type PluginDriver } from "../../core/plugin.ts";
import type { DatabaseType, PluginEntry } from "../http/api/contract.ts";
import { APP_VERSION } from "../process/version.ts";
import { sha256 } from "./archive.ts";
import {
  type CatalogLocation,
  catalogLocation,
  type ResolvedCatalog,
  type ResolvedEntry,
  readCatalog,
} from "./catalog.ts";
import { fetchBytes } from "./fetch.ts";
import { activatePlugin, openArchive, verifyInstalled } from "./loader.ts";
import { type InstalledRecord, PluginStore } from "./store.ts";

export type InstallPhase = "download" | "verify" | "install" | "done";

/** One step of an install, for a progress bar or a log line. */
export interface InstallProgress {
  plugin: string;
  phase: InstallPhase;
  /** Bytes downloaded so far, and the archive's size. */
  received: number;
  total: number;
}

export interface InstallOptions {
  /** Download and install even when the same archive is installed and intact. */
  force?: boolean;
  onProgress?: (p: InstallProgress) => void;
  signal?: AbortSignal;
}

export interface InstallResult {
  record: InstalledRecord;
  /** False when the same archive was already installed and intact. */
  changed: boolean;
  previousVersion: string | null;
}

type ErrorJson = ReturnType<QuarryError["toJSON"]>;

/** An installed plugin as `quarry plugins list` and Settings > Plugins show it. */
export interface InstalledPlugin {
  id: string;
  name: string;
  version: string;
  driverType: string;
  displayName: string;
  sha256: string;
  installedAt: string;
  source: string;
  status: "ok" | "broken";
  /** Why it cannot be loaded, when broken. */
  error?: ErrorJson;
}

export class PluginService {
  readonly dataDir: string;
  readonly store: PluginStore;
  readonly #env: NodeJS.ProcessEnv;
  /** Drivers imported in this process, by plugin id, with the archive hash they came from. */
  readonly #loaded = new Map<string, { sha256: string; driver: PluginDriver }>();
  /** The last load failure per plugin id, with the archive hash it was for. */
  readonly #failures = new Map<string, { sha256: string; error: QuarryError }>();

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
  async installed(surface: Surface = "cli"): Promise<InstalledPlugin[]> {
    const shown = (e: QuarryError) => errorFor(e, surface);
    const out: InstalledPlugin[] = [];
    for (const entry of await this.store.list()) {
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
          error: shown(error),
        });
        continue;
      }
      const r = entry.record;
      let error: QuarryError | undefined;
      try {
        // Listed as it loads: loaded now if this process has not tried it yet.
        const loaded = this.#loaded.get(r.id);
        if (loaded?.sha256 === r.sha256) await verifyInstalled(this.store, r);
        else {
          // The same bytes fail the same way (no second 10 s wait for a hanging activate()); an
          // altered archive is checked again, since reinstalling the same version repairs it.
          const failed = this.#failures.get(r.id);
          const known =
            failed?.sha256 === r.sha256 && failed.error.code !== "plugin_integrity_failed";
          error = known ? failed.error : await this.#load(r).then(() => undefined);
        }
      } catch (e) {
        if (!isQuarryError(e)) throw e;
        error = e;
      }
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
        ...(error ? { error: shown(error) } : {}),
      });
    }
    return out;
  }

  /** Settings > Plugins > Browse: every plugin of the catalog, with what is installed of it. */
  async browse(surface: Surface = "cli"): Promise<PluginEntry[]> {
    const catalog = await this.catalog();
    const installed = new Map((await this.installed(surface)).map((p) => [p.id, p]));
    return catalog.plugins.map((c) => {
      const mine = installed.get(c.id);
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

  /**
   * The connection chooser's database types (the UI's, so its load errors speak the UI's words): those the catalog offers and those installed. A
   * catalog that cannot be read leaves the installed ones (the app works offline).
   */
  async databaseTypes(): Promise<DatabaseType[]> {
    let offered: ResolvedEntry[] = [];
    try {
      offered = (await this.catalog()).plugins;
    } catch (e) {
      if (!isQuarryError(e)) throw e;
    }
    const byType = new Map<string, DatabaseType>();
    for (const p of await this.installed("ui")) {
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

  /** Finds a catalog entry by plugin id or by the database type it provides. */
  async #offer(idOrType: string): Promise<{ catalog: ResolvedCatalog; entry: ResolvedEntry }> {
    const catalog = await this.catalog();
    const entry =
      catalog.plugins.find((p) => p.id === idOrType) ??
      catalog.plugins.find((p) => p.driver.type === idOrType);
    if (!entry) {
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
    return { catalog, entry };
  }

  /** Downloads, verifies and installs a plugin from the catalog. */
  async install(idOrType: string, options: InstallOptions = {}): Promise<InstallResult> {
    const { entry } = await this.#offer(idOrType);
    const id = entry.id;
    const progress = (phase: InstallPhase, received: number) =>
      options.onProgress?.({ plugin: id, phase, received, total: entry.size });
    const current = (await this.store.get(id))?.record;
    if (current && current.sha256 === entry.sha256 && !options.force) {
      try {
        await verifyInstalled(this.store, current);
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
    const actual = sha256(bytes);
    if (actual !== entry.sha256) {
      throw errors.pluginIntegrityFailed(
        id,
        `archive downloaded from ${entry.archiveUrl}`,
        entry.sha256,
        actual,
      );
    }
    const { files, manifest } = await openArchive(id, bytes);
    if (
      manifest.id !== entry.id ||
      manifest.version !== entry.version ||
      manifest.driver.type !== entry.driver.type
    ) {
      throw errors.pluginLoadFailed(
        id,
        `its archive holds ${manifest.id} ${manifest.version} (type ${manifest.driver.type}), but the catalog promised ${entry.id} ${entry.version} (type ${entry.driver.type})`,
        "The catalog and its archive disagree; nothing was installed. Report this to whoever publishes the catalog.",
      );
    }
    // It must load before it replaces anything: a broken update never displaces a working version.
    const driver = await activatePlugin(files, manifest, this.#host());
    progress("install", bytes.length);
    const record = await this.store.exclusive(() =>
      this.store.save(manifest, bytes, actual, entry.archiveUrl),
    );
    this.#loaded.set(id, { sha256: actual, driver });
    this.#failures.delete(id);
    progress("done", bytes.length);
    return { record, changed: true, previousVersion: current?.version ?? null };
  }

  /**
   * Brings installed plugins to the catalog's version (all of them, or the one named). A plugin
   * whose catalog archive differs from the installed one is reinstalled, even at the same version
   * (a rebuilt development archive).
   */
  async update(
    idOrType?: string,
    options: Omit<InstallOptions, "force"> = {},
  ): Promise<Array<{ id: string; from: string; to: string; changed: boolean; note?: string }>> {
    const catalog = await this.catalog();
    let targets = (await this.store.list()).map((e) => e.id);
    if (idOrType) {
      const match = (await this.store.list()).find(
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
    const results: Array<{
      id: string;
      from: string;
      to: string;
      changed: boolean;
      note?: string;
    }> = [];
    for (const id of targets) {
      const before = (await this.store.get(id))?.record;
      const offer = catalog.plugins.find((p) => p.id === id);
      if (!offer) {
        results.push({
          id,
          from: before?.version ?? "",
          to: before?.version ?? "",
          changed: false,
          note: "not in the catalog",
        });
        continue;
      }
      if (before && before.sha256 === offer.sha256) {
        const intact = await verifyInstalled(this.store, before).then(
          () => true,
          () => false,
        );
        if (intact) {
          results.push({ id, from: before.version, to: before.version, changed: false });
          continue;
        }
      }
      const res = await this.install(id, { ...options, force: true });
      results.push({ id, from: before?.version ?? "", to: res.record.version, changed: true });
    }
    return results;
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
    this.#loaded.delete(match.id);
    this.#failures.delete(match.id);
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
    if (!entry.record) {
      const error = errors.pluginLoadFailed(entry.id, entry.problem);
      this.#failures.set(entry.id, { sha256: "", error });
      throw error;
    }
    return this.#load(entry.record);
  }

  /** Loads every installed plugin, recording failures instead of throwing. */
  async loadAll(): Promise<void> {
    for (const entry of await this.store.list()) {
      if (!entry.record) {
        const error = errors.pluginLoadFailed(entry.id, entry.problem);
        this.#failures.set(entry.id, { sha256: "", error });
        continue;
      }
      await this.#load(entry.record).catch((e: unknown) => {
        if (!isQuarryError(e)) throw e;
      });
    }
  }

  /** A driver already loaded in this process (no disk access), for synchronous callers. */
  loadedDriver(type: string): PluginDriver | undefined {
    for (const { driver } of this.#loaded.values()) if (driver.type === type) return driver;
    return undefined;
  }

  /** Load failures seen by this process, by plugin id. */
  failures(): Map<string, QuarryError> {
    return new Map([...this.#failures].map(([id, f]) => [id, f.error]));
  }

  async #load(record: InstalledRecord): Promise<PluginDriver> {
    try {
      const cached = this.#loaded.get(record.id);
      if (cached && cached.sha256 === record.sha256) {
        // Same bytes as the code already running; still check the file has not been altered.
        const bytes = await this.store.readArchive(record).catch(() => Buffer.alloc(0));
        const actual = sha256(bytes);
        if (actual !== record.sha256) {
          throw errors.pluginIntegrityFailed(
            record.id,
            `archive ${record.archive}`,
            record.sha256,
            actual,
          );
        }
        return cached.driver;
      }
      const { files, manifest } = await verifyInstalled(this.store, record);
      const driver = await activatePlugin(files, manifest, this.#host());
      this.#loaded.set(record.id, { sha256: record.sha256, driver });
      this.#failures.delete(record.id);
      return driver;
    } catch (e) {
      if (isQuarryError(e)) {
        this.#loaded.delete(record.id);
        this.#failures.set(record.id, { sha256: record.sha256, error: e });
      }
      throw e;
    }
  }

  #host() {
    return { apiVersion: PLUGIN_API_VERSION, appVersion: APP_VERSION };
  }
}

function isNewer(offer: ResolvedEntry, mine: InstalledPlugin): boolean {
  if (!mine.version) return true;
  const order = compareVersions(offer.version, mine.version);
  return order > 0 || (order === 0 && offer.sha256 !== mine.sha256);
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
