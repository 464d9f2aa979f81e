/**
 * Saved connections and their per-connection policies (spec 2.1, 2.6). Types and pure rules only;
 * storage lives in `src/app`. Secrets (password, API key) are never part of a saved connection.
 */

/** External Clients level (spec 2.6): what MCP clients may do on this connection. */
export const EXTERNAL_CLIENT_LEVELS = ["blocked", "read-only", "read-write"] as const;
export type ExternalClientsLevel = (typeof EXTERNAL_CLIENT_LEVELS)[number];

/** AI policy (spec 2.6). */
export const AI_POLICIES = ["always-allow", "ask-each-time", "never"] as const;
export type AiPolicy = (typeof AI_POLICIES)[number];

export const EXTERNAL_CLIENT_LABELS: Record<ExternalClientsLevel, string> = {
  blocked: "Blocked",
  "read-only": "Read Only",
  "read-write": "Read & Write",
};

export const AI_POLICY_LABELS: Record<AiPolicy, string> = {
  "always-allow": "Always Allow",
  "ask-each-time": "Ask Each Time",
  never: "Never",
};

/** Defaults for a new connection: external clients may read, and an AI client is asked about first. */
export const DEFAULT_EXTERNAL_CLIENTS: ExternalClientsLevel = "read-only";
export const DEFAULT_AI_POLICY: AiPolicy = "ask-each-time";

export interface SavedConnection {
  /** Stable id (random), used by tokens' allowlists and MCP tools. */
  id: string;
  /** Unique, human-chosen name; CLI commands accept it. */
  name: string;
  /** The driver's type id, e.g. "elasticsearch". Kept even when that driver is not installed. */
  type: string;
  /** Driver-specific settings, validated by the driver (for Elasticsearch: EsConnectionConfig). */
  settings: Record<string, unknown>;
  externalClients: ExternalClientsLevel;
  aiPolicy: AiPolicy;
  createdAt: string;
  updatedAt: string;
}
