/**
 * Where Quarry keeps its files: the app data folder (docs/storage.md).
 * macOS: ~/Library/Application Support/Quarry; Linux and others: $XDG_DATA_HOME/quarry, by default
 * ~/.local/share/quarry; QUARRY_HOME overrides it everywhere (tests, portable installs).
 */
import { chmod, mkdir, stat } from "node:fs/promises";
import { homedir } from "node:os";
import { isAbsolute, join, resolve } from "node:path";
import { errors } from "../../core/errors.ts";
import { checkDataFormat } from "./data-format.ts";
import { fsReason } from "./fs-reason.ts";

/** The app data folder's path. Pure: reads only the given environment and platform. */
export function appDataDir(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): string {
  const override = env.QUARRY_HOME?.trim();
  if (override) return resolve(override);
  const home = env.HOME?.trim() || homedir();
  if (platform === "darwin") return join(home, "Library", "Application Support", "Quarry");
  if (platform === "win32") {
    return join(env.APPDATA?.trim() || join(home, "AppData", "Roaming"), "Quarry");
  }
  // The XDG spec says a relative $XDG_DATA_HOME is invalid and must be ignored.
  const xdg = env.XDG_DATA_HOME?.trim();
  const base = xdg && isAbsolute(xdg) ? xdg : join(home, ".local", "share");
  return join(base, "quarry");
}

/**
 * Creates the app data folder (0700) if needed and returns its path, once its format is known to be
 * one this Quarry reads (data-format.ts). A folder with looser
 * permissions is tightened to 0700; a folder owned by another user is refused, because whoever
 * owns it could read the secrets file or replace the files Quarry trusts.
 */
export async function ensureAppDataDir(env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const dir = await ensurePrivateDir(appDataDir(env));
  let checked = formatChecked.get(dir);
  if (!checked) {
    checked = checkDataFormat(dir);
    formatChecked.set(dir, checked);
    checked.catch(() => formatChecked.delete(dir)); // asked again next time, once fixed
  }
  await checked;
  return dir;
}

/** The data folders whose format this process has checked (or is checking): once each. */
const formatChecked = new Map<string, Promise<void>>();

/** The rules of `ensureAppDataDir` for any folder Quarry keeps private files in. */
export async function ensurePrivateDir(dir: string): Promise<string> {
  try {
    await mkdir(dir, { recursive: true, mode: 0o700 });
  } catch (e) {
    throw errors.storageFailed(
      `Cannot create the app data folder ${dir}: ${fsReason(e)}`,
      "Check that the parent folder exists and is writable, or set QUARRY_HOME to a folder you can write.",
      { path: dir },
    );
  }
  const st = await stat(dir);
  if (!st.isDirectory()) {
    throw errors.storageFailed(
      `The app data folder ${dir} is not a folder`,
      "Move the file aside, or set QUARRY_HOME to another folder.",
      { path: dir },
    );
  }
  if (process.platform === "win32") return dir;
  const uid = process.getuid?.();
  if (uid !== undefined && st.uid !== uid) {
    throw errors.storageFailed(
      `The app data folder ${dir} belongs to another user (uid ${st.uid}, you are uid ${uid})`,
      `Run Quarry as that folder's owner, give it to yourself (chown -R ${uid} "${dir}"), or set QUARRY_HOME to a folder you own.`,
      { path: dir, owner: st.uid },
    );
  }
  if ((st.mode & 0o777) !== 0o700) await chmod(dir, 0o700);
  return dir;
}
