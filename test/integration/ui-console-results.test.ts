/**
 * The console's results and kept work in a real browser on 7.17, 8.x and 9.x: an aggregation as a
 * table with the cluster's bucket counts and a bar chart, a `_cat` text answer as a table, the
 * history searched, a tab and a saved request that survive a restart of the app and run.
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import type { Page } from "playwright-core";
import { ConsoleWorkspace } from "../../src/app/storage/console-workspace.ts";
import type { EsSession } from "../../src/drivers/elasticsearch/session.ts";
import { MAJORS, type MajorNode, node, sessionTo } from "../support/cluster.ts";
import { replaceConsoleText, runAndWait } from "../support/console-page.ts";
import { deleteIndices, loadIndex } from "../support/datasets.ts";
import { describeOnMajors } from "../support/majors.ts";
import { addNodeConnection, appWithBrowser } from "../support/ui.ts";

const artifacts = join(import.meta.dirname, "..", "..", "artifacts");
const STATUSES = ["paid", "paid", "open", "paid", "void", "open", "paid", "open", "paid", "void"];

interface Major {
  es: EsSession;
  index: string;
  connectionId: string;
}

async function runAtCursor(page: Page): Promise<void> {
  await runAndWait(page);
}

/** The cells of a result table's rows, by column id, in row order. */
async function tableRows(page: Page, title: string, cols: string[]): Promise<string[][]> {
  const table = page.locator(`[data-testid=answer-table][data-title="${title}"]`);
  await table.locator(".ag-row").first().waitFor();
  const rows = table.locator(".ag-row");
  const out: [number, string[]][] = [];
  for (let r = 0; r < (await rows.count()); r++) {
    const row = rows.nth(r);
    const cells: string[] = [];
    for (const id of cols) cells.push((await row.locator(`[col-id="${id}"]`).innerText()).trim());
    out.push([Number(await row.getAttribute("row-index")), cells]);
  }
  return out.sort((a, b) => a[0] - b[0]).map(([, cells]) => cells);
}

/** Waits until a condition on the app's stored state holds (checked every 100 ms, up to 10 s). */
async function until(what: string, check: () => Promise<boolean>): Promise<void> {
  const end = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > end) assert.fail(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("UI console: results people read, work kept across a restart", () => {
  const { app, page, restartApp } = appWithBrowser({ restartable: true });
  const majors = new Map<MajorNode, Major>();

  before(async () => {
    await mkdir(artifacts, { recursive: true });
  });
  after(async () => {
    for (const m of majors.values()) {
      await deleteIndices(m.es.transport, m.index);
      await m.es.close();
    }
  });

  describeOnMajors(
    (name) => name,
    (name) => {
      const index = `t-c16r-${name}-${randomBytes(3).toString("hex")}`;
      let m: Major;

      before(async () => {
        const es = sessionTo(node(name));
        const docs = STATUSES.map((status, i): [string, Record<string, unknown>] => [
          `o${i}`,
          { status, amount: (i + 1) * 10 },
        ]);
        await loadIndex(es.transport, index, docs, {
          mappings: { properties: { status: { type: "keyword" }, amount: { type: "integer" } } },
        });
        m = { es, index, connectionId: await addNodeConnection(app, name) };
        majors.set(name, m);
      });

      it("an aggregation renders as a table with the cluster's bucket counts and a chart", async () => {
        await page.goto(`${app.url}#/c/${m.connectionId}/console`);
        const body = {
          size: 0,
          aggs: {
            by_status: {
              terms: { field: "status" },
              aggs: { total: { sum: { field: "amount" } } },
            },
          },
        };
        await replaceConsoleText(page, `GET /${index}/_search\n${JSON.stringify(body, null, 2)}`);
        await runAtCursor(page);
        const direct = await m.es.transport.json<{
          aggregations: {
            by_status: { buckets: { key: string; doc_count: number; total: { value: number } }[] };
          };
        }>({ method: "POST", path: `/${index}/_search`, body });
        const expected = direct.aggregations.by_status.buckets.map((b) => [
          b.key,
          String(b.doc_count),
          String(b.total.value),
        ]);
        assert.deepEqual(
          expected.map((r) => r.slice(0, 2)),
          [
            ["paid", "5"],
            ["open", "3"],
            ["void", "2"],
          ],
        );
        assert.deepEqual(
          await tableRows(page, "by_status", ["by_status", "doc_count", "total"]),
          expected,
        );
        const bars = page.getByTestId("bar-chart").locator(".bar-value");
        assert.deepEqual(await bars.allInnerTexts(), ["5", "3", "2"]);
        if (name === "es8")
          await page.screenshot({ path: join(artifacts, "console-aggregation-table.png") });
      });

      it("a `_cat/indices?v` answer renders as a table, also when asked as text", async () => {
        // The console asks for JSON by default: the cluster's own table.
        await replaceConsoleText(page, `GET /_cat/indices/${index}?v`);
        await runAtCursor(page);
        const result = page.getByTestId("console-result");
        await result.locator(".ag-cell", { hasText: index }).waitFor();
        await result.getByTestId("result-table").waitFor();
        // Asked as text (`format=txt`): the aligned text is read back into a table.
        await replaceConsoleText(
          page,
          `GET /_cat/indices/${index}?v&format=txt&h=index,docs.count,status`,
        );
        await runAtCursor(page);
        await result.getByText("text listing as a table").waitFor();
        const headers = await result.locator(".ag-header-cell-text").allInnerTexts();
        assert.deepEqual(headers, ["index", "docs.count", "status"]);
        assert.deepEqual(await tableRows(page, "listing", ["index", "docs.count", "status"]), [
          [index, "10", "open"],
        ]);
        // The text itself stays one click away.
        await result.getByRole("button", { name: "Show text" }).click();
        await result.locator(".cm-content", { hasText: "docs.count" }).waitFor();
      });

      it("the history is searchable", async () => {
        await page.getByRole("button", { name: "History", exact: true }).click();
        const dialog = page.getByRole("dialog", { name: "Saved requests and history" });
        const items = dialog.getByTestId("history-item");
        await items.first().waitFor();
        assert.equal(await items.count(), 3);
        await dialog.getByLabel("Search history").fill("format=txt");
        await until("the history filtered", async () => (await items.count()) === 1);
        assert.match(await items.first().innerText(), /_cat\/indices/);
        await dialog.getByLabel("Search history").fill("_cat indices");
        await until("the history filtered by two words", async () => (await items.count()) === 2);
        await dialog.getByLabel("Search history").fill("by_status");
        await until("the history filtered by body", async () => (await items.count()) === 1);
        assert.match(await items.first().innerText(), /_search/);
        await dialog.getByLabel("Search history").fill("nothing-like-this");
        await until("no match", async () => (await items.count()) === 0);
        await dialog.getByRole("button", { name: "Close (Escape)" }).click();
      });

      it("a new named tab and a saved request are kept in the app data folder", async () => {
        await page.getByRole("button", { name: "New tab" }).click();
        await page
          .getByRole("tablist", { name: "Console tabs" })
          .getByRole("button", { name: "Rename", exact: true })
          .click();
        await page.getByLabel("Tab name").fill(`Counts ${name}`);
        await page.getByLabel("Tab name").press("Enter");
        await replaceConsoleText(page, `# counting\nGET /${index}/_count`);
        const store = new ConsoleWorkspace(app.home);
        await until("the tab saved", async () => {
          const tabs = await store.tabs(m.connectionId);
          return !!tabs?.tabs.some((t) => t.name === `Counts ${name}` && t.text.endsWith("_count"));
        });
        await page
          .getByRole("toolbar", { name: "Console actions" })
          .getByRole("button", { name: "Save", exact: true })
          .click();
        const dialog = page.getByRole("dialog", { name: "Save request" });
        assert.equal(await dialog.getByLabel("Name").inputValue(), `GET /${index}/_count`);
        await dialog.getByLabel("Name").fill(`count ${name}`);
        const saved = page.waitForResponse((r) => r.url().endsWith("/console/saved"));
        await dialog.getByRole("button", { name: "Save", exact: true }).click();
        assert.equal((await saved).status(), 200);
        const list = await store.saved(m.connectionId);
        assert.deepEqual(
          list.map((s) => [s.name, s.text]),
          [[`count ${name}`, `GET /${index}/_count`]],
        );
      });
    },
  );

  describe("after a restart of the app", () => {
    before(async () => {
      await restartApp();
    });

    for (const name of MAJORS) {
      it(`${name}: the tabs are back and the saved request runs`, async () => {
        const m = majors.get(name)!;
        await page.goto(`${app.url}#/c/${m.connectionId}/console`);
        const tabs = page.getByRole("tablist", { name: "Console tabs" }).getByRole("tab");
        await tabs.filter({ hasText: `Counts ${name}` }).waitFor();
        assert.deepEqual(await tabs.allInnerTexts(), ["Tab 1", `Counts ${name}`]);
        await page
          .locator(".console-editor .cm-content", { hasText: `GET /${m.index}/_count` })
          .waitFor();
        await page.getByRole("button", { name: "History", exact: true }).click();
        const dialog = page.getByRole("dialog", { name: "Saved requests and history" });
        await dialog.getByLabel("Search saved requests").fill(name);
        const item = dialog.getByTestId("saved-item").filter({ hasText: `count ${name}` });
        await item.waitFor();
        if (name === "es8")
          await page.screenshot({ path: join(artifacts, "console-saved-requests.png") });
        const ran = page.waitForResponse((r) => r.url().endsWith("/console/run"));
        await item.getByRole("button", { name: "Run", exact: true }).click();
        assert.equal((await ran).status(), 200);
        const result = page.getByTestId("console-result");
        await result.locator(".cm-content", { hasText: '"count": 10' }).waitFor();
        assert.match(await result.locator(".result-header").innerText(), /_count/);
      });
    }
  });
});
