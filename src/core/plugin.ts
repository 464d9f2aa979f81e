/**
 * Driver plugins (docs/architecture.md, "Driver plugins and the app process"). What a plugin
 * archive carries (its manifest), what its main module hands the app (a driver), and the catalog
 * that lists the plugins one can install. Types and pure checks only: downloading, verifying and
 * loading live in src/app/plugins.
 */
import type { ConnectionSecrets, DatabaseDriver } from "./driver.ts";
import type { SettingsForm } from "./settings-form.ts";

export type { SettingChoice } from "./settings-form.ts";

/**
 * The host contract's version. A plugin built for another one is refused before it runs, with a
 * message naming both versions and saying to update it (docs/decisions.md, "The driver contract:
 * facets, and the plugin API it bumped").
 * 2: the driver describes its settings (`settingsForm`), scans for the app's export (`openScan`)
 * instead of writing files, and rows carry an opaque concurrency token.
 * 3: a session keeps what every driver does; the rest are facets (core/facets.ts); `openGrid`
 * answers with its columns, their filter operators and the first page; a session names its driver.
 * 4: a session is its identity, three parts (`grid`, `changes`, `console`) and the facets it
 * offers as objects (`facets`), no longer methods on the session.
 */
export const PLUGIN_API_VERSION = 4;

/** The manifest's name inside every plugin archive. */
export const MANIFEST_FILE = "quarry-plugin.json";

/** `quarry-plugin.json`: who the plugin is and which file to run. */
export interface PluginManifest {
  /** Stable id, also the installed file's name: lowercase letters, digits and dashes. */
  id: string;
  /** As people see it: "<Database> Driver". */
  name: string;
  version: string;
  /** The PLUGIN_API_VERSION it was built against. */
  apiVersion: number;
  /** The ES module to import, relative to the archive's root. */
  main: string;
  /** The database type it provides, as saved connections name it. */
  driver: { type: string; displayName: string };
  description: string;
}

/** What the app gives a plugin when it activates it. */
export interface PluginHost {
  apiVersion: number;
  appVersion: string;
}

/**
 * What a driver plugin's `activate` returns: the core driver, plus what the app needs to store and
 * list connections of its type without knowing the database.
 */
export interface PluginDriver extends DatabaseDriver<Record<string, unknown>> {
  /** Checks that the secrets these settings need are present and well formed. */
  validateSecrets(config: Record<string, unknown>, secrets: ConnectionSecrets): void;
  /** The secrets these settings use (any other stored secret is stale). */
  secretFields(config: Record<string, unknown>): Array<keyof ConnectionSecrets>;
  /** A short, secret-free description of where the settings point, e.g. "http://localhost:9200". */
  describeEndpoint(config: Record<string, unknown>): string;
  /** How the settings sign in, as a list shows it ("Username & Password (admin)"); optional. */
  describeAuth?(config: Record<string, unknown>): string;
  /**
   * The connection settings as data (fields, kinds, choices, defaults, flags, when each shows),
   * from which the CLI's flags and the UI's editor are generated. Optional: without it a surface
   * offers no settings of its own.
   */
  settingsForm?(): SettingsForm;
  /**
   * The settings a connection URL gives (`https://es:9200`: host, port, SSL Mode), for a scheme
   * in `settingsForm().url.schemes`. Throws a QuarryError when the URL cannot be used.
   */
  settingsFromUrl?(url: URL): Record<string, unknown>;
}

/** The main module of a plugin. */
export interface PluginModule {
  activate(host: PluginHost): PluginDriver | Promise<PluginDriver>;
}

/** One installable plugin in the catalog. */
export interface CatalogEntry extends Omit<PluginManifest, "main"> {
  /** The archive's address; a relative one is resolved against the catalog's own address. */
  url: string;
  /** Lowercase hex SHA-256 of the archive file. */
  sha256: string;
  /** The archive's size in bytes. */
  size: number;
}

export interface PluginCatalog {
  catalogVersion: 1;
  plugins: CatalogEntry[];
}

const ID = /^[a-z0-9][a-z0-9-]{0,63}$/;
const VERSION = /^(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/;
const SHA256 = /^[0-9a-f]{64}$/;

/** A malformed manifest or catalog; the message says which field and why. */
export class PluginFormatError extends Error {
  override name = "PluginFormatError";
}

function object(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new PluginFormatError(`${what} is not a JSON object`);
  }
  return value as Record<string, unknown>;
}

function text(o: Record<string, unknown>, key: string, what: string, pattern?: RegExp): string {
  const v = o[key];
  if (typeof v !== "string" || v.trim() === "") {
    throw new PluginFormatError(`${what}: "${key}" must be a non-empty string`);
  }
  if (pattern && !pattern.test(v)) {
    throw new PluginFormatError(`${what}: "${key}" has an invalid value "${v.slice(0, 80)}"`);
  }
  return v;
}

function positiveInteger(o: Record<string, unknown>, key: string, what: string): number {
  const v = o[key];
  if (typeof v !== "number" || !Number.isInteger(v) || v <= 0) {
    throw new PluginFormatError(`${what}: "${key}" must be a positive integer`);
  }
  return v;
}

function common(o: Record<string, unknown>, what: string): Omit<PluginManifest, "main"> {
  const id = text(o, "id", what, ID);
  const where = `${what} of ${id}`;
  const driver = object(o.driver, `${where}: "driver"`);
  return {
    id,
    name: text(o, "name", where),
    version: text(o, "version", where, VERSION),
    apiVersion: positiveInteger(o, "apiVersion", where),
    driver: {
      type: text(driver, "type", `${where}: driver`, ID),
      displayName: text(driver, "displayName", `${where}: driver`),
    },
    description: typeof o.description === "string" ? o.description : "",
  };
}

/** Checks a parsed `quarry-plugin.json`. */
export function parseManifest(value: unknown): PluginManifest {
  const o = object(value, "The manifest");
  const base = common(o, "The manifest");
  const main = text(o, "main", `The manifest of ${base.id}`);
  if (main.startsWith("/") || main.split(/[\\/]/).includes("..") || !/\.m?js$/.test(main)) {
    throw new PluginFormatError(
      `The manifest of ${base.id}: "main" must be a .js file inside the archive, not "${main}"`,
    );
  }
  return { ...base, main: main.replace(/^\.\//, "") };
}

/** Checks a parsed catalog: its format version, and every entry's fields. */
export function parseCatalog(value: unknown): PluginCatalog {
  const o = object(value, "The catalog");
  if (o.catalogVersion !== 1) {
    throw new PluginFormatError(
      `The catalog has format version ${JSON.stringify(o.catalogVersion)}; this Quarry reads version 1`,
    );
  }
  if (!Array.isArray(o.plugins)) throw new PluginFormatError(`The catalog has no "plugins" list`);
  const seen = new Set<string>();
  const plugins = o.plugins.map((raw, i): CatalogEntry => {
    const e = object(raw, `Catalog entry ${i + 1}`);
    const base = common(e, `Catalog entry ${i + 1}`);
    if (seen.has(base.id)) throw new PluginFormatError(`The catalog lists ${base.id} twice`);
    seen.add(base.id);
    const where = `Catalog entry ${base.id}`;
    return {
      ...base,
      url: text(e, "url", where),
      sha256: text(e, "sha256", where, SHA256),
      size: positiveInteger(e, "size", where),
    };
  });
  return { catalogVersion: 1, plugins };
}

/** Orders two versions the semver way (a pre-release sorts before its release). */
export function compareVersions(a: string, b: string): number {
  const pa = VERSION.exec(a);
  const pb = VERSION.exec(b);
  if (!pa || !pb) return a.localeCompare(b);
  for (let i = 1; i <= 3; i++) {
    const d = Number(pa[i]) - Number(pb[i]);
    if (d !== 0) return Math.sign(d);
  }
  const ra = pa[4];
  const rb = pb[4];
  if (ra === rb) return 0;
  if (ra === undefined) return 1;
  if (rb === undefined) return -1;
  const xa = ra.split(".");
  const xb = rb.split(".");
  for (let i = 0; i < Math.max(xa.length, xb.length); i++) {
    const sa = xa[i];
    const sb = xb[i];
    if (sa === undefined) return -1;
    if (sb === undefined) return 1;
    const na = /^\d+$/.test(sa);
    const nb = /^\d+$/.test(sb);
    if (na && nb && Number(sa) !== Number(sb)) return Math.sign(Number(sa) - Number(sb));
    if (na !== nb) return na ? -1 : 1;
    if (sa !== sb) return sa < sb ? -1 : 1;
  }
  return 0;
}

const DRIVER_FUNCTIONS = [
  "validateConfig",
  "connect",
  "validateSecrets",
  "secretFields",
  "describeEndpoint",
] as const;

/** Checks that what `activate` returned is a driver for the type the manifest promised. */
export function checkPluginDriver(value: unknown, manifest: PluginManifest): PluginDriver {
  if (typeof value !== "object" || value === null) {
    throw new PluginFormatError("activate() did not return a driver object");
  }
  const d = value as Record<string, unknown>;
  if (d.type !== manifest.driver.type) {
    throw new PluginFormatError(
      `it provides the driver type ${JSON.stringify(d.type)}, but its manifest promises "${manifest.driver.type}"`,
    );
  }
  const missing = DRIVER_FUNCTIONS.filter((f) => typeof d[f] !== "function");
  if (missing.length) {
    throw new PluginFormatError(`its driver lacks ${missing.join(", ")}`);
  }
  return value as PluginDriver;
}
