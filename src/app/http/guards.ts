/**
 * The guards every local HTTP door of Quarry puts in front of its routes (the UI, its API, the MCP
 * endpoint), as Hono middleware: a loopback Host with this server's port (DNS rebinding), an
 * allowed Origin, the per-run secret, and one body limit. Each door says how a refusal reads (the
 * UI's API shape, a JSON-RPC error) by the `refuse` it passes; the rules themselves live here once.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import {
  localhostAllowedHostnames,
  localhostAllowedOrigins,
  validateHostHeader,
  validateOriginHeader,
} from "@modelcontextprotocol/server";
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { SECRET_HEADER } from "./api/contract.ts";

export { SECRET_HEADER };

/** A door's answer to a refused request. */
export type Refuse = (c: Context) => Response | Promise<Response>;

/** `name` or `[v6]`, then an optional port: nothing else (no user info, no path). */
const HOST_SHAPE = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/;

/**
 * Whether a Host header names this server: a loopback name (the MCP SDK's list: localhost,
 * 127.0.0.1, [::1]) written as it is, and this server's port (none means 80).
 */
export function isLoopbackHost(host: string | undefined, port: number): boolean {
  const m = HOST_SHAPE.exec((host ?? "").toLowerCase());
  if (!m) return false;
  const checked = validateHostHeader(host, localhostAllowedHostnames());
  if (!checked.ok || checked.hostname !== m[1]) return false;
  return (m[2] === undefined ? 80 : Number(m[2])) === port;
}

/** Whether an Origin is a loopback page (http or https, any port): what MCP clients may be. */
export function isLoopbackOrigin(origin: string): boolean {
  if (!validateOriginHeader(origin, localhostAllowedOrigins()).ok) return false;
  try {
    const { protocol } = new URL(origin);
    return protocol === "http:" || protocol === "https:";
  } catch {
    return false;
  }
}

/** Whether an Origin is this server's own: the UI's pages and nothing else. */
export function isOwnOrigin(origin: string, port: number): boolean {
  const o = origin.toLowerCase();
  return o === `http://127.0.0.1:${port}` || o === `http://localhost:${port}`;
}

/**
 * Whether `given` is the per-run secret. Both sides are hashed first, so the comparison is of two
 * equal-length digests and takes the same time whatever was sent, its length included.
 */
export function sameSecret(given: string | undefined, secret: string): boolean {
  if (given === undefined) return false;
  const a = createHash("sha256").update(given).digest();
  const b = createHash("sha256").update(secret).digest();
  return timingSafeEqual(a, b);
}

/** Refuses a request whose Host is not this server (`port()` is read when the request comes). */
export function hostGuard(port: () => number, refuse: Refuse): MiddlewareHandler {
  return async (c, next) => {
    if (!isLoopbackHost(c.req.header("host"), port())) return refuse(c);
    await next();
  };
}

/** Refuses a request whose Origin, when it sends one, is not `allowed`. */
export function originGuard(
  allowed: (origin: string) => boolean,
  refuse: Refuse,
): MiddlewareHandler {
  return async (c, next) => {
    const origin = c.req.header("origin");
    if (origin !== undefined && !allowed(origin)) return refuse(c);
    await next();
  };
}

/** Refuses a request that does not carry the per-run secret. */
export function secretGuard(secret: string, refuse: Refuse): MiddlewareHandler {
  return async (c, next) => {
    if (!sameSecret(c.req.header(SECRET_HEADER), secret)) return refuse(c);
    await next();
  };
}

/**
 * Refuses a body over `maxBytes`: at once when its Content-Length says so, else as soon as the
 * bytes read pass it (hono/body-limit).
 */
export function sizeGuard(maxBytes: number, refuse: Refuse): MiddlewareHandler {
  return bodyLimit({ maxSize: maxBytes, onError: refuse });
}
