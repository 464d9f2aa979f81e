/**
 * The grid's Views… in a real browser on the es8 node: the view (Raw SQL text, sort, columns) is
 * saved to the library as a plain file, opens again after the app restarts, and runs from
 * `quarry query run` as the same rows.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import type { EsSession } from "../../src/drivers/elasticsearch/session.ts";
import { node, sessionTo } from "../support/cluster.ts";
import { deleteIndices, loadIndex } from "../support/datasets.ts";
import { QUARRY } from "../support/quarry.ts";
import { addEs8Connection, appWithBrowser, artifact, uiIndex } from "../support/ui.ts";

const index = uiIndex("views");

describe("UI: grid views in the library", () => {
  const { app, page, restartApp } = appWithBrowser({ restartable: true });
  let es: EsSession;
  let connectionId = "";

  before(async () => {
    es = sessionTo(node("es8"));
    const docs = Array.from({ length: 6 }, (_, i): [string, Record<string, unknown>] => [
      `d${i}`,
      { status: i % 2 ? "open" : "shipped", total: i * 10 },
    ]);
    await loadIndex(es.transport, index, docs, {
      mappings: { properties: { status: { type: "keyword" }, total: { type: "long" } } },
    });
    connectionId = await addEs8Connection(app);
  });
  after(async () => {
    await deleteIndices(es.transport, index);
    await es.close();
  });

  const openGrid = async (count: string) => {
    await page.goto("about:blank");
    await page.goto(`${app.url}#/c/${connectionId}/data/${index}`);
    await page.getByTestId("total-count").filter({ hasText: count }).waitFor();
  };

  it("saves the view, and opens it again after a restart", async () => {
    await openGrid("6");
    await page.getByLabel("Raw SQL").fill("status:open");
    await page.getByLabel("Raw SQL").press("Enter");
    await page.getByTestId("total-count").filter({ hasText: "3" }).waitFor();
    await page.getByRole("button", { name: "Views…" }).click();
    await page.getByLabel("View name").fill("open-orders");
    const saved = page.waitForResponse((r) => r.url().includes("/queries/open-orders"));
    await page.getByRole("button", { name: "Save view" }).click();
    assert.equal((await saved).status(), 200);
    await page.getByTestId("view-item").filter({ hasText: "open-orders" }).waitFor();
    const file = JSON.parse(
      readFileSync(join(app.home, "queries", "open-orders.view.json"), "utf8"),
    );
    assert.equal(file.table, index);
    assert.equal(file.rawQuery, "status:open");

    await restartApp();
    await openGrid("6");
    await page.getByRole("button", { name: "Views…" }).click();
    await page.getByTestId("view-item").filter({ hasText: "open-orders" }).waitFor();
    await artifact(page, "saved-queries-grid-views");
    await page.getByTestId("view-item").getByRole("button", { name: "Open" }).click();
    await page.getByTestId("total-count").filter({ hasText: "3" }).waitFor();
    assert.equal(await page.getByLabel("Raw SQL").inputValue(), "status:open");
  });

  it("the view runs from quarry query run", () => {
    const r = spawnSync(QUARRY, ["query", "run", "open-orders", "dev", "--json"], {
      env: { ...process.env, QUARRY_HOME: app.home, QUARRY_SECRET_STORE: "file" },
      encoding: "utf8",
    });
    assert.equal(r.status, 0, r.stderr);
    assert.equal(JSON.parse(r.stdout).rows.length, 3);
  });
});
