/**
 * A short-lived lock between processes (the CLI and the app may save connections at the same
 * time): a lock file created exclusively, holding its owner's process id. Held only for one
 * read-modify-write, so waiting is brief. A lock left by a process that died is taken over at
 * once (its process is gone) or, when that cannot be told (another machine), after STALE_MS.
 */
import { randomUUID } from "node:crypto";
import { link, open, readFile, rename, rm, stat } from "node:fs/promises";
import { hostname } from "node:os";
import { errors } from "../../core/errors.ts";
import { isAlive } from "./atomic-write.ts";
import { fsReason } from "./fs-reason.ts";

interface LockOwner {
  pid: number;
  host: string;
  token: string;
  since: string;
}

const STALE_MS = 30_000;

export interface LockOptions {
  /** How long to wait for another holder before giving up. */
  timeoutMs?: number;
}

/** Runs `body` while holding the lock file `lockPath`; always releases it. */
export async function withFileLock<T>(
  lockPath: string,
  body: () => Promise<T>,
  options: LockOptions = {},
): Promise<T> {
  const token = await acquire(lockPath, options.timeoutMs ?? 15_000);
  try {
    return await body();
  } finally {
    await release(lockPath, token);
  }
}

async function acquire(lockPath: string, timeoutMs: number): Promise<string> {
  const me: LockOwner = {
    pid: process.pid,
    host: hostname(),
    token: randomUUID(),
    since: new Date().toISOString(),
  };
  const deadline = Date.now() + timeoutMs;
  let delay = 5;
  for (;;) {
    try {
      const handle = await open(lockPath, "wx", 0o600);
      try {
        await handle.writeFile(JSON.stringify(me));
      } finally {
        await handle.close();
      }
      return me.token;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") {
        throw errors.storageFailed(
          `Cannot create the lock file ${lockPath}: ${fsReason(e)}`,
          "Check that the app data folder is yours and writable.",
          { path: lockPath },
        );
      }
    }
    const holder = await readOwner(lockPath);
    if (holder && (await isStale(lockPath, holder.owner))) {
      await breakLock(lockPath, holder.raw);
      continue;
    }
    if (Date.now() > deadline) {
      const who = holder?.owner
        ? `process ${holder.owner.pid} on ${holder.owner.host}`
        : "another process";
      throw errors.storageFailed(
        `${lockPath} is locked by ${who}`,
        `Another Quarry command is saving; try again. If no Quarry process is running, delete ${lockPath}.`,
        { path: lockPath },
      );
    }
    await new Promise((r) => setTimeout(r, delay + Math.random() * delay));
    delay = Math.min(delay * 2, 100);
  }
}

async function readOwner(
  lockPath: string,
): Promise<{ raw: string; owner: LockOwner | undefined } | undefined> {
  let raw: string;
  try {
    raw = await readFile(lockPath, "utf8");
  } catch {
    return undefined; // released meanwhile: try again
  }
  try {
    return { raw, owner: JSON.parse(raw) as LockOwner };
  } catch {
    // Being written right now, or its writer died between creating and writing it.
    return { raw, owner: undefined };
  }
}

async function isStale(lockPath: string, owner: LockOwner | undefined): Promise<boolean> {
  if (owner && owner.host === hostname()) return !isAlive(owner.pid);
  const st = await stat(lockPath).catch(() => undefined);
  return st !== undefined && Date.now() - st.mtimeMs > STALE_MS;
}

/**
 * Takes a stale lock away by renaming it (only one contender's rename can succeed), then checks
 * that what it took is the stale lock it judged, and puts it back if a live holder had meanwhile
 * replaced it.
 */
async function breakLock(lockPath: string, judged: string): Promise<void> {
  const aside = `${lockPath}.stale-${randomUUID()}`;
  try {
    await rename(lockPath, aside);
  } catch {
    return; // someone else broke or released it first
  }
  const taken = await readFile(aside, "utf8").catch(() => judged);
  if (taken !== judged) await link(aside, lockPath).catch(() => {});
  await rm(aside, { force: true });
}

async function release(lockPath: string, token: string): Promise<void> {
  const holder = await readOwner(lockPath);
  // Only remove our own lock: if ours was broken as stale, the file belongs to someone else now.
  if (holder?.owner?.token === token) await rm(lockPath, { force: true });
}
