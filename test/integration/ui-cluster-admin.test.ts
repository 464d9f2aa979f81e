/**
 * Cluster administration in a real browser: on 8.x, a snapshot restored from the Snapshots tab
 * under a new name (the exact request shown, sent at once), then over its open index only once
 * the index's name is typed (closed first, as the request shows); on the secured 8.x node, a user
 * created in the user editor, its password hidden in the request and sent only once the user's
 * name is typed; the cluster without security says so. Screenshots of both dialogs in artifacts/.
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import type { Page } from "playwright-core";
import type { EsSession } from "../../src/drivers/elasticsearch/session.ts";
import { node, sessionTo } from "../support/cluster.ts";
import { deleteIndices, loadOrders, orderId } from "../support/datasets.ts";
import {
  addNodeConnection,
  artifact,
  openBrowser,
  screenshot,
  startUiApp,
  type UiApp,
  uiIndex,
} from "../support/ui.ts";

let app: UiApp;
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;
const RUN = randomBytes(3).toString("hex");

before(async () => {
  app = await startUiApp();
  browser = await openBrowser();
  page = browser.page;
});
after(async () => {
  await browser?.close();
  await app?.close();
});

async function open(hash: string): Promise<void> {
  await page.goto("about:blank");
  await page.goto(`${app.url}${hash}`);
}

describe("UI: restoring a snapshot on es8", () => {
  const index = uiIndex("restore");
  const restored = `restored-${index}`;
  const repo = `qt-ui-repo-${RUN}`;
  const snap = `qt-ui-snap-${RUN}`;
  const location = join(node("es8").snapshotPath as string, repo);
  let s: EsSession;
  let id: string;
  const count = async (i: string) =>
    (await s.transport.json<{ count: number }>({ method: "GET", path: `/${i}/_count` })).count;

  before(async () => {
    s = sessionTo(node("es8"));
    await loadOrders(s.transport, index, 5, { specials: false });
    await s.transport.json({
      method: "PUT",
      path: `/_snapshot/${repo}`,
      body: { type: "fs", settings: { location } },
    });
    await s.transport.json({
      method: "PUT",
      path: `/_snapshot/${repo}/${snap}`,
      query: { wait_for_completion: true },
      body: { indices: index, include_global_state: false },
    });
    id = await addNodeConnection(app, "es8", `admin-es8-${RUN}`);
  });
  after(async () => {
    await deleteIndices(s.transport, index, restored);
    await s.transport.request({ method: "DELETE", path: `/_snapshot/${repo}/${snap}` });
    await s.transport.request({ method: "DELETE", path: `/_snapshot/${repo}` });
    await s.close();
    rmSync(location, { recursive: true, force: true });
  });

  it("restores under a new name with the request shown, sent at once", async () => {
    await open(`#/c/${id}/admin/snapshots`);
    const item = page
      .getByRole("region", { name: "Snapshots" })
      .locator(`tr[data-snapshot="${snap}"]`);
    await item.getByRole("button", { name: "Restore…" }).click();
    const dialog = page.getByRole("dialog", { name: `Restore snapshot ${snap}` });
    await dialog.getByRole("button", { name: "Show request" }).click();
    const request = dialog.getByTestId("admin-request");
    await request.waitFor();
    assert.match(
      await request.innerText(),
      new RegExp(`^POST /_snapshot/${repo}/${snap}/_restore\\?wait_for_completion=true\\n`),
    );
    assert.match(await request.innerText(), /"rename_replacement": "restored-\$1"/);
    assert.equal(await dialog.getByLabel(/to confirm$/).count(), 0, "a new index asks no name");
    await artifact(page, "snapshot-restore-dialog");
    await dialog.getByRole("button", { name: "Send request" }).click();
    await dialog.getByTestId("admin-outcome").getByText("Done (HTTP 200).").waitFor();
    assert.equal(await count(restored), 5);
    await dialog.getByRole("button", { name: "Done", exact: true }).click();
  });

  it("restores over the open index only once its name is typed", async () => {
    await s.transport.json({
      method: "DELETE",
      path: `/${index}/_doc/${orderId(0)}`,
      query: { refresh: "true" },
    });
    assert.equal(await count(index), 4);
    const item = page
      .getByRole("region", { name: "Snapshots" })
      .locator(`tr[data-snapshot="${snap}"]`);
    await item.getByRole("button", { name: "Restore…" }).click();
    const dialog = page.getByRole("dialog", { name: `Restore snapshot ${snap}` });
    await dialog.getByLabel("Restore under new names").uncheck();
    await dialog.getByRole("button", { name: "Show request" }).click();
    const request = dialog.getByTestId("admin-request");
    await request.waitFor();
    assert.match(await request.innerText(), new RegExp(`^POST /${index}/_close\\n`));
    const send = dialog.getByRole("button", { name: "Send request" });
    assert.equal(await send.isDisabled(), true);
    const confirm = dialog.getByLabel(`Type ${index} to confirm`);
    await confirm.fill(`${index}x`);
    assert.equal(await send.isDisabled(), true);
    await screenshot(page, "snapshot-restore-over-index");
    await confirm.fill(index);
    await send.click();
    await dialog.getByTestId("admin-outcome").getByText("Done (HTTP 200, 200).").waitFor();
    assert.equal(await count(index), 5);
    await dialog.getByRole("button", { name: "Done", exact: true }).click();
  });

  it("says the cluster has no security on, in its Security tab", async () => {
    await page.getByRole("tab", { name: "Security" }).click();
    await page
      .getByRole("region", { name: "Security" })
      .getByText(/has no security on/)
      .waitFor();
    assert.equal(await page.getByRole("region", { name: "Users" }).count(), 0);
  });
});

describe("UI: the user editor on es8-secure", () => {
  const user = `qt-ui-user-${RUN}`;
  const password = `pw-${RUN}-ui`;
  let s: EsSession;
  let id: string;

  before(async () => {
    s = sessionTo(node("es8-secure"));
    id = await addNodeConnection(app, "es8-secure", `admin-secure-${RUN}`);
  });
  after(async () => {
    await s.transport.request({ method: "DELETE", path: `/_security/user/${user}` });
    await s.close();
  });

  it("creates a user only once its name is typed, its password never shown", async () => {
    await open(`#/c/${id}/admin/security`);
    const users = page.getByRole("region", { name: "Users" });
    await users.getByTestId("users-list").getByText("elastic", { exact: true }).waitFor();
    await users.getByRole("button", { name: "New user…" }).click();
    const dialog = page.getByRole("dialog", { name: "New user" });
    await dialog.getByLabel("User name").fill(user);
    await dialog.getByLabel("Password").fill(password);
    await dialog.getByLabel("Full name").fill("UI Test");
    await dialog.getByLabel("viewer", { exact: true }).check();
    await dialog.getByRole("button", { name: "Show request" }).click();
    const request = dialog.getByTestId("admin-request");
    await request.waitFor();
    const text = await request.innerText();
    assert.match(text, new RegExp(`^PUT /_security/user/${user}\\n`));
    assert.match(text, /"password": "<hidden>"/);
    assert.ok(!text.includes(password));
    const send = dialog.getByRole("button", { name: "Send request" });
    assert.equal(await send.isDisabled(), true);
    await dialog.getByLabel(`Type ${user} to confirm`).fill(user);
    await artifact(page, "user-editor");
    const before = await s.transport.request({ method: "GET", path: `/_security/user/${user}` });
    assert.equal(before.status, 404, "nothing is sent before Send");
    await send.click();
    await dialog.getByTestId("admin-outcome").getByText("Done (HTTP 200).").waitFor();
    const got = await s.transport.json<Record<string, { roles: string[]; full_name: string }>>({
      method: "GET",
      path: `/_security/user/${user}`,
    });
    assert.deepEqual(got[user]?.roles, ["viewer"]);
    assert.equal(got[user]?.full_name, "UI Test");
    await dialog.getByRole("button", { name: "Done", exact: true }).click();
    await users.getByTestId("users-list").getByText(user, { exact: true }).waitFor();
  });
});
