/**
 * Administration in a real browser, reached from the top bar: Admin (and Alt+A) opens its
 * Snapshots, Security and Templates tabs, each list a table; the address names the tab, and Admin
 * goes back to the tab last opened. On es8, whose security is off, the Security tab says so
 * instead of four empty lists, and the Templates tab says it has no ILM (not "no ILM policies");
 * on es8-secure the Security tab lists the users. Screenshots of the three tabs in
 * artifacts/.
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, describe, it } from "node:test";
import type { Locator } from "playwright-core";
import type { EsSession } from "../../src/drivers/elasticsearch/session.ts";
import { node, sessionTo } from "../support/cluster.ts";
import { addNodeConnection, appWithBrowser, artifact } from "../support/ui.ts";

const { app, page } = appWithBrowser();

const tab = (name: string) => page.getByRole("tab", { name, exact: true });
const region = (name: string) => page.getByRole("region", { name, exact: true });

/** A list is a table with its rows, or the words for none: never an empty table. */
async function tableOrNone(list: Locator, none: string): Promise<void> {
  await list.waitFor();
  const tag = await list.evaluate((e) => e.tagName);
  if (tag === "P") assert.equal(await list.innerText(), none);
  else {
    assert.equal(tag, "TABLE");
    assert.ok((await list.locator("tbody tr").count()) > 0);
  }
}

describe("UI: administration in the top bar on es8", () => {
  const component = `qt-admin-tabs-${randomBytes(3).toString("hex")}`;
  let s: EsSession;
  let id: string;
  before(async () => {
    s = sessionTo(node("es8"));
    await s.transport.json({
      method: "PUT",
      path: `/_component_template/${component}`,
      body: { template: { settings: { number_of_replicas: 0 } } },
    });
    id = await addNodeConnection(app, "es8", "admin-tabs-es8");
  });
  after(async () => {
    await s.transport.request({ method: "DELETE", path: `/_component_template/${component}` });
    await s.close();
  });

  it("Admin opens the Snapshots tab, its repositories in a table or said to be none", async () => {
    await page.goto("about:blank");
    await page.goto(`${app.url}#/c/${id}/data`);
    await page.getByRole("button", { name: "Admin", exact: true }).click();
    await page.waitForURL(new RegExp(`#/c/${id}/admin/snapshots$`));
    assert.equal(await tab("Snapshots").getAttribute("aria-selected"), "true");
    assert.equal(await tab("Security").getAttribute("aria-selected"), "false");
    await tableOrNone(
      region("Snapshot repositories").getByTestId("repositories-list"),
      "No snapshot repositories.",
    );
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

  it("the Templates tab lists templates as a table, and says the cluster has no ILM", async () => {
    await tab("Templates").click();
    await page.waitForURL(new RegExp(`#/c/${id}/admin/templates$`));
    const templates = region("Index templates").getByTestId("templates-list");
    await templates.locator(`tr[data-template="${component}"]`).waitFor();
    const headings = await templates.locator("th").allInnerTexts();
    assert.deepEqual(headings.slice(0, 3), ["Name", "Kind", "Patterns"]);
    // The es8 test node is trimmed to the modules the suite needs: it has no ILM at all, and
    // says so rather than "no ILM policies".
    const ilm = region("ILM policies").getByTestId("ilm-policies");
    await ilm.waitFor();
    assert.match(await ilm.innerText(), /^This cluster has no ILM \(/);
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
