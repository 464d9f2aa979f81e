/**
 * Saved connections in `connections.json` in the app data folder. No secrets are stored here (see
 * secret-store.ts). Every change re-reads the file under a lock and writes it atomically, so the CLI
 * and the app can change connections at the same time without losing each other's changes.
 */
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import {
  type ConnectionPatch,
  DEFAULT_AI_POLICY,
  DEFAULT_EXTERNAL_CLIENTS,
  type NewConnection,
  pickAiPolicy,
  pickExternalClients,
  type SavedConnection,
  sameName,
  validateConnectionName,
} from "../../core/connections.ts";
import { errors } from "../../core/errors.ts";
import { readJsonFile, writeFileAtomic } from "./atomic-write.ts";
import { withFileLock } from "./file-lock.ts";
import { ensurePrivateDir } from "./paths.ts";

export const CONNECTIONS_FILE = "connections.json";
const FORMAT_VERSION = 1;

/** The file as stored. Entries keep fields this version does not know, so a newer Quarry's data survives. */
interface ConnectionsFile {
  version: number;
  connections: Record<string, unknown>[];
}

/** What the store needs of a driver: its settings rules (checks and normalizes settings). */
export interface SettingsRules {
  validateConfig(input: unknown): Record<string, unknown>;
}

export interface ConnectionStoreOptions {
  /**
   * The driver of a type, or undefined when none is installed: the app gives the drivers loaded
   * in this process (`openAppStorage` loads the data folder's plugins first). Given, not imported,
   * so storage stays below the connections that use it.
   */
  driverFor: (type: string) => SettingsRules | undefined;
}

export class ConnectionStore {
  readonly dir: string;
  readonly path: string;
  readonly #lockPath: string;
  readonly #driverFor: (type: string) => SettingsRules | undefined;

  constructor(dir: string, options: ConnectionStoreOptions) {
    this.dir = dir;
    this.path = join(dir, CONNECTIONS_FILE);
    this.#lockPath = `${this.path}.lock`;
    this.#driverFor = options.driverFor;
  }

  async list(): Promise<SavedConnection[]> {
    return (await this.#read()).connections.map((raw, i) => this.#parse(raw, i));
  }

  /** By id, or else by name (ignoring case). */
  async get(idOrName: string): Promise<SavedConnection | undefined> {
    return find(await this.list(), idOrName);
  }

  async require(idOrName: string): Promise<SavedConnection> {
    return findOrRefuse(await this.list(), idOrName);
  }

  async create(input: NewConnection): Promise<SavedConnection> {
    const name = validateConnectionName(input.name);
    const type = validateType(input.type);
    const settings = this.#validateSettings(type, input.settings);
    const externalClients = pickExternalClients(input.externalClients ?? DEFAULT_EXTERNAL_CLIENTS);
    const aiPolicy = pickAiPolicy(input.aiPolicy ?? DEFAULT_AI_POLICY);
    return this.#change(async (file) => {
      const all = file.connections.map((raw, i) => this.#parse(raw, i));
      assertNameFree(all, name);
      const now = new Date().toISOString();
      const saved: SavedConnection = {
        id: randomUUID(),
        name,
        type,
        settings,
        externalClients,
        aiPolicy,
        createdAt: now,
        updatedAt: now,
      };
      file.connections.push({ ...saved });
      return saved;
    });
  }

  async update(idOrName: string, patch: ConnectionPatch): Promise<SavedConnection> {
    const name = patch.name === undefined ? undefined : validateConnectionName(patch.name);
    const externalClients =
      patch.externalClients === undefined ? undefined : pickExternalClients(patch.externalClients);
    const aiPolicy = patch.aiPolicy === undefined ? undefined : pickAiPolicy(patch.aiPolicy);
    return this.#change(async (file) => {
      const all = file.connections.map((raw, i) => this.#parse(raw, i));
      const current = findOrRefuse(all, idOrName);
      const index = all.indexOf(current);
      if (name !== undefined) assertNameFree(all, name, current.id);
      let settings = current.settings;
      if (patch.settings !== undefined) {
        if (!this.#driverFor(current.type))
          throw errors.driverNotInstalled(current.type, current.name);
        settings = this.#validateSettings(
          current.type,
          mergeSettings(current.settings, patch.settings),
        );
      }
      const next: SavedConnection = {
        ...current,
        name: name ?? current.name,
        settings,
        externalClients: externalClients ?? current.externalClients,
        aiPolicy: aiPolicy ?? current.aiPolicy,
        updatedAt: new Date().toISOString(),
      };
      file.connections[index] = { ...file.connections[index], ...next };
      return next;
    });
  }

  async remove(idOrName: string): Promise<void> {
    await this.#change(async (file) => {
      const all = file.connections.map((raw, i) => this.#parse(raw, i));
      const current = findOrRefuse(all, idOrName);
      file.connections.splice(all.indexOf(current), 1);
    });
  }

  async #read(): Promise<ConnectionsFile> {
    const file = await readJsonFile<unknown>(this.path, undefined);
    if (file === undefined) return { version: FORMAT_VERSION, connections: [] };
    if (
      typeof file !== "object" ||
      file === null ||
      !Array.isArray((file as ConnectionsFile).connections)
    ) {
      throw this.#malformed('it has no "connections" list');
    }
    const { version } = file as ConnectionsFile;
    if (typeof version !== "number" || version > FORMAT_VERSION) {
      throw errors.storageFailed(
        `${this.path} was written by a newer version of Quarry (format ${String(version)})`,
        "Update Quarry to open these connections; this version leaves the file untouched.",
        { path: this.path },
      );
    }
    return file as ConnectionsFile;
  }

  /** Read-modify-write under the lock, so concurrent writers never overwrite each other. */
  async #change<T>(mutate: (file: ConnectionsFile) => Promise<T>): Promise<T> {
    await ensurePrivateDir(this.dir);
    return withFileLock(this.#lockPath, async () => {
      const file = await this.#read();
      const result = await mutate(file);
      const text = `${JSON.stringify({ ...file, version: FORMAT_VERSION }, null, 2)}\n`;
      await writeFileAtomic(this.path, text, { mode: 0o600 });
      return result;
    });
  }

  /** Checks an entry's shape. Settings are not checked here: a connection whose driver is missing is still listed. */
  #parse(raw: unknown, index: number): SavedConnection {
    const entry = raw as Record<string, unknown>;
    const text = (key: string): string => {
      const v = entry?.[key];
      if (typeof v !== "string" || v === "")
        throw this.#malformed(`connection #${index + 1} has no valid "${key}"`);
      return v;
    };
    if (typeof entry !== "object" || entry === null)
      throw this.#malformed(`connection #${index + 1} is not an object`);
    const settings = entry.settings;
    if (typeof settings !== "object" || settings === null || Array.isArray(settings))
      throw this.#malformed(`connection #${index + 1} has no valid "settings"`);
    let externalClients: SavedConnection["externalClients"];
    let aiPolicy: SavedConnection["aiPolicy"];
    try {
      externalClients = pickExternalClients(entry.externalClients);
      aiPolicy = pickAiPolicy(entry.aiPolicy);
    } catch (e) {
      throw this.#malformed(`connection #${index + 1}: ${(e as Error).message}`);
    }
    return {
      id: text("id"),
      name: text("name"),
      type: text("type"),
      settings: { ...(settings as Record<string, unknown>) },
      externalClients,
      aiPolicy,
      createdAt: text("createdAt"),
      updatedAt: text("updatedAt"),
    };
  }

  /** The driver's rules when it is installed; otherwise the settings are kept as given. */
  #validateSettings(type: string, input: unknown): Record<string, unknown> {
    const driver = this.#driverFor(type);
    if (driver) return driver.validateConfig(input);
    if (typeof input !== "object" || input === null || Array.isArray(input)) {
      throw errors.invalidConfig(
        "Settings",
        "must be an object",
        "Pass the connection's settings.",
      );
    }
    return JSON.parse(JSON.stringify(input)) as Record<string, unknown>;
  }

  #malformed(problem: string) {
    return errors.storageFailed(
      `${this.path} is not a valid connections file: ${problem}`,
      "Quarry has not changed it. Repair the entry, or move the file aside to start with no connections.",
      { path: this.path },
    );
  }
}

function find(all: SavedConnection[], idOrName: string): SavedConnection | undefined {
  return all.find((c) => c.id === idOrName) ?? all.find((c) => sameName(c.name, idOrName));
}

/** The connection named (by id or name), or `connection_not_found` listing the saved names. */
function findOrRefuse(all: SavedConnection[], idOrName: string): SavedConnection {
  const found = find(all, idOrName);
  if (!found)
    throw errors.connectionNotFound(
      idOrName,
      all.map((c) => c.name),
    );
  return found;
}

function assertNameFree(all: SavedConnection[], name: string, exceptId?: string): void {
  const clash = all.find((c) => c.id !== exceptId && sameName(c.name, name));
  if (clash) throw errors.connectionExists(name, clash.name);
}

function validateType(input: unknown): string {
  if (typeof input !== "string" || !/^[a-z0-9][a-z0-9._-]*$/.test(input)) {
    throw errors.invalidConfig(
      "Type",
      `"${String(input)}" is not a database type`,
      "Use a driver's type id, e.g. elasticsearch.",
    );
  }
  return input;
}

export function mergeSettings(
  current: Record<string, unknown>,
  patch: Record<string, unknown>,
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key];
    else if (value !== undefined) merged[key] = value;
  }
  return merged;
}
