/**
 * Progress of long work in a real browser, on real nodes: a `_delete_by_query` run from the console
 * on es7 (the node with the real reindex module), confirmed, followed to its end and cancelled; an
 * export from the grid on es8, followed to its file and cancelled. The progress bar's values are
 * recorded in the page as they change (a MutationObserver), so no value between two polls of the
 * test is missed.
 *
 * The work under test is held back by the test, never raced: the delete runs at a rate so low that
 * the cluster waits after each batch until the test rethrottles it (`_rethrottle`), and the export
 * reaches es8 through a gate (test/support/gate-proxy.ts) that lets its batches through one at a
 * time. So the page is seen mid-way and cancelled mid-way however busy the machine is.
 */
import assert from "node:assert/strict";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import type { Locator, Page } from "playwright-core";
import { addConnection } from "../../src/app/connections/connection-service.ts";
import { node, plainConfig, session } from "../support/cluster.ts";
import { clickRun, replaceConsoleText } from "../support/console-page.ts";
import { deleteIndices, loadIndex } from "../support/datasets.ts";
import { type GateProxy, type HeldRequest, startGateProxy } from "../support/gate-proxy.ts";
import { addNodeConnection, appWithBrowser, screenshot, uiIndex } from "../support/ui.ts";

const N_MAPPING = { properties: { n: { type: "integer" }, name: { type: "keyword" } } };

function* numbered(count: number, prefix = "d"): Generator<[string, Record<string, unknown>]> {
  for (let i = 0; i < count; i++) yield [`${prefix}-${i}`, { n: i, name: `name-${i}` }];
}

/** Documents of the delete index, and how many of them the delete's query matches (n < 1000). */
const DELETE_DOCS = 1_200;
const DELETE_MATCHES = 1_000;
/**
 * A rate at which the cluster waits, after each batch, for longer than any test runs (it caps the
 * wait at an hour): the delete stands still until the test rethrottles it.
 */
const PARKED_RATE = 0.001;
/** Documents of the export index, and the batch size of its export (60 batches). */
const EXPORT_DOCS = 30_000;
const EXPORT_LABEL = EXPORT_DOCS.toLocaleString("en-US");
const EXPORT_BATCH = 500;

interface Sample {
  now: number | null;
  max: number | null;
  text: string;
}

/**
 * Records every state of the page's progress bar (value, maximum, "done of total" text) in
 * `window.progressLog`, each time it changes. Page code, as text: this program has no DOM types.
 */
const RECORD_PROGRESS = `(() => {
  const log = [];
  window.progressLog = log;
  const read = () => {
    const bar = document.querySelector('[role="progressbar"]');
    if (!bar) return;
    const num = (name) => {
      const v = bar.getAttribute(name);
      return v === null ? null : Number(v);
    };
    const sample = {
      now: num("aria-valuenow"),
      max: num("aria-valuemax"),
      text: document.querySelector('[data-testid="progress-counts"]')?.textContent ?? "",
    };
    const last = log.at(-1);
    if (!last || last.now !== sample.now || last.max !== sample.max || last.text !== sample.text)
      log.push(sample);
  };
  new MutationObserver(read).observe(document.body, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
    attributeFilter: ["aria-valuenow", "aria-valuemax"],
  });
})()`;

async function recordProgress(page: Page): Promise<void> {
  await page.evaluate(RECORD_PROGRESS);
}

async function progressLog(page: Page): Promise<Sample[]> {
  return (await page.evaluate("window.progressLog ?? []")) as Sample[];
}

/**
 * Waits until the progress bar has shown `distinct` different values strictly between 0 and its
 * known total. The work is held back meanwhile, so the deadline is only a safety net.
 */
async function waitForMidProgress(page: Page, distinct = 1): Promise<void> {
  // A function, not text: the app's Content-Security-Policy forbids eval in the page.
  await page.waitForFunction(
    (n) =>
      new Set(
        ((globalThis as { progressLog?: Sample[] }).progressLog ?? [])
          .filter((s) => s.now !== null && s.max !== null && s.now > 0 && s.now < s.max)
          .map((s) => s.now),
      ).size >= n,
    distinct,
    { timeout: 60_000, polling: 20 },
  );
}

function escapeRe(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Polls `check` every 100 ms until it holds, for at most 60 s (a safety net, not a pace). */
async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** An element's text as the DOM holds it, trimmed. */
async function textOf(l: Locator): Promise<string> {
  return ((await l.textContent()) ?? "").trim();
}

/** Asserts the recorded values rose through at least two distinct values below `total`. */
function assertRose(log: Sample[], total: number): void {
  const shown = log.filter((s) => s.now !== null);
  assert.ok(shown.length > 0, "the progress bar showed a value");
  assert.ok(
    shown.every((s) => s.max === total),
    `every value was out of ${total}: ${JSON.stringify(shown)}`,
  );
  const values = shown.map((s) => s.now as number);
  assert.deepEqual(
    values,
    [...values].sort((a, b) => a - b),
    "the value never went back",
  );
  const below = new Set(values.filter((v) => v > 0 && v < total));
  assert.ok(below.size >= 2, `two distinct values below ${total}: ${values.join(", ")}`);
  const label = total.toLocaleString("en-US");
  for (const s of shown) {
    const digits = (s.now as number).toLocaleString("en-US");
    assert.ok(
      s.text.startsWith(`${digits} of ${label}`),
      `"${s.text}" reads "${digits} of ${label}"`,
    );
  }
}

describe("UI: progress of long tasks and exports", () => {
  const s7 = session(plainConfig(node("es7")));
  const t7 = s7.transport;
  const s8 = session(plainConfig(node("es8")));
  const t8 = s8.transport;
  const dbqIndex = uiIndex("dbq");
  const dbqCancelIndex = uiIndex("dbq-cancel");
  const exportIndex = uiIndex("export");
  const { app, page } = appWithBrowser();
  let es7Id: string;
  let es8Id: string;
  /** The app reaches es8 through this proxy, whose gate holds the export's batches for the test. */
  let proxy: GateProxy;

  before(async () => {
    await Promise.all([
      loadIndex(t7, dbqIndex, numbered(DELETE_DOCS), { mappings: N_MAPPING }),
      loadIndex(t7, dbqCancelIndex, numbered(DELETE_MATCHES), { mappings: N_MAPPING }),
      loadIndex(t8, exportIndex, numbered(EXPORT_DOCS), { mappings: N_MAPPING }),
    ]);
    es7Id = await addNodeConnection(app, "es7");
    proxy = await startGateProxy(node("es8").url);
    const viaGate = await addConnection(app.storage, {
      name: "dev",
      type: "elasticsearch",
      settings: { ...plainConfig(node("es8")), port: proxy.port },
    });
    es8Id = viaGate.id;
  });
  after(async () => {
    await proxy?.close();
    await deleteIndices(t7, dbqIndex, dbqCancelIndex);
    await deleteIndices(t8, exportIndex);
    await s7.close();
    await s8.close();
  });

  async function count(index: string, query?: unknown): Promise<number> {
    await t7.json({ method: "POST", path: `/${index}/_refresh` });
    const body = await t7.json<{ count: number }>({
      method: "POST",
      path: `/${index}/_count`,
      body: query ? { query } : {},
    });
    return body.count;
  }

  /** The running `_delete_by_query` task of `index` on es7. */
  async function deleteTask(index: string): Promise<string> {
    const tasks = await t7.json<{
      nodes?: Record<string, { tasks: Record<string, { description?: string }> }>;
    }>({ method: "GET", path: "/_tasks", query: { actions: "*/delete/byquery", detailed: true } });
    for (const n of Object.values(tasks.nodes ?? {}))
      for (const [id, task] of Object.entries(n.tasks))
        if (task.description?.includes(index)) return id;
    throw new Error(`no _delete_by_query task of ${index} runs on es7`);
  }

  async function rethrottle(task: string, requestsPerSecond: number): Promise<void> {
    await t7.json({
      method: "POST",
      path: `/_delete_by_query/${encodeURIComponent(task)}/_rethrottle`,
      query: { requests_per_second: requestsPerSecond },
    });
  }

  /**
   * Lets a parked delete run one more batch: a faster rate shortens the wait left (the cluster
   * scales it by the ratio of the rates) to about two seconds, and the parked rate is set again
   * for the wait after that batch. Were the second call late, the next wait would still be ~a
   * minute at the faster rate.
   */
  async function stepDelete(task: string): Promise<void> {
    // The wait is scheduled once the next scroll page is in, a moment after the count moved.
    let waitLeft = 0;
    await until(async () => {
      const res = await t7.json<{ task: { status: { throttled_until_millis: number } } }>({
        method: "GET",
        path: `/_tasks/${encodeURIComponent(task)}`,
      });
      waitLeft = res.task.status.throttled_until_millis;
      return waitLeft > 60_000;
    }, "the delete is parked before its next batch");
    await rethrottle(task, (PARKED_RATE * waitLeft) / 2_000);
    await rethrottle(task, PARKED_RATE);
  }

  /** Opens the console of es7 with `text` in the editor and presses Run; returns the dialog. */
  async function runInConsole(text: string) {
    await page.goto("about:blank");
    await page.goto(`${app.url}#/c/${es7Id}/console`);
    await replaceConsoleText(page, text);
    await page.keyboard.press("ControlOrMeta+Home");
    await recordProgress(page);
    await clickRun(page);
    const dialog = page.getByRole("dialog", { name: "Run a destructive request?" });
    await dialog.waitFor();
    return dialog;
  }

  it("runs a throttled _delete_by_query on es7 after a confirmation, with rising progress", async () => {
    const query = { range: { n: { lt: DELETE_MATCHES } } };
    // 10 batches of 100, throttled by the cluster itself: it parks after each batch until the
    // test rethrottles it.
    const path = `/${dbqIndex}/_delete_by_query?scroll_size=100&requests_per_second=${PARKED_RATE}`;
    const text = `POST ${path}\n${JSON.stringify({ query }, null, 2)}`;
    const dialog = await runInConsole(text);
    assert.equal(await textOf(dialog.getByTestId("confirm-requests")), text);
    assert.match(await textOf(dialog), /This request deletes data and cannot be undone/);
    assert.equal(await count(dbqIndex), DELETE_DOCS, "nothing is sent before the confirmation");

    // The sidebar's count of the index, which must follow the delete without a manual refresh.
    const sidebarCount = page
      .getByTestId("index-list")
      .getByTitle(dbqIndex, { exact: true })
      .getByTestId("index-count");
    const all = DELETE_DOCS.toLocaleString("en-US");
    await until(async () => (await textOf(sidebarCount)) === all, `the sidebar shows ${all}`);

    const ran = page.waitForResponse((r) => r.url().endsWith("/console/run"));
    await dialog.getByRole("button", { name: "Run", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    assert.equal((await ran).status(), 200);
    const bar = page.getByRole("progressbar", { name: `POST ${path}` });
    await bar.waitFor();
    await waitForMidProgress(page); // 100 of 1,000, the delete parked after its first batch
    const task = await deleteTask(dbqIndex);
    await stepDelete(task);
    await waitForMidProgress(page, 2); // 200 of 1,000, parked again
    await screenshot(page, "progress-delete-by-query-running");
    await rethrottle(task, -1); // the rest at full speed

    const result = page.getByTestId("console-result");
    await result.waitFor({ timeout: 60_000 });
    await bar.waitFor({ state: "detached" });
    assertRose(await progressLog(page), DELETE_MATCHES);
    assert.match(
      await textOf(result.locator("header")),
      new RegExp(`^POST ${escapeRe(path)}200 · \\d+ ms$`),
    );
    assert.match(
      await textOf(result.getByTestId("task-summary")),
      /^Task: 1,000 of 1,000 documents deleted · 10 batches · 0 version conflicts$/,
    );
    assert.equal(await result.getByTestId("task-cancelled").count(), 0);
    const json = await textOf(result.locator(".cm-content"));
    assert.match(json, /"deleted": 1000,/);
    assert.match(json, /"completed": true,/);
    assert.match(json, /"action": "indices:data\/write\/delete\/byquery"/);

    assert.equal(await count(dbqIndex, query), 0, "no matching document is left");
    assert.equal(await count(dbqIndex), DELETE_DOCS - DELETE_MATCHES, "the others are kept");
    const left = (DELETE_DOCS - DELETE_MATCHES).toLocaleString("en-US");
    await until(async () => (await textOf(sidebarCount)) === left, `the sidebar shows ${left}`);
    await screenshot(page, "progress-delete-by-query-done");
  });

  it("cancels a running _delete_by_query: the task stops on the cluster and the console says how far it got", async () => {
    // 20 batches of 50; the cluster parks after the first one (it would not end on its own).
    const path = `/${dbqCancelIndex}/_delete_by_query?scroll_size=50&requests_per_second=${PARKED_RATE}`;
    const text = `POST ${path}\n${JSON.stringify({ query: { match_all: {} } }, null, 2)}`;
    const dialog = await runInConsole(text);
    assert.equal(await textOf(dialog.getByTestId("confirm-requests")), text);
    await dialog.getByRole("button", { name: "Run", exact: true }).click();
    await waitForMidProgress(page);
    const results = page.getByTestId("console-results");
    const cancelled = page.waitForResponse(
      (r) => r.request().method() === "DELETE" && /\/api\/jobs\/[^/]+$/.test(r.url()),
    );
    await results.getByRole("button", { name: "Cancel", exact: true }).click();
    assert.deepEqual(await (await cancelled).json(), { cancelled: true });

    // The parked delete never ends by itself: the note is the cancel's doing.
    const note = page.getByTestId("task-cancelled");
    await note.waitFor({ timeout: 60_000 });
    const m =
      /^Cancelled: the task stopped after ([\d,]+) of 1,000 documents deleted; that much stays done\.$/.exec(
        await textOf(note),
      );
    assert.ok(m, await textOf(note));
    const deleted = Number(m[1]!.replace(/,/g, ""));
    assert.ok(deleted > 0 && deleted < DELETE_MATCHES, `deleted ${deleted}`);
    const result = page.getByTestId("console-result");
    assert.match(await textOf(result.getByTestId("task-summary")), / · cancelled$/);
    // What the console reports is what the cluster did: the rest is still there.
    assert.equal(await count(dbqCancelIndex), DELETE_MATCHES - deleted);
    const tasks = await t7.json<{ nodes: Record<string, { tasks: Record<string, unknown> }> }>({
      method: "GET",
      path: "/_tasks?actions=*/delete/byquery&detailed=true",
    });
    const running = Object.values(tasks.nodes ?? {}).flatMap((n) =>
      Object.values(n.tasks).filter((task) => JSON.stringify(task).includes(dbqCancelIndex)),
    );
    assert.deepEqual(running, [], "no delete task of this index runs on the cluster");
    // The Run button is back for the next request.
    assert.ok(
      await page
        .getByRole("toolbar", { name: "Console actions" })
        .getByRole("button", { name: "Run", exact: true })
        .isEnabled(),
    );
    await screenshot(page, "progress-delete-by-query-cancelled");
  });

  async function openExportDialog() {
    await page.goto("about:blank");
    await page.goto(`${app.url}#/c/${es8Id}/data/${exportIndex}`);
    await page
      .getByTestId("total-count")
      .filter({ hasText: new RegExp(`^${EXPORT_LABEL} documents$`) })
      .waitFor({ timeout: 20_000 });
    await page
      .getByRole("toolbar", { name: "Table actions" })
      .getByRole("button", { name: "Export…" })
      .click();
    const dialog = page.getByRole("dialog", { name: `Export ${exportIndex}` });
    await dialog.waitFor();
    await dialog.getByRole("radio", { name: /^CSV/ }).check();
    await dialog.getByText("Advanced", { exact: true }).click();
    await dialog
      .getByRole("spinbutton", { name: "Documents per request" })
      .fill(String(EXPORT_BATCH));
    await recordProgress(page);
    return dialog;
  }

  /** A batch of the export (its count search and the grid's searches pass the gate freely). */
  const exportBatch = (r: HeldRequest) =>
    r.method === "POST" &&
    r.path === "/_search" &&
    (r.json as { size?: unknown } | undefined)?.size === EXPORT_BATCH;

  const exportsDir = () => join(app.home, "exports");
  /** The files in the app's export folder (none before the first export made it). */
  const exportFiles = () => readdir(exportsDir()).catch((): string[] => []);

  it("exports 30,000 documents as CSV with rising progress; the file holds every document", async () => {
    const dialog = await openExportDialog();
    // A batch larger than a search may return is refused before anything starts, naming the field.
    const batch = dialog.getByRole("spinbutton", { name: "Documents per request" });
    await batch.fill("20000");
    await dialog.getByRole("button", { name: "Export", exact: true }).click();
    const refusal = dialog.getByRole("alert");
    await refusal.waitFor();
    assert.match(
      await textOf(refusal),
      /^Documents per request: "20000" is not a whole number from 1 to 10,000\./,
    );
    assert.equal(await dialog.getByRole("progressbar").count(), 0);
    assert.deepEqual(await exportFiles(), []);
    await batch.fill(String(EXPORT_BATCH));

    proxy.gate.hold(exportBatch);
    await dialog.getByRole("button", { name: "Export", exact: true }).click();
    await refusal.waitFor({ state: "detached" });
    await dialog.getByRole("progressbar", { name: `Exporting ${exportIndex}` }).waitFor();
    // One batch, then another: the page shows each count while the next batch waits at the gate.
    proxy.gate.allow(1);
    await waitForMidProgress(page);
    proxy.gate.allow(1);
    await waitForMidProgress(page, 2);
    await screenshot(page, "progress-export-running");
    proxy.gate.open();

    const done = dialog.getByTestId("export-done");
    await done.waitFor({ timeout: 60_000 });
    assertRose(await progressLog(page), EXPORT_DOCS);
    const m = new RegExp(`^Exported ${EXPORT_LABEL} of ${EXPORT_LABEL} documents to (.+)\\.$`).exec(
      await textOf(done),
    );
    assert.ok(m, await textOf(done));
    const file = m[1]!;
    assert.ok(file.startsWith(`${exportsDir()}/${exportIndex}-`) && file.endsWith(".csv"), file);

    const lines = (await readFile(file, "utf8")).split("\r\n");
    assert.equal(lines.pop(), "", "the file ends with a line break");
    const header = lines.shift()!.split(",");
    assert.ok(
      header.includes("_id") && header.includes("n") && header.includes("name"),
      header.join(),
    );
    assert.equal(lines.length, EXPORT_DOCS, "one row per document");
    const idAt = header.indexOf("_id");
    const nAt = header.indexOf("n");
    const ids = new Set<string>();
    for (const line of lines) {
      const cells = line.split(",");
      assert.equal(cells[idAt], `d-${cells[nAt]}`, line);
      ids.add(cells[idAt]!);
    }
    assert.equal(ids.size, EXPORT_DOCS, "every document once");
    await dialog.getByRole("button", { name: /^Download / }).waitFor();
    await screenshot(page, "progress-export-done");
  });

  it("cancels a running export (Cancel, or closing the dialog): it stops, says how far it got, leaves no file", async () => {
    const before = await exportFiles();
    const dialog = await openExportDialog();
    proxy.gate.hold(exportBatch);
    await dialog.getByRole("button", { name: "Export", exact: true }).click();
    // The first batch; the second waits at the gate until the export is cancelled.
    proxy.gate.allow(1);
    await waitForMidProgress(page);
    const cancelled = page.waitForResponse(
      (r) => r.request().method() === "DELETE" && /\/api\/jobs\/[^/]+$/.test(r.url()),
    );
    await dialog.getByRole("button", { name: "Cancel export" }).click();
    assert.deepEqual(await (await cancelled).json(), { cancelled: true });

    const note = dialog.getByTestId("export-cancelled");
    await note.waitFor({ timeout: 60_000 });
    const m = new RegExp(
      `^The export of ${exportIndex} was cancelled after ([\\d,]+) of ${EXPORT_LABEL} documents\\. The partial file was removed\\. Export again to get the whole file\\.$`,
    ).exec(await textOf(note));
    assert.ok(m, await textOf(note));
    const written = Number(m[1]!.replace(/,/g, ""));
    assert.ok(written > 0 && written < EXPORT_DOCS, `written ${written}`);
    assert.equal(await dialog.getByTestId("export-done").count(), 0);
    assert.equal(await dialog.getByRole("alert").count(), 0, "a cancel is not an error");
    assert.deepEqual(
      (await exportFiles()).sort(),
      before.sort(),
      "no partial file, checkpoint or file of the cancelled export",
    );
    assert.equal(await dialog.getByRole("progressbar").count(), 0, "no stale progress is left");
    await screenshot(page, "progress-export-cancelled");

    // The dialog is ready to export again; closing it while that export runs cancels it too.
    await recordProgress(page);
    proxy.gate.hold(exportBatch);
    await dialog.getByRole("button", { name: "Export", exact: true }).click();
    proxy.gate.allow(1);
    await waitForMidProgress(page);
    assert.ok(
      (await exportFiles()).some((f) => f.endsWith(".csv.partial")),
      "the export is writing its file",
    );
    const cancelledByClose = page.waitForResponse(
      (r) => r.request().method() === "DELETE" && /\/api\/jobs\/[^/]+$/.test(r.url()),
    );
    await dialog.getByRole("button", { name: "Close" }).click();
    await dialog.waitFor({ state: "detached" });
    assert.deepEqual(await (await cancelledByClose).json(), { cancelled: true });
    await until(
      async () => (await exportFiles()).sort().join() === before.sort().join(),
      "the closed export's partial file is removed",
    );

    // While the app starts the export, Export is disabled (a double click starts one export) and
    // a spinner says so; Escape then still cancels the export the app is starting.
    const again = await openExportDialog();
    // The export the app starts after the dialog closed must still be running to be cancelled.
    proxy.gate.hold(exportBatch);
    const exportCall = "**/api/connections/*/tables/*/export";
    let exportsStarted = 0;
    // The page's call that starts the export waits here until the dialog was closed.
    let letStart = () => {};
    const startHeld = new Promise<void>((resolve) => {
      letStart = resolve;
    });
    await page.route(exportCall, async (route) => {
      exportsStarted++;
      await startHeld;
      await route.continue();
    });
    try {
      const cancelledByEscape = page.waitForResponse(
        (r) => r.request().method() === "DELETE" && /\/api\/jobs\/[^/]+$/.test(r.url()),
      );
      const exportButton = again.getByRole("button", { name: "Export", exact: true });
      await exportButton.dblclick();
      await again.getByRole("status").filter({ hasText: "Starting the export…" }).waitFor();
      assert.equal(await exportButton.isDisabled(), true, "Export is disabled while it starts");
      await screenshot(page, "progress-export-starting");
      await page.keyboard.press("Escape");
      await again.waitFor({ state: "detached" });
      letStart();
      assert.deepEqual(await (await cancelledByEscape).json(), { cancelled: true });
      assert.equal(exportsStarted, 1, "one export for a double click");
    } finally {
      letStart();
      await page.unroute(exportCall);
    }
    await until(
      async () => (await exportFiles()).sort().join() === before.sort().join(),
      "the export closed while starting leaves no file",
    );
  });
});
