/** Reaching the real nodes that `npm run es:up` started (the test runner starts them). */
import { readState } from "../../scripts/es/cluster.ts";
import type { RunningNode } from "../../scripts/es/nodes.ts";
import type { ConnectionSecrets } from "../../src/core/driver.ts";
import { EsSession } from "../../src/drivers/elasticsearch/session.ts";
import type { EsConnectionConfig } from "../../src/drivers/elasticsearch/wire/config.ts";

export type NodeName =
  | "es7"
  | "es7-secure"
  | "es8"
  | "es8-secure"
  | "es8-mtls"
  | "es9"
  | "opensearch";

export function node(name: NodeName): RunningNode {
  const found = readState()?.nodes.find((n) => n.name === name);
  if (!found)
    throw new Error(`Elasticsearch node ${name} is not running: run \`npm run es:up\` first`);
  return found;
}

/**
 * One node per supported major, for tests that run on each: es7 and es8 without security, es9 with
 * security and TLS on, as a 9.x install has them by default.
 */
export const MAJORS = ["es7", "es8", "es9"] as const;
export type MajorNode = (typeof MAJORS)[number];

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

/**
 * The settings and secrets that reach a node: none for an unsecured one; for a secured one the
 * `elastic` user over HTTPS that verifies the node's generated CA and host name.
 */
export function connectionTo(n: RunningNode): {
  config: EsConnectionConfig;
  secrets: ConnectionSecrets;
} {
  if (!n.secured) return { config: plainConfig(n), secrets: {} };
  return securedConfig({}, n);
}

/** A session to a node, with its credentials when it is secured. */
export function sessionTo(n: RunningNode): EsSession {
  const { config, secrets } = connectionTo(n);
  return session(config, secrets);
}

/** A configuration for a secured node (es8-secure unless told) with the `elastic` user, trusting its CA. */
export function securedConfig(
  overrides: Partial<EsConnectionConfig> = {},
  n: RunningNode = node("es8-secure"),
): {
  config: EsConnectionConfig;
  secrets: ConnectionSecrets;
} {
  return {
    config: {
      host: "127.0.0.1",
      port: portOf(n),
      auth: "basic",
      username: n.username!,
      sslMode: "verify-identity",
      skipTlsVerify: false,
      caFile: n.caPath!,
      ...(n.clientCert ? { clientCert: n.clientCert, clientKey: n.clientKey! } : {}),
      ...overrides,
    },
    secrets: { password: n.password! },
  };
}

export function session(config: EsConnectionConfig, secrets: ConnectionSecrets = {}): EsSession {
  return new EsSession(config, secrets);
}
