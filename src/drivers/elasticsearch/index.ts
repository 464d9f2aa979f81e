/** The Elasticsearch driver, as the app's plugin loader sees it. */
import type { ConnectionSecrets } from "../../core/driver.ts";
import { type EsConnectionConfig, validateConfig, validateSecrets } from "./config.ts";
import { EsSession } from "./session.ts";

// Typed as DatabaseDriver<EsConnectionConfig> once EsSession implements the whole DriverSession.
export const elasticsearchDriver = {
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
