/**
 * Errors in the UI that fit the problem and speak the UI's words, in a real browser: a rejected
 * password (es8-secure over HTTPS) is "Authentication failed" in the main area and the top bar,
 * without the request Quarry sent and without the HTTPS hint; a table that is gone points at the
 * sidebar, not at a command; a filter row without a value is refused before anything is sent.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { Page } from "playwright-core";
import { addConnection } from "../../src/app/connection-service.ts";
import { node, plainConfig, portOf, session } from "../support/cluster.ts";
import { deleteIndices, loadIndex } from "../support/datasets.ts";
import {
  addEs8Connection,
  openBrowser,
  screenshot,
  startUiApp,
  type UiApp,
  uiIndex,
} from "../support/ui.ts";

/** A command to type, or a flag: never in what the UI shows. */
const CLI_WORDS = /\bquarry [a-z]|(^|[\s(])--[a-z]/m;

describe("UI: errors that fit the problem, in the UI's words", () => {
  let app: UiApp;
  let browser: Awaited<ReturnType<typeof openBrowser>>;
  let page: Page;
  let es8: string;
  const index = uiIndex("errors");
  const s = session(plainConfig(node("es8")));

  before(async () => {
    app = await startUiApp();
    es8 = await addEs8Connection(app);
    await loadIndex(s.transport, index, [["a", { n: 1 }]], {
      mappings: { properties: { n: { type: "integer" } } },
    });
    browser = await openBrowser();
    page = browser.page;
  });
  after(async () => {
    await browser?.close();
    await app?.close();
    await deleteIndices(s.transport, index);
    await s.close();
  });

  it("a rejected password is Authentication failed, in the main area and the top bar", async () => {
    const secure = node("es8-secure");
    const saved = await addConnection(
      app.storage,
      {
        name: "secure-wrong",
        type: "elasticsearch",
        settings: {
          host: "127.0.0.1",
          port: portOf(secure),
          auth: "basic",
          username: secure.username,
          sslMode: "required-skip-verify",
        },
      },
      { password: "not-the-password" },
    );
    await page.goto(`${app.url}#/c/${saved.id}/data`);
    const problem = page.getByTestId("connection-problem");
    await problem.waitFor();
    assert.equal(await problem.getByRole("heading").innerText(), "Authentication failed");
    const text = await problem.innerText();
    assert.match(text, /Authentication failed: unable to authenticate user \[elastic\]/);
    assert.match(text, /Check the username and password or the API key\./);
    assert.doesNotMatch(text, /REST request|_nodes|_cat|filter_path/, "no internal request");
    assert.doesNotMatch(text, /uses HTTPS/, "the connection uses HTTPS already");
    assert.doesNotMatch(text, /did not answer/);
    assert.doesNotMatch(text, CLI_WORDS);
    const bar = page.locator(".topbar-connection");
    assert.match(await bar.innerText(), /\(authentication failed\)/);
    assert.doesNotMatch(await bar.innerText(), /not reachable/);
    await screenshot(page, "errors-authentication-failed");
  });

  it("a table that is gone points at the sidebar, not at a command", async () => {
    await page.goto(`${app.url}#/c/${es8}/data/${index}-gone`);
    const note = page.locator(".error-note").first();
    await note.waitFor();
    const text = await note.innerText();
    assert.match(text, /No index, alias or pattern matches/);
    assert.match(text, /pick an index from the list in the sidebar/);
    assert.doesNotMatch(text, CLI_WORDS);
    await screenshot(page, "errors-table-gone");
  });

  it("+ Filter then Apply is refused before it is sent, naming the row", async () => {
    await page.goto("about:blank");
    await page.goto(`${app.url}#/c/${es8}/data/${index}`);
    await page.getByTestId("total-count").waitFor();
    const bar = page.getByRole("form", { name: "Filters" });
    await bar.getByRole("button", { name: "+ Filter" }).click();
    await bar.getByRole("button", { name: "Apply" }).click();
    const note = page.locator(".error-note", { hasText: "has no value" });
    await note.waitFor();
    const text = await note.innerText();
    assert.match(text, /^Filter 1 \(_id =\) has no value$/m);
    assert.match(text, /Give it a value, or remove the filter/);
    assert.doesNotMatch(text, /cluster answered|Ids can't be empty|400/);
    assert.doesNotMatch(text, CLI_WORDS);
    await screenshot(page, "errors-empty-filter");
  });
});
