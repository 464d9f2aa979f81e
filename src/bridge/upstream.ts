/**
 * The bridge's HTTP side: POSTs to the app on 127.0.0.1 over kept-alive connections (node:http,
 * which starts faster than fetch), the endpoint proof, and each answer read as it arrives: one JSON
 * body, handed on as its bytes (verbatim.ts), or an SSE stream whose events are handed on one by
 * one (progress and log notifications before the result). Closing the request is how 2026-07-28
 * cancels it.
 */
import { randomBytes } from "node:crypto";
import { Agent, type IncomingMessage, request } from "node:http";
import { parseJsonExact } from "../core/exact-json.ts";
import { SseReader } from "../core/sse.ts";
import { PROOF_PATH, type ProofAnswer, verifyProof } from "../mcp/policy/handshake.ts";
import { type OnceRequest, requestOnce } from "./once-request.ts";
import { VerbatimAnswer } from "./verbatim.ts";

/** Requests in flight at once: above the app's default per-token limit (16), which answers -33010. */
const agent = new Agent({ keepAlive: true, maxSockets: 64, maxFreeSockets: 16 });

/** How long connecting to the app may take (it is on this machine). */
const CONNECT_TIMEOUT_MS = 5_000;
/** Largest answer the bridge reads into a buffer of the length it declares, before any byte came. */
const MAX_DECLARED_BODY = 64 * 1024 * 1024;
/** Largest non-streamed answer the bridge reads (a JSON-RPC error, a proof). */
const MAX_SMALL_BODY = 1024 * 1024;

export type PostResult =
  /** A 2xx answer, read to its end; each JSON-RPC message in it was handed to `onMessage`. */
  | { kind: "answered"; status: number; messages: number }
  /** A non-2xx answer: its JSON body, if it had one, and its Retry-After in seconds. */
  | { kind: "refused"; status: number; body: unknown; retryAfter?: number }
  /**
   * The request did not reach the app. `sent: false`: it was never delivered (safe to repeat);
   * `refused`: nothing listens on the port.
   */
  | { kind: "unreachable"; sent: boolean; refused: boolean; detail: string }
  /** The answer broke off before it ended. */
  | { kind: "broken"; messages: number; detail: string }
  | { kind: "aborted" };

/**
 * One request to the app, its answers passed to `onMessage` as they arrive: its own POST, or a
 * line on the stream (line-channel.ts), which routes answers by `idKey` (the id's JSON text).
 */
export type Post = (
  target: Target,
  body: string,
  headers: Record<string, string>,
  signal: AbortSignal,
  onMessage: (message: unknown) => void,
  idKey?: string,
) => Promise<PostResult>;

export interface Target {
  port: number;
  /** The MCP endpoint's path on that port (from the handshake file's url). */
  path: string;
  token: string;
}

/**
 * POSTs one JSON-RPC message to the app's MCP endpoint and reads the answer. `onMessage` gets each
 * message of a 2xx answer as soon as it is complete: a JSON body as a VerbatimAnswer when it is
 * one line naming its request, else parsed (a body or an event that is not JSON is skipped).
 */
export function post(
  target: Target,
  body: string,
  headers: Record<string, string>,
  signal: AbortSignal,
  onMessage: (message: unknown) => void,
): Promise<PostResult> {
  return new Promise((resolve) => {
    let settled = false;
    let messages = 0;
    let responded = false;
    const finish = (r: PostResult) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener("abort", onAbort);
      resolve(r);
    };
    const req = request({
      host: "127.0.0.1",
      port: target.port,
      path: target.path,
      method: "POST",
      agent,
      headers: headerLines(target, headers, body),
    });
    const onAbort = () => {
      req.destroy();
      finish({ kind: "aborted" });
    };
    if (signal.aborted) return onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    req.on("socket", (socket) => {
      // The timeout covers connecting only: an answer (an approval, an export) may take minutes.
      if (!socket.connecting) return;
      req.setTimeout(CONNECT_TIMEOUT_MS, () =>
        req.destroy(new Error(`no connection within ${CONNECT_TIMEOUT_MS / 1000} s`)),
      );
      socket.once("connect", () => req.setTimeout(0));
    });
    req.on("error", (e: NodeJS.ErrnoException) => {
      if (signal.aborted) finish({ kind: "aborted" });
      else if (responded) finish({ kind: "broken", messages, detail: detailOf(e) });
      else finish(undelivered(e, req.reusedSocket));
    });
    req.on("response", (res: IncomingMessage) => {
      responded = true;
      const status = res.statusCode ?? 0;
      res.on("error", (e: Error) => {
        if (!signal.aborted) finish({ kind: "broken", messages, detail: e.message });
      });
      if (status < 200 || status >= 300) {
        res.setEncoding("utf8");
        readRefusal(res, status).then(finish, (e: Error) =>
          finish({ kind: "broken", messages, detail: e.message }),
        );
        return;
      }
      readMessages(res, (m) => {
        if (settled) return;
        messages++;
        onMessage(m);
      });
      res.on("end", () => finish({ kind: "answered", status, messages }));
      res.on("close", () => {
        if (!res.complete && !signal.aborted)
          finish({ kind: "broken", messages, detail: "the app closed the answer before its end" });
      });
    });
    req.end(body);
  });
}

/**
 * The request's header lines, as node:http takes them ready-made (a flat list, written as it is
 * without a check and a copy per header): the Host the app's DNS-rebinding guard expects, the token,
 * the length.
 */
function headerLines(target: Target, headers: Record<string, string>, body: string): string[] {
  const lines = [
    "host",
    `127.0.0.1:${target.port}`,
    "authorization",
    `Bearer ${target.token}`,
    "content-length",
    String(Buffer.byteLength(body)),
  ];
  for (const name in headers) lines.push(name, headers[name]!);
  return lines;
}

const detailOf = (e: NodeJS.ErrnoException) => (e.code ? `${e.code}: ${e.message}` : e.message);

/**
 * A request that failed before any answer. Refused or reset before anything was written back:
 * the app did not take it. A kept-alive socket the app closed just as we wrote on it is the same.
 */
function undelivered(e: NodeJS.ErrnoException, reusedSocket: boolean): PostResult {
  const notDelivered =
    e.code === "ECONNREFUSED" ||
    e.code === "ENOTFOUND" ||
    e.code === "EADDRNOTAVAIL" ||
    (reusedSocket && (e.code === "ECONNRESET" || e.code === "EPIPE"));
  return {
    kind: "unreachable",
    sent: !notDelivered,
    refused: e.code === "ECONNREFUSED",
    detail: detailOf(e),
  };
}

/** A non-2xx answer: its JSON body, if it has one, and its Retry-After. */
async function readRefusal(res: IncomingMessage, status: number): Promise<PostResult> {
  const retryAfter = retryAfterSeconds(res.headers["retry-after"]);
  const body = parseOr(await readSmall(res));
  return { kind: "refused", status, body, ...(retryAfter !== undefined ? { retryAfter } : {}) };
}

/**
 * Hands each JSON-RPC message of a 2xx answer to `deliver`: SSE events parsed, or one JSON body as
 * its bytes (a VerbatimAnswer, which the relay parses only when it must).
 */
function readMessages(res: IncomingMessage, deliver: (message: unknown) => void): void {
  if (String(res.headers["content-type"] ?? "").startsWith("text/event-stream")) {
    res.setEncoding("utf8");
    const sse = new SseReader();
    res.on("data", (chunk: string) => {
      for (const data of sse.push(chunk)) {
        const m = parseOr(data);
        if (m !== undefined) deliver(m);
      }
    });
    return;
  }
  readBody(res, (line) => {
    const answer = new VerbatimAnswer(line);
    if (answer.passable) deliver(answer);
    else {
      const m = answer.message();
      if (m !== undefined) deliver(m);
    }
  });
}

/**
 * A body's bytes with one spare byte at the end (for the newline), copied once into a buffer of
 * the length the answer declared, when it declared one.
 */
function readBody(res: IncomingMessage, done: (line: Buffer) => void): void {
  const declared = Number(res.headers["content-length"]);
  if (Number.isSafeInteger(declared) && declared >= 0 && declared <= MAX_DECLARED_BODY) {
    const line = Buffer.allocUnsafe(declared + 1);
    let at = 0;
    res.on("data", (chunk: Buffer) => {
      at += chunk.copy(line, at);
    });
    res.on("end", () => done(at === declared ? line : line.subarray(0, at + 1)));
    return;
  }
  const chunks: Buffer[] = [];
  res.on("data", (chunk: Buffer) => chunks.push(chunk));
  res.on("end", () => done(Buffer.concat([...chunks, Buffer.alloc(1)])));
}

function parseOr(text: string): unknown {
  try {
    return parseJsonExact(text);
  } catch {
    return undefined;
  }
}

function readSmall(res: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = "";
    res.on("data", (chunk: string) => {
      text += chunk;
      if (text.length > MAX_SMALL_BODY) {
        res.destroy();
        reject(new Error(`the answer is larger than ${MAX_SMALL_BODY} bytes`));
      }
    });
    res.on("end", () => resolve(text));
    res.on("error", reject);
  });
}

export type ProofResult =
  | { ok: true }
  /** `listening: false`: nothing answers on the port at all. */
  | { ok: false; listening: boolean; detail: string };

/** How long the endpoint has to answer the challenge. */
const PROOF_TIMEOUT_MS = 3_000;

/**
 * The endpoint proof (mcp/policy/handshake.ts): a fresh random challenge, answered with an HMAC only
 * the process that wrote the handshake file can compute. Nothing secret is sent.
 */
export function prove(handshake: {
  port: number;
  instanceId: string;
  proofKey: string;
}): Promise<ProofResult> {
  const challenge = randomBytes(32).toString("base64url");
  const body = JSON.stringify({ challenge });
  const options: OnceRequest<ProofResult> = {
    port: handshake.port,
    path: PROOF_PATH,
    method: "POST",
    agent,
    headers: {
      "content-type": "application/json",
      accept: "application/json",
      "content-length": String(Buffer.byteLength(body)),
    },
    timeoutMs: PROOF_TIMEOUT_MS,
    onTimeout: () => ({
      ok: false,
      listening: true,
      detail: `no answer to the challenge within ${PROOF_TIMEOUT_MS / 1000} s`,
    }),
  };
  return requestOnce(options, (req, finish) => {
    req.on("error", (e: NodeJS.ErrnoException) =>
      finish(
        e.code === "ECONNREFUSED"
          ? { ok: false, listening: false, detail: "nothing listens on its port" }
          : { ok: false, listening: true, detail: `the challenge failed (${e.code ?? e.message})` },
      ),
    );
    req.on("response", (res) => {
      res.setEncoding("utf8");
      readSmall(res).then(
        (text) => {
          const status = res.statusCode ?? 0;
          if (status !== 200)
            return finish({
              ok: false,
              listening: true,
              detail: `it answered the challenge with HTTP ${status}`,
            });
          const answer = parseOr(text) as Partial<ProofAnswer> | undefined;
          if (
            !answer ||
            typeof answer !== "object" ||
            typeof answer.instanceId !== "string" ||
            typeof answer.proof !== "string"
          )
            return finish({ ok: false, listening: true, detail: "its answer is not a proof" });
          if (!verifyProof(handshake, challenge, answer as ProofAnswer))
            return finish({
              ok: false,
              listening: true,
              detail:
                answer.instanceId === handshake.instanceId
                  ? "its proof is wrong"
                  : "it is another Quarry instance",
            });
          finish({ ok: true });
        },
        (e: Error) => finish({ ok: false, listening: true, detail: e.message }),
      );
    });
    req.end(body);
  });
}

/** Ends kept-alive connections so the process can exit. */
export function closeConnections(): void {
  agent.destroy();
}

/** A Retry-After header in seconds (Quarry sends whole seconds, never a date). */
function retryAfterSeconds(v: string | string[] | undefined): number | undefined {
  const n = Number(Array.isArray(v) ? v[0] : v);
  return v !== undefined && Number.isInteger(n) && n >= 0 ? n : undefined;
}
