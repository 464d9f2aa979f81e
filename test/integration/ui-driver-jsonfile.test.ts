/**
 * The second driver in a real browser: the chooser offers the JSON-file test driver from the
 * catalog, installs it through the plugin loader, and the editor is rendered from its settings
 * form (its fields, choices, conditions and rules), with no line of web/src knowing it.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { catalogWithJsonFile } from "../support/drivers/jsonfile/package.ts";
import { appWithBrowser, screenshot } from "../support/ui.ts";

describe("UI: a second driver in the chooser and the editor", () => {
  let dataDir: string;
  let data: string;
  const catalogBefore = process.env.QUARRY_PLUGIN_CATALOG;

  before(async () => {
    process.env.QUARRY_PLUGIN_CATALOG = await catalogWithJsonFile();
    dataDir = mkdtempSync(join(tmpdir(), "qt-ui-jsonfile-"));
    data = join(dataDir, "shop.json");
    writeFileSync(data, JSON.stringify({ people: [{ a: 1 }], pets: [] }));
  });
  // Started after the catalog is in place: the app reads QUARRY_PLUGIN_CATALOG when it starts.
  const { app, page } = appWithBrowser();
  after(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    if (catalogBefore === undefined) delete process.env.QUARRY_PLUGIN_CATALOG;
    else process.env.QUARRY_PLUGIN_CATALOG = catalogBefore;
  });

  it("the chooser offers it beside Elasticsearch; installing it opens its editor", async () => {
    await page.goto(app.url);
    await page.getByRole("heading", { name: "New connection" }).waitFor();
    await page.locator(".type-tile[data-type=elasticsearch]").waitFor();
    const tile = page.locator(".type-tile[data-type=jsonfile]");
    await tile.getByText("JSON File").waitFor();
    await tile.getByText("driver not installed").waitFor();
    await tile.click();
    const dialog = page.getByRole("dialog", { name: "Install the JSON File driver" });
    await dialog.getByRole("button", { name: "Download and install" }).click();
    await page.getByRole("form", { name: "Connection editor" }).waitFor({ timeout: 60_000 });
    await page.getByRole("heading", { name: "New JSON File connection" }).waitFor();
    await page.getByText("A JSON file on this computer, read as tables").waitFor();
  });

  it("renders the driver's fields, choices and conditions, and none of Elasticsearch's", async () => {
    assert.equal(await page.getByLabel("Layout").inputValue(), "tables");
    assert.deepEqual(await page.getByLabel("Layout").locator("option").allInnerTexts(), [
      "An object of tables",
      "One table of rows",
    ]);
    assert.equal(await page.getByLabel("Table name").count(), 0);
    await page.getByLabel("Layout").selectOption({ label: "One table of rows" });
    assert.equal(await page.getByLabel("Table name").inputValue(), "rows");
    await page.getByLabel("Layout").selectOption("tables");
    await page.getByLabel("Table name").waitFor({ state: "detached" });
    for (const label of ["Host", "Port", "Auth Method", "SSL Mode"])
      assert.equal(await page.getByLabel(label, { exact: true }).count(), 0, label);
  });

  it("checks each change with the driver's rules, next to the field", async () => {
    await page.getByLabel("Data file").fill("shop.json");
    await page
      .locator(".field.invalid")
      .getByText(/Data file: "shop\.json" is not an absolute path/)
      .waitFor();
  });

  it("tests and saves a connection of the new type", async () => {
    await page.getByLabel("Data file").fill(data);
    await page.locator(".field.invalid").waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Test", exact: true }).click();
    await page
      .getByTestId("test-result")
      .getByText(/Connected to JSON File 1\.0/)
      .waitFor();
    await page.getByLabel("Name", { exact: true }).fill("shop");
    await screenshot(page, "second-driver-editor");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByRole("heading", { name: "Edit shop" }).waitFor();
    const saved = (await app.storage.connections.list()).find((c) => c.name === "shop");
    assert.equal(saved?.type, "jsonfile");
    assert.deepEqual(saved?.settings, { file: data, layout: "tables" });
  });
});
