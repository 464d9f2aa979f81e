/** A request line written as a URL: read as its path on the connection's cluster, or refused. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { parseConsoleText } from "../../src/drivers/elasticsearch/console/parse.ts";
import { readUrlPath } from "../../src/drivers/elasticsearch/console/url-path.ts";

describe("a request line written as a URL", () => {
  it("is read as its path and query string, with a note that the host was dropped", () => {
    const [block] = parseConsoleText(
      'GET http://localhost:9200/orders/_search?size=1\n{"query":{"match_all":{}}}',
    );
    assert.deepEqual(block?.request, {
      method: "GET",
      path: "/orders/_search?size=1",
      body: { query: { match_all: {} } },
    });
    assert.equal(
      block?.note,
      "The address localhost:9200 was dropped: the request runs on this connection's cluster.",
    );
    assert.equal(block?.error, undefined);
  });

  it("https, a bare host, credentials: the note says what was dropped, never the password", () => {
    assert.deepEqual(readUrlPath("https://es.example.com"), {
      path: "/",
      note: "The address es.example.com was dropped: the request runs on this connection's cluster.",
    });
    const r = readUrlPath("https://elastic:s3cret@es.example.com:9243/_cat/indices?v");
    assert.ok("path" in r);
    assert.equal(r.path, "/_cat/indices?v");
    assert.match(r.note ?? "", /es\.example\.com:9243 and its credentials was dropped/);
    assert.ok(!(r.note ?? "").includes("s3cret"));
  });

  it("a path is left as written; a note only where a URL was read", () => {
    const blocks = parseConsoleText("GET /_search\n\nGET _cat/health");
    assert.deepEqual(
      blocks.map((b) => [b.request?.path, b.note]),
      [
        ["/_search", undefined],
        ["/_cat/health", undefined],
      ],
    );
  });

  it("a variable holding the address is read the same way", () => {
    const [block] = parseConsoleText(`GET $${"{ES}"}/_cluster/health`, {
      variables: { ES: "http://127.0.0.1:9200" },
    });
    assert.equal(block?.request?.path, "/_cluster/health");
    assert.match(block?.note ?? "", /127\.0\.0\.1:9200 was dropped/);
  });

  it("refuses another scheme, a Kibana page and a URL with a fragment, saying why", () => {
    const cases: [string, RegExp][] = [
      ["GET ftp://host/_search", /ftp: address, not a path on the cluster/],
      ["GET http://localhost:5601/app/dev_tools#/console", /web page's address \(Kibana's\)/],
      ["GET http://kibana:5601/api/console/proxy?path=_search", /Kibana's/],
      ["GET https://kb/s/marketing/app/discover", /Kibana's/],
    ];
    for (const [text, message] of cases) {
      const [block] = parseConsoleText(text);
      assert.equal(block?.request, undefined, text);
      assert.equal(block?.error?.code, "invalid_input");
      assert.match(block?.error?.message ?? "", message, text);
      assert.match(block?.error?.remedy ?? "", /GET \/my-index\/_search/);
      assert.equal(block?.error?.line, 0);
    }
  });

  it("an index named like Kibana's folders is still a cluster path when written as one", () => {
    assert.deepEqual(readUrlPath("/api/_search"), { path: "/api/_search" });
  });
});
