/**
 * The route settings and their pure rules: nodes, proxy and SSH tunnel settings checked and
 * normalized, known_hosts verdicts (plain, `[host]:port`, hashed, changed, revoked), which requests
 * may be sent again to another node, and the order nodes are tried in with a dead one left out.
 */
import assert from "node:assert/strict";
import { createHmac, randomBytes } from "node:crypto";
import { describe, it } from "node:test";
import { isQuarryError } from "../../src/core/errors.ts";
import { secretFields, validateConfig } from "../../src/drivers/elasticsearch/wire/config.ts";
import type { NodeRoute } from "../../src/drivers/elasticsearch/wire/dispatchers.ts";
import {
  DEAD_FOR_MS,
  neverSent,
  safeToResend,
} from "../../src/drivers/elasticsearch/wire/failover.ts";
import {
  checkHostKey,
  fingerprintOf,
  knownHostsLine,
} from "../../src/drivers/elasticsearch/wire/known-hosts.ts";
import { NodeRoutes } from "../../src/drivers/elasticsearch/wire/node-routes.ts";
import { proxyError } from "../../src/drivers/elasticsearch/wire/route-errors.ts";
import {
  describeRoutes,
  parseHosts,
  parseProxy,
  parseSsh,
  publishedNodes,
} from "../../src/drivers/elasticsearch/wire/routes.ts";

const refusedWith = (fn: () => unknown, field: RegExp) =>
  assert.throws(
    fn,
    (e) => isQuarryError(e) && e.code === "invalid_config" && field.test(e.message),
  );

describe("route settings", () => {
  it("reads nodes, with 9200 where no port is written, dropping repeats", () => {
    assert.deepEqual(parseHosts("a:9201, b ,[::1]:9300,a:9201"), [
      { host: "a", port: 9201 },
      { host: "b", port: 9200 },
      { host: "::1", port: 9300 },
    ]);
    refusedWith(() => parseHosts("a:99999"), /Nodes/);
    refusedWith(() => parseHosts("http://a:9200"), /Nodes/);
    refusedWith(() => parseHosts(" , "), /Nodes/);
  });

  it("Nodes make Host and Port the first node", () => {
    const c = validateConfig({ host: "localhost", hosts: "es1:9201,es2:9202" });
    assert.equal(c.host, "es1");
    assert.equal(c.port, 9201);
    assert.equal(c.hosts, "es1:9201,es2:9202");
  });

  it("a proxy: a user but never a password in the URL, no path; direct is a choice", () => {
    assert.deepEqual(parseProxy("http://me@proxy:3128"), {
      url: "http://proxy:3128",
      username: "me",
    });
    assert.deepEqual(parseProxy("https://proxy"), { url: "https://proxy" });
    refusedWith(() => parseProxy("http://me:pw@proxy:3128"), /HTTP proxy: carries a password/);
    refusedWith(() => parseProxy("socks5://proxy:1080"), /HTTP proxy/);
    refusedWith(() => parseProxy("http://proxy:3128/path"), /HTTP proxy: has a path/);
    refusedWith(() => parseProxy("proxy:3128"), /HTTP proxy/);
    assert.equal(validateConfig({ host: "h", proxy: "direct" }).proxy, "direct");
  });

  it("an SSH tunnel is user@host[:port]; its key settings need it; not with a proxy", () => {
    assert.deepEqual(parseSsh("ops@bastion"), { username: "ops", host: "bastion", port: 22 });
    assert.deepEqual(parseSsh("ops@10.0.0.1:2222"), {
      username: "ops",
      host: "10.0.0.1",
      port: 2222,
    });
    refusedWith(() => parseSsh("bastion:22"), /SSH tunnel/);
    refusedWith(() => validateConfig({ host: "h", sshKey: "/k" }), /SSH key: is set without/);
    refusedWith(
      () => validateConfig({ host: "h", ssh: "a@b", proxy: "http://p:1" }),
      /SSH tunnel: and HTTP proxy/,
    );
    refusedWith(
      () => validateConfig({ host: "h", ssh: "a@b", sshAcceptHostKey: "MD5:aa" }),
      /Accept bastion key/,
    );
  });

  it("the secrets the routes use", () => {
    const proxied = validateConfig({ host: "h", proxy: "http://me@p:3128" });
    assert.deepEqual(secretFields(proxied), ["proxyPassword"]);
    assert.deepEqual(secretFields(validateConfig({ host: "h", proxy: "http://p:3128" })), []);
    const ssh = validateConfig({ host: "h", ssh: "a@b", sshKey: "/k", auth: "api-key" });
    assert.deepEqual(secretFields(ssh), ["apiKey", "sshPassphrase"]);
  });

  it("describes the routes after the endpoint, never with a secret", () => {
    assert.equal(
      describeRoutes({ hosts: "a:9200,b:9200,c:9200", ssh: "ops@b:22" }),
      " and 2 more nodes, through SSH ops@b:22",
    );
    assert.equal(describeRoutes({ proxy: "http://me@p:3128" }), ", through proxy http://p:3128");
    assert.equal(describeRoutes({ proxy: "direct" }), "");
  });

  it("reads the addresses _nodes/http publishes", () => {
    assert.deepEqual(
      publishedNodes({
        nodes: {
          a: { http: { publish_address: "10.0.0.1:9200" } },
          b: { http: { publish_address: "es-2/10.0.0.2:9201" } },
          c: { http: {} },
        },
      }),
      [
        { host: "10.0.0.1", port: 9200 },
        { host: "10.0.0.2", port: 9201 },
      ],
    );
  });
});

describe("known_hosts", () => {
  const blob = (type: string) => {
    const name = Buffer.from(type);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(name.length);
    return Buffer.concat([len, name, randomBytes(32)]);
  };
  const key = blob("ssh-ed25519");
  const other = blob("ssh-ed25519");

  it("a host's key by name, by [host]:port and by hashed name", () => {
    const line = knownHostsLine("bastion", 2222, key);
    assert.match(line, /^\[bastion\]:2222 ssh-ed25519 /);
    assert.deepEqual(checkHostKey(line, "bastion", 2222, key), { kind: "known" });
    assert.equal(checkHostKey(line, "bastion", 22, key).kind, "unknown");
    const salt = randomBytes(20);
    const hash = createHmac("sha1", salt).update("bastion").digest("base64");
    const hashed = `|1|${salt.toString("base64")}|${hash} ssh-ed25519 ${key.toString("base64")}\n`;
    assert.deepEqual(checkHostKey(`# comment\n${hashed}`, "bastion", 22, key), { kind: "known" });
    assert.deepEqual(
      checkHostKey(`other,bastion ssh-ed25519 ${key.toString("base64")}`, "bastion", 22, key),
      { kind: "known" },
    );
  });

  it("a new host shows its fingerprint; a changed key names both; a revoked one is refused", () => {
    assert.deepEqual(checkHostKey("", "b", 22, key), {
      kind: "unknown",
      fingerprint: fingerprintOf(key),
    });
    assert.match(fingerprintOf(key), /^SHA256:[A-Za-z0-9+/]{43}$/);
    assert.deepEqual(checkHostKey(knownHostsLine("b", 22, other), "b", 22, key), {
      kind: "changed",
      fingerprint: fingerprintOf(key),
      expected: [fingerprintOf(other)],
    });
    const revoked = `@revoked b ssh-ed25519 ${key.toString("base64")}`;
    assert.equal(checkHostKey(revoked, "b", 22, key).kind, "changed");
  });
});

describe("failover", () => {
  it("resends reads and point-in-time work, never a write", () => {
    for (const [m, p] of [
      ["GET", "/idx/_doc/1"],
      ["HEAD", "/idx"],
      ["POST", "/idx/_search"],
      ["POST", "/_search?scroll=1m"],
      ["POST", "/idx/_pit?keep_alive=1m"],
      ["DELETE", "/_pit"],
      ["POST", "/_query"],
      ["POST", "/idx/_count"],
      ["POST", "/_mget"],
    ])
      assert.ok(safeToResend(m!, p!), `${m} ${p}`);
    for (const [m, p] of [
      ["POST", "/idx/_doc"],
      ["PUT", "/idx/_doc/1"],
      ["POST", "/_bulk"],
      ["POST", "/idx/_delete_by_query"],
      ["POST", "/idx/_update_by_query"],
      ["DELETE", "/idx"],
      ["POST", "/idx/_update/1"],
    ])
      assert.ok(!safeToResend(m!, p!), `${m} ${p}`);
  });

  it("knows a request never left: refused, unreachable, not resolved, connect timeout", () => {
    assert.ok(neverSent({ code: "ECONNREFUSED" }));
    assert.ok(neverSent({ cause: { code: "UND_ERR_CONNECT_TIMEOUT" } }));
    assert.ok(!neverSent({ code: "ECONNRESET" }));
    assert.ok(!neverSent({ code: "UND_ERR_SOCKET" }));
  });

  it("a proxy's refusals are the proxy's", () => {
    const e = proxyError(new Error("Proxy response (403) !== 200 when HTTP Tunneling"), "http://p");
    assert.equal(e?.details.step, "proxy");
    assert.match(e?.message ?? "", /could not reach the cluster \(it answered 403\)/);
    assert.equal(proxyError({ code: "ECONNRESET" }, "http://p"), undefined);
  });

  it("tries the node in use first, leaves a dead one out for a while, then tries it again", () => {
    let now = 1_000;
    const routes = new NodeRoutes(
      parseHosts("a,b,c"),
      async () => ({}) as NodeRoute,
      () => now,
    );
    assert.deepEqual(routes.order(), [0, 1, 2]);
    routes.failed(0);
    routes.served(1);
    assert.deepEqual(routes.order(), [1, 2, 0]);
    now += 10;
    routes.failed(1);
    now += 10;
    routes.failed(2);
    // All out: tried anyway, the longest out first.
    assert.deepEqual(routes.order(), [0, 1, 2]);
    now += DEAD_FOR_MS;
    routes.served(2);
    assert.deepEqual(routes.order(), [2, 0, 1]);
    routes.add(parseHosts("c,d"));
    assert.equal(routes.size, 4);
  });
});
