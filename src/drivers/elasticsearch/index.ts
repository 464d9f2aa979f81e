/** The Elasticsearch driver, as the app's plugin loader sees it. */
import type { ConnectionSecrets, DatabaseDriver } from "../../core/driver.ts";
import { EsSession } from "./session.ts";
import { type EsConnectionConfig, validateConfig, validateSecrets } from "./wire/config.ts";
import { IdentifiedServers } from "./wire/identified-servers.ts";
import { SshTunnels } from "./wire/ssh-tunnel.ts";

export type ElasticsearchDriver = DatabaseDriver<EsConnectionConfig> & {
  connect(config: EsConnectionConfig, secrets: ConnectionSecrets): EsSession;
};

/** A driver with its own memory of identified servers and its SSH tunnels, shared by the sessions it opens. */
export function elasticsearchDriver(): ElasticsearchDriver {
  const shared = { identified: new IdentifiedServers(), tunnels: new SshTunnels() };
  return {
    type: "elasticsearch",
    displayName: "Elasticsearch",
    validateConfig,
    connect(config: EsConnectionConfig, secrets: ConnectionSecrets): EsSession {
      validateSecrets(config, secrets);
      return new EsSession(config, secrets, shared);
    },
  };
}

export { EsSession } from "./session.ts";
export * from "./wire/config.ts";
