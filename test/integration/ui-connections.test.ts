/**
 * The connection chooser and editor in a real browser: every field with its rules, the
 * Test button's version or error message with remedy, secrets as dots, saving and opening.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { node, portOf } from "../support/cluster.ts";
import { appWithBrowser, pressTest, screenshot } from "../support/ui.ts";

describe("UI: connections", () => {
  const { app, page } = appWithBrowser();

  /** SSL Mode Disabled and Auth None: a node with security off (the editor starts on a secured install). */
  async function securityOff(): Promise<void> {
    await page.getByLabel("SSL Mode").selectOption("disabled");
    await page.getByLabel("Auth Method").selectOption("none");
  }

  /** Host and port of a local node; for a secured one, basic auth as its user and `password`. */
  async function fillEndpoint(port: number, secured?: { user: string; password: string }) {
    await page.getByLabel("Host").fill("127.0.0.1");
    await page.getByLabel("Port").fill(String(port));
    if (!secured) return securityOff();
    await page.getByLabel("Auth Method").selectOption("basic");
    await page.getByLabel("Username").fill(secured.user);
    await page.getByLabel("Password").fill(secured.password);
  }

  async function newElasticsearchConnection(): Promise<void> {
    await page.goto(app.url);
    await page.getByRole("heading", { name: "New connection" }).waitFor();
    await page.locator(".type-tile[data-type=elasticsearch]").click();
    await page.getByRole("form", { name: "Connection editor" }).waitFor();
  }

  it("installs the Elasticsearch driver from the chooser, with progress, then opens the editor", async () => {
    await page.goto(app.url);
    const tile = page.locator(".type-tile[data-type=elasticsearch]");
    await tile.getByText("driver not installed").waitFor();
    await tile.click();
    const dialog = page.getByRole("dialog", { name: "Install the Elasticsearch driver" });
    await dialog.getByText(/checks its SHA-256/).waitFor();
    await screenshot(page, "chooser-install-offer");
    await dialog.getByRole("button", { name: "Download and install" }).click();
    await page.getByRole("form", { name: "Connection editor" }).waitFor({ timeout: 60_000 });
    const types = await app.services.plugins!.databaseTypes();
    assert.equal(types.find((t) => t.type === "elasticsearch")?.installed, true);
  });

  /**
   * Presses Test and returns what the page shows. The app's answer is checked first, so a test
   * that got another answer than `expect` fails at once, saying which.
   */
  async function test(expect: RegExp): Promise<string> {
    const res = await pressTest(page);
    const body = (await res.json()) as {
      product?: string;
      version?: string;
      error?: { message?: string };
    };
    const said = res.ok() ? `Connected to ${body.product} ${body.version}` : body.error?.message;
    assert.match(String(said), expect, `the app answered: ${JSON.stringify(body)}`);
    const result = page.getByTestId("test-result");
    await result.getByText(expect).waitFor({ timeout: 30_000 });
    return (await result.innerText()).trim();
  }

  it("opens on the chooser and shows the editor's fields with their rules", async () => {
    await newElasticsearchConnection();
    // A new connection starts on a default 8.x/9.x install (HTTPS, Verify Identity, the elastic
    // user); port 9200; the API Key field only for API Key.
    assert.equal(await page.getByLabel("SSL Mode").inputValue(), "verify-identity");
    assert.equal(await page.getByLabel("Username").inputValue(), "elastic");
    assert.equal(await page.getByLabel("Port").inputValue(), "9200");
    assert.equal(await page.getByLabel("API Key").count(), 0);
    await page.getByLabel("Auth Method").selectOption({ label: "API Key" });
    const apiKey = page.getByLabel("API Key");
    await apiKey.waitFor();
    assert.equal(await apiKey.getAttribute("type"), "password");
    await page.getByLabel("Auth Method").selectOption({ label: "Username & Password" });
    assert.equal(await page.getByLabel("API Key").count(), 0);
    assert.equal(await page.getByLabel("Password").getAttribute("type"), "password");
    // Advanced: Skip TLS Verification, External Clients, AI policy.
    await page.getByText("Advanced").click();
    await page.getByLabel("Skip TLS Verification").waitFor();
    assert.equal(await page.getByLabel("External Clients").inputValue(), "read-only");
    assert.equal(await page.getByLabel("AI policy").inputValue(), "ask-each-time");
    // The server's validation names the field, next to it.
    await page.getByLabel("Host").fill("https://es.example.com:9200");
    await page
      .locator(".field.invalid")
      .getByText(/Host: .* looks like a URL/)
      .waitFor();
    await screenshot(page, "connections-editor-rules");
  });

  it("tests a connection: the version on success", async () => {
    await newElasticsearchConnection();
    const es8 = node("es8");
    await fillEndpoint(portOf(es8));
    const text = await test(/Connected to Elasticsearch/);
    assert.match(text, new RegExp(`Elasticsearch ${es8.version.replace(/\./g, "\\.")}`));
    await screenshot(page, "connections-test-ok");
  });

  it("tests a connection: Connection failed with its remedy for a closed port", async () => {
    await newElasticsearchConnection();
    await fillEndpoint(19299);
    const text = await test(/^Connection failed: /);
    assert.match(text, /Connection failed: /);
    assert.ok(text.split("\n").length >= 2, "the remedy is shown under the message");
  });

  it("tests a connection: Authentication failed, without the HTTPS hint over HTTPS", async () => {
    await newElasticsearchConnection();
    const secure = node("es8-secure");
    await fillEndpoint(portOf(secure), { user: secure.username!, password: "not-the-password" });
    await page.getByLabel("SSL Mode").selectOption({ label: "Required (skip verify)" });
    const text = await test(/^Authentication failed: /);
    assert.match(text, /Check the username and password or the API key/);
    // The connection uses HTTPS already; and no request Quarry sent is named.
    assert.doesNotMatch(text, /check the connection uses HTTPS|REST request/i);
    await screenshot(page, "connections-test-auth-failed");
  });

  it("tests a connection: Connection failed with the self-signed remedy under Verify Identity", async () => {
    await newElasticsearchConnection();
    const secure = node("es8-secure");
    await fillEndpoint(portOf(secure), { user: secure.username!, password: secure.password! });
    await page.getByLabel("SSL Mode").selectOption({ label: "Verify Identity" });
    const text = await test(/^Connection failed: /);
    assert.match(text, /Required \(skip verify\).*Skip TLS Verification/s);
    // Skip TLS Verification (Advanced) overrides the check.
    await page.getByText("Advanced").click();
    await page.getByLabel("Skip TLS Verification").check();
    assert.match(await test(/Connected to Elasticsearch/), /Elasticsearch 8\./);
  });

  it("saves a connection with a password shown as dots, then opens it on its indices", async () => {
    await newElasticsearchConnection();
    const secure = node("es8-secure");
    await page.getByLabel("Name", { exact: true }).fill("secure dev");
    await fillEndpoint(portOf(secure), { user: secure.username!, password: secure.password! });
    await page.getByLabel("SSL Mode").selectOption({ label: "Required (skip verify)" });
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByRole("heading", { name: "Edit secure dev" }).waitFor();
    // The saved password never comes back to the page: the field is empty, with dots as placeholder.
    const pw = page.getByLabel("Password");
    assert.equal(await pw.inputValue(), "");
    assert.match((await pw.getAttribute("placeholder")) ?? "", /•+ \(saved\)/);
    assert.ok(
      !(await page.content()).includes(secure.password!),
      "the password is not in the page",
    );
    // Test the saved connection (the secret comes from the store).
    await test(/Connected to Elasticsearch/);
    await screenshot(page, "connections-saved");

    // The second connection: the unsecured dev node with the sample data.
    await page.getByRole("button", { name: "New", exact: true }).click();
    await page.locator(".type-tile[data-type=elasticsearch]").click();
    await page.getByLabel("Name", { exact: true }).fill("dev");
    await fillEndpoint(portOf(node("es8")));
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByRole("heading", { name: "Edit dev" }).waitFor();
    const list = page.getByTestId("connection-list");
    assert.equal(await list.locator(".list-item").count(), 2);
    await list.getByText("dev", { exact: true }).click();
    const indices = page.getByTestId("index-list");
    // By its exact name: other tests running beside this one make indices named sample-orders-….
    const orders = indices.locator(".index-item", {
      has: page.locator(".index-name", { hasText: /^sample-orders$/ }),
    });
    await orders.waitFor();
    assert.equal((await orders.getByTestId("index-count").innerText()).trim(), "30,000");
    assert.equal(
      await indices.locator(".index-name", { hasText: /^\./ }).count(),
      0,
      "no dot names",
    );
    await page.getByLabel("Filter indices by name").fill("sample-ord");
    await indices
      .locator(".index-name", { hasNotText: /^sample-ord/ })
      .first()
      .waitFor({ state: "detached" });
    const names = await indices.locator(".index-name").allInnerTexts();
    assert.ok(names.includes("sample-orders"), names.join());
    assert.ok(
      names.every((n) => n.startsWith("sample-ord")),
      names.join(),
    );
    await screenshot(page, "sidebar-indices");
  });
});
