/**
 * Builds the JSON-file test driver into a plugin archive (bundled as the real plugins are) and a
 * catalog that offers it beside the Elasticsearch driver, in a folder tests point
 * QUARRY_PLUGIN_CATALOG at.
 */
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { buildPlugins, packPluginArchive } from "../../../../scripts/build-plugins.ts";
import { sha256 } from "../../../../src/app/plugins/archive.ts";
import {
  type CatalogEntry,
  MANIFEST_FILE,
  type PluginCatalog,
  type PluginManifest,
} from "../../../../src/core/plugin.ts";
import { testManifest } from "../../plugins.ts";
import { DISPLAY_NAME, TYPE } from "./settings.ts";

const root = join(import.meta.dirname, "..", "..", "..", "..");

export async function packJsonFilePlugin(): Promise<{ manifest: PluginManifest; archive: Buffer }> {
  const manifest = testManifest(TYPE, DISPLAY_NAME, {
    description: "Reads a JSON file as tables (a test driver).",
  });
  const bundled = await build({
    entryPoints: [join(import.meta.dirname, "plugin.ts")],
    absWorkingDir: root,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node22",
    write: false,
    logLevel: "warning",
  });
  const archive = await packPluginArchive({
    [MANIFEST_FILE]: JSON.stringify(manifest),
    "index.js": bundled.outputFiles[0]!.contents,
  });
  return { manifest, archive };
}

/** A folder with the Elasticsearch and JSON-file archives and their catalog; its `file:` URL. */
export async function catalogWithJsonFile(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "qt-jsonfile-catalog-"));
  const es = await buildPlugins({ outDir: dir });
  const { manifest, archive } = await packJsonFilePlugin();
  const url = `${manifest.id}-${manifest.version}.tgz`;
  await writeFile(join(dir, url), archive);
  const { main: _main, ...about } = manifest;
  const entry: CatalogEntry = { ...about, url, sha256: sha256(archive), size: archive.length };
  const catalog: PluginCatalog = { catalogVersion: 1, plugins: [...es.catalog.plugins, entry] };
  await writeFile(join(dir, "catalog.json"), JSON.stringify(catalog, null, 2));
  return pathToFileURL(join(dir, "catalog.json")).href;
}
