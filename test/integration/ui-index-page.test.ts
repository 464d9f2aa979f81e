/**
 * The index page in a real browser on 7.17, 8.x and 9.x: creating an index shows the exact request
 * and creates nothing before Send; the page's sections (overview, settings, mapping tree and JSON,
 * aliases, shards); an alias added and an index closed and opened again, each checked on the
 * cluster; deletion from the sidebar's index page only once the index's name is typed; templates
 * and ILM policies in the administration's Templates tab.
 */
import assert from "node:assert/strict";
import { after, before, it } from "node:test";
import type { EsSession } from "../../src/drivers/elasticsearch/session.ts";
import { node, sessionTo } from "../support/cluster.ts";
import { deleteIndices } from "../support/datasets.ts";
import { describeOnMajors } from "../support/majors.ts";
import { addNodeConnection, appWithBrowser, screenshot, uiIndex } from "../support/ui.ts";

const { app, page } = appWithBrowser();

async function open(hash: string): Promise<void> {
  await page.goto("about:blank");
  await page.goto(`${app.url}${hash}`);
}

describeOnMajors(
  (name) => `UI: the index page on ${name}`,
  (name) => {
    const index = uiIndex(`idxpage-${name}`);
    const alias = `${index}-alias`;
    const copy = `${index}-copy`;
    let s: EsSession;
    let id: string;
    const status = async () =>
      (
        await s.transport.json<{ status: string }[]>({
          method: "GET",
          path: `/_cat/indices/${index}`,
          query: { format: "json", h: "status", expand_wildcards: "all" },
        })
      )[0]?.status;
    const head = async (path: string) =>
      (await s.transport.request({ method: "HEAD", path })).status;

    before(async () => {
      s = sessionTo(node(name));
      await deleteIndices(s.transport, index, copy);
      id = await addNodeConnection(app, name, `conn-${name}`);
    });
    after(async () => {
      await deleteIndices(s.transport, index, copy);
      await s.close();
    });

    it("Create index shows the request, creates nothing until Send, then opens the new index", async () => {
      await open(`#/c/${id}/data`);
      await page.getByRole("button", { name: "+ Create index" }).click();
      const form = page.getByTestId("create-index");
      await form.getByLabel("Index name").fill(index);
      await form.getByLabel("Primary shards").fill("1");
      await form.getByLabel("Replicas").fill("0");
      await form.getByLabel("Field 1 name").fill("title");
      await form.getByLabel("Field 1 type").fill("text");
      await form.getByRole("button", { name: "Review request…" }).click();
      const dialog = page.getByRole("dialog", { name: "Create index" });
      const request = dialog.getByTestId("action-request");
      await request.waitFor();
      const text = await request.innerText();
      assert.match(text, new RegExp(`^PUT /${index}\\n`));
      assert.match(text, /"title": \{\s*"type": "text"/);
      assert.equal(await head(`/${index}`), 404, "nothing is sent before Send");
      await dialog.getByRole("button", { name: "Send request" }).click();
      await page.getByTestId("index-page").waitFor();
      await page.getByTestId("index-state").getByText("open").waitFor();
      assert.equal(await head(`/${index}`), 200);
      const mapping = await s.transport.json<Record<string, { mappings: unknown }>>({
        method: "GET",
        path: `/${index}/_mapping`,
      });
      assert.deepEqual(mapping[index]?.mappings, { properties: { title: { type: "text" } } });
    });

    it("shows the overview, settings, mapping (tree and JSON) and shards", async () => {
      await s.transport.json({
        method: "POST",
        path: `/${index}/_doc?refresh=true`,
        body: { title: "one" },
      });
      await open(`#/c/${id}/index/${index}`);
      const stats = page.getByTestId("index-stats");
      await stats.waitFor();
      assert.match(await stats.innerText(), /Documents\s+1\n/);
      await page.getByRole("tab", { name: "Settings" }).click();
      await page.getByRole("tabpanel").getByText('"number_of_shards"').waitFor();
      await page.getByRole("tab", { name: "Mapping" }).click();
      const tree = page.getByTestId("mapping-tree");
      assert.match(await tree.innerText(), /title\s+text/);
      await page.getByRole("button", { name: "JSON", exact: true }).click();
      await page.getByRole("tabpanel").getByText('"properties"').waitFor();
      await page.getByRole("tab", { name: "Shards" }).click();
      const shards = page.getByTestId("index-shards");
      assert.match(await shards.innerText(), /0\s+primary\s+STARTED/);
      await screenshot(page, `index-page-${name}`);
    });

    it("adds an alias through its request; the cluster has it", async () => {
      await page.getByRole("tab", { name: "Aliases" }).click();
      await page.getByLabel("New alias").fill(alias);
      await page.getByRole("button", { name: "Add alias…" }).click();
      const dialog = page.getByRole("dialog", { name: "Add alias" });
      const request = dialog.getByTestId("action-request");
      await request.waitFor();
      assert.match(await request.innerText(), /^POST \/_aliases\n/);
      await dialog.getByRole("button", { name: "Send request" }).click();
      await page.getByTestId("action-outcome").getByText("done (HTTP 200)").waitFor();
      assert.equal(await head(`/_alias/${alias}`), 200);
      await page.getByTestId("index-aliases").getByText(alias).waitFor();
    });

    it("closes only once the index's name is typed; the cluster has it closed, then open", async () => {
      await page.getByRole("button", { name: "Close…" }).click();
      const dialog = page.getByRole("dialog", { name: "Close index" });
      const request = dialog.getByTestId("action-request");
      await request.waitFor();
      assert.equal((await request.innerText()).trim(), `POST /${index}/_close`);
      const send = dialog.getByRole("button", { name: "Send request" });
      const typed = dialog.getByLabel(`Type ${index} to confirm`);
      assert.equal(await send.isDisabled(), true);
      await typed.fill(`${index}-wrong`);
      assert.equal(await send.isDisabled(), true);
      assert.equal(await status(), "open");
      await typed.fill(index);
      await send.click();
      await page.getByTestId("index-state").getByText("closed").waitFor();
      assert.equal(await status(), "close");
      await page.getByRole("button", { name: "Open", exact: true }).click();
      const reopen = page.getByRole("dialog", { name: "Open index" });
      await reopen.getByTestId("action-request").waitFor();
      await reopen.getByRole("button", { name: "Send request" }).click();
      await page.getByTestId("index-state").getByText("open").waitFor();
      assert.equal(await status(), "open");
    });

    it("reindexes into a new index where the module exists, and says why not elsewhere", async () => {
      await page.getByRole("tab", { name: "Overview" }).click();
      const reindex = page.getByRole("button", { name: "Reindex…" });
      const overview = await page.getByTestId("index-stats").innerText();
      if (/Reindex\s+available/.test(overview)) {
        await reindex.click();
        const dialog = page.getByRole("dialog", { name: "Reindex into a new index" });
        await dialog.getByLabel("New index").fill(copy);
        await dialog.getByRole("button", { name: "Show request" }).click();
        const request = dialog.getByTestId("action-request");
        await request.getByText(copy).waitFor();
        assert.match(await request.innerText(), /^POST \/_reindex\n/);
        await dialog.getByLabel(`Type ${copy} to confirm`).fill(copy);
        await dialog.getByRole("button", { name: "Send request" }).click();
        await page
          .getByTestId("action-outcome")
          .getByText(/done \(HTTP 200\)/)
          .waitFor();
        await s.transport.json({ method: "POST", path: `/${copy}/_refresh` });
        const c = await s.transport.json<{ count: number }>({
          method: "GET",
          path: `/${copy}/_count`,
        });
        assert.equal(c.count, 1);
      } else {
        assert.match(overview, /Reindex is not available: .*reindex module/);
        assert.equal(await reindex.isDisabled(), true);
      }
    });

    it("deletes from the sidebar's index page only with the typed name", async () => {
      await open(`#/c/${id}/data`);
      const details = page.getByRole("button", { name: `Index page of ${index}`, exact: true });
      await details.focus();
      await page.keyboard.press("Enter");
      await page.getByTestId("index-page").waitFor();
      await page.getByRole("button", { name: "Delete…" }).click();
      const dialog = page.getByRole("dialog", { name: "Delete index" });
      const request = dialog.getByTestId("action-request");
      await request.waitFor();
      assert.equal((await request.innerText()).trim(), `DELETE /${index}`);
      await dialog.getByTestId("impact").waitFor();
      const send = dialog.getByRole("button", { name: "Send request" });
      assert.equal(await send.isDisabled(), true);
      await dialog.getByLabel(`Type ${index} to confirm`).fill(index);
      await screenshot(page, `index-delete-${name}`);
      await send.click();
      await page.getByText("Pick an index").waitFor();
      assert.equal(await head(`/${index}`), 404);
    });

    it("lists templates and ILM policies in Admin's Templates tab, an absent ILM said as such", async () => {
      await open(`#/c/${id}/data`);
      await page.getByRole("button", { name: "Admin", exact: true }).click();
      await page.getByRole("tab", { name: "Templates" }).click();
      const templates = page.getByTestId("admin-templates");
      await templates.getByRole("region", { name: "Index templates", exact: true }).waitFor();
      // The trimmed test nodes may lack ILM altogether: said as the feature's absence, never as
      // an empty list of policies.
      const ilm = templates.getByTestId("ilm-policies");
      await ilm.waitFor();
      if ((await ilm.evaluate((e) => e.tagName)) === "P")
        assert.match(await ilm.innerText(), /^(This cluster has no ILM \(|No ILM policies\.$)/);
    });
  },
);
