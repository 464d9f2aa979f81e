/**
 * Seeded fuzzing for the suite: a small deterministic PRNG, generators of hostile values (JSON of
 * every shape, odd strings, mutated texts), a runner that generates every case first (so a run is
 * the same whatever the order answers come back in) and runs them a few at a time, and the checks
 * that an answer is well formed.
 *
 * A failure names the seed and the case: `QUARRY_FUZZ_SEED=<seed>` reruns exactly that sequence.
 * Without it each target uses a fixed seed derived from its name, so the suite is reproducible.
 */
import { createHash } from "node:crypto";
import { request as httpRequest } from "node:http";
import { connect } from "node:net";

/** sfc32: small, fast, good enough for test inputs, and the same on every machine. */
export class Prng {
  #a: number;
  #b: number;
  #c: number;
  #d: number;

  constructor(seed: number) {
    this.#a = 0x9e3779b9;
    this.#b = 0x243f6a88;
    this.#c = 0xb7e15162;
    this.#d = seed >>> 0;
    for (let i = 0; i < 15; i++) this.next();
  }

  /** A float in [0, 1). */
  next(): number {
    const t = (((this.#a + this.#b) | 0) + this.#d) | 0;
    this.#d = (this.#d + 1) | 0;
    this.#a = this.#b ^ (this.#b >>> 9);
    this.#b = (this.#c + (this.#c << 3)) | 0;
    this.#c = (this.#c << 21) | (this.#c >>> 11);
    this.#c = (this.#c + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(values: readonly T[]): T {
    return values[this.int(values.length)]!;
  }

  /** One of the choices, by weight. */
  weighted<T>(choices: readonly (readonly [number, () => T])[]): T {
    const total = choices.reduce((s, [w]) => s + w, 0);
    let x = this.next() * total;
    for (const [w, make] of choices) {
      x -= w;
      if (x < 0) return make();
    }
    return choices.at(-1)![1]();
  }
}

/** The seed for a target: QUARRY_FUZZ_SEED when set, else a fixed one from the target's name. */
export function fuzzSeed(target: string): number {
  const given = process.env.QUARRY_FUZZ_SEED;
  if (given !== undefined && given.trim() !== "") return Number(given) >>> 0;
  return createHash("sha256").update(target).digest().readUInt32BE(0);
}

/** Strings that have broken parsers somewhere. */
const NASTY_STRINGS = [
  "",
  " ",
  "\t\n\r",
  "\u0000",
  "\u0000\u0001\u001f",
  "__proto__",
  "__proto__.polluted",
  "constructor.prototype.polluted",
  "a.__proto__.polluted",
  "constructor",
  "prototype",
  "toString",
  "hasOwnProperty",
  "../../../../etc/passwd",
  "..\\..\\windows\\win.ini",
  "%00",
  "%2e%2e%2f",
  "%",
  "%zz",
  "%E0%A4%A",
  "$" + "{jndi:ldap://x}",
  "{{7*7}}",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  '"',
  "\\",
  "\\u0000",
  "\\ud800",
  "\ud800",
  "\udfff",
  "\ud83d\ude00",
  "‮RTL",
  "ﬃ",
  "İ",
  "ß",
  "=?base64?AA==?=",
  "NaN",
  "Infinity",
  "-0",
  "1e309",
  "9007199254740993",
  "-9223372036854775809",
  "0x10",
  "true",
  "null",
  "[]",
  "{}",
  "*",
  "?",
  "_all",
  "*,-*",
  "a".repeat(300),
  "é".repeat(5000),
  "/",
  "//",
  "/./",
  "?x=1&y",
  "#",
  "a b",
  "a\nb",
  "(((((((((((((((((((((((((((((((",
  "\\Q\\E(?:a+)+$",
  "items.sku",
  "items.",
  ".items",
  "a..b",
];

const ALPHABET =
  "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.:/ *?\"'\\{}[],@#%&=+<>|~`!$^()";

export function randomString(r: Prng, maxLength = 40): string {
  return r.weighted<string>([
    [3, () => r.pick(NASTY_STRINGS)],
    [
      4,
      () => {
        let s = "";
        const n = r.int(maxLength + 1);
        for (let i = 0; i < n; i++) s += ALPHABET[r.int(ALPHABET.length)];
        return s;
      },
    ],
    [
      1,
      () => {
        // Any code units, lone surrogates included.
        let s = "";
        const n = r.int(12);
        for (let i = 0; i < n; i++) s += String.fromCharCode(r.int(0x10000));
        return s;
      },
    ],
    [0.2, () => "x".repeat(r.pick([1000, 10_001, 70_000]))],
  ]);
}

export function randomNumber(r: Prng): number {
  return r.pick([
    0,
    -0,
    1,
    -1,
    0.5,
    2 ** 31,
    2 ** 53,
    2 ** 53 + 2,
    -(2 ** 63),
    Number.MAX_VALUE,
    Number.MIN_VALUE,
    1e21,
    r.int(100),
    r.int(2 ** 32) - 2 ** 31,
    r.next() * 1e6,
  ]);
}

/** Any JSON value, up to `depth` levels of arrays and objects. */
export function randomJson(r: Prng, depth = 3): unknown {
  const leaf = () =>
    r.weighted<unknown>([
      [2, () => randomString(r)],
      [2, () => randomNumber(r)],
      [1, () => r.chance(0.5)],
      [1, () => null],
    ]);
  if (depth <= 0) return leaf();
  return r.weighted<unknown>([
    [4, leaf],
    [1, () => Array.from({ length: r.int(5) }, () => randomJson(r, depth - 1))],
    [
      2,
      () =>
        Object.fromEntries(
          Array.from({ length: r.int(5) }, () => [randomString(r, 12), randomJson(r, depth - 1)]),
        ),
    ],
    [0.05, () => deepNest(r.pick([100, 2000]))],
  ]);
}

function deepNest(levels: number): unknown {
  let v: unknown = 1;
  for (let i = 0; i < levels; i++) v = i % 2 ? [v] : { a: v };
  return v;
}

/**
 * A JSON value with a few of its parts changed: a value replaced by another of any type, a key
 * dropped or added, an array emptied. Shapes stay close to what is valid, so the checks behind
 * the first one are reached too.
 */
export function mutateJson(r: Prng, value: unknown, edits = 1 + r.int(3)): unknown {
  let v = structuredClone(value);
  for (let i = 0; i < edits; i++) v = mutateOnce(r, v);
  return v;
}

function mutateOnce(r: Prng, v: unknown): unknown {
  if (v === null || typeof v !== "object") return r.chance(0.7) ? randomJson(r, 1) : v;
  if (Array.isArray(v)) {
    if (v.length === 0 || r.chance(0.2)) return r.chance(0.5) ? [...v, randomJson(r, 2)] : [];
    const i = r.int(v.length);
    const copy = [...v];
    copy[i] = r.chance(0.6) ? mutateOnce(r, copy[i]) : randomJson(r, 2);
    return copy;
  }
  const o = { ...(v as Record<string, unknown>) };
  const keys = Object.keys(o);
  return r.weighted<unknown>([
    [
      5,
      () => {
        if (!keys.length) return { ...o, [randomString(r, 10)]: randomJson(r, 2) };
        const k = r.pick(keys);
        o[k] = r.chance(0.6) ? mutateOnce(r, o[k]) : randomJson(r, 2);
        return o;
      },
    ],
    [
      1,
      () => {
        if (keys.length) delete o[r.pick(keys)];
        return o;
      },
    ],
    [1, () => ({ ...o, [randomString(r, 10)]: randomJson(r, 2) })],
    [0.3, () => randomJson(r, 2)],
  ]);
}

/** A text with a few random edits: cut, repeated, characters inserted, swapped or dropped. */
export function mutateText(r: Prng, text: string, edits = 1 + r.int(4)): string {
  let s = text;
  for (let i = 0; i < edits; i++) {
    const at = r.int(s.length + 1);
    s = r.weighted<string>([
      [2, () => s.slice(0, at) + randomString(r, 6) + s.slice(at)],
      [2, () => s.slice(0, at) + s.slice(at + 1 + r.int(8))],
      [1, () => s.slice(0, at)],
      [1, () => s.slice(0, at) + s.slice(Math.max(0, at - r.int(20)), at) + s.slice(at)],
      [
        1,
        () =>
          s.slice(0, at) + r.pick(["{", "}", "[", "]", '"', "\n", '"""', ",", ":"]) + s.slice(at),
      ],
    ]);
  }
  return s;
}

export interface FuzzFailure {
  index: number;
  input: string;
  problem: string;
}

/**
 * Generates `count` cases from the seed, then runs them `concurrency` at a time. Each run must
 * resolve within `deadlineMs` (a hang is a failure). Stops at the first failure and throws one
 * error naming the seed, the case and its input.
 */
export async function fuzz<C>(options: {
  target: string;
  count: number;
  make: (r: Prng, index: number) => C;
  run: (c: C, index: number) => Promise<void>;
  describe?: (c: C) => string;
  concurrency?: number;
  deadlineMs?: number;
}): Promise<{ seed: number; count: number }> {
  const seed = fuzzSeed(options.target);
  const r = new Prng(seed);
  const cases = Array.from({ length: options.count }, (_, i) => options.make(r, i));
  const deadline = options.deadlineMs ?? 30_000;
  let next = 0;
  let failure: FuzzFailure | undefined;
  const describe = (c: C) => {
    const text = options.describe ? options.describe(c) : safeJson(c);
    // QUARRY_FUZZ_FULL=1 shows the whole input (it may be megabytes).
    return text.length > 2000 && !process.env.QUARRY_FUZZ_FULL ? `${text.slice(0, 2000)}…` : text;
  };
  const worker = async () => {
    while (!failure && next < cases.length) {
      const index = next++;
      const c = cases[index]!;
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          options.run(c, index),
          new Promise<never>((_, reject) => {
            timer = setTimeout(
              () => reject(new Error(`no answer within ${deadline / 1000} s (a hang)`)),
              deadline,
            );
          }),
        ]);
      } catch (e) {
        failure ??= {
          index,
          input: describe(c),
          problem: e instanceof Error ? (e.stack ?? e.message) : String(e),
        };
      } finally {
        clearTimeout(timer);
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 1 }, worker));
  if (failure)
    throw new Error(
      `fuzz ${options.target}: case ${failure.index} of ${options.count} failed (seed ${seed}; rerun with QUARRY_FUZZ_SEED=${seed})\ninput: ${failure.input}\n${failure.problem}`,
    );
  return { seed, count: cases.length };
}

export function safeJson(v: unknown): string {
  try {
    return JSON.stringify(v, (_k, x) => (typeof x === "bigint" ? `${x}n` : x)) ?? String(v);
  } catch {
    return String(v);
  }
}

// --- What a well-formed answer is -----------------------------------------------------------

/** A JSON-RPC 2.0 error object: an integer code and a non-empty message. */
export function checkRpcError(error: unknown, where: string): void {
  const e = error as { code?: unknown; message?: unknown; data?: unknown };
  if (e === null || typeof e !== "object") throw new Error(`${where}: error is not an object`);
  if (typeof e.code !== "number" || !Number.isInteger(e.code))
    throw new Error(`${where}: error.code is not an integer: ${safeJson(e.code)}`);
  if (typeof e.message !== "string" || e.message.trim() === "")
    throw new Error(`${where}: error.message is not a non-empty string`);
  if (e.data !== undefined && (e.data === null || typeof e.data !== "object"))
    throw new Error(`${where}: error.data is not an object`);
}

/**
 * A JSON-RPC 2.0 message an MCP server may send: a response (result object, or error) with the
 * request's id (or null when the request's id could not be read), or a notification.
 */
export function checkRpcMessage(
  m: unknown,
  where: string,
  requestId?: string | number | null,
): "response" | "notification" {
  const msg = m as Record<string, unknown>;
  if (msg === null || typeof msg !== "object" || Array.isArray(msg))
    throw new Error(`${where}: not a JSON object: ${safeJson(m).slice(0, 300)}`);
  if (msg.jsonrpc !== "2.0") throw new Error(`${where}: jsonrpc is not "2.0"`);
  if (typeof msg.method === "string" && msg.id === undefined) return "notification";
  const hasResult = "result" in msg;
  const hasError = "error" in msg;
  if (hasResult === hasError)
    throw new Error(
      `${where}: a response needs exactly one of result and error: ${safeJson(m).slice(0, 300)}`,
    );
  if (hasError) checkRpcError(msg.error, where);
  else if (msg.result === null || typeof msg.result !== "object")
    throw new Error(`${where}: result is not an object`);
  const id = msg.id;
  if (!(id === null || typeof id === "string" || typeof id === "number"))
    throw new Error(`${where}: id is ${safeJson(id)}`);
  if (requestId !== undefined && id !== null && id !== requestId)
    throw new Error(`${where}: id ${safeJson(id)} answers request ${safeJson(requestId)}`);
  if (hasResult && requestId !== undefined && id !== requestId)
    throw new Error(
      `${where}: a result with id ${safeJson(id)} for request ${safeJson(requestId)}`,
    );
  return "response";
}

/** The UI API's error shape: `{error: {code, message, remedy, details?}}`, strings non-empty. */
export function checkApiError(body: unknown, where: string): void {
  const e = (body as { error?: Record<string, unknown> } | null)?.error;
  if (!e || typeof e !== "object")
    throw new Error(`${where}: no error object: ${safeJson(body).slice(0, 300)}`);
  for (const k of ["code", "message", "remedy"] as const)
    if (typeof e[k] !== "string" || (e[k] as string).trim() === "")
      throw new Error(
        `${where}: error.${k} is not a non-empty string: ${safeJson(body).slice(0, 300)}`,
      );
  if (e.details !== undefined && (e.details === null || typeof e.details !== "object"))
    throw new Error(`${where}: error.details is not an object`);
}

/** The data lines of an SSE body, one message each. */
export function sseMessages(text: string): string[] {
  const out: string[] = [];
  for (const event of text.replace(/\r\n?/g, "\n").split("\n\n")) {
    const data = event
      .split("\n")
      .filter((l) => l.startsWith("data:"))
      .map((l) => l.slice(5).replace(/^ /, ""));
    if (data.length) out.push(data.join("\n"));
  }
  return out;
}

/** Own keys of Object.prototype now: a parser that writes a "__proto__" path would add one. */
export function prototypeKeys(): string[] {
  return Object.getOwnPropertyNames(Object.prototype).sort();
}

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Bytes on a new connection to 127.0.0.1:port, and the HTTP answer read back (chunked bodies
 * decoded), or undefined when the server closed without answering. Unlike Node's client it reads
 * an answer that comes while it is still writing (a server may refuse before the body is in). It
 * does not close its side before the answer is in (Node's server takes that for a client that
 * left, and drops the answer); then it does, and reads on until the server closes.
 */
export function rawHttp(port: number, bytes: string | Buffer): Promise<RawAnswer | undefined> {
  const head =
    (typeof bytes === "string" ? bytes.slice(0, 5) : bytes.subarray(0, 5).toString("latin1")) ===
    "HEAD ";
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    let settled = false;
    const done = () => {
      if (settled) return;
      settled = true;
      socket.destroy();
      try {
        resolve(parseHttpAnswer(Buffer.concat(chunks), head));
      } catch (e) {
        reject(e);
      }
    };
    let ended = false;
    socket.on("data", (d: Buffer) => {
      chunks.push(d);
      // The answer is in: now close this side, and read on until the server closes, so that a
      // second answer on the same connection (a malformed reply) would be seen.
      if (!ended && answerComplete(Buffer.concat(chunks), head)) {
        ended = true;
        socket.end();
      }
    });
    socket.on("error", (e: NodeJS.ErrnoException) =>
      e.code === "ECONNRESET" || e.code === "EPIPE" ? done() : reject(e),
    );
    socket.on("close", done);
    socket.write(bytes);
    // A request cut short on purpose has nothing more coming: the end of input is the cut.
    if (cutShort(Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes, "latin1"))) {
      ended = true;
      socket.end();
    }
  });
}

/** Whether a request's bytes stop before its headers end, or before the body its length says. */
function cutShort(bytes: Buffer): boolean {
  const end = bytes.indexOf("\r\n\r\n");
  if (end === -1) return true;
  const headers = bytes.subarray(0, end).toString("latin1").toLowerCase();
  if (/\r\ntransfer-encoding:/.test(headers)) return false; // malformed or chunked: read on
  const length = /\r\ncontent-length:\s*(\d+)/.exec(headers);
  return length !== null && bytes.length - (end + 4) < Number(length[1]);
}

/** Whether the bytes hold one whole answer (its body as long as its headers say). */
function answerComplete(all: Buffer, head: boolean): boolean {
  const end = all.indexOf("\r\n\r\n");
  if (end === -1) return false;
  const headers = all.subarray(0, end).toString("latin1").toLowerCase();
  const rest = all.subarray(end + 4);
  if (head || /^http\/1\.[01] (1\d\d|204|304)/.test(headers)) return true;
  const length = /\r\ncontent-length:\s*(\d+)/.exec(headers);
  if (length) return rest.length >= Number(length[1]);
  if (/\r\ntransfer-encoding:[^\r]*chunked/.test(headers)) return rest.includes("0\r\n\r\n");
  return false; // read to the close
}

function parseHttpAnswer(all: Buffer, head = false): RawAnswer | undefined {
  const text = all.toString("latin1");
  const end = text.indexOf("\r\n\r\n");
  if (end === -1) return undefined;
  const [statusLine, ...lines] = text.slice(0, end).split("\r\n");
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine ?? "");
  if (!status) throw new Error(`not an HTTP answer: ${JSON.stringify(text.slice(0, 200))}`);
  const headers: Record<string, string> = {};
  for (const l of lines) {
    const i = l.indexOf(":");
    headers[l.slice(0, i).trim().toLowerCase()] = l.slice(i + 1).trim();
  }
  let rest = all.subarray(Buffer.byteLength(text.slice(0, end + 4), "latin1"));
  let body: Buffer;
  if (headers["transfer-encoding"]?.includes("chunked")) {
    const parts: Buffer[] = [];
    for (;;) {
      const nl = rest.indexOf("\r\n");
      if (nl === -1) break;
      const size = Number.parseInt(rest.subarray(0, nl).toString("latin1"), 16);
      if (!size) break;
      parts.push(rest.subarray(nl + 2, nl + 2 + size));
      rest = rest.subarray(nl + 2 + size + 2);
    }
    body = Buffer.concat(parts);
  } else if (head) body = Buffer.alloc(0);
  else if (headers["content-length"] !== undefined)
    body = rest.subarray(0, Number(headers["content-length"]));
  else body = rest;
  const extra =
    headers["content-length"] !== undefined ? rest.length - (head ? 0 : body.length) : 0;
  if (extra > 0 && !headers["transfer-encoding"])
    throw new Error(
      `${extra} bytes after the answer: ${JSON.stringify(rest.subarray(body.length, body.length + 200).toString("latin1"))}`,
    );
  return { status: Number(status[1]), headers, body: body.toString("utf8") };
}

/** An answer to `sendAsIs`: its status, headers and text. */
export interface HttpAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/**
 * Sends one request to 127.0.0.1:`port` with exactly the headers given (no Host of Node's own),
 * on a connection of its own: one case's answer (a close) cannot fail the next one.
 */
export function sendAsIs(
  port: number,
  c: { method: string; path: string; body?: string | Buffer },
  headers: Record<string, string>,
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port,
        method: c.method,
        path: c.path,
        headers,
        setHost: false,
        agent: false,
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          text += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(c.body);
  });
}
