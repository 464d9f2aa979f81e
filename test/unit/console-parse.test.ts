/** The console's pure parts: Kibana text, request checks, answer classification, curl. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { consoleText } from "../../src/core/console.ts";
import { classifyAnswer, tableAnswer } from "../../src/drivers/elasticsearch/console/answers.ts";
import { toCurl } from "../../src/drivers/elasticsearch/console/curl.ts";
import { parseConsoleText } from "../../src/drivers/elasticsearch/console/parse.ts";
import { prepareRequest } from "../../src/drivers/elasticsearch/console/request.ts";
import type { EsConnectionConfig } from "../../src/drivers/elasticsearch/wire/config.ts";
import { refusal } from "../support/refusal.ts";

describe("Kibana Dev Tools text", () => {
  it("several requests in order, with bodies, comments and blank lines", () => {
    const text = [
      "# list the indices",
      "GET /_cat/indices?format=json",
      "",
      "// a search",
      "GET orders/_search",
      "{",
      '  "query": { "term": { "status": "paid" } },',
      "  // a comment inside the body",
      '  "size": 5',
      "}",
      "",
      "POST /_bulk",
      '{"index":{"_index":"t","_id":"1"}}',
      '{"a":1}',
      "",
      "DELETE /t",
    ].join("\n");
    const blocks = parseConsoleText(text);
    assert.equal(blocks.length, 4);
    assert.deepEqual(
      blocks.map((b) => [b.request?.method, b.request?.path]),
      [
        ["GET", "/_cat/indices?format=json"],
        ["GET", "/orders/_search"],
        ["POST", "/_bulk"],
        ["DELETE", "/t"],
      ],
    );
    assert.deepEqual(blocks[1]?.request?.body, { query: { term: { status: "paid" } }, size: 5 });
    assert.equal(blocks[2]?.request?.body, '{"index":{"_index":"t","_id":"1"}}\n{"a":1}\n');
    assert.equal(blocks[3]?.request?.body, undefined);
    assert.deepEqual(
      blocks.map((b) => [b.startLine, b.endLine]),
      [
        [1, 1],
        [4, 9],
        [11, 13],
        [15, 15],
      ],
    );
  });

  it("lower-case methods, and triple-quoted strings become JSON strings", () => {
    const [b] = parseConsoleText('post /logs/_doc\n{"message": """line one\n"quoted" line two"""}');
    assert.equal(b?.request?.method, "POST");
    assert.deepEqual(b?.request?.body, { message: 'line one\n"quoted" line two' });
  });

  it("a request line inside a triple-quoted string does not start a request", () => {
    const blocks = parseConsoleText('POST /x/_doc\n{"t": """\nGET /not-a-request\n"""}\nGET /y');
    assert.equal(blocks.length, 2);
    assert.deepEqual(blocks[0]?.request?.body, { t: "\nGET /not-a-request\n" });
  });

  it("a bad body is an error naming its line; the other requests still parse", () => {
    const blocks = parseConsoleText('GET /a/_search\n{\n  "query": {,\n}\nGET /b/_count');
    assert.equal(blocks.length, 2);
    assert.equal(blocks[0]?.request, undefined);
    // One position, in the editor's lines: the stray comma is on line 3, column 13.
    assert.equal(
      blocks[0]?.error?.message,
      "The body of GET /a/_search is not valid JSON (line 3 column 13): Expected property name or '}'",
    );
    assert.equal(blocks[0]?.error?.line, 2);
    assert.equal(blocks[1]?.request?.path, "/b/_count");
  });

  it("a bad body on the line below the request names that line, not the body's first", () => {
    const [b] = parseConsoleText('GET /a\n\n{"a": 1,,}');
    assert.equal(
      b?.error?.message,
      "The body of GET /a is not valid JSON (line 3 column 9): Expected double-quoted property name",
    );
    assert.equal(b?.error?.line, 2);
  });

  it("a bad NDJSON line names the line", () => {
    const [b] = parseConsoleText('POST /_bulk\n{"index":{}}\n  {not json}\n');
    assert.equal(
      b?.error?.message,
      "The body of POST /_bulk is not valid NDJSON (line 3 column 4): Expected property name or '}'",
    );
    assert.equal(b?.error?.line, 2);
  });

  it("text that is not a request, a method without a path, text after the path", () => {
    const blocks = parseConsoleText("hello\nGET\nGET /a extra");
    assert.equal(blocks.length, 3);
    assert.match(blocks[0]?.error?.message ?? "", /Line 1 is not a request/);
    assert.match(blocks[1]?.error?.message ?? "", /GET has no path/);
    assert.match(blocks[2]?.error?.message ?? "", /Unexpected text after the path/);
  });

  it("an empty text has no requests", () => {
    assert.deepEqual(parseConsoleText("\n  \n# only a comment\n"), []);
  });
});

describe("checking a request before it leaves", () => {
  it("refuses paths that would leave the connection's host", () => {
    for (const path of [
      "http://evil.example/_search",
      "https://evil.example:9200/",
      "//evil.example/_search",
      "\\\\evil.example\\x",
      "/\\evil.example/x",
      "HTTP://EVIL/",
      "file:///etc/passwd",
    ]) {
      const e = refusal(() => prepareRequest({ method: "GET", path }));
      assert.equal(e.code, "console_refused", path);
      assert.match(e.message, /not a path on this cluster/);
    }
  });

  it("refuses the _sql endpoint however it is spelled", () => {
    for (const path of [
      "/_sql",
      "/_sql?format=txt",
      "/_sql/translate",
      "/_SQL",
      "/%5Fsql",
      "/_xpack/sql",
      "_sql",
      "/_sql/",
      "/x/../_sql",
    ]) {
      const e = refusal(() =>
        prepareRequest({ method: "POST", path, body: { query: "SELECT 1" } }),
      );
      assert.equal(e.code, "console_refused", path);
      assert.match(e.message, /_sql endpoint.*Quarry browses with the query DSL/);
    }
  });

  it("refuses unknown methods, spaces and control characters, '#', a body on HEAD", () => {
    assert.equal(
      refusal(() => prepareRequest({ method: "PATCH", path: "/" })).code,
      "invalid_input",
    );
    assert.equal(
      refusal(() => prepareRequest({ method: "GET", path: "/a b" })).code,
      "invalid_input",
    );
    assert.equal(
      refusal(() => prepareRequest({ method: "GET", path: "/a\r\nHost: evil" })).code,
      "invalid_input",
    );
    assert.equal(
      refusal(() => prepareRequest({ method: "GET", path: "/a#b" })).code,
      "invalid_input",
    );
    assert.equal(
      refusal(() => prepareRequest({ method: "HEAD", path: "/a", body: { x: 1 } })).code,
      "invalid_input",
    );
  });

  it("keeps a GET's body as a GET, and serializes JSON and NDJSON bodies", () => {
    const get = prepareRequest({ method: "get", path: "orders/_search", body: { size: 1 } });
    assert.equal(get.method, "GET");
    assert.equal(get.path, "/orders/_search");
    assert.equal(get.body, '{"size":1}');
    assert.equal(get.contentType, "application/json");
    const bulk = prepareRequest({ method: "POST", path: "/_bulk", body: '{"index":{}}\n{"a":1}' });
    assert.equal(bulk.body, '{"index":{}}\n{"a":1}\n');
    assert.equal(bulk.contentType, "application/x-ndjson");
    const arr = prepareRequest({ method: "POST", path: "/_msearch", body: [{}, { query: {} }] });
    assert.equal(arr.body, '{}\n{"query":{}}\n');
    assert.equal(prepareRequest({ method: "GET", path: "" }).path, "/");
  });
});

describe("classifying answers", () => {
  const hits = { took: 1, hits: { total: { value: 1 }, hits: [{ _index: "a", _id: "1" }] } };

  it("a search response is a grid", () => {
    assert.equal(classifyAnswer("POST", 200, hits), "search");
    assert.equal(classifyAnswer("GET", 200, { hits: { hits: [] } }), "search");
  });

  it("an aggregations-only search is JSON", () => {
    const r = classifyAnswer("GET", 200, { hits: { hits: [] }, aggregations: { a: {} } });
    assert.ok(r !== "search" && r.kind === "json");
  });

  it("an array is a table with one column per key, in order of appearance", () => {
    const r = tableAnswer(200, [
      { index: "a", health: "green" },
      { index: "b", status: "open" },
    ]);
    assert.ok(r.kind === "table");
    assert.deepEqual(r.headers, ["index", "health", "status"]);
    assert.deepEqual(r.rows, [
      ["a", "green", null],
      ["b", null, "open"],
    ]);
    const scalars = tableAnswer(200, [1, "x"]);
    assert.ok(scalars.kind === "table");
    assert.deepEqual(scalars.headers, ["value"]);
    assert.deepEqual(scalars.rows, [[1], ["x"]]);
  });

  it("anything else is JSON; errors carry status, type and reason", () => {
    const json = classifyAnswer("GET", 200, { acknowledged: true });
    assert.ok(json !== "search" && json.kind === "json");
    const err = classifyAnswer("GET", 404, {
      error: { type: "index_not_found_exception", reason: "no such index [x]" },
      status: 404,
    });
    assert.ok(err !== "search" && err.kind === "error");
    assert.equal(err.type, "index_not_found_exception");
    assert.equal(err.reason, "no such index [x]");
    const missing = classifyAnswer("GET", 404, { _index: "a", _id: "9", found: false });
    assert.ok(missing !== "search" && missing.kind === "error");
    assert.equal(missing.type, "not_found");
  });

  it("HEAD answers say whether the thing exists", () => {
    const r = classifyAnswer("HEAD", 404, "");
    assert.ok(r !== "search" && r.kind === "json");
    assert.deepEqual(r.raw, { status: 404, exists: false });
  });
});

describe("copy as curl", () => {
  const basic: EsConnectionConfig = {
    host: "es.example",
    port: 9200,
    auth: "basic",
    username: "elastic",
    sslMode: "verify-identity",
    skipTlsVerify: false,
    caFile: "/etc/ca.pem",
  };
  const secrets = { password: "s3cr'et", apiKey: "QUJDOmRlZg==" };

  it("redacts credentials unless asked", () => {
    const curl = toCurl({ method: "GET", path: "/orders/_search", body: { size: 1 } }, basic, {
      secrets,
    });
    assert.ok(!curl.includes("s3cr"), "the password is not in the command");
    assert.equal(
      curl,
      `curl -X GET 'https://es.example:9200/orders/_search' --cacert '/etc/ca.pem' -u 'elastic' -H 'Content-Type: application/json' --data-binary '{"size":1}'`,
    );
    const revealed = toCurl({ method: "GET", path: "/" }, basic, { secrets, reveal: true });
    assert.match(revealed, /-u 'elastic:s3cr'\\''et'/);
  });

  it("API keys come from the environment unless revealed; -k where any certificate is accepted", () => {
    const cfg: EsConnectionConfig = {
      ...basic,
      auth: "api-key",
      sslMode: "preferred",
      caFile: undefined,
    };
    const curl = toCurl({ method: "DELETE", path: "/t" }, cfg, { secrets });
    assert.ok(!curl.includes(secrets.apiKey));
    assert.match(curl, /-k -H "Authorization: ApiKey \$ES_API_KEY"/);
    assert.match(
      toCurl({ method: "DELETE", path: "/t" }, cfg, { secrets, reveal: true }),
      /ApiKey QUJDOmRlZg==/,
    );
  });

  it("HEAD uses --head; NDJSON keeps its lines; refusals apply to curl too", () => {
    const none: EsConnectionConfig = {
      ...basic,
      auth: "none",
      sslMode: "disabled",
      caFile: undefined,
    };
    assert.equal(
      toCurl({ method: "HEAD", path: "/t" }, none),
      "curl --head 'http://es.example:9200/t'",
    );
    assert.match(
      toCurl({ method: "POST", path: "/_bulk", body: '{"index":{}}\n{"a":1}' }, none),
      /x-ndjson' --data-binary '\{"index":\{\}\}\n\{"a":1\}\n'$/,
    );
    assert.equal(
      refusal(() => toCurl({ method: "GET", path: "//evil/" }, none)).code,
      "console_refused",
    );
  });

  it("console text shows the request as typed", () => {
    assert.equal(consoleText({ method: "delete", path: "/t" }), "DELETE /t");
    assert.equal(
      consoleText({ method: "GET", path: "/t/_search", body: { size: 1 } }),
      'GET /t/_search\n{\n  "size": 1\n}',
    );
  });
});
