/**
 * How a tool, resource or prompt reaches a connection: find it by id or name among the saved
 * connections, apply the stacked access decision (policy/access.ts), ask the user when the policy
 * says so (Ask Each Time, destructive and admin confirmations), and borrow the connection's driver
 * session from the app, which owns it (host.ts, `ConnectionDirectory.session`).
 */

import type { SavedConnection } from "../core/connections.ts";
import type { ConsoleRequest } from "../core/console.ts";
import type { DriverSession } from "../core/driver.ts";
import { QuarryError } from "../core/errors.ts";
import type { Impact } from "../core/impact.ts";
import type { Principal } from "./auth.ts";
import type {
  ApprovalGate,
  ApprovalOutcome,
  ConnectionDirectory,
  PendingApproval,
} from "./host.ts";
import {
  type AccessDecision,
  type AccessRequest,
  decideAccess,
  isVisible,
} from "./policy/access.ts";
import { accessErrors } from "./policy/access-refusals.ts";

/** What the caller is, for the access decision and the approval question. */
/** The refusals a confirmation could lift: they carry what the request would affect. */
const CONFIRMABLE = new Set(["destructive-needs-confirmation", "admin-needs-confirmation"]);

export interface Caller {
  principal: Principal;
  clientName?: string;
  /** The tool, resource or prompt being called. */
  target: string;
  /** The client's reason for the request, shown with an approval. */
  note?: string;
  signal: AbortSignal;
  /** Told when the user is being asked (to send progress while waiting). */
  onPending?: (p: PendingApproval) => void;
  /** Told how an approval was answered (for the audit log). */
  onApproval?: (outcome: ApprovalOutcome | "remembered") => void;
}

/**
 * What a dangerous request would affect (tools/impact-guard.ts): measured when the request is
 * refused for want of a confirmation, or before the user is asked to approve it.
 */
export interface ImpactProbe {
  measure(): Promise<Impact | null>;
  /** Throws when the impact needs more than the call confirmed (the names it resolves to). */
  check(impact: Impact | null, connection: string): void;
  /** The refusal that points at the confirmation, saying the impact. */
  withImpact(refusal: QuarryError, impact: Impact | null): QuarryError;
}

export class ConnectionGateway {
  readonly #connections: ConnectionDirectory;
  readonly #approvals: ApprovalGate;

  constructor(connections: ConnectionDirectory, approvals: ApprovalGate) {
    this.#connections = connections;
    this.#approvals = approvals;
  }

  /** The connections this principal may see, sorted by name. */
  async visible(principal: Principal): Promise<SavedConnection[]> {
    const all = await this.#connections.list();
    return all
      .filter((c) => isVisible(c, principal))
      .sort((a, b) => a.name.localeCompare(b.name, "en", { numeric: true, sensitivity: "base" }));
  }

  /**
   * Finds a connection by id or name. One the principal may not see is refused with -33007
   * naming the layer (docs/mcp.md, "Policies"); one that does not exist is a plain input error.
   */
  async find(principal: Principal, conn: string): Promise<SavedConnection> {
    const all = await this.#connections.list();
    const key = conn.trim();
    const found =
      all.find((c) => c.id === key) ?? all.find((c) => c.name.toLowerCase() === key.toLowerCase());
    if (!found) {
      const names = all.filter((c) => isVisible(c, principal)).map((c) => c.name);
      throw new QuarryError(
        "connection_not_found",
        `No connection is named "${key}"`,
        names.length
          ? `Use a name or id from list_connections: ${names.join(", ")}.`
          : "No connection is available to this client (list_connections).",
        { connection: key },
      );
    }
    const seen = decideAccess(found, principal, { kind: "see" });
    if (seen.outcome === "hide") throw accessErrors.accessRefused(seen.rule, found.name);
    return found;
  }

  /**
   * The connection, if this principal may read it without anyone being asked (for argument
   * completion, which must never raise an approval while the user types).
   */
  async quietly(principal: Principal, conn: string): Promise<SavedConnection | undefined> {
    const all = await this.#connections.list();
    const found =
      all.find((c) => c.id === conn) ??
      all.find((c) => c.name.toLowerCase() === conn.toLowerCase());
    if (!found) return undefined;
    const d = decideAccess(found, principal, { kind: "use", need: "read" });
    return d.outcome === "allow" && d.approval === null ? found : undefined;
  }

  session(connection: SavedConnection): Promise<DriverSession> {
    return this.#connections.session(connection);
  }

  /**
   * Applies the access decision for a request on the connection, asking the user first when the
   * decision says so. Throws a QuarryError (forbidden) naming the refusing layer.
   */
  async authorize(
    caller: Caller,
    connection: SavedConnection,
    request: AccessRequest,
    shown?: ConsoleRequest,
    impact?: ImpactProbe,
  ): Promise<void> {
    const decision: AccessDecision = decideAccess(connection, caller.principal, request);
    if (decision.outcome !== "allow") {
      const refusal = accessErrors.accessRefused(decision.rule, connection.name);
      // Only the refusals that ask for a confirmation measure: the caller may go on to confirm
      // (an admin request's impact: the users, roles and keys a security write reaches).
      if (!impact || !CONFIRMABLE.has(decision.rule)) throw refusal;
      throw impact.withImpact(refusal, await impact.measure());
    }
    if (!decision.approval) return;
    const measured = impact ? await impact.measure() : null;
    impact?.check(measured, connection.name);
    const result = await this.#approvals.ask(
      {
        subject: caller.principal.subject,
        tokenName: caller.principal.name,
        ...(caller.clientName ? { clientName: caller.clientName } : {}),
        connection: { id: connection.id, name: connection.name },
        target: caller.target,
        reason: decision.approval,
        ...(caller.note ? { note: caller.note } : {}),
        ...(shown ? { request: shownRequest(shown) } : {}),
        ...(measured ? { impact: measured } : {}),
      },
      { signal: caller.signal, ...(caller.onPending ? { onPending: caller.onPending } : {}) },
    );
    caller.onApproval?.(result.remembered ? "remembered" : result.outcome);
    if (caller.signal.aborted) throw caller.signal.reason;
    if (result.outcome === "approved") return;
    throw accessErrors.approvalRefused(
      result.outcome,
      connection.name,
      decision.approval,
      result.remembered,
    );
  }
}

/** The request as the user sees it in the approval: method, path and the body as JSON text. */
function shownRequest(r: ConsoleRequest): { method: string; path: string; body?: string } {
  if (r.body === undefined) return { method: r.method, path: r.path };
  return {
    method: r.method,
    path: r.path,
    body: typeof r.body === "string" ? r.body : JSON.stringify(r.body, null, 2),
  };
}
