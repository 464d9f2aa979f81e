/** The one read/write classifier: every endpoint family, and the spelling tricks. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { RequestClass } from "../../src/core/console.ts";
import {
  classifiedOnce,
  classify,
  classifyRequest,
} from "../../src/drivers/elasticsearch/console/classify.ts";

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

  it("closing indices, deleting data streams", () => {
    expectClass("destructive", [
      ["POST", "/orders/_close"],
      ["POST", "/_all/_close"],
      ["POST", "/logs-*/_close?wait_for_active_shards=0"],
      ["DELETE", "/_data_stream/logs-app"],
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
      ["POST", "/_aliases", { actions: [{ add: { index: "orders", alias: "o" } }] }],
      ["DELETE", "/orders/_alias/o"],
      ["PUT", "/_index_template/t", { index_patterns: ["x-*"] }],
      ["PUT", "/_ilm/policy/p", { policy: {} }],
      ["PUT", "/_ingest/pipeline/p", { processors: [] }],
      ["PUT", "/_snapshot/repo/snap-1"], // taking a snapshot adds a backup
      ["POST", "/_snapshot/repo/_verify"],
      ["POST", "/orders/_ilm/remove"],
      ["POST", "/_tasks/abc:1/_cancel"],
      ["POST", "/_delete_by_query/abc:1/_rethrottle?requests_per_second=10"],
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

type Major = "7.17" | "8.x" | "9.x";
type Case = [Major[], string, string, unknown?];
const ALL: Major[] = ["7.17", "8.x", "9.x"];
const SINCE_8: Major[] = ["8.x", "9.x"];

/**
 * Every admin family, each request tagged with the majors that route it (the same path on each
 * unless a line says otherwise; 7.x also routes the `_xpack/...` spellings). A family that came
 * after 7.17 is tested on the majors that have it.
 */
const ADMIN_FAMILIES: Record<string, Case[]> = {
  "users and passwords": [
    [ALL, "PUT", "/_security/user/t-admin/_password", { password: "x" }],
    [ALL, "POST", "/_security/user/elastic/_password", { password: "x" }],
    [ALL, "POST", "/_security/user/_password", { password: "x" }],
    [["7.17"], "PUT", "/_xpack/security/user/t-admin/_password", { password: "x" }],
    [ALL, "PUT", "/_security/user/t-admin", { password: "x", roles: [] }],
    [ALL, "DELETE", "/_security/user/t-admin"],
    [ALL, "PUT", "/_security/user/t-admin/_disable"],
    [ALL, "POST", "/_security/user/t-admin/_enable"],
    [["7.17"], "DELETE", "/_xpack/security/user/t-admin"],
  ],
  roles: [
    [ALL, "PUT", "/_security/role/r", { cluster: ["all"] }],
    [ALL, "POST", "/_security/role/r"],
    [ALL, "DELETE", "/_security/role/r"],
    [SINCE_8, "POST", "/_security/role", { roles: {} }], // bulk put (8.15)
    [SINCE_8, "DELETE", "/_security/role", { names: ["r"] }],
    [ALL, "POST", "/_security/role/r/_clear_cache"],
    [["7.17"], "PUT", "/_xpack/security/role/r"],
  ],
  "role mappings": [
    [ALL, "PUT", "/_security/role_mapping/m", { roles: ["superuser"] }],
    [ALL, "DELETE", "/_security/role_mapping/m"],
    [["7.17"], "PUT", "/_xpack/security/role_mapping/m"],
  ],
  "API keys": [
    [ALL, "POST", "/_security/api_key", { name: "k" }],
    [ALL, "PUT", "/_security/api_key", { name: "k" }],
    [ALL, "DELETE", "/_security/api_key", { ids: ["a"] }],
    [ALL, "POST", "/_security/api_key/grant", { grant_type: "password" }],
    [SINCE_8, "PUT", "/_security/api_key/abc", { role_descriptors: {} }],
    [SINCE_8, "POST", "/_security/api_key/_bulk_update", { ids: ["a"] }],
    [SINCE_8, "POST", "/_security/cross_cluster/api_key", { name: "k" }],
    [["9.x"], "POST", "/_security/api_key/clone"],
    [ALL, "POST", "/_security/api_key/a,b/_clear_cache"],
    // Not a read route: 8.19 answers 405 (PUT would update the API key with id "_query").
    [SINCE_8, "POST", "/_security/api_key/_query"],
  ],
  "service tokens": [
    [ALL, "POST", "/_security/service/elastic/fleet-server/credential/token"],
    [ALL, "PUT", "/_security/service/elastic/fleet-server/credential/token/t1"],
    [ALL, "DELETE", "/_security/service/elastic/fleet-server/credential/token/t1"],
  ],
  privileges: [
    [ALL, "PUT", "/_security/privilege", { app: {} }],
    [ALL, "DELETE", "/_security/privilege/app/read"],
    [ALL, "POST", "/_security/privilege/app/_clear_cache"],
  ],
  "user profiles": [
    [SINCE_8, "POST", "/_security/profile/_activate", { grant_type: "password" }],
    [SINCE_8, "PUT", "/_security/profile/u_1/_data", { labels: {} }],
    [SINCE_8, "PUT", "/_security/profile/u_1/_disable"],
  ],
  enrollment: [
    [SINCE_8, "GET", "/_security/enroll/node"], // mints credentials on a GET
    [SINCE_8, "GET", "/_security/enroll/kibana"],
  ],
  "security settings": [[SINCE_8, "PUT", "/_security/settings", { security: {} }]],
  "tokens, OIDC, SAML, PKI": [
    [ALL, "POST", "/_security/oauth2/token", { grant_type: "client_credentials" }],
    [ALL, "DELETE", "/_security/oauth2/token", { token: "t" }],
    [ALL, "POST", "/_security/oidc/authenticate"],
    [ALL, "POST", "/_security/oidc/logout"],
    [ALL, "POST", "/_security/oidc/prepare"],
    [ALL, "POST", "/_security/saml/authenticate"],
    [ALL, "POST", "/_security/saml/invalidate"],
    [ALL, "POST", "/_security/saml/logout"],
    [ALL, "POST", "/_security/delegate_pki"],
    [ALL, "POST", "/_security/realm/native1/_clear_cache"],
    [["7.17"], "POST", "/_xpack/security/oauth2/token"],
  ],
  "cluster settings": [
    [
      ALL,
      "PUT",
      "/_cluster/settings",
      { persistent: { "cluster.routing.allocation.enable": "none" } },
    ],
    [ALL, "PUT", "/_cluster/settings?flat_settings=true", { transient: {} }],
  ],
  license: [
    [ALL, "PUT", "/_license", { licenses: [] }],
    [ALL, "POST", "/_license", { licenses: [] }],
    [ALL, "DELETE", "/_license"],
    [ALL, "POST", "/_license/start_trial?acknowledge=true"],
    [ALL, "POST", "/_license/start_basic"],
    [["7.17"], "PUT", "/_xpack/license", { licenses: [] }],
    [["7.17"], "POST", "/_xpack/license/start_trial?acknowledge=true"],
    [["7.17"], "POST", "/_xpack/license/start_basic"],
  ],
  "node shutdown": [
    [ALL, "PUT", "/_nodes/node-1/shutdown", { type: "restart", reason: "x" }],
    [ALL, "DELETE", "/_nodes/node-1/shutdown"],
  ],
  "secure settings reload": [
    [ALL, "POST", "/_nodes/reload_secure_settings", { secure_settings_password: "x" }],
    [ALL, "POST", "/_nodes/node-1,node-2/reload_secure_settings"],
  ],
  "repository metering": [[ALL, "DELETE", "/_nodes/node-1/_repositories_metering/3"]],
  "voting config exclusions": [
    [ALL, "POST", "/_cluster/voting_config_exclusions?node_names=node-1"],
    [ALL, "DELETE", "/_cluster/voting_config_exclusions"],
    [["7.17"], "POST", "/_cluster/voting_config_exclusions/node-1"],
  ],
  "desired nodes and balance": [
    [SINCE_8, "PUT", "/_internal/desired_nodes/h1/1", { nodes: [] }],
    [SINCE_8, "DELETE", "/_internal/desired_nodes"],
    [SINCE_8, "DELETE", "/_internal/desired_balance"],
  ],
  reroute: [
    [ALL, "POST", "/_cluster/reroute", { commands: [] }],
    [ALL, "POST", "/_cluster/reroute?dry_run=true&retry_failed=true"],
  ],
  "snapshot restore": [
    [ALL, "POST", "/_snapshot/repo/snap-1/_restore", { indices: "orders" }],
    [ALL, "POST", "/_snapshot/repo/snap-1/_restore?wait_for_completion=true"],
  ],
  "snapshot deletion (was destructive)": [
    [ALL, "DELETE", "/_snapshot/repo/snap-1"],
    [ALL, "DELETE", "/_snapshot/repo/snap-1,snap-2"],
    [ALL, "DELETE", "/_snapshot/repo/snap-*"],
    [ALL, "DELETE", "/_SNAPSHOT/repo/snap-1"],
  ],
  "snapshot repositories": [
    [ALL, "PUT", "/_snapshot/repo", { type: "fs", settings: { location: "/x" } }],
    [ALL, "POST", "/_snapshot/repo", { type: "fs" }],
    [ALL, "DELETE", "/_snapshot/repo"],
    [ALL, "POST", "/_snapshot/repo/_cleanup"],
  ],
  ILM: [
    [ALL, "DELETE", "/_ilm/policy/p"],
    [ALL, "POST", "/_ilm/stop"],
    [ALL, "POST", "/_ilm/start"],
    [ALL, "POST", "/_ilm/migrate_to_data_tiers?dry_run=true"],
  ],
  SLM: [
    [ALL, "DELETE", "/_slm/policy/nightly"],
    [ALL, "POST", "/_slm/stop"],
    [ALL, "POST", "/_slm/start"],
    [ALL, "POST", "/_slm/_execute_retention"],
  ],
  "ingest configuration deletion": [
    [ALL, "DELETE", "/_ingest/pipeline/p"],
    [ALL, "DELETE", "/_ingest/pipeline/p-*"],
    [SINCE_8, "DELETE", "/_ingest/geoip/database/db1"],
    [["9.x"], "DELETE", "/_ingest/ip_location/database/db1"],
  ],
  "template deletion": [
    [ALL, "DELETE", "/_index_template/t"],
    [ALL, "DELETE", "/_component_template/c"],
    [ALL, "DELETE", "/_template/t"],
  ],
  "feature reset and system migration": [
    [ALL, "POST", "/_features/_reset"],
    [ALL, "POST", "/_migration/system_features"],
  ],
  autoscaling: [
    [ALL, "PUT", "/_autoscaling/policy/p", { roles: [] }],
    [ALL, "DELETE", "/_autoscaling/policy/p"],
  ],
  "upgrade modes": [
    [ALL, "POST", "/_ml/set_upgrade_mode?enabled=true"],
    [["9.x"], "POST", "/_transform/set_upgrade_mode?enabled=true"],
  ],
  Watcher: [
    [ALL, "POST", "/_watcher/_stop"],
    [ALL, "POST", "/_watcher/_start"],
    [SINCE_8, "PUT", "/_watcher/settings", { "index.auto_expand_replicas": "0-4" }],
  ],
  "dangling indices": [
    [ALL, "POST", "/_dangling/abc?accept_data_loss=true"],
    [ALL, "DELETE", "/_dangling/abc?accept_data_loss=true"],
  ],
  "stored secrets": [
    [SINCE_8, "POST", "/_fleet/secret", { value: "s" }],
    [SINCE_8, "DELETE", "/_fleet/secret/id1"],
    [SINCE_8, "POST", "/_connector/_secret", { value: "s" }],
    [SINCE_8, "DELETE", "/_connector/_secret/id1"],
  ],
  "encryption reset": [[["9.x"], "POST", "/_encryption/_reset"]],
};

describe("classifier: admin", () => {
  for (const [family, cases] of Object.entries(ADMIN_FAMILIES)) {
    it(`${family}: on ${[...new Set(cases.flatMap((c) => c[0]))].join(", ")}`, () => {
      expectClass(
        "admin",
        cases.map(([, method, path, body]) => [method, path, body]),
      );
    });
  }

  it("every family that 7.17 has is tested on 7.17, and every family on 8.x and 9.x", () => {
    const after717 = new Set([
      "user profiles",
      "enrollment",
      "security settings",
      "desired nodes and balance",
      "stored secrets",
      "encryption reset",
    ]);
    for (const [family, cases] of Object.entries(ADMIN_FAMILIES)) {
      const majors = new Set(cases.flatMap((c) => c[0]));
      if (family !== "encryption reset") assert.ok(majors.has("8.x"), `${family} on 8.x`);
      assert.ok(majors.has("9.x"), `${family} on 9.x`);
      if (!after717.has(family)) assert.ok(majors.has("7.17"), `${family} on 7.17`);
    }
  });

  it("says what the request changes", () => {
    const why = (method: string, path: string) => classifyRequest({ method, path }).reason;
    assert.match(why("POST", "/_security/user/elastic/_password"), /password/);
    assert.match(why("PUT", "/_cluster/settings"), /cluster settings/);
    assert.match(why("DELETE", "/_snapshot/repo/snap-1"), /deletes the snapshot snap-1/);
    assert.match(why("POST", "/_snapshot/repo/s/_restore"), /restores a snapshot/);
    assert.match(why("POST", "/_license/start_trial"), /license/);
    assert.match(why("PUT", "/_nodes/n1/shutdown"), /shutdown/);
  });

  it("the POSTs under _security that only check or query stay reads (exactly as routed)", () => {
    expectClass("read", [
      ["POST", "/_security/user/_has_privileges", { cluster: ["all"] }],
      ["POST", "/_security/user/t-admin/_has_privileges", { cluster: ["all"] }],
      ["POST", "/_security/profile/_has_privileges", { uids: [] }],
      ["POST", "/_security/profile/_suggest", { name: "a" }],
      ["POST", "/_security/_query/api_key", { query: { match_all: {} } }],
      ["POST", "/_security/_query/user"],
      ["POST", "/_security/_query/role"],
      ["POST", "/_xpack/security/user/_has_privileges"],
      ["GET", "/_security/_authenticate"],
      ["GET", "/_security/user"],
      ["GET", "/_security/user/elastic"],
      ["GET", "/_security/api_key?owner=true"],
      ["GET", "/_security/_query/api_key"],
      ["GET", "/_security/privilege/_builtin"],
      ["GET", "/_security/service/elastic/fleet-server/credential"],
      ["HEAD", "/_security/enroll/node"],
      ["GET", "/_xpack/security/user"],
      ["GET", "/_cluster/settings?include_defaults=true"],
      ["GET", "/_license"],
      ["GET", "/_xpack/license"],
      ["GET", "/_license/trial_status"],
      ["GET", "/_nodes/node-1/shutdown"],
      ["GET", "/_snapshot/repo/snap-1"],
      ["GET", "/_snapshot/repo/snap-1/_status"],
      ["GET", "/_ilm/policy/p"],
      ["GET", "/_slm/status"],
      ["GET", "/_ingest/pipeline/p"],
      ["GET", "/_index_template/t"],
      ["POST", "/_cluster/allocation/explain"],
      ["POST", "/_ingest/pipeline/p/_simulate"],
    ]);
  });

  it("a read's spelling in another case, or another method, is not a read", () => {
    expectClass("admin", [
      ["POST", "/_security/user/_HAS_PRIVILEGES"],
      ["PUT", "/_security/user/_has_privileges"],
      ["DELETE", "/_security/_query/api_key"],
      ["POST", "/_security/_authenticate"], // only GET is routed; POST under _security is admin
      ["POST", "/_security/user/t-admin/_password/../_has_privileges"],
    ]);
  });

  it("unknown endpoints near admin ones stay writes, never reads", () => {
    expectClass("write", [
      ["POST", "/_cluster/something_new"],
      ["POST", "/_nodes/node-1/_frobnicate"],
      ["POST", "/_ilm/something_new"],
      ["POST", "/_slm/policy/nightly/_execute"],
      ["POST", "/_ingest/something_new"],
      ["POST", "/_xpack/something_new"],
      ["POST", "/_features/something_new"],
      ["POST", "/_snapshot/repo/snap-1/_mount"],
      ["PUT", "/_snapshot/repo/snap-1/_clone/snap-2", { indices: "*" }],
    ]);
  });

  it("encodings, dot segments and method overrides never downgrade an admin request", () => {
    expectClass("admin", [
      ["POST", "/%5Fsecurity/user/elastic/_password"],
      ["POST", "/%255Fsecurity/user/elastic/_password"],
      ["POST", "/_security%2Fuser%2Felastic%2F_password"],
      ["POST", "/_security/user/elastic/%5Fpassword"],
      ["POST", "/_Security/user/elastic/_password"],
      ["POST", "/orders/_search/..%2F..%2F_security/user/elastic/_password"],
      ["PUT", "/orders/_search/../../_cluster/settings"],
      ["PUT", "//_cluster//settings/"],
      ["POST", "/_search\\..\\_cluster\\reroute"],
      ["GET", "/_cluster/settings?_method=PUT"],
      ["GET", "/_security/user/elastic/_password?x-http-method-override=POST"],
      ["POST", "/_security/user/_has_privileges?_method=PUT"],
      ["HEAD", "/_license?method=DELETE"],
      ["POST", "/_xpack/security/user/_has_privileges/../elastic/_password"],
    ]);
  });

  it("admin outranks destructive when one reading is each", () => {
    // Read per segment: DELETE of the index expression; decoded whole: a snapshot deletion.
    const got = classifyRequest({ method: "DELETE", path: "/orders/..%2F_snapshot%2Frepo%2Fsnap" });
    assert.equal(got.class, "admin", got.reason);
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
    assert.equal(classify({ method: "POST", path: "/_security/user/elastic/_password" }), "admin");
  });
});

it("a request's class is kept with it only while its method, path and body stay the same", () => {
  const request: { method: string; path: string; body?: unknown } = {
    method: "POST",
    path: "/logs/_search",
    body: { query: { match_all: {} } },
  };
  assert.equal(classifiedOnce(request), "read");
  request.path = "/logs/_delete_by_query";
  assert.equal(classifiedOnce(request), "destructive");
  request.method = "GET";
  request.path = "/_cluster/settings";
  assert.equal(classifiedOnce(request), "read");
  request.method = "PUT";
  assert.equal(classifiedOnce(request), "admin");
});
