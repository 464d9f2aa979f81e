/**
 * The library of saved queries in a real browser on the es8 node's sample data: the console's Save
 * as… keeps a request with a `{{parameter}}`, the library beside the history lists and searches
 * it, Run asks for the parameter in a small form (a missing one named) and runs it; the same file
 * runs from `quarry query run` and through an agent's MCP call with parameters; the History
 * searches every connection by words, connection, surface and time, and saves an agent's entry as
 * a query; a query written by hand in the shared folder shows up, and the shared folder is set in
 * the library (only to a folder that exists). Screenshots of the library and the parameter form go
 * to artifacts/.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import type { Client } from "@modelcontextprotocol/client";
import type { Page } from "playwright-core";
import { addConnection } from "../../src/app/connections/connection-service.ts";
import { ConsoleHistory } from "../../src/app/storage/console-history.ts";
import { connectionTo, node } from "../support/cluster.ts";
import { replaceConsoleText } from "../support/console-page.ts";
import { connectClient } from "../support/mcp.ts";
import { orderedBefore } from "../support/ordered-before.ts";
import { QUARRY, waitFor } from "../support/quarry.ts";
import { appWithBrowser, artifact } from "../support/ui.ts";

const shared = mkdtempSync(join(tmpdir(), "qt-ui-shared-queries-"));

describe("saved queries in the console", () => {
  orderedBefore(() => {
    process.env.QUARRY_QUERIES = shared;
  });
  const { app, page } = appWithBrowser({ withMcp: true });
  let connectionId = "";
  let agent: Client | undefined;
  const quarry = (args: string[]) =>
    spawnSync(QUARRY, args, {
      env: { ...process.env, QUARRY_HOME: app.home, QUARRY_SECRET_STORE: "file" },
      encoding: "utf8",
    });

  before(async () => {
    // Agents may read both: the console's query runs through an MCP call too.
    const add = async (name: string) => {
      const { config, secrets } = connectionTo(node("es8"));
      const saved = await addConnection(
        app.storage,
        {
          name,
          type: "elasticsearch",
          settings: { ...config },
          externalClients: "read-only",
          aiPolicy: "always-allow",
        },
        secrets,
      );
      return saved.id;
    };
    connectionId = await add("dev");
    await add("other");
  });
  after(async () => {
    await agent?.close().catch(() => {});
    delete process.env.QUARRY_QUERIES;
  });

  /** Escape until no dialog is open (in a search field the first one clears it). */
  const closeDialogs = (p: Page) =>
    waitFor(async () => {
      if ((await p.locator(".modal-backdrop").count()) === 0) return true;
      await p.keyboard.press("Escape");
      return false;
    }, "every dialog closed");

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
    const r = quarry([
      "query",
      "run",
      "orders-of-status",
      "dev",
      "--param",
      "status=paid",
      "--json",
      "--no-history",
    ]);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(JSON.parse(r.stdout).rows.length, 3);
  });

  it("the query saved in the console runs through an agent's MCP call with parameters", async () => {
    const service = app.mcpService;
    assert.ok(service);
    const { token } = await service.tokens.create({
      name: "agent",
      scope: "read-only",
      connections: null,
      lifetimeMs: null,
    });
    const s = service.status();
    assert.equal(s.state, "running");
    agent = await connectClient(new URL(s.state === "running" ? s.url : ""), token, "2026-07-28");
    const r = await agent.callTool({
      name: "execute_query",
      arguments: { connection: "dev", saved: "orders-of-status", params: { status: "shipped" } },
    });
    assert.equal(r.isError, undefined, JSON.stringify(r.content));
    const text = JSON.stringify(r.structuredContent);
    assert.equal((text.match(/"status":"shipped"/g) ?? []).length, 3, text);
    assert.doesNotMatch(text, /"status":"paid"/);
    const missing = await agent.callTool({
      name: "execute_query",
      arguments: { connection: "dev", saved: "orders-of-status" },
    });
    assert.equal(missing.isError, true);
    assert.match(JSON.stringify(missing.content), /needs the parameter status \(text\)/);
  });

  it("the History searches every connection by surface, connection and time; an agent's entry is saved as a query", async () => {
    // The other connection's request, from the CLI; the agent's, once its batch is written.
    const cli = quarry(["query", "run", "orders-of-status", "other", "--param", "status=new"]);
    assert.equal(cli.status, 0, cli.stderr);
    const history = new ConsoleHistory(join(app.home, "console-history"));
    await waitFor(
      async () => (await history.list(connectionId)).some((e) => e.surface === "mcp:agent"),
      "the agent's request in the history",
    );
    await closeDialogs(page);
    const panel = page.getByTestId("history-panel");
    await page
      .getByRole("toolbar", { name: "Console actions" })
      .getByRole("button", { name: "History" })
      .click();
    const items = panel.getByTestId("history-item");
    // This connection's first; every connection's a choice away.
    await items.filter({ hasText: "· mcp:agent · dev" }).first().waitFor();
    assert.equal(await items.filter({ hasText: "· other" }).count(), 0);
    await panel.getByLabel("History of connection").selectOption({ label: "All connections" });
    await items.filter({ hasText: "· cli · other" }).first().waitFor();
    await items.filter({ hasText: "· mcp:agent · dev" }).first().waitFor();
    await panel.getByLabel("History of connection").selectOption({ label: "other" });
    await items.filter({ hasText: "· cli · other" }).first().waitFor();
    await waitFor(
      async () => (await items.allInnerTexts()).every((t) => t.includes("· other")),
      "only the other connection's entries",
    );
    await panel.getByLabel("History of connection").selectOption({ label: "dev (this one)" });
    await panel.getByLabel("History from surface").selectOption({ label: "Agent: token agent" });
    const agentItem = items.filter({ hasText: "· mcp:agent · dev" });
    await agentItem.first().waitFor();
    await waitFor(
      async () => (await items.allInnerTexts()).every((t) => t.includes("· mcp:agent")),
      "only the agent's entries",
    );
    await panel.getByLabel("Search history", { exact: true }).fill("shipped");
    await waitFor(async () => (await items.count()) === 1, "the agent's one shipped request");
    // Until a time before any request: nothing matches.
    await panel.getByLabel("History until time").fill("2020-01-01T00:00");
    await panel.getByText("No request in the history matches.").waitFor();
    await panel.getByLabel("History until time").fill("");
    await agentItem.first().waitFor();
    await artifact(page, "saved-queries-history");
    await panel
      .getByRole("button", { name: "Save GET /sample-orders/_search as query" })
      .first()
      .click();
    await page.getByLabel("Query name").fill("shipped-from-agent");
    const saved = page.waitForResponse((r) => r.url().includes("/queries/shipped-from-agent"));
    await page.getByRole("button", { name: "Save", exact: true }).last().click();
    assert.equal((await saved).status(), 200);
    const file = await readFile(join(app.home, "queries", "shipped-from-agent.http"), "utf8");
    assert.match(file, /^# @type elasticsearch\nGET \/sample-orders\/_search\n/);
    assert.match(file, /"status": "shipped"/);
    assert.match(file, /"size": 3/);
    await page.keyboard.press("Escape");
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

  it("the library sets its shared folder, only to a folder that exists", async () => {
    await closeDialogs(page);
    let panel = await openLibrary(page);
    const folder = panel.getByTestId("shared-folder");
    await folder.getByText("from QUARRY_QUERIES, which wins over the setting").waitFor();
    delete process.env.QUARRY_QUERIES;
    await closeDialogs(page);
    panel = await openLibrary(page);
    await panel.getByTestId("shared-folder").getByText("Shared folder: none").waitFor();
    assert.equal(await panel.getByTestId("library-item").filter({ hasText: "by-hand" }).count(), 0);
    await panel.getByTestId("shared-folder").getByRole("button", { name: "Set" }).click();
    await panel.getByLabel("Shared folder path").fill(join(shared, "nope"));
    await panel.getByRole("button", { name: "Save folder" }).click();
    await panel
      .getByTestId("shared-folder")
      .getByText(
        `The folder ${join(shared, "nope")} does not exist; the shared queries folder was not changed`,
      )
      .waitFor();
    await panel.getByLabel("Shared folder path").fill(shared);
    const put = page.waitForResponse((r) => r.url().endsWith("/queries/folder"));
    await panel.getByRole("button", { name: "Save folder" }).click();
    assert.equal((await put).status(), 200);
    await panel.getByTestId("library-item").filter({ hasText: "by-hand" }).waitFor();
    await panel.getByTestId("shared-folder").getByText(shared).waitFor();
    assert.deepEqual(JSON.parse(readFileSync(join(app.home, "queries-settings.json"), "utf8")), {
      projectFolder: shared,
    });
  });
});
