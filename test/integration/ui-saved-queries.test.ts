/**
 * The library of saved queries in a real browser on the es8 node's sample data: the console's Save
 * as… keeps a request with a `{{parameter}}`, the library beside the history lists and searches
 * it, Run asks for the parameter in a small form (a missing one named) and runs it; the same file
 * runs from `quarry query run`; a query written by hand in the shared folder shows up. Screenshots
 * of the library and the parameter form go to artifacts/.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { before, describe, it } from "node:test";
import type { Page } from "playwright-core";
import { replaceConsoleText } from "../support/console-page.ts";
import { orderedBefore } from "../support/ordered-before.ts";
import { QUARRY } from "../support/quarry.ts";
import { addEs8Connection, appWithBrowser, artifact } from "../support/ui.ts";

const shared = mkdtempSync(join(tmpdir(), "qt-ui-shared-queries-"));

describe("saved queries in the console", () => {
  orderedBefore(() => {
    process.env.QUARRY_QUERIES = shared;
  });
  const { app, page } = appWithBrowser();
  let connectionId = "";

  before(async () => {
    connectionId = await addEs8Connection(app);
  });

  const openLibrary = async (p: Page) => {
    await p
      .getByRole("toolbar", { name: "Console actions" })
      .getByRole("button", { name: "History" })
      .click();
    const panel = p.getByTestId("library-panel");
    await panel.waitFor();
    return panel;
  };

  it("Save as… keeps a request with a parameter; Run asks for it, then runs", async () => {
    await page.goto(`${app.url}#/c/${connectionId}/console`);
    await page.locator(".console-editor .cm-content").waitFor();
    await replaceConsoleText(
      page,
      'GET /sample-orders/_search\n{\n  "size": 3,\n  "query": { "term": { "status": "{{status}}" } }\n}',
    );
    await page.getByRole("button", { name: "Save as…" }).click();
    await page.getByLabel("Query name").fill("orders-of-status");
    await page.getByLabel("Description").fill("Orders of one status");
    const saved = page.waitForResponse((r) => r.url().includes("/queries/orders-of-status"));
    await page.getByRole("dialog").getByRole("button", { name: "Save", exact: true }).click();
    assert.equal((await saved).status(), 200);
    const file = join(app.home, "queries", "orders-of-status.http");
    assert.match(
      readFileSync(file, "utf8"),
      /^# Orders of one status\n# @param status text\n# @type elasticsearch\nGET \/sample-orders\/_search/,
    );

    const panel = await openLibrary(page);
    await panel.getByTestId("library-item").filter({ hasText: "orders-of-status" }).waitFor();
    await panel.getByLabel("Search the library").fill("status");
    await artifact(page, "saved-queries-library");
    await panel
      .getByTestId("library-item")
      .filter({ hasText: "orders-of-status" })
      .getByRole("button", { name: "Run" })
      .click();
    const form = page.getByTestId("params-form");
    await form.waitFor();
    await artifact(page, "saved-queries-parameters");
    const params = page.getByRole("dialog", { name: "Parameters" });
    await params.getByRole("button", { name: "Run" }).click();
    await params.getByText("needs the parameter status (text)").waitFor();
    await form.getByLabel("status").fill("paid");
    const ran = page.waitForResponse((r) => r.url().endsWith("/console/run"));
    await params.getByRole("button", { name: "Run" }).click();
    await ran;
    const result = page.getByTestId("console-result");
    await result.locator('.ag-cell[col-id="_id"]').first().waitFor();
    assert.match(await result.locator("header").innerText(), /GET \/sample-orders\/_search\s*200/);
    assert.equal(await result.locator('.ag-cell[col-id="_id"]').count(), 3);
  });

  it("an ES|QL result's Save keeps the query as its own text", async () => {
    await page.keyboard.press("Escape");
    await replaceConsoleText(
      page,
      'POST /_query\n{"query": "FROM sample-orders | STATS n = COUNT(*) BY status | LIMIT 3"}',
    );
    const ran = page.waitForResponse((r) => r.url().endsWith("/console/run"));
    await page
      .getByRole("toolbar", { name: "Console actions" })
      .getByRole("button", { name: "Run", exact: true })
      .click();
    await ran;
    const result = page.getByTestId("query-result");
    await result.waitFor();
    await result.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByLabel("Query name").fill("status-counts");
    const saved = page.waitForResponse((r) => r.url().includes("/queries/status-counts"));
    await page.getByRole("dialog").getByRole("button", { name: "Save", exact: true }).click();
    assert.equal((await saved).status(), 200);
    assert.equal(
      readFileSync(join(app.home, "queries", "status-counts.esql"), "utf8"),
      "// @type elasticsearch\nFROM sample-orders | STATS n = COUNT(*) BY status | LIMIT 3\n",
    );
  });

  it("the history shows each request's surface, and saves any entry as a query", async () => {
    const panel = page.getByTestId("history-panel");
    await page
      .getByRole("toolbar", { name: "Console actions" })
      .getByRole("button", { name: "History" })
      .click();
    await panel.getByLabel("Search history", { exact: true }).fill("ui paid");
    await panel.getByTestId("history-item").first().filter({ hasText: "· ui" }).waitFor();
    await panel
      .getByRole("button", { name: "Save GET /sample-orders/_search as query" })
      .first()
      .click();
    await page.getByLabel("Query name").fill("paid-from-history");
    const saved = page.waitForResponse((r) => r.url().includes("/queries/paid-from-history"));
    await page.getByRole("button", { name: "Save", exact: true }).last().click();
    assert.equal((await saved).status(), 200);
    assert.match(
      readFileSync(join(app.home, "queries", "paid-from-history.http"), "utf8"),
      /"status": "paid"/,
    );
    await page.keyboard.press("Escape");
  });

  it("the query saved in the console runs from the CLI", () => {
    const r = spawnSync(
      QUARRY,
      [
        "query",
        "run",
        "orders-of-status",
        "dev",
        "--param",
        "status=paid",
        "--json",
        "--no-history",
      ],
      {
        env: { ...process.env, QUARRY_HOME: app.home, QUARRY_SECRET_STORE: "file" },
        encoding: "utf8",
      },
    );
    assert.equal(r.status, 0, r.stderr);
    assert.equal(JSON.parse(r.stdout).rows.length, 3);
  });

  it("a query written by hand in the shared folder shows up; a broken one is named", async () => {
    writeFileSync(
      join(shared, "by-hand.esql"),
      "// Written by hand\nFROM sample-orders | LIMIT 1\n",
    );
    writeFileSync(join(shared, "broken.view.json"), '{"table": "x",,}');
    await page.keyboard.press("Escape");
    const panel = await openLibrary(page);
    await panel.getByTestId("library-item").filter({ hasText: "by-hand" }).waitFor();
    await panel.getByTestId("library-problem").filter({ hasText: "broken.view.json:1" }).waitFor();
  });
});
