/**
 * Builds the application itself for an installed Quarry: the CLI (which is also the app) and the
 * stdio bridge, bundled by esbuild into dist/app with their dependencies, as plain JavaScript that
 * Node runs from inside node_modules (where it refuses to strip types). Why a bundle and not one
 * compiled file per source file: docs/decisions.md, "Quarry as an installed package".
 *
 *   dist/app/quarry.js       the `quarry` command (bin/quarry runs it)
 *   dist/app/quarry-mcp.js   the `quarry-mcp` bridge (bin/quarry-mcp runs it)
 *   dist/app/chunk-*.js      code both share, and parts loaded only when needed (the app; the
 *                            commands that move documents)
 *   dist/app/*.map           source maps (names and lines of src/, without the sources' text)
 *   dist/app/THIRD-PARTY-LICENSES.txt
 *
 *   node scripts/build-app.ts
 */
import { rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { build } from "esbuild";
import { thirdPartyLicenses } from "./third-party-licenses.ts";

const root = join(import.meta.dirname, "..");
export const appBuildDir = join(root, "dist", "app");

/**
 * Packages that stay out of the bundle: the keyring's native binary is chosen per platform at
 * run time from its own optional dependencies, so it is installed, not bundled.
 */
export const UNBUNDLED = ["@napi-rs/keyring"];

// ES modules have no `require`; bundled CommonJS dependencies get one that resolves Node's own
// modules. Source maps on, so a stack trace names src/ files and lines.
const BANNER = [
  'import { createRequire as __quarryCreateRequire } from "node:module";',
  "const require = __quarryCreateRequire(import.meta.url);",
  "process.setSourceMapsEnabled(true);",
].join("\n");

export async function buildApp(): Promise<{ dir: string; bytes: number }> {
  await rm(appBuildDir, { recursive: true, force: true });
  const result = await build({
    entryPoints: {
      quarry: join(root, "src", "cli", "main.ts"),
      "quarry-mcp": join(root, "src", "bridge", "main.ts"),
    },
    absWorkingDir: root,
    outdir: appBuildDir,
    bundle: true,
    splitting: true,
    // Every chunk by one name, whatever module starts it (the CLI loads some commands on their
    // own): the package's expected files name them by this pattern (scripts/package-files.ts).
    chunkNames: "chunk-[hash]",
    platform: "node",
    format: "esm",
    target: "node22",
    external: UNBUNDLED,
    sourcemap: "linked",
    sourcesContent: false,
    legalComments: "none",
    metafile: true,
    banner: { js: BANNER },
    logLevel: "warning",
  });
  await writeFile(
    join(appBuildDir, "THIRD-PARTY-LICENSES.txt"),
    thirdPartyLicenses(root, Object.keys(result.metafile.inputs)),
  );
  const bytes = Object.values(result.metafile.outputs).reduce((n, o) => n + o.bytes, 0);
  return { dir: appBuildDir, bytes };
}

if (import.meta.main) {
  const { dir, bytes } = await buildApp();
  process.stdout.write(`built: ${dir} (${(bytes / 1e6).toFixed(1)} MB)\n`);
}
