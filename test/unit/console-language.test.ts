/** The console language: comments anywhere, triple-quoted strings, variables; curl import. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { checkVariables } from "../../src/core/console-variables.ts";
import { classify } from "../../src/drivers/elasticsearch/console/classify.ts";
import { toCurl } from "../../src/drivers/elasticsearch/console/curl.ts";
import { fromCurl } from "../../src/drivers/elasticsearch/console/curl-import.ts";
import { parseConsoleText } from "../../src/drivers/elasticsearch/console/parse.ts";
import type { EsConnectionConfig } from "../../src/drivers/elasticsearch/wire/config.ts";
import { refusal } from "../support/refusal.ts";

describe("comments anywhere", () => {
  it("/* */, // and # inside a body, after values, and spanning lines", () => {
    const text = [
      "GET /orders/_search // find the paid ones",
      "{",
      '  "query": { /* only paid */ "term": { "status": "paid" } }, // trailing',
      "  /* a comment",
      '     over lines with "quotes" and { braces */',
      '  "size": 5 # hash too',
      "}",
    ].join("\n");
    const [b, ...rest] = parseConsoleText(text);
    assert.equal(rest.length, 0);
    assert.equal(b?.error, undefined);
    assert.deepEqual(b?.request, {
      method: "GET",
      path: "/orders/_search",
      body: { query: { term: { status: "paid" } }, size: 5 },
    });
    assert.deepEqual([b?.startLine, b?.endLine], [0, 6]);
  });

  it("never inside a JSON string or a triple-quoted string", () => {
    const text =
      'POST /x/_doc\n{"url": "http://a//b#c /* no */", "s": """ // kept # too /* and */ """}';
    const [b] = parseConsoleText(text);
    assert.deepEqual(b?.request?.body, {
      url: "http://a//b#c /* no */",
      s: " // kept # too /* and */ ",
    });
  });

  it("a string with an escaped quote does not end early", () => {
    const [b] = parseConsoleText('POST /x/_doc\n{"a": "say \\"hi\\" // not a comment"}');
    assert.deepEqual(b?.request?.body, { a: 'say "hi" // not a comment' });
  });

  it("a block comment can comment out whole requests", () => {
    const blocks = parseConsoleText("GET /a\n/*\nDELETE /b\n*/\nGET /c");
    assert.deepEqual(
      blocks.map((b) => b.request?.path),
      ["/a", "/c"],
    );
    assert.deepEqual([blocks[0]?.startLine, blocks[0]?.endLine], [0, 0]);
  });

  it("a /* never closed is an error naming its line", () => {
    const blocks = parseConsoleText('GET /a\n{ /* open\n"size": 1 }\n\nGET /b');
    assert.equal(blocks.length, 1);
    assert.equal(blocks[0]?.error?.message, "A /* comment opened on line 2 is never closed");
    assert.equal(blocks[0]?.error?.line, 1);
  });

  it("comments in NDJSON bodies", () => {
    const [b] = parseConsoleText(
      'POST /_bulk\n# first\n{"index":{"_index":"t"}} // action\n{"a":1} /* doc */\n',
    );
    assert.equal(b?.request?.body, '{"index":{"_index":"t"}}\n{"a":1}\n');
  });

  it("a JSON error keeps the editor's line after a comment block", () => {
    const [b] = parseConsoleText('GET /a\n{\n/* one\ntwo */\n"a": 1,,\n}');
    assert.equal(b?.error?.line, 4);
  });
});

describe("triple-quoted strings", () => {
  it("over several lines inside an NDJSON document stay one document", () => {
    const [b] = parseConsoleText(
      'POST /_bulk\n{"index":{}}\n{"msg": """line "one"\nline two""", "n": 1}\n{"index":{}}\n{"n": 2}',
    );
    assert.equal(
      b?.request?.body,
      '{"index":{}}\n{"msg": "line \\"one\\"\\nline two", "n": 1}\n{"index":{}}\n{"n": 2}\n',
    );
  });

  it("a triple-quoted string never closed is an error", () => {
    const blocks = parseConsoleText('POST /x/_doc\n{"a": """open\nGET /y');
    assert.equal(blocks.length, 1);
    assert.match(blocks[0]?.error?.message ?? "", /triple-quoted string \("""\) opened on line 2/);
  });

  it("errors after a multi-line triple-quoted string keep their editor line", () => {
    const [b] = parseConsoleText('POST /x/_doc\n{"a": """1\n2\n3""",\n"b": 1,,\n}');
    assert.equal(b?.error?.line, 4);
  });
});

describe("variables", () => {
  const variables = { INDEX: "orders", SIZE: "5", Q: 'say "hi"', QUERY: '{"match_all": {}}' };

  it("substitute in the path, the query string and the body, as raw text", () => {
    const [b] = parseConsoleText(
      'GET /${INDEX}/_search?size=${SIZE}\n{"size": ${SIZE}, "q": "${Q}", "query": ${QUERY}, "s": "${SIZE}"}',
      { variables },
    );
    assert.deepEqual(b?.request, {
      method: "GET",
      path: "/orders/_search?size=5",
      body: { size: 5, q: 'say "hi"', query: { match_all: {} }, s: "5" },
    });
  });

  it("inside a triple-quoted string the value is taken as it is", () => {
    const [b] = parseConsoleText('POST /x/_doc\n{"a": """${Q}"""}', { variables });
    assert.deepEqual(b?.request?.body, { a: 'say "hi"' });
  });

  it("an undefined variable is an error naming it and where to define it", () => {
    const blocks = parseConsoleText("GET /a\n\nGET /${NOPE}/_search\n{}\nGET /c", { variables });
    assert.equal(blocks.length, 3);
    const err = blocks[1]?.error;
    assert.equal(err?.message, "The variable ${NOPE} on line 3 is not defined");
    assert.match(err?.remedy ?? "", /Variables panel.*--var NOPE=value/);
    assert.equal(err?.line, 2);
    assert.equal(blocks[2]?.request?.path, "/c");
  });

  it("an undefined variable in the body names the body's line", () => {
    const [b] = parseConsoleText('GET /a/_search\n{\n  "size": ${N}\n}');
    assert.equal(b?.error?.message, "The variable ${N} on line 3 is not defined");
  });

  it("variables inside comments are not read", () => {
    const [b] = parseConsoleText("GET /a // ${NOPE}\n{ # ${NOPE}\n}");
    assert.equal(b?.error, undefined);
  });

  it("JSON's \\u0024{ writes a literal ${", () => {
    const [b] = parseConsoleText('POST /x/_doc\n{"t": "\\u0024{x}"}');
    assert.deepEqual(b?.request?.body, { t: "${x}" });
  });

  it("a value with a space in the path is refused", () => {
    const [b] = parseConsoleText("GET /${A}", { variables: { A: "a b" } });
    assert.match(b?.error?.message ?? "", /holds a space once its variables are replaced/);
  });

  it("the classifier judges the substituted request", () => {
    const [b] = parseConsoleText("${M} /${T}", { variables: { T: "orders" } });
    assert.equal(b?.error?.code, "invalid_input"); // a method is never a variable
    const [d] = parseConsoleText("DELETE /${T}", { variables: { T: "orders" } });
    assert.deepEqual(d?.request, { method: "DELETE", path: "/orders" });
    assert.equal(classify(d!.request!), "destructive");
    const [q] = parseConsoleText('POST /${T}\n{"query": ${Q}}', {
      variables: { T: "orders/_delete_by_query", Q: '{"match_all":{}}' },
    });
    assert.equal(classify(q!.request!), "destructive");
  });

  it("names are checked: syntax, duplicates, names that look like secrets", () => {
    assert.deepEqual(checkVariables([{ name: "INDEX", value: "x" }]), [
      { name: "INDEX", value: "x" },
    ]);
    assert.match(
      refusal(() => checkVariables([{ name: "a-b", value: "" }])).message,
      /not a variable name/,
    );
    assert.match(
      refusal(() => checkVariables([{ name: "ES_PASSWORD", value: "x" }])).remedy,
      /credentials/,
    );
    assert.match(
      refusal(() =>
        checkVariables([
          { name: "A", value: "" },
          { name: "A", value: "" },
        ]),
      ).message,
      /defined twice/,
    );
  });
});

describe("curl import", () => {
  it("the Elasticsearch docs' form: -X, quoted URL, -H, -d'…' over lines", () => {
    const cmd =
      `curl -X POST "localhost:9200/my-index/_search?pretty" -H 'Content-Type: application/json' -d'
{
  "query": { "match": { "title": "it's" } }
}
'`.replace("it's", "it'\\''s");
    const out = fromCurl(cmd);
    assert.equal(
      out.text,
      'POST /my-index/_search?pretty\n{\n  "query": { "match": { "title": "it\'s" } }\n}',
    );
    assert.deepEqual(out.notes, [
      "The address localhost:9200 was dropped: the request runs on this connection.",
    ]);
    assert.deepEqual(parseConsoleText(out.text)[0]?.request?.body, {
      query: { match: { title: "it's" } },
    });
  });

  it("multi-line with backslashes, --data-raw, -u dropped without its value, ${ES_URL}", () => {
    const out = fromCurl(
      'curl -sS -u elastic:s3cret \\\n  -H "Authorization: ApiKey abc" \\\n  --data-raw \'{"size":0}\' \\\n  "${ES_URL}/logs/_count"',
    );
    assert.equal(out.text, 'POST /logs/_count\n{"size":0}');
    assert.ok(!out.notes.join(" ").includes("s3cret"));
    assert.ok(!out.notes.join(" ").includes("abc"));
    assert.ok(out.notes.some((n) => n.includes("(-u) were dropped")));
    assert.ok(out.notes.some((n) => n.includes("Authorization header was dropped")));
  });

  it("a browser's $'…' quoting, -XGET, --head, credentials in the URL", () => {
    assert.equal(
      fromCurl("curl -XPUT 'https://h:9243/t/_doc/1' --data-binary $'{\"a\":\"x\\'y\"}'").text,
      'PUT /t/_doc/1\n{"a":"x\'y"}',
    );
    assert.equal(fromCurl("curl --head http://h/t").text, "HEAD /t");
    const out = fromCurl("curl http://u:p@h:9200/_cat/indices");
    assert.equal(out.text, "GET /_cat/indices");
    assert.ok(!out.notes.join(" ").includes("u:p"));
    assert.ok(out.notes.some((n) => n.includes("credentials in the URL")));
  });

  it("reads back Quarry's own Copy as curl", () => {
    const config: EsConnectionConfig = {
      host: "es.example",
      port: 9200,
      auth: "basic",
      username: "bob",
      sslMode: "verify-identity",
      skipTlsVerify: false,
    };
    const request = { method: "POST", path: "/_bulk", body: '{"index":{}}\n{"a":1}\n' };
    const out = fromCurl(toCurl(request, config));
    assert.equal(parseConsoleText(out.text)[0]?.request?.body, request.body);
    const search = { method: "GET", path: "/x/_search", body: { size: 1, q: "${not a var}" } };
    const back = parseConsoleText(fromCurl(toCurl(search, config)).text)[0];
    assert.deepEqual(back?.request, search);
  });

  it("refuses a body read from standard input or a file, forms, unknown options", () => {
    assert.match(
      refusal(() => fromCurl("curl -XPOST localhost:9200/_bulk --data-binary @-")).message,
      /reads its body from standard input/,
    );
    assert.match(
      refusal(() => fromCurl("curl localhost:9200/_bulk --data-binary @requests.ndjson")).message,
      /the file requests.ndjson/,
    );
    assert.match(refusal(() => fromCurl("curl -F a=b h/x")).message, /form or file upload/);
    assert.match(refusal(() => fromCurl("curl --frobnicate h/x")).message, /--frobnicate/);
    assert.match(refusal(() => fromCurl("curl -d 'x h/x")).message, /never closed/);
    assert.match(refusal(() => fromCurl("curl -X GET")).message, /no URL/);
    assert.match(refusal(() => fromCurl("GET /x")).message, /not a curl command/);
  });
});
