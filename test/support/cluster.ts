/** Reaching the real nodes that `npm run es:up` started (the test runner starts them). */
import { readState } from "../../scripts/es/cluster.ts";
import type { RunningNode } from "../../scripts/es/nodes.ts";
import type { ConnectionSecrets } from "../../src/core/driver.ts";
import type { EsConnectionConfig } from "../../src/drivers/elasticsearch/config.ts";
import { EsSession } from "../../src/drivers/elasticsearch/session.ts";

export function node(name: "es7" | "es8" | "es8-secure"): RunningNode {
  const found = readState()?.nodes.find((n) => n.name === name);
  if (!found)
    throw new Error(`Elasticsearch node ${name} is not running: run \`npm run es:up\` first`);
  return found;
}

/** The two unsecured nodes, one per supported major, for tests that run on both. */
export const MAJORS = ["es7", "es8"] as const;

export function portOf(n: RunningNode): number {
  return Number(new URL(n.url).port);
}

/** A configuration for an unsecured node. */
export function plainConfig(n: RunningNode): EsConnectionConfig {
  return {
    host: "127.0.0.1",
    port: portOf(n),
    auth: "none",
    sslMode: "disabled",
    skipTlsVerify: false,
  };
}

/** A configuration for the secured node with the `elastic` user, trusting its CA. */
export function securedConfig(overrides: Partial<EsConnectionConfig> = {}): {
  config: EsConnectionConfig;
  secrets: ConnectionSecrets;
} {
  const n = node("es8-secure");
  return {
    config: {
      host: "127.0.0.1",
      port: portOf(n),
      auth: "basic",
      username: n.username!,
      sslMode: "verify-identity",
      skipTlsVerify: false,
      caFile: n.caPath!,
      ...overrides,
    },
    secrets: { password: n.password! },
  };
}

export function session(config: EsConnectionConfig, secrets: ConnectionSecrets = {}): EsSession {
  return new EsSession(config, secrets);
}
