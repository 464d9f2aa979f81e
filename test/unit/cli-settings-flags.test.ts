/**
 * The CLI's settings flags are generated from a driver's settings form: the Elasticsearch form
 * and the JSON-file test driver's give each their own flags, read back into settings, with
 * refusals that name the flag.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { Command } from "commander";
import {
  addSettingsFlags,
  flagHint,
  refuseForeignFlags,
  settingsFromFlags,
} from "../../src/cli/settings-flags.ts";
import { QuarryError } from "../../src/core/errors.ts";
import { PLUGIN_API_VERSION } from "../../src/core/plugin.ts";
import type { SettingsForm } from "../../src/core/settings-form.ts";
import { activate as activateEs } from "../../src/drivers/elasticsearch/plugin.ts";
import { activate as activateJson } from "../support/drivers/jsonfile/plugin.ts";

const host = { apiVersion: PLUGIN_API_VERSION, appVersion: "test" };
const es = activateEs(host).settingsForm?.() as SettingsForm;
const json = activateJson(host).settingsForm?.() as SettingsForm;

function parse(form: SettingsForm, mode: "add" | "edit" | "url", args: string[]) {
  const cmd = new Command("x").exitOverride();
  addSettingsFlags(cmd, form, mode);
  cmd.parse(args, { from: "user" });
  return { cmd, opts: cmd.opts() };
}

describe("settings flags from a driver's form", () => {
  it("add: every field's flag, a boolean and a file also --no-<flag>", () => {
    const { cmd } = parse(es, "add", []);
    const longs = cmd.options.map((o) => o.long);
    for (const flag of ["--host", "--port", "--auth", "--username", "--password-stdin"])
      assert.ok(longs.includes(flag), flag);
    for (const flag of ["--ssl-mode", "--ca-file", "--no-ca-file", "--skip-tls-verify"])
      assert.ok(longs.includes(flag), flag);
    assert.ok(longs.includes("--no-skip-tls-verify"));
    assert.match(cmd.helpInformation(), /--port <port>\s+REST port \(default 9200\)/);
  });

  it("url: the URL gives host and port; the user flag is --user", () => {
    const longs = parse(es, "url", []).cmd.options.map((o) => o.long);
    assert.deepEqual(longs, [
      "--user",
      "--password-stdin",
      "--api-key-stdin",
      "--ssl-mode",
      "--ca-file",
      "--client-cert",
      "--client-key",
      "--client-key-passphrase-stdin",
      "--skip-tls-verify",
      "--hosts",
      "--discover-nodes",
      "--proxy",
      "--proxy-password-stdin",
      "--ssh",
      "--ssh-key",
      "--ssh-passphrase-stdin",
      "--ssh-known-hosts",
      "--ssh-accept-host-key",
    ]);
  });

  it("reads the flags back as settings; secrets are not settings", () => {
    const { opts } = parse(es, "edit", [
      "--port",
      "9201",
      "--no-skip-tls-verify",
      "--password-stdin",
    ]);
    assert.deepEqual(settingsFromFlags(es, opts, "edit"), { port: "9201", skipTlsVerify: false });
    const cleared = parse(es, "edit", ["--no-ca-file"]).opts;
    assert.deepEqual(settingsFromFlags(es, cleared, "edit"), { caFile: null });
  });

  it("another driver's form gives its own flags, and only those", () => {
    const { cmd, opts } = parse(json, "add", ["--data-file", "/tmp", "--layout", "rows"]);
    assert.deepEqual(
      cmd.options.map((o) => o.long),
      ["--data-file", "--no-data-file", "--layout", "--table-name"],
    );
    assert.deepEqual(settingsFromFlags(json, opts, "add"), { file: "/tmp", layout: "rows" });
  });

  it("a refusal's field names its flag", () => {
    assert.equal(flagHint(es, "SSL Mode"), "--ssl-mode");
    assert.equal(flagHint(es, "CA file"), "--ca-file <path> / --no-ca-file");
    assert.equal(flagHint(es, "Skip TLS Verification"), "--skip-tls-verify / --no-skip-tls-verify");
    assert.equal(flagHint(json, "Layout"), "--layout");
  });

  it("a flag of another database than the connection's is refused", () => {
    const cmd = new Command("x").exitOverride();
    addSettingsFlags(cmd, es, "edit");
    addSettingsFlags(cmd, json, "edit");
    cmd.parse(["--ssl-mode", "disabled"], { from: "user" });
    assert.throws(
      () => refuseForeignFlags(json, [es, json], cmd.opts(), "edit", "jsonfile"),
      (e: unknown) =>
        e instanceof QuarryError &&
        e.message === "--ssl-mode does not apply to a jsonfile connection",
    );
    refuseForeignFlags(es, [es, json], cmd.opts(), "edit", "elasticsearch");
  });
});
