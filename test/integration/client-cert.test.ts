/**
 * Client certificates (mutual TLS) on a real node that requires one (es8-mtls:
 * `xpack.security.http.ssl.client_authentication: required`, a PKI realm), with certificates made
 * by openssl from the node's test CA: the PKI realm signs in by the certificate alone, basic auth
 * signs in on top of it, an encrypted key's passphrase comes from standard input into the secret
 * store; a missing, expired or untrusted certificate and a wrong passphrase each say which, naming
 * the step. From the CLI, an MCP call and the editor.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { before, describe, it } from "node:test";
import { clientCertPaths, PKI_USER } from "../../scripts/es/client-certs.ts";
import { CONNECTIONS_FILE } from "../../src/app/storage/connection-store.ts";
import { cliRunner } from "../support/cli-runner.ts";
import { node, portOf } from "../support/cluster.ts";
import { bulkLoad, esOk } from "../support/es.ts";
import { withMcpClientOn } from "../support/mcp.ts";
import { appWithBrowser, screenshot } from "../support/ui.ts";

const INDEX = `qt-mtls-${process.pid}`;
const mtls = () => node("es8-mtls");
const certs = () => clientCertPaths("es8-mtls");

before(async () => {
  // The PKI realm's user may read and monitor, mapped from the certificate's CN.
  await esOk("es8-mtls", "PUT", "/_security/role/quarry-pki-reader", {
    cluster: ["monitor"],
    indices: [{ names: ["*"], privileges: ["read", "view_index_metadata", "monitor"] }],
  });
  await esOk("es8-mtls", "PUT", "/_security/role_mapping/quarry-pki", {
    roles: ["quarry-pki-reader"],
    enabled: true,
    rules: { field: { username: PKI_USER } },
  });
  await bulkLoad("es8-mtls", INDEX, [{ n: 1 }, { n: 2 }]);
});

describe("client certificate: the CLI", () => {
  const cli = cliRunner("mtls");
  const url = () => `https://127.0.0.1:${portOf(mtls())}`;
  const base = (name: string, cert: string, key: string) => [
    "connections",
    "add",
    "--name",
    name,
    "--url",
    url(),
    "--ca-file",
    mtls().caPath!,
    "--client-cert",
    cert,
    "--client-key",
    key,
  ];

  it("signs in through the PKI realm by the certificate alone", async () => {
    const added = await cli.json<{ test: { ok: boolean } }>([
      ...base("mtls", certs().cert, certs().key),
      "--auth",
      "none",
    ]);
    assert.equal(added.test.ok, true, JSON.stringify(added.test));
    assert.match((await cli.ok(["tables", "mtls"])).out, new RegExp(INDEX));
    const who = await cli.ok(["console", "mtls", "GET", "/_security/_authenticate"]);
    assert.match(who.out, /"username"\s*:\s*"quarry-pki"/);
    assert.match(who.out, /"type"\s*:\s*"pki"/);
    assert.match((await cli.ok(["connections", "test", "mtls"])).out, /Connected with "mtls"/);
  });

  it("an encrypted key: the passphrase from standard input, kept out of the connections file", async () => {
    const { passphrase } = certs();
    const r = await cli.quarry(
      [
        ...base("mtls-enc", certs().cert, certs().encryptedKey),
        "--auth",
        "none",
        "--client-key-passphrase-stdin",
      ],
      passphrase,
    );
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /Connected: Elasticsearch 8\./);
    assert.match(r.out, /Client key passphrase stored in/);
    const file = readFileSync(join(cli.home, CONNECTIONS_FILE), "utf8");
    assert.ok(!file.includes(passphrase), "the passphrase is not in the connections file");

    const wrong = await cli.quarry(
      ["connections", "edit", "mtls-enc", "--client-key-passphrase-stdin", "--no-test"],
      "not-the-passphrase",
    );
    assert.equal(wrong.code, 0, wrong.err);
    const failed = await cli.quarry(["connections", "test", "mtls-enc"]);
    assert.notEqual(failed.code, 0);
    assert.match(
      failed.err,
      /Failed step: client certificate\nerror: Connection failed: the client key .* cannot be decrypted with the stored passphrase/,
    );
    assert.match(failed.err, /--client-key-passphrase-stdin/);
    assert.ok(!`${failed.out}${failed.err}`.includes("not-the-passphrase"));
  });

  it("no certificate: says the cluster requires one; basic auth then signs in on top of one", async () => {
    const r = await cli.quarry(
      [
        "connections",
        "add",
        "--name",
        "no-cert",
        "--url",
        url(),
        "--ca-file",
        mtls().caPath!,
        "--username",
        "elastic",
        "--password-stdin",
        "--no-test",
      ],
      mtls().password!,
    );
    assert.equal(r.code, 0, r.err);
    const failed = await cli.quarry(["connections", "test", "no-cert"]);
    assert.notEqual(failed.code, 0);
    assert.match(
      failed.err,
      /Failed step: client certificate\nerror: Connection failed: the cluster requires a client certificate, and the connection presents none/,
    );
    assert.match(failed.err, /--client-cert <cert\.pem> --client-key <key\.pem>/);

    await cli.ok([
      "connections",
      "edit",
      "no-cert",
      "--client-cert",
      certs().cert,
      "--client-key",
      certs().key,
    ]);
    const who = await cli.ok(["console", "no-cert", "GET", "/_security/_authenticate"]);
    assert.match(who.out, /"username"\s*:\s*"elastic"/);
  });

  it("an expired and an untrusted certificate each say so", async () => {
    await cli.ok([
      ...base("expired", certs().expiredCert, certs().key),
      "--auth",
      "none",
      "--no-test",
    ]);
    const expired = await cli.quarry(["connections", "test", "expired"]);
    assert.notEqual(expired.code, 0);
    assert.match(
      expired.err,
      /Failed step: client certificate\nerror: Connection failed: the client certificate .*expired\.crt \(CN=quarry-pki\) expired on 2020-02-01/,
    );
    await cli.ok([
      ...base("stranger", certs().strangerCert, certs().strangerKey),
      "--auth",
      "none",
      "--no-test",
    ]);
    const stranger = await cli.quarry(["connections", "test", "stranger"]);
    assert.notEqual(stranger.code, 0);
    assert.match(
      stranger.err,
      /Failed step: client certificate\nerror: Connection failed: the cluster does not trust the client certificate/,
    );
  });
});

describe("client certificate: an MCP call", () => {
  it("lists the tables, signed in by the certificate", async () => {
    await withMcpClientOn(
      "mtls",
      {
        host: "127.0.0.1",
        port: portOf(mtls()),
        sslMode: "verify-identity",
        caFile: mtls().caPath!,
        clientCert: certs().cert,
        clientKey: certs().key,
        auth: "none",
      },
      async (client) => {
        const result = (await client.callTool({
          name: "list_tables",
          arguments: { connection: "mtls" },
        })) as { isError?: boolean; content: { text: string }[] };
        assert.notEqual(result.isError, true, JSON.stringify(result));
        assert.match(result.content.map((c) => c.text).join("\n"), new RegExp(INDEX));
      },
    );
  });
});

describe("client certificate: the editor", () => {
  const { app, page } = appWithBrowser();

  it("connects with the certificate, names the failed step without it, takes a key's passphrase", async () => {
    await page.goto(`${app.url}#/connections/new/elasticsearch`);
    await page.getByRole("form", { name: "Connection editor" }).waitFor();
    await page.getByLabel("Name", { exact: true }).fill("mutual TLS");
    await page.getByLabel("Host").fill("127.0.0.1");
    await page.getByLabel("Port").fill(String(portOf(mtls())));
    await page.getByLabel("Auth Method").selectOption("none");
    await page.getByLabel("CA file").fill(mtls().caPath!);
    await page.locator("details.advanced > summary").click();
    await page.getByLabel("Client certificate", { exact: true }).fill(certs().cert);
    await page.getByLabel("Client key", { exact: true }).fill(certs().key);
    await page.getByRole("button", { name: "Test", exact: true }).click();
    await page
      .getByTestId("test-result")
      .getByText(/Connected to Elasticsearch 8\./)
      .waitFor({ timeout: 60_000 });
    await screenshot(page, "connection-client-certificate");

    await page.getByLabel("Client certificate", { exact: true }).fill("");
    await page.getByLabel("Client key", { exact: true }).fill("");
    await page.getByRole("button", { name: "Test", exact: true }).click();
    await page
      .getByTestId("failed-step")
      .getByText("Failed step: client certificate")
      .waitFor({ timeout: 60_000 });
    assert.match(
      await page.getByTestId("test-result").innerText(),
      /requires a client certificate, and the connection presents none/,
    );
    await screenshot(page, "connection-test-failed-step");

    // An encrypted key with its passphrase, typed into the secret field.
    await page.getByLabel("Client certificate", { exact: true }).fill(certs().cert);
    await page.getByLabel("Client key", { exact: true }).fill(certs().encryptedKey);
    await page.getByLabel("Client key passphrase").fill(certs().passphrase);
    await page.getByRole("button", { name: "Test", exact: true }).click();
    await page
      .getByTestId("test-result")
      .getByText(/Connected to Elasticsearch 8\./)
      .waitFor({ timeout: 60_000 });
  });
});
