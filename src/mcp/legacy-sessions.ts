/**
 * The 2025-era path (docs/mcp.md, "Protocol revisions"): 2025-11-25 and 2025-06-18 clients open a
 * session with `initialize` and send its `Mcp-Session-Id` on every later request. The SDK's
 * stateless entry issues no sessions, so legacy requests are routed here, each session being the
 * SDK's own streamable HTTP transport with one server instance.
 *
 * Rules on top of the SDK's:
 * - `initialize` must ask for 2025-11-25 or 2025-06-18; 2025-03-26 (and anything else) is refused
 *   with an error naming the supported revisions, instead of being silently answered with another;
 * - every later request must carry `MCP-Protocol-Version` equal to the negotiated revision (a
 *   2025-03-26 client sends none);
 * - a session belongs to the token that opened it (the bridge's rotating tokens count as one): any
 *   other token is told the session does not exist;
 * - at most MAX_SESSIONS sessions (the least recently used one without a request in flight is
 *   closed first), each closed after SESSION_IDLE_MS without a request;
 * - an id may not be reused while its request is in flight (the SDK routes answers by id);
 * - a request whose session ends before it is answered (DELETE, the session limit, a revoked
 *   token) ends with a JSON-RPC error saying so, never with an empty stream.
 */
import { randomBytes } from "node:crypto";
import {
  type AuthInfo,
  isInitializeRequest,
  type McpServer,
  WebStandardStreamableHTTPServerTransport,
} from "@modelcontextprotocol/server";
import type { Principal } from "./auth.ts";
import { paramsProblem } from "./params.ts";
import {
  LEGACY_VERSIONS,
  RPC,
  type RpcError,
  type RpcId,
  requestIdOf,
  rpcErrorBody,
  SUPPORTED_VERSIONS,
} from "./protocol.ts";

export const MAX_SESSIONS = 64;
export const SESSION_IDLE_MS = 30 * 60_000;

interface Session {
  id: string;
  transport: WebStandardStreamableHTTPServerTransport;
  server: McpServer;
  subject: string;
  version: string;
  lastUsed: number;
  /** Ids of this session's requests whose answers are still being written. */
  inflight: Set<string>;
}

export class LegacySessions {
  readonly #build: (principal: Principal) => McpServer;
  readonly #sessions = new Map<string, Session>();
  readonly #timer: NodeJS.Timeout;

  constructor(build: (principal: Principal) => McpServer) {
    this.#build = build;
    this.#timer = setInterval(() => this.#closeIdle(), 60_000);
    this.#timer.unref();
  }

  get size(): number {
    return this.#sessions.size;
  }

  async handle(
    request: Request,
    body: unknown,
    principal: Principal,
    authInfo: AuthInfo,
  ): Promise<Response> {
    const sid = request.headers.get("mcp-session-id");
    const id = requestIdOf(body);
    if (!sid) {
      const invalid = request.method === "POST" ? paramsProblem(body, "legacy") : undefined;
      if (invalid && (body as { method?: unknown }).method === "initialize")
        return error(400, id, invalid);
      if (request.method !== "POST" || !isInitializeRequest(body))
        return error(400, id, {
          code: RPC.invalidRequest,
          message:
            "Bad request: no Mcp-Session-Id. Open a session with initialize (MCP 2025-11-25 or 2025-06-18), or send the 2026-07-28 _meta on every request. MCP 2025-03-26 is not supported over HTTP.",
          data: { supported: SUPPORTED_VERSIONS },
        });
      const requested = body.params.protocolVersion;
      if (!(LEGACY_VERSIONS as readonly string[]).includes(requested))
        return error(400, id, {
          code: RPC.invalidParams,
          message: `Unsupported protocol version ${requested}: Quarry speaks MCP ${SUPPORTED_VERSIONS.join(", ")} over HTTP${requested === "2025-03-26" ? " (2025-03-26 is refused: its batch requests are not supported)" : ""}`,
          data: { supported: SUPPORTED_VERSIONS, requested },
        });
      return this.#open(request, body, principal, authInfo, requested);
    }
    const session = this.#sessions.get(sid);
    if (!session || session.subject !== principal.subject)
      return error(404, id, {
        code: RPC.sessionNotFound,
        message: "Session not found: it ended or belongs to another token. Send initialize again.",
      });
    if (request.method === "POST") {
      const header = request.headers.get("mcp-protocol-version");
      if (header !== session.version)
        return error(400, id, {
          code: RPC.invalidRequest,
          message: header
            ? `MCP-Protocol-Version ${header} differs from this session's ${session.version}`
            : `Missing MCP-Protocol-Version: send ${session.version} (negotiated at initialize) on every request; MCP 2025-03-26 is not supported over HTTP`,
          data: { supported: SUPPORTED_VERSIONS },
        });
    }
    session.lastUsed = Date.now();
    if (request.method === "POST") {
      // The SDK would answer -32603 with its validator's dump: the client's mistake is -32602.
      const invalid = paramsProblem(body, "legacy");
      if (invalid) return error(200, id, invalid);
    }
    // The SDK routes an answer by its id: a second request with the id of one still in flight
    // would take the first one's answer and leave the other stream empty. MCP forbids reusing an
    // id within a session; say so instead.
    const key = isRequest(body) ? JSON.stringify(body.id) : undefined;
    if (key !== undefined && session.inflight.has(key))
      return error(400, id, {
        code: RPC.invalidRequest,
        message: `Invalid request: the id ${key} belongs to a request of this session that is still in flight; give each request its own id`,
      });
    if (key !== undefined) session.inflight.add(key);
    const release = () => {
      if (key !== undefined) session.inflight.delete(key);
    };
    let response: Response;
    try {
      response = await session.transport.handleRequest(request, { parsedBody: body, authInfo });
    } catch (e) {
      release();
      throw e;
    }
    if (request.method === "DELETE") this.#forget(session);
    return whenWritten(
      response,
      release,
      key === undefined ? undefined : (body as { id: RpcId }).id,
    );
  }

  async #open(
    request: Request,
    body: unknown,
    principal: Principal,
    authInfo: AuthInfo,
    version: string,
  ): Promise<Response> {
    if (this.#sessions.size >= MAX_SESSIONS) {
      // Idle sessions go first: closing one with a request in flight cuts that request short.
      const oldest = [...this.#sessions.values()].sort(
        (a, b) =>
          Number(a.inflight.size > 0) - Number(b.inflight.size > 0) || a.lastUsed - b.lastUsed,
      )[0];
      if (oldest) await this.#close(oldest);
    }
    const server = this.#build(principal);
    const transport: WebStandardStreamableHTTPServerTransport =
      new WebStandardStreamableHTTPServerTransport({
        // 256 random bits, visible ASCII only (the MCP specification 2025-11-25, Session
        // Management).
        sessionIdGenerator: () => randomBytes(32).toString("base64url"),
        onsessioninitialized: (id) => {
          this.#sessions.set(id, {
            id,
            transport,
            server,
            subject: principal.subject,
            version,
            lastUsed: Date.now(),
            inflight: new Set(),
          });
        },
      });
    await server.connect(transport);
    return transport.handleRequest(request, { parsedBody: body, authInfo });
  }

  /** Closes the sessions of a token (when it is revoked). */
  async closeFor(subject: string): Promise<void> {
    for (const s of [...this.#sessions.values()]) if (s.subject === subject) await this.#close(s);
  }

  async closeAll(): Promise<void> {
    clearInterval(this.#timer);
    await Promise.all([...this.#sessions.values()].map((s) => this.#close(s)));
  }

  #forget(s: Session): void {
    if (this.#sessions.get(s.id) === s) this.#sessions.delete(s.id);
  }

  async #close(s: Session): Promise<void> {
    this.#forget(s);
    await s.transport.close().catch(() => {});
    await s.server.close().catch(() => {});
  }

  #closeIdle(): void {
    const now = Date.now();
    for (const s of [...this.#sessions.values()])
      if (now - s.lastUsed > SESSION_IDLE_MS) void this.#close(s);
  }
}

function error(status: number, id: ReturnType<typeof requestIdOf>, e: RpcError): Response {
  return new Response(rpcErrorBody(id, e), {
    status,
    headers: { "content-type": "application/json" },
  });
}

/** A JSON-RPC request (not a notification or a response): it has an id and a method. */
function isRequest(body: unknown): body is { id: string | number; method: string } {
  const m = body as { id?: unknown; method?: unknown } | null;
  return (
    m !== null &&
    typeof m === "object" &&
    (typeof m.id === "string" || typeof m.id === "number") &&
    typeof m.method === "string"
  );
}

/**
 * The response, calling `done` once its body has been read to its end or abandoned. An event
 * stream that ends without the answer to request `id` (its session was closed under it) gets one
 * last event: a JSON-RPC error saying the session ended.
 */
function whenWritten(response: Response, done: () => void, id?: RpcId): Response {
  const body = response.body;
  if (!body) {
    done();
    return response;
  }
  const watch =
    id !== undefined && response.headers.get("content-type")?.startsWith("text/event-stream")
      ? new AnswerWatch()
      : undefined;
  const reader = body.getReader();
  const wrapped = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done: ended, value } = await reader.read();
        if (ended) {
          done();
          if (watch && !watch.answered)
            controller.enqueue(
              new TextEncoder().encode(
                `event: message\ndata: ${rpcErrorBody(id ?? null, {
                  code: RPC.sessionNotFound,
                  message:
                    "This request ended without an answer: it was cancelled, or its session was closed (DELETE, the limit of sessions, a revoked token). If the session is gone, send initialize again, then the request.",
                })}\n\n`,
              ),
            );
          controller.close();
        } else {
          watch?.push(value);
          controller.enqueue(value);
        }
      } catch (e) {
        done();
        controller.error(e);
      }
    },
    cancel(reason) {
      done();
      return reader.cancel(reason);
    },
  });
  return new Response(wrapped, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

/** Reads an event stream as it passes, to know whether it carried a response (result or error). */
class AnswerWatch {
  answered = false;
  readonly #decoder = new TextDecoder();
  #tail = "";

  push(chunk: Uint8Array): void {
    if (this.answered) return;
    const events = (this.#tail + this.#decoder.decode(chunk, { stream: true }))
      .replace(/\r\n?/g, "\n")
      .split("\n\n");
    this.#tail = events.pop() ?? "";
    for (const event of events) {
      const data = event
        .split("\n")
        .filter((l) => l.startsWith("data:"))
        .map((l) => l.slice(5).trimStart())
        .join("\n");
      if (!data) continue;
      try {
        const m = JSON.parse(data) as Record<string, unknown>;
        if ("result" in m || "error" in m) this.answered = true;
      } catch {
        // Not JSON: not an answer.
      }
    }
  }
}
