/**
 * The relay between one stdio client and the app (reference mcp.md section 7).
 *
 * - Every request is its own 2026-07-28 POST, many in flight at once; each answer is written back
 *   as it arrives, one message per line (progress and log notifications before the result).
 * - A 2026-07-28 client's requests go as they are. A legacy client (`initialize` with 2025-11-25
 *   or 2025-06-18) is answered by the bridge from the app's `server/discover`; its later requests
 *   get the 2026-07-28 `_meta`, and its results lose the 2026-only fields. `ping` and
 *   `logging/setLevel` are answered here.
 * - `notifications/cancelled` closes that request's stream (2026-07-28's way to cancel); nothing
 *   more is written for it.
 * - A token the app refuses: the handshake file is read again and the request sent once more. No
 *   app any more: -33009. Every failure goes to stderr and, as a JSON-RPC error whose message
 *   names the bridge as the refusing layer, to the client.
 */
import { errors, isQuarryError, type QuarryError } from "../core/errors.ts";
import { parseJsonExact } from "../core/exact-json.ts";
import { MODERN_VERSION, RPC, type RpcId } from "../mcp/protocol.ts";
import type { Endpoint } from "./app-link.ts";
import { bridgeErrors } from "./errors.ts";
import {
  appRateLimit,
  BRIDGE_UNAVAILABLE,
  bridgeError,
  classify,
  forLegacyClient,
  type Json,
  type LegacySession,
  LOG_LEVELS,
  legacyInitializeResult,
  META,
  modernHeaders,
  modernVersionOf,
  negotiateLegacy,
  type RpcMessage,
  rpcError,
  withId,
  withModernMeta,
} from "./protocol.ts";
import type { PostResult, Target } from "./upstream.ts";

/** What the relay needs of the app link (app-link.ts). */
export interface Link {
  connect(launchIfMissing: boolean): Promise<Endpoint>;
  fresh(): Promise<Endpoint | undefined>;
  refresh(stale: Endpoint): Promise<{ endpoint: Endpoint } | { error: QuarryError }>;
}

export type Post = (
  target: Target,
  body: string,
  headers: Record<string, string>,
  signal: AbortSignal,
  onMessage: (message: unknown) => void,
) => Promise<PostResult>;

export interface RelayDeps {
  post: Post;
  write: (message: Json) => void;
  log: (line: string) => void;
  /** This bridge's version (its clientInfo on its own requests). */
  version: string;
}

/** How long the bridge's own `server/discover` may take. */
const DISCOVER_TIMEOUT_MS = 10_000;

/** A failure the bridge answers with, instead of the app. */
class Refusal extends Error {
  readonly code: number;
  readonly error: QuarryError;
  constructor(code: number, error: QuarryError) {
    super(error.message);
    this.code = code;
    this.error = error;
  }
}

/** The JSON-RPC code of a bridge refusal. */
function codeOf(e: QuarryError): number {
  if (e.code === "unauthenticated") return RPC.unauthenticated;
  if (e.code === "rate_limited") return RPC.rateLimited;
  return BRIDGE_UNAVAILABLE;
}

const keyOf = (id: unknown) => JSON.stringify(id);

export class Relay {
  readonly #deps: RelayDeps;
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
    const result = await this.#discoverOn(endpoint);
    const versions = result.supportedVersions;
    if (!Array.isArray(versions) || !versions.includes(MODERN_VERSION))
      throw bridgeErrors.appTooOld(Array.isArray(versions) ? versions.join(", ") : "");
    this.#discover = { instanceId: endpoint.instanceId, result };
  };

  /** One line from the client. */
  handleLine(line: string): void {
    if (!line.trim()) return;
    let message: unknown;
    try {
      message = parseJsonExact(line);
    } catch {
      this.#fail(null, RPC.parseError, "Parse error: the line is not JSON");
      return;
    }
    if (Array.isArray(message)) {
      this.#fail(
        null,
        RPC.invalidRequest,
        "Invalid request: batches are not supported (they belong to MCP 2025-03-26); send one message per line",
      );
      return;
    }
    const kind = classify(message);
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
        this.#track(this.#request(kind.id, kind.method, m));
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

  async #request(id: string | number, method: string, m: RpcMessage): Promise<void> {
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
    const legacy = !modern;
    const outgoing = legacy && this.#legacy ? withModernMeta(m, this.#legacy) : m;
    await this.#forward(id, outgoing, legacy);
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
          : await this.#discoverOn(endpoint);
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
    const level = (m.params as Json | undefined)?.level;
    if (typeof level !== "string" || !(LOG_LEVELS as readonly string[]).includes(level)) {
      this.#fail(
        id,
        RPC.invalidParams,
        `Invalid params for logging/setLevel: level must be one of ${LOG_LEVELS.join(", ")}`,
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

  async #forward(id: string | number, m: RpcMessage, legacy: boolean): Promise<void> {
    const key = keyOf(id);
    const controller = new AbortController();
    this.#inflight.set(key, controller);
    const signal = controller.signal;
    const body = JSON.stringify(m);
    const headers = modernHeaders(m);
    let answered = false;
    const onMessage = (message: unknown) => {
      if (signal.aborted || message === null || typeof message !== "object") return;
      const msg = message as Json;
      const isResponse = "result" in msg || "error" in msg;
      if (isResponse) {
        if (answered) return;
        answered = true;
        this.#deps.write(legacy ? forLegacyClient(withId(msg, id)) : withId(msg, id));
      } else if (typeof msg.method === "string" && msg.id === undefined) {
        this.#deps.write(msg); // a notification of this request: progress, log
      }
      // A request from the app would be a protocol error in 2026-07-28: nothing to relay.
    };
    try {
      let endpoint = await this.#endpoint();
      for (let attempt = 0; ; attempt++) {
        if (signal.aborted) return;
        const r = await this.#deps.post(endpoint, body, headers, signal, onMessage);
        if (r.kind === "aborted" || signal.aborted) return;
        if (r.kind === "answered") {
          if (!answered)
            this.#fail(
              id,
              RPC.internalError,
              `Quarry ended its answer to ${String(m.method)} without a result (HTTP ${r.status})`,
            );
          return;
        }
        if (r.kind === "refused") {
          if (r.status === 401 && attempt === 0) {
            // Spec 3.1: a refused token, the handshake file read again, the request sent once more.
            const next = await this.#link?.refresh(endpoint);
            if (next && "endpoint" in next && next.endpoint.token !== endpoint.token) {
              this.#deps.log(
                `the app refused the bridge token; retrying with the one it wrote since`,
              );
              endpoint = next.endpoint;
              continue;
            }
            if (next && "error" in next) throw staleRefusal(next.error);
          }
          return this.#relayRefusal(id, r.status, r.body, legacy);
        }
        if (r.kind === "unreachable") {
          const next = await this.#link?.refresh(endpoint);
          if (!next || "error" in next)
            throw staleRefusal(
              next?.error ?? bridgeErrors.appNotRunning(`nothing answers on port ${endpoint.port}`),
            );
          const same =
            next.endpoint.instanceId === endpoint.instanceId &&
            next.endpoint.port === endpoint.port;
          // The app that wrote the file no longer listens (its MCP server stopped): no app.
          if (same && r.refused)
            throw staleRefusal(
              bridgeErrors.appNotRunning(`nothing answers on port ${endpoint.port} any more`),
            );
          // Never delivered: once more, to the app the file names now (or on a new connection).
          if (!r.sent && attempt === 0) {
            endpoint = next.endpoint;
            continue;
          }
          return this.#fail(
            id,
            RPC.internalError,
            `The connection to Quarry broke while sending ${String(m.method)} (${r.detail}); it may or may not have run`,
          );
        }
        // broken: the answer began and broke off.
        if (answered) return;
        const next = await this.#link?.refresh(endpoint);
        if (!next || "error" in next)
          throw staleRefusal(
            next?.error ?? bridgeErrors.appNotRunning("it stopped while answering this request"),
          );
        return this.#fail(
          id,
          RPC.internalError,
          `Quarry's answer to ${String(m.method)} broke off (${r.detail})`,
        );
      }
    } catch (e) {
      if (!signal.aborted) this.#refuse(id, e);
    } finally {
      if (this.#inflight.get(key) === controller) this.#inflight.delete(key);
    }
  }

  /** A non-2xx answer of the app: its JSON-RPC error as it is (it names its layer). */
  #relayRefusal(id: RpcId, status: number, body: unknown, legacy: boolean): void {
    const err = (body as { error?: { code?: unknown; data?: Json } } | undefined)?.error;
    if (err && typeof err.code === "number") {
      if (status === 400 && err.code === -32022) {
        const supported = err.data?.supported;
        if (Array.isArray(supported) && !supported.includes(MODERN_VERSION)) {
          this.#refuse(id, bridgeErrors.appTooOld(supported.join(", ")));
          return;
        }
      }
      const msg = withId(body as Json, id);
      if (status === 401 || status >= 500)
        this.#deps.log(`Quarry refused a request: ${describe(msg)}`);
      this.#deps.write(legacy ? forLegacyClient(msg) : msg);
      return;
    }
    this.#fail(id, RPC.internalError, `Quarry answered HTTP ${status} without a JSON-RPC message`);
  }

  /** The app's `server/discover`, asked by the bridge itself. */
  async #discoverOn(endpoint: Endpoint): Promise<Json> {
    const m: RpcMessage = {
      jsonrpc: "2.0",
      id: "quarry-mcp-discover",
      method: "server/discover",
      params: {
        _meta: {
          [META.protocolVersion]: MODERN_VERSION,
          [META.clientCapabilities]: this.#legacy?.capabilities ?? {},
          [META.clientInfo]: this.#legacy?.clientInfo ?? {
            name: "quarry-mcp",
            version: this.#deps.version,
          },
        },
      },
    };
    let answer: Json | undefined;
    const r = await this.#deps.post(
      endpoint,
      JSON.stringify(m),
      modernHeaders(m),
      AbortSignal.timeout(DISCOVER_TIMEOUT_MS),
      (msg) => {
        answer ??= msg as Json;
      },
    );
    if (r.kind === "answered" && answer) {
      const result = answer.result;
      if (result && typeof result === "object") return result as Json;
      throw bridgeErrors.appTooOld(
        `no revision the bridge knows (it answered server/discover with ${describe(answer)})`,
      );
    }
    if (r.kind === "refused") {
      const e = (r.body as { error?: { message?: string } } | undefined)?.error;
      if (r.status === 401)
        throw errors.unauthenticated(
          `Quarry refused the bridge token from its own handshake file (${e?.message ?? "HTTP 401"})`,
        );
      if (r.status === 429) throw appRateLimit(r.body, r.retryAfter);
      if ([400, 404, 405, 406].includes(r.status))
        throw bridgeErrors.appTooOld(
          `only older revisions (it refused server/discover: HTTP ${r.status}${e?.message ? `, ${e.message}` : ""})`,
        );
    }
    if (r.kind === "aborted")
      throw bridgeErrors.appNotRunning(
        `it did not answer server/discover within ${DISCOVER_TIMEOUT_MS / 1000} s`,
      );
    throw bridgeErrors.appNotRunning(
      `it did not answer server/discover (${"detail" in r ? r.detail : `HTTP ${"status" in r ? r.status : "?"}`})`,
    );
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

function staleRefusal(reason: QuarryError): Refusal {
  // A trust failure of a rewritten file keeps its own message; anything else: no app any more.
  if (
    reason.code === "endpoint_unproven" ||
    reason.code === "handshake_untrusted" ||
    reason.code === "app_too_old"
  )
    return new Refusal(BRIDGE_UNAVAILABLE, reason);
  return new Refusal(
    RPC.unauthenticated,
    bridgeErrors.bridgeTokenStale(reason.message.replace(/^Quarry is not running: /, "")),
  );
}

function asQuarryError(e: unknown): QuarryError {
  if (isQuarryError(e)) return e;
  return bridgeErrors.appNotRunning(
    `the bridge failed: ${e instanceof Error ? e.message : String(e)}`,
  );
}

function describe(m: Json): string {
  const err = m.error as { code?: unknown; message?: unknown } | undefined;
  return err ? `${String(err.code)} ${String(err.message)}` : JSON.stringify(m).slice(0, 200);
}
