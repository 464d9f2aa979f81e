/**
 * `quarry connections …` run as a person runs it (bin/quarry, QUARRY_HOME in a temp folder) against
 * the real es8-secure and es7 nodes. Every output and every file but the secret store is searched
 * for the secrets at the end.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { node, portOf } from "../support/cluster.ts";
import { suiteApiKey } from "../support/security-objects.ts";

const quarry = join(import.meta.dirname, "..", "..", "bin", "quarry");
const home = join(mkdtempSync(join(tmpdir(), "qt-conn-cli-")), "quarry-home");
after(() => rmSync(join(home, ".."), { recursive: true, force: true }));

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}
const outputs: string[] = [];

function run(args: string[], stdin = ""): Run {
  const res = spawnSync(quarry, args, {
    input: stdin,
    encoding: "utf8",
    env: { ...process.env, QUARRY_HOME: home, QUARRY_SECRET_STORE: "file" },
    timeout: 60_000,
  });
  outputs.push(res.stdout, res.stderr);
  return { status: res.status, stdout: res.stdout, stderr: res.stderr };
}

function ok(args: string[], stdin = ""): Run {
  const r = run(args, stdin);
  assert.equal(r.status, 0, `quarry ${args.join(" ")} failed:\n${r.stderr}${r.stdout}`);
  return r;
}

/** Runs with --json, expects the exit code, returns the error object. */
function refused(args: string[], status: number, stdin = "") {
  const r = run([...args, "--json"], stdin);
  assert.equal(r.status, status, `quarry ${args.join(" ")}: ${r.stdout}${r.stderr}`);
  const { error } = JSON.parse(r.stdout) as {
    error: { code: string; message: string; remedy: string };
  };
  assert.ok(error.remedy.length > 0);
  return error;
}

const mode = (path: string) => statSync(path).mode & 0o777;

/** Every file under a folder, at any depth (other parts of Quarry keep files in subfolders). */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)],
  );
}

describe("quarry connections", () => {
  const secure = node("es8-secure");
  const seven = node("es7");
  const password = secure.password!;
  const wrongPassword = "Wrong-Pa55word-never-printed";
  /** The secured node's port and user, the password read from stdin. */
  const secureLogin = [
    ...["--port", String(portOf(secure)), "--username", secure.username!],
    "--password-stdin",
  ];
  const unusedPassword = "Unused-Pa55word-never-printed";
  const key = suiteApiKey(`qt-conn-cli-${Date.now()}`);

  it("adds connections with every kind of auth; secrets come from standard input", () => {
    const added = ok(
      [
        "connections",
        "add",
        "--name",
        "Secure",
        "--host",
        "localhost",
        ...secureLogin,
        "--ssl-mode",
        "verify-identity",
        "--ca-file",
        secure.caPath!,
      ],
      `${password}\n`,
    );
    assert.match(added.stdout, /^Saved connection "Secure" \(id [0-9a-f-]{36}\)\./);
    assert.match(
      added.stdout,
      new RegExp(`Password stored in ${home}/secrets.json \\(mode 0600\\)`),
    );

    ok([
      "connections",
      "add",
      "--name",
      "seven",
      "--host",
      "127.0.0.1",
      "--port",
      String(portOf(seven)),
    ]);

    const keyed = JSON.parse(
      ok(
        [
          "connections",
          "add",
          "--name",
          "keyed",
          "--host",
          "127.0.0.2",
          "--port",
          String(portOf(secure)),
          "--api-key-stdin",
          "--ssl-mode",
          "verify-ca",
          "--ca-file",
          secure.caPath!,
          "--external-clients",
          "read-write",
          "--ai-policy",
          "never",
          "--json",
        ],
        key().encoded,
      ).stdout,
    );
    assert.equal(keyed.settings.auth, "api-key", "--api-key-stdin implies --auth api-key");
    assert.equal(keyed.externalClients, "read-write");
    assert.equal(keyed.aiPolicy, "never");
    assert.deepEqual(keyed.secret.stored, ["apiKey"]);
  });

  it("new connections start Read Only for external clients and Ask Each Time for AI", () => {
    const seven = JSON.parse(ok(["connections", "show", "seven", "--json"]).stdout);
    assert.equal(seven.externalClients, "read-only");
    assert.equal(seven.aiPolicy, "ask-each-time");
    assert.equal(seven.settings.sslMode, "disabled");
    assert.deepEqual(seven.secret, { needed: [], stored: [] });
  });

  it("lists them for people and for scripts", () => {
    const table = ok(["connections", "list"]).stdout;
    assert.match(table, /^NAME\s+TYPE\s+ENDPOINT\s+AUTH\s+EXTERNAL CLIENTS\s+AI POLICY$/m);
    assert.match(
      table,
      new RegExp(
        `^Secure\\s+elasticsearch\\s+https://localhost:${portOf(secure)}\\s+Username & Password \\(elastic\\)\\s+Read Only\\s+Ask Each Time$`,
        "m",
      ),
    );
    assert.match(
      table,
      /^keyed\s+elasticsearch\s+https:\/\/127\.0\.0\.2:\d+\s+API Key\s+Read & Write\s+Never$/m,
    );
    const list = JSON.parse(ok(["--json", "connections", "list"]).stdout) as { name: string }[];
    assert.deepEqual(
      list.map((c) => c.name),
      ["Secure", "seven", "keyed"],
    );
  });

  it("show says where the secret is kept, never what it is", () => {
    const text = ok(["connections", "show", "secure"]).stdout;
    assert.match(text, /^Name:\s+Secure$/m);
    assert.match(text, /^SSL Mode:\s+Verify Identity$/m);
    assert.match(text, new RegExp(`^CA file:\\s+${secure.caPath}$`, "m"));
    assert.match(
      text,
      new RegExp(`^Password:\\s+stored in ${home}/secrets.json \\(mode 0600\\)$`, "m"),
    );
    assert.match(
      text,
      /^Secret store:\s+file \(the OS keyring is not used: QUARRY_SECRET_STORE=file\)$/m,
    );
    const json = JSON.parse(ok(["connections", "show", "SECURE", "--json"]).stdout);
    assert.equal(json.secret.location.backend, "file");
    assert.deepEqual(json.secret.stored, ["password"]);
    assert.equal(json.settings.password, undefined);
  });

  it("tests saved connections against es8-secure (basic + CA, API key + Verify CA) and es7", () => {
    assert.match(
      ok(["connections", "test", "Secure"]).stdout,
      new RegExp(
        `^Connected with "Secure": Elasticsearch ${secure.version}, cluster "quarry-es8-secure"$`,
        "m",
      ),
    );
    const keyed = JSON.parse(ok(["connections", "test", "keyed", "--json"]).stdout);
    assert.equal(keyed.connection.name, "keyed");
    assert.equal(keyed.version, secure.version);
    assert.match(ok(["connections", "test", "seven"]).stdout, /Elasticsearch 7\.17\.\d+/);
  });

  it("other commands take a saved connection's name or id where they take a URL", () => {
    assert.match(ok(["test", "secure"]).stdout, /^Connected: Elasticsearch 8\./);
    const { id } = JSON.parse(ok(["connections", "show", "seven", "--json"]).stdout);
    assert.match(ok(["test", id]).stdout, /^Connected: Elasticsearch 7\./);
    const e = refused(["test", "secure", "--ssl-mode", "disabled"], 2);
    assert.match(
      e.message,
      /^--ssl-mode applies only to a URL, and "secure" names a saved connection/,
    );
    const missing = refused(["test", "nowhere"], 2);
    assert.equal(missing.code, "connection_not_found");
    assert.match(missing.remedy, /Secure, seven, keyed/);
  });

  it("edits only the given fields; a wrong password fails the test with exit code 1", () => {
    // The edit is saved, and its test says at once that the new password is wrong (exit 3).
    const edited = run(["connections", "edit", "Secure", "--password-stdin"], wrongPassword);
    assert.equal(edited.status, 3, edited.stderr);
    assert.match(edited.stdout, /^Updated connection "Secure"\./m);
    assert.match(
      edited.stderr,
      /^error: the connection test failed: Authentication failed: unable to authenticate user \[elastic\]$/m,
    );
    const e = refused(["connections", "test", "Secure"], 1);
    assert.equal(e.code, "authentication_failed");
    assert.match(e.message, /^Authentication failed: /);
    assert.match(
      ok(["connections", "edit", "Secure", "--password-stdin"], password).stdout,
      /^Connected: Elasticsearch 8\./m,
    );
    ok(["connections", "test", "Secure"]);

    /** `quarry connections edit <name>` with `flags`, which must succeed. */
    const edit = (name: string, ...flags: string[]) => ok(["connections", "edit", name, ...flags]);
    const renamed = JSON.parse(
      edit("secure", "--name", "Secure EU", "--ai-policy", "always-allow", "--json").stdout,
    );
    assert.equal(renamed.name, "Secure EU");
    assert.equal(renamed.aiPolicy, "always-allow");
    assert.equal(renamed.settings.caFile, secure.caPath, "fields not given are unchanged");
    ok(["connections", "test", "secure eu"]);

    const skip = JSON.parse(
      edit(
        "Secure EU",
        ...["--ssl-mode", "verify-identity", "--host", "127.0.0.2"],
        ...["--no-ca-file", "--skip-tls-verify", "--json"],
      ).stdout,
    );
    assert.equal(skip.settings.caFile, undefined);
    assert.equal(skip.settings.skipTlsVerify, true);
    ok(["connections", "test", "Secure EU"]);
    edit("Secure EU", "--host", "localhost", "--ca-file", secure.caPath!, "--no-skip-tls-verify");
    ok(["connections", "test", "Secure EU"]);
  });

  it("add tests the connection: a wrong password is kept and said, exit 3; --no-test skips it", () => {
    const args = (name: string) => [
      "connections",
      "add",
      "--name",
      name,
      "--host",
      "127.0.0.1",
      ...secureLogin,
      "--ssl-mode",
      "required-skip-verify",
    ];
    const wrong = run(args("typo"), wrongPassword);
    assert.equal(wrong.status, 3, wrong.stderr);
    assert.match(wrong.stdout, /^Saved connection "typo" \(id [0-9a-f-]{36}\)\./m);
    assert.equal(
      wrong.stderr.split("\n")[0],
      "error: the connection test failed: Authentication failed: unable to authenticate user [elastic]",
    );
    assert.match(wrong.stderr, /^Check the username and password or the API key\.$/m);
    assert.match(
      wrong.stderr,
      /The connection is saved as it is: change it with quarry connections edit "typo"/,
    );
    assert.equal(refused(["connections", "test", "typo"], 1).code, "authentication_failed");

    const json = run([...args("typo-json"), "--json"], wrongPassword);
    assert.equal(json.status, 3);
    const body = JSON.parse(json.stdout) as {
      name: string;
      test: { ok: boolean; error: { code: string } };
    };
    assert.equal(body.name, "typo-json");
    assert.deepEqual([body.test.ok, body.test.error.code], [false, "authentication_failed"]);

    const right = run(args("right"), password);
    assert.equal(right.status, 0, right.stderr);
    assert.match(
      right.stdout,
      /^Connected: Elasticsearch 8\.\d+\.\d+, cluster "quarry-es8-secure"\.$/m,
    );

    const offline = run(["connections", "add", "--name", "offline", "--port", "1", "--no-test"]);
    assert.equal(offline.status, 0, offline.stderr);
    assert.doesNotMatch(offline.stdout + offline.stderr, /Connected|test failed/);
    for (const name of ["typo", "typo-json", "right", "offline"])
      ok(["connections", "remove", name]);
  });

  it("refuses bad input with exit code 2, naming the problem and the flag, and changes nothing", () => {
    const before = readFileSync(join(home, "connections.json"), "utf8");
    const secretsBefore = readFileSync(join(home, "secrets.json"), "utf8");

    let e = refused(["connections", "add", "--name", "SEVEN", "--host", "h"], 2);
    assert.equal(e.code, "connection_exists");
    e = refused(["connections", "add", "--host", "h"], 2);
    assert.match(e.message, /--name is required/);
    e = refused(["connections", "add", "--name", "n", "--ssl-mode", "tls"], 2);
    assert.match(e.message, /^SSL Mode: "tls" is not one of the choices/);
    assert.match(e.remedy, /\(Flag: --ssl-mode\.\)$/);
    e = refused(["connections", "add", "--name", "n", "--host", "https://es:9200"], 2);
    assert.match(e.message, /^Host: "https:\/\/es:9200" looks like a URL/);
    e = refused(["connections", "add", "--name", "n", "--port", "92OO"], 2);
    assert.match(e.message, /^Port: /);
    e = refused(
      ["connections", "add", "--name", "n", "--auth", "none", "--password-stdin"],
      2,
      unusedPassword,
    );
    assert.match(
      e.message,
      /^Password: was given, but the connection's Auth Method does not use it/,
    );
    e = refused(["connections", "add", "--name", "n", "--auth", "basic", "--username", "u"], 2);
    assert.match(e.message, /^Password: is missing/);
    e = refused(
      ["connections", "add", "--name", "n", "--password-stdin", "--api-key-stdin"],
      2,
      unusedPassword,
    );
    assert.match(e.message, /both given/);
    e = refused(
      [
        "connections",
        "add",
        "--name",
        "n",
        "--ssl-mode",
        "verify-ca",
        "--ca-file",
        "/nonexistent/ca.pem",
      ],
      2,
    );
    assert.match(e.message, /^The CA file \/nonexistent\/ca\.pem cannot be read/);
    e = refused(["connections", "add", "--name", "n", "--external-clients", "read-only-ish"], 2);
    assert.match(e.message, /^External Clients: /);
    e = refused(["connections", "add", "--name", "http://es:9200"], 2);
    assert.match(e.message, /looks like a URL/);
    e = refused(["connections", "edit", "seven"], 2);
    assert.match(e.message, /^Nothing to change/);
    e = refused(
      [
        "connections",
        "edit",
        "seven",
        "--ssl-mode",
        "verify-ca",
        "--ca-file",
        secure.caPath!,
        "--auth",
        "api-key",
      ],
      2,
    );
    assert.match(e.message, /^API Key: is empty/);
    e = refused(["connections", "edit", "Secure EU", "--ssl-mode", "disabled"], 2);
    assert.match(e.message, /^CA file: is only used with Verify CA or Verify Identity/);
    assert.match(e.remedy, /--no-ca-file/);
    e = refused(["connections", "show", "nope"], 2);
    assert.equal(e.code, "connection_not_found");
    e = refused(["connections", "remove", "nope"], 2);
    assert.equal(e.code, "connection_not_found");

    const unknownFlag = run(["connections", "add", "--name", "n", "--colour", "red"]);
    assert.equal(unknownFlag.status, 2);
    assert.match(unknownFlag.stderr, /unknown option '--colour'/);

    assert.equal(
      readFileSync(join(home, "connections.json"), "utf8"),
      before,
      "connections unchanged",
    );
    assert.equal(
      readFileSync(join(home, "secrets.json"), "utf8"),
      secretsBefore,
      "secrets unchanged",
    );
  });

  it("switching the auth method deletes the secret it no longer uses", () => {
    ok(
      [
        "connections",
        "edit",
        "keyed",
        "--auth",
        "basic",
        "--username",
        "elastic",
        "--password-stdin",
      ],
      password,
    );
    assert.ok(!readFileSync(join(home, "secrets.json"), "utf8").includes(key().encoded));
    ok(["connections", "test", "keyed"]);
    const shown = JSON.parse(ok(["connections", "show", "keyed", "--json"]).stdout);
    assert.deepEqual(shown.secret.stored, ["password"]);
  });

  it("keeps and shows a connection whose driver is not installed", () => {
    const path = join(home, "connections.json");
    const file = JSON.parse(readFileSync(path, "utf8"));
    file.connections.push({
      id: "9d0e8f7a-0000-4000-8000-00000000abcd",
      name: "legacy",
      type: "opensearch-ng",
      settings: { host: "os", port: 9200 },
      externalClients: "blocked",
      aiPolicy: "never",
      createdAt: "2026-01-01T00:00:00.000Z",
      updatedAt: "2026-01-01T00:00:00.000Z",
    });
    writeFileSync(path, JSON.stringify(file));
    assert.match(
      ok(["connections", "list"]).stdout,
      /^legacy\s+opensearch-ng \(driver not installed\)/m,
    );
    assert.match(ok(["connections", "show", "legacy"]).stdout, /^host:\s+"os"$/m);
    const e = refused(["connections", "test", "legacy"], 1);
    assert.equal(e.code, "driver_not_installed");
    ok(["connections", "edit", "legacy", "--external-clients", "read-only"]);
    ok(["connections", "remove", "legacy"]);
  });

  it("removes a connection and its secret", () => {
    const { id } = JSON.parse(ok(["connections", "show", "keyed", "--json"]).stdout);
    assert.match(
      ok(["connections", "remove", "keyed"]).stdout,
      /^Removed connection "keyed" and its stored secret\.$/m,
    );
    assert.ok(!readFileSync(join(home, "secrets.json"), "utf8").includes(id));
    assert.match(ok(["connections", "remove", "seven"]).stdout, /^Removed connection "seven"\.$/m);
    const names = (
      JSON.parse(ok(["connections", "list", "--json"]).stdout) as { name: string }[]
    ).map((c) => c.name);
    assert.deepEqual(names, ["Secure EU"]);
  });

  it("keeps the folder 0700 and the connections and secrets files 0600, with no leftovers", () => {
    assert.equal(mode(home), 0o700);
    for (const name of ["connections.json", "secrets.json"])
      assert.equal(mode(join(home, name)), 0o600);
    const leftovers = filesUnder(home).filter((f) => /\.(lock|tmp)$/.test(f));
    assert.deepEqual(leftovers, [], "no lock or temporary file is left behind");
  });

  it("no secret appears in any output or in any file but the secret store", () => {
    const secrets = [password, key().encoded, wrongPassword, unusedPassword];
    assert.ok(
      readFileSync(join(home, "secrets.json"), "utf8").includes(password),
      "the store holds it",
    );
    const all = outputs.join("\n");
    for (const secret of secrets) assert.ok(!all.includes(secret), "a secret was printed");
    const files = filesUnder(home).filter((f) => f !== join(home, "secrets.json"));
    assert.ok(files.includes(join(home, "connections.json")));
    for (const file of files) {
      const bytes = readFileSync(file);
      for (const secret of secrets) assert.ok(!bytes.includes(secret), `${file} holds a secret`);
    }
  });
});
