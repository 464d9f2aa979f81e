/**
 * The release build (`npm run build`, also run by `npm pack` and `npm publish` through `prepack`):
 * everything an installed Quarry runs, into dist/ (git-ignored), each part built from scratch:
 *
 *   dist/app/      the application as bundled JavaScript with source maps (scripts/build-app.ts)
 *   dist/web/      the web UI, without source maps (scripts/build-web.ts)
 *   dist/plugins/  the driver plugin archive and its catalog (scripts/build-plugins.ts)
 *
 * package.json's `files` ships exactly these with bin/ and nothing else, and `postpack` checks the
 * packed list (scripts/package-files.ts, docs/release.md). Progress goes to standard error:
 * `npm pack --json` prints its answer on standard output after this runs. A checkout does not need
 * it: `npm start`, `npm test` and bin/quarry run the TypeScript sources.
 */
import { rm } from "node:fs/promises";
import { SHIPPED_CATALOG_DIR } from "../src/app/plugins/catalog.ts";
import { buildApp } from "./build-app.ts";
import { buildPlugins } from "./build-plugins.ts";
import { buildWeb } from "./build-web.ts";

export async function buildRelease(): Promise<void> {
  // The plugin build adds its archive beside the ones already there, and `files` ships every
  // archive in the folder: after a version bump the previous version's would ship too.
  await rm(SHIPPED_CATALOG_DIR, { recursive: true, force: true });
  const plugins = await buildPlugins({ force: true });
  process.stderr.write(`driver plugins: ${plugins.catalogPath}\n`);
  await buildWeb({ release: true });
  process.stderr.write("web UI: dist/web\n");
  const app = await buildApp();
  process.stderr.write(`application: ${app.dir} (${(app.bytes / 1e6).toFixed(1)} MB)\n`);
}

if (import.meta.main) await buildRelease();
