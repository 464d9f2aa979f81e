/**
 * The SDK's side of a line stream (docs/mcp.md, "The line stream"): a `Transport` that the SDK's
 * stdio entry (`serveStdio`) pins one server to for the stream's life, as it does for a process's
 * stdin and stdout. Messages the stream admitted come in through `deliver`; what the server sends
 * goes out as one line each, and an answer to a request frees what its admission held.
 */
import type { JSONRPCMessage, Transport } from "@modelcontextprotocol/server";

const keyOf = (id: unknown) => JSON.stringify(id);

export class StreamWire implements Transport {
  onmessage?: Transport["onmessage"];
  onclose?: () => void;
  onerror?: (error: Error) => void;
  readonly #write: (line: string) => void;
  readonly #answered: () => void;
  /** What each request in flight holds (its concurrency slot), by its id. */
  readonly #held = new Map<string, () => void>();
  #closed = false;

  /** `answered` runs each time a request in flight is answered or cancelled. */
  constructor(write: (line: string) => void, answered: () => void) {
    this.#write = write;
    this.#answered = answered;
  }

  async start(): Promise<void> {}

  /** How many requests are waiting for their answer. */
  get inFlight(): number {
    return this.#held.size;
  }

  /** One admitted message to the server; `release` runs once its answer is sent (or it is cancelled). */
  deliver(message: JSONRPCMessage, release: () => void): void {
    const id = (message as { id?: unknown }).id;
    const key = "method" in message && id !== undefined ? keyOf(id) : undefined;
    if (key === undefined) release();
    else {
      this.#held.get(key)?.();
      this.#held.set(key, release);
    }
    this.onmessage?.(message);
  }

  /** A cancelled request gets no answer (MCP): what it held is freed now. */
  cancelled(requestId: unknown): void {
    this.#free(keyOf(requestId));
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (!this.#closed) this.#write(JSON.stringify(message));
    const m = message as { id?: unknown; method?: unknown };
    if (m.method === undefined && m.id !== undefined) this.#free(keyOf(m.id));
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    for (const key of [...this.#held.keys()]) this.#free(key);
    this.onclose?.();
  }

  #free(key: string): void {
    const release = this.#held.get(key);
    if (!release) return;
    this.#held.delete(key);
    release();
    this.#answered();
  }
}
