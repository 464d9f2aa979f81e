/**
 * Quarry as a user gets it, for the install tests and bench:install: the project packed from a
 * copy of this checkout (so the release build writes the copy's dist/, never the one the other
 * tests read) and npm run as a user runs it (the machine's own npm and Node, not the project's).
 */
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, symlinkSync } from "node:fs";
import { dirname, join } from "node:path";

/** The PATH of a machine with nothing but its system Node (20 here: older than Quarry needs). */
export const SYSTEM_PATH = "/usr/bin:/bin";

/**
 * A user's environment as the machine gives it (its proxy and certificate settings included),
 * without what running inside this project adds (`npm run`'s `npm_*` variables, the project's
 * node_modules/.bin on the PATH), on the system PATH, with `vars` on top. With `--prefix`, npm
 * reads its global config from <prefix>/etc/npmrc, so the machine's own (which names the CA file
 * of this machine's registry proxy) is named explicitly.
 */
export function userNpmEnvironment(vars: NodeJS.ProcessEnv & { HOME: string }): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  const added = /^(npm_|INIT_CWD$|NODE$|NODE_OPTIONS$|NODE_COMPILE_CACHE$)/i;
  for (const [k, v] of Object.entries(process.env)) if (!added.test(k)) env[k] = v;
  Object.assign(env, { PATH: SYSTEM_PATH, npm_config_update_notifier: "false" }, vars);
  mkdirSync(vars.HOME, { recursive: true });
  const globalconfig = spawnSync("npm", ["config", "get", "globalconfig"], {
    env,
    cwd: vars.HOME,
    encoding: "utf8",
    timeout: 60_000,
  }).stdout?.trim();
  if (globalconfig && existsSync(globalconfig)) env.npm_config_globalconfig = globalconfig;
  return env;
}

/** A copy of the checkout's files (tracked and new, not ignored) with its node_modules linked. */
export function copyCheckout(root: string, into: string): string {
  const files = execFileSync("git", ["ls-files", "-co", "--exclude-standard", "-z"], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
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
