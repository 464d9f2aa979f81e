/** The Elasticsearch driver, as the app's plugin loader sees it. */
import type { ConnectionSecrets, DatabaseDriver } from "../../core/driver.ts";
import { type EsConnectionConfig, validateConfig, validateSecrets } from "./config.ts";
import { EsSession } from "./session.ts";

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

export * from "./config.ts";
export { EsSession } from "./session.ts";
