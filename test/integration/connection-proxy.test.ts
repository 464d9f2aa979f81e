/**
 * Connections through a real HTTP proxy (Debian's tinyproxy, started here on loopback): the
 * driver's session over CONNECT to the TLS node es8-secure and by absolute URL to the plain node
 * es8; the proxy's sign-in (its password in the secret store, never in the connections file or
 * any output); HTTPS_PROXY honoured when the connection names no proxy, NO_PROXY and `direct`
 * bypassing it; a proxy that refuses (407) and one that is down, each named.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { addConnection } from "../../src/app/connections/connection-service.ts";
import { cliRunner } from "../support/cli-runner.ts";
import { node, plainConfig, securedConfig, session } from "../support/cluster.ts";
import { mcpClient, mcpTestServer } from "../support/mcp.ts";
import { refusalOf } from "../support/refusal.ts";
import { freePort, type RunningServer, startTinyproxy } from "../support/route-servers.ts";

const AUTH = { user: "quarry", password: "pr0xy-s3cret" };

describe("connections through an HTTP proxy (tinyproxy)", { timeout: 180_000 }, () => {
  let open: RunningServer;
  let guarded: RunningServer;
  const cli = cliRunner("proxy");
  // The MCP server's connection goes through the signing-in proxy, started before it is saved.
  const srv = mcpTestServer({
    connections: async (home) => {
      open = await startTinyproxy();
      guarded = await startTinyproxy(AUTH);
      await addConnection(
        home.storage,
        {
          name: "proxied",
          type: "elasticsearch",
          settings: {
            ...plainConfig(node("es8")),
            proxy: `http://${AUTH.user}@127.0.0.1:${guarded.port}`,
          },
          externalClients: "read-only",
          aiPolicy: "always-allow",
        },
        { proxyPassword: AUTH.password },
      );
    },
    token: { name: "r", scope: "read-only" },
  });
  const client = mcpClient(srv, "2026-07-28");
  after(async () => {
    await open?.stop();
    await guarded?.stop();
  });

  it("reaches a TLS node through CONNECT and a plain node by absolute URL", async () => {
    const { config, secrets } = securedConfig({ proxy: `http://127.0.0.1:${open.port}` });
    const tls = session(config, secrets);
    const plain = session({ ...plainConfig(node("es8")), proxy: `http://127.0.0.1:${open.port}` });
    try {
      assert.ok((await tls.testConnection()).version.startsWith("8."));
      assert.ok((await plain.testConnection()).version.startsWith("8."));
    } finally {
      await tls.close();
      await plain.close();
    }
    assert.match(open.log(), /CONNECT/, "the TLS node was reached through the proxy");
  });

  it("signs in to the proxy with the stored password; a wrong one is a 407 named as the proxy's", async () => {
    const proxy = `http://${AUTH.user}@127.0.0.1:${guarded.port}`;
    const good = session({ ...plainConfig(node("es8")), proxy }, { proxyPassword: AUTH.password });
    const bad = session({ ...plainConfig(node("es8")), proxy }, { proxyPassword: "wrong" });
    const anonymous = session({
      ...plainConfig(node("es8")),
      proxy: `http://127.0.0.1:${guarded.port}`,
    });
    const tlsBad = session(securedConfig({ proxy }).config, {
      ...securedConfig().secrets,
      proxyPassword: "wrong",
    });
    try {
      await good.testConnection();
      for (const [s, status] of [
        [anonymous, 407],
        [bad, 401],
        [tlsBad, 401],
      ] as const) {
        const e = await refusalOf(s.testConnection());
        assert.equal(e.code, "connection_failed");
        assert.match(e.message, new RegExp(`proxy .* refused the sign-in \\(HTTP ${status}\\)`));
        assert.equal(e.details.step, "proxy");
        assert.doesNotMatch(JSON.stringify(e), /wrong|pr0xy/);
      }
    } finally {
      await Promise.all([good.close(), bad.close(), tlsBad.close(), anonymous.close()]);
    }
  });

  it("an MCP call goes through the proxy", async () => {
    const connects = guarded.log().length;
    const res = await client.callTool({
      name: "browse_table",
      arguments: { connection: "proxied", table: "sample-orders", page_size: 1 },
    });
    assert.equal(res.isError ?? false, false, JSON.stringify(res.content));
    assert.ok(guarded.log().length > connects, "the proxy carried it");
    assert.doesNotMatch(JSON.stringify(res), /pr0xy/);
  });

  it("names a proxy that is down", async () => {
    const down = await freePort();
    const s = session({ ...plainConfig(node("es8")), proxy: `http://127.0.0.1:${down}` });
    try {
      const e = await refusalOf(s.testConnection());
      assert.match(e.message, new RegExp(`proxy http://127.0.0.1:${down} is not answering`));
      assert.equal(e.details.step, "proxy");
    } finally {
      await s.close();
    }
  });

  it("quarry connections add --proxy: the password from standard input into the secret store", async () => {
    const es8 = node("es8");
    const port = new URL(es8.url).port;
    const add = await cli.quarry(
      [
        "connections",
        "add",
        "--name",
        "prox",
        "--host",
        "127.0.0.1",
        "--port",
        port,
        "--auth",
        "none",
        "--ssl-mode",
        "disabled",
        "--proxy",
        `http://${AUTH.user}@127.0.0.1:${guarded.port}`,
        "--proxy-password-stdin",
      ],
      AUTH.password,
    );
    assert.equal(add.code, 0, add.err + add.out);
    const test = await cli.quarry(["connections", "test", "prox"]);
    assert.equal(test.code, 0, test.err + test.out);
    const tables = await cli.quarry(["tables", "prox"]);
    assert.equal(tables.code, 0, tables.err + tables.out);
    const file = readFileSync(join(cli.home, "connections.json"), "utf8");
    assert.match(file, /"proxy": "http:\/\/quarry@127\.0\.0\.1/);
    for (const text of [file, add.out, add.err, test.out, test.err])
      assert.doesNotMatch(text, /pr0xy-s3cret/);
  });

  it("honours HTTPS_PROXY when the connection names none, and NO_PROXY and direct bypass it", async () => {
    const saved = { ...process.env };
    const connects = () => open.log().split("CONNECT").length;
    const before = connects();
    try {
      process.env.HTTP_PROXY = `http://127.0.0.1:${open.port}`;
      process.env.HTTPS_PROXY = `http://127.0.0.1:${open.port}`;
      delete process.env.NO_PROXY;
      delete process.env.no_proxy;
      const viaEnv = session(securedConfig().config, securedConfig().secrets);
      await viaEnv.testConnection();
      await viaEnv.close();
      assert.ok(connects() > before, "the environment's proxy was used");
      const seen = connects();
      process.env.NO_PROXY = "127.0.0.1";
      const bypass = session(securedConfig().config, securedConfig().secrets);
      await bypass.testConnection();
      await bypass.close();
      delete process.env.NO_PROXY;
      const direct = session(securedConfig({ proxy: "direct" }).config, securedConfig().secrets);
      await direct.testConnection();
      await direct.close();
      assert.equal(connects(), seen, "NO_PROXY and direct went around the proxy");
    } finally {
      for (const k of ["HTTP_PROXY", "HTTPS_PROXY", "NO_PROXY"]) {
        if (saved[k] === undefined) delete process.env[k];
        else process.env[k] = saved[k];
      }
    }
  });
});
