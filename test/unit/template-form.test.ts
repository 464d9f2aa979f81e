/**
 * The template editor's form and the draft it makes (web/src/admin/templates/template-form.ts): a saved template read back into the form, names split on commas, empty JSON
 * left out, and each fault named with a remedy before anything is sent.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { TemplateInfo } from "../../src/core/cluster-admin.ts";
import { draftOf, formOf } from "../../web/src/admin/templates/template-form.ts";

const saved: TemplateInfo = {
  kind: "table",
  name: "logs",
  patterns: ["logs-*", "app-*"],
  priority: 200,
  composedOf: ["base"],
  template: { mappings: { properties: { at: { type: "date" } } } },
  definition: {},
};

describe("template form", () => {
  it("reads a saved template back, and saves it as it was", () => {
    const form = formOf(saved);
    assert.equal(form.patterns, "logs-*, app-*");
    assert.equal(form.priority, "200");
    assert.equal(form.aliases, "{}");
    const { definition: _read, ...asSaved } = saved;
    assert.deepEqual(draftOf(form, "replace"), { draft: { ...asSaved, mode: "replace" } });
  });

  it("gives a component template no patterns, priority or components", () => {
    const form = { ...formOf(), kind: "component" as const, name: "base", patterns: "x-*" };
    assert.deepEqual(draftOf(form, "create"), {
      draft: { kind: "component", name: "base", template: {}, mode: "create" },
    });
  });

  it("names the faulty part: JSON that is not an object, a priority that is not a number", () => {
    const bad = (part: object) => draftOf({ ...formOf(saved), ...part }, "create");
    assert.match(JSON.stringify(bad({ mappings: "{ nope" })), /The mappings are not JSON/);
    assert.match(JSON.stringify(bad({ settings: "[1]" })), /The settings are not a JSON object/);
    assert.match(JSON.stringify(bad({ priority: "high" })), /"high\\" is not a whole number/);
  });
});
