/**
 * The grid in a real browser on the dev node's sample-orders (30,000 documents, read only here):
 * columns from the mapping, filters with operators by type, the Raw SQL box, a nested element group,
 * a header sort that the driver drops (with the note), and paging past 10,000.
 */
import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import { addEs8Connection, appWithBrowser, screenshot } from "../support/ui.ts";

describe("UI: browsing the grid", () => {
  const { app, page } = appWithBrowser();
  let connectionId: string;

  before(async () => {
    connectionId = await addEs8Connection(app);
  });

  const total = async () => {
    const t = page.getByTestId("total-count");
    await page
      .locator(".grid-loading")
      .waitFor({ state: "detached" })
      .catch(() => {});
    return Number((await t.innerText()).replace(/[^0-9]/g, ""));
  };

  async function waitForTotal(check: (n: number) => boolean): Promise<number> {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const text = (await page.getByTestId("total-count").innerText()).replace(/[^0-9]/g, "");
      const n = text ? Number(text) : Number.NaN;
      if (!Number.isNaN(n) && check(n)) return n;
      if (Date.now() > deadline) {
        await screenshot(page, "grid-failure");
        throw new Error(`total stayed at ${text}`);
      }
      await page.waitForTimeout(100);
    }
  }

  /** Runs an action and waits until the page it asked for has arrived and rendered. */
  async function browsed(action: () => Promise<unknown>): Promise<void> {
    const arrived = page.waitForResponse((r) => r.url().endsWith("/browse"));
    await action();
    await arrived;
    // Rendered: the veil the grid shows while a page loads is gone.
    await page.locator(".grid-loading").waitFor({ state: "detached" });
  }

  async function openOrders(): Promise<void> {
    await page.goto("about:blank");
    await page.goto(`${app.url}#/c/${connectionId}/data/sample-orders`);
    await waitForTotal((n) => n === 30_000);
  }

  it("shows the mapping's columns, JSON cells and the total", async () => {
    await openOrders();
    // Headers are named by col-id (the whole path); a long dotted path shows its tail.
    const ids = await page
      .locator(".ag-header-cell[col-id]")
      .evaluateAll((cells) => cells.map((c) => c.getAttribute("col-id")));
    for (const col of ["_id", "_index", "_score", "customer.address.city", "items", "items.sku"]) {
      assert.ok(ids.includes(col), `column ${col} among ${ids.join(", ")}`);
    }
    const city = page.locator('.ag-header-cell[col-id="customer.address.city"]');
    assert.equal((await city.innerText()).trim(), "…address.city");
    // Nested parent cells are JSON, readable in the cell.
    const itemsCell = page.locator('.ag-row .ag-cell[col-id="items"]').first();
    assert.match(await itemsCell.innerText(), /^\[\{.*"sku"/);
    assert.equal(await total(), 30_000);
    await screenshot(page, "grid-browse");
  });

  it("sorts by a header click, and says when a sort was dropped and why", async () => {
    await openOrders();
    await browsed(() =>
      page.locator('.ag-header-cell[col-id="total"] .ag-header-cell-label').click(),
    );
    // The rows of the new page are rendered once both cells hold a number again.
    const totalCell = (row: number) =>
      page
        .locator(`.ag-row[row-index="${row}"] .ag-cell[col-id="total"]`)
        .filter({ hasText: /\d/ });
    await totalCell(0).waitFor();
    await totalCell(1).waitFor();
    const first = Number(await totalCell(0).innerText());
    const second = Number(await totalCell(1).innerText());
    assert.ok(first <= second, `ascending: ${first} <= ${second}`);
    // `notes` is text without a keyword sub-field: the driver drops it, and the page says so.
    await page.locator('.ag-header-cell[col-id="notes"] .ag-header-cell-label').click();
    const note = page.getByTestId("dropped-sort-note");
    await note.waitFor();
    assert.match(await note.innerText(), /Sort on notes was dropped: .+keep their order/);
    await screenshot(page, "grid-dropped-sort");
  });

  it("filters with operators by type, the Raw SQL box and a nested element group", async () => {
    await openOrders();
    const bar = page.getByRole("form", { name: "Filters" });
    await bar.getByRole("button", { name: "+ Filter" }).click();
    const row = bar.getByTestId("filter-row").nth(0);
    await row.getByLabel("Filter column").selectOption("status");
    const ops = await row.getByLabel("Filter operator").locator("option").allInnerTexts();
    assert.ok(ops.includes("like"), "keyword columns offer like");
    await row.getByLabel("Filter operator").selectOption("eq");
    await row.getByLabel("Filter value").fill("shipped");
    await bar.getByRole("button", { name: "Apply" }).click();
    const shipped = await waitForTotal((n) => n < 30_000);
    assert.equal(shipped, 5035);

    // Numbers offer ranges, not like.
    await row.getByLabel("Filter column").selectOption("total");
    const numberOps = await row.getByLabel("Filter operator").locator("option").allInnerTexts();
    assert.ok(numberOps.includes(">") && !numberOps.includes("like"));
    await row.getByRole("button", { name: "Remove filter" }).click();
    await waitForTotal((n) => n === 30_000);

    // Raw SQL: Lucene query_string across fields.
    await bar.getByLabel("Raw SQL").fill("status:delivered");
    await bar.getByRole("button", { name: "Apply" }).click();
    assert.equal(await waitForTotal((n) => n < 30_000), 5064);
    await bar.getByLabel("Raw SQL").fill("");

    // Two filters on leaves of the nested items: different elements, then the same element.
    await bar.getByRole("button", { name: "+ Filter" }).click();
    await bar.getByRole("button", { name: "+ Filter" }).click();
    const a = bar.getByTestId("filter-row").nth(0);
    const b = bar.getByTestId("filter-row").nth(1);
    await a.getByLabel("Filter column").selectOption("items.sku");
    await a.getByLabel("Filter operator").selectOption("eq");
    await a.getByLabel("Filter value").fill("DK-03");
    await b.getByLabel("Filter column").selectOption("items.qty");
    await b.getByLabel("Filter operator").selectOption("gte");
    await b.getByLabel("Filter value").fill("3");
    await bar.getByRole("button", { name: "Apply" }).click();
    const anyElement = await waitForTotal((n) => n < 30_000);
    await a.getByLabel("Element group").selectOption("1");
    await b.getByLabel("Element group").selectOption("1");
    const note = page.getByTestId("nested-group-note");
    await note.waitFor();
    assert.match(
      await note.innerText(),
      /items\.sku \+ items\.qty must match the same items element/,
    );
    await bar.getByRole("button", { name: "Apply" }).click();
    const sameElement = await waitForTotal((n) => n < anyElement);
    assert.ok(sameElement > 0 && sameElement < anyElement, `${sameElement} < ${anyElement}`);
    await screenshot(page, "grid-nested-group");
  });

  it("pages past 10,000 with the total count", async () => {
    await openOrders();
    const jump = page.getByLabel("Go to page");
    await jump.fill("150");
    await jump.press("Enter");
    await page.getByText("search_after · point in time").waitFor({ timeout: 30_000 });
    await page.getByText("rows 14,901–15,000").waitFor();
    assert.equal(await page.getByTestId("page-count").innerText(), "300");
    assert.ok(
      (await page.getByTestId("data-grid").locator(".ag-row").count()) > 0,
      "rows are shown",
    );
    await page.getByRole("button", { name: "Last page" }).click();
    await page.getByText("rows 29,901–30,000").waitFor({ timeout: 30_000 });
    assert.equal(await total(), 30_000);
    await screenshot(page, "grid-deep-paging");
  });
});
