/**
 * What Settings > Integrations needs from the MCP side of the app (the stores
 * and the server). The app passes an implementation to the UI's API; the routes only adapt it.
 */
import type {
  ApprovalDecision,
  ApprovalView,
  AuditChainView,
  AuditEntry,
  ConnectClientSheet,
  McpStatus,
  TokenCreated,
  TokenInput,
  TokenView,
} from "./contract.ts";

export interface IntegrationsService {
  status(): Promise<McpStatus>;
  /** Enable MCP Server: starts or stops the server and remembers the choice. */
  setEnabled(enabled: boolean): Promise<McpStatus>;
  listTokens(): Promise<TokenView[]>;
  /** Creates a user token; the secret is returned this once and never stored in clear. */
  createToken(input: TokenInput): Promise<TokenCreated>;
  revokeToken(id: string): Promise<void>;
  /** Ask Each Time: requests waiting for the user's answer. */
  pendingApprovals(): Promise<ApprovalView[]>;
  answerApproval(id: string, decision: ApprovalDecision): Promise<void>;
  audit(limit: number): Promise<AuditEntry[]>;
  /** Checks the audit log's hash chain (nothing edited, removed or moved). */
  verifyAudit(): Promise<AuditChainView>;
  /**
   * The Connect a Client sheet: snippets carrying this install's real bridge path (docs/cli.md,
   * `quarry mcp config`).
   */
  connectClient(): Promise<ConnectClientSheet>;
}
