/**
 * How the Elasticsearch driver reaches clusters not at a plain host and port: an Elastic Cloud ID
 * decoded as the official clients do (real Cloud ID shapes), a path prefix kept on every request
 * and in curl copies, the client certificate's settings, and the steps a failure is named by.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  CONNECTION_STEPS,
  stepLine,
  stepOf,
  stepOfNetworkFailure,
  withStep,
} from "../../src/core/connection-steps.ts";
import { errors, QuarryError } from "../../src/core/errors.ts";
import { withDefaults } from "../../src/core/settings-form.ts";
import { toCurl } from "../../src/drivers/elasticsearch/console/curl.ts";
import {
  ES_SETTINGS_FORM,
  settingsFromUrl,
} from "../../src/drivers/elasticsearch/settings-form.ts";
import { decodeCloudId } from "../../src/drivers/elasticsearch/wire/cloud-id.ts";
import { baseUrl, validateConfig } from "../../src/drivers/elasticsearch/wire/config.ts";
import { networkError } from "../../src/drivers/elasticsearch/wire/errors.ts";
import { normalizePathPrefix } from "../../src/drivers/elasticsearch/wire/path-prefix.ts";

const b64 = (s: string) => Buffer.from(s, "utf8").toString("base64");

/** The message of what `fn` throws. */
function refusal(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    assert.ok(e instanceof QuarryError);
    return e.message;
  }
  assert.fail("expected a refusal");
}

describe("Cloud ID", () => {
  it("decodes Elastic's documented example (name, host$es$kibana, port 443)", () => {
    const id =
      "staging:dXMtZWFzdC0xLmF3cy5mb3VuZC5pbyRjZWM2ZjI2MWE3NGJmMjRjZTMzYmI4ODExYjg0Mjk0ZiRjNmMyY2E2ZDA0MjI0OWFmMGNjN2Q3YTllOTYyNTc0Mw==";
    assert.deepEqual(decodeCloudId(id), {
      name: "staging",
      host: "cec6f261a74bf24ce33bb8811b84294f.us-east-1.aws.found.io",
      port: 443,
      kibanaUuid: "c6c2ca6d042249af0cc7d7a9e9625743",
    });
  });

  it("takes a port on the host, or on the Elasticsearch part (which wins), and an empty Kibana part", () => {
    const withPort = decodeCloudId(
      `my-deploy:${b64("westeurope.azure.elastic-cloud.com:9243$c6637f312c5243cda7ded6e99e3d2c19$")}`,
    );
    assert.deepEqual(withPort, {
      name: "my-deploy",
      host: "c6637f312c5243cda7ded6e99e3d2c19.westeurope.azure.elastic-cloud.com",
      port: 9243,
    });
    const esPort = decodeCloudId(
      `x:${b64("us-central1.gcp.cloud.es.io:443$abc123:9244$def456:9245")}`,
    );
    assert.equal(esPort.host, "abc123.us-central1.gcp.cloud.es.io");
    assert.equal(esPort.port, 9244);
    assert.equal(esPort.kibanaUuid, "def456");
  });

  it("reads one without a name, and one whose name holds colons (all before the last colon)", () => {
    const encoded = b64("eu-west-1.aws.found.io$4fa8821e75634032bed1cf22110e2f97$");
    assert.equal(decodeCloudId(encoded).name, "");
    assert.equal(decodeCloudId(`team:prod:${encoded}`).name, "team:prod");
    assert.equal(
      decodeCloudId(` ${encoded} `).host,
      "4fa8821e75634032bed1cf22110e2f97.eu-west-1.aws.found.io",
    );
  });

  it("refuses a malformed one, saying what is wrong", () => {
    assert.match(
      refusal(() => decodeCloudId("")),
      /Cloud ID: is empty/,
    );
    assert.match(
      refusal(() => decodeCloudId("name:")),
      /nothing after the colon/,
    );
    assert.match(
      refusal(() => decodeCloudId("name:not base64!")),
      /not base64/,
    );
    assert.match(
      refusal(() => decodeCloudId(`n:${b64("just-a-host.example")}`)),
      /has no \$/,
    );
    assert.match(
      refusal(() => decodeCloudId(`n:${b64("$abc$def")}`)),
      /host part .* is empty/,
    );
    assert.match(
      refusal(() => decodeCloudId(`n:${b64("host.example$$k")}`)),
      /Elasticsearch part .* is empty/,
    );
    assert.match(
      refusal(() => decodeCloudId(`n:${b64("host.example:99999$abc")}`)),
      /port "99999"/,
    );
    assert.match(
      refusal(() => decodeCloudId(`n:${b64("bad host$abc")}`)),
      /not a host name/,
    );
  });

  it("sets host and port over HTTPS; with SSL Mode Disabled it is refused", () => {
    const cloudId = `prod:${b64("us-east-1.aws.found.io:9243$0123abcd$")}`;
    const given = withDefaults(ES_SETTINGS_FORM, { cloudId, auth: "api-key" });
    assert.equal(given.sslMode, "verify-identity", "a Cloud ID implies HTTPS");
    const config = validateConfig(given);
    assert.equal(baseUrl(config), "https://0123abcd.us-east-1.aws.found.io:9243");
    assert.equal(config.cloudId, cloudId);
    assert.match(
      refusal(() => validateConfig({ ...given, sslMode: "disabled" })),
      /SSL Mode: is Disabled, but an Elastic Cloud deployment serves HTTPS only/,
    );
    assert.match(
      refusal(() => validateConfig({ ...given, cloudId: "x:%%%" })),
      /^Cloud ID:/,
    );
  });
});

describe("Path prefix", () => {
  it("is normalized to /a/b, the root is none, and a bad path is refused", () => {
    assert.equal(normalizePathPrefix("/es/"), "/es");
    assert.equal(normalizePathPrefix("es//x/"), "/es/x");
    assert.equal(normalizePathPrefix("/"), undefined);
    assert.equal(normalizePathPrefix(""), undefined);
    assert.match(
      refusal(() => normalizePathPrefix("/a/../b")),
      /segment "\.\."/,
    );
    assert.match(
      refusal(() => normalizePathPrefix("/a?x=1")),
      /is not a URL path/,
    );
    assert.match(
      refusal(() => normalizePathPrefix("/a b")),
      /is not a URL path/,
    );
  });

  it("comes from a URL's path, is in the cluster's URL and in curl copies", () => {
    const settings = settingsFromUrl(new URL("https://gateway.example:9243/elasticsearch/"));
    assert.equal(settings.pathPrefix, "/elasticsearch");
    const config = validateConfig(withDefaults(ES_SETTINGS_FORM, settings));
    assert.equal(baseUrl(config), "https://gateway.example:9243/elasticsearch");
    const curl = toCurl({ method: "GET", path: "/_search", body: "" } as never, config);
    assert.match(curl, /'https:\/\/gateway\.example:9243\/elasticsearch\/_search'/);
    assert.equal(settingsFromUrl(new URL("http://h:9200/")).pathPrefix, undefined);
  });
});

describe("Client certificate settings", () => {
  it("curl copies present the certificate; the passphrase only when revealed", () => {
    const config = validateConfig({
      host: "h",
      sslMode: "verify-identity",
      clientCert: "/c.pem",
      clientKey: "/k.pem",
    });
    const request = { method: "GET", path: "/", body: "" } as never;
    const secrets = { clientKeyPassphrase: "pw-123" };
    const hidden = toCurl(request, config, { secrets });
    assert.match(hidden, /--cert '\/c\.pem' --key '\/k\.pem'/);
    assert.ok(!hidden.includes("pw-123"));
    assert.match(toCurl(request, config, { reveal: true, secrets }), /--pass 'pw-123'/);
  });

  const https = { host: "h", sslMode: "verify-identity" };
  it("takes both files over HTTPS; one alone, or over plain HTTP, is refused", () => {
    const c = validateConfig({ ...https, clientCert: "/c.pem", clientKey: "/k.pem" });
    assert.equal(c.clientCert, "/c.pem");
    assert.equal(c.clientKey, "/k.pem");
    assert.match(
      refusal(() => validateConfig({ ...https, clientCert: "/c.pem" })),
      /^Client key: is empty/,
    );
    assert.match(
      refusal(() => validateConfig({ ...https, clientKey: "/k.pem" })),
      /^Client certificate: is empty/,
    );
    assert.match(
      refusal(() =>
        validateConfig({ host: "h", sslMode: "disabled", clientCert: "/c", clientKey: "/k" }),
      ),
      /only presented over HTTPS/,
    );
    assert.equal(withDefaults(ES_SETTINGS_FORM, { clientCert: "/c" }).sslMode, "verify-identity");
  });
});

describe("Connection steps", () => {
  const target = { url: "https://h:9200", tls: true };
  it("names the step of each network failure, and of each refusal", () => {
    assert.equal(stepOfNetworkFailure("ENOTFOUND", ""), "name_lookup");
    assert.equal(stepOfNetworkFailure("ECONNREFUSED", ""), "tcp");
    assert.equal(
      stepOfNetworkFailure("DEPTH_ZERO_SELF_SIGNED_CERT", "self-signed certificate"),
      "tls",
    );
    assert.equal(
      stepOfNetworkFailure("ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED", ""),
      "client_certificate",
    );
    assert.equal(stepOfNetworkFailure("", "tlsv1 alert unknown ca"), "client_certificate");
    assert.equal(stepOf(errors.connectionFailed("x", "y", { step: "proxy" })), "proxy");
    assert.equal(stepOf(new QuarryError("authentication_failed", "a", "b")), "http_auth");
    assert.equal(stepOf(new QuarryError("unsupported_cluster", "a", "b")), "fork");
    assert.equal(stepOf(new QuarryError("cluster_error", "a", "b")), "cluster");
    assert.equal(stepOf(new QuarryError("invalid_config", "a", "b")), undefined);
    assert.ok(CONNECTION_STEPS.includes("ssh_auth") && CONNECTION_STEPS.includes("host_key"));
  });

  it("a driver's network error carries its step, and the test's error names it first", () => {
    const e = networkError(
      Object.assign(new Error("getaddrinfo ENOTFOUND nope"), { code: "ENOTFOUND" }),
      target,
    );
    assert.equal(e.details.step, "name_lookup");
    const refused = new QuarryError("authentication_failed", "Authentication failed: x", "y");
    const named = withStep(refused) as QuarryError;
    assert.equal(named.message, refused.message, "the words are unchanged");
    assert.equal(named.details.step, "http_auth");
    assert.equal(stepLine(named.details), "Failed step: HTTP sign-in");
    assert.equal(withStep(e), e, "a step named already is kept");
    assert.equal(named.remedy, refused.remedy);
    const alert = networkError(
      Object.assign(new Error("tlsv13 alert certificate required"), {
        code: "ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED",
      }),
      target,
    );
    assert.equal(alert.details.step, "client_certificate");
    assert.match(alert.message, /requires a client certificate, and the connection presents none/);
    assert.match(alert.remedy, /--client-cert/);
    const unknownCa = networkError(
      Object.assign(new Error("tlsv1 alert unknown ca"), {
        code: "ERR_SSL_TLSV1_ALERT_UNKNOWN_CA",
      }),
      { ...target, clientCert: true },
    );
    assert.match(unknownCa.message, /does not trust the client certificate/);
  });
});
