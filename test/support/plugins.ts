/** Plugin archives for tests: the real driver archive under another version (what an update brings). */
import { packPluginArchive } from "../../scripts/build-plugins.ts";
import { readArchive, sha256 } from "../../src/app/plugins/archive.ts";
import { type CatalogEntry, MANIFEST_FILE, type PluginManifest } from "../../src/core/plugin.ts";

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
