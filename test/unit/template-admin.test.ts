/**
 * Templates, pure (src/drivers/elasticsearch/admin/templates): a draft's body and simulation, the
 * save and delete plans, the listing, and the innermost reason of a refusal.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  deepestReason,
  templateInfos,
} from "../../src/drivers/elasticsearch/admin/templates/answers.ts";
import {
  planTemplateAction,
  simulationRequest,
} from "../../src/drivers/elasticsearch/admin/templates/plans.ts";

const draft = {
  kind: "table" as const,
  name: "logs",
  patterns: ["logs-*", " "],
  priority: 10,
  composedOf: ["base"],
  template: { settings: { number_of_shards: 1 } },
  mode: "create" as const,
};

test("an index template is saved with create=true unless replaced, and simulated as it is", () => {
  const plan = planTemplateAction({ action: "template-save", draft });
  assert.deepEqual(plan.requests, [
    {
      method: "PUT",
      path: "/_index_template/logs?create=true",
      body: {
        index_patterns: ["logs-*"],
        priority: 10,
        composed_of: ["base"],
        template: { settings: { number_of_shards: 1 } },
      },
    },
  ]);
  assert.equal(plan.confirmName, null);
  assert.equal(
    planTemplateAction({ action: "template-save", draft: { ...draft, mode: "replace" } })
      .requests[0]?.path,
    "/_index_template/logs",
  );
  assert.deepEqual(simulationRequest(draft).body, plan.requests[0]?.body);
  assert.throws(
    () => planTemplateAction({ action: "template-save", draft: { ...draft, patterns: [] } }),
    /names no index pattern/,
  );
});

test("a component is simulated inside a template of a pattern no index has", () => {
  const c = {
    kind: "component" as const,
    name: "base",
    template: { mappings: {} },
    mode: "create" as const,
  };
  assert.deepEqual(simulationRequest(c), {
    method: "POST",
    path: "/_index_template/_simulate",
    body: { index_patterns: ["quarry-simulated-base-*"], template: { mappings: {} } },
  });
  const del = planTemplateAction({ action: "template-delete", kind: "component", name: "base" });
  assert.deepEqual(del.requests, [{ method: "DELETE", path: "/_component_template/base" }]);
  assert.equal(del.confirmName, "base");
  assert.equal(del.classification.class, "admin");
});

test("the listing puts index templates first, each sorted; a refusal's innermost reason", () => {
  const infos = templateInfos(
    {
      index_templates: [
        { name: "b", index_template: { index_patterns: "b-*", priority: 1 } },
        { name: "a", index_template: { index_patterns: ["a-*"], composed_of: ["c"] } },
      ],
    },
    { component_templates: [{ name: "c", component_template: { template: { settings: {} } } }] },
  );
  assert.deepEqual(
    infos.map((t) => [t.kind, t.name, t.patterns, t.priority, t.composedOf]),
    [
      ["table", "a", ["a-*"], null, ["c"]],
      ["table", "b", ["b-*"], 1, []],
      ["component", "c", [], null, []],
    ],
  );
  assert.equal(
    deepestReason({
      error: {
        reason: "invalid",
        caused_by: { reason: "bad mapping", caused_by: { reason: "no type [x]" } },
      },
    }),
    "no type [x]",
  );
  assert.equal(deepestReason({ error: "plain" }), "plain");
});
