/**
 * Where the plugin catalog is and what it lists. The address comes from, in order: the
 * QUARRY_PLUGIN_CATALOG environment variable (tests, one-off mirrors), the setting saved with
 * `quarry plugins catalog <url>` (a permanent mirror), or the catalog shipped with this build
 * (dist/plugins/catalog.json, made by scripts/build-plugins.ts). Archive URLs in a catalog may be
 * relative to the catalog's own address, so a folder holding both can be served from anywhere.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { errors } from "../../core/errors.ts";
import { type CatalogEntry, PluginFormatError, parseCatalog } from "../../core/plugin.ts";
import { installPaths } from "../process/install.ts";
import { readJsonFile, writeFileAtomic } from "../storage/atomic-write.ts";
import { ensurePrivateDir } from "../storage/paths.ts";
import { checkAddress, FetchError, fetchBytes } from "./fetch.ts";

export const SHIPPED_CATALOG_DIR = installPaths.plugins;
export const SHIPPED_CATALOG_FILE = join(SHIPPED_CATALOG_DIR, "catalog.json");
export const CATALOG_ENV = "QUARRY_PLUGIN_CATALOG";
/** In the app data folder: the plugins folder and the catalog setting inside it. */
export const PLUGINS_DIR = "plugins";
const SETTINGS_FILE = "settings.json";
const CATALOG_MAX_BYTES = 1024 * 1024;

export type CatalogSource = "environment" | "setting" | "shipped";

export interface CatalogLocation {
  url: string;
  source: CatalogSource;
}

/** A catalog entry with its archive's absolute address. */
export interface ResolvedEntry extends CatalogEntry {
  archiveUrl: string;
}

export interface ResolvedCatalog {
  location: CatalogLocation;
  plugins: ResolvedEntry[];
}

interface PluginSettings {
  catalogUrl?: string;
}

/** An absolute URL, or a file path (made absolute) turned into a file: URL. */
/**
 * The database type of the first driver in the catalog this build ships: the CLI's default type
 * for a new connection, so that no code outside a plugin names a database type. Undefined when the
 * build ships no catalog (a checkout before its first build).
 */
export function shippedDriverType(): string | undefined {
  try {
    const catalog = parseCatalog(JSON.parse(readFileSync(SHIPPED_CATALOG_FILE, "utf8")));
    return catalog.plugins[0]?.driver.type;
  } catch {
    return undefined;
  }
}

export function normalizeCatalogAddress(address: string): string {
  const trimmed = address.trim();
  if (/^[a-z][a-z0-9+.-]*:/i.test(trimmed)) {
    try {
      return checkAddress(trimmed).href;
    } catch (e) {
      throw errors.catalogUnavailable(trimmed, (e as Error).message);
    }
  }
  return pathToFileURL(trimmed).href;
}

export function pluginsDir(dataDir: string): string {
  return join(dataDir, PLUGINS_DIR);
}

export async function catalogLocation(
  dataDir: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<CatalogLocation> {
  const fromEnv = env[CATALOG_ENV]?.trim();
  if (fromEnv) return { url: normalizeCatalogAddress(fromEnv), source: "environment" };
  const settings = await readJsonFile<PluginSettings>(join(pluginsDir(dataDir), SETTINGS_FILE), {});
  if (typeof settings.catalogUrl === "string" && settings.catalogUrl) {
    return { url: normalizeCatalogAddress(settings.catalogUrl), source: "setting" };
  }
  return { url: pathToFileURL(SHIPPED_CATALOG_FILE).href, source: "shipped" };
}

/** Saves (or, with null, clears) the catalog address setting. */
export async function saveCatalogSetting(dataDir: string, address: string | null): Promise<void> {
  const dir = await ensurePrivateDir(pluginsDir(dataDir));
  const settings: PluginSettings = address ? { catalogUrl: normalizeCatalogAddress(address) } : {};
  await writeFileAtomic(join(dir, SETTINGS_FILE), `${JSON.stringify(settings, null, 2)}\n`, {
    mode: 0o600,
  });
}

export async function readCatalog(location: CatalogLocation): Promise<ResolvedCatalog> {
  let bytes: Buffer;
  try {
    bytes = await fetchBytes(location.url, { maxBytes: CATALOG_MAX_BYTES, timeoutMs: 30_000 });
  } catch (e) {
    if (location.source === "shipped") {
      throw errors.catalogUnavailable(
        location.url,
        (e as Error).message,
        "This build has no plugin catalog yet. In a source checkout run npm run build:plugins (npm start and npm test do it for you); or point Quarry at a catalog with QUARRY_PLUGIN_CATALOG or quarry plugins catalog <url>.",
        "This build has no plugin catalog yet: it is built with Quarry (npm start does it in a source checkout). Start Quarry that way, then reload Settings > Plugins.",
      );
    }
    throw errors.catalogUnavailable(location.url, (e as Error).message);
  }
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString("utf8"));
  } catch {
    throw errors.catalogUnavailable(location.url, "it is not valid JSON");
  }
  try {
    const catalog = parseCatalog(value);
    return {
      location,
      plugins: catalog.plugins.map((entry) => {
        const archiveUrl = new URL(entry.url, location.url).href;
        checkAddress(archiveUrl);
        return { ...entry, archiveUrl };
      }),
    };
  } catch (e) {
    if (e instanceof PluginFormatError || e instanceof FetchError) {
      throw errors.catalogUnavailable(location.url, e.message);
    }
    throw e;
  }
}
