/**
 * Composable index templates on the Templates page, in a real browser on 8.x: one created from the
 * form (patterns, priority, mappings as JSON), "Check" showing the index the cluster's `_simulate`
 * makes of it, saved with its exact request, then an index matching its pattern made with its
 * mapping; edited; a template the cluster refuses (an unknown field type) showing the cluster's
 * reason and saving nothing; a component template created, which an index template composed of
 * it simulates with; deleted only once its name is typed. On 7.17, 8.x and 9.x the routes
 * the editor reads: a draft simulated, and the templates listed.
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, describe, it } from "node:test";
import type { Locator } from "playwright-core";
import { SECRET_HEADER } from "../../src/app/http/api/contract.ts";
import type {
  TemplateDraft,
  TemplateInfo,
  TemplateSimulation,
} from "../../src/core/cluster-admin.ts";
import type { EsSession } from "../../src/drivers/elasticsearch/session.ts";
import { node, sessionTo } from "../support/cluster.ts";
import { deleteIndices } from "../support/datasets.ts";
import { describeOnMajors } from "../support/majors.ts";
import { addNodeConnection, appWithBrowser, screenshot } from "../support/ui.ts";

const { app, page } = appWithBrowser();
const RUN = randomBytes(3).toString("hex");

async function open(hash: string): Promise<void> {
  await page.goto("about:blank");
  await page.goto(`${app.url}${hash}`);
}

/** A request to the UI's API, as the page sends it (with the run's secret). */
async function api<T>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${app.origin}/api${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { [SECRET_HEADER]: app.secret, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  assert.equal(res.status, 200, await res.clone().text());
  return (await res.json()) as T;
}

describeOnMajors(
  (name) => `UI API: templates listed and a draft simulated on ${name}`,
  (name) => {
    let id: string;
    before(async () => {
      id = await addNodeConnection(app, name, `tpl-api-${name}-${RUN}`);
    });

    it("simulates a draft into the index it would make, saving nothing", async () => {
      const draft: TemplateDraft = {
        kind: "table",
        name: `t-uitpl-api-${RUN}`,
        patterns: [`t-uitpl-api-${RUN}-*`],
        template: { mappings: { properties: { code: { type: "keyword" } } } },
        mode: "create",
      };
      const sim = await api<TemplateSimulation>(`/connections/${id}/admin/templates/simulate`, {
        draft,
      });
      assert.deepEqual(sim.result.mappings, { properties: { code: { type: "keyword" } } });
      const { templates } = await api<{ templates: TemplateInfo[] }>(
        `/connections/${id}/admin/templates`,
      );
      assert.ok(Array.isArray(templates));
      assert.equal(
        templates.some((t) => t.name === draft.name),
        false,
      );
    });
  },
);

describe("UI: composable templates on es8", () => {
  const tpl = `t-uitpl-${RUN}`;
  const refused = `t-uitpl-bad-${RUN}`;
  const component = `t-uitpl-comp-${RUN}`;
  const pattern = `t-uitpl-${RUN}-*`;
  const index = `t-uitpl-${RUN}-a`;
  let s: EsSession;
  let id: string;
  const status = async (path: string) =>
    (await s.transport.request({ method: "GET", path })).status;
  const item = () => page.getByTestId("templates-list").locator(`tr[data-template="${tpl}"]`);
  /** Replaces the text of a JSON editor of the dialog. */
  const write = async (dialog: Locator, label: string, text: string) => {
    await dialog.getByLabel(label).click();
    await page.keyboard.press("Control+a");
    await page.keyboard.insertText(text);
  };

  before(async () => {
    s = sessionTo(node("es8"));
    id = await addNodeConnection(app, "es8", `tpl-es8-${RUN}`);
  });
  after(async () => {
    await deleteIndices(s.transport, index);
    for (const t of [tpl, refused])
      await s.transport.request({ method: "DELETE", path: `/_index_template/${t}` });
    await s.transport.request({ method: "DELETE", path: `/_component_template/${component}` });
    await s.close();
  });

  it("creates a template checked with _simulate, and a new index gets its mapping", async () => {
    await open(`#/c/${id}/admin/templates`);
    await page.getByRole("button", { name: "New template…" }).click();
    const dialog = page.getByRole("dialog", { name: "New template" });
    await dialog.getByLabel("Template name").fill(tpl);
    await dialog.getByLabel("Index patterns").fill(pattern);
    await dialog.getByLabel("Priority").fill("500");
    await write(
      dialog,
      "Template mappings",
      '{ "properties": { "code": { "type": "keyword" }, "at": { "type": "date" } } }',
    );
    await dialog.getByRole("button", { name: "Check" }).click();
    const simulation = dialog.getByTestId("template-simulation");
    await simulation.getByText('"type": "keyword"').waitFor();
    await simulation.scrollIntoViewIfNeeded();
    await screenshot(page, "template-editor");
    assert.equal(await status(`/_index_template/${tpl}`), 404, "Check saves nothing");

    await dialog.getByRole("button", { name: "Show request" }).click();
    const request = dialog.getByTestId("admin-request");
    await request.waitFor();
    assert.match(
      await request.innerText(),
      new RegExp(`^PUT /_index_template/${tpl}\\?create=true\\n`),
    );
    await dialog.getByTestId("admin-simulation").waitFor();
    await dialog.getByRole("button", { name: "Send request" }).click();
    await dialog.getByTestId("admin-outcome").getByText("Done (HTTP 200).").waitFor();
    await dialog.getByRole("button", { name: "Done", exact: true }).click();
    await item().waitFor();

    await s.transport.json({ method: "PUT", path: `/${index}` });
    const mapping = await s.transport.json<
      Record<string, { mappings: { properties: Record<string, { type: string }> } }>
    >({ method: "GET", path: `/${index}/_mapping` });
    assert.equal(mapping[index]?.mappings.properties.code?.type, "keyword");
  });

  it("edits the template: its request replaces it", async () => {
    await item().getByRole("button", { name: "Edit…" }).click();
    const dialog = page.getByRole("dialog", { name: `Edit template ${tpl}` });
    assert.equal(await dialog.getByLabel("Index patterns").inputValue(), pattern);
    await dialog.getByLabel("Priority").fill("501");
    await dialog.getByRole("button", { name: "Show request" }).click();
    const request = dialog.getByTestId("admin-request");
    await request.waitFor();
    assert.match(await request.innerText(), new RegExp(`^PUT /_index_template/${tpl}\\n`));
    await dialog.getByRole("button", { name: "Send request" }).click();
    await dialog.getByTestId("admin-outcome").getByText("Done (HTTP 200).").waitFor();
    const got = await s.transport.json<{
      index_templates: { index_template: { priority: number } }[];
    }>({ method: "GET", path: `/_index_template/${tpl}` });
    assert.equal(got.index_templates[0]?.index_template.priority, 501);
    await dialog.getByRole("button", { name: "Done", exact: true }).click();
  });

  it("shows the cluster's reason for a template it refuses, and saves nothing", async () => {
    await page.getByRole("button", { name: "New template…" }).click();
    const dialog = page.getByRole("dialog", { name: "New template" });
    await dialog.getByLabel("Template name").fill(refused);
    await dialog.getByLabel("Index patterns").fill(`${refused}-*`);
    await write(
      dialog,
      "Template mappings",
      '{ "properties": { "x": { "type": "no_such_type" } } }',
    );
    await dialog.getByRole("button", { name: "Check" }).click();
    await dialog
      .getByRole("alert")
      .getByText(/no_such_type/)
      .waitFor();
    await dialog.getByRole("button", { name: "Show request" }).click();
    await dialog
      .getByRole("alert")
      .getByText(new RegExp(`The cluster refuses the template ${refused}: .*no_such_type`))
      .last()
      .waitFor();
    assert.equal(await dialog.getByTestId("admin-request").count(), 0);
    assert.equal(await dialog.getByRole("button", { name: "Send request" }).isDisabled(), true);
    await screenshot(page, "template-refused");
    assert.equal(await status(`/_index_template/${refused}`), 404);
    await dialog.getByRole("button", { name: "Cancel" }).click();
  });

  it("creates a component template, whose mapping an index template composed of it gets", async () => {
    await page.getByRole("button", { name: "New template…" }).click();
    const dialog = page.getByRole("dialog", { name: "New template" });
    await dialog.getByLabel("Kind").selectOption("component");
    assert.equal(await dialog.getByLabel("Index patterns").count(), 0, "a component has none");
    await dialog.getByLabel("Template name").fill(component);
    await write(dialog, "Template mappings", '{ "properties": { "shared": { "type": "long" } } }');
    await dialog.getByRole("button", { name: "Show request" }).click();
    const request = dialog.getByTestId("admin-request");
    await request.waitFor();
    assert.match(
      await request.innerText(),
      new RegExp(`^PUT /_component_template/${component}\\?create=true\\n`),
    );
    await dialog.getByRole("button", { name: "Send request" }).click();
    await dialog.getByTestId("admin-outcome").getByText("Done (HTTP 200).").waitFor();
    await dialog.getByRole("button", { name: "Done", exact: true }).click();

    const sim = await api<TemplateSimulation>(`/connections/${id}/admin/templates/simulate`, {
      draft: {
        kind: "table",
        name: `${component}-user`,
        patterns: [`${component}-user-*`],
        composedOf: [component],
        template: {},
        mode: "create",
      },
    });
    assert.deepEqual(sim.result.mappings, { properties: { shared: { type: "long" } } });
  });

  it("deletes the template only once its name is typed", async () => {
    await item().getByRole("button", { name: "Delete…" }).click();
    const dialog = page.getByRole("dialog", { name: `Delete template ${tpl}` });
    await dialog.getByTestId("admin-request").getByText(`DELETE /_index_template/${tpl}`).waitFor();
    const send = dialog.getByRole("button", { name: "Send request" });
    assert.equal(await send.isDisabled(), true);
    await dialog.getByLabel(`Type ${tpl} to confirm`).fill(tpl);
    await screenshot(page, "template-delete-typed");
    assert.equal(await status(`/_index_template/${tpl}`), 200, "nothing is sent before Send");
    await send.click();
    await dialog.getByTestId("admin-outcome").getByText("Done (HTTP 200).").waitFor();
    assert.equal(await status(`/_index_template/${tpl}`), 404);
    await dialog.getByRole("button", { name: "Done", exact: true }).click();
    await item().waitFor({ state: "detached" });
  });
});
