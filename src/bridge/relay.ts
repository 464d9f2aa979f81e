/**
 * The relay between one stdio client and the app (docs/mcp.md, "Relaying").
 *
 * - A 2026-07-28 client's requests go on the app's line stream when it offers one
 *   (line-channel.ts), each other request is its own 2026-07-28 POST; many are in flight at once,
 *   and each answer is written back as it arrives, one message per line (progress and log
 *   notifications before the result).
 * - A 2026-07-28 client's requests go as they are. A legacy client (`initialize` with 2025-11-25
 *   or 2025-06-18) is answered by the bridge from the app's `server/discover`; its later requests
 *   get the 2026-07-28 `_meta`, and its results lose the 2026-only fields. `ping` and
 *   `logging/setLevel` are answered here.
 * - `notifications/cancelled` closes that request's stream (its way to cancel in 2026-07-28).
 * - A token the app refuses: the handshake file is read again and the request sent once more. No
 *   app any more: -33009. Every failure goes to stderr and, as a JSON-RPC error whose message
 *   names the bridge as the refusing layer, to the client.
 */
import { isQuarryError, type QuarryError } from "../core/errors.ts";
import { MODERN_VERSION, RPC, type RpcId } from "../mcp/protocol.ts";
import { answerWriter } from "./answer-writer.ts";
import type { Endpoint, Link } from "./app-link.ts";
import { discoverOn } from "./discover.ts";
import { bridgeErrors } from "./errors.ts";
import {
  BRIDGE_UNAVAILABLE,
  bridgeError,
  classifyMessage,
  forLegacyClient,
  type Json,
  type LegacySession,
  LOG_LEVELS,
  legacyInitializeResult,
  logLevelOf,
  META,
  modernHeaders,
  modernVersionOf,
  negotiateLegacy,
  parseLine,
  type RpcMessage,
  rpcError,
  withModernMeta,
} from "./protocol.ts";
import { appRefusal, asQuarryError, codeOf, gistOf, Refusal, staleRefusal } from "./refusal.ts";
import type { Post, PostResult } from "./upstream.ts";

export interface RelayDeps {
  post: Post;
  write: (message: Json) => void;
  /** Writes an answer's own line, as the app wrote it (docs/mcp.md, "Relaying"). */
  writeLine: (line: Buffer) => void;
  log: (line: string) => void;
  /** This bridge's version (its clientInfo on its own requests). */
  version: string;
  /** Whether a line stream to this endpoint is open: a 2026-07-28 request then goes to it as it is. */
  streaming?: (endpoint: Endpoint) => boolean;
}

const keyOf = (id: unknown) => JSON.stringify(id);

export class Relay {
  readonly #deps: RelayDeps;
  /** The endpoint the last 2026-07-28 request went to: while its stream is open, the next goes too. */
  #streamed: Endpoint | undefined;
  #link: Link | undefined;
  #ready: Promise<Endpoint> | undefined;
  #legacy: LegacySession | undefined;
  /** The app's `server/discover` result, per app instance. */
  #discover: { instanceId: string; result: Json } | undefined;
  readonly #inflight = new Map<string, AbortController>();
  readonly #tasks = new Set<Promise<void>>();

  constructor(deps: RelayDeps) {
    this.#deps = deps;
  }

  /** Starts finding (or launching) the app at once, while the client is still starting. */
  start(link: Link): void {
    this.#link = link;
    this.#ready = link.connect(true);
    this.#ready.catch((e: unknown) => this.#logFailure(e));
  }

  /**
   * The check made on every app instance before the bridge uses it: it must answer
   * `server/discover` and list 2026-07-28 among its revisions. The answer is kept for legacy
   * clients' `initialize`.
   */
  readonly verify = async (endpoint: Endpoint): Promise<void> => {
    const result = await discoverOn(this.#deps.post, endpoint, this.#legacy, this.#deps.version);
    const versions = result.supportedVersions;
    if (!Array.isArray(versions) || !versions.includes(MODERN_VERSION))
      throw bridgeErrors.appTooOld(Array.isArray(versions) ? versions.join(", ") : "");
    this.#discover = { instanceId: endpoint.instanceId, result };
  };

  /** One line from the client. */
  handleLine(line: string): void {
    if (!line.trim()) return;
    const read = parseLine(line);
    if (!read.ok) {
      this.#fail(null, read.code, read.message);
      return;
    }
    const message = read.message;
    const kind = classifyMessage(message);
    const m = message as RpcMessage;
    switch (kind.kind) {
      case "invalid":
        this.#fail(kind.id, RPC.invalidRequest, `Invalid request: ${kind.why}`);
        return;
      case "response":
        return; // 2026-07-28 servers send no requests, so there is nothing to answer
      case "notification":
        if (kind.method === "notifications/cancelled") this.#cancel(m);
        return; // initialized, roots/list_changed...: nothing for a 2026-07-28 server
      case "request":
        this.#track(this.#request(kind.id, kind.method, m, line));
    }
  }

  /** Waits until every request in flight is answered (at the end of the client's input). */
  async drain(): Promise<void> {
    while (this.#tasks.size) await Promise.allSettled([...this.#tasks]);
  }

  /** Abandons every request in flight. */
  abortAll(): void {
    for (const c of this.#inflight.values()) c.abort();
  }

  #track(task: Promise<void>): void {
    this.#tasks.add(task);
    void task.finally(() => this.#tasks.delete(task));
  }

  /** `line`: the client's own text of `m`, sent as it is when nothing in it changes. */
  async #request(id: string | number, method: string, m: RpcMessage, line: string): Promise<void> {
    const modern = modernVersionOf(m) !== undefined;
    if (!modern) {
      if (method === "initialize") return this.#initialize(id, m);
      if (method === "ping") return this.#deps.write({ jsonrpc: "2.0", id, result: {} });
      if (method === "logging/setLevel" && this.#legacy) return this.#setLevel(id, m);
      if (!this.#legacy)
        return this.#fail(
          id,
          RPC.invalidRequest,
          `Invalid request: ${method} carries no ${META.protocolVersion} in params._meta and no initialize came first. Send the 2026-07-28 _meta on every request, or initialize first (2025-11-25 or 2025-06-18)`,
        );
    }
    if (modern) return this.#forward(id, m, line, false);
    const outgoing = this.#legacy ? withModernMeta(m, this.#legacy) : m;
    await this.#forward(id, outgoing, JSON.stringify(outgoing), true);
  }

  async #initialize(id: string | number, m: RpcMessage): Promise<void> {
    const params = (m.params ?? undefined) as Json | undefined;
    const negotiated = negotiateLegacy(params);
    if (!negotiated.ok)
      return this.#fail(id, RPC.invalidParams, negotiated.message, negotiated.data);
    this.#legacy = negotiated.session;
    try {
      const endpoint = await this.#endpoint();
      const discover =
        this.#discover?.instanceId === endpoint.instanceId
          ? this.#discover.result
          : await discoverOn(this.#deps.post, endpoint, this.#legacy, this.#deps.version);
      this.#deps.write({
        jsonrpc: "2.0",
        id,
        result: legacyInitializeResult(discover, negotiated.session, {
          name: "quarry",
          version: endpoint.quarryVersion,
        }),
      });
    } catch (e) {
      this.#refuse(id, e);
    }
  }

  #setLevel(id: string | number, m: RpcMessage): void {
    const level = logLevelOf(m);
    if (!level) {
      const levels = LOG_LEVELS.join(", ");
      this.#fail(
        id,
        RPC.invalidParams,
        `Invalid params for logging/setLevel: level must be one of ${levels}`,
      );
      return;
    }
    if (this.#legacy) this.#legacy.logLevel = level;
    this.#deps.write({ jsonrpc: "2.0", id, result: {} });
  }

  #cancel(m: RpcMessage): void {
    const requestId = (m.params as Json | undefined)?.requestId;
    const controller = this.#inflight.get(keyOf(requestId));
    if (!controller) return;
    this.#inflight.delete(keyOf(requestId));
    controller.abort();
  }

  /** The endpoint for the next request, or a Refusal. */
  async #endpoint(): Promise<Endpoint> {
    const link = this.#link;
    if (!link || !this.#ready)
      throw new Refusal(
        BRIDGE_UNAVAILABLE,
        bridgeErrors.appNotRunning("the bridge is not started"),
      );
    try {
      await this.#ready;
    } catch (startError) {
      // It failed at start: look once more, without launching (the user may have opened Quarry
      // since). Still nothing: the start's own failure says most (what the launch did).
      this.#ready = link.connect(false);
      try {
        await this.#ready;
      } catch (e) {
        const again = asQuarryError(e);
        const first = asQuarryError(startError);
        const chosen = again.code === "app_not_running" ? first : again;
        this.#ready = Promise.reject(chosen);
        this.#ready.catch(() => {});
        throw new Refusal(codeOf(chosen), chosen);
      }
    }
    let endpoint: Endpoint | undefined;
    try {
      endpoint = await link.fresh();
    } catch (e) {
      throw staleRefusal(asQuarryError(e));
    }
    if (!endpoint)
      throw new Refusal(
        RPC.unauthenticated,
        bridgeErrors.bridgeTokenStale(
          "its handshake file is gone and the token the bridge holds expired",
        ),
      );
    return endpoint;
  }

  async #forward(id: string | number, m: RpcMessage, body: string, legacy: boolean): Promise<void> {
    const key = keyOf(id);
    const controller = new AbortController();
    this.#inflight.set(key, controller);
    const signal = controller.signal;
    const headers = modernHeaders(m);
    const answer = answerWriter(this.#deps, { id, legacy, signal });
    try {
      const streamed = this.#streamed;
      let endpoint =
        !legacy && streamed && this.#deps.streaming?.(streamed) ? streamed : await this.#endpoint();
      if (!legacy) this.#streamed = endpoint;
      for (let attempt = 0; ; attempt++) {
        if (signal.aborted) return;
        // A 2026-07-28 client's request may go on the line stream; a legacy one's is a POST.
        const r = await this.#deps.post(
          endpoint,
          body,
          headers,
          signal,
          answer.onMessage,
          legacy ? undefined : key,
        );
        if (r.kind === "aborted" || signal.aborted) return;
        const retry = await this.#retryTarget(r, endpoint, attempt);
        if (retry) {
          endpoint = retry;
          continue;
        }
        return await this.#conclude(id, String(m.method), r, endpoint, answer.answered(), legacy);
      }
    } catch (e) {
      if (!signal.aborted) this.#refuse(id, e);
    } finally {
      if (this.#inflight.get(key) === controller) this.#inflight.delete(key);
    }
  }

  /**
   * Whether a first attempt that did not get through is sent once more, and where: a refused
   * token after the handshake file was rewritten, or a request never delivered. Throws when the
   * app is gone.
   */
  async #retryTarget(r: PostResult, endpoint: Endpoint, attempt: number) {
    if (r.kind === "refused" && r.status === 401 && attempt === 0) {
      // A refused token: the handshake file read again, the request sent once more.
      const next = await this.#link?.refresh(endpoint);
      if (next && "error" in next) throw staleRefusal(next.error);
      if (next && next.endpoint.token !== endpoint.token) {
        this.#deps.log(`the app refused the bridge token; retrying with the one it wrote since`);
        return next.endpoint;
      }
      return undefined;
    }
    if (r.kind !== "unreachable") return undefined;
    const next = await this.#link?.refresh(endpoint);
    if (!next || "error" in next)
      throw staleRefusal(
        next?.error ?? bridgeErrors.appNotRunning(`nothing answers on port ${endpoint.port}`),
      );
    const same =
      next.endpoint.instanceId === endpoint.instanceId && next.endpoint.port === endpoint.port;
    // The app that wrote the file no longer listens (its MCP server stopped): no app.
    if (same && r.refused)
      throw staleRefusal(
        bridgeErrors.appNotRunning(`nothing answers on port ${endpoint.port} any more`),
      );
    // Never delivered: once more, to the app the file names now (or on a new connection).
    return !r.sent && attempt === 0 ? next.endpoint : undefined;
  }

  /** The last word on a request the app took, refused, or lost on the way. */
  async #conclude(
    id: RpcId,
    method: string,
    r: PostResult,
    endpoint: Endpoint,
    answered: boolean,
    legacy: boolean,
  ): Promise<void> {
    switch (r.kind) {
      case "answered":
        if (!answered)
          this.#fail(
            id,
            RPC.internalError,
            `Quarry ended its answer to ${method} without a result (HTTP ${r.status})`,
          );
        return;
      case "refused":
        return this.#relayRefusal(id, r.status, r.body, legacy);
      case "unreachable":
        return this.#fail(
          id,
          RPC.internalError,
          `The connection to Quarry broke while sending ${method} (${r.detail}); it may or may not have run`,
        );
      case "broken": {
        if (answered) return;
        const next = await this.#link?.refresh(endpoint);
        if (!next || "error" in next)
          throw staleRefusal(
            next?.error ?? bridgeErrors.appNotRunning("it stopped while answering this request"),
          );
        return this.#fail(
          id,
          RPC.internalError,
          `Quarry's answer to ${method} broke off (${r.detail})`,
        );
      }
    }
  }

  /** A non-2xx answer of the app: its JSON-RPC error as it is (it names its layer). */
  #relayRefusal(id: RpcId, status: number, body: unknown, legacy: boolean): void {
    const seen = appRefusal(status, body, id);
    if (seen.kind === "too-old") this.#refuse(id, seen.error);
    else if (seen.kind === "bare")
      this.#fail(
        id,
        RPC.internalError,
        `Quarry answered HTTP ${status} without a JSON-RPC message`,
      );
    else {
      if (status === 401 || status >= 500)
        this.#deps.log(`Quarry refused a request: ${gistOf(seen.message)}`);
      this.#deps.write(legacy ? forLegacyClient(seen.message) : seen.message);
    }
  }

  #refuse(id: RpcId, e: unknown): void {
    if (e instanceof Refusal) this.#write(id, e.code, e.error);
    else if (isQuarryError(e)) this.#write(id, codeOf(e), e);
    else
      this.#fail(
        id,
        RPC.internalError,
        `Internal error in quarry-mcp: ${e instanceof Error ? e.message : String(e)}`,
      );
  }

  #write(id: RpcId, code: number, e: QuarryError): void {
    this.#deps.log(`${e.message}. ${e.remedy}`);
    this.#deps.write(bridgeError(id, code, e));
  }

  /** A protocol-level refusal by the bridge (bad input, a broken answer). */
  #fail(id: RpcId, code: number, message: string, data: Json = {}): void {
    const text = `${message} (refused by the stdio bridge quarry-mcp)`;
    this.#deps.log(text);
    this.#deps.write(rpcError(id, code, { message: text, data: { layer: "bridge", ...data } }));
  }

  #logFailure(e: unknown): void {
    const qe = asQuarryError(e);
    this.#deps.log(`${qe.message}. ${qe.remedy}`);
  }
}
