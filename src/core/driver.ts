/**
 * The contract between the app and a database driver. The Elasticsearch driver implements it; a
 * second database would too. Core knows nothing of HTTP or any database's wire format.
 */

/** What a successful connection test reports. */
export interface ServerInfo {
  /** The product, as shown to people: "Elasticsearch". */
  product: string;
  version: string;
  major: number;
  clusterName: string;
}

/** Secrets travel separately from the saved configuration so they never land in the connections file. */
export interface ConnectionSecrets {
  password?: string;
  apiKey?: string;
}

export interface DriverSession {
  testConnection(): Promise<ServerInfo>;
  close(): Promise<void>;
}

export interface DatabaseDriver<Config = unknown> {
  /** Stable id stored in saved connections, e.g. "elasticsearch". */
  readonly type: string;
  readonly displayName: string;
  /** Checks raw input against the driver's rules; throws a QuarryError naming the field. */
  validateConfig(input: unknown): Config;
  connect(config: Config, secrets: ConnectionSecrets): DriverSession;
}
