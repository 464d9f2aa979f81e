/**
 * The bridge's line stream to the app (docs/mcp.md, "The line stream"): one connection, opened by
 * an HTTP Upgrade with the bridge token once the endpoint has proven itself (app-link.ts), that
 * carries the client's 2026-07-28 requests as the lines the client wrote and the app's answers as
 * the lines the app wrote. Nothing is parsed on the way back but the end of each answer line,
 * where the app writes the request's id.
 *
 * `LineChannel.post` keeps the contract of upstream.ts's `post`, so the relay's retries and last
 * words are the same for both ways: an app whose handshake file does not offer the stream, or that
 * refuses the Upgrade as a route it lacks, gets each message as its own POST (as before the stream
 * existed). A refused token is `refused` 401, as over HTTP; requests the app never took when it
 * ended the stream (its token expired) are `unreachable` and not sent, so they go once more; a
 * stream that broke off with requests in flight is `broken`.
 */
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { parseJsonExact } from "../core/exact-json.ts";
import { LINE_STREAM, RPC, STREAM_END_METHOD } from "../mcp/protocol.ts";
import { type OnceRequest, requestOnce } from "./once-request.ts";
import type { Post, PostResult, Target } from "./upstream.ts";
import { VerbatimAnswer } from "./verbatim.ts";

/** How long opening the stream may take (the app is on this machine). */
const OPEN_TIMEOUT_MS = 5_000;
const LF = 0x0a;
const ID_KEY = Buffer.from('"id":');

interface Pending {
  onMessage: (message: unknown) => void;
  finish: (r: PostResult) => void;
  messages: number;
}

/** One open stream to one app instance, with one token. */
class AppStream {
  readonly key: string;
  /** The endpoint it was opened to. */
  target: StreamTarget | undefined;
  readonly #socket: Duplex;
  readonly #pending = new Map<string, Pending>();
  readonly #writeLine: (line: Buffer) => void;
  #rest: Buffer | undefined;
  /** The app said it ended the stream: what it did not answer it did not take. */
  #ended = false;
  closed = false;
  onClosed: () => void = () => {};

  constructor(key: string, socket: Duplex, head: Buffer, writeLine: (line: Buffer) => void) {
    this.key = key;
    this.#socket = socket;
    this.#writeLine = writeLine;
    (socket as { setNoDelay?: (on: boolean) => void }).setNoDelay?.(true);
    socket.on("data", (chunk: Buffer) => this.#data(chunk));
    socket.on("error", () => socket.destroy());
    socket.on("close", () => this.#close());
    if (head.length) this.#data(head);
  }

  /** Whether a request with this id can go on this stream (no other with it in flight). */
  free(idKey: string): boolean {
    return !this.closed && !this.#pending.has(idKey);
  }

  send(idKey: string, body: string, pending: Pending, signal: AbortSignal): void {
    this.#pending.set(idKey, pending);
    const onAbort = () => {
      if (this.#pending.get(idKey) !== pending) return;
      this.#pending.delete(idKey);
      // 2026-07-28 over stdio: cancelling is this notification; the app's answer, if any, is dropped.
      this.#socket.write(
        `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":${idKey}}}\n`,
      );
      pending.finish({ kind: "aborted" });
    };
    signal.addEventListener("abort", onAbort, { once: true });
    const finish = pending.finish;
    pending.finish = (r) => {
      signal.removeEventListener("abort", onAbort);
      finish(r);
    };
    this.#socket.write(`${body}\n`);
  }

  destroy(): void {
    this.#socket.destroy();
  }

  #data(chunk: Buffer): void {
    let buf = this.#rest ? Buffer.concat([this.#rest, chunk]) : chunk;
    this.#rest = undefined;
    let start = 0;
    for (let nl = buf.indexOf(LF); nl >= 0; nl = buf.indexOf(LF, start)) {
      // Each read is a buffer of its own: a chunk that is one whole line is handed on as it is.
      this.#line(start === 0 && nl === buf.length - 1 ? buf : buf.subarray(start, nl + 1));
      start = nl + 1;
    }
    if (start < buf.length) {
      buf = buf.subarray(start);
      this.#rest = Buffer.from(buf);
    }
  }

  #line(line: Buffer): void {
    if (line.length <= 1) return;
    const key = answerKey(line);
    const pending = key === undefined ? undefined : this.#pending.get(key);
    if (key !== undefined && pending) {
      this.#answer(key, pending, line);
      return;
    }
    let m: { id?: unknown; method?: unknown; result?: unknown; error?: unknown } | undefined;
    try {
      m = parseJsonExact(line.toString("utf8")) as typeof m;
    } catch {
      return;
    }
    if (!m || typeof m !== "object") return;
    if (m.method === STREAM_END_METHOD) {
      this.#ended = true;
      return;
    }
    if (("result" in m || "error" in m) && m.id !== undefined && m.id !== null) {
      const k = JSON.stringify(m.id);
      const p = this.#pending.get(k);
      if (p) this.#answer(k, p, line, m);
      return; // without p: the answer to a request cancelled meanwhile
    }
    if (typeof m.method === "string" && m.id === undefined) this.#writeLine(line); // progress, log
  }

  #answer(key: string, p: Pending, line: Buffer, parsed?: { error?: unknown }): void {
    this.#pending.delete(key);
    const error = (parsed ?? parseErrorOf(line))?.error as
      | { code?: unknown; data?: { reason?: unknown; layer?: unknown } }
      | undefined;
    // The app's word that the stream's token expired: the relay's answer to a refused token.
    if (error?.code === RPC.unauthenticated && error.data?.layer === "transport") {
      p.finish({ kind: "refused", status: 401, body: parsed ?? parseOr(line) });
      return;
    }
    p.messages++;
    p.onMessage(new VerbatimAnswer(line));
    p.finish({ kind: "answered", status: 200, messages: p.messages });
  }

  #close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const p of this.#pending.values())
      p.finish(
        this.#ended
          ? { kind: "unreachable", sent: false, refused: false, detail: "Quarry ended the stream" }
          : { kind: "broken", messages: p.messages, detail: "the stream to Quarry closed" },
      );
    this.#pending.clear();
    this.onClosed();
  }
}

/**
 * The id text of an answer line when the app wrote it last (`…,"id":<id>}`), else undefined: the
 * top-level object's last member, since `"id":` inside a string is escaped.
 */
export function answerKey(line: Buffer): string | undefined {
  let end = line.length;
  while (end > 0 && (line[end - 1] === LF || line[end - 1] === 0x0d)) end--;
  if (end < 2 || line[end - 1] !== 0x7d) return undefined;
  const at = line.lastIndexOf(ID_KEY, end);
  if (at < 0) return undefined;
  const text = line.toString("latin1", at + ID_KEY.length, end - 1);
  if (/^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(text)) return text;
  if (/^"[^"\\]*"$/.test(text)) return line.toString("utf8", at + ID_KEY.length, end - 1);
  return undefined;
}

function parseOr(line: Buffer): unknown {
  try {
    return parseJsonExact(line.toString("utf8"));
  } catch {
    return undefined;
  }
}

/** An answer's error, read only when the line holds one (a result line is never parsed). */
function parseErrorOf(line: Buffer): { error?: unknown } | undefined {
  if (line.indexOf('"error":') < 0) return undefined;
  const m = parseOr(line);
  return m && typeof m === "object" ? (m as { error?: unknown }) : undefined;
}

type NotOpened =
  | { kind: "refused"; status: number; body: unknown }
  | { kind: "unreachable"; detail: string; refused: boolean };
type Opened = { kind: "open"; socket: Duplex; head: Buffer } | NotOpened;

/** The Upgrade: the endpoint's own path, the token once, Host as the app's guard wants it. */
function open(target: Target): Promise<Opened> {
  const options: OnceRequest<Opened> = {
    port: target.port,
    path: target.path,
    method: "GET",
    agent: false,
    headers: {
      host: `127.0.0.1:${target.port}`,
      authorization: `Bearer ${target.token}`,
      connection: "Upgrade",
      upgrade: LINE_STREAM,
    },
    timeoutMs: OPEN_TIMEOUT_MS,
    onTimeout: () => ({ kind: "unreachable", refused: false, detail: "no stream within 5 s" }),
  };
  return requestOnce(options, (req, finish, settled) => {
    req.on("upgrade", (_res: IncomingMessage, socket: Duplex, head: Buffer) => {
      if (settled()) socket.destroy();
      else finish({ kind: "open", socket, head });
    });
    req.on("response", (res: IncomingMessage) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => {
        if (text.length < 1024 * 1024) text += c;
      });
      res.on("end", () =>
        finish({ kind: "refused", status: res.statusCode ?? 0, body: parseOrText(text) }),
      );
      res.on("error", () =>
        finish({ kind: "refused", status: res.statusCode ?? 0, body: undefined }),
      );
    });
    req.on("error", (e: NodeJS.ErrnoException) =>
      finish({
        kind: "unreachable",
        refused: e.code === "ECONNREFUSED",
        detail: e.code ? `${e.code}: ${e.message}` : e.message,
      }),
    );
    req.end();
  });
}

function parseOrText(text: string): unknown {
  try {
    return parseJsonExact(text);
  } catch {
    return undefined;
  }
}

/** One stream per app instance, port and token. */
const streamKey = (t: StreamTarget) => `${t.instanceId ?? ""}@${t.port}:${t.token}`;

/** Targets offered the stream in their handshake file (`streams`). */
export interface StreamTarget extends Target {
  instanceId?: string;
  streams?: readonly string[];
}

export class LineChannel {
  readonly #http: Post;
  readonly #writeLine: (line: Buffer) => void;
  readonly #log: (line: string) => void;
  #stream: AppStream | undefined;
  #opening: { key: string; done: Promise<AppStream | NotOpened> } | undefined;
  /** Instances that refused the Upgrade as a route they lack: POST from then on. */
  readonly #without = new Set<string>();
  readonly #all = new Set<AppStream>();

  constructor(deps: {
    http: Post;
    writeLine: (line: Buffer) => void;
    log: (line: string) => void;
  }) {
    this.#http = deps.http;
    this.#writeLine = deps.writeLine;
    this.#log = deps.log;
  }

  /** One request: on the stream when the app offers it, else its own POST (upstream.ts). */
  readonly post = async (
    target: StreamTarget,
    body: string,
    headers: Record<string, string>,
    signal: AbortSignal,
    onMessage: (message: unknown) => void,
    idKey?: string,
  ): Promise<PostResult> => {
    const instance = `${target.instanceId ?? ""}@${target.port}`;
    if (
      idKey === undefined ||
      !target.streams?.includes(LINE_STREAM) ||
      this.#without.has(instance)
    )
      return this.#http(target, body, headers, signal, onMessage);
    if (signal.aborted) return { kind: "aborted" };
    const got = await this.#streamFor(target);
    if (!(got instanceof AppStream)) {
      if (got.kind === "unreachable")
        return { kind: "unreachable", sent: false, refused: got.refused, detail: got.detail };
      if (got.status === 401 || got.status === 429 || got.status === 403)
        return { kind: "refused", status: got.status, body: got.body };
      // An app without the stream route (404, 405, 400): each message as its own POST.
      this.#without.add(instance);
      this.#log(
        `Quarry did not open the line stream (HTTP ${got.status}); sending each message as a POST`,
      );
      return this.#http(target, body, headers, signal, onMessage);
    }
    if (!got.free(idKey)) return this.#http(target, body, headers, signal, onMessage);
    return await new Promise<PostResult>((resolve) => {
      got.send(idKey, body, { onMessage, finish: resolve, messages: 0 }, signal);
    });
  };

  /**
   * Whether a stream to this endpoint (its instance, port and token) is open: its requests need
   * no fresh look at the handshake file (the connection is to the process that proved itself; it
   * closes when that process ends).
   */
  isOpenTo(target: StreamTarget): boolean {
    const s = this.#stream;
    return !!s && !s.closed && s.key === streamKey(target);
  }

  /** Ends every stream (the bridge exits). */
  close(): void {
    for (const s of this.#all) s.destroy();
    this.#all.clear();
    this.#stream = undefined;
  }

  async #streamFor(target: StreamTarget): Promise<AppStream | NotOpened> {
    const key = streamKey(target);
    if (this.#stream && !this.#stream.closed && this.#stream.key === key) return this.#stream;
    if (this.#opening?.key !== key) {
      const done = open(target).then((r) => {
        if (r.kind !== "open") return r;
        const s = new AppStream(key, r.socket, r.head, this.#writeLine);
        s.target = target;
        this.#all.add(s);
        s.onClosed = () => {
          this.#all.delete(s);
          if (this.#stream === s) this.#stream = undefined;
        };
        // A stream of an earlier token keeps its requests in flight; the app ends it.
        this.#stream = s;
        return s;
      });
      this.#opening = { key, done };
      void done.finally(() => {
        if (this.#opening?.done === done) this.#opening = undefined;
      });
    }
    return await this.#opening.done;
  }
}
