/**
 * The HTTP door of the MCP server (docs/mcp.md, "Transport"): plain HTTP on 127.0.0.1 at `/mcp`, as
 * a Hono app the host serves (src/app/http/mcp-endpoint.ts). Every request passes, in order:
 *   1. the path (`/mcp`, and the handshake proof at PROOF_PATH): anything else is 404;
 *   2. Host and Origin (DNS rebinding), by the host's guards on those two paths, answered with
 *      this door's refusal (`spec`): loopback names only, and the Host's port must be ours;
 *   3. the method (POST; DELETE ends a legacy session; GET with `Upgrade: quarry-mcp-lines` opens
 *      the bridge's line stream, stream-door.ts; any other GET and everything else answer 405:
 *      there is no notification stream);
 *   4. Content-Type application/json, a body of at most `maxBodyBytes` (hono/body-limit), valid
 *      JSON, one message (batches belong to 2025-03-26, which is refused);
 *   5. the lockout, the bearer token, the token's request rate and concurrency;
 *   6. the era: requests carrying the 2026-07-28 `_meta` go to the SDK's stateless handler, the
 *      rest (`initialize` and its session) to the legacy sessions.
 * Every refusal is a JSON-RPC error with the matching HTTP status; nothing a client sends can
 * crash the server.
 */
import { isLegacyRequest, type McpHttpHandler } from "@modelcontextprotocol/server";
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { errors } from "../core/errors.ts";
import { parseJsonExact } from "../core/exact-json.ts";
import type { Admission, AdmittedCall } from "./admission.ts";
import type { Authenticator, AuthOutcome, Principal } from "./auth.ts";
import type { BridgeTokens } from "./bridge-token.ts";
import type { Clock, DoorSpec, UpgradeTicket } from "./host.ts";
import {
  authInfoOf,
  claimsModernEnvelope,
  fail,
  forbiddenBy,
  jsonOnly,
  notAllowed,
  refuse,
  reply,
  sdkRequest,
  whenSent,
} from "./http-answers.ts";
import type { LegacySessions } from "./legacy-sessions.ts";
import type { RateWindow } from "./limits.ts";
import { paramsProblem } from "./params.ts";
import { type PinnedExchanges, pinnable } from "./pinned-exchanges.ts";
import { isValidChallenge, PROOF_PATH, type ProofAnswer } from "./policy/handshake.ts";
import type { AuditSink } from "./policy/stores.ts";
import { LINE_STREAM, RPC, type RpcId, requestIdOf, rpcErrorBody, rpcErrorOf } from "./protocol.ts";
import { LineStream, type StreamCore } from "./stream-door.ts";

export const MCP_PATH = "/mcp";

/** Largest request body (the SDK's own default): 4 MiB. */
export const MCP_MAX_BODY_BYTES = 4 * 1024 * 1024;
/** Proof challenges answered per minute, for all callers together. */
export const PROOF_PER_MINUTE = 120;

/** What the door hands the SDK with each request (`authInfo.extra`): who, and the RPC method. */
export interface DoorExtra {
  principal?: Principal;
  method?: unknown;
}

export interface DoorDeps {
  authenticator: Authenticator;
  admission: Admission;
  proofRate: RateWindow;
  legacy: LegacySessions;
  modern: McpHttpHandler;
  /** The pinned server's exchanges (pinned-exchanges.ts); absent: every POST goes to `modern`. */
  pinned?: PinnedExchanges;
  audit: AuditSink;
  now: Clock;
  prove: (challenge: string) => ProofAnswer;
  maxBodyBytes?: number;
  /**
   * The line stream's offer (absent: the door answers an Upgrade as any GET, 405): the bridge
   * token's check, and the server a stream is served by.
   */
  stream?: { check: BridgeTokens["check"]; serve: StreamCore["serve"] };
}

export class McpDoor {
  readonly #deps: DoorDeps;
  readonly #maxBody: number;
  readonly #app = new Hono();
  /** The port the host serves the door on (set once it listens). */
  port = 0;
  readonly #streams = new Set<LineStream>();

  constructor(deps: DoorDeps) {
    this.#deps = deps;
    this.#maxBody = deps.maxBodyBytes ?? MCP_MAX_BODY_BYTES;
    const limit = bodyLimit({ maxSize: this.#maxBody, onError: () => this.#tooLarge() });
    const post = [
      jsonOnly,
      (c: Context, next: () => Promise<void>) => this.#sizeGate(c, next, limit),
      (c: Context) => this.#post(c),
    ] as const;
    this.#app.post(MCP_PATH, ...post);
    this.#app.post(PROOF_PATH, ...post);
    this.#app.delete(MCP_PATH, (c) => this.#authorized(c, undefined));
    this.#app.get(MCP_PATH, (c) => this.#upgrade(c));
    this.#app.all(MCP_PATH, (c) => notAllowed(c, "POST, DELETE"));
    this.#app.all(PROOF_PATH, (c) => notAllowed(c, "POST"));
    this.#app.all("*", () =>
      fail(404, null, {
        code: RPC.invalidRequest,
        message: `Not found: Quarry's MCP endpoint is ${MCP_PATH}`,
      }),
    );
    this.#app.onError((e) => {
      // Last resort: a bug must cost one request, never the server.
      process.stderr.write(`quarry mcp: ${e instanceof Error ? e.stack : String(e)}\n`);
      return reply(
        500,
        {},
        rpcErrorBody(null, { code: RPC.internalError, message: "Internal error" }),
      );
    });
  }

  /** What the host serves: the routes, the paths its guards stand before, this door's refusals. */
  spec(): DoorSpec {
    const here = () => `http://127.0.0.1:${this.port}`;
    return {
      app: this.#app,
      guarded: [MCP_PATH, PROOF_PATH],
      refuseHost: (c) =>
        forbiddenBy("Host", `Host "${c.req.header("host") ?? ""}" is not this server (${here()})`),
      refuseOrigin: (c) =>
        forbiddenBy("Origin", `Origin "${c.req.header("origin")}" is not a loopback origin`),
      contentType: "application/json",
      malformed: (tooLarge) =>
        rpcErrorBody(null, {
          code: RPC.invalidRequest,
          message: tooLarge ? "Request headers too large" : "Malformed HTTP request",
        }),
      unreadable: () =>
        fail(400, null, { code: RPC.invalidRequest, message: "Malformed HTTP request" }),
      upgrades: this.#deps.stream !== undefined,
    };
  }

  get openStreams(): number {
    return this.#streams.size;
  }

  /** Ends every line stream at once (the server stops: no stream outlives it). */
  closeStreams(): void {
    for (const s of this.#streams) s.destroy();
    this.#streams.clear();
  }

  /**
   * `GET /mcp` asking for `Upgrade: quarry-mcp-lines` (docs/mcp.md, "The line stream"): the
   * lockout and the token as for a POST, the bridge token only; then the connection becomes the
   * stream. Any other GET is 405.
   */
  #upgrade(c: Context): Response {
    const ticket = (c.env as { upgrade?: UpgradeTicket } | undefined)?.upgrade;
    const asked = c.req.header("upgrade")?.trim().toLowerCase() === LINE_STREAM;
    const offer = this.#deps.stream;
    if (!ticket || !asked || !offer) return notAllowed(c, "POST, DELETE");
    const started = this.#deps.now();
    const header = c.req.header("authorization");
    const auth = this.#deps.authenticator.authenticate(header);
    if (!auth.ok) return this.refused(null, auth, LINE_STREAM, started);
    const presented = /^Bearer +(\S+)/i.exec(header ?? "")?.[1] ?? "";
    const grant = offer.check(presented);
    if (auth.principal.kind !== "bridge" || !grant.ok) {
      auth.release?.();
      return fail(403, null, {
        code: RPC.forbidden,
        message:
          "Forbidden: the line stream is the stdio bridge's (its token only); other clients POST each message to /mcp",
        data: { code: "forbidden", layer: "transport" },
      });
    }
    const taken = ticket.take();
    if (!taken) return fail(500, null, { code: RPC.internalError, message: "Internal error" });
    const stream = new LineStream(taken.socket, taken.head, auth.principal, {
      admit: (message, principal) => {
        const admitted = this.#deps.admission.take({
          id: requestIdOf(message),
          principal,
          method: typeof message.method === "string" ? message.method : LINE_STREAM,
          started: this.#deps.now(),
        });
        return admitted.ok
          ? admitted
          : { ok: false, error: rpcErrorOf(admitted.error, RPC.rateLimited) };
      },
      paramsProblem: (message) => paramsProblem(message, "modern"),
      serve: offer.serve,
      valid: () => offer.check(presented).ok,
      expiresAt: grant.grant.expiresAt,
      now: this.#deps.now,
      maxLineBytes: this.#maxBody,
    });
    this.#streams.add(stream);
    stream.onClose = () => this.#streams.delete(stream);
    return new Response(null, { status: 204 });
  }

  #tooLarge(): Response {
    return fail(
      413,
      null,
      {
        code: RPC.payloadTooLarge,
        message: `Request body too large: at most ${this.#maxBody} bytes`,
        data: { limit: this.#maxBody },
      },
      { connection: "close" },
    );
  }

  /**
   * The body's size: a declared Content-Length is judged as hono/body-limit judges it, without
   * asking for the request's web body (which makes the HTTP layer build a full Request and read the
   * body through a web stream); a body without one (chunked) goes through hono/body-limit.
   */
  async #sizeGate(
    c: Context,
    next: () => Promise<void>,
    limit: ReturnType<typeof bodyLimit>,
  ): Promise<Response | undefined> {
    const length = c.req.header("content-length");
    if (length === undefined || c.req.header("transfer-encoding") !== undefined)
      return (await limit(c, next)) ?? undefined;
    if (Number.parseInt(length || "0", 10) > this.#maxBody) return this.#tooLarge();
    await next();
    return undefined;
  }

  /** A POST: one JSON-RPC message, then the proof or the authorized call. */
  async #post(c: Context): Promise<Response> {
    let body: unknown;
    try {
      body = parseJsonExact(await c.req.text());
    } catch {
      return fail(400, null, {
        code: RPC.parseError,
        message: "Parse error: the body is not valid JSON",
      });
    }
    if (Array.isArray(body))
      return fail(400, null, {
        code: RPC.invalidRequest,
        message:
          "Invalid request: batch requests are not supported (they belong to MCP 2025-03-26, which Quarry refuses over HTTP); send one message per request",
      });
    if (body === null || typeof body !== "object")
      return fail(400, null, {
        code: RPC.invalidRequest,
        message: "Invalid request: the body must be one JSON-RPC message (an object)",
      });
    if (c.req.path === PROOF_PATH) return this.#prove(body);
    return this.#authorized(c, body);
  }

  /** The lockout, the token, its rate and concurrency; then the call. */
  async #authorized(c: Context, body: unknown): Promise<Response> {
    const id = requestIdOf(body);
    const started = this.#deps.now();
    const rpcMethod = (body as { method?: unknown } | undefined)?.method;
    const auditMethod = typeof rpcMethod === "string" ? rpcMethod : c.req.method;
    const auth = this.#deps.authenticator.authenticate(c.req.header("authorization"));
    if (!auth.ok) return this.refused(id, auth, auditMethod, started);
    const principal = auth.principal;
    return await this.#admit(
      { id, principal, method: auditMethod, started },
      () => this.#dispatch(c.req.raw, body, principal),
      () => auth.release?.(),
    );
  }

  /** A refused authentication: audited, and answered 401 or 429 (both doors). */
  refused(id: RpcId, auth: AuthOutcome & { ok: false }, method: string, started: number) {
    this.#deps.audit.record({
      at: new Date(started).toISOString(),
      token: auth.tokenName ?? null,
      method,
      outcome: "refused",
      layer: auth.status === 429 ? "lockout" : "authentication",
      code: auth.status === 429 ? RPC.rateLimited : RPC.unauthenticated,
      durationMs: 0,
    });
    return refuse(id, auth.error, auth.status, auth.retryAfter);
  }

  /**
   * An authenticated POST: the token's request rate and concurrency, then `run`. The concurrency
   * slot, and whatever `release` frees, are held until the answer has ended, an SSE stream
   * included.
   */
  async #admit(
    call: AdmittedCall,
    run: () => Promise<Response>,
    release: () => void = () => {},
  ): Promise<Response> {
    let free = release;
    try {
      const taken = this.#deps.admission.take(call);
      if (!taken.ok) return refuse(call.id, taken.error, 429, taken.retryAfter);
      free = () => {
        taken.release();
        release();
      };
      const response = await run();
      const sent = whenSent(response, free);
      free = () => {};
      return await sent;
    } finally {
      free();
    }
  }

  async #dispatch(raw: Request, body: unknown, principal: Principal): Promise<Response> {
    // Given the parsed body, the SDK reads only the method, the headers and the signal of the
    // request: the modern path takes the HTTP layer's own rather than a copy.
    const legacy =
      raw.method.toUpperCase() === "DELETE" ||
      (!claimsModernEnvelope(body) && (await isLegacyRequest(raw, body)));
    if (legacy)
      return await this.#deps.legacy.handle(
        sdkRequest(raw),
        body,
        principal,
        authInfoOf(principal, body),
      );
    return await this.#modern(raw, body, principal);
  }

  /**
   * A 2026-07-28 POST: `tools/list` and `tools/call` as the SDK would accept them to the pinned
   * server, the rest to the SDK's stateless handler. The SDK would answer -32603 with its
   * validator's dump: the client's mistake is -32602.
   */
  async #modern(raw: Request, body: unknown, principal: Principal): Promise<Response> {
    const invalid = paramsProblem(body, "modern");
    if (invalid) return fail(200, requestIdOf(body), invalid);
    const pinned = this.#deps.pinned;
    if (pinned?.serving && pinnable(body, raw.headers))
      return await pinned.exchange(body, authInfoOf(principal, body), raw);
    return await this.#deps.modern.fetch(raw, {
      authInfo: authInfoOf(principal, body),
      parsedBody: body,
    });
  }

  #prove(body: unknown): Response {
    const challenge = (body as { challenge?: unknown }).challenge;
    if (this.#deps.proofRate.take("proof") > 0)
      return refuse(null, errors.rateLimited("too many proof challenges", 60), 429, 60);
    if (!isValidChallenge(challenge))
      return fail(400, null, {
        code: RPC.invalidParams,
        message: 'Invalid challenge: send {"challenge": "<16 to 128 base64url characters>"}',
      });
    return reply(200, {}, JSON.stringify(this.#deps.prove(challenge)));
  }
}

// Where the era test and the unit tests read it.
export { claimsModernEnvelope };
