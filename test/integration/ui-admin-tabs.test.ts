/**
 * Administration in a real browser, reached from the top bar: Admin (and Alt+A) opens its
 * Snapshots, Security and Templates tabs, each list a table; the address names the tab, and Admin
 * goes back to the tab last opened. On es8, whose security is off, the Security tab says so
 * instead of four empty lists; on es8-secure it lists the users. Screenshots of the three tabs in
 * artifacts/.
 */
import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import { addNodeConnection, appWithBrowser, artifact } from "../support/ui.ts";

const { app, page } = appWithBrowser();

const tab = (name: string) => page.getByRole("tab", { name, exact: true });
const region = (name: string) => page.getByRole("region", { name, exact: true });

describe("UI: administration in the top bar on es8", () => {
  let id: string;
  before(async () => {
    id = await addNodeConnection(app, "es8", "admin-tabs-es8");
  });

  it("Admin opens the Snapshots tab, its repositories in a table or said to be none", async () => {
    await page.goto("about:blank");
    await page.goto(`${app.url}#/c/${id}/data`);
    await page.getByRole("button", { name: "Admin", exact: true }).click();
    await page.waitForURL(new RegExp(`#/c/${id}/admin/snapshots$`));
    assert.equal(await tab("Snapshots").getAttribute("aria-selected"), "true");
    assert.equal(await tab("Security").getAttribute("aria-selected"), "false");
    const list = region("Snapshot repositories").getByTestId("repositories-list");
    await list.waitFor();
    const tag = await list.evaluate((e) => e.tagName);
    if (tag === "P") assert.equal(await list.innerText(), "No snapshot repositories.");
    else assert.equal(tag, "TABLE");
    assert.equal(
      await page.getByRole("button", { name: "Admin", exact: true }).getAttribute("aria-current"),
      "page",
    );
    await artifact(page, "admin-snapshots");
  });

  it("the Security tab says the cluster has no security on, once, instead of empty lists", async () => {
    await tab("Security").click();
    await page.waitForURL(new RegExp(`#/c/${id}/admin/security$`));
    await page
      .getByTestId("security-absent")
      .getByText(/has no security on/)
      .waitFor();
    assert.equal(await region("Users").count(), 0);
    await artifact(page, "admin-security-off");
  });

  it("the Templates tab lists templates and ILM policies as tables", async () => {
    await tab("Templates").click();
    await page.waitForURL(new RegExp(`#/c/${id}/admin/templates$`));
    // 8.x ships built-in index templates and ILM policies: both lists have rows.
    await region("Index templates").locator("table tbody tr").first().waitFor();
    await region("ILM policies").locator("table tbody tr").first().waitFor();
    const headings = await region("Index templates").locator("th").allInnerTexts();
    assert.deepEqual(headings.slice(0, 3), ["Name", "Kind", "Patterns"]);
    await artifact(page, "admin-templates");
  });

  it("Admin and Alt+A go back to the tab last opened", async () => {
    await page.getByRole("button", { name: "Console", exact: true }).click();
    await page.waitForURL(/\/console$/);
    await page.keyboard.press("Alt+A");
    await page.waitForURL(new RegExp(`#/c/${id}/admin/templates$`));
    await page.getByRole("button", { name: "Cluster", exact: true }).click();
    await page.waitForURL(/\/cluster$/);
    await page.getByRole("button", { name: "Admin", exact: true }).click();
    await page.waitForURL(new RegExp(`#/c/${id}/admin/templates$`));
    assert.equal(await tab("Templates").getAttribute("aria-selected"), "true");
  });

  it("the templates page's old address opens the Templates tab", async () => {
    await page.goto("about:blank");
    await page.goto(`${app.url}#/c/${id}/templates`);
    await region("Index templates").waitFor();
    assert.equal(await tab("Templates").getAttribute("aria-selected"), "true");
  });
});

describe("UI: the Security tab on es8-secure", () => {
  let id: string;
  before(async () => {
    id = await addNodeConnection(app, "es8-secure", "admin-tabs-secure");
  });

  it("lists the users, roles, role mappings and API keys as tables", async () => {
    await page.goto("about:blank");
    await page.goto(`${app.url}#/c/${id}/admin/security`);
    const users = region("Users").getByTestId("users-list");
    await users.locator('tr[data-user="elastic"]').waitFor();
    assert.equal(await users.evaluate((e) => e.tagName), "TABLE");
    for (const name of ["Roles", "Role mappings", "API keys"]) await region(name).waitFor();
    await artifact(page, "admin-security");
  });
});
