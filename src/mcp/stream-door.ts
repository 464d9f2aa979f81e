/**
 * The line stream of the MCP endpoint (docs/mcp.md, "The line stream"): the bridge's one
 * connection, opened by an HTTP Upgrade (`quarry-mcp-lines`) on the endpoint's own port and path,
 * after which it carries newline-delimited 2026-07-28 JSON-RPC messages both ways, as stdio does.
 *
 * The bridge token is checked once, at the upgrade (by the HTTP door, with its lockout). Each line
 * then passes the checks a POST passes (`StreamCore`: the token's rate and concurrency, the params
 * checks) and goes to one server pinned to the stream for its life by the SDK's own stdio entry, as
 * a stdio server is to its process: no server, Request or Response is built per message. Its
 * answers (progress notifications, then the result) are written back as lines; answers of
 * concurrent requests interleave as whole lines. A line that is not a message gets the JSON-RPC
 * error HTTP would give, and the stream goes on. `notifications/cancelled` cancels its request.
 *
 * When the token the stream was opened with has expired, the stream takes no more requests
 * (each gets -33009, as a POST with that token would) and ends once those in flight are answered;
 * the bridge then reads the handshake file again and opens a new one. Stopping the server ends
 * every stream at once.
 */
import type { Duplex } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import type { JSONRPCMessage } from "@modelcontextprotocol/server";
import { parseJsonExact } from "../core/exact-json.ts";
import { LineSplitter } from "../core/lines.ts";
import type { Principal } from "./auth.ts";
import {
  LINE_STREAM,
  RPC,
  type RpcError,
  type RpcId,
  type RpcMessage,
  requestIdOf,
  rpcErrorBody,
  STREAM_END_METHOD,
} from "./protocol.ts";
import { StreamWire } from "./stream-wire.ts";

/** What a stream needs of the door: the checks every POST passes after authentication. */
export interface StreamCore {
  /** The token's rate and concurrency for one message: what frees its slot, or the refusal. */
  admit(
    message: RpcMessage,
    principal: Principal,
  ): { ok: true; release: () => void } | { ok: false; error: RpcError };
  /** A -32602 for params that do not fit their method (params.ts), else undefined. */
  paramsProblem(message: RpcMessage): RpcError | undefined;
  /** Serves MCP on `wire`: one server for the stream's principal, for the stream's life. */
  serve(wire: StreamWire, principal: Principal): { close(): Promise<void> };
  /** Whether the token the stream was opened with still authenticates (not expired). */
  valid(): boolean;
  /** When that token expires (ms, the server's clock), to end an idle stream then. */
  expiresAt: number;
  now(): number;
  maxLineBytes: number;
}

/** The answer that switches the connection to the line stream. */
export const SWITCHING = `HTTP/1.1 101 Switching Protocols\r\nUpgrade: ${LINE_STREAM}\r\nConnection: Upgrade\r\n\r\n`;

export class LineStream {
  readonly #socket: Duplex;
  readonly #principal: Principal;
  readonly #core: StreamCore;
  readonly #lines: LineSplitter;
  readonly #wire: StreamWire;
  readonly #served: { close(): Promise<void> };
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
    this.#wire = new StreamWire(
      (line) => this.#write(line),
      () => {
        if (this.#ending) this.end();
      },
    );
    socket.write(SWITCHING);
    this.#served = core.serve(this.#wire, principal);
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
    if (this.#wire.inFlight > 0 || this.#closed || this.#said) return;
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
    // Closing the server aborts what is in flight; nothing more is written.
    void this.#served.close().catch(() => {});
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
    const body = read.body as RpcMessage;
    if (body.method === "notifications/cancelled") {
      this.#wire.cancelled((body.params as { requestId?: unknown } | undefined)?.requestId);
      this.#wire.deliver(body as JSONRPCMessage, () => {});
      return;
    }
    if (this.#ending || !this.#core.valid()) {
      if (body.id !== undefined)
        this.#error(requestIdOf(body), {
          code: RPC.unauthenticated,
          message:
            "Unauthenticated: the bridge token this stream was opened with has expired (the bridge re-reads the handshake file)",
          data: { code: "unauthenticated", reason: "expired", layer: "transport" },
        });
      this.end();
      return;
    }
    const admitted = this.#core.admit(body, this.#principal);
    if (!admitted.ok) {
      if (body.id !== undefined) this.#error(requestIdOf(body), admitted.error);
      return;
    }
    const invalid = this.#core.paramsProblem(body);
    if (invalid) {
      admitted.release();
      this.#error(requestIdOf(body), invalid);
      return;
    }
    this.#wire.deliver(body as JSONRPCMessage, admitted.release);
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
}
