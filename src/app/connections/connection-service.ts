/**
 * Saved connections together with their secrets: what the CLI, the UI's API and the MCP server call
 * to add, change, remove, describe and open a saved connection. Each operation checks everything
 * before it writes anything, so bad input loses nothing.
 */
import type { ConnectionPatch, NewConnection, SavedConnection } from "../../core/connections.ts";
import type { ConnectionSecrets, DriverSession } from "../../core/driver.ts";
import { errors, isQuarryError, QuarryError, remedyFor } from "../../core/errors.ts";
import { ConnectionStore, mergeSettings } from "../storage/connection-store.ts";
import { ensureAppDataDir } from "../storage/paths.ts";
import { openSecretStore, type SecretLocation, type SecretStore } from "../storage/secret-store.ts";
import {
  type InstalledDriver,
  installedDriver,
  loadInstalledDrivers,
  offerDriver,
  type SecretField,
} from "./driver-registry.ts";

export interface AppStorage {
  dir: string;
  connections: ConnectionStore;
  secrets: SecretStore;
}

/**
 * The app data folder's stores (the folder is created 0700, and refused if another user owns it).
 */
export async function openAppStorage(env: NodeJS.ProcessEnv = process.env): Promise<AppStorage> {
  const dir = await ensureAppDataDir(env);
  await loadInstalledDrivers(dir, env); // drivers are plugins, verified and loaded per data folder
  return {
    dir,
    connections: new ConnectionStore(dir, { driverFor: installedDriver }),
    secrets: await openSecretStore(dir, env),
  };
}

/** A secret to set (a string), to delete (null), or to keep (absent). */
export type SecretsChange = { [K in SecretField]?: string | null };

const SECRET_LABELS: Record<SecretField, string> = {
  password: "Password",
  apiKey: "API Key",
  clientKeyPassphrase: "Client key passphrase",
  proxyPassword: "Proxy secret",
  sshPassphrase: "SSH key passphrase",
};

/** A secret the settings do not use: why, and the remedy in the CLI's and the editor's words. */
const UNUSED_SECRET: Record<SecretField, [string, string, string]> = {
  password: [
    "was given, but the connection's Auth Method does not use it",
    "Choose Auth Method Username & Password (--auth basic), or leave the password out.",
    "Choose Auth Method Username & Password, or leave the password empty.",
  ],
  apiKey: [
    "was given, but the connection's Auth Method does not use it",
    "Choose Auth Method API Key (--auth api-key), or leave the API key out.",
    "Choose Auth Method API Key, or leave the API key empty.",
  ],
  clientKeyPassphrase: [
    "was given, but the connection has no client key",
    "Set the client key first (--client-key <key.pem>), or leave the passphrase out.",
    "Choose the Client key first, or leave the passphrase empty.",
  ],
  proxyPassword: [
    "was given, but the connection's proxy names no user",
    "Write the proxy with its user (--proxy http://user@proxy:3128), or leave the password out.",
    "Write the proxy with its user (http://user@proxy:3128), or leave the password empty.",
  ],
  sshPassphrase: [
    "was given, but the connection has no SSH key",
    "Set the SSH tunnel and its key (--ssh, --ssh-key), or leave the passphrase out.",
    "Set the SSH tunnel and its key, or leave the passphrase empty.",
  ],
};

/**
 * Loads a saved connection (unless given, as read already) and its secrets and opens a session
 * with its driver, checking the driver's archive once.
 */
export async function openSavedConnection(
  idOrName: string | SavedConnection,
  storage?: AppStorage,
): Promise<{ connection: SavedConnection; session: DriverSession }> {
  const store = storage ?? (await openAppStorage());
  const connection =
    typeof idOrName === "string" ? await store.connections.require(idOrName) : idOrName;
  const driver = await requireDriver(connection, store.dir);
  const config = aboutConnection(connection, () => driver.validateConfig(connection.settings));
  const secrets = await store.secrets.get(connection.id);
  aboutConnection(connection, () => driver.validateSecrets(config, secrets));
  return { connection, session: driver.connect(config, secrets) };
}

/** Saves a new connection and its secrets. Secrets the settings do not use are refused. */
export async function addConnection(
  storage: AppStorage,
  input: NewConnection,
  secrets: ConnectionSecrets = {},
): Promise<SavedConnection> {
  // Creating a connection of a type installs its driver when the catalog offers it.
  const driver = await offerDriver(input.type, storage.dir);
  // Nothing could check the settings without the driver: a new connection is refused rather than
  // saved unchecked (an existing one whose driver goes missing is kept, see ConnectionStore).
  if (!driver) throw errors.driverNotInstalled(input.type, input.name, false);
  const config = driver.validateConfig(input.settings);
  const keep = secretsFor(driver, config, secrets);
  driver.validateSecrets(config, keep);
  const saved = await storage.connections.create(input);
  try {
    await storage.secrets.set(saved.id, keep);
  } catch (e) {
    // Without its secret the connection could not be used: take it back out.
    await storage.connections.remove(saved.id).catch(() => {});
    throw e;
  }
  return saved;
}

/**
 * Changes a saved connection and, in the same step, its secrets. Secrets the new settings no longer
 * use (a password after switching to API Key) are deleted, never left behind.
 */
export async function editConnection(
  storage: AppStorage,
  idOrName: string,
  patch: ConnectionPatch,
  change: SecretsChange = {},
): Promise<SavedConnection> {
  const current = await storage.connections.require(idOrName);
  const touchesSecrets = Object.values(change).some((v) => v !== undefined);
  const driver = installedDriver(current.type) ?? (await offerDriver(current.type, storage.dir));
  if (!driver) {
    if (patch.settings !== undefined || touchesSecrets)
      throw errors.driverNotInstalled(current.type, current.name);
    return storage.connections.update(current.id, patch);
  }
  const config = driver.validateConfig(
    patch.settings ? mergeSettings(current.settings, patch.settings) : current.settings,
  );
  const stored = await storage.secrets.get(current.id);
  const given: ConnectionSecrets = {};
  for (const field of Object.keys(SECRET_LABELS) as SecretField[]) {
    const v = change[field];
    if (typeof v === "string") given[field] = v;
  }
  const next = secretsFor(driver, config, given);
  for (const field of driver.secretFields(config)) {
    if (next[field] === undefined && change[field] !== null && stored[field] !== undefined)
      next[field] = stored[field];
  }
  driver.validateSecrets(config, next);

  const updated = await storage.connections.update(current.id, patch);
  if (!sameSecrets(stored, next)) {
    try {
      await storage.secrets.set(current.id, next);
    } catch (e) {
      await storage.connections
        .update(current.id, {
          name: current.name,
          settings: replaceAll(updated.settings, current.settings),
          externalClients: current.externalClients,
          aiPolicy: current.aiPolicy,
        })
        .catch(() => {});
      throw e;
    }
  }
  return updated;
}

/** Removes a saved connection; its secrets go first, so none outlive it. */
export async function removeConnection(
  storage: AppStorage,
  idOrName: string,
): Promise<SavedConnection> {
  const current = await storage.connections.require(idOrName);
  await storage.secrets.delete(current.id);
  await storage.connections.remove(current.id);
  return current;
}

/** What `show` and the UI tell about a connection. Never a secret, not even its length. */
export interface ConnectionDescription extends SavedConnection {
  driverInstalled: boolean;
  /** Where the settings point (e.g. https://es:9200), when the driver is installed. */
  endpoint?: string;
  secret: {
    /** The secrets the settings use ("password", "apiKey"). */
    needed: SecretField[];
    stored: SecretField[];
    /** Where they are kept, when any are. */
    location?: SecretLocation;
  };
}

export async function describeConnection(
  storage: AppStorage,
  connection: SavedConnection,
): Promise<ConnectionDescription> {
  const driver = installedDriver(connection.type);
  let config: Record<string, unknown> | undefined;
  try {
    config = driver?.validateConfig(connection.settings);
  } catch {
    config = undefined; // shown as saved; opening it names the problem
  }
  const secrets = await storage.secrets.get(connection.id);
  const location = await storage.secrets.locate(connection.id);
  return {
    ...connection,
    driverInstalled: driver !== undefined,
    ...(driver && config ? { endpoint: driver.describeEndpoint(config) } : {}),
    secret: {
      needed: driver && config ? driver.secretFields(config) : [],
      stored: (Object.keys(SECRET_LABELS) as SecretField[]).filter((f) => secrets[f] !== undefined),
      ...(location ? { location } : {}),
    },
  };
}

/**
 * Opening a saved connection installs its missing driver without asking (docs/architecture.md,
 * "Driver plugins and the app process").
 */
async function requireDriver(
  connection: SavedConnection,
  dataDir: string,
): Promise<InstalledDriver> {
  const driver = await offerDriver(connection.type, dataDir);
  if (!driver) throw errors.driverNotInstalled(connection.type, connection.name);
  return driver;
}

/** Keeps the secrets these settings use; a secret given for another auth method is refused. */
function secretsFor(
  driver: InstalledDriver,
  config: Record<string, unknown>,
  secrets: ConnectionSecrets,
): ConnectionSecrets {
  const used = driver.secretFields(config);
  const out: ConnectionSecrets = {};
  for (const field of Object.keys(SECRET_LABELS) as SecretField[]) {
    const value = secrets[field];
    if (value === undefined) continue;
    if (!used.includes(field)) {
      const [why, cli, ui] = UNUSED_SECRET[field];
      throw errors.invalidConfig(SECRET_LABELS[field], why, cli, ui);
    }
    if (value.trim() === "")
      throw errors.invalidConfig(
        SECRET_LABELS[field],
        "is empty",
        'Pass the value on standard input, e.g. printf %s "$SECRET" | quarry connections …',
        `Type the ${SECRET_LABELS[field].toLowerCase()}.`,
      );
    out[field] = value;
  }
  return out;
}

function sameSecrets(a: ConnectionSecrets, b: ConnectionSecrets): boolean {
  return (Object.keys(SECRET_LABELS) as SecretField[]).every((f) => a[f] === b[f]);
}

/** A settings patch that turns `from` back into `to` (keys missing from `to` are removed). */
function replaceAll(
  from: Record<string, unknown>,
  to: Record<string, unknown>,
): Record<string, unknown> {
  const patch: Record<string, unknown> = { ...to };
  for (const key of Object.keys(from)) if (!(key in to)) patch[key] = null;
  return patch;
}

/**
 * Names the connection in a settings or secrets refusal, and points at the command that fixes it.
 */
function aboutConnection<T>(connection: SavedConnection, check: () => T): T {
  try {
    return check();
  } catch (e) {
    if (!isQuarryError(e)) throw e;
    throw new QuarryError(
      e.code,
      `Connection "${connection.name}": ${e.message}`,
      `${e.remedy} Change it with: quarry connections edit "${connection.name}" …`,
      { ...e.details, connection: connection.name },
      `${remedyFor(e, "ui")} Change it in the connection's editor (Edit on the Connections screen).`,
    );
  }
}
