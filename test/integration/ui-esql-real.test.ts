/**
 * ES|QL in the console on es8's real engine, in a real browser (docs/testing.md, "ES|QL"): a typed
 * table of every type (a double shown by its type, a multi-value, a null), the joined column of a
 * LOOKUP JOIN and `_id`; Open as grid shows the same (and the accuracy marks); a `STATS … BY` with two numbers draws two
 * charts; approximate columns marked, a distinct count exact; an error underlined at the engine's
 * line and column. Saves the console's real answers as artifacts/esql-real-*.png.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { Page } from "playwright-core";
import { node, sessionTo } from "../support/cluster.ts";
import { replaceConsoleText, runAndWait } from "../support/console-page.ts";
import { esqlIndexNames, esqlIndices, typesQuery } from "../support/esql-real.ts";
import { addNodeConnection, appWithBrowser, artifact } from "../support/ui.ts";

const names = esqlIndexNames("ui");
esqlIndices(names);

async function run(page: Page, query: string): Promise<void> {
  await replaceConsoleText(page, `POST /_query\n{\n  "query": """${query}"""\n}`);
  await page.keyboard.press("ArrowUp");
  await runAndWait(page);
}

/** The first row's cells as shown, by column id. */
async function firstRow(page: Page, scope: string): Promise<string[]> {
  const row = page.locator(`${scope} .ag-row[row-index="0"]`).first();
  await row.waitFor();
  const cells = row.locator(".ag-cell");
  const out: [number, string][] = [];
  for (let i = 0; i < (await cells.count()); i++) {
    const cell = cells.nth(i);
    out.push([Number(await cell.getAttribute("col-id")), (await cell.innerText()).trim()]);
  }
  return out.sort((a, b) => a[0] - b[0]).map(([, t]) => t);
}

describe("UI console: ES|QL on the real engine (es8)", () => {
  const { app, page } = appWithBrowser();
  const es = sessionTo(node("es8"));
  let distinct: number;

  before(async () => {
    const es8 = await addNodeConnection(app, "es8");
    // Wide enough that the grid draws all twelve columns (it draws only those in view).
    await page.setViewportSize({ width: 2600, height: 1000 });
    await page.goto(`${app.url}#/c/${es8}/console`);
    const answer = await es.transport.json<{ aggregations: { e: { buckets: unknown[] } } }>({
      method: "POST",
      path: "/sample-orders/_search",
      body: { size: 0, aggs: { e: { terms: { field: "customer.email", size: 40_000 } } } },
    });
    distinct = answer.aggregations.e.buckets.length;
  });
  after(() => es.close());

  it("a typed table of every type, a double by its type, the joined column and _id", async () => {
    await run(page, typesQuery(names));
    const result = page.getByTestId("query-result");
    await result.waitFor();
    assert.match(await page.getByTestId("query-summary").innerText(), /^ES\|QL · 2 rows · took/);
    const headers = await result.locator(".ag-header-cell-text").allInnerTexts();
    assert.deepEqual(headers, [
      "_id",
      "at",
      "name",
      "n",
      "price",
      "ok",
      "where",
      "addr",
      "v",
      "tags",
      "note",
      "label",
    ]);
    assert.deepEqual(await firstRow(page, "[data-testid=query-table]"), [
      "d1",
      "2026-01-02T03:04:05.000Z",
      "ada",
      "1",
      "3,665,266.43",
      "true",
      "POINT (2.35 48.85)",
      "10.0.0.1",
      "1.2.3",
      "a, b",
      "hi",
      "first",
    ]);
    assert.ok(await result.locator('[col-id="9"].cell-multi').first().isVisible());
    assert.ok(await result.locator('[col-id="4"].ag-right-aligned-cell').first().isVisible());
    assert.ok(await result.locator('[col-id="6"].cell-geo').first().isVisible());
    assert.equal(
      (await result.locator('.ag-row[row-index="1"] [col-id="10"]').innerText()).trim(),
      "",
      "a null cell is empty",
    );
    await artifact(page, "esql-real-table");

    await page.getByRole("button", { name: "Open as grid" }).click();
    const grid = page.getByTestId("query-grid");
    await grid.locator(".ag-row").first().waitFor();
    assert.equal((await firstRow(page, "[data-testid=query-grid]"))[4], "3,665,266.43");
    await page.keyboard.press("Escape");
    await page.setViewportSize({ width: 1400, height: 800 });
  });

  it("STATS … BY with two numbers draws a chart for each, the keys naming the bars", async () => {
    await run(
      page,
      "FROM sample-orders | STATS orders = COUNT(*), revenue = SUM(total) BY status | SORT status",
    );
    const charts = page.getByTestId("bar-chart");
    await charts.nth(1).waitFor();
    assert.equal(await charts.count(), 2);
    const labels = await charts.nth(0).locator(".bar-label").allInnerTexts();
    assert.deepEqual(labels, ["cancelled", "delivered", "new", "paid", "returned", "shipped"]);
    assert.deepEqual(await charts.nth(1).locator(".bar-label").allInnerTexts(), labels);
    assert.deepEqual(await page.locator(".query-chart-title").allInnerTexts(), [
      "orders",
      "revenue",
    ]);
    await artifact(page, "esql-real-chart");
  });

  it("approximate columns are marked: the distinct count exact, the percentile an estimate", async () => {
    await run(
      page,
      "FROM sample-orders | STATS c = COUNT_DISTINCT(customer.email), p = PERCENTILE(total, 95)",
    );
    const result = page.getByTestId("query-result");
    await page.getByTestId("query-accuracy").waitFor();
    assert.deepEqual(await result.locator(".ag-header-cell-text").allInnerTexts(), [
      "c (exact)",
      "p (estimate)",
    ]);
    assert.equal((await firstRow(page, "[data-testid=query-table]"))[0], String(distinct));
    const note = await page.getByTestId("query-accuracy").innerText();
    assert.match(note, /c: exact \(COUNT_DISTINCT checked by counting the values one by one\)/);
    assert.match(note, /p: estimate \(PERCENTILE estimates/);
    assert.ok(await result.locator('[col-id="1"].cell-approximate').first().isVisible());
    await artifact(page, "esql-real-accuracy");
    await page.getByRole("button", { name: "Open as grid" }).click();
    const grid = page.getByTestId("query-grid");
    await grid.locator(".ag-row").first().waitFor();
    assert.deepEqual(await grid.locator(".ag-header-cell-text").allInnerTexts(), [
      "c (exact)",
      "p (estimate)",
    ]);
    assert.match(
      await page.getByRole("dialog").getByTestId("query-accuracy").innerText(),
      /c: exact/,
    );
    await page.keyboard.press("Escape");
  });

  it("an unknown column is underlined at the engine's line and column", async () => {
    await run(page, `FROM ${names.types}\n| WHERE nope > 1`);
    const error = page.getByTestId("cluster-error");
    await error.waitFor();
    assert.match(
      await error.innerText(),
      /verification_exception.*line 2:9: Unknown column \[nope\]/s,
    );
    const mark = page.locator(".console-editor .esql-error-mark");
    await mark.waitFor();
    assert.equal((await mark.innerText()).trim(), "nope");
    await artifact(page, "esql-real-error");
  });
});
