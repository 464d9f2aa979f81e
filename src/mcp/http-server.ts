/**
 * The HTTP door of the MCP server (spec 4.1, 6, 9): plain HTTP on 127.0.0.1 at `/mcp`. Every
 * request passes, in order:
 *   1. the path (`/mcp`, and the handshake proof at PROOF_PATH) and the method (POST; DELETE ends
 *      a legacy session; GET and everything else answer 405: there is no notification stream);
 *   2. Host and Origin (DNS rebinding): loopback names only, and the Host's port must be ours;
 *   3. Content-Type application/json, a body of at most `maxBodyBytes`, valid JSON, one message
 *      (batches belong to 2025-03-26, which is refused);
 *   4. the lockout, the bearer token, the token's request rate and concurrency;
 *   5. the era: requests carrying the 2026-07-28 `_meta` go to the SDK's stateless handler, the
 *      rest (`initialize` and its session) to the legacy sessions.
 * Every refusal is a JSON-RPC error with the matching HTTP status; nothing a client sends can
 * crash the server.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import {
  type AuthInfo,
  isJsonContentType,
  isLegacyRequest,
  type McpHttpHandler,
} from "@modelcontextprotocol/server";
import { errors, type QuarryError } from "../core/errors.ts";
import { parseJsonExact } from "../core/exact-json.ts";
import { clientErrorAction, wasHead } from "../core/http-client-error.ts";
import { isValidChallenge, PROOF_PATH, type ProofAnswer } from "../core/mcp-handshake.ts";
import type { Authenticator, Principal } from "./auth.ts";
import type { AuditSink, Clock } from "./host.ts";
import type { LegacySessions } from "./legacy-sessions.ts";
import type { ConcurrencyLimit, RateWindow } from "./limits.ts";
import { paramsProblem } from "./params.ts";
import {
  RPC,
  type RpcError,
  type RpcId,
  requestIdOf,
  rpcErrorBody,
  rpcErrorOf,
} from "./protocol.ts";

export const MCP_PATH = "/mcp";
/** Largest request body (the SDK's own default): 4 MiB. */
export const MAX_BODY_BYTES = 4 * 1024 * 1024;
/** Proof challenges answered per minute, for all callers together. */
export const PROOF_PER_MINUTE = 120;

export interface DoorDeps {
  authenticator: Authenticator;
  rate: RateWindow;
  concurrency: ConcurrencyLimit;
  proofRate: RateWindow;
  legacy: LegacySessions;
  modern: McpHttpHandler;
  audit: AuditSink;
  now: Clock;
  prove: (challenge: string) => ProofAnswer;
  maxBodyBytes?: number;
}

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

export class McpHttpServer {
  readonly #deps: DoorDeps;
  readonly #server: Server;
  readonly #maxBody: number;
  readonly #sockets = new Set<Socket>();
  #port = 0;

  constructor(deps: DoorDeps) {
    this.#deps = deps;
    this.#maxBody = deps.maxBodyBytes ?? MAX_BODY_BYTES;
    // requireHostHeader off: a request without Host gets the guard's JSON-RPC refusal below,
    // not Node's bare 400.
    this.#server = createServer({ requireHostHeader: false }, (req, res) => {
      this.#handle(req, res).catch((e: unknown) => {
        // Last resort: a bug must cost one request, never the server.
        process.stderr.write(`quarry mcp: ${e instanceof Error ? e.stack : String(e)}\n`);
        if (!res.headersSent)
          reply(
            res,
            500,
            {},
            rpcErrorBody(null, { code: RPC.internalError, message: "Internal error" }),
          );
        else res.destroy();
      });
    });
    this.#server.on("connection", (s: Socket) => {
      this.#sockets.add(s);
      s.on("close", () => this.#sockets.delete(s));
    });
    // Malformed HTTP or oversized headers: answer with a JSON-RPC error too, then close.
    this.#server.on("clientError", (err: NodeJS.ErrnoException, socket: Socket) => {
      // A refusal at the door comes before the body is read: bytes after it, or the client
      // leaving, must not get a second answer (core/http-client-error.ts).
      const action = clientErrorAction(err, socket);
      if (action === "wait") return;
      if (action === "close") return socket.destroy();
      const tooLarge = err.code === "HPE_HEADER_OVERFLOW";
      const body = rpcErrorBody(null, {
        code: RPC.invalidRequest,
        message: tooLarge ? "Request headers too large" : "Malformed HTTP request",
      });
      // An answer to HEAD has no body, even this one (the request line was read before the rest).
      const head = wasHead(err);
      socket.end(
        `HTTP/1.1 ${tooLarge ? "431 Request Header Fields Too Large" : "400 Bad Request"}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${head ? "" : body}`,
      );
    });
  }

  get port(): number {
    return this.#port;
  }

  /** Listens on 127.0.0.1: the preferred port, or any free port when it is taken. */
  async listen(preferredPort: number): Promise<number> {
    const tryPort = (port: number) =>
      new Promise<void>((resolve, reject) => {
        const onError = (e: Error) => {
          this.#server.off("listening", onListening);
          reject(e);
        };
        const onListening = () => {
          this.#server.off("error", onError);
          resolve();
        };
        this.#server.once("error", onError);
        this.#server.once("listening", onListening);
        this.#server.listen(port, "127.0.0.1");
      });
    try {
      await tryPort(preferredPort);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code !== "EADDRINUSE" && code !== "EACCES") throw e;
      await tryPort(0);
    }
    this.#port = (this.#server.address() as AddressInfo).port;
    return this.#port;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => {
      this.#server.close(() => resolve());
      this.#server.closeIdleConnections();
      // In-flight requests were aborted by the caller; give their answers a moment, then cut.
      setTimeout(() => {
        for (const s of this.#sockets) s.destroy();
      }, 1000).unref();
    });
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? "/").split("?")[0];
    const method = (req.method ?? "GET").toUpperCase();
    if (path !== MCP_PATH && path !== PROOF_PATH)
      return fail(res, 404, null, {
        code: RPC.invalidRequest,
        message: `Not found: Quarry's MCP endpoint is ${MCP_PATH}`,
      });

    const guard = this.#checkHostAndOrigin(req);
    if (guard) return fail(res, 403, null, guard);

    if (method !== "POST" && !(method === "DELETE" && path === MCP_PATH)) {
      return fail(
        res,
        405,
        null,
        {
          code: RPC.invalidRequest,
          message:
            method === "GET"
              ? "Method not allowed: there is no notification stream (GET); notifications travel on the response stream of the request they belong to"
              : `Method not allowed: ${method}; send POST`,
        },
        { allow: path === MCP_PATH ? "POST, DELETE" : "POST" },
      );
    }

    let body: unknown;
    if (method === "POST") {
      if (!isJsonContentType(header(req, "content-type")))
        return fail(res, 415, null, {
          code: RPC.invalidRequest,
          message: "Unsupported Media Type: send Content-Type: application/json",
        });
      const read = await readBody(req, this.#maxBody);
      if (read.tooLarge)
        return fail(
          res,
          413,
          null,
          {
            code: RPC.payloadTooLarge,
            message: `Request body too large: at most ${this.#maxBody} bytes`,
            data: { limit: this.#maxBody },
          },
          { connection: "close" },
        );
      try {
        body = parseJsonExact(read.text);
      } catch {
        return fail(res, 400, null, {
          code: RPC.parseError,
          message: "Parse error: the body is not valid JSON",
        });
      }
      if (Array.isArray(body))
        return fail(res, 400, null, {
          code: RPC.invalidRequest,
          message:
            "Invalid request: batch requests are not supported (they belong to MCP 2025-03-26, which Quarry refuses over HTTP); send one message per request",
        });
      if (body === null || typeof body !== "object")
        return fail(res, 400, null, {
          code: RPC.invalidRequest,
          message: "Invalid request: the body must be one JSON-RPC message (an object)",
        });
    }
    const id = requestIdOf(body);

    if (path === PROOF_PATH) return this.#prove(res, body);

    const started = this.#deps.now();
    const rpcMethod = (body as { method?: unknown } | undefined)?.method;
    const auditMethod = typeof rpcMethod === "string" ? rpcMethod : method;
    const auth = this.#deps.authenticator.authenticate(header(req, "authorization"));
    if (!auth.ok) {
      this.#deps.audit.record({
        at: new Date(started).toISOString(),
        token: auth.tokenName ?? null,
        method: auditMethod,
        outcome: "refused",
        layer: auth.status === 429 ? "lockout" : "authentication",
        code: auth.status === 429 ? RPC.rateLimited : RPC.unauthenticated,
        durationMs: 0,
      });
      return refuse(res, id, auth.error, auth.status, auth.retryAfter);
    }
    const principal = auth.principal;
    try {
      const waitMs = this.#deps.rate.take(principal.tokenId);
      if (waitMs > 0)
        return this.#limited(
          res,
          id,
          principal,
          auditMethod,
          started,
          Math.ceil(waitMs / 1000),
          "requests in the last 60 seconds",
        );
      if (!this.#deps.concurrency.tryAcquire(principal.tokenId))
        return this.#limited(res, id, principal, auditMethod, started, 1, "requests in flight");
      try {
        await this.#dispatch(req, res, body, principal);
      } finally {
        this.#deps.concurrency.release(principal.tokenId);
      }
    } finally {
      auth.release?.();
    }
  }

  async #dispatch(
    req: IncomingMessage,
    res: ServerResponse,
    body: unknown,
    principal: Principal,
  ): Promise<void> {
    const abort = new AbortController();
    res.on("close", () => {
      if (!res.writableFinished) abort.abort();
    });
    const request = webRequest(req, abort.signal);
    const authInfo: AuthInfo = {
      token: principal.tokenId,
      clientId: principal.name,
      scopes: [principal.scope],
      extra: { principal },
    };
    const legacy = req.method?.toUpperCase() === "DELETE" || (await isLegacyRequest(request, body));
    if (!legacy) {
      // The SDK would answer -32603 with its validator's dump: the client's mistake is -32602.
      const invalid = paramsProblem(body, "modern");
      if (invalid) return fail(res, 200, requestIdOf(body), invalid);
    }
    const response = legacy
      ? await this.#deps.legacy.handle(request, body, principal, authInfo)
      : await this.#deps.modern.fetch(request, { authInfo, parsedBody: body });
    await writeResponse(res, response, abort.signal);
  }

  #limited(
    res: ServerResponse,
    id: RpcId,
    principal: Principal,
    method: string,
    started: number,
    retryAfter: number,
    what: string,
  ): void {
    this.#deps.audit.record({
      at: new Date(started).toISOString(),
      token: principal.name,
      method,
      outcome: "refused",
      layer: "rate-limit",
      code: RPC.rateLimited,
      durationMs: 0,
    });
    refuse(
      res,
      id,
      errors.rateLimited(`too many ${what} for the token "${principal.name}"`, retryAfter),
      429,
      retryAfter,
    );
  }

  #prove(res: ServerResponse, body: unknown): void {
    const challenge = (body as { challenge?: unknown }).challenge;
    if (this.#deps.proofRate.take("proof") > 0)
      refuse(res, null, errors.rateLimited("too many proof challenges", 60), 429, 60);
    else if (!isValidChallenge(challenge))
      fail(res, 400, null, {
        code: RPC.invalidParams,
        message: 'Invalid challenge: send {"challenge": "<16 to 128 base64url characters>"}',
      });
    else reply(res, 200, {}, JSON.stringify(this.#deps.prove(challenge)));
  }

  /** DNS-rebinding guard: the Host must be a loopback name with our port; an Origin must be loopback. */
  #checkHostAndOrigin(req: IncomingMessage): RpcError | undefined {
    const host = header(req, "host") ?? "";
    const m = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(host.toLowerCase());
    const okHost =
      m !== null &&
      LOOPBACK_HOSTS.has(m[1]!) &&
      (m[2] === undefined ? this.#port === 80 : Number(m[2]) === this.#port);
    if (!okHost)
      return forbiddenBy(
        "Host",
        `Host "${host}" is not this server (http://127.0.0.1:${this.#port})`,
      );
    const origin = header(req, "origin");
    if (origin === undefined) return undefined;
    let ok = false;
    try {
      const u = new URL(origin);
      ok = (u.protocol === "http:" || u.protocol === "https:") && LOOPBACK_HOSTS.has(u.hostname);
    } catch {
      ok = false;
    }
    return ok ? undefined : forbiddenBy("Origin", `Origin "${origin}" is not a loopback origin`);
  }
}

function forbiddenBy(header: string, message: string): RpcError {
  return {
    code: RPC.forbidden,
    message: `Forbidden by the DNS-rebinding guard: ${message}`,
    data: {
      code: "forbidden",
      layer: "transport",
      header,
      remedy: "Connect to http://127.0.0.1:<port>/mcp directly (quarry mcp status shows the port).",
    },
  };
}

/**
 * The web Request the SDK's handlers take. It carries no body: the door has read and parsed it,
 * and both handlers are given the parsed body (so serializing it again would only cost time).
 */
function webRequest(req: IncomingMessage, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name === "content-length" || name === "transfer-encoding") continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  return new Request(`http://${req.headers.host}${req.url ?? "/"}`, {
    method: req.method ?? "POST",
    headers,
    signal,
  });
}

function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

async function readBody(
  req: IncomingMessage,
  max: number,
): Promise<{ tooLarge: true } | { tooLarge: false; text: string }> {
  const declared = Number(header(req, "content-length"));
  if (Number.isFinite(declared) && declared > max) {
    req.resume();
    return { tooLarge: true };
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > max) {
      req.resume();
      return { tooLarge: true };
    }
    chunks.push(chunk as Buffer);
  }
  return { tooLarge: false, text: Buffer.concat(chunks).toString("utf8") };
}

function reply(
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  body: string,
): void {
  res.writeHead(status, {
    "content-type": "application/json",
    "content-length": String(Buffer.byteLength(body)),
    ...headers,
  });
  res.end(body);
}

function fail(
  res: ServerResponse,
  status: number,
  id: RpcId,
  error: RpcError,
  headers: Record<string, string> = {},
): void {
  reply(res, status, headers, rpcErrorBody(id, error));
}

/** A QuarryError refusal at the door: 401 (with a Bearer challenge) or 429 (with Retry-After). */
function refuse(
  res: ServerResponse,
  id: RpcId,
  e: QuarryError,
  status: 401 | 429,
  retryAfter?: number,
): void {
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
  fail(res, status, id, rpcErrorOf(e, code), headers);
}

/**
 * Writes a web Response to Node. A JSON answer goes out in one write with its headers; an SSE
 * stream is written event by event, with backpressure, until it ends or the client leaves.
 */
async function writeResponse(
  res: ServerResponse,
  response: Response,
  closed: AbortSignal,
): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  if (response.body === null) {
    res.writeHead(response.status, headers);
    res.end();
    return;
  }
  if (!headers["content-type"]?.startsWith("text/event-stream")) {
    const body = Buffer.from(await response.arrayBuffer());
    res.writeHead(response.status, { ...headers, "content-length": String(body.length) });
    res.end(body);
    return;
  }
  res.writeHead(response.status, headers);
  const reader = response.body.getReader();
  const onClose = () => void reader.cancel().catch(() => {});
  closed.addEventListener("abort", onClose, { once: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || closed.aborted) break;
      if (!res.write(value))
        await new Promise<void>((resolve) => {
          res.once("drain", resolve);
          closed.addEventListener("abort", () => resolve(), { once: true });
        });
    }
  } catch {
    // The stream was cancelled (the client left): nothing more to write.
  } finally {
    closed.removeEventListener("abort", onClose);
    res.end();
  }
}
