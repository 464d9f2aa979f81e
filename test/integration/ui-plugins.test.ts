/**
 * Settings > Plugins > Browse in a real browser: the real Elasticsearch driver archive served from a
 * catalog folder, installed (SHA-256 checked), updated to a newer version the catalog then offers,
 * and removed, each through its button; the app's plugin service agrees at every step.
 */
import assert from "node:assert/strict";
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { buildPlugins } from "../../scripts/build-plugins.ts";
import type { CatalogEntry, PluginCatalog } from "../../src/core/plugin.ts";
import { repackAsVersion } from "../support/plugins.ts";
import { appWithBrowser, screenshot } from "../support/ui.ts";

const NEWER = "99.0.0";

describe("UI: Settings > Plugins", () => {
  let catalogDir = "";
  let current: CatalogEntry;
  let newer: CatalogEntry;
  const before_ = process.env.QUARRY_PLUGIN_CATALOG;

  const offer = (entry: CatalogEntry) => {
    const catalog: PluginCatalog = { catalogVersion: 1, plugins: [entry] };
    writeFileSync(join(catalogDir, "catalog.json"), JSON.stringify(catalog, null, 2));
  };

  before(async () => {
    const built = join(import.meta.dirname, "..", "..", "dist", "plugins");
    await buildPlugins();
    const shipped = JSON.parse(readFileSync(join(built, "catalog.json"), "utf8")) as PluginCatalog;
    current = shipped.plugins.find((p) => p.id === "elasticsearch")!;
    catalogDir = mkdtempSync(join(tmpdir(), "qt-ui-catalog-"));
    copyFileSync(join(built, current.url), join(catalogDir, current.url));

    // The same driver under a newer version: what an update would bring.
    const repacked = await repackAsVersion(
      readFileSync(join(built, current.url)),
      NEWER,
      `elasticsearch-${NEWER}.tgz`,
    );
    newer = repacked.entry;
    const archive = repacked.archive;
    writeFileSync(join(catalogDir, newer.url), archive);
    offer(current);

    process.env.QUARRY_PLUGIN_CATALOG = join(catalogDir, "catalog.json");
  });
  // Started after the catalog is in place: the app reads QUARRY_PLUGIN_CATALOG when it starts.
  const { app, page } = appWithBrowser();
  after(async () => {
    if (before_ === undefined) delete process.env.QUARRY_PLUGIN_CATALOG;
    else process.env.QUARRY_PLUGIN_CATALOG = before_;
    rmSync(catalogDir, { recursive: true, force: true });
  });

  const row = () => page.getByTestId("plugin-table").getByRole("row", { name: /Elasticsearch/ });
  const installedCell = () => row().getByRole("cell").nth(1);
  const installedVersion = async () =>
    (await app.services.plugins!.databaseTypes()).find((t) => t.type === "elasticsearch")
      ?.installedVersion ?? null;

  async function openPlugins(): Promise<void> {
    await page.goto(app.url);
    await page.getByRole("button", { name: "Settings", exact: true }).click();
    await page.getByRole("button", { name: "Plugins", exact: true }).click();
    await page.getByRole("heading", { name: "Plugins" }).waitFor();
  }

  it("installs, updates and removes the driver from its buttons", async () => {
    await openPlugins();
    await row().getByRole("button", { name: "Install Elasticsearch" }).click();
    await installedCell().getByText(current.version, { exact: true }).waitFor({ timeout: 60_000 });
    assert.equal(await installedVersion(), current.version);
    assert.equal(await row().getByRole("button", { name: "Update Elasticsearch" }).count(), 0);

    // The catalog now offers a newer version: the row says so and Update brings it.
    offer(newer);
    await openPlugins();
    await row().getByRole("cell").nth(2).getByText(NEWER).waitFor();
    await row().getByRole("button", { name: "Update Elasticsearch" }).click();
    await installedCell().getByText(NEWER, { exact: true }).waitFor({ timeout: 60_000 });
    assert.equal(await installedVersion(), NEWER);
    await screenshot(page, "settings-plugins-updated");

    await row().getByRole("button", { name: "Remove Elasticsearch" }).click();
    const confirm = page.getByRole("dialog", { name: "Remove the Elasticsearch driver" });
    await confirm.getByRole("button", { name: "Remove", exact: true }).click();
    await row().getByRole("button", { name: "Install Elasticsearch" }).waitFor();
    assert.equal(await installedVersion(), null);
    assert.equal((await installedCell().textContent())?.trim(), "—");
    await screenshot(page, "settings-plugins-removed");
  });
});
