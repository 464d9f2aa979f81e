/**
 * Every refusal in Quarry is a QuarryError: a stable code for machines, a message that names
 * what was wrong, and a remedy that says what to do. The spec's messages live here and nowhere else.
 */
export type ErrorCode =
  | "invalid_config"
  | "invalid_input"
  | "authentication_failed"
  | "connection_failed"
  | "permission_denied"
  | "unsupported_cluster"
  | "cluster_error";

export class QuarryError extends Error {
  readonly code: ErrorCode;
  readonly remedy: string;
  /** Structured facts for the UI or an MCP client (field names, HTTP status...). Never secrets. */
  readonly details: Readonly<Record<string, unknown>>;

  constructor(
    code: ErrorCode,
    message: string,
    remedy: string,
    details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "QuarryError";
    this.code = code;
    this.remedy = remedy;
    this.details = details;
  }

  toJSON(): { code: ErrorCode; message: string; remedy: string; details: Record<string, unknown> } {
    return {
      code: this.code,
      message: this.message,
      remedy: this.remedy,
      details: { ...this.details },
    };
  }
}

export const isQuarryError = (e: unknown): e is QuarryError => e instanceof QuarryError;

/** Spec 7.1: remedies are fixed texts so the UI, CLI and MCP server say the same thing. */
export const REMEDIES = {
  authenticationFailed:
    "Check the username and password or the API key. On Elasticsearch 8.x check the connection uses HTTPS (an SSL Mode other than Disabled).",
  selfSigned:
    "For self-signed certificates set SSL Mode to Required (skip verify) or enable Skip TLS Verification; or choose Verify CA with the cluster's CA file.",
} as const;

export const errors = {
  invalidConfig: (field: string, problem: string, remedy: string) =>
    new QuarryError("invalid_config", `${field}: ${problem}`, remedy, { field }),

  authenticationFailed: (reason: string, details: Record<string, unknown> = {}) =>
    new QuarryError(
      "authentication_failed",
      `Authentication failed: ${reason}`,
      REMEDIES.authenticationFailed,
      details,
    ),

  connectionFailed: (reason: string, remedy: string, details: Record<string, unknown> = {}) =>
    new QuarryError("connection_failed", `Connection failed: ${reason}`, remedy, details),

  permissionDenied: (reason: string, remedy: string, details: Record<string, unknown> = {}) =>
    new QuarryError("permission_denied", `Permission denied: ${reason}`, remedy, details),

  unsupportedCluster: (reason: string) =>
    new QuarryError(
      "unsupported_cluster",
      `Unsupported cluster: ${reason}`,
      "Quarry works with Elasticsearch 7.x and 8.x. Connect to such a cluster, or use the tool made for this one.",
    ),

  clusterError: (status: number, type: string, reason: string) =>
    new QuarryError(
      "cluster_error",
      `The cluster answered ${status} ${type}: ${reason}`,
      "Read the cluster's reason above; fix the request or the cluster's state and try again.",
      { status, type },
    ),
};
