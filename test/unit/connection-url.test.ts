/**
 * A connection URL pasted into the editor: split by URL syntax (address, user, password, what no
 * setting takes), then read by the Elasticsearch driver into settings that pass its rules; and the
 * editor's new-connection start (a default 8.x/9.x install) beside the CLI's unchanged defaults.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { readPastedUrl } from "../../src/core/connection-url.ts";
import { PLUGIN_API_VERSION } from "../../src/core/plugin.ts";
import { defaultSettings, type SettingsForm, withDefaults } from "../../src/core/settings-form.ts";
import { activate } from "../../src/drivers/elasticsearch/plugin.ts";
import { settingsFromUrl } from "../../src/drivers/elasticsearch/settings-form.ts";
import { validateConfig } from "../../src/drivers/elasticsearch/wire/config.ts";

const SCHEMES = ["http", "https"];
const driver = activate({ apiVersion: PLUGIN_API_VERSION, appVersion: "test" });
const form = driver.settingsForm?.() as SettingsForm;

describe("readPastedUrl", () => {
  it("takes the user apart from the address", () => {
    assert.deepEqual(readPastedUrl("https://elastic@es.example.com:9200", SCHEMES), {
      address: "https://es.example.com:9200",
      username: "elastic",
    });
  });

  it("takes a password apart too, decoded", () => {
    assert.deepEqual(readPastedUrl("  https://elastic:p%40ss%3Aw@127.0.0.1:9243/ ", SCHEMES), {
      address: "https://127.0.0.1:9243",
      username: "elastic",
      password: "p@ss:w",
    });
  });

  it("reads a plain address, its path apart, and says what no setting takes (query)", () => {
    assert.deepEqual(readPastedUrl("http://host:9200", SCHEMES), {
      address: "http://host:9200",
    });
    assert.deepEqual(readPastedUrl("http://host:9200/es/?pretty", SCHEMES), {
      address: "http://host:9200",
      path: "/es/",
      ignored: "?pretty",
    });
    assert.equal(readPastedUrl("HTTPS://Host", SCHEMES)?.address, "https://host");
    assert.equal(readPastedUrl("http://[::1]:9200", SCHEMES)?.address, "http://[::1]:9200");
  });

  it("is null for text that is not a URL of the schemes (pasted as text)", () => {
    for (const text of ["localhost", "es.example.com:9200", "ftp://host", "https://", ""])
      assert.equal(readPastedUrl(text, SCHEMES), null, text);
  });
});

describe("a pasted URL's settings (Elasticsearch)", () => {
  const read = (text: string) => {
    const pasted = readPastedUrl(text, SCHEMES);
    assert.ok(pasted);
    return { pasted, settings: settingsFromUrl(new URL(pasted.address)) };
  };

  it("https: host, port and Verify Identity; a user means Username & Password", () => {
    const { pasted, settings } = read("https://elastic@es.local:9243");
    assert.deepEqual(settings, { host: "es.local", port: "9243", sslMode: "verify-identity" });
    const config = validateConfig(
      withDefaults(form, { ...settings, username: pasted.username }, []),
    );
    assert.equal(config.auth, "basic");
    assert.equal(config.username, "elastic");
    assert.equal(config.port, 9243);
  });

  it("http without a port: 9200, SSL Disabled", () => {
    const { settings } = read("http://es.local/");
    assert.deepEqual(settings, { host: "es.local", port: 9200, sslMode: "disabled" });
  });

  it("the address the page sends carries no credentials, which the driver would refuse", () => {
    const { pasted } = read("https://elastic:secret@es.local:9200");
    assert.doesNotMatch(pasted.address, /elastic|secret/);
  });
});

describe("a new connection's start", () => {
  it("the editor starts on a default 8.x/9.x install: HTTPS (Verify Identity), basic, elastic", () => {
    const start = { ...defaultSettings(form), ...form.newConnection?.settings };
    assert.deepEqual(validateConfig(start), {
      host: "localhost",
      port: 9200,
      auth: "basic",
      username: "elastic",
      sslMode: "verify-identity",
      skipTlsVerify: false,
    });
    assert.match(form.newConnection?.note ?? "", /7\.x.*Disabled.*None/);
  });

  it("what an omitted flag means is unchanged (no auth, no TLS), so scripts keep working", () => {
    const config = validateConfig(withDefaults(form, { host: "h" }, []));
    assert.equal(config.auth, "none");
    assert.equal(config.sslMode, "disabled");
  });
});
