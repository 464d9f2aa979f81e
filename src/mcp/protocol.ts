/**
 * Protocol facts of Quarry's MCP server: the revisions it speaks, its JSON-RPC error codes and how
 * a QuarryError becomes a JSON-RPC error. Pure.
 */
import type { QuarryError } from "../core/errors.ts";

/** The stateless revision: version, identity and capabilities travel in every request. */
export const MODERN_VERSION = "2026-07-28";
/** Served through `initialize` and an `Mcp-Session-Id` session. */
export const LEGACY_VERSIONS = ["2025-11-25", "2025-06-18"] as const;
/** Every revision spoken on HTTP, newest first. 2025-03-26 (batching) is refused. */
export const SUPPORTED_VERSIONS = [MODERN_VERSION, ...LEGACY_VERSIONS];

/**
 * Quarry's JSON-RPC error codes. -33007, -33009 and -33010 are fixed, for every client and the
 * bridge; the others are ours, outside the ranges JSON-RPC and MCP reserve (docs/mcp.md lists
 * them all).
 */
export const RPC = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  /** A legacy session id the server does not know (the SDK's own code for it). */
  sessionNotFound: -32001,
  /** A request body over the limit. */
  payloadTooLarge: -33005,
  forbidden: -33007,
  unauthenticated: -33009,
  rateLimited: -33010,
} as const;

export type RpcId = string | number | null;

/** One JSON-RPC message, as read (nothing in it checked yet). */
export interface RpcMessage {
  jsonrpc?: unknown;
  id?: unknown;
  method?: unknown;
  params?: unknown;
  result?: unknown;
  error?: unknown;
}

/**
 * The Upgrade token of the line stream (docs/mcp.md, "The line stream"): after it, one connection
 * carries newline-delimited 2026-07-28 messages both ways.
 */
export const LINE_STREAM = "quarry-mcp-lines";

/**
 * The server's last line on a line stream it ends (its token expired): whatever the bridge sent
 * that was not answered before it was not taken, so the bridge sends it again on a new stream.
 */
export const STREAM_END_METHOD = "quarry/streamEnded";

export interface RpcError {
  code: number;
  message: string;
  data?: Record<string, unknown>;
}

export function rpcErrorBody(id: RpcId, error: RpcError): string {
  return JSON.stringify({ jsonrpc: "2.0", id, error });
}

/** The JSON-RPC code of a QuarryError that refuses a request (others become tool errors). */
export function rpcCodeOf(e: QuarryError): number | undefined {
  switch (e.code) {
    case "forbidden":
      return RPC.forbidden;
    case "unauthenticated":
      return RPC.unauthenticated;
    case "rate_limited":
      return RPC.rateLimited;
    default:
      return undefined;
  }
}

/** A QuarryError as JSON-RPC error data: its stable code, its remedy and its details. */
export function rpcErrorOf(e: QuarryError, code: number): RpcError {
  return {
    code,
    message: e.message,
    data: { code: e.code, remedy: e.remedy, ...e.details },
  };
}

/** The id of a JSON-RPC request body, for error answers; null when it has none we can echo. */
export function requestIdOf(body: unknown): RpcId {
  if (body === null || typeof body !== "object" || Array.isArray(body)) return null;
  const id = (body as { id?: unknown }).id;
  return typeof id === "string" || typeof id === "number" ? id : null;
}
