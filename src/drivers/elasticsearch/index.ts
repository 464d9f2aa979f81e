/** The Elasticsearch driver, as the app's plugin loader sees it. */
import type { ConnectionSecrets, DatabaseDriver } from "../../core/driver.ts";
import { EsSession } from "./session.ts";
import { type EsConnectionConfig, validateConfig, validateSecrets } from "./wire/config.ts";
import { IdentifiedServers } from "./wire/identified-servers.ts";

export type ElasticsearchDriver = DatabaseDriver<EsConnectionConfig> & {
  connect(config: EsConnectionConfig, secrets: ConnectionSecrets): EsSession;
};

/** A driver with its own memory of identified servers, shared by the sessions it opens. */
export function elasticsearchDriver(): ElasticsearchDriver {
  const identified = new IdentifiedServers();
  return {
    type: "elasticsearch",
    displayName: "Elasticsearch",
    validateConfig,
    connect(config: EsConnectionConfig, secrets: ConnectionSecrets): EsSession {
      validateSecrets(config, secrets);
      return new EsSession(config, secrets, identified);
    },
  };
}

export { EsSession } from "./session.ts";
export * from "./wire/config.ts";
