/**
 * The MCP server's refusals (docs/mcp.md, "Errors"): each access rule's refusal names its layer,
 * and the user's answer in Quarry (denied, or none in time) is said as such.
 */

import { QuarryError } from "../../core/errors.ts";
import { type ApprovalReason, DENY_COOL_OFF_MS, type RefusalRule } from "./access.ts";

/** The denial cool-off in whole seconds, as the refusals say it. */
const COOL_OFF_S = DENY_COOL_OFF_MS / 1000;

const EDIT_POLICY = "the connection editor's Advanced pane (or quarry connections edit)";

/** The refusal of each access rule: the layer it belongs to, what and what to do. */
const ACCESS_REFUSALS: Record<
  RefusalRule,
  { id: string; layer: string; message: (connection: string) => string; remedy: string }
> = {
  "outside-allowlist": {
    id: "token-allowlist",
    layer: "the token's connection allowlist",
    message: (c) => `this token may not use connection "${c}"`,
    remedy:
      "Use a token whose allowlist includes this connection, or create one (quarry tokens create --connections ...).",
  },
  blocked: {
    id: "external-clients",
    layer: "the connection's External Clients level",
    message: (c) => `connection "${c}" is Blocked for external clients`,
    remedy: `Only the user can change this, in ${EDIT_POLICY}. Do not retry.`,
  },
  "ai-never": {
    id: "ai-policy",
    layer: "the connection's AI policy",
    message: (c) => `connection "${c}" has AI policy Never`,
    remedy: `Only the user can change this, in ${EDIT_POLICY}. Do not retry.`,
  },
  // "Connection is read only for external clients".
  "read-only-connection": {
    id: "external-clients",
    layer: "the connection's External Clients level",
    message: (c) => `connection "${c}" is read only for external clients`,
    remedy: `Change External Clients to Read & Write in ${EDIT_POLICY}, or run the request in Quarry's own console.`,
  },
  "read-only-token": {
    id: "token-scope",
    layer: "the token's scope",
    message: (c) => `the token is Read Only and this request writes to connection "${c}"`,
    remedy: "Use a Read & Write token (quarry tokens create --scope read-write), or only read.",
  },
  "destructive-needs-confirmation": {
    id: "destructive-guard",
    layer: "the destructive-request guard",
    message: (c) =>
      `this request deletes data on connection "${c}" and execute_query does not run it`,
    remedy:
      "Call confirm_destructive_operation with the same method, path and body: it needs a Full Access token and shows the user the exact request to approve in Quarry.",
  },
  "admin-needs-confirmation": {
    id: "destructive-guard",
    layer: "the destructive-request guard",
    message: (c) =>
      `this is an admin request (it changes who can do what on connection "${c}", or how it runs) and execute_query does not run it`,
    remedy:
      "Call confirm_destructive_operation with the same method, path and body: it needs a Full Access token and shows the user the exact request to approve in Quarry, every time.",
  },
  "confirmation-needs-full-access": {
    id: "token-scope",
    layer: "the token's scope",
    message: (c) => `confirm_destructive_operation on connection "${c}" needs a Full Access token`,
    remedy:
      "Ask the user to run the request in Quarry's console, or to give you a Full Access token (quarry tokens create --scope full-access).",
  },
};

export const accessErrors = {
  accessRefused: (
    rule: RefusalRule,
    connection: string,
    details: Record<string, unknown> = {},
  ): QuarryError => {
    const r = ACCESS_REFUSALS[rule];
    return new QuarryError(
      "forbidden",
      `Forbidden by ${r.layer}: ${r.message(connection)}`,
      r.remedy,
      {
        layer: r.id,
        rule,
        connection,
        ...details,
      },
    );
  },

  /** The user did not approve (Ask Each Time, or a destructive or admin confirmation) in Quarry. */
  approvalRefused: (
    outcome: "denied" | "timed-out",
    connection: string,
    reason: ApprovalReason,
    remembered = false,
  ) =>
    new QuarryError(
      "forbidden",
      outcome === "denied"
        ? `Forbidden by the user's answer in Quarry: the user denied this ${reason === "admin" ? "admin " : ""}request on connection "${connection}"${remembered ? ` (a moment ago: for ${COOL_OFF_S} s after a denial this token's ${kindOf(reason)}requests there are refused without asking)` : ""}`
        : `Forbidden by the user's answer in Quarry: nobody approved this ${reason === "admin" ? "admin " : ""}request on connection "${connection}" in time`,
      outcome === "denied"
        ? `Do not retry: for ${COOL_OFF_S} s further ${kindOf(reason)}requests on this connection are refused without asking. Ask the user in the conversation what they want instead.`
        : "Ask the user to approve it in Quarry (quarry mcp approvals, then quarry mcp approve <id>) and call again.",
      {
        layer: reason === "ask-each-time" ? "ai-policy" : "user-approval",
        rule: `approval-${outcome}`,
        connection,
      },
    ),
};

/** "destructive " or "admin " for a confirmation's refusal; nothing for Ask Each Time. */
function kindOf(reason: ApprovalReason): string {
  return reason === "ask-each-time" ? "" : `${reason} `;
}
