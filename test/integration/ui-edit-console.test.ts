/**
 * Editing, the console, deleting and exporting in a real browser on the es8 node, over a small
 * index of this test's own: a refusal before anything is sent, a conflict that never overwrites the
 * other writer, a saved edit; one console request per result kind; an index deleted from its page
 * with its name typed; an export with its file checked.
 */
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { after, before, describe, it } from "node:test";
import type { Page } from "playwright-core";
import { node, plainConfig, session } from "../support/cluster.ts";
import { clickRun } from "../support/console-page.ts";
import { deleteIndices, loadIndex } from "../support/datasets.ts";
import { addEs8Connection, appWithBrowser, screenshot, uiIndex } from "../support/ui.ts";

const MAPPING = {
  properties: {
    name: { type: "keyword" },
    qty: { type: "integer" },
    items: { type: "nested", properties: { sku: { type: "keyword" } } },
  },
};

const DOCS: [string, Record<string, unknown>][] = [
  ["doc-1", { name: "alpha", qty: 1, items: [{ sku: "A-1" }] }],
  ["doc-2", { name: "bravo", qty: 2, items: [{ sku: "B-1" }] }],
  ["doc-3", { name: "charlie", qty: 3, items: [{ sku: "C-1" }] }],
  ["doc-4", { name: "delta", qty: 4, items: [{ sku: "D-1" }] }],
];

describe("UI: editing, the console, deleting and exporting", () => {
  const s = session(plainConfig(node("es8")));
  const t = s.transport;
  const index = uiIndex("edit");
  const throwaway = uiIndex("edit-drop");
  const { app, page } = appWithBrowser();
  let connectionId: string;

  before(async () => {
    await loadIndex(t, index, DOCS, { mappings: MAPPING });
    await loadIndex(t, throwaway, DOCS.slice(0, 2), { mappings: MAPPING });
    connectionId = await addEs8Connection(app);
  });
  after(async () => {
    await deleteIndices(t, index, throwaway);
    await s.close();
  });

  async function getDoc(id: string) {
    const res = await t.request<{ _seq_no: number; _source: Record<string, unknown> }>({
      method: "GET",
      path: `/${index}/_doc/${id}`,
    });
    assert.equal(res.status, 200, `${id} exists`);
    return res.body;
  }

  async function openGrid(): Promise<void> {
    await page.goto("about:blank");
    await page.goto(`${app.url}#/c/${connectionId}/data/${index}`);
    const deadline = Date.now() + 20_000;
    for (;;) {
      const text = await page
        .getByTestId("total-count")
        .innerText()
        .catch(() => "");
      if (text.replace(/[^0-9]/g, "") === String(DOCS.length)) break;
      if (Date.now() > deadline) {
        await screenshot(page, "edit-console-failure");
        throw new Error(`the grid's total stayed at "${text}"`);
      }
      await page.waitForTimeout(100);
    }
    await page.locator('.ag-row .ag-cell[col-id="name"]').first().waitFor();
  }

  /** The grid cell of a document's column (the row found by its pinned `_id` cell). */
  async function cell(id: string, column: string) {
    const idCell = page.locator('.ag-row .ag-cell[col-id="_id"]', {
      hasText: new RegExp(`^${id}$`),
    });
    await idCell.waitFor();
    const rowIndex = await idCell
      .locator("xpath=ancestor::div[@row-index][1]")
      .getAttribute("row-index");
    return page.locator(`.ag-row[row-index="${rowIndex}"] .ag-cell[col-id="${column}"]`);
  }

  async function editCell(id: string, column: string, value: string): Promise<void> {
    const c = await cell(id, column);
    await c.dblclick();
    const input = c.locator("input");
    await input.waitFor();
    await input.fill(value);
    await input.press("Enter");
    await c.locator("input").waitFor({ state: "detached" });
  }

  const saveButton = () =>
    page.getByRole("toolbar", { name: "Table actions" }).getByRole("button", { name: /^Save/ });

  it("refuses an edit to _index before anything is sent, naming the column", async () => {
    const before = await getDoc("doc-1");
    await openGrid();
    await editCell("doc-1", "_index", "some-other-index");
    await editCell("doc-1", "items.sku", "Z-9");
    assert.equal(await saveButton().innerText(), "Save (1)");
    const validated = page.waitForResponse((r) => r.url().endsWith("/validate-changes"));
    await saveButton().click();
    await validated;
    const report = page.getByTestId("save-report");
    await report.waitFor();
    assert.match(await report.innerText(), /Nothing was saved: 2 changes are refused\./);
    const refusals = await report.getByTestId("refusal").allInnerTexts();
    assert.equal(refusals.length, 2);
    assert.ok(
      refusals.some((r) =>
        /^doc-1 · column _index: "_index" is the index that holds the document/.test(r),
      ),
      refusals.join("\n"),
    );
    assert.ok(
      refusals.some((r) =>
        /^doc-1 · column items\.sku: .*leaf of the nested array "items"/.test(r),
      ),
      refusals.join("\n"),
    );
    assert.ok(
      (await (await cell("doc-1", "items.sku")).getAttribute("class"))?.includes("cell-refused"),
      "the refused cell is marked",
    );
    const now = await getDoc("doc-1");
    assert.equal(now._seq_no, before._seq_no, "nothing was written");
    assert.deepEqual(now._source, before._source);
    await screenshot(page, "edit-refused");
  });

  it("shows a conflict per row and keeps the other writer's value", async () => {
    await openGrid();
    // Another writer changes doc-2 after the grid loaded it.
    await t.json({
      method: "POST",
      path: `/${index}/_update/doc-2?refresh=true`,
      body: { doc: { name: "other-writer" } },
    });
    await editCell("doc-2", "name", "from-grid");
    await saveButton().click();
    const conflict = page.getByTestId("conflict");
    await conflict.waitFor({ timeout: 20_000 });
    assert.match(
      await conflict.innerText(),
      /^doc-2 \(update\): conflict: the document changed .* nothing was overwritten\./,
    );
    assert.match(
      await page.getByTestId("save-report").innerText(),
      /1 of 1 changes were not saved; their edits are kept/,
    );
    await conflict.getByText("What the cluster holds now").click();
    assert.match(await conflict.getByTestId("conflict-current").innerText(), /"other-writer"/);
    assert.equal((await getDoc("doc-2"))._source.name, "other-writer");
    // The edit is kept for a retry.
    assert.equal(await saveButton().innerText(), "Save (1)");
    await screenshot(page, "edit-conflict");
  });

  it("saves an edit: shown after a reload and on the cluster", async () => {
    await openGrid();
    await editCell("doc-3", "qty", "42");
    await editCell("doc-3", "name", "charlie-edited");
    assert.equal(await saveButton().innerText(), "Save (1)");
    await saveButton().click();
    await page.locator(".toast", { hasText: "Saved 1 change." }).waitFor({ timeout: 20_000 });
    const doc = await getDoc("doc-3");
    assert.equal(doc._source.qty, 42);
    assert.equal(doc._source.name, "charlie-edited");
    assert.deepEqual(doc._source.items, [{ sku: "C-1" }], "other fields untouched");
    await page.reload();
    await openGrid();
    assert.equal(await (await cell("doc-3", "qty")).innerText(), "42");
    assert.equal(await (await cell("doc-3", "name")).innerText(), "charlie-edited");
    assert.equal(await page.getByTestId("save-report").count(), 0);
    await screenshot(page, "edit-saved");
  });

  async function runInConsole(text: string): Promise<ReturnType<Page["getByTestId"]>> {
    const editor = page.locator(".console-editor .cm-content");
    await editor.click();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.press("Delete");
    await page.keyboard.insertText(text);
    const ran = page.waitForResponse((r) => r.url().endsWith("/console/run"));
    await clickRun(page);
    await ran;
    const result = page.getByTestId("console-result");
    await result.waitFor();
    return result;
  }

  it("shows console results as a grid, a table and JSON", async () => {
    await page.goto("about:blank");
    await page.goto(`${app.url}#/c/${connectionId}/console`);
    await page.locator(".console-editor .cm-content").waitFor();

    // A search: a grid of hits.
    let result = await runInConsole(
      `GET /${index}/_search\n{\n  "query": { "term": { "name": "alpha" } }\n}`,
    );
    await result.getByTestId("result-grid").waitFor();
    assert.match(
      await result.locator("header").innerText(),
      new RegExp(`GET /${index}/_search\\s*200`),
    );
    assert.match(await result.locator(".result-switch").innerText(), /search hits · 1 total/);
    await result.locator('.ag-cell[col-id="_id"]', { hasText: "doc-1" }).waitFor();
    assert.equal(await result.locator('.ag-cell[col-id="_index"]').first().innerText(), index);
    assert.equal(await result.locator('.ag-row .ag-cell[col-id="_id"]').count(), 1);
    await screenshot(page, "console-grid");

    // _cat as JSON: a table, one row per index, ours among them.
    result = await runInConsole("GET /_cat/indices?format=json");
    await result.getByTestId("result-table").waitFor();
    assert.match(await result.locator(".result-switch").innerText(), /\d+ rows/);
    const headers = (await result.locator(".ag-header-cell").allInnerTexts()).map((h) => h.trim());
    assert.ok(headers.includes("index") && headers.includes("health"), headers.join(", "));
    await result.locator(".ag-cell", { hasText: new RegExp(`^${index}$`) }).waitFor();
    await screenshot(page, "console-table");

    // Cluster health: formatted JSON.
    result = await runInConsole("GET /_cluster/health");
    await result.getByTestId("result-json").waitFor();
    assert.equal((await result.locator(".result-switch").innerText()).trim(), "JSON");
    const json = await result.locator(".cm-content").innerText();
    assert.match(json, /"cluster_name":/);
    assert.match(json, /"status": "(green|yellow)"/);
    await screenshot(page, "console-json");
  });

  it("deletes an index from its page: DELETE /<index> shown, sent once its name is typed", async () => {
    await page.goto("about:blank");
    await page.goto(`${app.url}#/c/${connectionId}/data`);
    const list = page.getByTestId("index-list");
    await list.locator(".index-item", { hasText: throwaway }).waitFor();
    await page.getByRole("button", { name: `Index page of ${throwaway}` }).click();
    await page.getByRole("button", { name: "Delete…" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete index" });
    await dialog.waitFor();
    const request = dialog.getByTestId("action-request");
    await request.waitFor();
    assert.equal((await request.innerText()).trim(), `DELETE /${throwaway}`);
    assert.match(
      await dialog.innerText(),
      new RegExp(`deletes the index ${throwaway} and every document`),
    );
    await dialog.getByLabel(`Type ${throwaway} to confirm`).fill(throwaway);
    await dialog.getByRole("button", { name: "Send request" }).click();
    await dialog.waitFor({ state: "detached", timeout: 20_000 });
    await list.locator(".index-item", { hasText: throwaway }).waitFor({ state: "detached" });
    assert.equal((await t.request({ method: "HEAD", path: `/${throwaway}` })).status, 404);
    assert.equal((await t.request({ method: "HEAD", path: `/${index}` })).status, 200);
    await screenshot(page, "sidebar-deleted");
  });

  it("exports the index as JSON: the completion names the file, which holds every document", async () => {
    await openGrid();
    await page
      .getByRole("toolbar", { name: "Table actions" })
      .getByRole("button", { name: "Export…" })
      .click();
    const dialog = page.getByRole("dialog", { name: `Export ${index}` });
    await dialog.waitFor();
    await dialog.getByRole("radio", { name: /^JSON/ }).check();
    await dialog.getByRole("button", { name: "Export", exact: true }).click();
    const done = dialog.getByTestId("export-done");
    await done.waitFor({ timeout: 30_000 });
    const text = await done.innerText();
    const m = /^Exported 4 of 4 documents to (.+)\.$/.exec(text.trim());
    assert.ok(m, text);
    const file = m[1]!;
    assert.ok(file.endsWith(".json"), file);
    const docs = JSON.parse(await readFile(file, "utf8")) as unknown[];
    assert.equal(docs.length, DOCS.length);
    await dialog.getByRole("button", { name: /^Download / }).waitFor();
    await screenshot(page, "export-done");
  });
});
