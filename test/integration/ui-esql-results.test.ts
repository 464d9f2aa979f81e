/**
 * ES|QL answers in the documented shape, in a real browser (docs/testing.md, "ES|QL"): the 9.x test
 * node has no ES|QL engine, so the es9 connection's session is fed answers in the shape the
 * Elasticsearch specification documents, where the cluster's answer enters the app
 * (test/support/esql-feed.ts); es8's real engine is in ui-esql-real.test.ts.
 * The typed table sorted in the page, row count and took, the bar chart of a STATS … BY, the cut
 * said, Open as grid with paging, Export… of the whole result, and a wrong query marked at the
 * cluster's line and column. The refusal where ES|QL is missing runs on 7.17 for real; a request
 * line written as a URL runs on the real es8 node.
 */
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { after, before, describe, it } from "node:test";
import type { Page } from "playwright-core";
import { clickRun, replaceConsoleText, runAndWait } from "../support/console-page.ts";
import { ORDERS_ANSWER, PARSING_ERROR, STATS_ANSWER } from "../support/esql-answers.ts";
import { feedQueryAnswers, type QueryAnswer } from "../support/esql-feed.ts";
import { addNodeConnection, appWithBrowser, screenshot } from "../support/ui.ts";

const THOUSAND = {
  took: 41,
  columns: [
    { name: "n", type: "long" },
    { name: "at", type: "date" },
  ],
  values: Array.from({ length: 1000 }, (_, i) => [
    i,
    new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
  ]),
};

/** What the fed cluster answers, by the query's text. */
function answerFor(query: string): QueryAnswer {
  if (/WHER\b/.test(query)) return { status: 400, body: PARSING_ERROR };
  if (/STATS/.test(query)) return { status: 200, body: STATS_ANSWER };
  if (/FROM big/.test(query)) return { status: 200, body: THOUSAND };
  return { status: 200, body: ORDERS_ANSWER };
}

async function run(page: Page, query: string): Promise<void> {
  await replaceConsoleText(page, `POST /_query\n{\n  "query": """${query}"""\n}`);
  await page.keyboard.press("ArrowUp");
  await runAndWait(page);
}

/** A column's cells, top to bottom as shown. */
async function column(page: Page, scope: string, colId: string): Promise<string[]> {
  const rows = page.locator(`${scope} .ag-row`);
  await rows.first().waitFor();
  const out: [number, string][] = [];
  for (let r = 0; r < (await rows.count()); r++) {
    const row = rows.nth(r);
    out.push([
      Number(await row.getAttribute("row-index")),
      (await row.locator(`[col-id="${colId}"]`).innerText()).trim(),
    ]);
  }
  return out.sort((a, b) => a[0] - b[0]).map(([, t]) => t);
}

describe("UI console: ES|QL answers people read", () => {
  const { app, page } = appWithBrowser();
  let restore: () => void;
  let es9: string;

  before(async () => {
    es9 = await addNodeConnection(app, "es9");
    restore = feedQueryAnswers((await app.services.session(es9)).session, answerFor);
    await page.goto(`${app.url}#/c/${es9}/console`);
  });
  after(async () => {
    restore?.();
  });

  it("a typed table, sortable in the page, with its row count and took", async () => {
    await run(page, "FROM sample-orders | LIMIT 2");
    const result = page.getByTestId("query-result");
    await result.waitFor();
    assert.equal(
      await page.getByTestId("query-summary").innerText(),
      "ES|QL · 2 rows · took 28 ms",
    );
    const headers = await result.locator(".ag-header-cell-text").allInnerTexts();
    assert.deepEqual(headers, ["order_date", "total", "paid", "location", "tags", "quantity"]);
    assert.deepEqual(await column(page, "[data-testid=query-table]", "4"), [
      "gift, promo",
      "basic",
    ]);
    assert.ok(await result.locator('[col-id="4"].cell-multi').first().isVisible());
    assert.ok(await result.locator('[col-id="1"].ag-right-aligned-cell').first().isVisible());
    assert.ok(await result.locator('[col-id="0"].cell-date').first().isVisible());
    // Sorted as numbers, ascending on the first click.
    await result.locator('.ag-header-cell[col-id="1"]').click();
    assert.deepEqual(await column(page, "[data-testid=query-table]", "1"), ["9.99", "42.5"]);
    await screenshot(page, "esql-documented-table");
  });

  it("STATS … BY over one key and one number draws one bar chart", async () => {
    await run(page, "FROM sample-orders | STATS orders = COUNT(*) BY status");
    await page.getByTestId("bar-chart").waitFor();
    const bars = await page.locator("[data-testid=bar-chart] .bar-label").allInnerTexts();
    assert.deepEqual(bars, ["paid", "open", "void"]);
    assert.equal(await page.getByTestId("query-summary").innerText(), "ES|QL · 3 rows · took 3 ms");
  });

  it("a cut result says so; Open as grid pages it; Export… writes the whole result", async () => {
    await run(page, "FROM big");
    const cut = page.getByTestId("query-cut");
    await cut.waitFor();
    assert.match(
      await cut.innerText(),
      /cut at 1,000 rows: ES\|QL returns 1,000 rows unless LIMIT/,
    );
    assert.match(await cut.innerText(), /Narrow the query .*\| LIMIT n/);

    await page.getByRole("button", { name: "Open as grid" }).click();
    const grid = page.getByTestId("query-grid");
    await grid.locator(".ag-row").first().waitFor();
    assert.match(
      await grid.locator(".ag-paging-row-summary-panel").innerText(),
      /1\s+to\s+100\s+of\s+1,000/,
    );
    await grid.locator(".ag-paging-button[aria-label='Next Page']").click();
    await grid.locator('.ag-row[row-index="100"]').waitFor();
    await screenshot(page, "esql-grid");
    await page.keyboard.press("Escape");

    await page.getByRole("button", { name: "Export…" }).click();
    assert.match(
      await page.getByTestId("query-export-scope").innerText(),
      /1,000 rows, but the result itself was cut/,
    );
    await page.getByRole("radio", { name: "NDJSON" }).check();
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export", exact: true }).click();
    const file = await (await download).path();
    const lines = (await readFile(file, "utf8")).trimEnd().split("\n");
    assert.equal(lines.length, 1000);
    assert.deepEqual(JSON.parse(lines[999] ?? ""), { n: 999, at: "2026-01-01T16:39:00.000Z" });
  });

  it("a wrong query shows the cluster's message, marked at its line and column", async () => {
    await run(page, "FROM orders | WHER x");
    const error = page.getByTestId("cluster-error");
    await error.waitFor();
    assert.match(await error.innerText(), /parsing_exception.*line 1:15: mismatched input 'WHER'/);
    const mark = page.locator(".console-editor .esql-error-mark");
    await mark.waitFor();
    assert.equal((await mark.innerText()).trim(), "WHER");
    await screenshot(page, "esql-error");
  });
});

describe("UI console: a request line written as a URL", () => {
  const { app, page } = appWithBrowser();

  it("runs as its path on the connection, the host's dropping marked on the line", async () => {
    const es8 = await addNodeConnection(app, "es8");
    await page.goto(`${app.url}#/c/${es8}/console`);
    await replaceConsoleText(page, "GET http://localhost:9200/_cluster/health");
    await runAndWait(page);
    const header = page.getByTestId("console-result").locator(".result-header");
    await header.waitFor();
    assert.match(await header.innerText(), /GET \/_cluster\/health\s+200/);
    await page.locator(".console-editor .cm-lintRange-info").waitFor();
  });
});

describe("UI console: ES|QL on 7.17 says it is not there", () => {
  const { app, page } = appWithBrowser();

  it("the run is refused, naming the version and offering the query DSL", async () => {
    const es7 = await addNodeConnection(app, "es7");
    await page.goto(`${app.url}#/c/${es7}/console`);
    await replaceConsoleText(page, 'POST /_query\n{ "query": "FROM sample-orders | LIMIT 3" }');
    await clickRun(page);
    const note = page.getByTestId("console-result").getByRole("alert");
    await note.waitFor();
    assert.match(await note.innerText(), /ES\|QL is not available on this cluster: .*7\.17/);
    assert.match(await note.innerText(), /query DSL instead: GET \/sample-orders\/_search/);
  });
});
