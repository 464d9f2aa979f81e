/**
 * The installed drivers, as the app's storage and sessions see them. Drivers are plugins
 * (src/app/plugins): each is verified against its SHA-256 and loaded from its archive, never linked
 * in. `installedDriver` answers synchronously from the drivers this process has loaded;
 * `loadInstalledDrivers` (called when storage is opened) loads every installed plugin, and
 * `requireInstalledDriver` / `offerDriver` install a missing one from the catalog without asking
 * (opening a saved connection; creating one of that type).
 */
import type { ConnectionSecrets, DriverSession } from "../../core/driver.ts";
import { isQuarryError } from "../../core/errors.ts";
import type { PluginDriver } from "../../core/plugin.ts";
import { defaultSettings, type SettingsForm } from "../../core/settings-form.ts";
import { pluginServiceFor } from "../plugins/service.ts";

/** The secrets a saved connection may hold. */
export type SecretField = keyof ConnectionSecrets;

export interface InstalledDriver {
  readonly type: string;
  readonly displayName: string;
  /** Checks and normalizes settings; throws a QuarryError naming the field. */
  validateConfig(input: unknown): Record<string, unknown>;
  /** Checks that the secrets these settings need are present and well formed. */
  validateSecrets(config: Record<string, unknown>, secrets: ConnectionSecrets): void;
  /** The secrets these settings use; any other stored secret is stale and is deleted. */
  secretFields(config: Record<string, unknown>): SecretField[];
  /** A short, secret-free description of where the settings point (for lists). */
  describeEndpoint(config: Record<string, unknown>): string;
  /** How the settings sign in, for lists; undefined when the driver does not say. */
  describeAuth(config: Record<string, unknown>): string | undefined;
  connect(config: Record<string, unknown>, secrets: ConnectionSecrets): DriverSession;
  /** The settings as data (an empty form when the plugin gives none). */
  settingsForm(): SettingsForm;
  /** The settings a connection URL gives; undefined when the driver reads no URLs. */
  settingsFromUrl(url: URL): Record<string, unknown> | undefined;
  /** A new connection's settings in the editor: the form's defaults and its new-connection start. */
  newSettings(): Record<string, unknown>;
}

const EMPTY_FORM: SettingsForm = { fields: [] };

/** Drivers loaded in this process, by type (the latest load wins). */
const loaded = new Map<string, InstalledDriver>();

function register(driver: PluginDriver): InstalledDriver {
  const installed: InstalledDriver = {
    type: driver.type,
    displayName: driver.displayName,
    validateConfig: (input) => driver.validateConfig(input),
    validateSecrets: (config, secrets) => driver.validateSecrets(config, secrets),
    secretFields: (config) => driver.secretFields(config),
    describeEndpoint: (config) => driver.describeEndpoint(config),
    describeAuth: (config) => driver.describeAuth?.(config),
    connect: (config, secrets) => driver.connect(config, secrets),
    settingsForm: () => driver.settingsForm?.() ?? EMPTY_FORM,
    settingsFromUrl: (url) => driver.settingsFromUrl?.(url),
    newSettings: () => {
      const form = driver.settingsForm?.() ?? EMPTY_FORM;
      return { ...defaultSettings(form), ...form.newConnection?.settings };
    },
  };
  loaded.set(driver.type, installed);
  return installed;
}

/** Loads every plugin installed in a data folder; one that fails is reported by `quarry plugins list`. */
export async function loadInstalledDrivers(
  dataDir: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<void> {
  // loadAll's verdict is installed()'s: asking installed() would read and unpack each archive again
  // (about 30 ms each, at the start of every command).
  for (const { type, driver } of await pluginServiceFor(dataDir, env).loadAll()) {
    if (driver) register(driver);
    else loaded.delete(type);
  }
}

/**
 * The verified driver of a type, installed from the catalog first when it is missing. Its archive's
 * SHA-256 is checked on every call; a failure is a QuarryError naming the plugin and the fix.
 */
export async function requireInstalledDriver(
  type: string,
  dataDir: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<InstalledDriver> {
  try {
    return register(await pluginServiceFor(dataDir, env).driverFor(type, { autoInstall: true }));
  } catch (e) {
    loaded.delete(type);
    throw e;
  }
}

/**
 * Like `requireInstalledDriver`, but a type the catalog does not offer gives undefined, for the
 * caller to decide (a connection whose driver is missing is kept, never dropped).
 */
export async function offerDriver(
  type: string,
  dataDir: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<InstalledDriver | undefined> {
  try {
    return await requireInstalledDriver(type, dataDir, env);
  } catch (e) {
    // Not offered is not an error here; an unreadable catalog is (it says how to fix it).
    if (isQuarryError(e) && e.code === "plugin_unavailable") return undefined;
    throw e;
  }
}

/** The driver for a connection type, or undefined when it is not installed (loaded). */
export function installedDriver(type: string): InstalledDriver | undefined {
  return loaded.get(type);
}

/** Types a new connection may be created with, among the loaded drivers. */
export function installedTypes(): string[] {
  return [...loaded.keys()];
}
