/**
 * Dark mode in a real browser: System follows the system's colour scheme (playwright's emulation),
 * the switch in the top bar (and Alt+T) overrides it, the choice is kept by the app (not the
 * page's origin-bound storage), and every screen (grid, console, connections, settings) takes the
 * dark colours; dark screenshots under artifacts/screenshots/.
 */
import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import type { Route } from "playwright-core";
import { UiPreferenceStore } from "../../src/app/storage/ui-preferences.ts";
import type { ThemeChoice } from "../../src/core/grid-layout.ts";
import { addEs8Connection, appWithBrowser, screenshot } from "../support/ui.ts";

const LIGHT_BG = "rgb(246, 247, 249)";
const DARK_BG = "rgb(18, 23, 29)";

/** Relative luminance of a computed `rgb(...)` colour, 0 (black) to 1 (white). */
function luminance(rgb: string): number {
  const [r, g, b] = (rgb.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);
  return (0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0)) / 255;
}

describe("UI: light and dark themes", () => {
  const { app, page } = appWithBrowser();
  let connectionId: string;

  before(async () => {
    connectionId = await addEs8Connection(app);
  });

  const computed = (selector: string, property: string) =>
    page.evaluate(
      `getComputedStyle(document.querySelector(${JSON.stringify(selector)})).${property}`,
    ) as Promise<string>;
  const pageBackground = () => computed("html", "backgroundColor");
  const theme = () => page.evaluate("document.documentElement.dataset.theme") as Promise<string>;
  // A locator, not a string predicate: the page's CSP refuses the eval that polls a string
  // (docs/testing.md, "Reliable on a busy machine").
  const waitForTheme = (t: "light" | "dark") =>
    page.locator(`html[data-theme="${t}"]`).waitFor({ state: "attached" });

  async function keptTheme(expected: ThemeChoice): Promise<void> {
    const store = new UiPreferenceStore(app.storage.dir);
    const deadline = Date.now() + 30_000;
    while ((await store.preferences()).theme !== expected) {
      if (Date.now() > deadline)
        throw new Error(`the app kept ${(await store.preferences()).theme}`);
      await page.waitForTimeout(100);
    }
  }

  async function openGrid(): Promise<void> {
    await page.goto("about:blank");
    await page.goto(`${app.url}#/c/${connectionId}/data/sample-orders`);
    await page.locator('.ag-row .ag-cell[col-id="_id"]').first().waitFor();
  }

  it("System follows the system's colour scheme, the grid included", async () => {
    await page.emulateMedia({ colorScheme: "light" });
    await openGrid();
    assert.equal(await page.getByTestId("theme-switch").inputValue(), "system");
    assert.equal(await theme(), "light");
    assert.equal(await pageBackground(), LIGHT_BG);
    const lightGrid = await computed(".ag-root-wrapper", "backgroundColor");
    assert.ok(luminance(lightGrid) > 0.9, `light grid ${lightGrid}`);

    await page.emulateMedia({ colorScheme: "dark" });
    await waitForTheme("dark");
    assert.equal(await pageBackground(), DARK_BG);
    const darkGrid = await computed(".ag-root-wrapper", "backgroundColor");
    assert.ok(luminance(darkGrid) < 0.2, `dark grid ${darkGrid}`);
    const cellText = await computed('.ag-row .ag-cell[col-id="status"]', "color");
    assert.ok(luminance(cellText) > 0.7, `cell text ${cellText} is light on dark`);
    await screenshot(page, "dark-grid");
  });

  it("the switch overrides the system, is kept by the app, and Alt+T moves to the next", async () => {
    await page.emulateMedia({ colorScheme: "dark" });
    await openGrid();
    await page.getByTestId("theme-switch").selectOption("light");
    await waitForTheme("light");
    assert.equal(await pageBackground(), LIGHT_BG);
    await keptTheme("light");

    // The app's copy decides, not the page's storage (a new run serves another origin).
    await page.evaluate("localStorage.clear()");
    await openGrid();
    await waitForTheme("light");
    assert.equal(await page.getByTestId("theme-switch").inputValue(), "light");

    await page.locator("main").focus();
    await page.keyboard.press("Alt+T");
    await waitForTheme("dark");
    assert.equal(await page.getByTestId("theme-switch").inputValue(), "dark");
    await keptTheme("dark");
    await page.emulateMedia({ colorScheme: "light" });
    assert.equal(await theme(), "dark", "Dark stays dark on a light system");
    await page.keyboard.press("Alt+T");
    await waitForTheme("light");
    assert.equal(await page.getByTestId("theme-switch").inputValue(), "system");
    await keptTheme("system");
  });

  it("a choice made while the page reads the app's kept theme stays: the late answer does not undo it", async () => {
    await page.emulateMedia({ colorScheme: "light" });
    await openGrid();
    await page.getByTestId("theme-switch").selectOption("system");
    await keptTheme("system");
    // The page's read of the kept theme gets the app's answer at once ("system") and is handed
    // that answer only after a choice made meanwhile was kept: a late answer, as on a busy machine.
    let askedFor!: () => void;
    const asked = new Promise<void>((resolve) => (askedFor = resolve));
    let handOver!: () => void;
    const handedOver = new Promise<void>((resolve) => (handOver = resolve));
    const late = async (route: Route) => {
      if (route.request().method() !== "GET") return route.fallback();
      const response = await route.fetch();
      askedFor();
      await handedOver;
      await route.fulfill({ response });
    };
    await page.route("**/preferences", late);
    try {
      await openGrid();
      await asked;
      await page.getByTestId("theme-switch").selectOption("dark");
      await keptTheme("dark");
      const delivered = page.waitForResponse(
        (r) => r.url().endsWith("/preferences") && r.request().method() === "GET",
      );
      handOver();
      await (await delivered).finished();
      // A task queued after the answer's: the page has handled the answer by the time it runs.
      await page.evaluate("0");
      assert.equal(await theme(), "dark", "the late answer put the older theme back");
      assert.equal(await page.getByTestId("theme-switch").inputValue(), "dark");
    } finally {
      handOver();
      await page.unroute("**/preferences", late);
    }
  });

  it("every screen is dark under Dark: console (readable code), connections, editor, settings", async () => {
    await page.emulateMedia({ colorScheme: "light" });
    await openGrid();
    await page.getByTestId("theme-switch").selectOption("dark");
    await waitForTheme("dark");

    await page.goto(`${app.url}#/c/${connectionId}/console`);
    const editor = page.locator(".console-editor .cm-content");
    await editor.waitFor();
    await editor.click();
    await page.keyboard.press("Control+End");
    await page.keyboard.type(
      '\nGET /sample-orders/_search\n{ "size": 1, "query": { "term": { "status": "shipped" } } }',
    );
    const text = await computed(".console-editor .cm-line", "color");
    assert.ok(luminance(text) > 0.6, `console text ${text}`);
    const editorBg = await computed(".console-editor .cm-editor", "backgroundColor");
    assert.ok(luminance(editorBg) < 0.2, `console background ${editorBg}`);
    await screenshot(page, "dark-console");

    await page.goto(`${app.url}#/connections`);
    await page.getByTestId("connection-list").waitFor();
    assert.equal(await pageBackground(), DARK_BG);
    await screenshot(page, "dark-connections");
    await page.goto(`${app.url}#/connections/new/elasticsearch`);
    await page.getByRole("form", { name: "Connection editor" }).waitFor();
    const field = await computed(".editor input", "backgroundColor");
    assert.ok(luminance(field) < 0.2, `editor field ${field}`);
    await screenshot(page, "dark-connection-editor");

    await page.goto(`${app.url}#/settings/integrations`);
    await page.getByRole("heading").first().waitFor();
    assert.equal(await pageBackground(), DARK_BG);
    await screenshot(page, "dark-settings");
  });
});
