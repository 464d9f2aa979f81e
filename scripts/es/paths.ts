import { homedir } from "node:os";
import { join } from "node:path";

/** Downloaded zips live in the user's cache, outside the repository, and are reused across runs. */
export function cacheDir(): string {
  const base = process.env.XDG_CACHE_HOME || join(homedir(), ".cache");
  return join(base, "quarry", "elasticsearch");
}

/**
 * Where the nodes are unpacked and run. As root, Elasticsearch must run as an unprivileged user,
 * which cannot enter /root, so the run folder then lives under /var/tmp.
 */
export function runDir(): string {
  if (process.env.QUARRY_ES_RUN_DIR) return process.env.QUARRY_ES_RUN_DIR;
  if (process.getuid?.() === 0) return "/var/tmp/quarry-es";
  return join(cacheDir(), "run");
}

export function stateFile(): string {
  return join(runDir(), "state.json");
}
