/**
 * The Compare page in a real browser on real nodes: an index copied from 7.17 to 9.x with Copy
 * to…, one document changed and one added on the target; from the copy's result the page opens on
 * both indices and, with Documents too, lists the mapping rows and exactly the two documents, a
 * group filter narrows them, and Open both shows the changed field side by side (screenshot in
 * artifacts/compare-page.png). From the index page and the connection chooser it opens with one
 * side or none chosen; two clusters compared give their versions as a row.
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, describe, it } from "node:test";
import type { EsSession } from "../../src/drivers/elasticsearch/session.ts";
import { node, sessionTo } from "../support/cluster.ts";
import { deleteIndices } from "../support/datasets.ts";
import { bulkLines } from "../support/es.ts";
import { orderedBefore } from "../support/ordered-before.ts";
import { addNodeConnection, appWithBrowser, artifact } from "../support/ui.ts";

const TAG = randomBytes(3).toString("hex");
const SOURCE = `t-ui-cmp-src-${TAG}`;
const TARGET = `t-ui-cmp-dst-${TAG}`;
const DOCS = 50;

const { app, page } = appWithBrowser();
let es7: EsSession;
let es9: EsSession;
let id7: string;

orderedBefore(async () => {
  es7 = sessionTo(node("es7"));
  es9 = sessionTo(node("es9"));
  await deleteIndices(es7.transport, SOURCE);
  await deleteIndices(es9.transport, TARGET);
  await es7.transport.json({
    method: "PUT",
    path: `/${SOURCE}`,
    body: {
      settings: { number_of_shards: 1, number_of_replicas: 0 },
      mappings: { properties: { name: { type: "keyword" }, n: { type: "integer" } } },
    },
  });
  const lines = Array.from({ length: DOCS }, (_, i) => [
    JSON.stringify({ index: { _id: `d${i}` } }),
    JSON.stringify({ name: `doc ${i}`, n: i }),
  ]).flat();
  await bulkLines(es7, SOURCE, lines);
  id7 = await addNodeConnection(app, "es7", "left7");
  await addNodeConnection(app, "es9", "right9");
});

after(async () => {
  await deleteIndices(es7.transport, SOURCE);
  await deleteIndices(es9.transport, TARGET);
  await es7?.close();
  await es9?.close();
});

async function open(hash: string): Promise<void> {
  await page.goto("about:blank");
  await page.goto(`${app.url}${hash}`);
}

describe("UI: the Compare page", () => {
  it("opens from Copy to…'s result and finds the changed and the added document", async () => {
    await open(`#/c/${id7}/data/${SOURCE}`);
    await page
      .getByRole("toolbar", { name: "Table actions" })
      .getByRole("button", { name: "Copy to…" })
      .click();
    const dialog = page.getByRole("dialog", { name: `Copy ${SOURCE} to…` });
    await dialog.getByLabel("Target connection").selectOption({ label: "right9" });
    await dialog.getByLabel("Target index").fill(TARGET);
    await page.locator("[data-state='missing']").waitFor();
    await dialog.getByRole("button", { name: "Copy", exact: true }).click();
    await dialog.getByTestId("copy-report").waitFor({ timeout: 60_000 });
    // The target changed after the copy: one document edited, one added, a field mapped.
    await es9.transport.json({
      method: "POST",
      path: `/${TARGET}/_update/d3`,
      body: { doc: { name: "edited" } },
    });
    await es9.transport.json({ method: "PUT", path: `/${TARGET}/_doc/extra`, body: { name: "x" } });
    await es9.transport.json({ method: "POST", path: `/${TARGET}/_refresh` });

    await dialog.getByTestId("copy-compare").click();
    const compare = page.getByTestId("compare-page");
    await compare.waitFor();
    assert.equal(await page.getByLabel("Left index").inputValue(), SOURCE);
    assert.equal(await page.getByLabel("Right index").inputValue(), TARGET);
    await page.getByRole("button", { name: "Compare", exact: true }).click();
    const summary = page.getByTestId("compare-summary");
    await summary.waitFor({ timeout: 60_000 });
    assert.match(await summary.innerText(), /difference/);
    assert.match(
      await page.getByTestId("compare-documents").innerText(),
      /50 compared, 49 same, 1 differ, 0 only left, 1 only right/,
    );
    await page.getByLabel("Group").selectOption("documents");
    const rows = page.getByTestId("compare-rows").locator("tbody tr");
    assert.equal(await rows.count(), 2);
    const texts = (await rows.allInnerTexts()).join("\n");
    assert.match(texts, /d3\s+differs/);
    assert.match(texts, /extra\s+only right/);
    await rows.filter({ hasText: "d3" }).getByRole("button", { name: "Open both" }).click();
    const doc = page.getByTestId("compare-document");
    await doc.waitFor();
    assert.match(await doc.innerText(), /name\s+"doc 3"\s+"edited"/);
    await page.getByLabel("Group").selectOption("");
    await artifact(page, "compare-page");
  });

  it("opens from an index page with that index on the left", async () => {
    await open(`#/c/${id7}/index/${SOURCE}`);
    await page.getByRole("button", { name: "Compare…" }).click();
    await page.getByTestId("compare-page").waitFor();
    assert.equal(await page.getByLabel("Left index").inputValue(), SOURCE);
    assert.equal(await page.getByLabel("Right connection").inputValue(), "");
  });

  it("compares two clusters from the connection chooser", async () => {
    await open("#/connections");
    await page.getByRole("button", { name: "Compare", exact: true }).click();
    await page.getByTestId("compare-page").waitFor();
    await page.getByLabel("Left connection").selectOption({ label: "left7" });
    await page.getByLabel("Right connection").selectOption({ label: "right9" });
    await page.getByRole("button", { name: "Compare", exact: true }).click();
    await page.getByTestId("compare-summary").waitFor({ timeout: 60_000 });
    assert.match(
      await page.getByTestId("compare-rows").innerText(),
      /cluster\s+version\s+differs\s+7\.17/,
    );
  });
});
