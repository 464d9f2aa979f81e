/** The comparison's pure parts: field diffs, named values, sides, mappings, settings, clusters. */
import assert from "node:assert/strict";
import { test } from "node:test";
import { diffNamed, fieldDiff, parseSide, sameValue, shortText } from "../../src/core/compare.ts";
import { diffClusterProfiles } from "../../src/drivers/elasticsearch/compare/server-diff.ts";
import {
  chosenSettings,
  diffIndexProfiles,
  mappingFields,
} from "../../src/drivers/elasticsearch/compare/table-diff.ts";

test("fieldDiff: changed, added and removed fields by path, key order aside", () => {
  assert.deepEqual(fieldDiff({ a: 1, b: { c: 2, d: 3 } }, { b: { d: 3, c: 2 }, a: 1 }), []);
  assert.deepEqual(fieldDiff({ a: 1, b: { c: 2 }, x: [1, 2] }, { a: 2, b: { e: 1 }, x: [1, 3] }), [
    { path: "a", kind: "changed", left: 1, right: 2 },
    { path: "b.c", kind: "only_left", left: 2 },
    { path: "b.e", kind: "only_right", right: 1 },
    { path: "x[1]", kind: "changed", left: 2, right: 3 },
  ]);
  assert.deepEqual(fieldDiff({ x: [1] }, { x: [1, 2] }), [
    { path: "x", kind: "changed", left: [1], right: [1, 2] },
  ]);
});

test("sameValue and shortText", () => {
  assert.equal(sameValue({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] }), true);
  assert.equal(sameValue({ a: 1 }, { a: 1, b: undefined }), false);
  assert.equal(sameValue(null, {}), false);
  assert.equal(shortText("x".repeat(200), 10), `${"x".repeat(9)}…`);
  assert.equal(shortText({ a: 1 }), '{"a":1}');
});

test("diffNamed: one row per name on one side only or with another value", () => {
  assert.deepEqual(diffNamed("g", { a: 1, b: 2, c: { x: 1 } }, { b: 3, c: { x: 1 }, d: 4 }), [
    { group: "g", key: "a", kind: "only_left", left: "1" },
    { group: "g", key: "b", kind: "changed", left: "2", right: "3" },
    { group: "g", key: "d", kind: "only_right", right: "4" },
  ]);
});

test("parseSide: <conn>:<index>, a connection alone, URLs with ports", () => {
  assert.deepEqual(parseSide("prod:orders"), { conn: "prod", table: "orders" });
  assert.deepEqual(parseSide("prod"), { conn: "prod" });
  assert.deepEqual(parseSide("http://localhost:9200"), { conn: "http://localhost:9200" });
  assert.deepEqual(parseSide("http://localhost:9200:orders"), {
    conn: "http://localhost:9200",
    table: "orders",
  });
  assert.deepEqual(parseSide("https://es.example.com"), { conn: "https://es.example.com" });
  assert.equal(parseSide("prod:"), undefined);
  assert.equal(parseSide(":orders"), undefined);
  assert.equal(parseSide(""), undefined);
});

test("mappingFields: every field and sub-field by path, with its parameters", () => {
  const fields = mappingFields({
    dynamic: "strict",
    properties: {
      title: { type: "text", analyzer: "english", fields: { raw: { type: "keyword" } } },
      customer: { properties: { name: { type: "keyword", ignore_above: 256 } } },
    },
  });
  assert.deepEqual(fields, {
    title: "text analyzer=english",
    "title.raw": "keyword (sub-field)",
    customer: "object",
    "customer.name": "keyword ignore_above=256",
    "(mapping) dynamic": '"strict"',
  });
});

test("chosenSettings leaves out what every index has its own of", () => {
  assert.deepEqual(
    chosenSettings({
      "index.uuid": "u",
      "index.creation_date": "1",
      "index.version.created": "8",
      "index.provided_name": "x",
      "index.number_of_shards": "2",
      "index.refresh_interval": "5s",
      "index.analysis.analyzer.a.type": "custom",
    }),
    {
      "index.number_of_shards": "2",
      "index.refresh_interval": "5s",
      "index.analysis.analyzer.a.type": "custom",
    },
  );
});

const profile = (over: Record<string, unknown>, records = 3) => ({
  table: "t",
  exists: true,
  records,
  detail: {
    index: "t",
    mappings: { properties: { a: { type: "keyword" } } },
    settings: { "index.number_of_shards": "1", "index.uuid": "x" },
    aliases: {},
    ...over,
  },
});

test("diffIndexProfiles: mapping, settings, aliases and count; a missing side is one row", () => {
  const rows = diffIndexProfiles(
    profile({}),
    profile(
      {
        mappings: { properties: { a: { type: "text" }, b: { type: "long" } } },
        settings: { "index.number_of_shards": "2", "index.uuid": "y" },
        aliases: { al: {} },
      },
      4,
    ),
  );
  assert.deepEqual(
    rows.map((r) => `${r.group} ${r.kind} ${r.key}`),
    [
      "mapping changed a",
      "mapping only_right b",
      "settings changed index.number_of_shards",
      "aliases only_right al",
      "count changed documents",
    ],
  );
  assert.deepEqual(diffIndexProfiles(profile({}), { ...profile({}), exists: false, table: "u" }), [
    { group: "index", key: "u", kind: "only_left", left: "t" },
  ]);
});

test("diffClusterProfiles: version, indices on one side, counts, sizes a tenth apart, objects", () => {
  const detail = (over: Record<string, unknown>) => ({
    detail: {
      version: "8.19.0",
      nodes: { count: 1, versions: ["8.19.0"] },
      indices: { a: { health: "green", docs: 10, bytes: 1000 } },
      indexTemplates: {},
      componentTemplates: {},
      pipelines: { p: { processors: [] } },
      repositories: {},
      ...over,
    },
  });
  const rows = diffClusterProfiles(
    detail({}),
    detail({
      version: "9.1.0",
      nodes: { count: 1, versions: ["9.1.0"] },
      indices: {
        a: { health: "green", docs: 10, bytes: 1050 },
        b: { health: "yellow", docs: 1, bytes: 1 },
      },
      pipelines: {},
    }),
  );
  assert.deepEqual(
    rows.map((r) => `${r.group} ${r.kind} ${r.key}`),
    [
      "cluster changed node versions",
      "cluster changed version",
      "indices only_right b",
      "ingest pipelines only_left p",
    ],
  );
});
