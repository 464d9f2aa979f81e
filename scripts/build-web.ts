/**
 * Builds the web UI (`web/`, React + Vite) into `dist/web`, which the app's HTTP server serves.
 *
 *   node scripts/build-web.ts          type-check `web/` (tsc -p web), then build
 *   node scripts/build-web.ts --if-stale   only when a source the UI is built from is newer
 *
 * `ensureWebBuilt()` is what `npm start` and the UI tests call: it builds only when needed.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { thirdPartyLicenses } from "./third-party-licenses.ts";

const root = join(import.meta.dirname, "..");
export const webSourceDir = join(root, "web");
export const webBuildDir = join(root, "dist", "web");
const builtIndex = join(webBuildDir, "index.html");

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir)) {
    const p = join(dir, entry);
    const st = statSync(p);
    newest = Math.max(newest, st.isDirectory() ? newestMtime(p) : st.mtimeMs);
  }
  return newest;
}

/** What the UI bundles from outside web/: core's vocabulary and the app's API contract. */
const sharedSources = [
  join(root, "src", "core"),
  join(root, "src", "app", "http", "api", "contract.ts"),
];

/** True when there is no build, or a file the UI is built from (or package-lock.json) is newer. */
export function webBuildIsStale(): boolean {
  if (!existsSync(builtIndex)) return true;
  const built = statSync(builtIndex).mtimeMs;
  const lock = join(root, "package-lock.json");
  const deps = existsSync(lock) ? statSync(lock).mtimeMs : 0;
  const shared = sharedSources.map((p) =>
    statSync(p).isDirectory() ? newestMtime(p) : statSync(p).mtimeMs,
  );
  return Math.max(newestMtime(webSourceDir), deps, ...shared) > built;
}

/** Type-checks the browser code with its own tsconfig; throws with tsc's report on errors. */
export function typeCheckWeb(): void {
  const tsc = join(root, "node_modules", ".bin", "tsc");
  const res = spawnSync(tsc, ["--noEmit", "-p", webSourceDir], { cwd: root, encoding: "utf8" });
  if (res.status !== 0) {
    throw new Error(`The web UI does not type-check (tsc -p web):\n${res.stdout}${res.stderr}`);
  }
}

/**
 * The release build (`release: true`, scripts/build.ts) ships no source maps: only the browser's
 * developer tools read them, and they were a quarter of the package (docs/release.md). A
 * checkout's build keeps them, with the sources' text, for those tools. Either way the build
 * writes dist/web/THIRD-PARTY-LICENSES.txt: the licences of the packages bundled into the UI
 * (React, AG Grid, CodeMirror…), which their MIT terms ask to ship with them.
 */
export async function buildWeb(
  options: { typeCheck?: boolean; release?: boolean } = {},
): Promise<void> {
  if (options.typeCheck !== false) typeCheckWeb();
  const { build } = await import("vite");
  const { default: react } = await import("@vitejs/plugin-react");
  const output = await build({
    root: webSourceDir,
    configFile: false,
    logLevel: "warn",
    plugins: [react()],
    base: "/",
    build: {
      outDir: webBuildDir,
      emptyOutDir: true,
      sourcemap: options.release !== true,
      // AG Grid and CodeMirror are large by nature; the app is served from loopback.
      chunkSizeWarningLimit: 4000,
    },
  });
  writeFileSync(
    join(webBuildDir, "THIRD-PARTY-LICENSES.txt"),
    thirdPartyLicenses(root, bundledModules(output)),
  );
}

/** The bundled modules' paths relative to the project (virtual modules and queries left out). */
function bundledModules(output: unknown): string[] {
  const outputs = (Array.isArray(output) ? output : [output]) as {
    output?: { type: string; moduleIds?: string[] }[];
  }[];
  const ids = outputs.flatMap((o) => o.output ?? []).flatMap((chunk) => chunk.moduleIds ?? []);
  return ids
    .filter((id) => id.startsWith(`${root}/`))
    .map((id) => relative(root, id.split("?")[0] ?? id));
}

/** Builds the UI when the build is missing or older than its sources. Returns whether it built. */
export async function ensureWebBuilt(): Promise<boolean> {
  if (!webBuildIsStale()) return false;
  await buildWeb();
  return true;
}

if (import.meta.main) {
  const started = Date.now();
  try {
    let built = true;
    if (process.argv.includes("--if-stale")) built = await ensureWebBuilt();
    else await buildWeb();
    process.stdout.write(
      built
        ? `web UI built into dist/web in ${((Date.now() - started) / 1000).toFixed(1)} s\n`
        : "web UI is up to date (dist/web)\n",
    );
  } catch (e) {
    process.stderr.write(`${(e as Error).message}\n`);
    process.exitCode = 1;
  }
}
