/**
 * What every handler (tools, resources, prompts) shares: who is calling (the principal the HTTP
 * door authenticated), a signal that ends the call, progress on the request's own stream, and one
 * audit entry per call with the outcome and, for a refusal, the refusing layer.
 */
import {
  CLIENT_INFO_META_KEY,
  ProtocolError,
  type Server,
  type ServerContext,
} from "@modelcontextprotocol/server";
import { isQuarryError } from "../core/errors.ts";
import type { Principal } from "./auth.ts";
import type { Clock } from "./host.ts";
import type { AuditEntry, AuditSink } from "./policy/stores.ts";
import { RPC, rpcCodeOf, rpcErrorOf } from "./protocol.ts";

/** The principal of this request (from the door), or of the session when the request has none. */
export function principalOf(ctx: ServerContext, fallback?: Principal): Principal {
  const p = (ctx.http?.authInfo?.extra as { principal?: Principal } | undefined)?.principal;
  const principal = p ?? fallback;
  if (!principal)
    throw new ProtocolError(RPC.unauthenticated, "Unauthenticated: no token on this request");
  return principal;
}

/** The client's self-reported name: the request's envelope (2026-07-28) or its `initialize`. */
export function clientNameOf(ctx: ServerContext, server: Server): string | undefined {
  const envelope = ctx.mcpReq.envelope as
    | Record<string, { name?: unknown } | undefined>
    | undefined;
  const fromEnvelope = envelope?.[CLIENT_INFO_META_KEY]?.name;
  return typeof fromEnvelope === "string" ? fromEnvelope : server.getClientVersion()?.name;
}

/** Progress notifications for one request, only if it asked (progressToken); always increasing. */
export function progressFor(
  ctx: ServerContext,
): (progress: number, total?: number, message?: string) => Promise<void> {
  const token = ctx.mcpReq._meta?.progressToken;
  let last = Number.NEGATIVE_INFINITY;
  return async (progress, total, message) => {
    if (token === undefined || progress <= last || ctx.mcpReq.signal.aborted) return;
    last = progress;
    await ctx.mcpReq
      .notify({
        method: "notifications/progress",
        params: {
          progressToken: token,
          progress,
          ...(total !== undefined ? { total } : {}),
          ...(message ? { message } : {}),
        },
      })
      .catch(() => {});
  };
}

export interface AuditedCall {
  entry: Pick<AuditEntry, "connection" | "request" | "requestBody" | "class" | "approval">;
  started: number;
}

/**
 * Runs a handler and writes its audit entry. A QuarryError that refuses (forbidden,
 * unauthenticated, rate limited) becomes a JSON-RPC error with Quarry's code (-33007, -33009,
 * -33010), its remedy and layer in `data`; anything else propagates for the caller to shape.
 */
export async function audited<T>(
  deps: { audit: AuditSink; now: Clock },
  who: { principal: Principal; client?: string | undefined },
  method: string,
  target: string,
  body: (call: AuditedCall) => Promise<T>,
  sizeOf: (result: T) => { bytes: number; failed: boolean },
): Promise<T> {
  const started = deps.now();
  const call: AuditedCall = { entry: {}, started };
  const base = {
    at: new Date(started).toISOString(),
    token: who.principal.name,
    ...(who.client ? { client: who.client } : {}),
    method,
    target,
  };
  try {
    const result = await body(call);
    const { bytes, failed } = sizeOf(result);
    deps.audit.record({
      ...base,
      ...call.entry,
      outcome: failed ? "error" : "allowed",
      durationMs: deps.now() - started,
      resultBytes: bytes,
    });
    return result;
  } catch (e) {
    const code = isQuarryError(e) ? rpcCodeOf(e) : undefined;
    deps.audit.record({
      ...base,
      ...call.entry,
      outcome: code === undefined ? "error" : "refused",
      ...(isQuarryError(e) && typeof e.details.layer === "string"
        ? { layer: e.details.layer }
        : {}),
      ...(code !== undefined ? { code } : e instanceof ProtocolError ? { code: e.code } : {}),
      durationMs: deps.now() - started,
    });
    if (isQuarryError(e) && code !== undefined) {
      const err = rpcErrorOf(e, code);
      throw new ProtocolError(err.code, err.message, err.data);
    }
    throw e;
  }
}

/**
 * For resources and prompts (which have no "tool error" result): a QuarryError that is not a
 * refusal, such as an unknown connection or a cluster's error, becomes -32602 naming the problem.
 */
export function asInvalidParams(e: unknown): unknown {
  if (!isQuarryError(e) || rpcCodeOf(e) !== undefined) return e;
  return new ProtocolError(RPC.invalidParams, e.message, {
    code: e.code,
    remedy: e.remedy,
    ...e.details,
  });
}
