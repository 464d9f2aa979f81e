/**
 * Quarry as a user gets it, for the install tests (scripts/as-a-user.ts): installed with the
 * machine's own npm into empty prefixes, and run with a PATH whose only `node` is the machine's
 * (older than Quarry needs), in a home and data folder of the test's own.
 */
import { type SpawnSyncReturns, spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

export { copyCheckout, userNpmEnvironment } from "../../scripts/as-a-user.ts";

/**
 * The test's own npm cache: filled from the registry on the first run, as a user's is, and kept
 * beside the downloaded Elasticsearch zips so later runs install from it.
 */
export function testNpmCache(): string {
  const base = process.env.XDG_CACHE_HOME || join(homedir(), ".cache");
  return join(base, "quarry", "npm-install-tests");
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
