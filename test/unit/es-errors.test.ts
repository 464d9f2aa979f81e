import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { QuarryError } from "../../src/core/errors.ts";
import { ES_REMEDIES } from "../../src/drivers/elasticsearch/wire/error-catalog.ts";
import {
  errorTypeAndReason,
  httpError,
  networkError,
} from "../../src/drivers/elasticsearch/wire/errors.ts";
import { identifyServer } from "../../src/drivers/elasticsearch/wire/server-info.ts";

const target = { url: "https://h:9200", tls: true };
const withCode = (code: string, message = code) => Object.assign(new Error(message), { code });

describe("driver error mapping", () => {
  it("401 becomes `Authentication failed: …`, without the request Quarry sent", () => {
    const body = {
      error: {
        type: "security_exception",
        reason:
          "unable to authenticate user [bob] for REST request [/_nodes/_local?filter_path=cluster_name]",
      },
      status: 401,
    };
    const e = httpError(401, body, { url: "http://h:9200", tls: false });
    assert.equal(e.code, "authentication_failed");
    assert.equal(e.message, "Authentication failed: unable to authenticate user [bob]");
    assert.match(e.remedy, /8\.x.*HTTPS/, "the HTTPS hint where the connection is plain HTTP");
    const overHttps = httpError(401, body, { url: "https://h:9200", tls: true });
    assert.equal(overHttps.remedy, ES_REMEDIES.authenticationFailedOverHttps);
    assert.doesNotMatch(overHttps.remedy, /HTTPS/, "no HTTPS hint over HTTPS");
    assert.equal(
      httpError(401, {
        error: { reason: "missing authentication credentials for REST request [/_cat/indices]" },
      }).message,
      "Authentication failed: missing authentication credentials",
    );
  });

  it("the transport port is named as such, with the REST port to use", () => {
    const parser = Object.assign(
      new Error("Response does not match the HTTP/1.1 protocol (Expected HTTP/, RTSP/ or ICE/)"),
      { name: "HTTPParserError", data: "This is not an HTTP port" },
    );
    const e = networkError(parser, { url: "http://127.0.0.1:19318", tls: false });
    assert.equal(
      e.message,
      'Connection failed: http://127.0.0.1:19318 answered "This is not an HTTP port": it looks like the cluster\'s transport port (for nodes talking to each other, 9300 by default), not its REST port',
    );
    assert.match(e.remedy, /REST port, usually 9200/);
    assert.doesNotMatch(e.remedy, /self-signed/);
    const other = networkError(
      Object.assign(new Error("bad"), { name: "HTTPParserError" }),
      target,
    );
    assert.match(other.message, /does not answer in HTTP/);
    assert.match(other.remedy, /9200/);
  });

  it("an empty 404 is not Elasticsearch's REST API, and says so", () => {
    const e = httpError(404, "", { url: "http://127.0.0.1:8080", tls: false });
    assert.equal(e.code, "connection_failed");
    assert.equal(
      e.message,
      "Connection failed: http://127.0.0.1:8080 answered 404 with an empty body, not as Elasticsearch does: this endpoint does not look like Elasticsearch's REST API",
    );
    assert.doesNotMatch(e.remedy, /reason above/);
    assert.match(
      httpError(404, "<html><body>Not Found</body></html>").message,
      /answered 404 with "Not Found"/,
    );
    const bare = httpError(500, "");
    assert.equal(bare.message, "The cluster answered 500 without saying why");
    assert.doesNotMatch(bare.remedy, /reason above/);
  });

  it("untrusted certificates become `Connection failed: …` with the self-signed hint", () => {
    for (const code of [
      "DEPTH_ZERO_SELF_SIGNED_CERT",
      "SELF_SIGNED_CERT_IN_CHAIN",
      "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
    ]) {
      const e = networkError(withCode(code), target);
      assert.equal(e.code, "connection_failed");
      assert.match(e.message, /^Connection failed: /);
      assert.equal(e.remedy, ES_REMEDIES.selfSigned);
      assert.match(e.remedy, /Required \(skip verify\).*Skip TLS Verification/);
    }
  });

  it("a host-name mismatch names Verify CA as a way out", () => {
    const e = networkError(
      withCode("ERR_TLS_CERT_ALTNAME_INVALID", "Host: x. is not in the cert's altnames"),
      target,
    );
    assert.match(e.message, /^Connection failed: the certificate does not name this host/);
    assert.match(e.remedy, /Verify CA/);
  });

  it("a refused port, a closed socket on plain HTTP, and TLS to a plain server are connection failures", () => {
    assert.match(
      networkError(withCode("ECONNREFUSED"), target).message,
      /^Connection failed: nothing is listening/,
    );
    const closed = networkError(withCode("UND_ERR_SOCKET", "other side closed"), {
      url: "http://h:1",
      tls: false,
    });
    assert.match(closed.message, /^Connection failed: .*requires HTTPS/);
    assert.match(closed.remedy, /SSL Mode/);
    const plain = networkError(withCode("ERR_SSL_WRONG_VERSION_NUMBER"), target);
    assert.match(plain.remedy, /Disabled/);
  });

  it("only failures about certificates get the self-signed remedy", () => {
    const unreachable = networkError(withCode("EHOSTUNREACH"), target);
    assert.match(unreachable.message, /cannot be reached from here \(EHOSTUNREACH\)/);
    assert.doesNotMatch(unreachable.remedy, /self-signed/);
    const odd = networkError(withCode("EWHATEVER", "something odd"), target);
    assert.doesNotMatch(odd.remedy, /self-signed/);
    assert.match(odd.remedy, /host, the port and the SSL Mode/);
    const tls = networkError(withCode("ERR_SSL_SOMETHING", "ssl alert"), target);
    assert.equal(tls.remedy, ES_REMEDIES.selfSigned);
  });

  it("looks through `cause` chains for the system error code", () => {
    const wrapped = Object.assign(new Error("fetch failed"), { cause: withCode("ECONNREFUSED") });
    assert.match(networkError(wrapped, target).message, /ECONNREFUSED/);
  });

  it("prefers the root cause over `all shards failed`", () => {
    const body = {
      error: {
        type: "search_phase_execution_exception",
        reason: "all shards failed",
        root_cause: [{ type: "illegal_argument_exception", reason: "Result window is too large" }],
      },
      status: 400,
    };
    assert.deepEqual(errorTypeAndReason(body), {
      type: "illegal_argument_exception",
      reason: "Result window is too large",
    });
    const e = httpError(400, body);
    assert.equal(e.code, "cluster_error");
    assert.equal(e.details.status, 400);
  });

  it("adds the deepest cause when the error's own reason does not say why", () => {
    const why = "[r] location [/x] doesn't match any of the locations specified by path.repo";
    const body = {
      error: {
        root_cause: [{ type: "repository_exception", reason: why }],
        type: "repository_exception",
        reason: "[r] failed to create repository",
        caused_by: { type: "repository_exception", reason: why },
      },
      status: 500,
    };
    assert.deepEqual(errorTypeAndReason(body), {
      type: "repository_exception",
      reason: `[r] failed to create repository: ${why}`,
    });
    const said = { error: { type: "t", reason: `outer: ${why}`, caused_by: { reason: why } } };
    assert.equal(
      errorTypeAndReason(said).reason,
      `outer: ${why}`,
      "a cause it quotes is not repeated",
    );
  });
});

describe("recognizing the cluster", () => {
  it("accepts Elasticsearch 7.x, 8.x and 9.x", () => {
    const info = identifyServer(
      { root: { cluster_name: "c", version: { number: "7.17.29" } } },
      "Elasticsearch",
    );
    assert.deepEqual(info, {
      product: "Elasticsearch",
      version: "7.17.29",
      major: 7,
      clusterName: "c",
    });
    assert.equal(
      identifyServer(
        { nodes: { cluster_name: "d", nodes: { x: { version: "8.19.21" } } } },
        "Elasticsearch",
      ).major,
      8,
    );
    assert.equal(
      identifyServer(
        { nodes: { cluster_name: "e", nodes: { x: { version: "9.5.4" } } } },
        "Elasticsearch",
      ).major,
      9,
    );
    // Before 7.14 there is no product header.
    assert.equal(identifyServer({ root: { version: { number: "7.10.2" } } }, undefined).major, 7);
  });

  it("refuses OpenSearch by name", () => {
    assert.throws(
      () =>
        identifyServer(
          { root: { version: { number: "2.11.0", distribution: "opensearch" } } },
          undefined,
        ),
      (e: Error) => /^Unsupported cluster: OpenSearch 2\.11\.0 is a fork/.test(e.message),
    );
  });

  it("refuses other majors by version, naming the supported range", () => {
    for (const v of ["6.8.23", "10.0.0", "5.6.0"]) {
      assert.throws(
        () => identifyServer({ root: { version: { number: v } } }, "Elasticsearch"),
        (e: QuarryError) =>
          e.message ===
            `Unsupported cluster: Elasticsearch ${v} is not supported; Quarry supports Elasticsearch 7.17, 8.x and 9.x` &&
          /7\.17, 8\.x and 9\.x/.test(e.remedy),
      );
    }
  });

  it("refuses OpenSearch 3.x by name too (its version looks like a supported major)", () => {
    assert.throws(
      () =>
        identifyServer(
          { root: { version: { number: "3.8.0", distribution: "opensearch" } } },
          undefined,
        ),
      /Unsupported cluster: OpenSearch 3\.8\.0 is a fork/,
    );
  });

  it("refuses a 7.14+ server that does not identify itself as Elasticsearch", () => {
    assert.throws(
      () => identifyServer({ root: { version: { number: "7.17.0" } } }, undefined),
      /does not identify itself as Elasticsearch/,
    );
  });
});
