/**
 * A plugin built for the previous plugin API (its sessions of the old shape: every capability a
 * method of the session, a grid opened without its first page) is refused before its code runs,
 * with a message that names both versions and says to update it (docs/decisions.md, "The driver
 * contract: facets, and the plugin API it bumped").
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { packPluginArchive } from "../../scripts/build-plugins.ts";
import { sha256 } from "../../src/app/plugins/archive.ts";
import { catalogLocation, readCatalog } from "../../src/app/plugins/catalog.ts";
import { PluginService } from "../../src/app/plugins/service.ts";
import { isQuarryError, remedyFor } from "../../src/core/errors.ts";
import { MANIFEST_FILE, PLUGIN_API_VERSION } from "../../src/core/plugin.ts";
import { testManifest } from "../support/plugins.ts";

/** The main module of a plugin of the previous API: the session shape it was built against. */
const OLD_PLUGIN = `
const refuse = () => { throw new Error("the old driver does not do this"); };
function session() {
  return {
    testConnection: async () => ({ product: "Old", version: "1", major: 1, clusterName: "old" }),
    listTables: async () => [],
    describeTable: async () => [],
    browse: refuse,
    openGrid: () => ({ browse: refuse, close: async () => {} }),
    filterOps: () => [],
    runsLong: () => false,
    measureImpact: async () => null,
    completeConsole: async (_t, offset) => ({ from: offset, to: offset, items: [] }),
    openScan: refuse,
    close: async () => {},
  };
}
globalThis.oldPluginRan = false;
export function activate(host) {
  globalThis.oldPluginRan = true;
  return {
    type: "olddb", displayName: "Old DB", validateConfig: (c) => c, validateSecrets: () => {},
    secretFields: () => [], describeEndpoint: () => "old://", connect: () => session(),
  };
}
`;

/** Installs a plugin of the previous API (OLD_PLUGIN) as `type`, the way an install saves one. */
async function installOldPlugin(
  plugins: PluginService,
  driver: { type: string; displayName: string; version: string },
): Promise<void> {
  const manifest = testManifest(driver.type, driver.displayName, {
    version: driver.version,
    apiVersion: PLUGIN_API_VERSION - 1,
    description: "a plugin of the previous API",
  });
  const archive = await packPluginArchive({
    [MANIFEST_FILE]: JSON.stringify(manifest),
    "index.js": OLD_PLUGIN,
  });
  await plugins.store.exclusive(() =>
    plugins.store.save(manifest, archive, sha256(archive), "test"),
  );
}

describe("a plugin built for the previous plugin API", () => {
  const home = mkdtempSync(join(tmpdir(), "qt-plugin-api-"));
  after(() => rmSync(home, { recursive: true, force: true }));

  it("is refused before it runs, naming both versions and saying to update it", async () => {
    const plugins = new PluginService(home, {});
    await installOldPlugin(plugins, { type: "olddb", displayName: "Old DB", version: "1.0.0" });

    const refused = await plugins.driverFor("olddb").then(
      () => assert.fail("an old plugin was loaded"),
      (e: unknown) => e,
    );
    assert.ok(isQuarryError(refused), String(refused));
    assert.equal(refused.code, "plugin_load_failed");
    assert.equal(
      refused.message,
      `The olddb plugin cannot be loaded: it was built for plugin API ${PLUGIN_API_VERSION - 1}, and this Quarry speaks ${PLUGIN_API_VERSION}`,
    );
    assert.match(refused.remedy, /^Update the plugin \(quarry plugins update olddb\)/);
    assert.match(remedyFor(refused, "ui"), /^Update the plugin in Settings > Plugins/);
    assert.equal((globalThis as { oldPluginRan?: boolean }).oldPluginRan, undefined);
    assert.equal((await plugins.installed()).find((p) => p.id === "olddb")?.status, "broken");
  });

  it("is replaced on first use by the shipped plugin of this API, even under the same version", async () => {
    // An upgrade that bumped the plugin API and kept the driver's version: the installed driver
    // no longer loads, and the one this build ships does (docs/decisions.md, "Quarry as an
    // installed package").
    const upgraded = mkdtempSync(join(tmpdir(), "qt-plugin-api-upgrade-"));
    try {
      const plugins = new PluginService(upgraded, {});
      const shipped = await readCatalog(await catalogLocation(upgraded, {}));
      const offer = shipped.plugins.find((p) => p.id === "elasticsearch");
      assert.ok(offer, "the shipped catalog offers the elasticsearch driver");
      await installOldPlugin(plugins, {
        type: "elasticsearch",
        displayName: "Elasticsearch",
        version: offer.version,
      });

      const driver = await plugins.driverFor("elasticsearch", { autoInstall: true });
      assert.equal(driver.type, "elasticsearch");
      const installed = (await plugins.installed()).find((p) => p.id === "elasticsearch");
      assert.equal(installed?.status, "ok", JSON.stringify(installed));
      assert.equal(installed?.version, offer.version);
      assert.equal(
        (await plugins.store.get("elasticsearch"))?.record?.manifest.apiVersion,
        PLUGIN_API_VERSION,
      );
    } finally {
      rmSync(upgraded, { recursive: true, force: true });
    }
  });
});
