/**
 * ES|QL past the row cap and as async queries in a real browser, on the real engine of the 8.19
 * node (no fed answers): a result the cluster cut at 10,000 rows exported whole ("Export all":
 * an export job in keyed pages, its count checked, then the download) and read whole by the grid
 * a page at a time; a long query shows its progress and stops on Cancel, its async query gone
 * from the cluster.
 */
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { before, describe, it } from "node:test";
import type { Page } from "playwright-core";
import { clickRun, replaceConsoleText, runAndWait } from "../support/console-page.ts";
import { es } from "../support/es.ts";
import { addNodeConnection, appWithBrowser, artifact } from "../support/ui.ts";

/** All but 5,000 of the 30,000 sample orders: more than the cap, fewer than the index. */
const ROWS = 25_000;
const SLOW =
  'FROM sample-orders | EVAL r = SPLIT(REPEAT("a,", 999), ",") | MV_EXPAND r | STATS n = COUNT(*)';

function queryText(query: string): string {
  return `POST /_query\n{\n  "query": """${query}"""\n}`;
}

async function run(page: Page, query: string): Promise<void> {
  await replaceConsoleText(page, queryText(query));
  await page.keyboard.press("ArrowUp");
  await runAndWait(page);
}

/** The ES|QL tasks the node runs now. */
async function esqlTasks(): Promise<number> {
  const res = await es("es8", "GET", "/_tasks?actions=*esql*");
  const nodes = (res.body as { nodes?: Record<string, { tasks: object }> }).nodes ?? {};
  return Object.values(nodes).reduce((n, v) => n + Object.keys(v.tasks).length, 0);
}

describe("UI console: ES|QL on the real engine, past the cap and async", () => {
  const { app, page } = appWithBrowser();

  before(async () => {
    const es8 = await addNodeConnection(app, "es8");
    await page.goto(`${app.url}#/c/${es8}/console`);
  });

  it("Export all writes every row of a cut result, counted and checked, then downloads it", async () => {
    await run(page, `FROM sample-orders | KEEP order_id, total | LIMIT ${ROWS}`);
    await page.getByTestId("query-cut").waitFor();
    await page.getByRole("button", { name: "Export…" }).click();
    await page.getByRole("radio", { name: /Every row of the query, past the cap/ }).check();
    await page.getByRole("radio", { name: "NDJSON" }).check();
    await page.getByRole("button", { name: "Export all" }).click();
    const done = page.getByTestId("query-export-done");
    await done.waitFor({ timeout: 120_000 });
    assert.match(await done.innerText(), /^25,000 of 25,000 rows written to query-.*\.ndjson\.$/);
    await artifact(page, "esql-export-all");
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download" }).click();
    const lines = (await readFile(await (await download).path(), "utf8")).trimEnd().split("\n");
    assert.equal(lines.length, ROWS);
    assert.equal(new Set(lines.map((l) => JSON.parse(l).order_id)).size, ROWS);
    await page.keyboard.press("Escape");
  });

  it("the grid reads every row in keyed pages of 10,000", async () => {
    await page.getByRole("button", { name: "Open as grid" }).click();
    const pages = page.getByTestId("query-grid-pages");
    await pages.getByRole("button", { name: "Read every row" }).click();
    await pages
      .getByText("10,000 of 25,000 rows read in pages by _id.")
      .waitFor({ timeout: 60_000 });
    await pages.getByRole("button", { name: "Load more" }).click();
    await pages.getByText("20,000 of 25,000 rows").waitFor({ timeout: 60_000 });
    await pages.getByRole("button", { name: "Load more" }).click();
    await pages.getByText("25,000 of 25,000 rows").waitFor({ timeout: 60_000 });
    assert.equal(await pages.getByRole("button").count(), 0, "no more pages");
    assert.match(
      await page.getByTestId("query-grid").locator(".ag-paging-row-summary-panel").innerText(),
      /1\s+to\s+100\s+of\s+25,000/,
    );
    await artifact(page, "esql-grid-pages");
    await page.keyboard.press("Escape");
  });

  it("a long query shows its progress, and Cancel stops it on the cluster", async () => {
    await replaceConsoleText(page, queryText(SLOW));
    await page.keyboard.press("ArrowUp");
    await clickRun(page);
    const cancel = page.getByRole("button", { name: "Cancel" });
    await cancel.waitFor();
    await artifact(page, "esql-async-running");
    await cancel.click();
    await page.getByTestId("task-cancelled").waitFor();
    // The app deletes the async query once it sees the cancel: its task then ends.
    for (;;) if ((await esqlTasks()) === 0) break;
  });
});
