/**
 * What a copy creates on the target: the source cluster's own settings left out, and the
 * translations between majors that real 7.17, 8.19 and 9.x nodes were seen to need (8.x and 9.x
 * refuse `boost`, `_field_names.enabled`, `soft_deletes.enabled`, `mapper.dynamic`; 7.17 refuses
 * `index.mode` and `index.mapping.source.mode` and accepts `time_series_dimension`).
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { copyDefinition } from "../../src/drivers/elasticsearch/transfer/copy-definition.ts";

const source = {
  settings: {
    "index.creation_date": "1795551730883",
    "index.number_of_replicas": "1",
    "index.number_of_shards": "2",
    "index.provided_name": "orders",
    "index.routing.allocation.include._tier_preference": "data_content",
    "index.routing.allocation.require.box": "hot",
    "index.uuid": "ACX-k_RvTOmiH6xcrFnRfA",
    "index.version.created": "8537000",
    "index.history.uuid": "h",
    "index.blocks.write": "true",
    "index.lifecycle.name": "logs",
    "index.refresh_interval": "5s",
    "index.analysis.analyzer.folded.type": "custom",
    "index.analysis.analyzer.folded.tokenizer": "standard",
  },
  mappings: {
    dynamic: "strict",
    properties: {
      name: { type: "text", fields: { raw: { type: "keyword" } } },
      items: { type: "nested", properties: { sku: { type: "keyword" } } },
    },
  },
};

describe("copyDefinition: what belongs to the source cluster", () => {
  test("identity, dates, versions, placement, blocks and lifecycle are left out; the rest is kept", () => {
    const { body, blockers } = copyDefinition(source, 8, 8);
    assert.deepEqual(body.settings, {
      "index.number_of_replicas": "1",
      "index.number_of_shards": "2",
      "index.refresh_interval": "5s",
      "index.analysis.analyzer.folded.type": "custom",
      "index.analysis.analyzer.folded.tokenizer": "standard",
    });
    assert.deepEqual(body.mappings, source.mappings);
    assert.deepEqual(blockers, []);
  });

  test("what changes behaviour is said; bookkeeping is not", () => {
    const { notes } = copyDefinition(source, 8, 8);
    assert.ok(notes.some((n) => n.includes("index.blocks.write")));
    assert.ok(notes.some((n) => n.includes("index.lifecycle.name")));
    assert.ok(notes.some((n) => n.includes("index.routing.allocation.require.box")));
    assert.ok(
      !notes.some((n) => /uuid|creation_date|_tier_preference|version/.test(n)),
      notes.join("\n"),
    );
  });

  test("the source definition is not changed", () => {
    const before = JSON.stringify(source);
    copyDefinition(source, 7, 9);
    assert.equal(JSON.stringify(source), before);
  });
});

describe("copyDefinition: 7.17 to 8.x and 9.x", () => {
  const old = {
    settings: {
      "index.number_of_shards": "1",
      "index.soft_deletes.enabled": "false",
      "index.mapper.dynamic": "false",
    },
    mappings: {
      _field_names: { enabled: false },
      properties: {
        title: { type: "text", boost: 2 },
        where: { type: "geo_shape", tree: "quadtree", precision: "1m" },
        who: { properties: { name: { type: "keyword", boost: 1.5 } } },
      },
    },
  };

  for (const to of [8, 9]) {
    test(`settings and mapping parameters ${to}.x refuses are left out, each said (${to}.x)`, () => {
      const { body, notes, blockers } = copyDefinition(old, 7, to);
      assert.deepEqual(body.settings, { "index.number_of_shards": "1" });
      assert.deepEqual(body.mappings, {
        properties: {
          title: { type: "text" },
          where: { type: "geo_shape" },
          who: { properties: { name: { type: "keyword" } } },
        },
      });
      for (const said of [
        "index.soft_deletes.enabled",
        "index.mapper.dynamic",
        "_field_names",
        'title: "boost"',
        'where: "tree"',
        'who.name: "boost"',
      ])
        assert.ok(
          notes.some((n) => n.includes(said)),
          `${said} in ${notes.join("; ")}`,
        );
      assert.deepEqual(blockers, []);
    });
  }

  test("a 7.17 to 7.17 copy keeps them", () => {
    const { body } = copyDefinition(old, 7, 7);
    assert.deepEqual(body.mappings, old.mappings);
    assert.equal(body.settings["index.mapper.dynamic"], "false");
  });
});

describe("copyDefinition: 8.x and 9.x to 7.17", () => {
  test("settings 7.17 lacks are left out; the standard index mode goes silently", () => {
    const { body, notes, blockers } = copyDefinition(
      {
        settings: {
          "index.number_of_shards": "1",
          "index.mode": "standard",
          "index.mapping.source.mode": "stored",
          "index.mapping.total_fields.ignore_dynamic_beyond_limit": "true",
        },
        mappings: {},
      },
      9,
      7,
    );
    assert.deepEqual(body.settings, { "index.number_of_shards": "1" });
    assert.ok(notes.some((n) => n.includes("index.mapping.source.mode")));
    assert.ok(!notes.some((n) => n.includes("index.mode")));
    assert.deepEqual(blockers, []);
  });

  test("a time series or logs index cannot go to 7.17: a blocker, not a silent change", () => {
    const { blockers } = copyDefinition(
      {
        settings: { "index.mode": "time_series", "index.routing_path": "host" },
        mappings: {},
      },
      8,
      7,
    );
    assert.deepEqual(blockers, ['the index mode "time_series" does not exist in 7.x']);
  });

  test("field types 7.17 lacks are blockers naming the field; newer vector parameters are left out", () => {
    const { body, notes, blockers } = copyDefinition(
      {
        settings: {},
        mappings: {
          _source: { mode: "synthetic" },
          properties: {
            body: { type: "semantic_text" },
            v: { type: "dense_vector", dims: 3, index: true, similarity: "cosine" },
            host: { type: "keyword", time_series_dimension: true },
          },
        },
      },
      8,
      7,
    );
    assert.deepEqual(blockers, ['body: the field type "semantic_text" does not exist in 7.x']);
    assert.deepEqual(body.mappings, {
      properties: {
        body: { type: "semantic_text" },
        v: { type: "dense_vector", dims: 3 },
        host: { type: "keyword", time_series_dimension: true },
      },
    });
    assert.ok(notes.some((n) => n.includes('v: "similarity"')));
    assert.ok(notes.some((n) => n.includes("_source.mode")));
  });

  test("subobjects: false cannot go to 7.17", () => {
    const { blockers } = copyDefinition(
      { settings: {}, mappings: { subobjects: false, properties: {} } },
      8,
      7,
    );
    assert.equal(blockers.length, 1);
    assert.match(blockers[0] ?? "", /subobjects/);
  });
});
