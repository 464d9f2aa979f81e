/**
 * Security writes on the secured 9.x node (`es9`): `POST /_security/api_key` creates the .security
 * index, which needs the security-analysis test plugin (docs/testing.md), and the key it returns
 * authenticates through the driver's transport, with Verify Identity against the node's CA.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { ConnectionSecrets } from "../../src/core/driver.ts";
import { QuarryError } from "../../src/core/errors.ts";
import { EsSession } from "../../src/drivers/elasticsearch/session.ts";
import type { EsConnectionConfig } from "../../src/drivers/elasticsearch/wire/config.ts";
import { node, securedConfig } from "../support/cluster.ts";
import { type MadeKey, makeApiKey, removeSecurityObjects } from "../support/security-objects.ts";

const es9 = () => node("es9");
const config = (overrides: Partial<EsConnectionConfig> = {}) =>
  securedConfig(overrides, es9()).config;

const apiKeyConfig = () => config({ auth: "api-key", username: undefined });

interface Authenticated {
  authentication_type: string;
  api_key?: { id: string; name: string };
}

async function authenticate(
  cfg: EsConnectionConfig,
  secrets: ConnectionSecrets,
): Promise<Authenticated> {
  const s = new EsSession(cfg, secrets);
  try {
    return await s.transport.json<Authenticated>({
      method: "GET",
      path: "/_security/_authenticate",
    });
  } finally {
    await s.close();
  }
}

describe("API keys on the secured 9.x node", () => {
  const name = `quarry-es9-test-${process.pid}`;
  let admin: EsSession;
  let created: MadeKey;

  before(async () => {
    admin = new EsSession(config(), { password: es9().password! });
    created = await makeApiKey(admin.transport, name);
  });

  after(async () => {
    if (created) {
      await removeSecurityObjects(admin.transport, { keyIds: [created.id] });
    }
    await admin?.close();
  });

  it("POST /_security/api_key returns a key", () => {
    assert.equal(created.name, name);
    assert.ok(created.id && created.api_key, "the answer carries the key's id and secret");
    assert.equal(
      Buffer.from(created.encoded, "base64").toString(),
      `${created.id}:${created.api_key}`,
    );
  });

  it("a connection with the key is tested and identified as 9.x", async () => {
    const s = new EsSession(apiKeyConfig(), { apiKey: created.encoded });
    try {
      const info = await s.testConnection();
      assert.equal(info.major, 9);
      assert.equal(info.version, es9().version);
    } finally {
      await s.close();
    }
  });

  it("the `encoded` value authenticates as that API key", async () => {
    const who = await authenticate(apiKeyConfig(), { apiKey: created.encoded });
    assert.equal(who.authentication_type, "api_key");
    assert.equal(who.api_key?.id, created.id);
    assert.equal(who.api_key?.name, name);
  });

  it("a wrong key is `Authentication failed`", async () => {
    const apiKey = Buffer.from(`${created.id}:wrong-secret-value`).toString("base64");
    await assert.rejects(authenticate(apiKeyConfig(), { apiKey }), (e: unknown) => {
      assert.ok(e instanceof QuarryError, `expected a QuarryError, got ${String(e)}`);
      assert.equal(e.code, "authentication_failed");
      assert.ok(!JSON.stringify(e.toJSON()).includes(apiKey), "errors never carry the key");
      return true;
    });
  });
});
