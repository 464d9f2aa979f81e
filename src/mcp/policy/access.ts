/**
 * The stacked access decision for external (MCP) clients (docs/mcp.md, "Policies"): the
 * connection's External Clients level, its AI policy, the token's allowlist and the token's scope.
 * Every MCP tool, resource and prompt asks here and nowhere else. Pure.
 *
 * Order of the checks (the first refusing layer is the one named):
 * 1. the token's connection allowlist: a token never learns anything about a connection outside it;
 * 2. External Clients = Blocked;
 * 3. AI policy = Never;
 * 4. External Clients = Read Only, for a request that writes;
 * 5. the token's scope, for a request that writes (destructive and admin requests write too);
 * 6. destructive and admin requests: refused on the generic path, which points at
 *    `confirm_destructive_operation`; on that path the token must be Full Access;
 * 7. allowed, asking the user first when the AI policy is Ask Each Time (and always, every time,
 *    for a destructive or admin request).
 */
import type { AiPolicy, ExternalClientsLevel } from "../../core/connections.ts";
import { type AccessNeed, scopeAllows, type TokenScope } from "./tokens.ts";

/**
 * After the user denies a request, how long that token's requests on that connection that would
 * ask the user are refused without asking (src/app/mcp-host/approvals.ts; the refusal's words say
 * it).
 */
export const DENY_COOL_OFF_MS = 60_000;

/** The layers of the stack, as named in a refusal. */
export type AccessLayer =
  | "token-allowlist"
  | "external-clients"
  | "ai-policy"
  | "token-scope"
  | "destructive-guard";

export const ACCESS_LAYER_LABELS: Record<AccessLayer, string> = {
  "token-allowlist": "the token's connection allowlist",
  "external-clients": "the connection's External Clients level",
  "ai-policy": "the connection's AI policy",
  "token-scope": "the token's scope",
  "destructive-guard": "the destructive-request guard",
};

/** Which rule refused: each has one message in core/errors.ts. */
export type RefusalRule =
  | "outside-allowlist"
  | "blocked"
  | "ai-never"
  | "read-only-connection"
  | "read-only-token"
  | "destructive-needs-confirmation"
  | "admin-needs-confirmation"
  | "confirmation-needs-full-access";

export interface ConnectionPolicy {
  id: string;
  externalClients: ExternalClientsLevel;
  aiPolicy: AiPolicy;
}

export interface TokenGrant {
  scope: TokenScope;
  /** Connection ids the token may use; null for every connection. */
  connections: readonly string[] | null;
}

/**
 * What the caller wants: to see the connection in a list, or to use it for a request of the
 * given class. `confirmed` is true only on the `confirm_destructive_operation` path.
 */
export type AccessRequest =
  | { kind: "see" }
  | { kind: "use"; need: AccessNeed; confirmed?: boolean };

/** Why the user is asked before the request runs: the policy, or the request's class. */
export type ApprovalReason = "ask-each-time" | "destructive" | "admin";

export type AccessDecision =
  | { outcome: "allow"; approval: ApprovalReason | null }
  | { outcome: "hide"; layer: AccessLayer; rule: RefusalRule }
  | { outcome: "refuse"; layer: AccessLayer; rule: RefusalRule };

const refuse = (layer: AccessLayer, rule: RefusalRule): AccessDecision => ({
  outcome: "refuse",
  layer,
  rule,
});

export function decideAccess(
  connection: ConnectionPolicy,
  token: TokenGrant,
  request: AccessRequest,
): AccessDecision {
  const hidden = hidingLayer(connection, token);
  if (hidden) {
    return request.kind === "see"
      ? { outcome: "hide", ...hidden }
      : refuse(hidden.layer, hidden.rule);
  }
  if (request.kind === "see") return { outcome: "allow", approval: null };

  const { need } = request;
  if (need !== "read" && connection.externalClients !== "read-write")
    return refuse("external-clients", "read-only-connection");
  if (need !== "read" && !scopeAllows(token.scope, "write"))
    return refuse("token-scope", "read-only-token");
  if (need === "destructive" || need === "admin") {
    if (!request.confirmed) return refuse("destructive-guard", `${need}-needs-confirmation`);
    if (!scopeAllows(token.scope, need))
      return refuse("token-scope", "confirmation-needs-full-access");
    return { outcome: "allow", approval: need };
  }
  return {
    outcome: "allow",
    approval: connection.aiPolicy === "ask-each-time" ? "ask-each-time" : null,
  };
}

/** The first layer that hides the connection from this token, if any. */
function hidingLayer(
  connection: ConnectionPolicy,
  token: TokenGrant,
): { layer: AccessLayer; rule: RefusalRule } | undefined {
  if (token.connections !== null && !token.connections.includes(connection.id))
    return { layer: "token-allowlist", rule: "outside-allowlist" };
  if (connection.externalClients === "blocked")
    return { layer: "external-clients", rule: "blocked" };
  if (connection.aiPolicy === "never") return { layer: "ai-policy", rule: "ai-never" };
  return undefined;
}

/** Whether `list_connections` shows the connection to this token. */
export function isVisible(connection: ConnectionPolicy, token: TokenGrant): boolean {
  return hidingLayer(connection, token) === undefined;
}

/**
 * What the token may do on the connection at most, for display in `list_connections`: the lower
 * of the connection's level and the token's scope.
 */
export function effectiveAccess(
  connection: ConnectionPolicy,
  token: TokenGrant,
): "read-only" | "read-write" | "none" {
  if (!isVisible(connection, token)) return "none";
  return connection.externalClients === "read-write" && scopeAllows(token.scope, "write")
    ? "read-write"
    : "read-only";
}
