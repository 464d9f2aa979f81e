/** Connecting against real 7.17 and 8.x nodes, including the secured one. */
import assert from "node:assert/strict";
import { createServer } from "node:net";
import { after, before, describe, it } from "node:test";
import type { ConnectionSecrets } from "../../src/core/driver.ts";
import { QuarryError } from "../../src/core/errors.ts";
import type { EsConnectionConfig } from "../../src/drivers/elasticsearch/wire/config.ts";
import { ES_REMEDIES } from "../../src/drivers/elasticsearch/wire/error-catalog.ts";
import { connectionTo, node, plainConfig, securedConfig, session } from "../support/cluster.ts";
import { describeOnMajors } from "../support/majors.ts";
import { suiteApiKey } from "../support/security-objects.ts";

async function connect(config: EsConnectionConfig, secrets: ConnectionSecrets = {}) {
  const s = session(config, secrets);
  try {
    return await s.testConnection();
  } finally {
    await s.close();
  }
}

async function refusal(
  config: EsConnectionConfig,
  secrets: ConnectionSecrets = {},
): Promise<QuarryError> {
  try {
    await connect(config, secrets);
  } catch (e) {
    assert.ok(e instanceof QuarryError, `expected a QuarryError, got ${String(e)}`);
    const text = JSON.stringify(e.toJSON());
    for (const secret of [secrets.password, secrets.apiKey]) {
      if (secret) assert.ok(!text.includes(secret), "errors never carry a secret");
    }
    return e;
  }
  assert.fail("expected the connection to be refused");
}

describeOnMajors(
  (name) => `connecting to ${name}`,
  (name) => {
    it("returns the cluster name and version", async () => {
      const n = node(name);
      const { config, secrets } = connectionTo(n);
      const info = await connect(config, secrets);
      assert.equal(info.product, "Elasticsearch");
      assert.equal(info.version, n.version);
      assert.equal(info.major, Number(n.version.split(".")[0]));
      assert.equal(info.clusterName, `quarry-${name}`);
    });
  },
);

describe("connecting to the secured 8.x node", () => {
  it("Username & Password with Verify Identity and the CA file", async () => {
    const { config, secrets } = securedConfig();
    const info = await connect(config, secrets);
    assert.equal(info.major, 8);
  });

  it("a wrong password over HTTPS is `Authentication failed`, without the HTTPS hint or a request path", async () => {
    const { config } = securedConfig();
    const e = await refusal(config, { password: "definitely-wrong" });
    assert.equal(e.code, "authentication_failed");
    assert.equal(e.message, "Authentication failed: unable to authenticate user [elastic]");
    assert.equal(e.remedy, ES_REMEDIES.authenticationFailedOverHttps);
  });

  it("None against the secured node is `Authentication failed`", async () => {
    const { config } = securedConfig({ auth: "none", username: undefined });
    const e = await refusal(config);
    assert.match(e.message, /^Authentication failed: missing authentication credentials/);
  });

  it("plain HTTP against the HTTPS node is `Connection failed`, pointing at HTTPS", async () => {
    const { config, secrets } = securedConfig({ sslMode: "disabled", caFile: undefined });
    const e = await refusal(config, secrets);
    assert.equal(e.code, "connection_failed");
    assert.match(e.message, /^Connection failed: .*HTTPS/);
    assert.match(e.remedy, /SSL Mode/);
  });

  describe("SSL modes", () => {
    const noCa = { caFile: undefined };

    it("Preferred accepts the untrusted certificate", async () => {
      const { config, secrets } = securedConfig({ sslMode: "preferred", ...noCa });
      assert.equal((await connect(config, secrets)).major, 8);
    });

    it("Required (skip verify) accepts the untrusted certificate", async () => {
      const { config, secrets } = securedConfig({ sslMode: "required-skip-verify", ...noCa });
      assert.equal((await connect(config, secrets)).major, 8);
    });

    it("Verify CA without the CA file refuses it with the self-signed hint", async () => {
      const { config, secrets } = securedConfig({ sslMode: "verify-ca", ...noCa });
      const e = await refusal(config, secrets);
      assert.match(e.message, /^Connection failed: the server's certificate is not trusted/);
      assert.equal(e.remedy, ES_REMEDIES.selfSigned);
    });

    it("Verify CA with the CA file accepts it, even under a name the certificate lacks", async () => {
      const { config, secrets } = securedConfig({ sslMode: "verify-ca" });
      assert.equal((await connect(config, secrets)).major, 8);
      const other = securedConfig({ sslMode: "verify-ca", host: "127.0.0.2" });
      assert.equal((await connect(other.config, other.secrets)).major, 8);
    });

    it("Verify Identity checks the host name", async () => {
      const byName = securedConfig({ sslMode: "verify-identity", host: "localhost" });
      assert.equal((await connect(byName.config, byName.secrets)).major, 8);
      const wrongName = securedConfig({ sslMode: "verify-identity", host: "127.0.0.2" });
      const e = await refusal(wrongName.config, wrongName.secrets);
      assert.match(e.message, /^Connection failed: the certificate does not name this host/);
    });

    it("Verify Identity without the CA file refuses the certificate", async () => {
      const { config, secrets } = securedConfig({ sslMode: "verify-identity", ...noCa });
      const e = await refusal(config, secrets);
      assert.equal(e.remedy, ES_REMEDIES.selfSigned);
    });

    it("Skip TLS Verification overrides Verify CA and Verify Identity", async () => {
      for (const sslMode of ["verify-ca", "verify-identity"] as const) {
        const { config, secrets } = securedConfig({
          sslMode,
          skipTlsVerify: true,
          host: "127.0.0.2",
          ...noCa,
        });
        assert.equal((await connect(config, secrets)).major, 8);
      }
    });

    it("a missing CA file is a clear connection failure", async () => {
      const { config, secrets } = securedConfig({ caFile: "/nonexistent/ca.pem" });
      const e = await refusal(config, secrets);
      assert.match(
        e.message,
        /^Connection failed: the CA file \/nonexistent\/ca\.pem cannot be read/,
      );
    });
  });

  describe("API keys from a real POST /_security/api_key", () => {
    const key = suiteApiKey(`quarry-test-${Date.now()}`);

    const apiKeyConfig = () => securedConfig({ auth: "api-key", username: undefined }).config;

    it("the `encoded` value authenticates", async () => {
      assert.equal((await connect(apiKeyConfig(), { apiKey: key().encoded })).major, 8);
    });

    it("base64 of `id:api_key` authenticates", async () => {
      const apiKey = Buffer.from(`${key().id}:${key().api_key}`).toString("base64");
      assert.equal((await connect(apiKeyConfig(), { apiKey })).major, 8);
    });

    it("a wrong key is `Authentication failed`", async () => {
      const apiKey = Buffer.from(`${key().id}:wrong-secret-value`).toString("base64");
      const e = await refusal(apiKeyConfig(), { apiKey });
      assert.equal(e.code, "authentication_failed");
    });
  });
});

describe("unreachable clusters", () => {
  let closedPort: number;
  after(() => {});
  before(async () => {
    const server = createServer();
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    closedPort = (server.address() as { port: number }).port;
    await new Promise<void>((r) => server.close(() => r()));
  });

  it("a closed port is `Connection failed`", async () => {
    const e = await refusal({
      host: "127.0.0.1",
      port: closedPort,
      auth: "none",
      sslMode: "disabled",
      skipTlsVerify: false,
    });
    assert.match(
      e.message,
      /^Connection failed: nothing is listening at http:\/\/127\.0\.0\.1:\d+ \(ECONNREFUSED\)/,
    );
  });

  it("HTTPS against a plain HTTP node is `Connection failed`, suggesting Disabled", async () => {
    const e = await refusal({ ...plainConfig(node("es8")), sslMode: "required-skip-verify" });
    assert.equal(e.code, "connection_failed");
    assert.match(e.remedy, /Disabled/);
  });
});
