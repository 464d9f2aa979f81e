/** The Elasticsearch driver, as the app's plugin loader sees it. */
import type { ConnectionSecrets, DatabaseDriver } from "../../core/driver.ts";
import { EsSession } from "./session.ts";
import { type EsConnectionConfig, validateConfig, validateSecrets } from "./wire/config.ts";

export const elasticsearchDriver: DatabaseDriver<EsConnectionConfig> & {
  connect(config: EsConnectionConfig, secrets: ConnectionSecrets): EsSession;
} = {
  type: "elasticsearch",
  displayName: "Elasticsearch",
  validateConfig,
  connect(config: EsConnectionConfig, secrets: ConnectionSecrets): EsSession {
    validateSecrets(config, secrets);
    return new EsSession(config, secrets);
  },
};

export { EsSession } from "./session.ts";
export * from "./wire/config.ts";
