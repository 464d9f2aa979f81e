/**
 * The CLI's help lists the choices of --auth and --ssl-mode as the flags generated from the
 * driver's settings form say them; they must be the Elasticsearch driver's choices, in its order.
 */
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { test } from "node:test";
import { choiceList } from "../../src/cli/settings-flags.ts";
import { PLUGIN_API_VERSION } from "../../src/core/plugin.ts";
import { choicesOf, type SettingsForm } from "../../src/core/settings-form.ts";
import { activate } from "../../src/drivers/elasticsearch/plugin.ts";

const form = activate({ apiVersion: PLUGIN_API_VERSION, appVersion: "test" }).settingsForm?.();
const choices = form && choicesOf(form);
const flagChoices = (form: SettingsForm | undefined, flag: string) => {
  const field = form?.fields.find((f) => f.cli.flag === flag);
  return field && choiceList(field);
};
const AUTH_FLAG_CHOICES = flagChoices(form, "auth");
const SSL_MODE_FLAG_CHOICES = flagChoices(form, "ssl-mode");

test("--auth lists the driver's Auth Methods", () => {
  assert.equal(AUTH_FLAG_CHOICES, choices?.auth?.map((c) => c.value).join(" | "));
});

test("--ssl-mode lists the driver's SSL Modes", () => {
  assert.equal(SSL_MODE_FLAG_CHOICES, choices?.sslMode?.map((c) => c.value).join(" | "));
});

test("the driver labels its choices as the spec does", () => {
  const label = (setting: string, value: string) =>
    choices?.[setting]?.find((c) => c.value === value)?.label;
  assert.equal(label("auth", "basic"), "Username & Password");
  assert.equal(label("sslMode", "verify-ca"), "Verify CA");
});

test("quarry --help names the supported versions", () => {
  const help = execFileSync(
    process.execPath,
    [join(import.meta.dirname, "../../src/cli/main.ts"), "--help"],
    {
      encoding: "utf8",
    },
  );
  assert.match(help, /Elasticsearch 7\.17, 8\.x and 9\.x/);
});
