/**
 * Quarry as a user gets it, for the install tests: the project packed from a copy of this
 * checkout (so the release build writes the copy's dist/, never the one the other tests read),
 * installed with the machine's own npm into empty prefixes, and run with a PATH whose only `node`
 * is the machine's (older than Quarry needs), in a home and data folder of the test's own.
 */
import { execFileSync, type SpawnSyncReturns, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { delimiter, dirname, join } from "node:path";

const root = join(import.meta.dirname, "..", "..");

/**
 * The folder holding the machine's own npm (never the project's node_modules/.bin), and the
 * PATH every installed command runs with: that folder, then the system's.
 */
export function systemPath(): string {
  const ours = join(root, "node_modules");
  const dirs = (process.env.PATH ?? "").split(delimiter).filter((d) => d && !d.startsWith(ours));
  const npmDir = dirs.find((d) => existsSync(join(d, "npm")));
  if (!npmDir) throw new Error("The install tests need the machine's npm on the PATH");
  return [...new Set([npmDir, "/usr/bin", "/bin"])].join(delimiter);
}

/**
 * A user's environment as the machine gives it (its proxy and certificate settings included),
 * without what running inside this project adds (npm's `npm_*` variables, the project's PATH),
 * with the given variables on top.
 */
export function userEnvironment(vars: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (/^npm_/i.test(k) || ["INIT_CWD", "NODE", "NODE_COMPILE_CACHE"].includes(k)) continue;
    env[k] = v;
  }
  return { ...env, PATH: systemPath(), ...vars };
}

/**
 * The test's own npm cache: filled from the registry on the first run, as a user's is, and kept
 * beside the downloaded Elasticsearch zips so later runs install from it.
 */
export function testNpmCache(): string {
  const base = process.env.XDG_CACHE_HOME || join(homedir(), ".cache");
  return join(base, "quarry", "npm-install-tests");
}

/** A copy of this checkout's files (tracked and new, not ignored) with its node_modules linked. */
export function copyCheckout(into: string): string {
  const files = execFileSync("git", ["ls-files", "-co", "--exclude-standard", "-z"], {
    cwd: root,
    encoding: "utf8",
  })
    .split("\0")
    .filter((f) => f && existsSync(join(root, f)));
  for (const f of files) {
    mkdirSync(dirname(join(into, f)), { recursive: true });
    cpSync(join(root, f), join(into, f));
  }
  symlinkSync(join(root, "node_modules"), join(into, "node_modules"));
  return into;
}

/** Sets the copy's version (what an older or newer build of Quarry says it is). */
export function setVersion(copy: string, version: string): void {
  const path = join(copy, "package.json");
  const pkg = JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>;
  writeFileSync(path, `${JSON.stringify({ ...pkg, version }, null, 2)}\n`);
}

/** Runs a command and returns what it printed; throws with both streams when it fails. */
export function run(
  cmd: string,
  args: string[],
  options: { env: NodeJS.ProcessEnv; cwd?: string; input?: string; timeout?: number },
): SpawnSyncReturns<string> {
  const res = spawnSync(cmd, args, {
    env: options.env,
    // A user runs these from their own folder, never from inside this project (its .npmrc).
    cwd: options.cwd ?? options.env.HOME,
    input: options.input ?? "",
    encoding: "utf8",
    timeout: options.timeout ?? 300_000,
  });
  if (res.error) throw res.error;
  if (res.status !== 0) {
    throw new Error(
      `${cmd} ${args.join(" ")} exited ${res.status}:\n${res.stdout}\n${res.stderr}`.trim(),
    );
  }
  return res;
}
