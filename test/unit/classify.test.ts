/** The one read/write classifier: every endpoint family, and the spelling tricks. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { RequestClass } from "../../src/core/console.ts";
import { classify, classifyRequest } from "../../src/drivers/elasticsearch/classify.ts";

function expectClass(cls: RequestClass, cases: [string, string, unknown?][]): void {
  for (const [method, path, body] of cases) {
    const got = classifyRequest({ method, path, ...(body === undefined ? {} : { body }) });
    assert.equal(got.class, cls, `${method} ${path} should be ${cls} (${got.reason})`);
    assert.ok(got.reason.length > 0, "every answer has a reason");
  }
}

describe("classifier: reads", () => {
  it("GET and HEAD on anything", () => {
    expectClass("read", [
      ["GET", "/"],
      ["HEAD", "/"],
      ["GET", "/_cat/indices?format=json"],
      ["GET", "/orders/_search"],
      ["GET", "/orders/_search", { query: { match_all: {} } }],
      ["GET", "/orders/_doc/1"],
      ["HEAD", "/orders"],
      ["GET", "/_cluster/health"],
      ["GET", "/_tasks/abc:1"],
      ["GET", "/orders/_mapping"],
      ["get", "/orders/_count"],
      ["GET", "/orders/_delete_by_query"],
    ]);
  });

  it("POST to the read-only endpoints, with and without an index", () => {
    expectClass("read", [
      ["POST", "/_search"],
      ["POST", "/orders/_search"],
      ["POST", "/orders,logs-*/_search?size=0"],
      ["POST", "/_all/_search"],
      ["POST", "/orders/type/_search"], // 7.x typed path
      ["POST", "/orders/_search/template"],
      ["POST", "/_search/template"],
      ["POST", "/_search/scroll"],
      ["POST", "/_search/scroll/abc"],
      ["POST", "/_msearch", '{}\n{"query":{"match_all":{}}}\n'],
      ["POST", "/orders/_msearch/template"],
      ["POST", "/orders/_count"],
      ["POST", "/_count"],
      ["POST", "/_mget", { docs: [] }],
      ["POST", "/orders/_mget"],
      ["POST", "/orders/_field_caps?fields=*"],
      ["POST", "/orders/_validate/query?explain=true"],
      ["POST", "/orders/_explain/ORD-1"],
      ["POST", "/orders/_pit?keep_alive=1m"],
      ["DELETE", "/_pit", { id: "abc" }],
      ["DELETE", "/_search/scroll", { scroll_id: "x" }],
      ["DELETE", "/_search/scroll/abc"],
      ["POST", "/orders/_async_search"],
      ["POST", "/_async_search"],
      ["DELETE", "/_async_search/abc"],
      ["POST", "/orders/_termvectors/1"],
      ["POST", "/orders/_mtermvectors"],
      ["POST", "/_analyze", { text: "x" }],
      ["POST", "/orders/_search_shards"],
      ["POST", "/orders/_rank_eval"],
      ["POST", "/orders/_terms_enum"],
      ["POST", "/orders/_knn_search"],
      ["POST", "/_render/template"],
      ["POST", "/_render/template/my-template"],
      ["POST", "/orders/_eql/search"],
      ["POST", "/_query"],
      ["POST", "/orders/_mvt/location/1/2/3"],
      ["POST", "/orders/_graph/explore"],
      ["POST", "/_cluster/allocation/explain"],
      ["POST", "/_ingest/pipeline/_simulate"],
      ["POST", "/_ingest/pipeline/p1/_simulate"],
      ["POST", "/_index_template/_simulate_index/orders"],
      ["POST", "/_security/user/_has_privileges"],
      ["POST", "/_security/_query/api_key"],
      ["POST", "/_sql?format=txt"],
    ]);
  });
});

describe("classifier: destructive", () => {
  it("deleting indices, wildcards and _all", () => {
    expectClass("destructive", [
      ["DELETE", "/orders"],
      ["DELETE", "/orders/"],
      ["DELETE", "/orders,logs"],
      ["DELETE", "/logs-*"],
      ["DELETE", "/*"],
      ["DELETE", "/_all"],
      ["DELETE", "/_ALL"],
      ["DELETE", "/"],
      ["delete", "/orders"],
      ["DELETE", "/orders?ignore_unavailable=true"],
    ]);
    assert.match(classifyRequest({ method: "DELETE", path: "/orders" }).reason, /index orders/);
    assert.match(classifyRequest({ method: "DELETE", path: "/_all" }).reason, /every index/);
  });

  it("deleting or rewriting sets of documents", () => {
    expectClass("destructive", [
      ["POST", "/orders/_delete_by_query", { query: { match_all: {} } }],
      ["POST", "/orders/_delete_by_query?conflicts=proceed&wait_for_completion=false"],
      ["POST", "/_all/_delete_by_query"],
      ["POST", "/orders/type/_delete_by_query"],
      ["POST", "/orders/_update_by_query"],
      ["POST", "/_reindex", { source: { index: "a" }, dest: { index: "b" } }],
      ["PUT", "/orders/_DELETE_BY_QUERY"],
      ["POST", "/_bulk", '{"delete":{"_index":"orders","_id":"1"}}\n'],
      ["POST", "/orders/_bulk", [{ index: { _id: "1" } }, { a: 1 }, { delete: { _id: "2" } }]],
      ["POST", "/_bulk", '{"index":{"_id":"1"}}\n{"a":1}\n{"delete" : broken json\n'],
      ["POST", "/_aliases", { actions: [{ remove_index: { index: "orders" } }] }],
      ["POST", "/_aliases", JSON.stringify({ actions: [{ remove_index: { index: "orders" } }] })],
      ["DELETE", "/_transform/t1?delete_dest_index=true"],
    ]);
  });

  it("closing indices, deleting data streams and snapshots", () => {
    expectClass("destructive", [
      ["POST", "/orders/_close"],
      ["POST", "/_all/_close"],
      ["POST", "/logs-*/_close?wait_for_active_shards=0"],
      ["DELETE", "/_data_stream/logs-app"],
      ["DELETE", "/_snapshot/repo/snap-1"],
    ]);
  });
});

describe("classifier: writes", () => {
  it("document writes, settings, templates and cluster changes", () => {
    expectClass("write", [
      ["PUT", "/orders/_doc/1", { a: 1 }],
      ["POST", "/orders/_doc", { a: 1 }],
      ["PUT", "/orders/_create/1", { a: 1 }],
      ["POST", "/orders/_update/1", { doc: { a: 1 } }],
      ["DELETE", "/orders/_doc/1"],
      ["DELETE", "/orders/type/1"], // 7.x typed: one document
      ["POST", "/orders/type/1", { a: 1 }],
      ["PUT", "/orders"],
      ["PUT", "/orders/_mapping", { properties: {} }],
      ["PUT", "/orders/_settings", { index: { number_of_replicas: 1 } }],
      ["POST", "/orders/_open"],
      ["POST", "/orders/_refresh"],
      ["POST", "/orders/_forcemerge"],
      ["POST", "/_bulk", '{"index":{"_index":"orders","_id":"1"}}\n{"a":1}\n'],
      ["PUT", "/_cluster/settings", { persistent: {} }],
      ["POST", "/_aliases", { actions: [{ add: { index: "orders", alias: "o" } }] }],
      ["DELETE", "/orders/_alias/o"],
      ["DELETE", "/_index_template/t"],
      ["DELETE", "/_snapshot/repo"],
      ["POST", "/_tasks/abc:1/_cancel"],
      ["POST", "/_delete_by_query/abc:1/_rethrottle?requests_per_second=10"],
      ["POST", "/_security/api_key", { name: "k" }],
      ["POST", "/_scripts/painless/_execute", { script: { source: "1" } }],
      ["PUT", "/_search"],
      ["POST", "/_sql/whatever"],
    ]);
  });

  it("unknown endpoints and methods are writes", () => {
    expectClass("write", [
      ["POST", "/_something_new"],
      ["POST", "/orders/_frobnicate"],
      ["POST", "/orders"],
      ["PATCH", "/orders/_search"],
      ["OPTIONS", "/orders/_search"],
      ["TRACE", "/"],
      ["", "/orders/_search"],
      ["POST", "/orders/_Search"], // Elasticsearch routes endpoints case-sensitively
      ["POST", "/orders/_search/extra"],
      ["POST", "/orders/_explain"], // needs an id
      ["POST", "/_pit"], // needs an index
      ["POST", "/a/b/c/_search"], // not a route Elasticsearch has
    ]);
  });
});

describe("classifier: spelling tricks never downgrade a request", () => {
  it("percent-encoding, once or twice", () => {
    expectClass("destructive", [
      ["POST", "/orders/%5Fdelete_by_query"],
      ["POST", "/orders/%255Fdelete_by_query"],
      ["POST", "/orders%2F_delete_by_query"],
      ["DELETE", "/%2A"],
      ["DELETE", "/%5Fall"],
      ["POST", "/orders/_delete%5Fby%5Fquery"],
      ["POST", "/orders/_search%2F..%2F_delete_by_query"],
    ]);
  });

  it("dot segments, empty segments, trailing slashes, backslashes", () => {
    expectClass("destructive", [
      ["POST", "/orders/_search/../_delete_by_query"],
      ["POST", "/orders/_doc/../../orders/_delete_by_query"],
      ["POST", "//orders//_delete_by_query"],
      ["POST", "/orders/_delete_by_query/"],
      ["DELETE", "/orders/_doc/.."],
      ["DELETE", "/orders/type/.."],
      ["POST", "/orders/./_close"],
      ["POST", "/orders/_search\\..\\_delete_by_query"],
    ]);
  });

  it("method overrides in the query string", () => {
    expectClass("destructive", [
      ["GET", "/orders?_method=DELETE"],
      ["POST", "/orders?x-http-method-override=delete"],
      ["HEAD", "/orders?X-HTTP-Method-Override=DELETE"],
      ["GET", "/orders?method=DELETE"],
    ]);
    expectClass("write", [["GET", "/orders/_doc/1?_method=PUT"]]);
  });

  it("a read stays a read when nothing is odd", () => {
    expectClass("read", [
      ["POST", "/orders/_search?q=a%2Fb"],
      ["POST", "/my%2Dindex/_search"],
      ["POST", "/orders/_explain/id%20with%20spaces"],
    ]);
  });
});

describe("classify()", () => {
  it("returns only the class", () => {
    assert.equal(classify({ method: "DELETE", path: "/orders" }), "destructive");
    assert.equal(classify({ method: "POST", path: "/orders/_search" }), "read");
    assert.equal(classify({ method: "POST", path: "/orders/_doc" }), "write");
  });
});
