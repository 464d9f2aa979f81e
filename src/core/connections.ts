/**
 * Saved connections and their per-connection policies (docs/storage.md; the policies in
 * docs/mcp.md, "Policies"). Types and pure rules only; storage lives in `src/app`. Secrets
 * (password, API key) are never part of a saved connection.
 */
import { errors } from "./errors.ts";

/** External Clients level: what MCP clients may do on this connection. */
export const EXTERNAL_CLIENT_LEVELS = ["blocked", "read-only", "read-write"] as const;
export type ExternalClientsLevel = (typeof EXTERNAL_CLIENT_LEVELS)[number];

/** AI policy. */
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

/**
 * Defaults for a new connection: external clients may read, and an AI client is asked about first.
 */
export const DEFAULT_EXTERNAL_CLIENTS: ExternalClientsLevel = "read-only";
export const DEFAULT_AI_POLICY: AiPolicy = "ask-each-time";

export interface SavedConnection {
  /** Stable id (random), used by tokens' allowlists and MCP tools. */
  id: string;
  /** Unique, human-chosen name; CLI commands accept it. */
  name: string;
  /** The driver's type id. Kept even when that driver is not installed. */
  type: string;
  /** Driver-specific settings, validated by the driver (its own configuration type). */
  settings: Record<string, unknown>;
  externalClients: ExternalClientsLevel;
  aiPolicy: AiPolicy;
  createdAt: string;
  updatedAt: string;
}

/** What creating a connection takes; the store fills in id, timestamps and policy defaults. */
export interface NewConnection {
  name: string;
  type: string;
  settings: Record<string, unknown>;
  externalClients?: ExternalClientsLevel;
  aiPolicy?: AiPolicy;
}

/**
 * A change to a saved connection. `settings` is merged into the saved settings: a key set to
 * `null` is removed, an absent key is kept.
 */
export interface ConnectionPatch {
  name?: string;
  settings?: Record<string, unknown>;
  externalClients?: ExternalClientsLevel;
  aiPolicy?: AiPolicy;
}

const NAME_MAX = 100;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A connection name as people type it: trimmed, not empty, one line, and not something a command
 * would read as a URL or another connection's id (commands accept a name, an id or a URL).
 */
export function validateConnectionName(input: unknown): string {
  const name = typeof input === "string" ? input.trim() : "";
  const refuse = (problem: string, remedy: string) => errors.invalidConfig("Name", problem, remedy);
  if (!name) throw refuse("is empty", "Give the connection a name, e.g. local-dev.");
  if (name.length > NAME_MAX)
    throw refuse(`is longer than ${NAME_MAX} characters`, "Choose a shorter name.");
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(name))
    throw refuse("contains a control character", "Use letters, digits, spaces and punctuation.");
  if (name.includes("://"))
    throw refuse(
      `"${name}" looks like a URL`,
      "Choose a name without ://; commands read such a value as a URL.",
    );
  if (UUID.test(name))
    throw refuse(
      `"${name}" has the form of a connection id`,
      "Choose a name that is not a UUID; commands accept ids too.",
    );
  return name;
}

/** Same name, ignoring case and surrounding space: names are unique under this comparison. */
export function sameName(a: string, b: string): boolean {
  return a.trim().toLocaleLowerCase("en") === b.trim().toLocaleLowerCase("en");
}

export function pickExternalClients(input: unknown): ExternalClientsLevel {
  if ((EXTERNAL_CLIENT_LEVELS as readonly unknown[]).includes(input))
    return input as ExternalClientsLevel;
  throw errors.invalidConfig(
    "External Clients",
    `"${String(input)}" is not one of the levels`,
    `Use one of: ${EXTERNAL_CLIENT_LEVELS.map((l) => `${l} (${EXTERNAL_CLIENT_LABELS[l]})`).join(", ")}.`,
  );
}

export function pickAiPolicy(input: unknown): AiPolicy {
  if ((AI_POLICIES as readonly unknown[]).includes(input)) return input as AiPolicy;
  throw errors.invalidConfig(
    "AI policy",
    `"${String(input)}" is not one of the policies`,
    `Use one of: ${AI_POLICIES.map((p) => `${p} (${AI_POLICY_LABELS[p]})`).join(", ")}.`,
  );
}
