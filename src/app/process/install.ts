/**
 * Where this install's own files are, in both layouts Quarry runs from (docs/decisions.md,
 * "Quarry as an installed package"): a source checkout runs `src/**.ts` directly; an installed
 * package runs the release build's bundle in `dist/app/`. Everything else (the built UI, the
 * shipped plugin catalog, the two commands) sits at the same place under the install's root in
 * both, so it is found from the root, never from a module's own depth.
 */
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";

/** The nearest folder above `from` that holds a package.json: this install's root. */
export function installRootFrom(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, "package.json"))) return dir;
    if (dirname(dir) === dir) return from;
  }
}

/** The folder Quarry runs from (the repository, or the installed package). */
export const INSTALL_ROOT = installRootFrom(import.meta.dirname);

/** True when this process runs the TypeScript sources (a checkout), false for the release build. */
export const RUNS_FROM_SOURCE = import.meta.url.endsWith(".ts");

export const installPaths = {
  /** The built web UI the app serves. */
  web: join(INSTALL_ROOT, "dist", "web"),
  /** The shipped driver plugin catalog and archives (scripts/build-plugins.ts). */
  plugins: join(INSTALL_ROOT, "dist", "plugins"),
  /** The two commands, as a client or a desktop entry starts them. */
  quarry: join(INSTALL_ROOT, "bin", "quarry"),
  quarryMcp: join(INSTALL_ROOT, "bin", "quarry-mcp"),
  /** The CLI's entry module, as the background app is started with it. */
  cliEntry: RUNS_FROM_SOURCE
    ? join(INSTALL_ROOT, "src", "cli", "main.ts")
    : join(INSTALL_ROOT, "dist", "app", "quarry.js"),
} as const;
