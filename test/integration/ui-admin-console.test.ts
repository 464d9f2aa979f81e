/**
 * An admin request in the UI's console, on the secured es8 node: a password change is marked admin
 * and asks for a confirmation that says what it changes, before anything is sent; cancelled, it
 * never runs. The user is this file's own (`t-admin-user2`), created over HTTP and deleted after.
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, describe, it } from "node:test";
import type { Locator } from "playwright-core";
import { clickRun } from "../support/console-page.ts";
import { createSecureUser, type TestUser } from "../support/secure-user.ts";
import { addNodeConnection, appWithBrowser, screenshot } from "../support/ui.ts";

const USER = "t-admin-user2";
const PASSWORD = `first-${randomBytes(6).toString("hex")}`;

async function textOf(l: Locator): Promise<string> {
  return ((await l.textContent()) ?? "").trim();
}

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("UI: an admin request in the console", () => {
  let user: TestUser;
  const { app, page } = appWithBrowser();
  let connectionId: string;

  before(async () => {
    user = await createSecureUser(USER, PASSWORD);
    connectionId = await addNodeConnection(app, "es8-secure", "secure");
  });
  after(async () => {
    await user?.remove();
  });

  it("marks a password change admin and confirms it first; cancelled, nothing is sent", async () => {
    const runs: string[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/console/run")) runs.push(r.url());
    });
    await page.goto(`${app.url}#/c/${connectionId}/console`);
    const editor = page.locator(".console-editor .cm-content");
    await editor.waitFor();
    await editor.click();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.press("Delete");
    const text = `POST /_security/user/${USER}/_password\n{\n  "password": "never-changed-1"\n}`;
    await page.keyboard.insertText(text);
    await page.keyboard.press("ControlOrMeta+Home");

    // The badge of the request at the cursor says admin, styled as its own class.
    const badge = page.getByRole("toolbar", { name: "Console actions" }).locator(".class-badge");
    await until(
      async () => (await textOf(badge).catch(() => "")) === "admin",
      "the badge says admin",
    );
    assert.match((await badge.getAttribute("class")) ?? "", /\bclass-admin\b/);

    await clickRun(page);
    const dialog = page.getByRole("dialog", { name: "Run an admin request?" });
    await dialog.waitFor();
    assert.equal(await textOf(dialog.getByTestId("confirm-requests")), text);
    assert.match(await textOf(dialog), /This admin request changes who can do what on the cluster/);
    const reasons = await textOf(dialog.getByTestId("confirm-reasons"));
    assert.match(reasons, new RegExp(`^admin POST /_security/user/${USER}/_password: .*password`));
    await screenshot(page, "console-admin-confirm");
    assert.deepEqual(runs, [], "nothing is sent before the confirmation");

    await dialog.getByRole("button", { name: "Cancel", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    assert.equal(await page.getByTestId("console-result").count(), 0, "no result: nothing ran");
    assert.deepEqual(runs, [], "nothing was sent after the cancel");
    assert.equal(await user.authenticates(PASSWORD), 200, "the password did not change");
    assert.equal(await user.authenticates("never-changed-1"), 401);
  });
});
