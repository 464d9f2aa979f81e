import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  authorizationHeader,
  baseUrl,
  newConnectionConfig,
  tlsPolicy,
  validateConfig,
  validateSecrets,
} from "../../src/drivers/elasticsearch/wire/config.ts";
import { refusal as refused } from "../support/refusal.ts";

const refusal = (fn: () => unknown) => refused(fn, "invalid_config");

describe("Elasticsearch connection configuration", () => {
  it("new connections start on SSL Mode Disabled and port 9200", () => {
    const c = newConnectionConfig();
    assert.equal(c.sslMode, "disabled");
    assert.equal(c.port, 9200);
    assert.equal(c.skipTlsVerify, false);
  });

  it("port defaults to 9200 when not given", () => {
    assert.equal(validateConfig({ host: "localhost" }).port, 9200);
    assert.equal(validateConfig({ host: "localhost", port: "" }).port, 9200);
  });

  it("SSL Mode defaults to Disabled and auth to None", () => {
    const c = validateConfig({ host: "es.local" });
    assert.equal(c.sslMode, "disabled");
    assert.equal(c.auth, "none");
  });

  it("refuses an empty host, a URL in the host field, and a bad host", () => {
    assert.match(refusal(() => validateConfig({ host: " " })).message, /^Host: is empty/);
    const url = refusal(() => validateConfig({ host: "https://es:9200" }));
    assert.match(url.message, /looks like a URL/);
    assert.match(url.remedy, /SSL Mode/);
    assert.match(refusal(() => validateConfig({ host: "bad host" })).message, /not a valid host/);
  });

  it("refuses ports outside 1..65535 and non-numbers", () => {
    for (const port of [0, 65536, -1, 1.5, "abc"]) {
      assert.match(refusal(() => validateConfig({ host: "h", port })).message, /^Port:/);
    }
  });

  it("refuses unknown auth methods and SSL modes, listing the choices", () => {
    const auth = refusal(() => validateConfig({ host: "h", auth: "kerberos" }));
    assert.match(auth.message, /^Auth Method:/);
    assert.match(auth.remedy, /Username & Password/);
    const ssl = refusal(() => validateConfig({ host: "h", sslMode: "strict" }));
    assert.match(ssl.message, /^SSL Mode:/);
    assert.match(ssl.remedy, /Required \(skip verify\)/);
  });

  it("Username & Password needs a user name", () => {
    assert.match(refusal(() => validateConfig({ host: "h", auth: "basic" })).message, /^Username:/);
    assert.equal(validateConfig({ host: "h", auth: "basic", username: "u" }).username, "u");
  });

  it("keeps the username only for Username & Password", () => {
    assert.equal(validateConfig({ host: "h", auth: "api-key", username: "u" }).username, undefined);
  });

  it("a CA file is only for Verify CA and Verify Identity", () => {
    const e = refusal(() => validateConfig({ host: "h", sslMode: "preferred", caFile: "/ca.pem" }));
    assert.match(e.message, /^CA file:.*Preferred/);
    assert.equal(
      validateConfig({ host: "h", sslMode: "verify-ca", caFile: "/ca.pem" }).caFile,
      "/ca.pem",
    );
    assert.equal(
      validateConfig({ host: "h", sslMode: "verify-identity", caFile: "/ca.pem" }).caFile,
      "/ca.pem",
    );
  });

  it("Skip TLS Verification must be a boolean", () => {
    refusal(() => validateConfig({ host: "h", skipTlsVerify: "yes" }));
  });

  it("Disabled is plain HTTP; every other mode is HTTPS", () => {
    assert.equal(baseUrl(validateConfig({ host: "h", port: 1 })), "http://h:1");
    for (const sslMode of ["preferred", "required-skip-verify", "verify-ca", "verify-identity"]) {
      assert.equal(baseUrl(validateConfig({ host: "h", port: 1, sslMode })), "https://h:1");
    }
    assert.equal(baseUrl(validateConfig({ host: "::1", port: 2 })), "http://[::1]:2");
  });

  it("TLS checks follow SSL Mode, and Skip TLS Verification overrides the checking modes", () => {
    const policy = (sslMode: string, skipTlsVerify = false) =>
      tlsPolicy(validateConfig({ host: "h", sslMode, skipTlsVerify }));
    assert.equal(policy("disabled"), undefined);
    assert.deepEqual(policy("preferred"), { verifyChain: false, verifyHostname: false });
    assert.deepEqual(policy("required-skip-verify"), { verifyChain: false, verifyHostname: false });
    assert.deepEqual(policy("verify-ca"), { verifyChain: true, verifyHostname: false });
    assert.deepEqual(policy("verify-identity"), { verifyChain: true, verifyHostname: true });
    assert.deepEqual(policy("verify-ca", true), { verifyChain: false, verifyHostname: false });
    assert.deepEqual(policy("verify-identity", true), {
      verifyChain: false,
      verifyHostname: false,
    });
  });

  it("the API key is sent verbatim as `ApiKey <value>`", () => {
    const c = validateConfig({ host: "h", auth: "api-key" });
    assert.equal(
      authorizationHeader(c, {
        apiKey: "VnVhQ2ZHY0JDZGJrUW0tZTVhT3g6dWkybHAyYXhUTm1zeWFrdzl0dk5udw==",
      }),
      "ApiKey VnVhQ2ZHY0JDZGJrUW0tZTVhT3g6dWkybHAyYXhUTm1zeWFrdzl0dk5udw==",
    );
  });

  it("Username & Password is HTTP Basic; None sends nothing", () => {
    const basic = validateConfig({ host: "h", auth: "basic", username: "elastic" });
    assert.equal(
      authorizationHeader(basic, { password: "pä:ss" }),
      `Basic ${Buffer.from("elastic:pä:ss").toString("base64")}`,
    );
    assert.equal(authorizationHeader(validateConfig({ host: "h" }), {}), undefined);
  });

  it("secrets: a password for Username & Password, a base64 key for API Key", () => {
    const basic = validateConfig({ host: "h", auth: "basic", username: "u" });
    assert.match(refusal(() => validateSecrets(basic, {})).message, /^Password:/);
    validateSecrets(basic, { password: "" });
    const key = validateConfig({ host: "h", auth: "api-key" });
    assert.match(refusal(() => validateSecrets(key, {})).message, /^API Key: is empty/);
    const raw = refusal(() => validateSecrets(key, { apiKey: "id:secret" }));
    assert.match(raw.message, /not base64/);
    assert.match(raw.remedy, /encoded/);
    validateSecrets(key, { apiKey: "aWQ6c2VjcmV0" });
  });

  it("refusals never echo a secret", () => {
    const key = validateConfig({ host: "h", auth: "api-key" });
    const e = refusal(() => validateSecrets(key, { apiKey: "s3cr3t:value" }));
    assert.ok(!JSON.stringify(e.toJSON()).includes("s3cr3t"));
  });
});
