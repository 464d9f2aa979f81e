/**
 * What the MCP server needs from the app, as interfaces: the app (src/app) implements them and
 * hands them to `startMcpServer`. The server itself depends only on core and these.
 */

import type { Duplex } from "node:stream";
import type { Context, Hono } from "hono";
import type { SavedConnection } from "../core/connections.ts";
import type { DriverSession } from "../core/driver.ts";
import type { ExportOptions, ExportReport } from "../core/export.ts";
import type { ExportScanFacet } from "../core/facets.ts";
import type { Impact } from "../core/impact.ts";
import type { ApprovalReason } from "./policy/access.ts";
import type { HandshakeFile } from "./policy/handshake.ts";

/** Saved connections and how to open one (src/app/storage/connection-store.ts, connection-service.ts). */
export interface ConnectionDirectory {
  list(): Promise<SavedConnection[]>;
  /** The connection's session, lent by the app's owner of live state, which closes it. */
  session(connection: SavedConnection): Promise<DriverSession>;
}

/** A question for the user (Ask Each Time, or a destructive or admin request to confirm). */
export interface ApprovalRequest {
  /** Who asks: the token id, or "bridge" for the stdio bridge's rotating token. */
  subject: string;
  tokenName: string;
  clientName?: string;
  connection: { id: string; name: string };
  /** The tool, resource or prompt the client called. */
  target: string;
  reason: ApprovalReason;
  /** The exact request, when there is one (execute_query, confirm_destructive_operation). */
  request?: { method: string; path: string; body?: string };
  /** The client's own reason, when it gave one (untrusted text, shown as such). */
  note?: string;
  /** What the request would affect, measured just before asking (core/impact.ts). */
  impact?: Impact;
}

export interface PendingApproval extends ApprovalRequest {
  id: string;
  createdAt: string;
  /** When the call gives up waiting. */
  expiresAt: string;
  /** The app process that asks. */
  pid: number;
}

export type ApprovalOutcome = "approved" | "denied" | "timed-out";

export interface ApprovalResult {
  outcome: ApprovalOutcome;
  /** True when an earlier answer decided (no question was asked). */
  remembered: boolean;
}

/** The user's side of approvals (src/app/mcp-host/approvals.ts). */
export interface ApprovalGate {
  ask(
    request: ApprovalRequest,
    options: { signal?: AbortSignal; onPending?: (p: PendingApproval) => void },
  ): Promise<ApprovalResult>;
  /** Forgets what a token was granted or denied (it was revoked). */
  forget(subject: string): void;
}

/** Where the handshake file goes (src/app/mcp-host/handshake.ts). */
export interface HandshakeSink {
  write(file: HandshakeFile): Promise<void>;
  remove(instanceId: string): Promise<void>;
}

/** A clock, injectable so tests can move time (lockout, token expiry) without waiting. */
export type Clock = () => number;

/**
 * The app's export: writes to a file what a session's scan reads (export_data), as a job of the
 * connection it reads (the app cancels it when the connection is forgotten or the app stops).
 */
export type TableExporter = (
  source: ExportScanFacet,
  table: string,
  options: ExportOptions,
  owner: { connectionId: string },
) => Promise<ExportReport>;

/**
 * The MCP door as the host's HTTP layer serves it (src/mcp/http-door.ts builds it): its routes,
 * the paths the host's loopback Host and Origin guards stand before, and this door's answers.
 */
export interface DoorSpec {
  app: Hono;
  guarded: string[];
  refuseHost(c: Context): Response;
  refuseOrigin(c: Context): Response;
  /** Content-Type of the answers written by hand below. */
  contentType: string;
  /** The body for bytes Node cannot parse as HTTP (`tooLarge`: its headers were too large). */
  malformed(tooLarge: boolean): string;
  /** The answer to a request whose Host or target cannot be made into a URL. */
  unreadable(): Response;
  /**
   * Whether requests asking for an HTTP Upgrade go to the routes too (the line stream, docs/mcp.md
   * "The line stream"): each comes with an UpgradeTicket as the `upgrade` binding.
   */
  upgrades?: boolean;
}

/**
 * The connection of a request that asks for an HTTP Upgrade, offered to the route that answers it
 * (as the Hono binding `upgrade`). A route that takes it owns the socket from then on (it writes
 * the 101 itself); otherwise the host writes the route's Response and closes the connection.
 */
export interface UpgradeTicket {
  take(): { socket: Duplex; head: Buffer } | undefined;
}

/** The host's HTTP layer for the MCP door (src/app/http/mcp-endpoint.ts). */
export interface EndpointServer {
  /** Serves the door on 127.0.0.1: the preferred port, or any free port when it is taken. */
  serve(door: DoorSpec, preferredPort: number): Promise<{ port: number; close(): Promise<void> }>;
}
