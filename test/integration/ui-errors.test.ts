/**
 * Errors in the UI that fit the problem and speak the UI's words, in a real browser: a rejected
 * password (es8-secure over HTTPS) is "Authentication failed" in the main area and the top bar,
 * without the request Quarry sent and without the HTTPS hint; a table that is gone points at the
 * sidebar, not at a command; a filter row without a value is refused before anything is sent.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { addConnection } from "../../src/app/connections/connection-service.ts";
import { node, plainConfig, portOf, session } from "../support/cluster.ts";
import { clickRun, replaceConsoleText } from "../support/console-page.ts";
import { deleteIndices, loadIndex } from "../support/datasets.ts";
import {
  addEs8Connection,
  addNodeConnection,
  appWithBrowser,
  screenshot,
  uiIndex,
} from "../support/ui.ts";

/** A command to type, or a flag: never in what the UI shows. */
const CLI_WORDS = /\bquarry [a-z]|(^|[\s(])--[a-z]/m;

describe("UI: errors that fit the problem, in the UI's words", () => {
  const { app, page } = appWithBrowser();
  let es8: string;
  let es7: string;
  const index = uiIndex("errors");
  const dbqIndex = uiIndex("errors-dbq");
  const s = session(plainConfig(node("es8")));
  const s7 = session(plainConfig(node("es7")));

  before(async () => {
    es8 = await addEs8Connection(app);
    es7 = await addNodeConnection(app, "es7");
    await loadIndex(s.transport, index, [["a", { n: 1 }]], {
      mappings: { properties: { n: { type: "integer" } } },
    });
  });
  after(async () => {
    await deleteIndices(s.transport, index);
    await deleteIndices(s7.transport, dbqIndex);
    await s.close();
    await s7.close();
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

  it("a _delete_by_query the cluster stopped at a conflict is shown as stopped, with what was not attempted", async () => {
    await loadIndex(
      s7.transport,
      dbqIndex,
      Array.from({ length: 300 }, (_, i) => [`d${i}`, { n: i }]),
      { mappings: { properties: { n: { type: "integer" } } } },
    );
    // One shard read in index order, 50 a batch with a pause after each: d200..d209 are in the
    // fifth batch, changed by another writer once the task runs and before it reaches them.
    const path = `/${dbqIndex}/_delete_by_query?scroll_size=50&requests_per_second=40`;
    await page.goto("about:blank");
    await page.goto(`${app.url}#/c/${es7}/console`);
    await replaceConsoleText(page, `POST ${path}\n{"query": {"match_all": {}}}`);
    await clickRun(page);
    const dialog = page.getByRole("dialog", { name: "Run a destructive request?" });
    await dialog.getByRole("button", { name: "Run", exact: true }).click();
    let deletedWhenChanged = 300;
    for (let i = 0; i < 400; i++) {
      // This index's task: other test files run theirs on es7 at the same time.
      const tasks = await s7.transport.json<{
        nodes?: Record<
          string,
          { tasks: Record<string, { description?: string; status?: { deleted: number } }> }
        >;
      }>({ method: "GET", path: "/_tasks", query: { actions: "*delete/byquery", detailed: true } });
      const status = Object.values(tasks.nodes ?? {})
        .flatMap((n) => Object.values(n.tasks))
        .find((task) => task.description?.includes(`[${dbqIndex}]`))?.status;
      if (status) {
        deletedWhenChanged = status.deleted;
        break;
      }
      await page.waitForTimeout(25);
    }
    const lines = [];
    for (let i = 200; i < 210; i++) lines.push(`{"update":{"_id":"d${i}"}}`, '{"doc":{"n":-1}}');
    await s7.transport.json({
      method: "POST",
      path: `/${dbqIndex}/_bulk?refresh=true`,
      body: `${lines.join("\n")}\n`,
      contentType: "application/x-ndjson",
    });
    assert.ok(deletedWhenChanged < 200, "changed before the task reached them");

    const stopped = page.getByTestId("task-stopped");
    await stopped.waitFor({ timeout: 60_000 });
    const text = await stopped.innerText();
    assert.match(
      text,
      /^Stopped early: the cluster stopped it at its first version conflict .*\. 50 documents were not attempted\.$/m,
    );
    assert.match(
      text,
      /run it again with conflicts=proceed in the path \(POST \/.*&conflicts=proceed\)/,
    );
    assert.doesNotMatch(text, CLI_WORDS);
    const summary = await page.getByTestId("task-summary").innerText();
    assert.match(
      summary,
      /^Task stopped early: 240 of 300 documents deleted · .* · 10 version conflicts · 50 documents not attempted$/,
    );
    await screenshot(page, "errors-task-stopped");
  });
});
