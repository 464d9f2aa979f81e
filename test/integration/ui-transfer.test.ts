/**
 * Copy to… and Import in a real browser on real nodes: an index copied from 7.17 to 9.x through
 * the grid's dialog (created there with the source's mapping; count and a document checked on the
 * cluster); a target that holds documents refused without Append or Overwrite (in the dialog, and
 * by the app when asked anyway), then overwritten once its name is typed; an NDJSON file with one
 * bad line imported into a new index from the sidebar: its preview shown before anything is
 * written, the good documents on the cluster, the bad line reported by its number.
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { addConnection } from "../../src/app/connections/connection-service.ts";
import type { EsSession } from "../../src/drivers/elasticsearch/session.ts";
import { connectionTo, node, sessionTo } from "../support/cluster.ts";
import { deleteIndices } from "../support/datasets.ts";
import { bulkLines } from "../support/es.ts";
import { type GateProxy, startGateProxy } from "../support/gate-proxy.ts";
import { orderedBefore } from "../support/ordered-before.ts";
import { waitFor } from "../support/quarry.ts";
import { addNodeConnection, appWithBrowser, screenshot } from "../support/ui.ts";

const TAG = randomBytes(3).toString("hex");
const SOURCE = `t-ui-transfer-src-${TAG}`;
const TARGET = `t-ui-transfer-dst-${TAG}`;
const IMPORTED = `t-ui-transfer-imp-${TAG}`;
const CANCELLED = `t-ui-transfer-cancel-${TAG}`;
const STRICT = `t-ui-transfer-strict-${TAG}`;
const DOCS = 120;

const { app, page } = appWithBrowser();
let es7: EsSession;
let es9: EsSession;
let es8: EsSession;
let proxy: GateProxy | undefined;
let id7: string;
let id9: string;
let dir: string;

const count = async (s: EsSession, index: string) => {
  await s.transport.request({ method: "POST", path: `/${index}/_refresh` });
  return (await s.transport.json<{ count: number }>({ method: "GET", path: `/${index}/_count` }))
    .count;
};

const sourceOf = async (s: EsSession, index: string, id: string) =>
  (await s.transport.json<{ _source: unknown }>({ method: "GET", path: `/${index}/_doc/${id}` }))
    ._source;

orderedBefore(async () => {
  es7 = sessionTo(node("es7"));
  es9 = sessionTo(node("es9"));
  es8 = sessionTo(node("es8"));
  await deleteIndices(es8.transport, CANCELLED);
  await deleteIndices(es7.transport, SOURCE);
  await deleteIndices(es9.transport, TARGET, IMPORTED, STRICT);
  await es7.transport.json({
    method: "PUT",
    path: `/${SOURCE}`,
    body: {
      settings: { number_of_shards: 1, number_of_replicas: 0 },
      mappings: {
        properties: {
          name: { type: "keyword" },
          n: { type: "integer" },
          tags: { type: "nested", properties: { t: { type: "keyword" } } },
        },
      },
    },
  });
  const lines = Array.from({ length: DOCS }, (_, i) => [
    JSON.stringify({ index: { _id: `d${i}` } }),
    JSON.stringify({ name: `doc ${i}`, n: i, tags: [{ t: `t${i % 3}` }] }),
  ]).flat();
  await bulkLines(es7, SOURCE, lines);
  id7 = await addNodeConnection(app, "es7", "from7");
  id9 = await addNodeConnection(app, "es9", "to9");
  dir = await mkdtemp(join(tmpdir(), "qt-ui-transfer-"));
});

after(async () => {
  await proxy?.close();
  await deleteIndices(es8.transport, CANCELLED);
  await es8?.close();
  await deleteIndices(es7.transport, SOURCE);
  await deleteIndices(es9.transport, TARGET, IMPORTED, STRICT);
  await es7?.close();
  await es9?.close();
  await rm(dir, { recursive: true, force: true });
});

async function open(hash: string): Promise<void> {
  await page.goto("about:blank");
  await page.goto(`${app.url}${hash}`);
}

/** Opens Copy to… from the grid of the source and names the target (on the 9.x connection). */
async function copyDialogTo(target: string, connection = "to9") {
  await open(`#/c/${id7}/data/${SOURCE}`);
  await page
    .getByRole("toolbar", { name: "Table actions" })
    .getByRole("button", { name: "Copy to…" })
    .click();
  const dialog = page.getByRole("dialog", { name: `Copy ${SOURCE} to…` });
  await dialog.getByLabel("Target connection").selectOption({ label: connection });
  await dialog.getByLabel("Target index").fill(target);
  return dialog;
}

describe("UI: Copy to…", () => {
  it("copies an index from 7.17 to 9.x: created with its mapping, counts checked", async () => {
    const dialog = await copyDialogTo(TARGET);
    const state = dialog.getByTestId("copy-target-state");
    await state.and(page.locator("[data-state='missing']")).waitFor();
    assert.match(
      await dialog.locator(".transfer-request").innerText(),
      new RegExp(`^PUT /${TARGET}`),
    );
    await dialog.getByRole("button", { name: "Copy", exact: true }).click();
    const report = dialog.getByTestId("copy-report");
    await report.waitFor({ timeout: 60_000 });
    assert.match(await report.innerText(), new RegExp(`Copied ${DOCS} of ${DOCS} documents`));
    assert.match(await dialog.getByTestId("copy-count-check").innerText(), /they match/);
    await screenshot(page, "ui-transfer-copy");
    assert.equal(await count(es9, TARGET), DOCS);
    assert.deepEqual(await sourceOf(es9, TARGET, "d7"), await sourceOf(es7, SOURCE, "d7"));
    const mapping = await es9.transport.json<
      Record<string, { mappings: { properties: Record<string, { type: string }> } }>
    >({
      method: "GET",
      path: `/${TARGET}/_mapping`,
    });
    assert.equal(mapping[TARGET]?.mappings.properties.tags?.type, "nested");
    await dialog.getByRole("button", { name: "Close", exact: true }).last().click();
    await dialog.waitFor({ state: "detached" });
  });

  it("refuses a target that holds documents until Append or Overwrite is chosen", async () => {
    const dialog = await copyDialogTo(TARGET);
    const state = dialog.getByTestId("copy-target-state");
    await state.and(page.locator("[data-state='holds']")).waitFor();
    assert.match(await state.innerText(), new RegExp(`already holds ${DOCS} documents`));
    const copy = dialog.getByRole("button", { name: "Copy", exact: true });
    assert.equal(await copy.isDisabled(), true, "Copy waits for Append or Overwrite");
    await screenshot(page, "ui-transfer-refused");

    // Asked anyway (an older page, a script): the app refuses and writes nothing.
    const job = await api<{ id: string }>("POST", `/connections/${id7}/tables/${SOURCE}/copy`, {
      to: id9,
      table: TARGET,
      mode: "new",
    });
    let end: { state: string; error?: { code: string; message: string; remedy: string } } = {
      state: "running",
    };
    await waitFor(async () => {
      end = await api("GET", `/jobs/copy/${job.id}`);
      return end.state !== "running";
    }, "the refused copy to end");
    assert.equal(end.state, "failed");
    assert.equal(end.error?.code, "transfer_refused");
    assert.match(end.error?.remedy ?? "", /Choose Append/);
    assert.doesNotMatch(end.error?.remedy ?? "", /--append/);
    assert.equal(await count(es9, TARGET), DOCS);

    // Overwrite: the deletion shown, sent only once the name is typed back.
    await dialog.getByLabel(/^Overwrite/).check();
    const overwrite = dialog.getByRole("button", { name: "Overwrite and copy" });
    assert.equal(await overwrite.isDisabled(), true);
    await dialog.getByLabel(`Type ${TARGET} to confirm`).fill(TARGET);
    await overwrite.click();
    const report = dialog.getByTestId("copy-report");
    await report.waitFor({ timeout: 60_000 });
    assert.match(await report.innerText(), new RegExp(`Copied ${DOCS} of ${DOCS}`));
    assert.equal(await count(es9, TARGET), DOCS);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
  });
});

describe("UI: Copy to… with documents the target refuses", () => {
  it("lists each one with its _id and reason, and names the failures file", async () => {
    // A target whose mapping takes no document of the source (name is a long there).
    await es9.transport.json({
      method: "PUT",
      path: `/${STRICT}`,
      body: { mappings: { properties: { name: { type: "long" } } } },
    });
    await es9.transport.json({
      method: "PUT",
      path: `/${STRICT}/_doc/kept`,
      query: { refresh: "true" },
      body: { name: 1 },
    });
    const dialog = await copyDialogTo(STRICT);
    await dialog
      .getByTestId("copy-target-state")
      .and(page.locator("[data-state='holds']"))
      .waitFor();
    await dialog.getByLabel(/^Append/).check();
    await dialog.getByRole("button", { name: "Copy", exact: true }).click();
    const report = dialog.getByTestId("copy-report");
    await report.waitFor({ timeout: 60_000 });
    assert.match(await report.innerText(), new RegExp(`Copied 0 of ${DOCS}`));
    const failures = await dialog.getByTestId("transfer-failures").innerText();
    assert.match(failures, /_id d\d+: 400 .*name/);
    assert.match(await report.innerText(), new RegExp(`${DOCS} documents failed`));
    assert.match(await dialog.getByTestId("failures-file").innerText(), /failures\.ndjson$/);
    await screenshot(page, "ui-transfer-failures");
    assert.equal(await count(es9, STRICT), 1, "the document it held is kept");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
  });
});

describe("UI: a copy cancelled", () => {
  it("shows its progress, stops on Cancel, and says what to do", async () => {
    // es8 behind a gate: the test lets two batches through, then cancels while the third waits.
    proxy = await startGateProxy(node("es8").url);
    await addConnection(app.storage, {
      name: "gate8",
      type: "elasticsearch",
      settings: { ...connectionTo(node("es8")).config, port: proxy.port },
    });
    proxy.gate.hold((r) => r.path.endsWith("/_bulk"));
    const dialog = await copyDialogTo(CANCELLED, "gate8");
    await dialog
      .getByTestId("copy-target-state")
      .and(page.locator("[data-state='missing']"))
      .waitFor();
    await dialog.getByText("Advanced").click();
    await dialog.getByLabel("Documents per batch").fill("20");
    await dialog.getByRole("button", { name: "Copy", exact: true }).click();
    proxy.gate.allow(2);
    await proxy.gate.waiting(1);
    await dialog.getByTestId("progress-counts").getByText(`40 of ${DOCS}`).waitFor();
    await screenshot(page, "ui-transfer-progress");
    await dialog.getByRole("button", { name: "Cancel copy" }).click();
    const note = dialog.locator(".error-note");
    await note.waitFor();
    const text = await note.innerText();
    assert.match(text, new RegExp(`stopped after 40 of ${DOCS}`));
    assert.match(text, /Copy again with Append/);
    assert.doesNotMatch(text, /--resume/);
    proxy.gate.open();
    assert.equal(await count(es8, CANCELLED), 40, "the batch held when cancelled was never sent");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
  });
});

describe("UI: Import", () => {
  it("previews an NDJSON file, imports its good lines and reports the bad one by number", async () => {
    const file = join(dir, "people.ndjson");
    const good = (i: number) => JSON.stringify({ name: `person ${i}`, age: 20 + i });
    await writeFile(
      file,
      [good(1), good(2), "{not json", good(4), good(5), good(6), ""].join("\n"),
    );
    // In dark mode (the system's), so its screenshot shows the dialog's colours there.
    await page.emulateMedia({ colorScheme: "dark" });
    await open(`#/c/${id9}/data`);
    await page.getByRole("button", { name: "Import…" }).click();
    const dialog = page.getByRole("dialog", { name: "Import into a new index" });
    await dialog.getByLabel(/^File/).setInputFiles(file);
    const preview = dialog.getByTestId("import-preview");
    await preview.waitFor();
    const text = await preview.innerText();
    assert.match(text, /person 1/);
    assert.match(text, /Not imported: not JSON/);
    const bad = preview.locator(".transfer-bad-line");
    assert.equal((await bad.locator(".transfer-line").innerText()).trim(), "3");
    assert.equal(
      (await es9.transport.request({ method: "HEAD", path: `/${IMPORTED}` })).status,
      404,
      "nothing written before Import",
    );

    await dialog.getByLabel("New index").fill(IMPORTED);
    await dialog.getByTestId("import-target-state").getByText("does not exist").waitFor();
    await screenshot(page, "ui-transfer-preview-dark");
    await dialog.getByRole("button", { name: "Import", exact: true }).click();
    const report = dialog.getByTestId("import-report");
    await report.waitFor({ timeout: 60_000 });
    assert.match(await report.innerText(), /Imported 5 documents from people\.ndjson/);
    const failures = await dialog.getByTestId("transfer-failures").innerText();
    assert.match(failures, /Line 3: not JSON/);
    assert.match(await dialog.getByTestId("failures-file").innerText(), /transfers/);
    await screenshot(page, "ui-transfer-import-dark");
    assert.equal(await count(es9, IMPORTED), 5);
    const found = await es9.transport.json<{ hits: { hits: { _source: { age: number } }[] } }>({
      method: "POST",
      path: `/${IMPORTED}/_search`,
      body: { query: { term: { "name.keyword": "person 4" } } },
    });
    assert.equal(found.hits.hits[0]?._source.age, 24);
    await dialog.getByRole("button", { name: "Close", exact: true }).last().click();
    await dialog.waitFor({ state: "detached" });
  });
});

describe("UI: Import into an existing index, from its page", () => {
  it("reads a _bulk body, shows the _ids, and writes in index mode", async () => {
    const file = join(dir, "more.bulk");
    const lines = [
      { index: { _id: "p7" } },
      { name: "person 7", age: 27 },
      { index: { _id: "p8" } },
      { name: "person 8", age: 28 },
    ];
    await writeFile(file, `${lines.map((l) => JSON.stringify(l)).join("\n")}\n`);
    await open(`#/c/${id9}/index/${IMPORTED}`);
    await page
      .getByRole("toolbar", { name: "Index actions" })
      .getByRole("button", { name: "Import…" })
      .click();
    const dialog = page.getByRole("dialog", { name: `Import into ${IMPORTED}` });
    await dialog.getByLabel(/^File/).setInputFiles(file);
    const preview = dialog.getByTestId("import-preview");
    await preview.waitFor();
    assert.match(await preview.innerText(), /p7\s+person 7\s+27/);
    await dialog.getByTestId("import-target-state").getByText("holds 5 documents").waitFor();
    await dialog.getByLabel(/^Index/).check();
    await dialog.getByRole("button", { name: "Import", exact: true }).click();
    const report = dialog.getByTestId("import-report");
    await report.waitFor({ timeout: 60_000 });
    assert.match(
      await report.innerText(),
      /Imported 2 documents from more\.bulk \(bulk, 4 lines\)/,
    );
    assert.equal(await count(es9, IMPORTED), 7);
    assert.deepEqual(await sourceOf(es9, IMPORTED, "p8"), { name: "person 8", age: 28 });
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
  });
});

describe("UI: uploads", () => {
  it("take the app's guards, and stream bodies over the JSON limit to disk", async () => {
    const url = `${app.origin}/api/uploads?name=big.ndjson`;
    const noKey = await fetch(url, { method: "POST", body: "{}" });
    assert.equal(noKey.status, 401);
    const foreign = await fetch(url, {
      method: "POST",
      headers: { "x-quarry-secret": app.secret, origin: "http://evil.example" },
      body: "{}",
    });
    assert.equal(foreign.status, 403);
    const size = 17 * 1024 * 1024;
    const line = `${JSON.stringify({ pad: "x".repeat(1000) })}\n`;
    const body = Buffer.from(line.repeat(Math.ceil(size / line.length)));
    const res = await fetch(url, {
      method: "POST",
      headers: { "x-quarry-secret": app.secret, "content-type": "application/octet-stream" },
      body,
    });
    const answer = (await res.json()) as { uploadId: string; name: string; bytes: number };
    assert.equal(res.status, 200, JSON.stringify(answer));
    assert.equal(answer.bytes, body.length);
    assert.equal(answer.name, "big.ndjson");
    const preview = await api<{ rows: unknown[]; shape: string }>(
      "POST",
      `/connections/${id9}/import-preview`,
      { uploadId: answer.uploadId },
    );
    assert.equal(preview.rows.length, 20, "the preview reads the first 20 records only");
    await api("DELETE", `/uploads/${answer.uploadId}`);
    await assert.rejects(
      api("POST", `/connections/${id9}/import-preview`, { uploadId: answer.uploadId }),
      /Pick the file again/,
    );
  });
});

/** The app's API as the page calls it: the per-run secret, JSON. */
async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${app.origin}/api${path}`, {
    method,
    headers: {
      "x-quarry-secret": app.secret,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = (await res.json()) as T;
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(answer)}`);
  return answer;
}
