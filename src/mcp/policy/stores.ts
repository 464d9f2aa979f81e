/**
 * What MCP's policy asks of the app's stores, as interfaces: the user tokens a caller presents
 * and the audit log every call is written to. The app's storage implements them
 * (src/app/storage/token-store.ts, audit-log.ts); the server reads and writes through them.
 */
import type { RequestClass } from "../../core/console.ts";
import type { StoredToken } from "./tokens.ts";

/** What a presented user token turned out to be. */
export type TokenCheck =
  | { ok: true; token: StoredToken }
  | { ok: false; reason: "unknown" | "expired" | "revoked"; token?: StoredToken };

/** The user tokens (src/app/storage/token-store.ts). */
export interface TokenDirectory {
  check(presented: string, nowMs: number): TokenCheck;
  byId(id: string): StoredToken | undefined;
  /**
   * Notes that the server accepted this token now (Settings' Last used). Returns at once and
   * never throws: the store writes it later, coalesced, and a failed write refuses no call.
   */
  recordUse(id: string, nowMs: number): void;
  /** Calls back when the tokens change (created or revoked elsewhere); returns a stop function. */
  watch(onChange: () => void): () => void;
}

/** One line of the audit log (src/app/storage/audit-log.ts). */
export interface AuditEntry {
  /** ISO time the call arrived. */
  at: string;
  /** Token name (`__stdio_bridge__` for the bridge); null when the caller was not authenticated. */
  token: string | null;
  /** The client's self-reported name, when it sent one (not trusted; for people only). */
  client?: string;
  /** JSON-RPC method (`tools/call`, `resources/read`...), or `auth` for a refused authentication. */
  method: string;
  /** Tool or prompt name, or resource URI. */
  target?: string;
  connection?: { id: string; name: string };
  /** The request as classified by the driver: never its body, never a query string's values. */
  request?: { method: string; path: string; class: RequestClass };
  /**
   * The request's body, for the connection's history only (which redacts its secrets and cuts it
   * to size); the audit log never writes it.
   */
  requestBody?: unknown;
  /** A tool call without a request of its own: its class by the tool's annotations (read-only). */
  class?: RequestClass;
  outcome: "allowed" | "refused" | "error";
  /** The refusing layer (`token-allowlist`, `external-clients`, `authentication`, `rate-limit`...). */
  layer?: string;
  /** JSON-RPC error code, when the call failed. */
  code?: number;
  /** How the user answered, when the call needed an approval. */
  approval?: "approved" | "denied" | "timed-out" | "remembered";
  durationMs: number;
  /** Size of the answer in bytes (UTF-8 of its JSON). */
  resultBytes?: number;
}

export interface AuditSink {
  record(entry: AuditEntry): void;
}
