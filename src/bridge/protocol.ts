/**
 * What the bridge does to messages, as pure functions (docs/mcp.md, "Relaying"): the
 * headers a 2026-07-28 request needs on HTTP, the legacy `initialize` answered from the app's
 * `server/discover`, the `_meta` a legacy client's requests get before they go to the app, the
 * 2026-only fields taken off results for a legacy client, and the errors the bridge itself writes.
 */
import { errors, type QuarryError } from "../core/errors.ts";
import { parseJsonExact } from "../core/exact-json.ts";
import {
  headerValue,
  META,
  metaOf,
  modernHeaders,
  modernVersionOf,
  paramsOf,
} from "../mcp/modern-headers.ts";
import {
  LEGACY_VERSIONS,
  MODERN_VERSION,
  RPC,
  type RpcId,
  type RpcMessage,
} from "../mcp/protocol.ts";

export { headerValue, META, modernHeaders, modernVersionOf };

/**
 * The bridge's own code for "no trusted app to talk to" (not running, the endpoint did not prove
 * itself, an untrusted handshake file, an app too old): outside the ranges JSON-RPC and MCP
 * reserve, next to the app's -33005/-33007/-33009/-33010.
 */
export const BRIDGE_UNAVAILABLE = -33000;

export type Json = Record<string, unknown>;

export type { RpcMessage };

export type Kind =
  | { kind: "request"; id: string | number; method: string }
  | { kind: "notification"; method: string }
  | { kind: "response" }
  | { kind: "invalid"; id: RpcId; why: string };

/** What one message from the client is. */
export function classifyMessage(m: unknown): Kind {
  if (m === null || typeof m !== "object" || Array.isArray(m))
    return { kind: "invalid", id: null, why: "a JSON-RPC message must be one JSON object" };
  const msg = m as RpcMessage;
  const id = msg.id;
  const validId = typeof id === "string" || (typeof id === "number" && Number.isFinite(id));
  if (typeof msg.method === "string") {
    if (id === undefined) return { kind: "notification", method: msg.method };
    if (!validId)
      return { kind: "invalid", id: null, why: "a request id must be a string or a number" };
    return { kind: "request", id: id as string | number, method: msg.method };
  }
  if ("result" in msg || "error" in msg) return { kind: "response" };
  return {
    kind: "invalid",
    id: validId ? (id as string | number) : null,
    why: "the message has no method",
  };
}

// --- Legacy clients (2025-11-25, 2025-06-18) ---

/** What the bridge remembers of a legacy client's `initialize`. */
export interface LegacySession {
  protocolVersion: string;
  capabilities: Json;
  clientInfo?: Json;
  /** From `logging/setLevel`; sent as `_meta` logLevel on every later request. */
  logLevel?: string;
}

export const LOG_LEVELS = [
  "debug",
  "info",
  "notice",
  "warning",
  "error",
  "critical",
  "alert",
  "emergency",
] as const;

/** The revision a legacy `initialize` gets, or why it is refused (as the app refuses it on HTTP). */
export function negotiateLegacy(
  params: Json | undefined,
): { ok: true; session: LegacySession } | { ok: false; message: string; data: Json } {
  const requested = params?.protocolVersion;
  if (typeof requested !== "string" || !(LEGACY_VERSIONS as readonly string[]).includes(requested))
    return {
      ok: false,
      message: `Unsupported protocol version ${typeof requested === "string" ? requested : "(none)"} (refused by the stdio bridge quarry-mcp): use ${MODERN_VERSION} (no initialize, _meta on every request) or initialize with ${LEGACY_VERSIONS.join(" or ")}`,
      data: { supported: [MODERN_VERSION, ...LEGACY_VERSIONS], requested: requested ?? null },
    };
  const caps = params?.capabilities;
  const info = params?.clientInfo;
  return {
    ok: true,
    session: {
      protocolVersion: requested,
      capabilities: caps && typeof caps === "object" && !Array.isArray(caps) ? (caps as Json) : {},
      ...(info && typeof info === "object" && !Array.isArray(info)
        ? { clientInfo: info as Json }
        : {}),
    },
  };
}

/**
 * The `initialize` result for a legacy client, from the app's `server/discover` result. Only what
 * the bridge can deliver is declared: no `listChanged` or resource subscriptions (those arrive only
 * on a 2026-07-28 `subscriptions/listen` stream, which a legacy client cannot open), no extensions.
 */
export function legacyInitializeResult(
  discover: Json,
  session: LegacySession,
  fallbackServerInfo: Json,
): Json {
  const caps = (discover.capabilities ?? {}) as Json;
  const out: Json = {};
  for (const [key, value] of Object.entries(caps)) {
    if (key === "extensions") continue;
    if (value && typeof value === "object" && !Array.isArray(value)) {
      const { listChanged: _l, subscribe: _s, ...rest } = value as Json;
      out[key] = rest;
    } else out[key] = value;
  }
  const meta = discover._meta as Json | undefined;
  const serverInfo = meta?.[META.serverInfo];
  return {
    protocolVersion: session.protocolVersion,
    capabilities: out,
    serverInfo:
      serverInfo && typeof serverInfo === "object" ? (serverInfo as Json) : fallbackServerInfo,
    ...(typeof discover.instructions === "string" ? { instructions: discover.instructions } : {}),
  };
}

/** A legacy client's request as a 2026-07-28 request: its `_meta` plus the per-request keys. */
export function withModernMeta(m: RpcMessage, session: LegacySession): RpcMessage {
  const params = paramsOf(m) ?? {};
  const meta: Json = {
    ...(metaOf(m) ?? {}),
    [META.protocolVersion]: MODERN_VERSION,
    [META.clientCapabilities]: session.capabilities,
  };
  if (session.clientInfo) meta[META.clientInfo] = session.clientInfo;
  if (session.logLevel) meta[META.logLevel] = session.logLevel;
  return { ...m, params: { ...params, _meta: meta } };
}

/**
 * A 2026-07-28 response as a legacy client expects it: `resultType` and the cache fields are
 * 2026-only. A result that asks for input (MRTR) cannot be answered by a 2025 client: error.
 */
export function forLegacyClient(m: Json): Json {
  const result = m.result;
  if (!result || typeof result !== "object" || Array.isArray(result)) return m;
  const { resultType, ttlMs: _t, cacheScope: _c, ...rest } = result as Json;
  if (resultType !== undefined && resultType !== "complete")
    return rpcError(m.id as RpcId, RPC.internalError, {
      message: `Quarry answered with a ${String(resultType)} result, which a ${LEGACY_VERSIONS.join("/")} client cannot take (refused by the stdio bridge quarry-mcp)`,
      data: { layer: "bridge", resultType, remedy: "Use a client that speaks MCP 2026-07-28." },
    });
  return { ...m, result: rest };
}

// --- Errors the bridge writes ---

export function rpcError(id: RpcId, code: number, error: { message: string; data?: Json }): Json {
  return { jsonrpc: "2.0", id, error: { code, ...error } };
}

/**
 * A bridge refusal as a JSON-RPC error. The message names the layer (the stdio bridge) and carries
 * the remedy, since many clients show only the message; `data` has both apart.
 */
export function bridgeError(id: RpcId, code: number, e: QuarryError): Json {
  return rpcError(id, code, {
    message: `quarry-mcp (the stdio bridge): ${e.message}. ${e.remedy}`,
    data: { layer: "bridge", code: e.code, remedy: e.remedy, ...e.details },
  });
}

/** An error the app sent (or the bridge made) with the request's id put in where it was missing. */
export function withId(m: Json, id: RpcId): Json {
  return m.id === undefined || m.id === null ? { ...m, id } : m;
}

/**
 * The app's 429 as the bridge's own refusal (met while it checks a new app instance): the app's
 * reason without a second "Rate limited:", and the true wait, from Retry-After (else the error's
 * own data), with the app's remedy when it gave one.
 */
export function appRateLimit(body: unknown, retryAfter: number | undefined): QuarryError {
  const e = (body as { error?: { message?: unknown; data?: Json } } | undefined)?.error;
  const reason =
    typeof e?.message === "string"
      ? e.message.replace(/^Rate limited:\s*/, "")
      : "Quarry is rate limiting requests";
  const fromData = e?.data?.retryAfterSeconds;
  const seconds =
    retryAfter ?? (typeof fromData === "number" && fromData >= 0 ? Math.ceil(fromData) : 60);
  const remedy = e?.data?.remedy;
  return errors.rateLimited(reason, seconds, typeof remedy === "string" ? remedy : undefined);
}

/** One line of the client's input as a JSON-RPC message, or the refusal it gets. Pure. */
export function parseLine(
  line: string,
): { ok: true; message: unknown } | { ok: false; code: number; message: string } {
  let message: unknown;
  try {
    message = parseJsonExact(line);
  } catch {
    return { ok: false, code: RPC.parseError, message: "Parse error: the line is not JSON" };
  }
  if (Array.isArray(message))
    return {
      ok: false,
      code: RPC.invalidRequest,
      message:
        "Invalid request: batches are not supported (they belong to MCP 2025-03-26); send one message per line",
    };
  return { ok: true, message };
}

/** The level a `logging/setLevel` asks for, when it is one MCP knows. Pure. */
export function logLevelOf(m: RpcMessage): (typeof LOG_LEVELS)[number] | undefined {
  const level = (m.params as Json | undefined)?.level;
  return (LOG_LEVELS as readonly unknown[]).includes(level)
    ? (level as (typeof LOG_LEVELS)[number])
    : undefined;
}
