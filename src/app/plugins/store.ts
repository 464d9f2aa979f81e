/**
 * Installed plugins on disk, in the app data folder:
 *
 *   plugins/<id>/installed.json             what is installed: version, SHA-256, manifest, source
 *   plugins/<id>/<id>-<version>-<sha>.tgz   the archive itself, exactly as downloaded and verified
 *
 * The archive is kept as it came and loaded from memory after its SHA-256 is checked again, so what
 * runs is always what was verified. Installing writes the new archive first and then switches
 * `installed.json` atomically: a crash leaves the old plugin or the new one, never a mix.
 */
import { readdir, readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { errors } from "../../core/errors.ts";
import { type PluginManifest, parseManifest } from "../../core/plugin.ts";
import { readJsonFile, writeFileAtomic } from "../storage/atomic-write.ts";
import { withFileLock } from "../storage/file-lock.ts";
import { fsReason } from "../storage/fs-reason.ts";
import { ensurePrivateDir } from "../storage/paths.ts";
import { pluginsDir } from "./catalog.ts";

export interface InstalledRecord {
  id: string;
  version: string;
  /** SHA-256 of the archive, from the catalog it was installed from. */
  sha256: string;
  size: number;
  /** The archive's file name in the plugin's folder. */
  archive: string;
  manifest: PluginManifest;
  installedAt: string;
  /** Where the archive was downloaded from. */
  source: string;
}

/** An installed plugin as found on disk: its record, or why the record cannot be used. */
export type InstalledEntry =
  | { id: string; record: InstalledRecord; problem?: undefined }
  | { id: string; record?: undefined; problem: string };

const RECORD_FILE = "installed.json";
const ID = /^[a-z0-9][a-z0-9-]{0,63}$/;
const ARCHIVE_NAME = /^[a-z0-9][a-z0-9.+-]*\.tgz$/;

function parseRecord(id: string, value: unknown): InstalledRecord {
  const r = value as Partial<InstalledRecord> | null;
  if (!r || typeof r !== "object") throw new Error(`${RECORD_FILE} is not an object`);
  if (r.id !== id) throw new Error(`${RECORD_FILE} names the plugin ${JSON.stringify(r.id)}`);
  if (typeof r.sha256 !== "string" || !/^[0-9a-f]{64}$/.test(r.sha256)) {
    throw new Error(`${RECORD_FILE} has no valid SHA-256`);
  }
  if (typeof r.archive !== "string" || !ARCHIVE_NAME.test(r.archive)) {
    throw new Error(`${RECORD_FILE} names no valid archive file`);
  }
  const manifest = parseManifest(r.manifest);
  if (manifest.id !== id) throw new Error(`its manifest names the plugin ${manifest.id}`);
  return {
    id,
    version: manifest.version,
    sha256: r.sha256,
    size: typeof r.size === "number" ? r.size : 0,
    archive: r.archive,
    manifest,
    installedAt: typeof r.installedAt === "string" ? r.installedAt : "",
    source: typeof r.source === "string" ? r.source : "",
  };
}

export class PluginStore {
  readonly dir: string;

  constructor(dataDir: string) {
    this.dir = pluginsDir(dataDir);
  }

  #pluginDir(id: string): string {
    if (!ID.test(id)) throw new Error(`invalid plugin id ${JSON.stringify(id)}`);
    return join(this.dir, id);
  }

  /** Runs `body` while no other Quarry process installs or removes plugins in this data folder. */
  async exclusive<T>(body: () => Promise<T>): Promise<T> {
    await ensurePrivateDir(this.dir);
    return withFileLock(join(this.dir, ".lock"), body, { timeoutMs: 120_000 });
  }

  async list(): Promise<InstalledEntry[]> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw errors.storageFailed(
        `Cannot read the plugins folder ${this.dir}: ${fsReason(e)}`,
        "Check that the app data folder is yours and readable.",
        { path: this.dir },
      );
    }
    const out: InstalledEntry[] = [];
    for (const id of names.filter((n) => ID.test(n)).sort()) {
      const entry = await this.get(id);
      if (entry) out.push(entry);
    }
    return out;
  }

  /** The plugin's installed entry, or undefined when it is not installed. */
  async get(id: string): Promise<InstalledEntry | undefined> {
    if (!ID.test(id)) return undefined;
    let raw: unknown;
    try {
      raw = await readJsonFile<unknown>(join(this.#pluginDir(id), RECORD_FILE), undefined);
    } catch (e) {
      return { id, problem: (e as Error).message };
    }
    if (raw === undefined) return undefined;
    try {
      return { id, record: parseRecord(id, raw) };
    } catch (e) {
      return { id, problem: `its install record is damaged (${(e as Error).message})` };
    }
  }

  async readArchive(record: InstalledRecord): Promise<Buffer> {
    return readFile(join(this.#pluginDir(record.id), record.archive));
  }

  /** Stores a verified archive and makes it the installed version. Call inside `exclusive`. */
  async save(
    manifest: PluginManifest,
    archive: Buffer,
    sha256: string,
    source: string,
  ): Promise<InstalledRecord> {
    const dir = await ensurePrivateDir(this.#pluginDir(manifest.id));
    const record: InstalledRecord = {
      id: manifest.id,
      version: manifest.version,
      sha256,
      size: archive.length,
      archive: `${manifest.id}-${manifest.version}-${sha256.slice(0, 12)}.tgz`,
      manifest,
      installedAt: new Date().toISOString(),
      source,
    };
    await writeFileAtomic(join(dir, record.archive), archive, { mode: 0o600 });
    await writeFileAtomic(join(dir, RECORD_FILE), `${JSON.stringify(record, null, 2)}\n`, {
      mode: 0o600,
    });
    // Earlier versions' archives are no longer referenced.
    for (const name of await readdir(dir)) {
      if (ARCHIVE_NAME.test(name) && name !== record.archive) {
        await rm(join(dir, name), { force: true });
      }
    }
    return record;
  }

  /** Removes a plugin; returns whether one was installed. Call inside `exclusive`. */
  async remove(id: string): Promise<boolean> {
    const dir = this.#pluginDir(id);
    const had = (await this.get(id)) !== undefined;
    // The record goes first: a crash half-way leaves "not installed", never a record without files.
    await rm(join(dir, RECORD_FILE), { force: true });
    await rm(dir, { recursive: true, force: true });
    return had;
  }
}
