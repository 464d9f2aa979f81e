/**
 * Settings > Integrations' JSON shapes: the MCP server's state, its tokens, approvals and audit
 * log, and the client snippets. Types only.
 */
import type { RequestClass } from "../../../core/console.ts";
import type { Impact } from "../../../core/impact.ts";
import type { TokenScope } from "../../../mcp/policy/tokens.ts";

export type { TokenScope };

export interface McpStatus {
  enabled: boolean;
  running: boolean;
  /** The port actually bound, when running. */
  port: number | null;
  preferredPort: number | null;
  url: string | null;
  /** Why the server is not running although it is enabled (it failed to start); else null. */
  error: string | null;
  /** Absolute path of this install's `quarry-mcp`. */
  bridgePath: string;
}

export interface TokenView {
  id: string;
  name: string;
  scope: TokenScope;
  /** The first characters of the token, to recognise it. */
  prefix: string;
  /** Connection ids; null means every connection. */
  connections: string[] | null;
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
  revoked: boolean;
}

export interface TokenInput {
  name: string;
  scope: TokenScope;
  connections: string[] | null;
  /** ISO date, or null for no expiry. */
  expiresAt: string | null;
}

export interface TokenCreated {
  token: TokenView;
  /** The token itself, shown once and never again. */
  secret: string;
}

/** A pending approval as Settings shows it (the MCP side's question is `ApprovalRequest`). */
export interface ApprovalView {
  id: string;
  /** Who asks: the token's name. */
  client: string;
  connectionId: string;
  connectionName: string;
  tool: string;
  /** The exact request, as text. */
  request: string;
  classification: RequestClass | null;
  requestedAt: string;
  /** What the request would affect, measured before asking; null when nothing was measured. */
  impact: Impact | null;
}

export type ApprovalDecision = "allow-once" | "allow-session" | "deny";

export interface AuditEntry {
  at: string;
  token: string | null;
  connection: string | null;
  tool: string | null;
  classification: string | null;
  outcome: string;
  layer: string | null;
  durationMs: number | null;
  message: string | null;
}

/** Whether the audit log's hash chain holds, and where it breaks if not. */
export interface AuditChainView {
  holds: boolean;
  /** The lines read, in the rotated file and the current one. */
  lines: number;
  /** Lines written before the chain began (an older Quarry). */
  unlinked: number;
  breaks?: { file: string; line: number; problem: string };
}

export interface ClientSnippet {
  /** Stable id, e.g. "claude-desktop". */
  client: string;
  title: string;
  /** Where the snippet goes (a config file path or a terminal). */
  where: string;
  format: "json" | "yaml" | "shell";
  text: string;
}

export interface ConnectClientSheet {
  bridgePath: string;
  snippets: ClientSnippet[];
}
