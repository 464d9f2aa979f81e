/**
 * The drivers this process has loaded, and the load failures it has seen, each with the hash of
 * the archive it was for. A driver is handed out again only after its archive on disk still
 * matches; the same bytes fail the same way, so a hanging `activate()` is not waited for twice.
 */
import { isQuarryError, type QuarryError } from "../../core/errors.ts";
import { PLUGIN_API_VERSION, type PluginDriver, type PluginHost } from "../../core/plugin.ts";
import { APP_VERSION } from "../process/version.ts";
import { activatePlugin } from "./loader.ts";
import type { InstalledRecord, PluginStore } from "./store.ts";
import { readInstalledArchive, verifyInstalled } from "./verify.ts";

/** What the app tells a plugin about itself when activating it. */
export function pluginHost(): PluginHost {
  return { apiVersion: PLUGIN_API_VERSION, appVersion: APP_VERSION };
}

export class LoadedDrivers {
  readonly #loaded = new Map<string, { sha256: string; driver: PluginDriver }>();
  readonly #failures = new Map<string, { sha256: string; error: QuarryError }>();

  /** Whether this process runs the driver of exactly this archive. */
  runs(record: InstalledRecord): boolean {
    return this.#loaded.get(record.id)?.sha256 === record.sha256;
  }

  /**
   * The failure this process saw for exactly this archive, except an integrity failure: an altered
   * archive is checked again, since reinstalling the same version repairs it.
   */
  knownFailure(record: InstalledRecord): QuarryError | undefined {
    const failed = this.#failures.get(record.id);
    return failed?.sha256 === record.sha256 && failed.error.code !== "plugin_integrity_failed"
      ? failed.error
      : undefined;
  }

  /** The driver of a verified archive, activated before it replaced anything. */
  remember(id: string, sha256: string, driver: PluginDriver): void {
    this.#loaded.set(id, { sha256, driver });
    this.#failures.delete(id);
  }

  /** A plugin whose install record cannot be used (no archive hash to tie the failure to). */
  fail(id: string, error: QuarryError): void {
    this.#failures.set(id, { sha256: "", error });
  }

  forget(id: string): void {
    this.#loaded.delete(id);
    this.#failures.delete(id);
  }

  /** Verifies the archive on disk, and loads it unless this process already runs those bytes. */
  async load(store: PluginStore, record: InstalledRecord): Promise<PluginDriver> {
    try {
      const cached = this.#loaded.get(record.id);
      if (cached && cached.sha256 === record.sha256) {
        // Same bytes as the code already running; still check the file has not been altered.
        await readInstalledArchive(store, record);
        return cached.driver;
      }
      const { files, manifest } = await verifyInstalled(store, record);
      const driver = await activatePlugin(files, manifest, pluginHost());
      this.remember(record.id, record.sha256, driver);
      return driver;
    } catch (e) {
      if (isQuarryError(e)) {
        this.#loaded.delete(record.id);
        this.#failures.set(record.id, { sha256: record.sha256, error: e });
      }
      throw e;
    }
  }

  /** A driver already loaded in this process (no disk access), for synchronous callers. */
  driverOfType(type: string): PluginDriver | undefined {
    for (const { driver } of this.#loaded.values()) if (driver.type === type) return driver;
    return undefined;
  }

  /** Load failures seen by this process, by plugin id. */
  failures(): Map<string, QuarryError> {
    return new Map([...this.#failures].map(([id, f]) => [id, f.error]));
  }
}
