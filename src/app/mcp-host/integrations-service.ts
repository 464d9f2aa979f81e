/**
 * Settings > Integrations over the app's MCP services: the UI's `IntegrationsService` (src/app/http/api/integrations.ts)
 * adapted onto the same stores and functions the `quarry mcp` and `quarry tokens`
 * commands call (mcp-settings.json, the token store, the approval queue, the audit log, the client
 * snippets). No rule lives here: validation is the stores' own, this only translates shapes.
 */

import { errors } from "../../core/errors.ts";
import { displayValue } from "../../core/exact-json.ts";
import type { PendingApproval } from "../../mcp/host.ts";
import { parseScope, type StoredToken, TOKEN_SCOPES } from "../../mcp/policy/tokens.ts";
import type { AppStorage } from "../connections/connection-service.ts";
import type {
  ApprovalDecision,
  ApprovalView,
  AuditEntry,
  ConnectClientSheet,
  McpStatus,
  TokenCreated,
  TokenInput,
  TokenView,
} from "../http/api/contract.ts";
import type { IntegrationsService } from "../http/api/integrations.ts";
import { readAudit, verifyAudit } from "../storage/audit-log.ts";
import { TokenStore } from "../storage/token-store.ts";
import { type ApprovalAnswer, GRANT_MS } from "./approvals.ts";
import { bridgeEnvironment, bridgeExecutable, CLIENTS, clientSnippet } from "./client-config.ts";
import type { McpService } from "./mcp-service.ts";
import { McpSettingsStore } from "./mcp-settings.ts";

export interface IntegrationsServiceOptions {
  storage: AppStorage;
  /** The running MCP service, when the app has one (it starts after the UI's API is built). */
  service: () => McpService | undefined;
  /** Starts the MCP service when there is none yet (the app's `ensureMcp`). */
  ensureService?: () => Promise<void>;
  now?: () => number;
  /** The app's environment: the default data folder is found from it (client snippets). */
  env?: NodeJS.ProcessEnv;
}

function tokenView(t: StoredToken): TokenView {
  return {
    id: t.id,
    name: t.name,
    scope: t.scope,
    prefix: t.prefix,
    connections: t.connections,
    createdAt: t.createdAt,
    expiresAt: t.expiresAt,
    lastUsedAt: t.lastUsedAt ?? null,
    revoked: t.revokedAt !== null,
  };
}

function approvalView(p: PendingApproval): ApprovalView {
  const request = p.request
    ? `${p.request.method} ${p.request.path}${p.request.body ? `\n${p.request.body}` : ""}`
    : p.target;
  return {
    id: p.id,
    client: p.clientName ? `${p.tokenName} (${p.clientName})` : p.tokenName,
    connectionId: p.connection.id,
    connectionName: p.connection.name,
    tool: p.target,
    request,
    classification: p.reason === "ask-each-time" ? null : p.reason,
    requestedAt: p.createdAt,
    impact: p.impact ?? null,
  };
}

type StoredAudit = Awaited<ReturnType<typeof readAudit>>[number];

function auditView(e: StoredAudit): AuditEntry {
  const notes = [
    e.request ? `${e.request.method} ${e.request.path}` : null,
    e.approval ? `approval: ${e.approval}` : null,
    e.code !== undefined ? `error ${e.code}` : null,
    e.client ? `client: ${e.client}` : null,
  ].filter((x): x is string => x !== null);
  return {
    at: e.at,
    token: e.token,
    connection: e.connection?.name ?? null,
    tool: e.target ?? e.method,
    classification: e.request?.class ?? e.class ?? null,
    outcome: e.outcome,
    layer: e.layer ?? null,
    durationMs: e.durationMs,
    message: notes.length ? notes.join("; ") : null,
  };
}

/** How `quarry mcp approve|deny` words each answer (`--once`, the default grant, deny). */
function answerFor(decision: ApprovalDecision): ApprovalAnswer {
  if (decision === "deny") return { approve: false };
  return { approve: true, grantMs: decision === "allow-once" ? 0 : GRANT_MS };
}

/**
 * A token the UI asks for, checked as `quarry tokens create` checks it: a known scope, an expiry
 * in the future, and saved connections only.
 */
async function tokenRequest(
  input: TokenInput,
  nowMs: number,
  requireConnection: (conn: string) => Promise<{ id: string }>,
) {
  const scope = typeof input?.scope === "string" ? parseScope(input.scope) : undefined;
  if (!scope)
    throw errors.invalidConfig(
      "Scope",
      `"${displayValue(input?.scope)}" is not a scope`,
      `Use one of: ${TOKEN_SCOPES.join(", ")}.`,
    );
  let lifetimeMs: number | null = null;
  if (input.expiresAt !== null && input.expiresAt !== undefined) {
    const at = typeof input.expiresAt === "string" ? Date.parse(input.expiresAt) : Number.NaN;
    if (!Number.isFinite(at) || at <= nowMs)
      throw errors.invalidConfig(
        "Expires",
        `"${displayValue(input.expiresAt)}" is not a time in the future`,
        "Choose an expiry date after today, or never.",
      );
    lifetimeMs = at - nowMs;
  }
  let connections: string[] | null = null;
  if (input.connections !== null && input.connections !== undefined) {
    if (!Array.isArray(input.connections) || input.connections.length === 0)
      throw errors.invalidConfig(
        "Connections",
        "the list is empty",
        "Tick at least one connection, or allow them all.",
      );
    connections = [];
    for (const conn of input.connections)
      connections.push((await requireConnection(displayValue(conn))).id);
  }
  return { name: typeof input.name === "string" ? input.name : "", scope, connections, lifetimeMs };
}

/** The Connect a Client sheet: each client family's snippet with this install's bridge path. */
function connectClientSheet(
  env: ReturnType<typeof bridgeEnvironment>,
  url: string | undefined,
): ConnectClientSheet {
  const bridge = bridgeExecutable();
  return {
    bridgePath: bridge,
    snippets: CLIENTS.map((client) => {
      const s = clientSnippet(client, { bridge, env, ...(url ? { url } : {}) });
      return { client: s.id, title: s.title, where: s.where, format: s.format, text: s.text };
    }),
  };
}

/** The switch's state and the running server's, as Settings > Integrations shows them. */
async function mcpStatus(
  settings: McpSettingsStore,
  service: ReturnType<IntegrationsServiceOptions["service"]>,
): Promise<McpStatus> {
  const s = await settings.read();
  const running = service?.status();
  return {
    enabled: s.enabled,
    running: running?.state === "running",
    port: running?.state === "running" ? running.port : null,
    preferredPort: s.preferredPort,
    url: running?.state === "running" ? running.url : null,
    error: s.enabled && running?.state === "failed" ? running.error : null,
    bridgePath: bridgeExecutable(),
  };
}

export function createIntegrationsService(
  options: IntegrationsServiceOptions,
): IntegrationsService {
  const dir = options.storage.dir;
  const now = options.now ?? Date.now;
  const settings = new McpSettingsStore(dir);
  const tokens = () => options.service()?.tokens ?? new TokenStore(dir, now);

  const status = () => mcpStatus(settings, options.service());

  return {
    status,

    async setEnabled(enabled) {
      // What `quarry mcp enable|disable` does; the service follows the file, reload applies it now.
      await settings.update((x) => {
        x.enabled = enabled;
      });
      const service = options.service();
      if (service) await service.reload();
      else if (enabled) await options.ensureService?.();
      return status();
    },

    async listTokens() {
      return (await tokens().list()).map(tokenView);
    },

    async createToken(input) {
      const request = await tokenRequest(input, now(), (conn) =>
        options.storage.connections.require(conn),
      );
      const { token, record } = await tokens().create(request);
      const created: TokenCreated = { token: tokenView(record), secret: token };
      return created;
    },

    async revokeToken(id) {
      await tokens().revoke(id);
    },

    async pendingApprovals() {
      return (options.service()?.approvals.pending() ?? []).map(approvalView);
    },

    async answerApproval(id, decision) {
      const service = options.service();
      if (!service?.approvals.answer(id, answerFor(decision)))
        throw errors.invalidConfig(
          "Approval",
          `nothing with id "${id}" is waiting`,
          "It may have timed out or been answered already.",
        );
    },

    async audit(limit) {
      await options.service()?.audit.flush();
      const entries = await readAudit(dir, { limit });
      return entries.reverse().map(auditView);
    },

    async verifyAudit() {
      await options.service()?.audit.flush();
      return verifyAudit(dir);
    },

    async connectClient(): Promise<ConnectClientSheet> {
      const running = options.service()?.status();
      return connectClientSheet(
        bridgeEnvironment(options.storage.dir, options.env),
        running?.state === "running" ? running.url : undefined,
      );
    },
  };
}
