/**
 * The grid people expect, in a real browser on es8: columns hidden, reordered (dragged), resized
 * and pinned, kept by the app across a reload and a restart on another port, and reset; headers
 * that show the tail of a long path with the whole path and type on hover; the column chooser
 * from the keyboard.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { UiPreferenceStore } from "../../src/app/storage/ui-preferences.ts";
import type { GridLayout } from "../../src/core/grid-layout.ts";
import type { EsSession } from "../../src/drivers/elasticsearch/session.ts";
import { node, sessionTo } from "../support/cluster.ts";
import { deleteIndices, loadIndex } from "../support/datasets.ts";
import { addEs8Connection, appWithBrowser, screenshot, uiIndex } from "../support/ui.ts";

const index = uiIndex("layout");
const PINNED_RIGHT_TOTAL = '.ag-header .ag-grid-pinned-right-cells .ag-header-cell[col-id="total"]';
const PINNED_LEFT_STATUS = '.ag-header .ag-grid-pinned-left-cells .ag-header-cell[col-id="status"]';

describe("UI: the grid's columns", () => {
  const { app, page, restartApp } = appWithBrowser({ restartable: true });
  let es: EsSession;
  let connectionId: string;

  before(async () => {
    es = sessionTo(node("es8"));
    const docs = Array.from({ length: 5 }, (_, i): [string, Record<string, unknown>] => [
      `d${i}`,
      {
        status: i % 2 ? "open" : "shipped",
        total: i * 10,
        customer: { name: `c${i}`, address: { city: `city${i}`, street: `street${i}` } },
      },
    ]);
    await loadIndex(es.transport, index, docs, {
      mappings: {
        properties: {
          status: { type: "keyword" },
          total: { type: "long" },
          customer: {
            properties: {
              name: { type: "keyword" },
              address: {
                properties: { city: { type: "keyword" }, street: { type: "keyword" } },
              },
            },
          },
        },
      },
    });
    connectionId = await addEs8Connection(app);
  });
  after(async () => {
    await deleteIndices(es.transport, index);
    await es.close();
  });

  const header = (id: string) => page.locator(`.ag-header-cell[col-id="${id}"]`);

  async function openGrid(): Promise<void> {
    await page.goto("about:blank");
    await page.goto(`${app.url}#/c/${connectionId}/data/${index}`);
    await page.getByTestId("total-count").filter({ hasText: "5" }).waitFor();
    await header("status").or(header("total")).first().waitFor();
  }

  /** The columns in the grid's order (left pinned, middle, right pinned), as AG Grid lays them out. */
  async function order(): Promise<string[]> {
    const ids = await page.evaluate(`(() => {
      const ids = (sel) =>
        [...document.querySelectorAll(sel + " .ag-header-cell[col-id]")]
          .sort((a, b) => a.getBoundingClientRect().left - b.getBoundingClientRect().left)
          .map((h) => h.getAttribute("col-id") ?? "");
      return [
        ...ids(".ag-header .ag-grid-pinned-left-cells"),
        ...ids(".ag-header .ag-grid-scrolling-cells"),
        ...ids(".ag-header .ag-grid-pinned-right-cells"),
      ];
    })()`);
    return (ids as string[]).filter((id) => !id.startsWith("ag-Grid-"));
  }

  /** The columns' order once it passes `check`, or as it is after 10 s (for the assertion to say). */
  async function orderWhen(check: (ids: string[]) => boolean): Promise<string[]> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const ids = await order();
      if (check(ids) || Date.now() > deadline) return ids;
      await page.waitForTimeout(50);
    }
  }

  /** Waits until the app has kept a layout that passes `check`. */
  async function savedLayout(check: (l: GridLayout | null) => boolean): Promise<GridLayout | null> {
    const store = new UiPreferenceStore(app.storage.dir);
    const deadline = Date.now() + 30_000;
    for (;;) {
      const layout = await store.layout(connectionId, index);
      if (check(layout)) return layout;
      if (Date.now() > deadline) throw new Error(`kept layout: ${JSON.stringify(layout)}`);
      await page.waitForTimeout(100);
    }
  }

  it("shows the tail of a long path, and the whole path with its type on hover", async () => {
    await openGrid();
    assert.equal((await header("customer.address.street").innerText()).trim(), "…address.street");
    assert.equal((await header("customer.address.city").innerText()).trim(), "…address.city");
    assert.equal((await header("status").innerText()).trim(), "status");
    await header("customer.address.city").locator(".ag-header-cell-label").hover();
    const tooltip = page.locator(".ag-tooltip");
    await tooltip.waitFor();
    assert.match(await tooltip.innerText(), /^customer\.address\.city \(keyword\)/);
    await screenshot(page, "grid-header-tooltip");
    // Opening a table arranges nothing: the app keeps no layout for it (the tooltip's delay is
    // longer than the saves' 300 ms).
    assert.equal(await new UiPreferenceStore(app.storage.dir).layout(connectionId, index), null);
  });

  it("keeps hidden, reordered, resized and pinned columns across a reload and a restart", async () => {
    await openGrid();
    // Hide and pin from the chooser, opened from the keyboard.
    await page.keyboard.press("Alt+K");
    const chooser = page.getByRole("dialog", { name: "Choose columns" });
    await chooser.getByLabel("Filter columns by name").fill("stat");
    assert.equal(await chooser.locator(".chooser-row").count(), 1);
    await chooser.locator('.chooser-row[data-column="status"] input[type=checkbox]').uncheck();
    await chooser.getByLabel("Filter columns by name").fill("");
    await chooser.getByLabel("Pin total").selectOption("right");
    await screenshot(page, "grid-column-chooser");
    await page.keyboard.press("Escape");
    await chooser.waitFor({ state: "detached" });
    await header("status").waitFor({ state: "detached" });

    // Reorder: drag customer.name's header to the left of customer.address.city.
    const before = await order();
    assert.ok(
      before.indexOf("customer.name") > before.indexOf("customer.address.city"),
      before.join(),
    );
    const from = await header("customer.name").locator(".ag-header-cell-label").boundingBox();
    const to = await header("customer.address.city").boundingBox();
    assert.ok(from && to);
    await page.mouse.move(from.x + 10, from.y + from.height / 2);
    await page.mouse.down();
    for (let x = from.x + 10; x > to.x + 5; x -= 15)
      await page.mouse.move(x, from.y + from.height / 2);
    await page.mouse.move(to.x + 5, from.y + from.height / 2);
    await page.mouse.up();

    // Resize customer.name by the handle on its right edge.
    const named = await header("customer.name").boundingBox();
    const handle = await header("customer.name").locator(".ag-header-cell-resize").boundingBox();
    assert.ok(named && handle);
    const edge = { x: handle.x + handle.width / 2, y: handle.y + handle.height / 2 };
    await page.mouse.move(edge.x, edge.y);
    await page.mouse.down();
    await page.mouse.move(edge.x + 30, edge.y, { steps: 3 });
    await page.mouse.move(edge.x + 60, edge.y, { steps: 3 });
    await page.mouse.up();
    const width = Math.round(named.width + 60);

    const kept = await savedLayout((l) => {
      const col = (id: string) => l?.columns.find((c) => c.id === id);
      const ids = l?.columns.map((c) => c.id) ?? [];
      return (
        col("status")?.hidden === true &&
        col("total")?.pinned === "right" &&
        Math.abs((col("customer.name")?.width ?? 0) - width) <= 3 &&
        ids.indexOf("customer.name") < ids.indexOf("customer.address.city")
      );
    });
    assert.ok(kept);

    const expectArranged = async (when: string) => {
      await openGrid();
      assert.equal(await header("status").count(), 0, `${when}: status stays hidden`);
      assert.equal(
        await page.locator(PINNED_RIGHT_TOTAL).count(),
        1,
        `${when}: total stays pinned right`,
      );
      // AG Grid slides reordered headers into place: the order is read once they have arrived.
      const ids = await orderWhen(
        (o) => o.indexOf("customer.name") < o.indexOf("customer.address.city"),
      );
      assert.ok(
        ids.indexOf("customer.name") < ids.indexOf("customer.address.city"),
        `${when}: order ${ids.join()}`,
      );
      const box = await header("customer.name").boundingBox();
      assert.ok(box && Math.abs(box.width - width) <= 3, `${when}: width ${box?.width} ≈ ${width}`);
    };
    await expectArranged("after a reload");

    // A restart serves the page on another port (another origin): the app still has the layout.
    const oldOrigin = app.origin;
    await restartApp();
    assert.notEqual(app.origin, oldOrigin);
    await expectArranged("after a restart");
    await screenshot(page, "grid-layout-restored");
  });

  it("Reset columns brings the table's own arrangement back and forgets the kept one", async () => {
    await openGrid();
    await page.getByRole("button", { name: "Columns…" }).click();
    const chooser = page.getByRole("dialog", { name: "Choose columns" });
    await chooser.getByRole("button", { name: "Reset columns" }).click();
    await header("status").waitFor();
    assert.equal(await page.locator(PINNED_RIGHT_TOTAL).count(), 0);
    await savedLayout((l) => l === null);
    // Pin and unpin with the keyboard only: the chooser's select takes arrows.
    const pin = chooser.getByLabel("Pin status");
    await pin.focus();
    await pin.selectOption("left");
    await page.locator(PINNED_LEFT_STATUS).waitFor();
    await pin.selectOption("");
    await page.locator(PINNED_LEFT_STATUS).waitFor({
      state: "detached",
    });
    await chooser.getByRole("button", { name: "Done" }).click();
  });
});
