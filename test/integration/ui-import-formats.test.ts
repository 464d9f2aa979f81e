/**
 * The Import dialog with the formats beyond JSON lines, in a real browser on a real 9.x node: a
 * pretty-printed JSON array with one bad element (previewed, good documents written, the bad one
 * reported), and a CSV file into a new index (the inferred mapping shown, Import held until the
 * Create box is ticked, then the index created with those types and the bad row reported by line).
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import type { EsSession } from "../../src/drivers/elasticsearch/session.ts";
import { node, sessionTo } from "../support/cluster.ts";
import { deleteIndices } from "../support/datasets.ts";
import { orderedBefore } from "../support/ordered-before.ts";
import { addNodeConnection, appWithBrowser } from "../support/ui.ts";

const TAG = randomBytes(3).toString("hex");
const ARRAY = `t-ui-transfer-arr-${TAG}`;
const CSV = `t-ui-transfer-csv-${TAG}`;

const { app, page } = appWithBrowser();
let es9: EsSession;
let id9: string;
let dir: string;

const count = async (index: string) => {
  await es9.transport.request({ method: "POST", path: `/${index}/_refresh` });
  return (await es9.transport.json<{ count: number }>({ method: "GET", path: `/${index}/_count` }))
    .count;
};

orderedBefore(async () => {
  es9 = sessionTo(node("es9"));
  await deleteIndices(es9.transport, ARRAY, CSV);
  id9 = await addNodeConnection(app, "es9", "to9");
  dir = await mkdtemp(join(tmpdir(), "qt-ui-import-formats-"));
});

after(async () => {
  await deleteIndices(es9.transport, ARRAY, CSV);
  await es9?.close();
  await rm(dir, { recursive: true, force: true });
});

async function importDialog(file: string, index: string) {
  await page.goto("about:blank");
  await page.goto(`${app.url}#/c/${id9}/data`);
  await page.getByRole("button", { name: "Import…" }).click();
  const dialog = page.getByRole("dialog", { name: "Import into a new index" });
  await dialog.getByLabel(/^File/).setInputFiles(file);
  await dialog.getByLabel("New index").fill(index);
  return dialog;
}

describe("UI: Import of other formats", () => {
  it("a pretty-printed JSON array: previewed, good elements written, the bad one reported", async () => {
    const file = join(dir, "people.json");
    const docs = [{ name: "ann", age: 31 }, 7, { name: "bob", age: 42 }];
    await writeFile(file, JSON.stringify(docs, null, 2));
    const dialog = await importDialog(file, ARRAY);
    const preview = dialog.getByTestId("import-preview");
    await preview.waitFor();
    assert.match(await preview.innerText(), /ann/);
    await dialog.getByTestId("import-target-state").getByText("does not exist").waitFor();
    await dialog.getByRole("button", { name: "Import", exact: true }).click();
    const report = dialog.getByTestId("import-report");
    await report.waitFor({ timeout: 60_000 });
    assert.match(await report.innerText(), /Imported 2 documents from people\.json/);
    assert.match(await dialog.getByTestId("transfer-failures").innerText(), /not a JSON object/);
    assert.equal(await count(ARRAY), 2);
  });

  it("a CSV file into a new index: the mapping shown, Import held until the box is ticked", async () => {
    const file = join(dir, "items.csv");
    await writeFile(file, "name,qty\napple,3\npear,5\nplum,7,extra\n");
    const dialog = await importDialog(file, CSV);
    const plan = dialog.getByTestId("import-create-plan");
    await plan.waitFor();
    const shown = await plan.innerText();
    assert.match(shown, new RegExp(`${CSV} does not exist: it will be created with this mapping`));
    assert.match(shown, /"qty"/);
    const importButton = dialog.getByRole("button", { name: "Import", exact: true });
    assert.equal(await importButton.isDisabled(), true, "Import waits for the box");
    await plan.getByLabel(`Create ${CSV} with this mapping`).check();
    await importButton.click();
    const report = dialog.getByTestId("import-report");
    await report.waitFor({ timeout: 60_000 });
    const mapping = await es9.transport.json<
      Record<string, { mappings: { properties: Record<string, { type: string }> } }>
    >({ method: "GET", path: `/${CSV}/_mapping` });
    const qty = mapping[CSV]?.mappings.properties.qty?.type;
    assert.ok(qty === "long" || qty === "integer" || qty === "double", `qty is ${qty}`);
    assert.equal(await count(CSV), 2);
    assert.match(await dialog.getByTestId("transfer-failures").innerText(), /Line 4/);
  });
});
