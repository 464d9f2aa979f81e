/**
 * `quarry template …` on 7.17, 8.x and 9.x: a component template and an index template composed
 * of it created, each checked by the cluster's `_simulate` first with the resulting index printed,
 * then applied to a new index; a draft the cluster refuses is refused with its reason and nothing
 * saved; an edit replaces; a component in use cannot be deleted (the cluster's reason); deleting
 * asks for the template's name.
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, describe, it } from "node:test";
import type { TemplateInfo, TemplateSimulation } from "../../src/core/cluster-admin.ts";
import type { EsSession } from "../../src/drivers/elasticsearch/session.ts";
import { cliRunner } from "../support/cli-runner.ts";
import { MAJORS, type MajorNode, node, sessionTo } from "../support/cluster.ts";
import { deleteIndices } from "../support/datasets.ts";
import { cliTargetFor } from "../support/quarry.ts";

const RUN = randomBytes(3).toString("hex");

const { home, quarry, ok, json } = cliRunner("template-cli");

const targetFor = (name: MajorNode) => cliTargetFor(home, name);

for (const name of MAJORS) {
  describe(`quarry template on ${name}`, () => {
    const component = `t-tplc-${RUN}-${name}`;
    const template = `t-tpl-${RUN}-${name}`;
    const pattern = `t-tpl-${RUN}-${name}-*`;
    const index = `t-tpl-${RUN}-${name}-1`;
    let s: EsSession;
    let conn: string;
    /** `quarry template create` of the index template on the pattern, with `more` arguments. */
    const createTemplate = (...more: string[]) => [
      ...["template", "create", conn, template, "--patterns", pattern],
      ...more,
    ];

    before(async () => {
      conn = await targetFor(name);
      s = sessionTo(node(name));
    });
    after(async () => {
      await deleteIndices(s.transport, index);
      await s.transport.request({ method: "DELETE", path: `/_index_template/${template}` });
      await s.transport.request({ method: "DELETE", path: `/_component_template/${component}` });
      await s.close();
    });

    it("creates a component template, simulated first", async () => {
      const body = JSON.stringify({ mappings: { properties: { sku: { type: "keyword" } } } });
      const r = await ok(["template", "component", "create", conn, component, "--template", body]);
      assert.match(r.err, new RegExp(`PUT /_component_template/${component}\\?create=true`));
      assert.match(r.err, /The cluster simulates a new index from it as:[\s\S]*"sku"/);
    });

    it("refuses a draft the cluster refuses, with its reason, and saves nothing", async () => {
      const bad = JSON.stringify({ mappings: { properties: { n: { type: "no-such-type" } } } });
      const r = await quarry(createTemplate("--template", bad));
      assert.equal(r.code, 2, r.err);
      assert.match(r.err, /refuses the template .*no-such-type/);
      const res = await s.transport.request({
        method: "GET",
        path: `/_index_template/${template}`,
      });
      assert.equal(res.status, 404);
    });

    it("creates an index template composed of it, and a new index gets both", async () => {
      const r = await json<{ simulation: TemplateSimulation }>(
        createTemplate(
          "--priority",
          "400",
          "--composed-of",
          component,
          "--template",
          JSON.stringify({ settings: { number_of_shards: 2, number_of_replicas: 0 } }),
        ),
      );
      const settings = r.simulation.result.settings as { index?: { number_of_shards?: string } };
      assert.equal(settings.index?.number_of_shards, "2");
      const sim = await json<TemplateSimulation>(["template", "simulate-index", conn, index]);
      assert.deepEqual(sim.result.mappings, { properties: { sku: { type: "keyword" } } });
      await s.transport.json({ method: "PUT", path: `/${index}` });
      const got = await s.transport.json<
        Record<string, { settings: { index: { number_of_shards: string } }; mappings: unknown }>
      >({ method: "GET", path: `/${index}` });
      assert.equal(got[index]?.settings.index.number_of_shards, "2");
      assert.deepEqual(got[index]?.mappings, { properties: { sku: { type: "keyword" } } });
      const { templates } = await json<{ templates: TemplateInfo[] }>(["template", "list", conn]);
      const mine = templates.find((t) => t.name === template);
      assert.deepEqual(
        {
          kind: mine?.kind,
          patterns: mine?.patterns,
          priority: mine?.priority,
          of: mine?.composedOf,
        },
        { kind: "table", patterns: [pattern], priority: 400, of: [component] },
      );
    });

    it("create refuses a name that exists; edit saves over it", async () => {
      const again = await quarry(createTemplate());
      assert.notEqual(again.code, 0, again.err);
      assert.match(again.err, /already exists/);
      await ok([
        "template",
        "edit",
        conn,
        template,
        "--patterns",
        pattern,
        "--priority",
        "401",
        "--composed-of",
        component,
      ]);
      const t = await json<TemplateInfo>(["template", "show", conn, template]);
      assert.equal(t.priority, 401);
    });

    it("deletes only with the name; a component in use is refused with the cluster's reason", async () => {
      const inUse = await quarry([
        "template",
        "component",
        "delete",
        conn,
        component,
        "--confirm",
        component,
      ]);
      assert.equal(inUse.code, 1, inUse.err);
      assert.match(inUse.err, /in use by index templates/);
      const bare = await quarry(["template", "delete", conn, template]);
      assert.equal(bare.code, 2, bare.err);
      const wrong = await quarry(["template", "delete", conn, template, "--confirm", component]);
      assert.equal(wrong.code, 2, wrong.err);
      await ok(["template", "delete", conn, template, "--confirm", template]);
      await ok(["template", "component", "delete", conn, component, "--confirm", component]);
      const { templates } = await json<{ templates: TemplateInfo[] }>(["template", "list", conn]);
      assert.deepEqual(
        templates.filter((t) => t.name === template || t.name === component),
        [],
      );
    });
  });
}
