/**
 * The line stream of the MCP endpoint (docs/mcp.md, "The line stream"): the bridge's one
 * connection, opened by an HTTP Upgrade (`quarry-mcp-lines`) on the endpoint's own port and path,
 * after which it carries newline-delimited 2026-07-28 JSON-RPC messages both ways, as stdio does.
 *
 * The bridge token is checked once, at the upgrade (by the HTTP door, with its lockout). Each line
 * then goes through the same core as a POST (`StreamCore`: the token's rate and concurrency, the
 * params checks, the SDK's stateless handler, the audit), and its answers (progress notifications,
 * then the result) are written back as lines; answers of concurrent requests interleave as whole
 * lines. A line that is not a message gets the JSON-RPC error HTTP would give, and the stream goes
 * on. `notifications/cancelled` cancels its request, as closing a POST does.
 *
 * When the token the stream was opened with has expired, the stream takes no more requests
 * (each gets -33009, as a POST with that token would) and ends once those in flight are answered;
 * the bridge then reads the handshake file again and opens a new one. Stopping the server ends
 * every stream at once.
 */
import type { Duplex } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { parseJsonExact } from "../core/exact-json.ts";
import { LineSplitter } from "../core/lines.ts";
import { SseReader } from "../core/sse.ts";
import type { Principal } from "./auth.ts";
import { modernHeaders } from "./modern-headers.ts";
import {
  LINE_STREAM,
  RPC,
  type RpcError,
  type RpcId,
  requestIdOf,
  rpcErrorBody,
  STREAM_END_METHOD,
} from "./protocol.ts";

/** What a stream needs of the door: the core every POST goes through after authentication. */
export interface StreamCore {
  /** One authenticated message through the rate, concurrency and era checks, to the SDK. */
  call(body: unknown, principal: Principal, request: Request): Promise<Response>;
  /** Whether the token the stream was opened with still authenticates (not expired). */
  valid(): boolean;
  /** When that token expires (ms, the server's clock), to end an idle stream then. */
  expiresAt: number;
  now(): number;
  /** The endpoint's URL (the Request the SDK is handed names it). */
  url(): string;
  maxLineBytes: number;
}

/** The answer that switches the connection to the line stream. */
export const SWITCHING = `HTTP/1.1 101 Switching Protocols\r\nUpgrade: ${LINE_STREAM}\r\nConnection: Upgrade\r\n\r\n`;

const keyOf = (id: unknown) => JSON.stringify(id);

export class LineStream {
  readonly #socket: Duplex;
  readonly #principal: Principal;
  readonly #core: StreamCore;
  readonly #lines: LineSplitter;
  readonly #inflight = new Map<string, AbortController>();
  #ending = false;
  #closed = false;
  #said = false;
  readonly #timer: NodeJS.Timeout;
  /** Called once the connection has closed. */
  onClose: () => void = () => {};

  constructor(socket: Duplex, head: Buffer, principal: Principal, core: StreamCore) {
    this.#socket = socket;
    this.#principal = principal;
    this.#core = core;
    // Characters bound the splitter; each completed line's bytes are checked against the limit.
    this.#lines = new LineSplitter(core.maxLineBytes);
    socket.write(SWITCHING);
    (socket as { setNoDelay?: (on: boolean) => void }).setNoDelay?.(true);
    // The HTTP server's sockets refuse setEncoding: a decoder keeps characters split across chunks.
    const text = new StringDecoder("utf8");
    socket.on("data", (chunk: Buffer) => this.#push(text.write(chunk)));
    socket.on("end", () => this.end());
    socket.on("error", () => socket.destroy());
    socket.on("close", () => this.#onClosed());
    this.#timer = setTimeout(() => this.end(), Math.max(0, core.expiresAt - core.now()));
    this.#timer.unref();
    if (head.length) this.#push(text.write(head));
  }

  /** Takes no more requests; ends once those in flight are answered. */
  end(): void {
    this.#ending = true;
    if (this.#inflight.size > 0 || this.#closed || this.#said) return;
    // The last line: whatever the bridge sent after it was not taken, so it may send it again.
    this.#said = true;
    this.#socket.end(`{"jsonrpc":"2.0","method":"${STREAM_END_METHOD}"}\n`);
  }

  /** Ends at once, abandoning what is in flight (the server stops). */
  destroy(): void {
    this.#socket.destroy();
  }

  #onClosed(): void {
    if (this.#closed) return;
    this.#closed = true;
    clearTimeout(this.#timer);
    for (const c of this.#inflight.values()) c.abort();
    this.#inflight.clear();
    this.onClose();
  }

  #push(chunk: string): void {
    const { lines, overlong } = this.#lines.push(chunk);
    for (const line of lines) this.#line(line);
    if (overlong) this.#tooLarge();
  }

  #write(text: string): void {
    if (!this.#closed && !this.#said) this.#socket.write(`${text}\n`);
  }

  #error(id: RpcId, error: RpcError): void {
    this.#write(rpcErrorBody(id, error));
  }

  #tooLarge(): void {
    const limit = this.#core.maxLineBytes;
    this.#error(null, {
      code: RPC.payloadTooLarge,
      message: `Request body too large: at most ${limit} bytes`,
      data: { limit },
    });
  }

  #line(line: string): void {
    if (!line.trim()) return;
    const read = this.#read(line);
    if ("error" in read) {
      this.#error(null, read.error);
      return;
    }
    const body = read.body;
    const m = body as { id?: unknown; method?: unknown; params?: unknown };
    if (m.method === "notifications/cancelled") {
      this.#cancel(m.params);
      return;
    }
    if (this.#ending || !this.#core.valid()) {
      if (m.id !== undefined)
        this.#error(requestIdOf(body), {
          code: RPC.unauthenticated,
          message:
            "Unauthenticated: the bridge token this stream was opened with has expired (the bridge re-reads the handshake file)",
          data: { code: "unauthenticated", reason: "expired", layer: "transport" },
        });
      this.end();
      return;
    }
    void this.#call(body, m);
  }

  /** One line as a message, or the error HTTP gives a body that is not one. */
  #read(line: string): { body: object } | { error: RpcError } {
    const limit = this.#core.maxLineBytes;
    if (line.length * 3 > limit && Buffer.byteLength(line) > limit)
      return {
        error: {
          code: RPC.payloadTooLarge,
          message: `Request body too large: at most ${limit} bytes`,
          data: { limit },
        },
      };
    let body: unknown;
    try {
      body = parseJsonExact(line);
    } catch {
      return {
        error: { code: RPC.parseError, message: "Parse error: the line is not valid JSON" },
      };
    }
    if (Array.isArray(body))
      return {
        error: {
          code: RPC.invalidRequest,
          message:
            "Invalid request: batch requests are not supported (they belong to MCP 2025-03-26); send one message per line",
        },
      };
    if (body === null || typeof body !== "object")
      return {
        error: {
          code: RPC.invalidRequest,
          message: "Invalid request: each line must be one JSON-RPC message (an object)",
        },
      };
    return { body };
  }

  #cancel(params: unknown): void {
    const requestId = (params as { requestId?: unknown } | undefined)?.requestId;
    this.#inflight.get(keyOf(requestId))?.abort();
  }

  async #call(body: unknown, m: { id?: unknown; method?: unknown }): Promise<void> {
    const key = m.id === undefined ? undefined : keyOf(m.id);
    const controller = new AbortController();
    if (key !== undefined) this.#inflight.set(key, controller);
    try {
      const request = new Request(this.#core.url(), {
        method: "POST",
        headers: typeof m.method === "string" ? modernHeaders(m) : {},
        signal: controller.signal,
      });
      const response = await this.#core.call(body, this.#principal, request);
      await this.#relay(response, controller.signal);
    } catch (e) {
      if (!controller.signal.aborted)
        this.#error(requestIdOf(body), {
          code: RPC.internalError,
          message: `Internal error: ${e instanceof Error ? e.message : String(e)}`,
        });
    } finally {
      if (key !== undefined && this.#inflight.get(key) === controller) this.#inflight.delete(key);
      if (this.#ending) this.end();
    }
  }

  /** The SDK's answer as lines: a JSON body as it is, each SSE event's data, nothing for a 202. */
  async #relay(response: Response, signal: AbortSignal): Promise<void> {
    const type = response.headers.get("content-type") ?? "";
    if (!type.startsWith("text/event-stream")) {
      const text = await response.text();
      if (text.trim() && !signal.aborted) this.#write(text.trim());
      return;
    }
    if (!response.body) return;
    const sse = new SseReader();
    const decoder = new TextDecoder();
    const reader = response.body.getReader();
    const stop = () => void reader.cancel().catch(() => {});
    signal.addEventListener("abort", stop, { once: true });
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done || signal.aborted) return;
        for (const data of sse.push(decoder.decode(value, { stream: true })))
          if (data.trim()) this.#write(data.trim());
      }
    } finally {
      signal.removeEventListener("abort", stop);
    }
  }
}
