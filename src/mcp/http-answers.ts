/**
 * The MCP endpoint's HTTP answers as web Responses: JSON-RPC errors with their status and headers
 * (the DNS-rebinding refusal, 401 with a Bearer challenge, 429 with Retry-After), the Request the
 * SDK's handlers are given, and the SDK's answer made ready to send (a request's in-flight slot
 * is released only when its answer, an SSE stream included, has ended).
 */
import {
  type AuthInfo,
  isJsonContentType,
  PROTOCOL_VERSION_META_KEY,
} from "@modelcontextprotocol/server";
import type { Context } from "hono";
import type { QuarryError } from "../core/errors.ts";
import type { Principal } from "./auth.ts";
import { RPC, type RpcError, type RpcId, rpcErrorBody, rpcErrorOf } from "./protocol.ts";

/** A JSON answer, sent in one write with its length. */
export function reply(status: number, headers: Record<string, string>, body: string): Response {
  return new Response(body, {
    status,
    headers: {
      "content-type": "application/json",
      "content-length": String(Buffer.byteLength(body)),
      ...headers,
    },
  });
}

export function fail(
  status: number,
  id: RpcId,
  error: RpcError,
  headers: Record<string, string> = {},
): Response {
  return reply(status, headers, rpcErrorBody(id, error));
}

/** The DNS-rebinding guard's refusal, naming the header it refused. */
export function forbiddenBy(header: "Host" | "Origin", message: string): Response {
  return fail(403, null, {
    code: RPC.forbidden,
    message: `Forbidden by the DNS-rebinding guard: ${message}`,
    data: {
      code: "forbidden",
      layer: "transport",
      header,
      remedy: "Connect to http://127.0.0.1:<port>/mcp directly (quarry mcp status shows the port).",
    },
  });
}

/** A QuarryError refusal at the door: 401 (with a Bearer challenge) or 429 (with Retry-After). */
export function refuse(
  id: RpcId,
  e: QuarryError,
  status: 401 | 429,
  retryAfter?: number,
): Response {
  const code = status === 401 ? RPC.unauthenticated : RPC.rateLimited;
  const headers: Record<string, string> =
    status === 401
      ? {
          "www-authenticate":
            e.details.reason === "missing"
              ? 'Bearer realm="quarry"'
              : `Bearer realm="quarry", error="invalid_token", error_description="${e.details.reason ?? "invalid"}"`,
        }
      : { "retry-after": String(retryAfter ?? 1) };
  return fail(status, id, rpcErrorOf(e, code), headers);
}

/**
 * The web Request the SDK's handlers take. It carries no body: the door has read and parsed it,
 * and both handlers are given the parsed body (so serializing it again would only cost time).
 * Its signal aborts when the client leaves.
 */
export function sdkRequest(request: Request): Request {
  const headers = new Headers(request.headers);
  headers.delete("content-length");
  headers.delete("transfer-encoding");
  return new Request(request.url, { method: request.method, headers, signal: request.signal });
}

/**
 * The SDK's answer, ready to send: a JSON answer (or none) as it is, its work done; an SSE stream
 * as it comes. `done` runs once the answer has ended (handed over whole, or the stream ended or
 * the client left).
 */
export async function whenSent(response: Response, done: () => void): Promise<Response> {
  // Read the type only: touching the body would turn the HTTP layer's (@hono/node-server) own
  // Response, which it writes at once, into a stream it reads chunk by chunk, and sometimes
  // waits a timer turn (a millisecond or more) for.
  if (!response.headers.get("content-type")?.startsWith("text/event-stream")) {
    done();
    return response;
  }
  const init = { status: response.status, headers: new Headers(response.headers) };
  if (response.body === null) {
    done();
    return new Response(null, init);
  }
  const reader = response.body.getReader();
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    done();
  };
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done: finished, value } = await reader.read();
        if (finished) {
          end();
          controller.close();
        } else controller.enqueue(value);
      } catch (e) {
        end();
        controller.error(e);
      }
    },
    cancel(reason) {
      // The client left: nothing more to write.
      end();
      return reader.cancel(reason).catch(() => {});
    },
  });
  return new Response(stream, init);
}

/**
 * Whether a parsed POST body carries the 2026-07-28 envelope claim (`params._meta` holds the
 * protocol-version key) on a method other than `initialize`. The SDK's `isLegacyRequest` answers
 * false for every such body (its response schemas are strict, so `params` rules them out; a claim
 * sends a request or notification to the modern path, which answers it or refuses it), so it is
 * not asked: its zod checks cost a tenth of a millisecond a call. Any other body is asked.
 */
export function claimsModernEnvelope(body: unknown): boolean {
  if (body === null || typeof body !== "object" || Array.isArray(body)) return false;
  const { method, params } = body as { method?: unknown; params?: unknown };
  if (typeof method !== "string" || method === "initialize") return false;
  if (params === null || typeof params !== "object" || Array.isArray(params)) return false;
  const meta = (params as { _meta?: unknown })._meta;
  if (meta === null || typeof meta !== "object" || Array.isArray(meta)) return false;
  return PROTOCOL_VERSION_META_KEY in meta;
}

/** What the SDK is handed with each message: who, and the RPC method (DoorExtra). */
export function authInfoOf(principal: Principal, body: unknown): AuthInfo {
  return {
    token: principal.tokenId,
    clientId: principal.name,
    scopes: [principal.scope],
    extra: { principal, method: (body as { method?: unknown } | undefined)?.method },
  };
}

/** POST bodies are JSON only: 415 before anything is read. */
export async function jsonOnly(
  c: Context,
  next: () => Promise<void>,
): Promise<Response | undefined> {
  if (!isJsonContentType(c.req.header("content-type")))
    return fail(415, null, {
      code: RPC.invalidRequest,
      message: "Unsupported Media Type: send Content-Type: application/json",
    });
  await next();
  return undefined;
}

export function notAllowed(c: Context, allow: string): Response {
  const method = c.req.method.toUpperCase();
  return fail(
    405,
    null,
    {
      code: RPC.invalidRequest,
      message:
        method === "GET"
          ? "Method not allowed: there is no notification stream (GET); notifications travel on the response stream of the request they belong to"
          : `Method not allowed: ${method}; send POST`,
    },
    { allow },
  );
}
