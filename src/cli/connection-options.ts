/**
 * How a command names its connection: `<conn>` is a saved connection's name, or a URL with the
 * connection flags of the driver that reads that URL's scheme (generated from its SettingsForm,
 * e.g. `--user`, `--ssl-mode`). Secrets are read from standard input so they stay out of shell
 * history.
 */
import { existsSync } from "node:fs";
import type { Command } from "commander";
import {
  type InstalledDriver,
  installedDriver,
  installedTypes,
  loadInstalledDrivers,
  requireInstalledDriver,
} from "../app/connections/driver-registry.ts";
import { shippedDriverType } from "../app/plugins/catalog.ts";
import { appDataDir, ensureAppDataDir } from "../app/storage/paths.ts";
import type { ConnectionSecrets } from "../core/driver.ts";
import { QuarryError } from "../core/errors.ts";
import { isShown, withDefaults } from "../core/settings-form.ts";
import { prepareBeforeParse, wantsHelp } from "./prepare.ts";
import {
  addSettingsFlags,
  attributeOf,
  flagOf,
  readSecrets,
  refuseForeignFlags,
  settingsFromFlags,
} from "./settings-flags.ts";

export { readStdin } from "./settings-flags.ts";

/** The options commander parsed: the command's own and the driver flags added before parsing. */
export type ConnectionFlags = Record<string, unknown>;

/**
 * The database type Quarry ships a driver for (the first of its shipped catalog): a new
 * connection's default type, and the driver for a URL whose scheme no installed driver reads
 * (installed from the catalog when missing).
 */
export function defaultDatabaseType(): string {
  const type = shippedDriverType();
  if (type) return type;
  throw new QuarryError(
    "invalid_input",
    "This Quarry ships no driver catalog, so it has no default database type",
    "Name the type with --type <type> (quarry plugins list shows the installed drivers).",
  );
}

/** A value with a scheme (`http://`, `https://`) is a URL; anything else names a saved connection. */
export function isUrl(conn: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(conn);
}

/** The drivers loaded from the app data folder (none before anything was installed). */
export async function loadedDrivers(): Promise<InstalledDriver[]> {
  const dir = appDataDir();
  if (existsSync(dir)) await loadInstalledDrivers(dir);
  return installedTypes().flatMap((t) => installedDriver(t) ?? []);
}

/** The installed driver that reads a URL's scheme, installing the default one when none does. */
async function driverForScheme(scheme: string, drivers: InstalledDriver[]) {
  const reader = drivers.find((d) => d.settingsForm().url?.schemes.includes(scheme));
  return reader ?? requireInstalledDriver(defaultDatabaseType(), await ensureAppDataDir());
}

/** The command takes the URL flags of every installed driver that reads URLs. */
export function addConnectionFlags(cmd: Command): Command {
  return prepareBeforeParse(cmd, async (args) => {
    const drivers = await loadedDrivers();
    const url = wantsHelp(args) ? undefined : args.find(isUrl);
    if (url && URL.canParse(url)) {
      const d = await driverForScheme(new URL(url).protocol.slice(0, -1), drivers);
      if (!drivers.includes(d)) drivers.push(d);
    }
    for (const d of drivers) addSettingsFlags(cmd, d.settingsForm(), "url");
  });
}

/** The URL flags given, as people typed them ("--ssl-mode"), whatever driver they belong to. */
export function givenUrlFlags(flags: ConnectionFlags): string[] {
  const names = installedTypes().flatMap((t) =>
    (installedDriver(t)?.settingsForm().fields ?? []).flatMap((f) => flagOf(f, "url") ?? []),
  );
  return [...new Set(names)]
    .filter((flag) => flags[attributeOf(flag)] !== undefined)
    .map((flag) => `--${flag}`);
}

function parseUrl(url: string): URL {
  try {
    return new URL(url);
  } catch {
    throw new QuarryError(
      "invalid_input",
      `"${url}" is neither a saved connection nor a URL`,
      "Pass a saved connection's name, or a URL such as http://localhost:9200.",
    );
  }
}

/**
 * The driver, settings and secrets of a connection that is not saved: the URL's settings, then the
 * flags, then the form's defaults; the driver checks them. A secret the settings use but that was
 * not given is empty (a user name alone signs in with an empty password).
 */
export async function connectionFromUrl(
  url: string,
  flags: ConnectionFlags,
): Promise<{
  driver: InstalledDriver;
  settings: Record<string, unknown>;
  secrets: ConnectionSecrets;
}> {
  const parsed = parseUrl(url);
  const drivers = await loadedDrivers();
  const driver = await driverForScheme(parsed.protocol.slice(0, -1), drivers);
  const form = driver.settingsForm();
  refuseForeignFlags(
    form,
    drivers.map((d) => d.settingsForm()),
    flags,
    "url",
    driver.type,
  );
  const fromUrl = driver.settingsFromUrl(parsed) ?? {};
  const secrets: ConnectionSecrets = await readSecrets(form, flags, "url");
  const given = { ...fromUrl, ...settingsFromFlags(form, flags, "url") };
  const settings = withDefaults(form, given, Object.keys(secrets));
  for (const f of form.fields) {
    const name = f.key as keyof ConnectionSecrets;
    if (f.kind === "secret" && isShown(f, settings) && secrets[name] === undefined)
      secrets[name] = "";
  }
  return { driver, settings, secrets };
}
