/**
 * Plugin archives for tests: a test plugin's manifest, and the real driver archive under another
 * version (what an update brings).
 */
import { packPluginArchive } from "../../scripts/build-plugins.ts";
import { readArchive, sha256 } from "../../src/app/plugins/archive.ts";
import {
  type CatalogEntry,
  MANIFEST_FILE,
  PLUGIN_API_VERSION,
  type PluginManifest,
} from "../../src/core/plugin.ts";

/** The manifest of a test plugin of this plugin API whose id and driver type are `type`. */
export function testManifest(
  type: string,
  displayName: string,
  overrides: Partial<PluginManifest> = {},
): PluginManifest {
  return {
    id: type,
    name: `${displayName} driver`,
    version: "1.0.0",
    apiVersion: PLUGIN_API_VERSION,
    main: "index.js",
    driver: { type, displayName },
    description: "a test plugin",
    ...overrides,
  };
}

/** `archive` repacked with its manifest saying `version`, and its catalog entry at `url`. */
export async function repackAsVersion(
  archive: Buffer,
  version: string,
  url: string,
): Promise<{ archive: Buffer; entry: CatalogEntry }> {
  const files = await readArchive(archive);
  const manifest = JSON.parse(files.get(MANIFEST_FILE)!.toString()) as PluginManifest;
  const newer: PluginManifest = { ...manifest, version };
  const repacked = await packPluginArchive({
    ...Object.fromEntries(files),
    [MANIFEST_FILE]: JSON.stringify(newer),
  });
  const { main: _main, ...about } = newer;
  return {
    archive: repacked,
    entry: { ...about, url, sha256: sha256(repacked), size: repacked.length },
  };
}
