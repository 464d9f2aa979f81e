/**
 * The connection editor in a real browser on es9 (TLS and security on, as a 9.x install has them):
 * a new connection starts on a default install (HTTPS, Verify Identity, the elastic user), a URL
 * pasted into Host (through the clipboard) fills the fields, its password goes to the Password
 * field and never into the connections file, and the saved connection connects.
 */
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { before, describe, it } from "node:test";
import { CONNECTIONS_FILE } from "../../src/app/storage/connection-store.ts";
import { node, portOf } from "../support/cluster.ts";
import { addEs8Connection, appWithBrowser, screenshot } from "../support/ui.ts";

describe("UI: a pasted URL in the connection editor", () => {
  const { app, browser, page } = appWithBrowser();

  before(async () => {
    await addEs8Connection(app); // installs the driver, as a first connection does
    await browser.context.grantPermissions(["clipboard-read", "clipboard-write"], {
      origin: app.origin,
    });
  });

  async function newConnection(): Promise<void> {
    await page.goto("about:blank");
    await page.goto(`${app.url}#/connections/new/elasticsearch`);
    await page.getByRole("form", { name: "Connection editor" }).waitFor();
  }

  /** Puts `text` on the clipboard and pastes it into Host with Ctrl+V. */
  async function pasteIntoHost(text: string): Promise<void> {
    await page.evaluate(`navigator.clipboard.writeText(${JSON.stringify(text)})`);
    const host = page.getByLabel("Host");
    await host.click();
    await host.press("Control+V");
    await page.getByTestId("paste-note").waitFor();
  }

  it("starts on a default 8.x/9.x install and says when to choose otherwise", async () => {
    await newConnection();
    assert.equal(await page.getByLabel("SSL Mode").inputValue(), "verify-identity");
    assert.equal(await page.getByLabel("Auth Method").inputValue(), "basic");
    assert.equal(await page.getByLabel("Username").inputValue(), "elastic");
    assert.match(
      await page.getByTestId("new-connection-note").innerText(),
      /7\.x.*SSL Mode Disabled and Auth Method None/s,
    );
  });

  it("fills the fields from https://user:password@host:port, and the saved connection connects", async () => {
    const es9 = node("es9");
    await newConnection();
    await page.getByLabel("Auth Method").selectOption("none");
    await page.getByLabel("SSL Mode").selectOption("disabled");
    const url = `https://${es9.username}:${encodeURIComponent(es9.password!)}@127.0.0.1:${portOf(es9)}/`;
    await pasteIntoHost(url);
    assert.equal(await page.getByLabel("Host").inputValue(), "127.0.0.1");
    assert.equal(await page.getByLabel("Port").inputValue(), String(portOf(es9)));
    assert.equal(await page.getByLabel("SSL Mode").inputValue(), "verify-identity");
    assert.equal(await page.getByLabel("Auth Method").inputValue(), "basic");
    assert.equal(await page.getByLabel("Username").inputValue(), es9.username);
    const password = page.getByLabel("Password");
    assert.equal(await password.getAttribute("type"), "password");
    assert.equal(await password.inputValue(), es9.password);
    assert.match(
      await page.getByTestId("paste-note").innerText(),
      /Filled from the URL: Host, Port, Auth Method, Username, SSL Mode\. Its password is in the Password field/,
    );
    await page.getByLabel("CA file").fill(es9.caPath!);
    await page.getByLabel("Name", { exact: true }).fill("pasted es9");
    await screenshot(page, "connection-url-pasted");

    await page.getByRole("button", { name: "Test", exact: true }).click();
    await page
      .getByTestId("test-result")
      .getByText(/Connected to Elasticsearch 9\./)
      .waitFor({
        timeout: 60_000,
      });
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByRole("heading", { name: "Edit pasted es9" }).waitFor();
    const file = await readFile(join(app.storage.dir, CONNECTIONS_FILE), "utf8");
    assert.ok(file.includes('"pasted es9"'), "the connection is saved");
    assert.ok(!file.includes(es9.password!), "the password is not in the connections file");

    // Saved, it opens on its indices (the password came from the secret store).
    await page.getByRole("button", { name: "Open" }).click();
    await page.getByTestId("index-list").waitFor();
    await page.locator(".topbar .dot-ok").waitFor({ timeout: 60_000 });
  });

  it("takes http://host:port/path: SSL Disabled, the path as the Path prefix", async () => {
    await newConnection();
    await pasteIntoHost(`http://127.0.0.1:${portOf(node("es8"))}/proxy/es`);
    assert.equal(await page.getByLabel("SSL Mode").inputValue(), "disabled");
    assert.equal(await page.getByLabel("Port").inputValue(), String(portOf(node("es8"))));
    assert.equal(await page.getByLabel("Path prefix").inputValue(), "/proxy/es");
    assert.match(await page.getByTestId("paste-note").innerText(), /Path prefix/);
    // Text that is not a URL pastes as text.
    await page.evaluate(`navigator.clipboard.writeText("es.example.com")`);
    const host = page.getByLabel("Host");
    await host.fill("");
    await host.press("Control+V");
    // A function, not text: Playwright evaluates a function's text once and polls the function;
    // text it evaluates at every poll, which the page's CSP refuses (docs/testing.md).
    await page.waitForFunction(
      (want) =>
        (globalThis as unknown as { document: { activeElement: { value?: unknown } | null } })
          .document.activeElement?.value === want,
      "es.example.com",
    );
  });
});
