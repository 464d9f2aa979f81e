/**
 * The HTTP door's pinned server (docs/mcp.md, "Transport"): a 2026-07-28 `tools/list` or
 * `tools/call` POST that the SDK's handler would accept as it is goes to one tools-only server
 * connected for the endpoint's life, instead of the SDK building a server, a transport and a web
 * Response for each POST (what made Quarry's HTTP answers slower than a stdio peer's: the same
 * fix as the line stream's, stream-wire.ts). Everything else (other methods, any request whose
 * headers and body the SDK would look at twice) still goes to the SDK's handler, which answers
 * it exactly as before.
 *
 * The server is shared by every token: each request carries its own principal (`authInfo`, read
 * by `principalOf`), and its id is replaced by one of the endpoint's own while it is in flight,
 * so two clients' ids never meet in the server. The answer is the request's own: JSON, or an SSE
 * stream once a notification (progress) comes before it, as the SDK's per-request transport
 * answers.
 */
import {
  type AuthInfo,
  classifyInboundRequest,
  type JSONRPCMessage,
  type JSONRPCRequest,
  PerRequestHTTPServerTransport,
  type TransportSendOptions,
} from "@modelcontextprotocol/server";
import { reply } from "./http-answers.ts";
import { MODERN_VERSION } from "./protocol.ts";

/** The methods a pinned server answers. */
const PINNED_METHODS = new Set(["tools/list", "tools/call"]);

const CLASSIFICATION = { era: "modern", revision: MODERN_VERSION } as const;

/** The SDK's statuses for errors raised before a handler runs (its LADDER_ERROR_HTTP_STATUS). */
const LADDER_STATUS: Readonly<Record<number, number>> = {
  [-32700]: 400,
  [-32600]: 400,
  [-32601]: 404,
  [-32022]: 400,
  [-32021]: 400,
  [-32020]: 400,
};

/** The SDK's keep-alive comment on an answer's SSE stream (its DEFAULT_SSE_KEEP_ALIVE_MS). */
const KEEP_ALIVE_MS = 15_000;

/**
 * Whether a POST may take the pinned path: a request (not a notification) for `tools/list` or
 * `tools/call` that the SDK classifies as 2026-07-28, whose `MCP-Protocol-Version`, `Mcp-Method`
 * and (for a call) `Mcp-Name` headers are present and say exactly what the body says. Anything
 * else is the SDK's to judge (and refuse).
 */
export function pinnable(body: unknown, headers: Headers): body is JSONRPCRequest {
  const message = body as { method?: unknown; params?: { name?: unknown } } | null;
  const method = message?.method;
  if (typeof method !== "string" || !PINNED_METHODS.has(method)) return false;
  const version = headers.get("mcp-protocol-version") ?? undefined;
  const mcpMethod = headers.get("mcp-method") ?? undefined;
  const mcpName = headers.get("mcp-name") ?? undefined;
  if (version !== MODERN_VERSION || mcpMethod !== method) return false;
  if (method === "tools/call" && (mcpName === undefined || mcpName !== message?.params?.name))
    return false;
  const route = classifyInboundRequest({
    httpMethod: "POST",
    protocolVersionHeader: version,
    mcpMethodHeader: mcpMethod,
    ...(mcpName !== undefined ? { mcpNameHeader: mcpName } : {}),
    body,
  });
  return (
    route.kind === "modern" &&
    route.messageKind === "request" &&
    route.classification.revision === MODERN_VERSION
  );
}

interface Exchange {
  /** The endpoint's id for it while it is in flight. */
  own: number;
  /** The client's id, given back in the answer. */
  id: string | number;
  settle: (response: Response) => void;
  /** The SSE stream, once a notification came before the answer. */
  sse?: { controller: ReadableStreamDefaultController<Uint8Array>; keepAlive: NodeJS.Timeout };
  unhook: () => void;
}

const encoder = new TextEncoder();
const frame = (message: unknown) =>
  encoder.encode(`event: message\ndata: ${JSON.stringify(message)}\n\n`);

/**
 * The transport the pinned server is connected to. It is the SDK's per-request transport by
 * kind (so connecting binds the server to 2026-07-28 as the SDK's handler does), carrying many
 * exchanges at once instead of one.
 */
export class PinnedExchanges extends PerRequestHTTPServerTransport {
  readonly #pending = new Map<number, Exchange>();
  #next = 0;
  #dispatching = false;
  #closed = false;

  constructor() {
    super({ classification: CLASSIFICATION });
  }

  override async start(): Promise<void> {}

  /** Whether a server is connected and the endpoint still serves: else POSTs go to the SDK. */
  get serving(): boolean {
    return this.onmessage !== undefined && !this.#closed;
  }

  /** Requests waiting for their answer (what a POST leaves behind until it is answered). */
  get inFlight(): number {
    return this.#pending.size;
  }

  /**
   * One POST's request to the server; resolves with its answer. The client leaving (`signal`)
   * cancels it in the server and frees what it held.
   */
  exchange(message: JSONRPCRequest, authInfo: AuthInfo, request: Request): Promise<Response> {
    const own = ++this.#next;
    const signal = request.signal;
    return new Promise<Response>((settle) => {
      if (this.#closed || signal.aborted) return settle(new Response(null, { status: 499 }));
      const onAbort = () => this.#cancel(own, "The client left before the answer");
      signal.addEventListener("abort", onAbort, { once: true });
      this.#pending.set(own, {
        own,
        id: message.id,
        settle,
        unhook: () => signal.removeEventListener("abort", onAbort),
      });
      this.#dispatching = true;
      try {
        this.onmessage?.(
          { ...message, id: own },
          { classification: CLASSIFICATION, authInfo, request },
        );
      } finally {
        this.#dispatching = false;
      }
    });
  }

  override async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    const m = message as { id?: unknown; method?: unknown; error?: { code?: unknown } };
    const isAnswer = m.method === undefined && m.id !== undefined;
    const own = isAnswer ? m.id : options?.relatedRequestId;
    const exchange = typeof own === "number" ? this.#pending.get(own) : undefined;
    if (!exchange) return;
    if (!isAnswer) return this.#stream(exchange, message);
    this.#pending.delete(own as number);
    exchange.unhook();
    const answer = { ...message, id: exchange.id };
    if (exchange.sse) {
      clearInterval(exchange.sse.keepAlive);
      exchange.sse.controller.enqueue(frame(answer));
      exchange.sse.controller.close();
      return;
    }
    const code = typeof m.error?.code === "number" ? m.error.code : undefined;
    const status = (this.#dispatching && code !== undefined && LADDER_STATUS[code]) || 200;
    exchange.settle(reply(status, {}, JSON.stringify(answer)));
  }

  override async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    for (const own of [...this.#pending.keys()]) this.#cancel(own, "Quarry's MCP server stopped");
    this.onclose?.();
  }

  /** A notification (progress) for a request in flight: its answer becomes an SSE stream. */
  #stream(exchange: Exchange, message: JSONRPCMessage): void {
    if (!exchange.sse) {
      let controller!: ReadableStreamDefaultController<Uint8Array>;
      const body = new ReadableStream<Uint8Array>({
        start: (c) => {
          controller = c;
        },
        cancel: () => this.#cancel(exchange.own, "The client left before the answer"),
      });
      const keepAlive = setInterval(() => {
        try {
          controller.enqueue(encoder.encode(": keepalive\n\n"));
        } catch {
          // The stream has ended.
        }
      }, KEEP_ALIVE_MS);
      keepAlive.unref();
      exchange.sse = { controller, keepAlive };
      exchange.settle(
        new Response(body, {
          status: 200,
          headers: {
            "content-type": "text/event-stream",
            "cache-control": "no-cache, no-transform",
            connection: "keep-alive",
            "x-accel-buffering": "no",
          },
        }),
      );
    }
    exchange.sse.controller.enqueue(frame(message));
  }

  /** Stops a request in the server (MCP cancellation) and ends its answer; nothing more is sent. */
  #cancel(own: number, reason: string): void {
    const exchange = this.#pending.get(own);
    if (!exchange) return;
    this.#pending.delete(own);
    exchange.unhook();
    if (exchange.sse) {
      clearInterval(exchange.sse.keepAlive);
      try {
        exchange.sse.controller.close();
      } catch {
        // Already cancelled by the client.
      }
    } else exchange.settle(new Response(null, { status: 499 }));
    this.onmessage?.(
      { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: own, reason } },
      { classification: CLASSIFICATION },
    );
  }
}
