/**
 * The release build (`npm run build`, also run by `npm pack` through `prepack`): everything an
 * installed Quarry runs, into dist/ (git-ignored):
 *
 *   dist/app/      the application as bundled JavaScript with source maps (scripts/build-app.ts)
 *   dist/web/      the web UI (scripts/build-web.ts)
 *   dist/plugins/  the driver plugin archive and its catalog (scripts/build-plugins.ts)
 *
 * package.json's `files` ships exactly these with bin/ and nothing else. Progress goes to standard
 * error: `npm pack --json` prints its answer on standard output after this runs. A checkout does not need
 * it: `npm start`, `npm test` and bin/quarry run the TypeScript sources.
 */
import { buildApp } from "./build-app.ts";
import { buildPlugins } from "./build-plugins.ts";
import { buildWeb } from "./build-web.ts";

export async function buildRelease(): Promise<void> {
  const plugins = await buildPlugins({ force: true });
  process.stderr.write(`driver plugins: ${plugins.catalogPath}\n`);
  await buildWeb({ sourcesContent: false });
  process.stderr.write("web UI: dist/web\n");
  const app = await buildApp();
  process.stderr.write(`application: ${app.dir} (${(app.bytes / 1e6).toFixed(1)} MB)\n`);
}

if (import.meta.main) await buildRelease();
