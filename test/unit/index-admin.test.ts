/**
 * The index page's pure parts: each action planned as its one console request, classified by the
 * console's classifier, with the name to type for the dangerous ones; refusals of bad input; the
 * answers translated (GET /<index>, the nodes' modules, templates, ILM policies, snapshots, a
 * mapping as a tree); and the confirmation checks the surfaces share.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { samePlannedRequest, typedConfirms } from "../../src/core/table-details.ts";
import {
  aliasesOf,
  indexEntry,
  listOrAbsence,
  mappingTree,
  policyObjects,
  reindexAvailability,
  snapshotObjects,
  templateObjects,
} from "../../src/drivers/elasticsearch/table-admin/answers.ts";
import { createBody, planIndexAction } from "../../src/drivers/elasticsearch/table-admin/plans.ts";
import { detailsRecord } from "../../src/mcp/tools/index-details.ts";

describe("planning index actions", () => {
  test("each action is one request, classified by the console's classifier", () => {
    const cases = [
      [{ action: "open" }, "POST", "/logs/_open", "write", null],
      [{ action: "close" }, "POST", "/logs/_close", "destructive", "logs"],
      [{ action: "refresh" }, "POST", "/logs/_refresh", "write", null],
      [{ action: "flush" }, "POST", "/logs/_flush", "write", null],
      [{ action: "compact" }, "POST", "/logs/_forcemerge?max_num_segments=1", "write", null],
      [
        { action: "compact", maxSegments: 5 },
        "POST",
        "/logs/_forcemerge?max_num_segments=5",
        "write",
        null,
      ],
      [{ action: "clear-cache" }, "POST", "/logs/_cache/clear", "write", null],
      [{ action: "alias-add", alias: "current" }, "POST", "/_aliases", "write", null],
      [{ action: "alias-remove", alias: "current" }, "POST", "/_aliases", "write", null],
      [{ action: "copy", target: "logs-v2" }, "POST", "/_reindex", "destructive", "logs-v2"],
      [{ action: "delete" }, "DELETE", "/logs", "destructive", "logs"],
      [{ action: "create" }, "PUT", "/logs", "write", null],
    ] as const;
    for (const [extra, method, path, cls, confirm] of cases) {
      const plan = planIndexAction({ table: "logs", ...extra });
      assert.equal(plan.request.method, method, extra.action);
      assert.equal(plan.request.path, path, extra.action);
      assert.equal(plan.classification.class, cls, extra.action);
      assert.equal(plan.confirmName, confirm, extra.action);
      assert.ok(plan.summary.length > 5);
    }
  });

  test("aliases and reindex bodies", () => {
    assert.deepEqual(
      planIndexAction({ action: "alias-add", table: "a", alias: "b" }).request.body,
      {
        actions: [{ add: { index: "a", alias: "b" } }],
      },
    );
    assert.deepEqual(
      planIndexAction({ action: "alias-remove", table: "a", alias: "b" }).request.body,
      { actions: [{ remove: { index: "a", alias: "b" } }] },
    );
    assert.deepEqual(planIndexAction({ action: "copy", table: "a", target: "b" }).request.body, {
      source: { index: "a" },
      dest: { index: "b", op_type: "create" },
    });
  });

  test("names that are not one concrete index are refused", () => {
    for (const table of ["", "_all", "logs-*", "a,b", "-x", "Logs", "a/b"])
      assert.throws(
        () => planIndexAction({ action: "close", table }),
        { code: "invalid_input" },
        table,
      );
    assert.throws(() => planIndexAction({ action: "alias-add", table: "a", alias: "x*" }), {
      code: "invalid_input",
    });
    assert.throws(() => planIndexAction({ action: "copy", table: "a", target: "a" }), {
      message: /must differ/,
    });
    assert.throws(() => planIndexAction({ action: "compact", table: "a", maxSegments: 0 }), {
      message: /max_num_segments/,
    });
    assert.throws(() => planIndexAction({ action: "nope" as "open", table: "a" }), {
      message: /Unknown index action/,
    });
  });

  test("a new index from the form or from JSON", () => {
    assert.deepEqual(
      createBody({
        action: "create",
        table: "t",
        partitions: 2,
        replicas: 0,
        fields: [
          { name: "title", type: "text" },
          { name: " ", type: "keyword" },
        ],
      }),
      {
        settings: { number_of_shards: 2, number_of_replicas: 0 },
        mappings: { properties: { title: { type: "text" } } },
      },
    );
    assert.deepEqual(createBody({ action: "create", table: "t" }), {});
    const definition = { settings: { number_of_shards: 1 }, mappings: { dynamic: false } };
    assert.deepEqual(createBody({ action: "create", table: "t", definition }), definition);
    assert.throws(() => createBody({ action: "create", table: "t", definition: { query: {} } }), {
      message: /"query"/,
    });
    assert.throws(() => createBody({ action: "create", table: "t", partitions: 0 }), {
      message: /shards/,
    });
    assert.throws(
      () => createBody({ action: "create", table: "t", fields: [{ name: "a", type: "Bad Type" }] }),
      { message: /no valid type/ },
    );
    assert.throws(
      () =>
        createBody({
          action: "create",
          table: "t",
          fields: [
            { name: "a", type: "long" },
            { name: "a", type: "text" },
          ],
        }),
      { message: /twice/ },
    );
  });
});

describe("confirmations", () => {
  const plan = planIndexAction({ action: "close", table: "logs" });
  test("the confirmed request must be the plan's, method, path and body", () => {
    assert.equal(samePlannedRequest(plan.request, { method: "post", path: "/logs/_close" }), true);
    assert.equal(
      samePlannedRequest(plan.request, { method: "POST", path: "/other/_close" }),
      false,
    );
    assert.equal(
      samePlannedRequest(plan.request, { method: "POST", path: "/logs/_close", body: {} }),
      false,
    );
    assert.equal(samePlannedRequest(plan.request, null), false);
  });
  test("a dangerous action needs the exact name typed", () => {
    assert.equal(typedConfirms(plan, "logs"), true);
    assert.equal(typedConfirms(plan, "Logs"), false);
    assert.equal(typedConfirms(plan, undefined), false);
    assert.equal(
      typedConfirms(planIndexAction({ action: "refresh", table: "logs" }), undefined),
      true,
    );
  });
});

describe("answers", () => {
  test("GET /<index>: the index's entry (an alias names another key) and its aliases", () => {
    const body = { "logs-1": { aliases: { b: {}, a: { is_write_index: true } } } };
    assert.equal(indexEntry(body, "logs")?.name, "logs-1");
    assert.equal(indexEntry({ x: {}, y: {} }, "logs"), undefined);
    assert.deepEqual(aliasesOf(body["logs-1"]), [
      { name: "a", properties: { is_write_index: true } },
      { name: "b", properties: {} },
    ]);
  });

  test("reindex needs the module on every node", () => {
    const node = (name: string, ...modules: string[]) => ({
      name,
      modules: modules.map((m) => ({ name: m })),
    });
    assert.deepEqual(reindexAvailability({ nodes: { a: node("a", "reindex") } }), {
      available: true,
    });
    const none = reindexAvailability({ nodes: { a: node("a", "x-pack-core") } });
    assert.equal(none.available, false);
    assert.match(none.note ?? "", /no node of this cluster has the reindex module/);
    const some = reindexAvailability({ nodes: { a: node("a", "reindex"), b: node("b") } });
    assert.match(some.note ?? "", /b lack the reindex module/);
    assert.equal(reindexAvailability({}).available, false);
  });

  test("templates, composable and legacy, in one list by name", () => {
    const list = templateObjects(
      {
        index_templates: [
          {
            name: "z",
            index_template: { index_patterns: ["z-*"], priority: 5, composed_of: ["c"] },
          },
        ],
      },
      { a: { index_patterns: ["a-*"], order: 1 } },
      { component_templates: [{ name: "c", component_template: { version: 3 } }] },
    );
    assert.deepEqual(
      list.map((t) => [t.name, t.kind, t.summary]),
      [
        ["a", "legacy", "patterns a-* · order 1"],
        ["c", "component", "version 3"],
        ["z", "composable", "patterns z-* · priority 5 · composed of c"],
      ],
    );
  });

  test("policies and snapshots summarised", () => {
    const [p] = policyObjects({
      hot: {
        version: 2,
        policy: { phases: { hot: {}, delete: {} } },
        in_use_by: { indices: ["x"] },
      },
    });
    assert.equal(p?.summary, "phases hot, delete · version 2 · used by 1 index");
    const [s] = snapshotObjects("repo", {
      snapshots: [{ snapshot: "s1", state: "SUCCESS", indices: ["a", "b"] }],
    });
    assert.equal(s?.summary, "SUCCESS · 2 indices · repository repo");
  });

  test("a feature the cluster does not serve, or may not be read, is said so", () => {
    const absent = listOrAbsence(405, { error: "Incorrect HTTP method" }, "ILM policies", () => []);
    assert.deepEqual(absent, {
      available: false,
      note: "This cluster has no ILM policies (Incorrect HTTP method).",
      items: [],
    });
    // A cluster without the module lacks the feature, not only its objects.
    const noModule = listOrAbsence(400, { error: "no handler" }, "ILM policies", () => [], "ILM");
    assert.equal(noModule.note, "This cluster has no ILM (no handler).");
    assert.match(
      listOrAbsence(403, {}, "ILM policies", () => [], "ILM").note ?? "",
      /ILM policies/,
    );
    assert.match(listOrAbsence(403, {}, "ILM policies", () => []).note ?? "", /may not read/);
    assert.equal(listOrAbsence(200, {}, "x", () => []).available, true);
  });

  test("a mapping as a tree: objects, multi-fields, and 7.x typed mappings", () => {
    const props = {
      title: { type: "text", fields: { keyword: { type: "keyword" } } },
      customer: { properties: { city: { type: "keyword" } } },
    };
    const tree = [
      {
        name: "title",
        type: "text",
        children: [{ name: "title.keyword", type: "keyword", children: [] }],
      },
      {
        name: "customer",
        type: "object",
        children: [{ name: "city", type: "keyword", children: [] }],
      },
    ];
    assert.deepEqual(mappingTree({ properties: props }), tree);
    assert.deepEqual(mappingTree({ _doc: { properties: props } }), tree);
    assert.deepEqual(mappingTree(undefined), []);
  });

  test("the MCP tool's record of the details", () => {
    const r = detailsRecord({
      name: "logs",
      state: "open",
      health: "green",
      stats: null,
      settings: {},
      schema: {},
      fields: [],
      aliases: [],
      partitions: [
        {
          table: "logs",
          partition: 0,
          primary: true,
          state: "STARTED",
          docs: 1,
          sizeBytes: 10,
          node: "n",
          unassignedReason: null,
        },
      ],
      copy: { available: false, note: "Reindex is not available." },
      notes: [],
    });
    assert.deepEqual(r.shards.rows, [[0, true, "STARTED", 1, 10, "n", null]]);
    assert.equal(r.reindex_available, false);
    assert.deepEqual(r.notes, ["Reindex is not available."]);
  });
});
