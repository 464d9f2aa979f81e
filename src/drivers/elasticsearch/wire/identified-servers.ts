/**
 * Servers identified lately, by address: sessions come and go (the UI's and the MCP server's pools
 * close idle ones, a connection test is a session of its own), and asking `GET /` again on each new
 * one would add a round trip to its first call. Held by the driver one plugin activation made, so
 * it lives and ends with the loaded plugin, never as a module's global. Only accepted servers are
 * remembered, for a minute.
 */
import type { ServerInfo } from "../../../core/driver.ts";
import type { EsConnectionConfig } from "./config.ts";

export const IDENTIFIED_FOR_MS = 60_000;

const addressOf = (c: EsConnectionConfig) =>
  JSON.stringify([
    c.host,
    c.port,
    c.sslMode,
    c.skipTlsVerify,
    c.caFile ?? "",
    c.auth,
    c.username ?? "",
    // Through a bastion, "localhost:9200" is another server than here.
    c.ssh ?? "",
    c.hosts ?? "",
  ]);

export class IdentifiedServers {
  readonly #byAddress = new Map<string, { info: ServerInfo; at: number }>();
  readonly #forMs: number;
  readonly #now: () => number;

  constructor(forMs = IDENTIFIED_FOR_MS, now: () => number = Date.now) {
    this.#forMs = forMs;
    this.#now = now;
  }

  /** The server last identified at this address, while still fresh. */
  get(config: EsConnectionConfig): ServerInfo | undefined {
    const known = this.#byAddress.get(addressOf(config));
    return known && this.#now() - known.at < this.#forMs ? known.info : undefined;
  }

  set(config: EsConnectionConfig, info: ServerInfo): void {
    this.#byAddress.set(addressOf(config), { info, at: this.#now() });
  }
}
