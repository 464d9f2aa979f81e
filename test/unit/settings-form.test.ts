/**
 * Connection settings as data: core's pure helpers (defaults, implied choices, when a field shows)
 * and the Elasticsearch driver's form and URL reading, which the CLI and the editor are built from.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { QuarryError } from "../../src/core/errors.ts";
import { PLUGIN_API_VERSION } from "../../src/core/plugin.ts";
import {
  choicesOf,
  defaultSettings,
  fieldByLabel,
  isShown,
  type SettingsForm,
  withDefaults,
} from "../../src/core/settings-form.ts";
import { activate } from "../../src/drivers/elasticsearch/plugin.ts";
import { settingsFromUrl } from "../../src/drivers/elasticsearch/settings-form.ts";
import {
  newConnectionConfig,
  SSL_MODES,
  validateConfig,
} from "../../src/drivers/elasticsearch/wire/config.ts";

const driver = activate({ apiVersion: PLUGIN_API_VERSION, appVersion: "test" });
const form = driver.settingsForm?.() as SettingsForm;
const field = (key: string) => {
  const f = form.fields.find((x) => x.key === key);
  assert.ok(f, `the form has ${key}`);
  return f;
};

describe("the Elasticsearch settings form", () => {
  it("a new connection's settings are the driver's starting point", () => {
    assert.deepEqual(defaultSettings(form), { ...newConnectionConfig() });
  });

  it("describes every setting the driver's rules check, each with a label and a flag", () => {
    const keys = form.fields.map((f) => f.key);
    for (const k of [
      "host",
      "port",
      "pathPrefix",
      "cloudId",
      "auth",
      "username",
      "sslMode",
      "caFile",
      "clientCert",
      "clientKey",
      "skipTlsVerify",
    ])
      assert.ok(keys.includes(k), k);
    assert.deepEqual(
      form.fields.filter((f) => f.kind === "secret").map((f) => f.key),
      ["password", "apiKey", "clientKeyPassphrase", "proxyPassword", "sshPassphrase"],
    );
    const flags = form.fields.map((f) => f.cli.flag);
    assert.equal(new Set(flags).size, flags.length, "one flag per field");
    assert.equal(field("username").cli.urlFlag, "user");
    assert.equal(field("host").cli.urlFlag, null);
    assert.equal(field("caFile").kind, "file");
    assert.equal(field("skipTlsVerify").advanced, true);
  });

  it("lists the choices in the driver's order with the spec's labels", () => {
    const choices = choicesOf(form);
    assert.deepEqual(
      choices.sslMode?.map((c) => c.value),
      [...SSL_MODES],
    );
    assert.equal(choices.auth?.find((c) => c.value === "basic")?.label, "Username & Password");
  });

  it("Username and Password show under basic, API Key under api-key, CA file when verifying", () => {
    assert.equal(isShown(field("username"), { auth: "basic" }), true);
    assert.equal(isShown(field("password"), { auth: "none" }), false);
    assert.equal(isShown(field("apiKey"), { auth: "api-key" }), true);
    assert.equal(isShown(field("caFile"), { sslMode: "verify-ca" }), true);
    assert.equal(isShown(field("caFile"), { sslMode: "disabled" }), false);
    assert.equal(
      isShown(field("caFile"), { sslMode: "disabled", caFile: "/ca.pem" }),
      true,
      "a CA file set stays visible so that it can be cleared",
    );
    assert.equal(isShown(field("host"), {}), true);
  });

  it("the Auth Method follows the credentials given, else its default", () => {
    assert.equal(withDefaults(form, {}, ["apiKey"]).auth, "api-key");
    assert.equal(withDefaults(form, { username: "u" }).auth, "basic");
    assert.equal(withDefaults(form, {}, ["password"]).auth, "basic");
    assert.equal(withDefaults(form, {}).auth, "none");
    assert.equal(withDefaults(form, { auth: "none" }, ["password"]).auth, "none");
    assert.deepEqual(withDefaults(form, { port: "9201" }), {
      ...newConnectionConfig(),
      port: "9201",
    });
  });

  it("finds a field by the label a refusal names", () => {
    assert.equal(fieldByLabel(form, "ssl mode")?.key, "sslMode");
  });
});

describe("the Elasticsearch driver reads a cluster URL", () => {
  it("http: the port or 9200, SSL Mode Disabled", () => {
    assert.deepEqual(settingsFromUrl(new URL("http://es.local:9201")), {
      host: "es.local",
      port: "9201",
      sslMode: "disabled",
    });
    assert.equal(settingsFromUrl(new URL("http://es.local")).port, 9200);
  });

  it("https: the port or 443, SSL Mode Verify Identity; IPv6 without brackets", () => {
    assert.deepEqual(settingsFromUrl(new URL("https://[::1]")), {
      host: "::1",
      port: 443,
      sslMode: "verify-identity",
    });
  });

  it("what it reads passes the driver's rules once defaults are added", () => {
    const c = validateConfig(withDefaults(form, settingsFromUrl(new URL("https://es:9243"))));
    assert.deepEqual([c.host, c.port, c.sslMode, c.auth], ["es", 9243, "verify-identity", "none"]);
  });

  it("refuses a URL that carries credentials, saying which flags to use", () => {
    assert.throws(
      () => settingsFromUrl(new URL("http://elastic:secret@es:9200")),
      (e: unknown) =>
        e instanceof QuarryError &&
        e.message === "The URL carries credentials" &&
        /--user/.test(e.remedy) &&
        !e.message.includes("secret"),
    );
  });

  it("the plugin names the schemes it reads", () => {
    assert.deepEqual(form.url?.schemes, ["http", "https"]);
    assert.equal(driver.settingsFromUrl?.(new URL("http://h:1"))?.host, "h");
  });
});
