/**
 * Impact before a dangerous write, in a real browser on the es8 node: the approval prompt of an AI
 * client's confirm_destructive_operation shows the documents its `_delete_by_query` matches and
 * the index's size; the console's confirmation shows the same before the user runs it (the test
 * nodes lack the reindex module, so neither goes further than the confirmation), and for a
 * wildcard DELETE lists the indices it resolves to, with Run held until that list is ticked.
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, describe, it } from "node:test";
import type { Client } from "@modelcontextprotocol/client";
import { addConnection } from "../../src/app/connections/connection-service.ts";
import type { McpService } from "../../src/app/mcp-host/mcp-service.ts";
import { node, plainConfig, session } from "../support/cluster.ts";
import { clickRun, replaceConsoleText } from "../support/console-page.ts";
import { deleteIndices, loadIndex } from "../support/datasets.ts";
import { connectClient } from "../support/mcp.ts";
import { appWithBrowser, screenshot } from "../support/ui.ts";

const PREFIX = `t-impact-ui-${randomBytes(3).toString("hex")}`;
const A = `${PREFIX}-a`;
const B = `${PREFIX}-b`;
const MAPPINGS = { properties: { status: { type: "keyword" } } };
const DBQ_BODY = { query: { term: { status: "x" } } };

describe("UI: impact before a dangerous write", () => {
  const es = session(plainConfig(node("es8")));
  const { app, page } = appWithBrowser({ withMcp: true });
  let service: McpService;
  let connectionId = "";
  let agent: Client | undefined;

  before(async () => {
    await loadIndex(
      es.transport,
      A,
      [
        ["1", { status: "x" }],
        ["2", { status: "x" }],
        ["3", { status: "y" }],
      ],
      { mappings: MAPPINGS },
    );
    await loadIndex(es.transport, B, [["1", { status: "x" }]], { mappings: MAPPINGS });
    service = app.mcpService!;
    connectionId = (
      await addConnection(app.storage, {
        name: "impact",
        type: "elasticsearch",
        settings: { ...plainConfig(node("es8")) },
        externalClients: "read-write",
        aiPolicy: "always-allow",
      })
    ).id;
  });

  after(async () => {
    await agent?.close().catch(() => {});
    await deleteIndices(es.transport, A, B);
    await es.close();
  });

  const count = async (index: string) =>
    (await es.transport.json<{ count: number }>({ method: "GET", path: `/${index}/_count` })).count;

  it("the approval prompt shows the documents a _delete_by_query matches and the index's size", async () => {
    const { token } = await service.tokens.create({
      name: "agent",
      scope: "full-access",
      connections: null,
      lifetimeMs: null,
    });
    const s = service.status();
    assert.equal(s.state, "running");
    agent = await connectClient(new URL(s.state === "running" ? s.url : ""), token, "2026-07-28");
    await page.goto(app.url);
    const call = agent
      .callTool({
        name: "confirm_destructive_operation",
        arguments: {
          connection: "impact",
          method: "POST",
          path: `/${A}/_delete_by_query`,
          body: DBQ_BODY,
        },
      })
      .then(
        () => "ran",
        (e: { data?: { rule?: string } }) => e.data?.rule ?? "failed",
      );
    const dialog = page.getByRole("dialog", { name: "Approval request" });
    await dialog.waitFor();
    const impact = dialog.getByTestId("impact");
    assert.match(
      (await impact.locator(".impact-summary").textContent()) ?? "",
      new RegExp(
        `^_delete_by_query deletes 2 matched documents in index ${A} \\(holding 3 documents, `,
      ),
    );
    const row = impact.locator("tbody tr");
    assert.equal(await row.locator("td").nth(0).textContent(), A);
    assert.equal(await row.locator("td").nth(1).textContent(), "3");
    await screenshot(page, "impact-approval-prompt");
    await dialog.getByRole("button", { name: "Deny" }).click();
    assert.equal(await call, "approval-denied");
    assert.equal(await count(A), 3, "nothing was deleted");
  });

  async function askToRun(text: string) {
    await page.goto(`${app.url}#/c/${connectionId}/console`);
    await replaceConsoleText(page, text);
    await clickRun(page);
    const dialog = page.getByRole("dialog", { name: "Run a destructive request?" });
    await dialog.waitFor();
    return dialog;
  }

  it("the console's confirmation shows the matched count of a _delete_by_query, with Run free", async () => {
    const dialog = await askToRun(
      `POST /${A}/_delete_by_query\n${JSON.stringify(DBQ_BODY, null, 2)}`,
    );
    const summary = dialog.getByTestId("impact").locator(".impact-summary");
    await summary.waitFor();
    assert.match(
      (await summary.textContent()) ?? "",
      new RegExp(`^_delete_by_query deletes 2 matched documents in index ${A}`),
    );
    assert.equal(await dialog.getByTestId("confirm-names").count(), 0, "one index, named");
    await screenshot(page, "impact-console-confirm");
    const run = dialog.getByRole("button", { name: "Run", exact: true });
    assert.equal(await run.isEnabled(), true);
    // The test nodes lack the reindex module that serves _delete_by_query: confirm no further.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
    assert.equal(await count(A), 3, "nothing was sent");
  });

  it("a wildcard DELETE lists the indices it resolves to, and Run waits until they are ticked", async () => {
    const dialog = await askToRun(`DELETE /${PREFIX}-*`);
    const tick = dialog.getByTestId("confirm-names");
    await tick.waitFor();
    const summary =
      (await dialog.getByTestId("impact").locator(".impact-summary").textContent()) ?? "";
    assert.match(
      summary,
      new RegExp(`^deletes 2 indices \\(${PREFIX}-\\* resolves to ${A}, ${B}\\): 4 documents, `),
    );
    assert.match(
      (await tick.locator("xpath=..").textContent()) ?? "",
      new RegExp(`these 2 indices: ${A}, ${B}`),
    );
    const run = dialog.getByRole("button", { name: "Run", exact: true });
    assert.equal(await run.isEnabled(), false, "not before the list is ticked");
    await tick.check();
    assert.equal(await run.isEnabled(), true);
    await screenshot(page, "impact-console-wildcard");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
    assert.equal(await count(B), 1, "nothing was sent");
  });
});
