// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${}` marks a template's places, not JavaScript.
/**
 * The console's completion engine on each major's compiled definitions (request-converter's
 * schema.json: 8.19.1 for 7.17 and 8.x, 9.5.0 for 9.x), the reference links, and the body
 * formatter the editor uses.
 */
import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import { ensureConsoleDefinitions } from "../../scripts/console-definitions.ts";
import {
  type ApiDefinitions,
  definitionsFor,
} from "../../src/drivers/elasticsearch/console/completion/definitions.ts";
import {
  completionAnswer,
  completionContext,
  type LiveNames,
} from "../../src/drivers/elasticsearch/console/completion/engine.ts";
import {
  referenceLink,
  versionedDocUrl,
} from "../../src/drivers/elasticsearch/console/completion/reference.ts";
import { shapeAt } from "../../src/drivers/elasticsearch/console/completion/shapes.ts";
import { allSnippets } from "../../src/drivers/elasticsearch/console/completion/snippets.ts";
import { formatBody, formatOneBody } from "../../web/src/console/editor/body-format.ts";

const VERSIONS = { 7: "7.17.29", 8: "8.19.3", 9: "9.5.0" } as const;
const LIVE: LiveNames = {
  names: [{ name: "sample-orders", kind: "index" }],
  fields: [{ name: "customer_name", type: "keyword" }],
};
const defs: Record<number, ApiDefinitions> = {};

before(async () => {
  ensureConsoleDefinitions();
  for (const m of [7, 8, 9]) defs[m] = await definitionsFor(m);
});

/** The answer at `|` in `text`. */
function at(major: 7 | 8 | 9, text: string) {
  const offset = text.indexOf("|");
  const ctx = completionContext(defs[major]!, VERSIONS[major], text.replace("|", ""), offset);
  return {
    ctx,
    answer: completionAnswer(ctx, LIVE),
    labels: completionAnswer(ctx, LIVE).items.map((i) => i.label),
  };
}

describe("completion engine on each major's definitions", () => {
  it("were compiled from the pinned packages", () => {
    assert.equal(defs[9]!.source, "@elastic/request-converter@9.5.0");
    assert.equal(defs[8]!.source, "@elastic/request-converter@8.19.1");
    assert.equal(defs[7]!.source, "@elastic/request-converter@8.19.1");
    assert.ok(defs[7]!.endpoints.length < defs[8]!.endpoints.length);
  });

  for (const major of [7, 8, 9] as const) {
    it(`${major}.x: methods, path segments with live names, params and their values`, () => {
      assert.deepEqual(at(major, "G|").labels, ["GET", "POST", "PUT", "DELETE", "HEAD", "PATCH"]);
      const sam = at(major, "GET /sam|");
      assert.deepEqual(sam.ctx.need, { kind: "names" });
      assert.ok(sam.labels.includes("sample-orders") && sam.labels.includes("_search"));
      assert.equal(sam.answer.from, 5);
      const cat = at(major, "GET /_cat/|").labels;
      for (const c of ["indices", "shards", "health", "aliases"]) assert.ok(cat.includes(c), c);
      assert.equal(cat.includes("circuit_breaker"), major === 9);
      const params = at(major, "GET /x/_search?tr|");
      assert.ok(params.labels.includes("track_total_hits") && params.labels.includes("pretty"));
      assert.deepEqual(at(major, "GET /x/_search?expand_wildcards=|").labels.sort(), [
        "all",
        "closed",
        "hidden",
        "none",
        "open",
      ]);
    });

    it(`${major}.x: fields in match, term, range, sort, aggs field and _source, with types`, () => {
      const body = "GET /sample-orders/_search\n{\n";
      for (const place of [
        '"query": { "match": { "|',
        '"query": { "term": { |',
        '"query": { "range": { "|',
        '"sort": [ { "|',
        '"aggs": { "by": { "terms": { "field": "|',
        '"_source": ["|',
      ]) {
        const r = at(major, body + place);
        assert.deepEqual(r.ctx.need, { kind: "fields", target: "sample-orders" }, place);
        const f = r.answer.items.find((i) => i.label === "customer_name");
        assert.equal(f?.detail, "keyword", place);
      }
      const match = at(major, `${body}"query": { "match": { "|`).answer.items[0]!;
      assert.equal(match.apply, 'customer_name": "${}"');
    });

    it(`${major}.x: typing on inside a closed quote stays valid for the answer (no new ask per key)`, () => {
      const text = `GET /x/_search\n{ "query": { "match": { "|"`;
      const { answer } = at(major, text);
      const opened = text.replace("|", "");
      assert.equal(opened.slice(answer.from, answer.to), '"');
      // The editor tests validFor on the text from `from` to `to` as the typing moves `to` on.
      const typed = `${opened.slice(0, answer.from)}cust${opened.slice(answer.from)}`;
      const valid = new RegExp(answer.validFor!);
      assert.ok(valid.test(typed.slice(answer.from, answer.to + 4)), answer.validFor);
      assert.ok(!valid.test('cust" }'), "a key already closed and followed is not this place");
    });

    it(`${major}.x: query DSL and aggregation keywords with their shapes; snippets at a body's start`, () => {
      const q = at(major, 'GET /x/_search\n{ "query": { "|').answer.items;
      for (const k of ["bool", "match", "range", "term", "exists"])
        assert.ok(
          q.some((i) => i.label === k),
          k,
        );
      assert.equal(q.find((i) => i.label === "bool")?.apply, 'bool": {${}}');
      const a = at(major, 'GET /x/_search\n{ "aggs": { "n": { "|').labels;
      for (const k of ["terms", "date_histogram", "avg", "aggs"]) assert.ok(a.includes(k), k);
      const op = at(major, 'GET /x/_search\n{ "query": { "match": { "f": { "operator": "|').labels;
      assert.deepEqual(op.sort(), ["and", "or"]);
      const snippets = at(major, "GET /x/_search\n|").answer.items;
      assert.ok(snippets.some((s) => s.kind === "snippet" && s.label === "terms aggregation"));
    });
  }

  it("an endpoint of 8.x and 9.x that 7.17 does not have: ES|QL's POST /_query", () => {
    assert.ok(at(9, "POST /_q|").labels.includes("_query"));
    assert.ok(at(8, "POST /_q|").labels.includes("_query"));
    assert.ok(!at(7, "POST /_q|").labels.includes("_query"));
    // And a body property added after 7.17: `knn` in a search.
    assert.ok(at(8, 'GET /x/_search\n{ "|').labels.includes("knn"));
    assert.ok(!at(7, 'GET /x/_search\n{ "|').labels.includes("knn"));
  });

  it("filters on the cluster's own minor: an 8.10 cluster has no ES|QL (8.11)", () => {
    const ctx = completionContext(defs[8]!, "8.10.4", "POST /_q", 8);
    assert.ok(!completionAnswer(ctx, {}).items.some((i) => i.label === "_query"));
  });

  it("every snippet's keys exist in the definitions of every major", () => {
    for (const major of [7, 8, 9]) {
      for (const { endpoint, body } of allSnippets()) {
        const e = defs[major]!.endpoints.find((x) => x.name === endpoint);
        assert.ok(e?.body, `${endpoint} on ${major}`);
        const keys = [...body.matchAll(/"([a-z_]+)":/g)].map((m) => m[1]!);
        for (const k of keys.slice(0, 1)) assert.ok(k in e.body, `${endpoint}.${k} on ${major}`);
      }
    }
    assert.ok(shapeAt(defs[9]!.types, "QueryContainer", ["bool", "must", "[]", "match"]));
  });
});

describe("reference links", () => {
  it("point at the cluster's version", () => {
    const guide =
      "https://www.elastic.co/guide/en/elasticsearch/reference/{branch}/search-search.html";
    assert.equal(
      versionedDocUrl(guide, "7.17.29"),
      "https://www.elastic.co/guide/en/elasticsearch/reference/7.17/search-search.html",
    );
    assert.equal(
      versionedDocUrl(guide, "8.19.3"),
      "https://www.elastic.co/guide/en/elasticsearch/reference/8.19/search-search.html",
    );
    assert.equal(
      versionedDocUrl(
        "https://www.elastic.co/guide/en/elasticsearch/reference/current/x.html",
        "8.15.0",
      ),
      "https://www.elastic.co/guide/en/elasticsearch/reference/8.15/x.html",
    );
    assert.equal(
      versionedDocUrl(
        "https://www.elastic.co/docs/api/doc/elasticsearch/operation/operation-search",
        "8.19.0",
      ),
      "https://www.elastic.co/docs/api/doc/elasticsearch/v8/operation/operation-search",
    );
    assert.equal(
      referenceLink(defs[9]!, "9.5.0", "get", "/sample-orders/_search?size=1")?.url,
      "https://www.elastic.co/docs/api/doc/elasticsearch/operation/operation-search",
    );
    assert.equal(referenceLink(defs[8]!, "8.19.0", "GET", "/_cat/indices")?.label, "cat.indices");
    assert.equal(referenceLink(defs[8]!, "8.19.0", "GET", "/a/_doc/1")?.label, "get");
  });
});

describe("body format", () => {
  it("lays out one body two spaces a level, comments, triple quotes and numbers kept", () => {
    assert.equal(
      formatBody(
        '{"query": {"match_all": {}}, // all\n"size": 12345678901234567890, "s": """a\nb"""}',
      ),
      '{\n  "query": {\n    "match_all": {}\n  }, // all\n  "size": 12345678901234567890,\n  "s": """a\nb"""\n}',
    );
    assert.equal(formatOneBody('{"index":{}}\n{"a":1}'), null);
  });
});
