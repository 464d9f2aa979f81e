/**
 * One running app per data folder.
 *
 * The lock is an exclusive SQLite lock on `instance.lock`, held by the running app for its whole
 * life. SQLite takes it with the operating system's file locks (fcntl on Unix, LockFileEx on
 * Windows), which the kernel drops when the process ends in any way, SIGKILL and power loss
 * included: a crashed app never leaves a lock that blocks the next start, and there is no process
 * id to mistake for another (ids are reused). Only the holder ever opens the lock file while it
 * runs (closing another handle to it would drop a Unix process's locks).
 *
 * `instance.json` (0600, written atomically once the app answers) tells other Quarry processes how
 * to reach it: process id, port, instance id and the per-run secret that its local HTTP server
 * asks for. It may be stale after a crash; a client trusts it only when the app on that port
 * answers with the same instance id.
 */
import { closeSync, existsSync, openSync, readFileSync, rmSync } from "node:fs";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { errors } from "../../core/errors.ts";
import { readJsonFile, writeFileAtomic } from "../storage/atomic-write.ts";
import { fsReason } from "../storage/fs-reason.ts";

export const LOCK_FILE = "instance.lock";
export const INSTANCE_FILE = "instance.json";

/** What `instance.json` holds. */
export interface InstanceInfo {
  /** Random per run; the app's status answer repeats it, which proves the file is current. */
  instanceId: string;
  pid: number;
  port: number;
  /** The per-run secret the app's HTTP server asks for (header X-Quarry-Secret). */
  secret: string;
  version: string;
  dataDir: string;
  startedAt: string;
}

/** The lock a running app holds. */
export class InstanceLock {
  readonly #db: DatabaseSync;
  #released = false;

  private constructor(db: DatabaseSync) {
    this.#db = db;
  }

  /** Takes the lock, or returns undefined when another process holds it. */
  static tryAcquire(dataDir: string): InstanceLock | undefined {
    const path = join(dataDir, LOCK_FILE);
    try {
      closeSync(openSync(path, "a", 0o600)); // created private, before SQLite opens it
    } catch (e) {
      throw errors.storageFailed(
        `Cannot create the lock file ${path}: ${fsReason(e)}`,
        "Check that the app data folder is yours and writable.",
        { path },
      );
    }
    let db: DatabaseSync;
    try {
      db = new DatabaseSync(path, { timeout: 0 });
    } catch (e) {
      throw errors.storageFailed(
        `Cannot open the lock file ${path}: ${(e as Error).message}`,
        `Delete ${path} (it holds no data) and start Quarry again.`,
        { path },
      );
    }
    try {
      // The journal in memory: nothing is ever written, and no journal file is left by a crash.
      db.exec("PRAGMA journal_mode = MEMORY");
      db.exec("PRAGMA locking_mode = EXCLUSIVE");
      db.exec("BEGIN EXCLUSIVE");
      return new InstanceLock(db);
    } catch (e) {
      db.close();
      if (isBusy(e)) return undefined;
      throw errors.storageFailed(
        `Cannot lock ${path}: ${(e as Error).message}`,
        `Delete ${path} (it holds no data) and start Quarry again.`,
        { path },
      );
    }
  }

  release(): void {
    if (this.#released) return;
    this.#released = true;
    try {
      this.#db.exec("ROLLBACK");
    } catch {
      // Nothing was written; closing ends the transaction anyway.
    }
    this.#db.close();
  }
}

function isBusy(e: unknown): boolean {
  const err = e as { errcode?: number; message?: string };
  // SQLITE_BUSY (5) and SQLITE_LOCKED (6), with or without extended codes.
  return (
    (typeof err.errcode === "number" && [5, 6].includes(err.errcode & 0xff)) ||
    /database is locked|database table is locked/i.test(err.message ?? "")
  );
}

/**
 * Whether some process holds the lock right now. Never call this from the process that holds it.
 * The probe holds the lock for an instant; a start racing with it retries.
 */
export function lockIsHeld(dataDir: string): boolean {
  if (!existsSync(join(dataDir, LOCK_FILE))) return false; // never ran here (or not since a reset)
  const lock = InstanceLock.tryAcquire(dataDir);
  if (!lock) return true;
  lock.release();
  return false;
}

export function instanceFile(dataDir: string): string {
  return join(dataDir, INSTANCE_FILE);
}

export async function readInstanceInfo(dataDir: string): Promise<InstanceInfo | undefined> {
  const raw = await readJsonFile<Partial<InstanceInfo> | undefined>(
    instanceFile(dataDir),
    undefined,
  ).catch(() => undefined); // half-written files cannot happen (atomic), but a damaged one is "none"
  if (
    !raw ||
    typeof raw.instanceId !== "string" ||
    typeof raw.secret !== "string" ||
    !Number.isInteger(raw.port) ||
    !Number.isInteger(raw.pid)
  ) {
    return undefined;
  }
  return raw as InstanceInfo;
}

export async function writeInstanceInfo(info: InstanceInfo): Promise<void> {
  await writeFileAtomic(instanceFile(info.dataDir), `${JSON.stringify(info, null, 2)}\n`, {
    mode: 0o600,
  });
}

/** The same, at once, for a process about to exit (a stop that hangs, ended by a third signal). */
export function removeInstanceInfoNow(info: InstanceInfo): void {
  try {
    const raw = JSON.parse(
      readFileSync(instanceFile(info.dataDir), "utf8"),
    ) as Partial<InstanceInfo>;
    if (raw.instanceId === info.instanceId) rmSync(instanceFile(info.dataDir), { force: true });
  } catch {
    // gone already, or not ours to judge
  }
}

/** Removes `instance.json` if it is still this run's (a newer run may have replaced it). */
export async function removeInstanceInfo(info: InstanceInfo): Promise<void> {
  const current = await readInstanceInfo(info.dataDir);
  if (current?.instanceId === info.instanceId) {
    await rm(instanceFile(info.dataDir), { force: true });
  }
}
