/**
 * Connections through a real SSH bastion (OpenSSH's sshd, started here on loopback with its own
 * host key and a key-only sign-in): the tunnel to the TLS node es8-secure (its certificate still
 * checked against its own name), a new bastion refused with its fingerprint and accepted once,
 * explicitly; a changed host key refused naming both fingerprints with nothing sent; a wrong key
 * and a wrong passphrase each said; one SSH connection shared by a connection's sessions and
 * closed with the last; the CLI with the passphrase from standard input.
 */
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { addConnection } from "../../src/app/connections/connection-service.ts";
import type { ConnectionSecrets } from "../../src/core/driver.ts";
import { EsSession } from "../../src/drivers/elasticsearch/session.ts";
import type { EsConnectionConfig } from "../../src/drivers/elasticsearch/wire/config.ts";
import { SshTunnels } from "../../src/drivers/elasticsearch/wire/ssh-tunnel.ts";
import { cliRunner } from "../support/cli-runner.ts";
import { node, securedConfig } from "../support/cluster.ts";
import { mcpClient, mcpTestServer } from "../support/mcp.ts";
import { refusalOf } from "../support/refusal.ts";
import { type Sshd, startSshd } from "../support/route-servers.ts";

describe("connections through an SSH tunnel (sshd)", { timeout: 180_000 }, () => {
  let sshd: Sshd;
  let knownHosts: string;
  const cli = cliRunner("ssh");
  const tunnels = new SshTunnels();

  /** es8-secure through the bastion, with the given key settings. */
  function through(extra: Partial<EsConnectionConfig> = {}, more: ConnectionSecrets = {}) {
    const { config, secrets } = securedConfig({
      ssh: `${sshd.user}@127.0.0.1:${sshd.port}`,
      sshKey: sshd.key,
      sshKnownHosts: knownHosts,
      ...extra,
    });
    return new EsSession(config, { ...secrets, ...more }, { tunnels });
  }

  // The MCP server's connection goes through the bastion, started before it is saved; its
  // known_hosts is its own, holding the bastion's key.
  const srv = mcpTestServer({
    connections: async (home) => {
      sshd = await startSshd();
      knownHosts = join(sshd.dir, "known_hosts");
      writeFileSync(knownHosts, "", { mode: 0o600 });
      const mcpKnown = join(sshd.dir, "mcp_known_hosts");
      writeFileSync(mcpKnown, sshd.knownHostsLine(), { mode: 0o600 });
      const { config, secrets } = securedConfig({
        ssh: `${sshd.user}@127.0.0.1:${sshd.port}`,
        sshKey: sshd.encryptedKey,
        sshKnownHosts: mcpKnown,
      });
      await addConnection(
        home.storage,
        {
          name: "tunnelled",
          type: "elasticsearch",
          settings: { ...config },
          externalClients: "read-only",
          aiPolicy: "always-allow",
        },
        { ...secrets, sshPassphrase: sshd.passphrase },
      );
    },
    token: { name: "r", scope: "read-only" },
  });
  const client = mcpClient(srv, "2026-07-28");
  after(async () => {
    await sshd?.stop();
  });

  it("refuses a new bastion with its fingerprint, then accepts it once when told", async () => {
    const first = through();
    const e = await refusalOf(first.testConnection());
    await first.close();
    assert.equal(e.details.step, "host_key");
    const fingerprint = /its key is (SHA256:\S+)/.exec(e.message)?.[1];
    assert.ok(fingerprint, e.message);
    assert.match(
      e.remedy,
      new RegExp(`--ssh-accept-host-key ${fingerprint.replace(/\+/g, "\\+")}`),
    );
    assert.equal(readFileSync(knownHosts, "utf8"), "", "nothing written before it was accepted");

    const accepted = through({ sshAcceptHostKey: fingerprint });
    assert.ok((await accepted.testConnection()).version.startsWith("8."));
    await accepted.close();
    assert.equal(readFileSync(knownHosts, "utf8"), sshd.knownHostsLine());
  });

  it("an MCP call goes through the tunnel", async () => {
    const res = await client.callTool({
      name: "list_tables",
      arguments: { connection: "tunnelled" },
    });
    assert.equal(res.isError ?? false, false, JSON.stringify(res.content));
    assert.doesNotMatch(JSON.stringify(res), new RegExp(sshd.passphrase));
  });

  it("checks the node's certificate against its own name through the tunnel", async () => {
    const s = through();
    try {
      const tables = await s.grid.listTables();
      assert.ok(Array.isArray(tables));
    } finally {
      await s.close();
    }
  });

  it("shares one SSH connection among a connection's sessions and closes it with the last", async () => {
    const a = through();
    const b = through();
    await a.testConnection();
    await b.testConnection();
    assert.equal(tunnels.size, 1);
    await a.close();
    assert.equal(tunnels.size, 1, "b still uses it");
    await b.close();
    assert.equal(tunnels.size, 0);
  });

  it("says a wrong key, a wrong passphrase and a missing one", async () => {
    const stranger = through({ sshKey: sshd.strangerKey });
    const wrongKey = await refusalOf(stranger.testConnection());
    await stranger.close();
    assert.equal(wrongKey.details.step, "ssh_auth");
    assert.match(wrongKey.message, /refused the key/);

    const wrong = through({ sshKey: sshd.encryptedKey }, { sshPassphrase: "not it" });
    const badPass = await refusalOf(wrong.testConnection());
    await wrong.close();
    assert.match(badPass.message, /passphrase is wrong or missing/);
    assert.doesNotMatch(JSON.stringify(badPass), /not it/);

    const none = through({ sshKey: sshd.encryptedKey });
    const missing = await refusalOf(none.testConnection());
    await none.close();
    assert.match(missing.message, /passphrase is wrong or missing/);

    const right = through({ sshKey: sshd.encryptedKey }, { sshPassphrase: sshd.passphrase });
    await right.testConnection();
    await right.close();
  });

  it("quarry connections add --ssh --ssh-key with the passphrase from standard input", async () => {
    const es = node("es8-secure");
    // Standard input carries one secret at a time: the passphrase now, the password in an edit.
    const basic = await cli.quarry(
      [
        "connections",
        "add",
        "--name",
        "bastion",
        "--host",
        "127.0.0.1",
        "--port",
        new URL(es.url).port,
        "--ssl-mode",
        "verify-identity",
        "--ca-file",
        es.caPath!,
        "--auth",
        "none",
        "--ssh",
        `${sshd.user}@127.0.0.1:${sshd.port}`,
        "--ssh-key",
        sshd.encryptedKey,
        "--ssh-known-hosts",
        knownHosts,
        "--ssh-passphrase-stdin",
        // Signed in by the edit below: the node refuses a request without credentials.
        "--no-test",
      ],
      sshd.passphrase,
    );
    assert.equal(basic.code, 0, basic.err + basic.out);
    const edit = await cli.quarry(
      [
        "connections",
        "edit",
        "bastion",
        "--auth",
        "basic",
        "--username",
        "elastic",
        "--password-stdin",
      ],
      es.password!,
    );
    assert.equal(edit.code, 0, edit.err + edit.out);
    const test = await cli.quarry(["connections", "test", "bastion"]);
    assert.equal(test.code, 0, test.err + test.out);
    const file = readFileSync(join(cli.home, "connections.json"), "utf8");
    for (const text of [file, basic.out, basic.err, test.out, test.err])
      assert.doesNotMatch(text, new RegExp(sshd.passphrase));
  });

  it("refuses a changed host key naming both fingerprints, and sends nothing", async () => {
    await sshd.changeHostKey();
    const s = through();
    const e = await refusalOf(s.testConnection());
    await s.close();
    assert.equal(e.details.step, "host_key");
    const shown = [...e.message.matchAll(/SHA256:[A-Za-z0-9+/]{43}/g)].map((m) => m[0]);
    assert.equal(new Set(shown).size, 2, e.message);
    assert.match(e.message, /key changed.*nothing was sent/);
    // Even a fingerprint "accepted" does not override a changed key.
    const forced = through({ sshAcceptHostKey: shown[0] });
    const again = await refusalOf(forced.testConnection());
    await forced.close();
    assert.match(again.message, /key changed/);
  });
});
