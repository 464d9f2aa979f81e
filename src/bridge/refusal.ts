/**
 * How the bridge answers when it, not the app, refuses a request: the JSON-RPC code for a Quarry
 * error, and the refusal for an app that is gone or whose handshake cannot be trusted.
 */
import { isQuarryError, type QuarryError } from "../core/errors.ts";
import { MODERN_VERSION, RPC, type RpcId } from "../mcp/protocol.ts";
import { bridgeErrors } from "./errors.ts";
import { BRIDGE_UNAVAILABLE, type Json, withId } from "./protocol.ts";

/** A failure the bridge answers with, instead of the app. */
export class Refusal extends Error {
  readonly code: number;
  readonly error: QuarryError;
  constructor(code: number, error: QuarryError) {
    super(error.message);
    this.code = code;
    this.error = error;
  }
}

/** The JSON-RPC code of a bridge refusal. */
export function codeOf(e: QuarryError): number {
  if (e.code === "unauthenticated") return RPC.unauthenticated;
  if (e.code === "rate_limited") return RPC.rateLimited;
  return BRIDGE_UNAVAILABLE;
}

export function staleRefusal(reason: QuarryError): Refusal {
  // A trust failure of a rewritten file keeps its own message; anything else: no app any more.
  if (
    reason.code === "endpoint_unproven" ||
    reason.code === "handshake_untrusted" ||
    reason.code === "app_too_old"
  )
    return new Refusal(BRIDGE_UNAVAILABLE, reason);
  return new Refusal(
    RPC.unauthenticated,
    bridgeErrors.bridgeTokenStale(reason.message.replace(/^Quarry is not running: /, "")),
  );
}

export function asQuarryError(e: unknown): QuarryError {
  if (isQuarryError(e)) return e;
  return bridgeErrors.appNotRunning(
    `the bridge failed: ${e instanceof Error ? e.message : String(e)}`,
  );
}

/** A message in a line: its error's code and message, or its first 200 characters. */
export function gistOf(m: Json): string {
  const err = m.error as { code?: unknown; message?: unknown } | undefined;
  return err ? `${String(err.code)} ${String(err.message)}` : JSON.stringify(m).slice(0, 200);
}

/**
 * What a non-2xx answer of the app is to the client: its own JSON-RPC error (it names its layer),
 * an app too old for the bridge (-32022 without 2026-07-28), or no JSON-RPC message at all. Pure.
 */
export function appRefusal(
  status: number,
  body: unknown,
  id: RpcId,
): { kind: "relay"; message: Json } | { kind: "too-old"; error: QuarryError } | { kind: "bare" } {
  const err = (body as { error?: { code?: unknown; data?: Json } } | undefined)?.error;
  if (!err || typeof err.code !== "number") return { kind: "bare" };
  const supported = err.data?.supported;
  if (
    status === 400 &&
    err.code === -32022 &&
    Array.isArray(supported) &&
    !supported.includes(MODERN_VERSION)
  )
    return { kind: "too-old", error: bridgeErrors.appTooOld(supported.join(", ")) };
  return { kind: "relay", message: withId(body as Json, id) };
}
