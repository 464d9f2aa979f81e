/**
 * Settings > Integrations in a real browser, over the app's real MCP service: the server's status
 * and bound port, a token created (shown once), listed and revoked, and the Connect a Client sheet
 * with snippets carrying this install's `quarry-mcp` path.
 */
import assert from "node:assert/strict";
import { realpathSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { appWithBrowser, screenshot } from "../support/ui.ts";

const bridgePath = realpathSync(join(import.meta.dirname, "..", "..", "bin", "quarry-mcp"));

describe("UI: Settings > Integrations", () => {
  const { app, page } = appWithBrowser({ withMcp: true });

  it("shows the MCP server, creates a token once, lists it and revokes it", async () => {
    const service = app.mcpService!;
    const status = service.status();
    assert.equal(status.state, "running");
    await page.goto(app.url);
    await page.getByRole("button", { name: "Settings", exact: true }).click();
    await page.getByRole("heading", { name: "Integrations" }).waitFor();
    await page.getByTestId("mcp-status").getByText("running").waitFor();
    assert.equal(
      (await page.getByTestId("mcp-port").textContent())?.trim(),
      String(status.state === "running" ? status.port : ""),
    );

    await page.getByRole("button", { name: "Create token…" }).click();
    const form = page.getByRole("dialog", { name: "Create token" });
    await form.getByLabel("Name").fill("ui-test-client");
    await form.getByLabel("Scope").selectOption({ label: "Read & Write" });
    await form.getByLabel("Expires").selectOption({ label: "in 7 days" });
    await form.getByRole("button", { name: "Create", exact: true }).click();

    const once = page.getByRole("dialog", { name: 'Token "ui-test-client" created' });
    const secret = ((await once.getByTestId("new-token").textContent()) ?? "").trim();
    assert.match(secret, /^qry_[A-Za-z0-9_-]{43}$/);
    // The running server accepts it: the UI wrote the same store the server checks.
    assert.equal(service.tokens.check(secret).ok, true);
    await screenshot(page, "settings-token-created");
    await once.getByRole("button", { name: "Done" }).click();
    await once.waitFor({ state: "detached" });

    const row = page.getByTestId("token-table").getByRole("row", { name: /ui-test-client/ });
    await row.waitFor();
    assert.match((await row.textContent()) ?? "", /Read & Write/);
    // Listed by its prefix, never the token itself.
    assert.doesNotMatch((await page.getByTestId("token-table").textContent()) ?? "", /qry_\S{43}/);

    // The button names its token for screen readers.
    await row.getByRole("button", { name: "Revoke ui-test-client", exact: true }).click();
    const confirm = page.getByRole("dialog", { name: "Revoke token" });
    await confirm.getByRole("button", { name: "Revoke" }).click();
    await row.getByText("revoked").waitFor();
    const check = service.tokens.check(secret);
    assert.equal(check.ok, false);
    assert.equal(check.ok ? "" : check.reason, "revoked");
  });

  it("opens Connect a Client with snippets carrying this install's quarry-mcp", async () => {
    await page.getByRole("button", { name: "Connect a Client…" }).click();
    const sheet = page.getByRole("dialog", { name: "Connect a Client" });
    await sheet.getByTestId("bridge-path").waitFor();
    assert.equal((await sheet.getByTestId("bridge-path").textContent())?.trim(), bridgePath);
    const tabs = sheet.getByRole("tab");
    assert.ok((await tabs.count()) >= 4, "at least four clients");
    const seen: string[] = [];
    for (let i = 0; i < 4; i++) {
      await tabs.nth(i).click();
      const snippet = sheet.getByTestId("client-snippet");
      const text = (await snippet.locator("pre").textContent()) ?? "";
      assert.ok(text.includes(bridgePath), `snippet ${i} names ${bridgePath}:\n${text}`);
      await snippet.getByRole("button", { name: "Copy" }).waitFor();
      seen.push((await tabs.nth(i).textContent()) ?? "");
    }
    assert.equal(new Set(seen).size, 4);

    // The keyboard, as the ARIA tabs pattern has it: only the chosen tab is in the Tab order,
    // ←/→ move and show, Home and End jump; the panel is named by its tab.
    await tabs.first().click();
    const selected = sheet.getByRole("tab", { selected: true });
    const panel = sheet.getByRole("tabpanel");
    const tabIndexes = () =>
      tabs.evaluateAll((els) => els.map((el) => el.getAttribute("tabindex")));
    assert.deepEqual(
      await tabIndexes(),
      (await tabs.all()).map((_, i) => (i === 0 ? "0" : "-1")),
    );
    await page.keyboard.press("ArrowRight");
    assert.equal((await selected.textContent())?.trim(), seen[1]!.trim());
    assert.equal(await tabs.nth(1).evaluate((el) => el.matches(":focus")), true);
    assert.equal(await panel.getAttribute("aria-labelledby"), await tabs.nth(1).getAttribute("id"));
    assert.equal(await tabs.nth(1).getAttribute("aria-controls"), await panel.getAttribute("id"));
    assert.equal((await tabIndexes()).filter((t) => t === "0").length, 1);
    await page.keyboard.press("ArrowLeft");
    assert.equal((await selected.textContent())?.trim(), seen[0]!.trim());
    await page.keyboard.press("ArrowLeft");
    assert.equal(await tabs.last().getAttribute("aria-selected"), "true", "← wraps to the last");
    await page.keyboard.press("Home");
    assert.equal((await selected.textContent())?.trim(), seen[0]!.trim());
    await page.keyboard.press("End");
    assert.equal(await tabs.last().getAttribute("aria-selected"), "true");
    await page.keyboard.press("Home");
    // Tab leaves the tabs for the snippet's Copy.
    await page.keyboard.press("Tab");
    assert.equal(
      await panel.getByRole("button", { name: "Copy" }).evaluate((el) => el.matches(":focus")),
      true,
    );
    await screenshot(page, "settings-connect-client");
  });
});
