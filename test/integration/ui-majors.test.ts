/**
 * The UI's everyday path on each supported major, es9 with security and TLS on: the connection's
 * indices with their counts, an index opened as a grid with its total and columns, a cell edited
 * and saved, and a console search.
 */
import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import { clickRun, replaceConsoleText } from "../support/console-page.ts";
import { describeOnMajors } from "../support/majors.ts";
import { ownIndex } from "../support/own-index.ts";
import { addNodeConnection, appWithBrowser, screenshot, uiIndex } from "../support/ui.ts";

const DOCS = 25;

describe("UI smoke on every supported major", () => {
  const { app, page } = appWithBrowser();

  describeOnMajors(
    (name) => name,
    (name) => {
      const index = uiIndex(`major-${name}`);
      const docs = Array.from({ length: DOCS }, (_, i): [string, Record<string, unknown>] => [
        `d${i}`,
        { n: i, word: `w${i}` },
      ]);
      const es = ownIndex(name, index, docs, {
        mappings: { properties: { n: { type: "integer" }, word: { type: "keyword" } } },
      });
      let connectionId: string;

      before(async () => {
        connectionId = await addNodeConnection(app, name);
      });

      it("lists the index with its count and opens it as a grid", async () => {
        await page.goto("about:blank");
        await page.goto(`${app.url}#/c/${connectionId}/data`);
        const item = page.getByTestId("index-list").locator(".index-item", { hasText: index });
        await item.waitFor();
        assert.equal((await item.getByTestId("index-count").innerText()).trim(), String(DOCS));
        await item.click();
        const total = page.getByTestId("total-count");
        await total.filter({ hasText: String(DOCS) }).waitFor();
        const headers = (await page.locator(".ag-header-cell").allInnerTexts()).map((h) =>
          h.trim(),
        );
        for (const col of ["_id", "n", "word"]) assert.ok(headers.includes(col), headers.join());
        await screenshot(page, `ui-major-${name}-grid`);
      });

      it("edits a cell and saves it on the cluster", async () => {
        const idCell = page.locator('.ag-row .ag-cell[col-id="_id"]', { hasText: /^d3$/ });
        await idCell.waitFor();
        const rowIndex = await idCell
          .locator("xpath=ancestor::div[@row-index][1]")
          .getAttribute("row-index");
        const cell = page.locator(`.ag-row[row-index="${rowIndex}"] .ag-cell[col-id="word"]`);
        await cell.dblclick();
        const input = cell.locator("input");
        await input.fill(`edited-${name}`);
        await input.press("Enter");
        await input.waitFor({ state: "detached" });
        const save = page
          .getByRole("toolbar", { name: "Table actions" })
          .getByRole("button", { name: /^Save/ });
        // The count follows the edit on the next render.
        await save.filter({ hasText: /^Save \(1\)$/ }).waitFor();
        const saved = page.waitForResponse((r) => r.url().endsWith("/save"));
        await save.click();
        assert.equal((await saved).status(), 200);
        const doc = await es.transport.json<{ _source: { word: string } }>({
          method: "GET",
          path: `/${index}/_doc/d3`,
        });
        assert.equal(doc._source.word, `edited-${name}`);
      });

      it("runs a search in the console", async () => {
        await page.goto(`${app.url}#/c/${connectionId}/console`);
        await replaceConsoleText(page, `GET /${index}/_search\n{"query":{"term":{"word":"w7"}}}`);
        const ran = page.waitForResponse((r) => r.url().endsWith("/console/run"));
        await clickRun(page);
        await ran;
        const result = page.getByTestId("console-result");
        await result.locator('.ag-cell[col-id="_id"]', { hasText: "d7" }).waitFor();
        assert.match(await result.locator(".result-switch").innerText(), /search hits · 1 total/);
        await screenshot(page, `ui-major-${name}-console`);
      });
    },
  );

  // After the connections above: the driver is installed, so the tile opens the editor.
  it("the connection editor names the supported versions", async () => {
    await page.goto(app.url);
    await page.getByRole("button", { name: "New", exact: true }).click();
    await page.locator(".type-tile[data-type=elasticsearch]").click();
    await page.getByRole("form", { name: "Connection editor" }).waitFor();
    await page.getByText("Elasticsearch 7.17, 8.x and 9.x, over its REST API").waitFor();
  });
});
