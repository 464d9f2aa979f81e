/**
 * The UI's quality bar in a real browser on the es8 node: the main actions with the
 * keyboard only, every main screen readable at 1280x800 (no page scroll sideways, the main buttons
 * inside the viewport, long names and long errors wrapped), a spinner for answers slower than
 * 200 ms and none for fast ones, and real failures shown with their remedy.
 *
 * Slow answers are real answers held back: `page.route` holds the request at a gate until the test
 * has seen the page wait for it, then lets it through (test/support/held-requests.ts).
 */
import assert from "node:assert/strict";
import { createServer } from "node:net";
import { after, afterEach, before, describe, it } from "node:test";
import type { Locator, Page } from "playwright-core";
import { addConnection } from "../../src/app/connections/connection-service.ts";
import { node, plainConfig, portOf, session } from "../support/cluster.ts";
import { deleteIndices, loadIndex } from "../support/datasets.ts";
import { holdRequests, releaseHeld } from "../support/held-requests.ts";
import { addEs8Connection, appWithBrowser, screenshot, uiIndex } from "../support/ui.ts";

const MAPPING = { properties: { name: { type: "keyword" }, qty: { type: "integer" } } };
const DOCS: [string, Record<string, unknown>][] = [
  ["doc-1", { name: "alpha", qty: 1 }],
  ["doc-2", { name: "bravo", qty: 2 }],
  ["doc-3", { name: "charlie", qty: 3 }],
];
const VIEWPORT = { width: 1280, height: 800 };

// Scripts that run in the page are text: this project's Node types have no DOM.

interface Focus {
  label: string;
  text: string;
  colId: string;
  rowIndex: string;
  gridCell: boolean;
  inDialog: boolean;
  inEditor: boolean;
}

/** The element with the keyboard focus, described (a Focus). */
const FOCUSED = `(() => {
  const el = document.activeElement;
  return {
    label: el?.getAttribute("aria-label") ?? "",
    text: (el?.textContent ?? "").trim(),
    colId: el?.closest("[col-id]")?.getAttribute("col-id") ?? "",
    rowIndex: el?.closest("[row-index]")?.getAttribute("row-index") ?? "",
    gridCell: !!el?.classList.contains("ag-cell"),
    inDialog: !!el?.closest("[role=dialog]"),
    inEditor: !!el?.closest(".cm-editor"),
  };
})()`;

/**
 * Holds the page's zero-delay timers until `window.releaseTimers()` runs them (it returns how many),
 * as a busy tab may run them late.
 */
const HELD_TIMERS = `(() => {
  const held = [];
  const setTimeoutOf = window.setTimeout.bind(window);
  window.setTimeout = (fn, ms, ...args) => {
    if (ms) return setTimeoutOf(fn, ms, ...args);
    held.push(() => fn(...args));
    return 0;
  };
  window.releaseTimers = () => {
    const due = held.splice(0);
    for (const run of due) run();
    return due.length;
  };
})()`;

interface Timeline {
  spinners: { text: string; at: number }[];
  calls: { url: string; start: number; end: number }[];
}

/**
 * Notes, from the page's first script on, when each status element (spinner) appeared and when
 * each API call started and ended (its body read): window.quarryTimeline, a Timeline.
 */
const TIMELINE = `(() => {
  const timeline = { spinners: [], calls: [] };
  window.quarryTimeline = timeline;
  const fetchOf = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const start = performance.now();
    try {
      const res = await fetchOf(input, init);
      await res.clone().text();
      return res;
    } finally {
      timeline.calls.push({ url, start, end: performance.now() });
    }
  };
  const seen = new WeakSet();
  new MutationObserver(() => {
    for (const el of document.querySelectorAll("[role=status]")) {
      if (seen.has(el)) continue;
      seen.add(el);
      timeline.spinners.push({ text: el.textContent ?? "", at: performance.now() });
    }
  }).observe(document, { subtree: true, childList: true });
})();`;

/** A port nothing listens on: taken from the system, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe("UI quality: keyboard, 1280x800, loading states, errors with their remedy", () => {
  const s = session(plainConfig(node("es8")));
  const t = s.transport;
  const index = uiIndex("quality");
  // Index names may be 255 bytes long; this one is far wider than the toolbar and the sidebar.
  const longIndex = `${uiIndex("quality-long")}-${"a-very-long-index-name-".repeat(8)}end`;
  const { app, browser, page } = appWithBrowser();
  let connectionId: string;
  let deadId: string;
  let deadPort: number;

  before(async () => {
    await loadIndex(t, index, DOCS, { mappings: MAPPING });
    await loadIndex(t, longIndex, DOCS, { mappings: MAPPING });
    connectionId = await addEs8Connection(app);
    deadPort = await closedPort();
    const dead = await addConnection(app.storage, {
      name: "unreachable",
      type: "elasticsearch",
      settings: {
        host: "127.0.0.1",
        port: deadPort,
        auth: "none",
        sslMode: "disabled",
        skipTlsVerify: false,
      },
    });
    deadId = dead.id;
  });
  // A test that failed while holding the page's calls leaves none held for the next.
  afterEach(() => releaseHeld(page));
  after(async () => {
    await deleteIndices(t, index, longIndex);
    await s.close();
  });

  async function open(hash: string, p: Page = page): Promise<void> {
    await p.goto("about:blank");
    await p.goto(`${app.url}${hash}`);
  }

  /** Waits until the grid's total reads `n` document(s). */
  async function gridTotal(n: number, p: Page = page): Promise<void> {
    await p
      .getByTestId("total-count")
      .getByText(new RegExp(`^${n} documents?$`))
      .waitFor({ timeout: 20_000 });
  }

  /** What has the keyboard focus: its label, text and place, for assertions. */
  async function focused(p: Page = page): Promise<Focus> {
    return (await p.evaluate(FOCUSED)) as Focus;
  }

  const hash = async () => decodeURIComponent((await page.evaluate("location.hash")) as string);

  /** Polls until the focus satisfies `check` (the UI moves focus after renders and frames). */
  async function waitForFocus(check: (f: Focus) => boolean, what: string): Promise<Focus> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const f = await focused();
      if (check(f)) return f;
      if (Date.now() > deadline) {
        await screenshot(page, "quality-focus-failure");
        throw new Error(`focus never reached ${what}; it is on ${JSON.stringify(f)}`);
      }
      await page.waitForTimeout(50);
    }
  }

  /** Tabs `n` times (forwards or backwards) and checks the focus never leaves the dialog. */
  async function assertTabStaysIn(n: number, dialog: Locator): Promise<void> {
    for (const key of ["Tab", "Shift+Tab"]) {
      for (let i = 0; i < n; i++) {
        await page.keyboard.press(key);
        const f = await focused();
        assert.ok(f.inDialog, `${key} #${i + 1} left the dialog for ${JSON.stringify(f)}`);
      }
    }
    assert.ok(await dialog.isVisible());
  }

  /** No sideways page scroll, and each control shown whole inside the 1280x800 viewport. */
  async function assertFits(
    p: Page,
    screen: string,
    controls: Record<string, Locator>,
  ): Promise<void> {
    const width = (await p.evaluate("document.documentElement.scrollWidth")) as number;
    assert.ok(width <= VIEWPORT.width, `${screen}: the page is ${width}px wide`);
    for (const [name, control] of Object.entries(controls)) {
      await control.waitFor();
      const box = await control.boundingBox();
      assert.ok(box, `${screen}: ${name} has a box`);
      assert.ok(
        box.x >= 0 &&
          box.y >= 0 &&
          box.x + box.width <= VIEWPORT.width &&
          box.y + box.height <= VIEWPORT.height,
        `${screen}: ${name} is outside the viewport: ${JSON.stringify(box)}`,
      );
    }
  }

  async function replaceConsoleText(text: string): Promise<void> {
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.press("Delete");
    await page.keyboard.insertText(text);
  }

  describe("keyboard", () => {
    it("makes the shortcuts discoverable: titles on the controls, and ? lists them all", async () => {
      await open(`#/c/${connectionId}/data`);
      await page.getByTestId("index-list").getByText(index).waitFor();
      for (const [name, keys] of [
        ["Data", "Alt+D"],
        ["Console", "Alt+E"],
        ["Admin", "Alt+A"],
        ["Settings", "Alt+S"],
      ] as const) {
        const tab = page.getByRole("banner").getByRole("button", { name, exact: true });
        assert.equal(await tab.getAttribute("aria-keyshortcuts"), keys);
        assert.match((await tab.getAttribute("title")) ?? "", new RegExp(keys.replace("+", "\\+")));
      }
      assert.match(
        (await page.getByLabel("Filter indices by name").getAttribute("placeholder")) ?? "",
        /\/ \)/,
      );

      // ? opens the list (focus was on the page, not in a field).
      await page.keyboard.press("?");
      const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
      await help.waitFor();
      const text = await help.innerText();
      for (const keys of [
        "Alt+C",
        "Alt+D",
        "Alt+E",
        "Alt+A",
        "Alt+S",
        "Ctrl+Enter",
        "Ctrl+S",
        "Shift+Enter",
      ])
        assert.ok(text.includes(keys), `the list names ${keys}`);
      await assertTabStaysIn(6, help);
      await page.keyboard.press("Escape");
      await help.waitFor({ state: "detached" });

      // The same list from the top bar's button; Escape gives the focus back to that button.
      const button = page.getByRole("button", { name: "Keyboard shortcuts" });
      assert.equal(await button.getAttribute("title"), "Keyboard shortcuts (?)");
      await button.focus();
      await page.keyboard.press("Enter");
      await help.waitFor();
      assert.ok((await focused()).inDialog, "focus moved into the dialog");
      await screenshot(page, "quality-shortcuts-help");
      await page.keyboard.press("Escape");
      await help.waitFor({ state: "detached" });
      assert.equal((await focused()).label, "Keyboard shortcuts", "focus is back on the button");

      // ? typed into a field is text, not a shortcut.
      await page.keyboard.press("/");
      assert.equal((await focused()).label, "Filter indices by name");
      await page.keyboard.type("?");
      assert.equal(await page.getByLabel("Filter indices by name").inputValue(), "?");
      assert.equal(await help.count(), 0);
    });

    it("opens a table from the sidebar, edits a cell and saves it with Ctrl+S, keyboard only", async () => {
      await open(`#/c/${connectionId}/data`);
      await page.getByTestId("index-list").getByText(index).waitFor();
      // "/" focuses the filter; Tab reaches the one matching index (after Refresh); Enter opens it.
      await page.keyboard.press("/");
      await page.keyboard.type(index);
      await page.keyboard.press("Tab");
      assert.equal((await focused()).label, "Refresh indices");
      await page.keyboard.press("Tab");
      assert.match((await focused()).text, new RegExp(`^${index}`));
      await page.keyboard.press("Enter");
      await gridTotal(DOCS.length);
      assert.ok((await hash()).endsWith(`/data/${index}`));

      // The opened table has the focus: its first cell; arrows move to the `name` column.
      await waitForFocus((f) => f.gridCell && f.rowIndex === "0", "the grid's first cell");
      for (let i = 0; i < 8 && (await focused()).colId !== "name"; i++)
        await page.keyboard.press("ArrowRight");
      assert.equal((await focused()).colId, "name");
      const id = (
        await page.locator('.ag-row[row-index="0"] .ag-cell[col-id="_id"]').innerText()
      ).trim();
      assert.match(id, /^doc-\d$/);

      // Typing starts an edit; Ctrl+S saves it without Enter first (the edit in progress counts).
      await page.keyboard.type("typed-by-keyboard");
      await page.locator('.ag-cell[col-id="name"] input').waitFor();
      await page.keyboard.press("ControlOrMeta+s");
      await page.locator(".toast", { hasText: "Saved 1 change." }).waitFor({ timeout: 20_000 });
      const doc = await t.json<{ _source: { name: string } }>({
        method: "GET",
        path: `/${index}/_doc/${id}`,
      });
      assert.equal(doc._source.name, "typed-by-keyboard");

      // Shift+Enter opens the focused cell in full; Tab stays in the dialog; Escape returns to the cell.
      // The save reloads the page: the keys wait until the reloaded rows are in and the focus is
      // back on the saved document's cell (it may have moved on the page).
      await page.locator(".grid-loading").waitFor({ state: "detached" });
      await waitForFocus((f) => f.gridCell && f.colId === "name", "the edited cell");
      const at = (await focused()).rowIndex;
      assert.equal(
        (
          await page.locator(`.ag-row[row-index="${at}"] .ag-cell[col-id="_id"]`).innerText()
        ).trim(),
        id,
        "the focus followed the saved document",
      );
      await page.keyboard.press("Shift+Enter");
      const dialog = page.getByRole("dialog", { name: `name · ${id}` });
      await dialog.waitFor();
      await dialog.locator(".cm-content", { hasText: "typed-by-keyboard" }).waitFor();
      await waitForFocus((f) => f.inDialog, "the cell dialog");
      await assertTabStaysIn(6, dialog);
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "detached" });
      await waitForFocus((f) => f.gridCell && f.colId === "name", "the cell it was opened from");
      await screenshot(page, "quality-keyboard-edit");
    });

    it("moves between screens with Alt+E, Alt+D, Alt+S, Alt+C and runs a request with Ctrl+Enter", async () => {
      await open(`#/c/${connectionId}/data/${index}`);
      await gridTotal(DOCS.length);

      await page.keyboard.press("Alt+KeyE");
      await page.getByRole("toolbar", { name: "Console actions" }).waitFor();
      await waitForFocus((f) => f.inEditor, "the console editor");
      await replaceConsoleText(`GET /${index}/_search\n{ "query": { "match_all": {} } }`);
      const ran = page.waitForResponse((r) => r.url().endsWith("/console/run"));
      await page.keyboard.press("ControlOrMeta+Enter");
      await ran;
      const result = page.getByTestId("console-result");
      await result.getByText(`search hits · ${DOCS.length} total`).waitFor();

      // Alt+D goes back to the table last opened, not to an empty data screen.
      await page.keyboard.press("Alt+KeyD");
      await gridTotal(DOCS.length);
      assert.ok((await hash()).endsWith(`/data/${index}`));

      await page.keyboard.press("Alt+KeyS");
      await page.getByRole("heading", { name: "Integrations" }).waitFor();
      await page.keyboard.press("Alt+KeyC");
      await page.getByRole("heading", { name: "New connection" }).waitFor();
      // After a screen change Tab continues on the new screen, not at the top of the page.
      await page.keyboard.press("Tab");
      assert.equal((await focused()).text, "New");
      await screenshot(page, "quality-keyboard-screens");
    });

    it("keeps Tab inside a confirmation, which asks for the name typed, and gives focus back on Escape", async () => {
      await open(`#/c/${connectionId}/index/${index}`);
      const remove = page.getByRole("button", { name: "Delete…", exact: true });
      await remove.focus();
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog", { name: "Delete index" });
      await dialog.waitFor();
      // Enter must never delete by accident: focus goes to the name to type, Send waits for it.
      await waitForFocus((f) => f.inDialog && f.label === `Type ${index} to confirm`, "the name");
      await page.keyboard.press("Enter");
      assert.equal(await dialog.getByRole("button", { name: "Send request" }).isDisabled(), true);
      await assertTabStaysIn(5, dialog);
      await screenshot(page, "quality-confirm-focus");
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "detached" });
      assert.equal((await focused()).text, "Delete…");
      assert.equal((await t.request({ method: "HEAD", path: `/${index}` })).status, 200);
    });

    it("leaves the focus where it was moved in a dialog, however late the page's timers run", async () => {
      // A busy tab: its zero-delay timers held until released, so the dialog's deferred
      // first-field focus runs only after the focus was put on the dialog's second field.
      const slow = await browser.context.newPage();
      try {
        await slow.addInitScript({ content: HELD_TIMERS });
        await slow.goto(`${app.url}#/settings/integrations`);
        await slow.getByRole("button", { name: "Create token…" }).click();
        const dialog = slow.getByRole("dialog", { name: "Create token" });
        await dialog.waitFor();
        const scope = dialog.getByLabel("Scope");
        await scope.focus();
        assert.ok(((await slow.evaluate("window.releaseTimers()")) as number) > 0, "timers held");
        await slow.keyboard.type("typed");
        const at = "document.activeElement?.closest('label')?.firstChild?.textContent";
        assert.equal(await slow.evaluate(at), "Scope");
        assert.equal(await dialog.getByLabel("Name").inputValue(), "");
      } finally {
        await slow.close();
      }
    });
  });

  describe("1280x800", () => {
    it("fits every main screen: no sideways scroll, the main buttons inside the viewport", async () => {
      await open("#/connections");
      await assertFits(page, "connections", {
        New: page.getByRole("button", { name: "New", exact: true }),
        Settings: page.getByRole("button", { name: "Settings", exact: true }),
        "Elasticsearch tile": page.locator(".type-tile[data-type=elasticsearch]"),
      });
      await screenshot(page, "quality-fit-connections");

      await open(`#/connections/${connectionId}/edit`);
      await page.getByRole("heading", { name: "Edit dev" }).waitFor();
      await page.getByText("Advanced").click();
      await assertFits(page, "connection editor", {
        Test: page.getByRole("button", { name: "Test", exact: true }),
        Save: page.getByRole("button", { name: "Save", exact: true }),
      });
      // The saved connections show where they point first (the type may be cut, never the port).
      const sub = page
        .getByTestId("connection-list")
        .locator(".list-item", { hasText: "dev" })
        .locator(".list-sub");
      const endpoint = `127.0.0.1:${portOf(node("es8"))}`;
      assert.ok((await sub.innerText()).startsWith(endpoint), await sub.innerText());
      assert.ok((await sub.getAttribute("title"))?.startsWith(endpoint), "the whole line on hover");
      await screenshot(page, "quality-fit-editor");

      const toolbar = page.getByRole("toolbar", { name: "Table actions" });
      await open(`#/c/${connectionId}/data/${longIndex}`);
      await gridTotal(DOCS.length);
      await assertFits(page, "data view of a long index name", {
        Refresh: toolbar.getByRole("button", { name: "Refresh" }),
        "+ Row": toolbar.getByRole("button", { name: "+ Row" }),
        Save: toolbar.getByRole("button", { name: /^Save/ }),
        Discard: toolbar.getByRole("button", { name: "Discard" }),
        "Open in console": toolbar.getByRole("button", { name: "Open in console" }),
        "Copy as curl": toolbar.getByRole("button", { name: "Copy as curl" }),
        Export: toolbar.getByRole("button", { name: "Export…" }),
        Apply: page.getByRole("button", { name: "Apply" }),
        "Last page": page.getByRole("button", { name: "Last page" }),
        "Rows per page": page.getByLabel("Rows per page"),
      });
      // The long name gives way in the title and the sidebar (ellipsis), the whole name in a tooltip.
      const title = toolbar.locator(".toolbar-title");
      assert.equal(await title.getAttribute("title"), longIndex);
      assert.ok(await title.evaluate((el) => el.scrollWidth > el.clientWidth), "title is cut");
      const buttons = await toolbar
        .locator("button")
        .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().top));
      assert.equal(new Set(buttons).size, 1, "the toolbar's buttons are on one line");
      await screenshot(page, "quality-fit-long-index");

      // A long error (naming a long, unbroken index name) wraps inside the page.
      const missing = `${uiIndex("quality-missing")}-${"averyveryverylongunbrokenname".repeat(7)}`;
      await open(`#/c/${connectionId}/data/${missing}`);
      const error = page.locator(".workspace-main .error-note");
      await error.waitFor({ timeout: 20_000 });
      assert.ok((await error.innerText()).includes(missing), "the error names the index");
      await assertFits(page, "data view with a long error", {
        error,
        Retry: error.getByRole("button", { name: "Retry" }),
        Settings: page.getByRole("button", { name: "Settings", exact: true }),
      });
      await screenshot(page, "quality-fit-long-error");

      await open(`#/c/${connectionId}/console`);
      const consoleBar = page.getByRole("toolbar", { name: "Console actions" });
      await assertFits(page, "console", {
        Run: consoleBar.getByRole("button", { name: "Run", exact: true }),
        "Run all": consoleBar.getByRole("button", { name: "Run all" }),
        History: consoleBar.getByRole("button", { name: "History" }),
        Settings: page.getByRole("button", { name: "Settings", exact: true }),
      });
      await screenshot(page, "quality-fit-console");

      await open("#/settings/integrations");
      await assertFits(page, "settings", {
        "Create token": page.getByRole("button", { name: "Create token…" }),
        Plugins: page.getByRole("button", { name: "Plugins", exact: true }),
      });
      await open("#/settings/plugins");
      await page.getByTestId("plugin-table").getByText("Elasticsearch").first().waitFor();
      await assertFits(page, "settings > plugins", {
        Remove: page
          .getByTestId("plugin-table")
          .getByRole("button", { name: "Remove Elasticsearch", exact: true }),
      });
      await screenshot(page, "quality-fit-settings");
    });
  });

  describe("loading states", () => {
    const spinner = (p: Page, label: string) => p.getByRole("status").filter({ hasText: label });

    it("shows a spinner for the index list, a grid page, a console request and a connection test", async () => {
      // Each slow answer is a real one held at a gate until its spinner was seen: the spinner
      // shows 200 ms into the call, and a held call stays slow however slow the machine.
      let held = await holdRequests(page, "**/api/connections/*/tables");
      await open(`#/c/${connectionId}/data`);
      await held.arrived();
      await spinner(page, "Loading indices…").waitFor();
      await held.release();
      await page.getByTestId("index-list").getByText(index).waitFor();
      await spinner(page, "Loading indices…").waitFor({ state: "detached" });

      // The first page comes with the opened grid; a page asked for later shows its own spinner.
      await open(`#/c/${connectionId}/data/${index}`);
      await gridTotal(DOCS.length);
      held = await holdRequests(page, "**/api/grids/*/browse");
      await page
        .locator(".data-view")
        .getByRole("button", { name: "Refresh", exact: true })
        .click();
      await held.arrived();
      await spinner(page, "Loading documents…").waitFor();
      await held.release();
      await spinner(page, "Loading documents…").waitFor({ state: "detached" });
      await gridTotal(DOCS.length);

      await open(`#/c/${connectionId}/console`);
      await page.locator(".console-editor .cm-content").click();
      await replaceConsoleText("GET /_cluster/health");
      held = await holdRequests(page, "**/api/connections/*/console/run");
      await page.keyboard.press("ControlOrMeta+Enter");
      await held.arrived();
      await spinner(page, "Running…").waitFor();
      await held.release();
      await page.getByTestId("result-json").waitFor();
      await spinner(page, "Running…").waitFor({ state: "detached" });

      // Busy from the press of Run, before the text is parsed: a slow parse shows the spinner,
      // and pressing again meanwhile runs nothing more. The parse is held (the editor's own
      // checks parse too, and wait with it); what is awaited is the page's outcome, not a response.
      const runButton = page
        .getByRole("toolbar", { name: "Console actions" })
        .getByRole("button", { name: "Run", exact: true });
      let runs = 0;
      const countRuns = (r: { url(): string }) => {
        if (r.url().endsWith("/console/run")) runs++;
      };
      page.on("request", countRuns);
      held = await holdRequests(page, "**/api/connections/*/console/parse");
      // The key goes to the editor, wherever the last run's answer left the focus.
      await page.locator(".console-editor .cm-content").focus();
      await page.keyboard.press("ControlOrMeta+Enter");
      await held.arrived();
      await spinner(page, "Running…").waitFor();
      assert.equal(await runButton.isDisabled(), true, "Run is disabled while the text is parsed");
      assert.equal(runs, 0, "still parsing");
      await page.keyboard.press("ControlOrMeta+Enter");
      await held.release();
      await spinner(page, "Running…").waitFor({ state: "detached" });
      page.off("request", countRuns);
      assert.equal(runs, 1, "one run for two presses");
      assert.equal(await runButton.isEnabled(), true);

      // Copy as curl takes the same request as Run from the blank line below it.
      await page.locator(".console-editor .cm-content").click();
      await replaceConsoleText("GET /_cluster/health\n\n");
      const curl = page.waitForRequest((r) => r.url().endsWith("/console/curl"));
      await page
        .getByRole("toolbar", { name: "Console actions" })
        .getByRole("button", { name: "Copy as curl" })
        .click();
      assert.deepEqual((await curl).postDataJSON(), {
        request: { method: "GET", path: "/_cluster/health" },
      });

      held = await holdRequests(page, "**/api/connections/test");
      await open(`#/connections/${connectionId}/edit`);
      await page.getByRole("button", { name: "Test", exact: true }).click();
      await held.arrived();
      await spinner(page, "Testing…").waitFor();
      await held.release();
      await page
        .getByTestId("test-result")
        .getByText(/Connected to Elasticsearch/)
        .waitFor();
      assert.equal(await spinner(page, "Testing…").count(), 0);
      await screenshot(page, "quality-loading-test");
    });

    it("shows no spinner for an answer faster than 200 ms", async () => {
      // A page of its own that notes every status element and every API call's time.
      const fresh = await browser.context.newPage();
      await fresh.addInitScript({ content: TIMELINE });
      const timeline = async () => (await fresh.evaluate("window.quarryTimeline")) as Timeline;
      try {
        await fresh.goto(`${app.url}#/c/${connectionId}/data/${index}`);
        await gridTotal(DOCS.length, fresh);
        await fresh.getByTestId("index-list").getByText(index).waitFor();
        // One call at a time, each from its own Refresh button, on a page that is done loading.
        const refreshes = [
          {
            path: "/tables",
            label: "Loading indices…",
            button: fresh.getByRole("button", { name: "Refresh indices" }),
          },
          {
            path: "/browse",
            label: "Loading documents…",
            button: fresh
              .getByRole("toolbar", { name: "Table actions" })
              .getByRole("button", { name: "Refresh" }),
          },
        ];
        const timings: string[] = [];
        let checked = 0;
        for (let round = 0; round < 3; round++) {
          for (const { path, label, button } of refreshes) {
            const before = (await timeline()).calls.length;
            const answered = fresh.waitForResponse((r) => r.url().endsWith(path));
            await button.click();
            await answered;
            // The page notes the call once it has read the answer, right after.
            let call: Timeline["calls"][number] | undefined;
            // A safety net of a minute, as every wait here (docs/testing.md).
            const deadline = Date.now() + 60_000;
            while (!call) {
              call = (await timeline()).calls.slice(before).find((c) => c.url.endsWith(path));
              if (!call && Date.now() > deadline)
                throw new Error(`${path}: the page never read the answer`);
              if (!call) await fresh.waitForTimeout(20);
            }
            await fresh.getByRole("status").filter({ hasText: label }).waitFor({
              state: "detached",
            });
            const ms = Math.round(call.end - call.start);
            timings.push(`${path} ${ms} ms`);
            const shown = (await timeline()).spinners.filter(
              (sp) => sp.text.includes(label) && sp.at >= call.start,
            );
            if (ms < 150) {
              checked++;
              assert.deepEqual(shown, [], `${label} flickered for a ${ms} ms answer`);
            }
            for (const sp of shown)
              assert.ok(
                sp.at - call.start >= 200,
                `${label} appeared ${Math.round(sp.at - call.start)} ms in`,
              );
          }
        }
        assert.ok(checked > 0, `no answer was under 150 ms to check: ${timings.join(", ")}`);
        await screenshot(fresh, "quality-no-flicker");
      } finally {
        await fresh.close();
      }
    });
  });

  describe("errors with their remedy", () => {
    it("says an unreachable node cannot be reached, with the remedy, Retry and Edit", async () => {
      await open(`#/c/${deadId}/data`);
      const problem = page.getByTestId("connection-problem");
      await problem.waitFor({ timeout: 20_000 });
      const text = await problem.innerText();
      assert.match(text, new RegExp(`Connection failed: .*127\\.0\\.0\\.1:${deadPort}`));
      assert.match(text, /Check the host and port, and that the cluster is running\./);
      const topbar = page.getByRole("banner");
      await topbar.getByText("(not reachable)").waitFor();
      const retried = page.waitForResponse((r) => r.url().endsWith(`/${deadId}/tables`));
      await problem.getByRole("button", { name: "Retry" }).click();
      assert.equal((await retried).status() >= 400, true);
      await problem.getByText(/Connection failed/).waitFor();
      await assertFits(page, "unreachable connection", {
        Retry: problem.getByRole("button", { name: "Retry" }),
        "Edit connection": problem.getByRole("button", { name: "Edit connection" }),
      });
      await screenshot(page, "quality-error-unreachable");
      await problem.getByRole("button", { name: "Edit connection" }).click();
      await page.getByRole("heading", { name: "Edit unreachable" }).waitFor();
    });

    it("shows a missing index's error with its remedy and a Retry", async () => {
      const missing = uiIndex("quality-missing");
      await open(`#/c/${connectionId}/data/${missing}`);
      const note = page.locator(".workspace-main .error-note");
      await note.waitFor({ timeout: 20_000 });
      assert.ok(await note.locator(".error-remedy").isVisible(), "a remedy is shown");
      assert.ok((await note.innerText()).includes(missing), await note.innerText());
      await note.getByRole("button", { name: "Retry" }).waitFor();
      await screenshot(page, "quality-error-missing-index");
    });

    it("shows the cluster's own reason when it rejects a console request", async () => {
      await open(`#/c/${connectionId}/console`);
      await page.locator(".console-editor .cm-content").click();
      await replaceConsoleText(`GET /${index}/_search\n{ "query": { "no_such_query": {} } }`);
      const ran = page.waitForResponse((r) => r.url().endsWith("/console/run"));
      await page.keyboard.press("ControlOrMeta+Enter");
      await ran;
      const result = page.getByTestId("console-result");
      await result.getByTestId("result-error").waitFor();
      assert.match(await result.locator("header").innerText(), /400/);
      // The cluster's type and reason, as an alert above the answer.
      const alert = result.getByRole("alert");
      assert.match(
        (await alert.innerText()).trim(),
        /^parsing_exception: unknown query \[no_such_query\]/,
      );
      assert.equal(await alert.getAttribute("data-testid"), "cluster-error");
      const [alertTop, jsonTop] = await Promise.all(
        [alert, result.locator(".cm-editor")].map(async (l) => (await l.boundingBox())!.y),
      );
      assert.ok(alertTop! < jsonTop!, "the reason comes before the JSON");
      await screenshot(page, "quality-error-console-rejected");
    });

    it("names the line of invalid JSON in the console, with the remedy, and sends nothing", async () => {
      await open(`#/c/${connectionId}/console`);
      await page.locator(".console-editor .cm-content").click();
      let sent = 0;
      const count = (r: { url(): string }) => {
        if (r.url().endsWith("/console/run")) sent++;
      };
      page.on("request", count);
      try {
        await replaceConsoleText(`GET /${index}/_search\n{ "query": { "match_all": {} `);
        // The note is the outcome of the parse the press asked for (a parse's response could be
        // the editor's own check of the text, which parses too).
        await page.keyboard.press("ControlOrMeta+Enter");
        const note = page.getByTestId("console-result").locator(".error-note");
        await note.waitFor();
        const text = await note.innerText();
        // One position, in the editor's lines (the body's line 1 is the editor's line 2).
        assert.match(
          text,
          /is not valid JSON \(line 2 column 30\): Expected ',' or '\}' after property value$/m,
        );
        assert.match(text, /Fix the JSON, or remove the body\./);
        assert.doesNotMatch(text, /Quarry did not answer|\[object Object\]/);
        assert.equal(sent, 0, "nothing was sent to the cluster");
      } finally {
        page.off("request", count);
      }
      await screenshot(page, "quality-error-console-json");
    });

    it("tells a page without this run's key how to get in, instead of failing everywhere", async () => {
      // A tab of its own: the key lives in the tab's session storage.
      const stranger = await browser.context.newPage();
      try {
        await stranger.goto(`${app.origin}/#/connections`);
        const locked = stranger.getByRole("main", { name: "This page needs Quarry's access key" });
        await locked.waitFor();
        const text = await locked.innerText();
        assert.match(text, /This page does not carry this run's access key\./, "the app's refusal");
        assert.match(
          text,
          /This page belongs to an earlier run of Quarry: open Quarry again/,
          "the app's remedy",
        );
        assert.match(text, /Run quarry \(or quarry start\) in a terminal/);
        assert.equal(await stranger.getByTestId("connection-list").count(), 0);
        assert.equal(await stranger.getByRole("alert").count(), 1, "said once, not per request");
        await screenshot(stranger, "quality-error-no-key");
      } finally {
        await stranger.close();
      }
    });
  });
});
