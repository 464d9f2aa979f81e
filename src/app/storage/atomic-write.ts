/**
 * Crash-safe file writes: a temporary file in the same folder is written, flushed to disk and
 * renamed over the target, then the folder itself is flushed. A crash at any point leaves either
 * the old file or the new one, never a mix; the temporary file a crash leaves behind is removed
 * by the next write to the same target. Through a symbolic link (a dotfile kept in a repository),
 * the file it names is replaced and the link stays; anything but a regular file is refused,
 * never renamed over.
 */
import { randomBytes } from "node:crypto";
import {
  lstat,
  open,
  readdir,
  readFile,
  readlink,
  realpath,
  rename,
  rm,
  stat,
} from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import { errors } from "../../core/errors.ts";
import { fsReason } from "./fs-reason.ts";

/** Temporary files this process is writing right now (never swept as leftovers). */
const inFlight = new Set<string>();
/** A leftover older than this is removed even if its process id has been reused since. */
const LEFTOVER_AGE_MS = 10 * 60_000;

function tempPrefix(target: string): string {
  return `.${basename(target)}.`;
}

/** The file a write replaces: the path itself, or through a link the file it names. */
async function replaceable(path: string): Promise<string> {
  const link = await lstat(path).catch(() => undefined);
  if (!link) return path;
  let target = path;
  if (link.isSymbolicLink()) {
    target = await realpath(path).catch(async () =>
      // A link to a file not made yet: that file is the one to write.
      resolve(dirname(path), await readlink(path)),
    );
  }
  const st = target === path ? link : await stat(target).catch(() => undefined);
  if (st && !st.isFile()) {
    throw errors.storageFailed(
      `Cannot write ${path}: it is not a regular file (${st.isDirectory() ? "a folder" : "a device, FIFO or socket"}), and Quarry never replaces one`,
      `Move it out of the way, then try again.`,
      { path },
    );
  }
  return target;
}

export async function writeFileAtomic(
  given: string,
  data: string | Uint8Array,
  options: { mode?: number } = {},
): Promise<void> {
  const path = await replaceable(given);
  const mode = options.mode ?? 0o600;
  const dir = dirname(path);
  const tmp = join(dir, `${tempPrefix(path)}${process.pid}.${randomBytes(6).toString("hex")}.tmp`);
  inFlight.add(tmp);
  try {
    // Created with the final mode from the start, so the content is never readable by others.
    const handle = await open(tmp, "wx", mode);
    try {
      await handle.chmod(mode); // the umask may have narrowed it; the caller asked for exactly this
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(tmp, path);
  } catch (e) {
    await rm(tmp, { force: true }).catch(() => {});
    throw errors.storageFailed(
      `Cannot write ${path}: ${fsReason(e)}`,
      "Check that the folder is writable and the disk has space; the previous version of the file is unchanged.",
      { path },
    );
  } finally {
    inFlight.delete(tmp);
  }
  await syncDir(dir);
  await sweepLeftovers(path);
}

/** Flushes the folder entry so the rename itself survives a power loss. */
async function syncDir(dir: string): Promise<void> {
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  try {
    handle = await open(dir, "r");
    await handle.sync();
  } catch {
    // Some platforms (Windows) cannot open or flush a folder; the rename is still atomic there.
  } finally {
    await handle?.close().catch(() => {});
  }
}

/** Removes temporary files of `target` left by a writer that died mid-write. */
async function sweepLeftovers(target: string): Promise<void> {
  const dir = dirname(target);
  const prefix = tempPrefix(target);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return;
  }
  for (const name of names) {
    if (!name.startsWith(prefix) || !name.endsWith(".tmp")) continue;
    const full = join(dir, name);
    if (inFlight.has(full)) continue;
    const pid = Number(name.slice(prefix.length).split(".")[0]);
    const st = await stat(full).catch(() => undefined);
    if (!st) continue;
    const old = Date.now() - st.mtimeMs > LEFTOVER_AGE_MS;
    if (old || pid === process.pid || !isAlive(pid))
      await rm(full, { force: true }).catch(() => {});
  }
}

/** Whether a process with this id exists (on this machine). */
export function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: it exists but belongs to someone else.
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Reads a JSON file; a missing file gives `fallback`. A file that is not valid JSON is an error
 * naming the file and where it breaks, and is left untouched. The parser's own message is not
 * used because it quotes the file's text, which may hold a secret.
 */
export async function readJsonFile<T>(path: string, fallback: T): Promise<T> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return fallback;
    throw errors.storageFailed(
      `Cannot read ${path}: ${fsReason(e)}`,
      "Check the file's owner and permissions (it should be yours and mode 0600).",
      { path },
    );
  }
  try {
    return JSON.parse(text) as T;
  } catch (e) {
    throw errors.storageFailed(
      `The file ${path} is not valid JSON (${where(text, e)})`,
      `Quarry has not changed it. Repair it, or move it aside (e.g. rename it to ${basename(path)}.broken) and Quarry starts from an empty one.`,
      { path },
    );
  }
}

function where(text: string, e: unknown): string {
  if (text.trim() === "") return "the file is empty";
  const m = /position (\d+)/.exec(e instanceof Error ? e.message : "");
  if (!m) return "it ends too early or has a syntax error";
  const pos = Number(m[1]);
  const before = text.slice(0, pos);
  const line = before.split("\n").length;
  const column = pos - before.lastIndexOf("\n");
  return `syntax error at line ${line}, column ${column}`;
}
