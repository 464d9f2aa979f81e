import { createRequire as __cr } from "node:module"; const require = __cr(import.meta.url);
import {
  LEGACY_VERSIONS,
  MODERN_VERSION,
  RPC
} from "./chunk-YM7SMSOJ.js";
import {
  APP_VERSION,
  HANDSHAKE_FILE,
  HANDSHAKE_FORMAT,
  PROOF_PATH,
  QuarryError,
  appDataDir,
  errors,
  isQuarryError,
  looksLikeToken,
  parseJsonExact,
  verifyProof
} from "./chunk-3MZKSTKQ.js";

// src/bridge/app-link.ts
import { setTimeout as sleep } from "node:timers/promises";

// src/bridge/errors.ts
var bridgeErrors = {
  /** Spec 7.2 "app is not running": no trusted handshake, or none within 10 s of launching. */
  appNotRunning: (reason) => new QuarryError(
    "app_not_running",
    `Quarry is not running: ${reason}`,
    "Open Quarry; check that its MCP server runs in Settings > Integrations (quarry mcp status); toggle Enable MCP Server off and on (quarry mcp disable, then quarry mcp enable); then relaunch the AI client.",
    { reason }
  ),
  /** Spec 7.2 "endpoint did not prove it belongs to the app": usually a leftover handshake file. */
  endpointUnproven: (port, file, detail) => new QuarryError(
    "endpoint_unproven",
    `The endpoint did not prove it belongs to the app: the process on 127.0.0.1:${port} named by ${file} failed Quarry's challenge (${detail})`,
    `Quit Quarry, delete ${file}, and reopen Quarry (it rewrites the file).`,
    { port, file }
  ),
  /** The handshake file fails a trust check (owner, permissions, format, version, expiry). */
  handshakeUntrusted: (file, problem) => new QuarryError(
    "handshake_untrusted",
    `The handshake file ${file} is not trusted: ${problem}`,
    `Quit Quarry, delete ${file}, and reopen Quarry: it writes the file again, readable by you only (0600 in a 0700 folder).`,
    { file }
  ),
  /** Spec 7.2 "app build does not speak 2026-07-28": the bridge is newer than the app. */
  appTooOld: (speaks) => new QuarryError(
    "app_too_old",
    `The Quarry app build does not speak 2026-07-28 \u2014 update the app (the running Quarry speaks ${speaks || "no revision the bridge knows"}; this quarry-mcp speaks 2026-07-28 to it)`,
    "Update Quarry, or quit the running Quarry and open the one installed beside this quarry-mcp.",
    { speaks }
  ),
  /** Spec 3.1, 7.2 (-33009): the bridge token was refused, or is stale, and no app answers. */
  bridgeTokenStale: (reason) => new QuarryError(
    "unauthenticated",
    `Unauthenticated: the bridge token is stale and Quarry is not running (${reason})`,
    "Open Quarry again; quarry-mcp reads its new handshake file on the next request (check Settings > Integrations, or quarry mcp status).",
    { reason }
  )
};

// src/bridge/handshake-trust.ts
import { closeSync, constants, fstatSync, openSync, readSync, statSync } from "node:fs";
import { join } from "node:path";
var MAX_BYTES = 64 * 1024;
var isInt = (v, min, max) => typeof v === "number" && Number.isInteger(v) && v >= min && v <= max;
function checkHandshake(raw, nowMs) {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw))
    return { ok: false, problem: "it is not a JSON object" };
  const f = raw;
  if (f.version !== HANDSHAKE_FORMAT)
    return {
      ok: false,
      problem: `it is of format version ${JSON.stringify(f.version ?? null)}, and this quarry-mcp reads version ${HANDSHAKE_FORMAT} only (the app and the bridge come from different Quarry builds)`
    };
  const bad = (field, rule) => ({
    ok: false,
    problem: `it is malformed: "${field}" ${rule}`
  });
  if (!isInt(f.port, 1, 65535)) return bad("port", "must be a port number from 1 to 65535");
  if (typeof f.token !== "string" || !looksLikeToken(f.token))
    return bad("token", "must be a Quarry token (qry_ and 43 base64url characters)");
  const expiresAt = typeof f.tokenExpiresAt === "string" ? Date.parse(f.tokenExpiresAt) : NaN;
  if (!Number.isFinite(expiresAt)) return bad("tokenExpiresAt", "must be an ISO date and time");
  if (typeof f.instanceId !== "string" || !/^[\w.:-]{1,200}$/.test(f.instanceId))
    return bad("instanceId", "must be a non-empty identifier");
  if (typeof f.proofKey !== "string" || !/^[A-Za-z0-9_-]{43}$/.test(f.proofKey))
    return bad("proofKey", "must be 256 bits in base64url");
  let path;
  try {
    const u = new URL(String(f.url));
    if (u.protocol !== "http:" || u.hostname !== "127.0.0.1" || Number(u.port) !== f.port)
      throw new Error("not loopback");
    path = u.pathname;
  } catch {
    return bad("url", `must be http://127.0.0.1:${f.port}/<path>`);
  }
  if (!isInt(f.pid, 1, 2 ** 31)) return bad("pid", "must be a process id");
  if (!Array.isArray(f.protocolVersions) || !f.protocolVersions.every((v) => typeof v === "string"))
    return bad("protocolVersions", "must be a list of MCP revisions");
  if (nowMs >= expiresAt)
    return {
      ok: false,
      problem: `its bridge token expired at ${new Date(expiresAt).toISOString()} (the app that wrote it is gone or stopped rotating it)`,
      expired: true
    };
  return { ok: true, handshake: f, expiresAt, path };
}
var octal = (mode) => `0${(mode & 511).toString(8)}`;
function folderProblem(st, uid) {
  if (!st.isDirectory()) return "its folder is not a folder";
  if (uid !== void 0 && st.uid !== uid)
    return `its folder belongs to another user (uid ${st.uid}; you are uid ${uid})`;
  if (st.mode & 54)
    return `its folder can be read or written by other users (mode ${octal(st.mode)}; Quarry keeps it 0700)`;
  return void 0;
}
function fileProblem(st, uid) {
  if (!st.isFile()) return "it is not a regular file";
  if (uid !== void 0 && st.uid !== uid)
    return `it belongs to another user (uid ${st.uid}; you are uid ${uid})`;
  if (st.mode & 63)
    return `it can be read or written by other users (mode ${octal(st.mode)}; Quarry writes it 0600)`;
  return void 0;
}
function handshakeFilePath(dir) {
  return join(dir, HANDSHAKE_FILE);
}
function fileIdentity(path) {
  try {
    return identityOf(statSync(path));
  } catch {
    return void 0;
  }
}
function identityOf(st) {
  return `${st.dev}:${st.ino}:${st.size}:${st.mtimeMs}:${st.ctimeMs}`;
}
function readAtMost(fd, limit) {
  const buf = Buffer.alloc(limit);
  let n = 0;
  while (n < buf.length) {
    const r = readSync(fd, buf, n, buf.length - n, null);
    if (r === 0) break;
    n += r;
  }
  return buf.subarray(0, n);
}
function readHandshake(dir, nowMs) {
  const path = handshakeFilePath(dir);
  const uid = process.getuid?.();
  const untrusted = (problem) => ({
    ok: false,
    missing: false,
    error: bridgeErrors.handshakeUntrusted(path, problem)
  });
  let folder;
  try {
    folder = statSync(dir);
  } catch {
    return {
      ok: false,
      missing: true,
      error: bridgeErrors.appNotRunning(`there is no app data folder ${dir}`)
    };
  }
  if (process.platform !== "win32") {
    const p = folderProblem(folder, uid);
    if (p) return untrusted(p);
  }
  let fd;
  try {
    fd = openSync(path, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | constants.O_NONBLOCK);
  } catch (e) {
    const code = e.code;
    if (code === "ENOENT")
      return {
        ok: false,
        missing: true,
        error: bridgeErrors.appNotRunning(
          `there is no handshake file ${path} (Quarry, or its MCP server, is not running)`
        )
      };
    if (code === "ELOOP") return untrusted("it is a symbolic link");
    return untrusted(`it cannot be read (${code ?? String(e)})`);
  }
  try {
    const st = fstatSync(fd);
    if (process.platform !== "win32") {
      const p = fileProblem(st, uid);
      if (p) return untrusted(p);
    } else if (!st.isFile()) return untrusted("it is not a regular file");
    if (st.size > MAX_BYTES) return untrusted(`it is larger than ${MAX_BYTES} bytes`);
    const bytes = readAtMost(fd, Math.min(st.size, MAX_BYTES) + 1);
    if (bytes.length > MAX_BYTES) return untrusted(`it is larger than ${MAX_BYTES} bytes`);
    let raw;
    try {
      raw = JSON.parse(bytes.toString("utf8"));
    } catch {
      return untrusted("it is malformed: not valid JSON");
    }
    const checked = checkHandshake(raw, nowMs);
    if (!checked.ok)
      return checked.expired ? {
        ok: false,
        missing: false,
        error: bridgeErrors.appNotRunning(
          `the handshake file ${path} is stale: ${checked.problem}`
        )
      } : untrusted(checked.problem);
    return {
      ok: true,
      handshake: checked.handshake,
      expiresAt: checked.expiresAt,
      path: checked.path,
      identity: identityOf(st)
    };
  } finally {
    closeSync(fd);
  }
}

// src/bridge/app-link.ts
var POLL_MS = 200;
var LAUNCH_TIMEOUT_MS = 1e4;
function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === "EPERM";
  }
}
var AppLink = class {
  #deps;
  #file;
  #current;
  /** Instances (`instanceId@port`) that answered the proof and passed `verify`. */
  #trusted = /* @__PURE__ */ new Set();
  /** The last failed proof, by file fingerprint: an unchanged file is not challenged again. */
  #failed;
  #pending;
  constructor(deps) {
    this.#deps = deps;
    this.#file = handshakeFilePath(deps.dir);
  }
  get file() {
    return this.#file;
  }
  get current() {
    return this.#current;
  }
  /**
   * Finds the app; without a trusted handshake, launches it (when `launchIfMissing`) and polls.
   * Throws the QuarryError that says why there is no app to talk to.
   */
  async connect(launchIfMissing) {
    let attempt = await this.#attempt();
    if (attempt.ok) return attempt.endpoint;
    if (attempt.final || !launchIfMissing) throw attempt.error;
    const plan = this.#deps.plan();
    if (plan.kind === "none") {
      this.#deps.log(`not launching Quarry: ${plan.why}`);
      if (isTrustFailure(attempt.error)) throw attempt.error;
      throw bridgeErrors.appNotRunning(
        `${reasonOf(attempt.error)}; quarry-mcp does not launch it because ${plan.why}`
      );
    }
    this.#deps.log(
      `no trusted handshake (${reasonOf(attempt.error)}); launching Quarry: ${plan.how}`
    );
    let current = plan;
    let launched = this.#deps.launch(current);
    let launchFailed;
    let launcherDone = false;
    const watch = (l) => void l.ended.then((why) => {
      if (l !== launched) return;
      launcherDone = true;
      launchFailed = why;
    });
    watch(launched);
    const pollMs = this.#deps.pollMs ?? POLL_MS;
    const started = this.#deps.now();
    const deadline = started + (this.#deps.timeoutMs ?? LAUNCH_TIMEOUT_MS);
    try {
      for (let n = 1; ; n++) {
        const next = started + n * pollMs;
        await sleep(Math.max(0, next - this.#deps.now()));
        attempt = await this.#attempt();
        if (attempt.ok) {
          this.#deps.log(
            `Quarry answered ${this.#deps.now() - started} ms after launching it${launcherDone ? "" : " (the launcher still runs)"}`
          );
          return attempt.endpoint;
        }
        if (attempt.final) throw attempt.error;
        if (launchFailed && current.fallback) {
          this.#deps.log(`${launchFailed}; launching Quarry: ${current.fallback.how}`);
          launched.release();
          current = current.fallback;
          launched = this.#deps.launch(current);
          launchFailed = void 0;
          launcherDone = false;
          watch(launched);
        } else if (launchFailed)
          throw bridgeErrors.appNotRunning(`launching it failed: ${launchFailed}`);
        if (this.#deps.now() >= deadline) break;
      }
    } finally {
      launched.release();
    }
    const seconds = Math.round((this.#deps.timeoutMs ?? LAUNCH_TIMEOUT_MS) / 1e3);
    if (isTrustFailure(attempt.error)) throw attempt.error;
    throw bridgeErrors.appNotRunning(
      `no trusted handshake within ${seconds} s of launching it (${current.how}); last: ${reasonOf(attempt.error)}`
    );
  }
  /**
   * The endpoint to use for the next request: the current one while the handshake file is
   * unchanged and its token valid, else the file read again (a rotation or a restart). Undefined
   * when there is no app to send to; throws why, when the app's process is gone.
   */
  async fresh() {
    const cur = this.#current;
    if (!cur || !isAlive(cur.pid)) {
      this.#current = void 0;
      const attempt2 = await this.#attempt();
      if (attempt2.ok) return attempt2.endpoint;
      throw attempt2.error;
    }
    const identity = fileIdentity(this.#file);
    const valid = this.#deps.now() < cur.expiresAt;
    if (identity === cur.identity && valid) return cur;
    if (identity === void 0) return valid ? cur : void 0;
    const attempt = await this.#attempt();
    if (attempt.ok) return attempt.endpoint;
    return valid && attempt.error.code !== "app_too_old" ? cur : void 0;
  }
  /**
   * After the app refused `stale` (or did not answer): the handshake file read again. Returns the
   * endpoint to retry with, or the error that says why there is none.
   */
  async refresh(stale) {
    const cur = this.#current;
    if (cur && cur.token !== stale.token) return { endpoint: cur };
    const attempt = await this.#attempt();
    return attempt.ok ? { endpoint: attempt.endpoint } : { error: attempt.error };
  }
  /** One look at the handshake file (concurrent callers share it). */
  #attempt() {
    this.#pending ??= this.#attemptOnce().finally(() => {
      this.#pending = void 0;
    });
    return this.#pending;
  }
  async #attemptOnce() {
    const read = readHandshake(this.#deps.dir, this.#deps.now());
    if (!read.ok) return { ok: false, error: read.error, final: false };
    const hs = read.handshake;
    const key = `${hs.instanceId}@${hs.port}`;
    const endpoint = {
      port: hs.port,
      path: read.path,
      token: hs.token,
      instanceId: hs.instanceId,
      pid: hs.pid,
      expiresAt: read.expiresAt,
      quarryVersion: typeof hs.quarryVersion === "string" ? hs.quarryVersion : "unknown",
      identity: read.identity
    };
    if (!isAlive(hs.pid)) {
      const error = bridgeErrors.appNotRunning(
        `the handshake file ${this.#file} names process ${hs.pid}, which is not running (a leftover of an app that ended)`
      );
      return { ok: false, error, final: false };
    }
    if (!this.#trusted.has(key)) {
      if (this.#failed?.identity === read.identity)
        return { ok: false, error: this.#failed.error, final: false };
      const proof = await this.#deps.prove(hs);
      if (!proof.ok) {
        const error = proof.listening ? bridgeErrors.endpointUnproven(hs.port, this.#file, proof.detail) : bridgeErrors.appNotRunning(
          `nothing listens on port ${hs.port}, which the handshake file ${this.#file} names (a leftover of an app that ended)`
        );
        if (proof.listening) {
          this.#failed = { identity: read.identity, error };
          this.#deps.log(`${error.message}`);
        }
        return { ok: false, error, final: false };
      }
      if (!hs.protocolVersions.includes(MODERN_VERSION))
        return {
          ok: false,
          error: bridgeErrors.appTooOld(hs.protocolVersions.join(", ")),
          final: true
        };
      try {
        await this.#deps.verify(endpoint);
      } catch (e) {
        return { ok: false, error: e, final: true };
      }
      this.#trusted.add(key);
      this.#deps.log(
        `connected to Quarry ${endpoint.quarryVersion} (process ${hs.pid}) at http://127.0.0.1:${hs.port}${read.path}`
      );
    }
    this.#current = endpoint;
    return { ok: true, endpoint };
  }
};
function isTrustFailure(e) {
  return e.code === "endpoint_unproven" || e.code === "handshake_untrusted";
}
function reasonOf(e) {
  return e.message.replace(/^Quarry is not running: /, "");
}

// src/bridge/launcher.ts
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join as join2 } from "node:path";
var LAUNCHER_ENV = "QUARRY_LAUNCHER";
var START_MCP_URL = "quarry://integrations/start-mcp";
var SCHEME_MIME = "x-scheme-handler/quarry";
function launchPlan(input) {
  const chosen = input.env[LAUNCHER_ENV]?.trim();
  if (chosen === "none") return { kind: "none", why: `${LAUNCHER_ENV} is "none"` };
  if (chosen)
    return {
      kind: "command",
      command: chosen,
      args: [START_MCP_URL],
      how: `${chosen} ${START_MCP_URL} (${LAUNCHER_ENV})`
    };
  if (input.platform === "darwin")
    return {
      kind: "command",
      command: "/usr/bin/open",
      args: ["-g", START_MCP_URL],
      how: `open -g ${START_MCP_URL}`
    };
  const beside = input.quarryBeside ? {
    kind: "command",
    command: input.quarryBeside,
    args: ["open-url", START_MCP_URL],
    how: `${input.quarryBeside} open-url ${START_MCP_URL}`
  } : void 0;
  const graphical = Boolean(input.env.DISPLAY || input.env.WAYLAND_DISPLAY);
  if (input.platform !== "win32" && input.schemeHandler && graphical)
    return {
      kind: "command",
      command: "xdg-open",
      args: [START_MCP_URL],
      how: `xdg-open ${START_MCP_URL} (handler ${input.schemeHandler})`,
      ...beside ? { fallback: beside } : {}
    };
  if (beside) return beside;
  return {
    kind: "none",
    why: "no quarry:// handler is registered and no quarry is installed beside quarry-mcp"
  };
}
function registeredSchemeHandler(env) {
  if (process.platform === "darwin" || process.platform === "win32") return void 0;
  const res = spawnSync("xdg-mime", ["query", "default", SCHEME_MIME], {
    env,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
    timeout: 5e3
  });
  const entry = res.status === 0 ? res.stdout.trim() : "";
  return entry || void 0;
}
function quarryBesideBridge() {
  const path = join2(import.meta.dirname, "..", "..", "bin", "quarry");
  return existsSync(path) ? path : void 0;
}
function planForThisMachine(env) {
  const chosen = env[LAUNCHER_ENV]?.trim();
  return launchPlan({
    platform: process.platform,
    env,
    // A launcher named in the environment wins; no need to ask xdg-mime then.
    schemeHandler: chosen ? void 0 : registeredSchemeHandler(env),
    quarryBeside: quarryBesideBridge()
  });
}
function launch(plan, env) {
  let tail = "";
  const child = spawn(plan.command, plan.args, {
    env,
    detached: true,
    stdio: ["ignore", "ignore", "pipe"]
  });
  child.stderr?.setEncoding("utf8");
  child.stderr?.on("data", (chunk) => {
    tail = (tail + chunk).slice(-2e3);
  });
  const ended = new Promise((resolve) => {
    child.once(
      "error",
      (e) => resolve(`${plan.how} could not run (${e.code ?? e.message})`)
    );
    child.once("exit", (code, signal) => {
      if (code === 0) return resolve(void 0);
      const last = tail.trim().split("\n").filter(Boolean).pop();
      resolve(
        `${plan.how} failed (${signal ?? `exit status ${code}`})${last ? `: ${last.slice(0, 500)}` : ""}`
      );
    });
  });
  return {
    how: plan.how,
    ended,
    release() {
      child.stderr?.destroy();
      child.unref();
    }
  };
}

// src/bridge/lines.ts
var LineSplitter = class {
  #max;
  #buffered = "";
  /** A line over the bound is being dropped until its end. */
  #skipping = false;
  constructor(maxLength) {
    this.#max = maxLength;
  }
  /** The lines this chunk completes, and whether a line grew over the bound (and was dropped). */
  push(chunk) {
    let text = this.#buffered + chunk;
    this.#buffered = "";
    const lines = [];
    for (let nl = text.indexOf("\n"); nl >= 0; nl = text.indexOf("\n")) {
      const line = text.slice(0, nl);
      text = text.slice(nl + 1);
      if (this.#skipping) {
        this.#skipping = false;
        continue;
      }
      lines.push(line.endsWith("\r") ? line.slice(0, -1) : line);
    }
    const overlong = text.length > this.#max;
    if (overlong) {
      this.#skipping = true;
      text = "";
    }
    this.#buffered = text;
    return { lines, overlong };
  }
  /** The last line, when the input ended without a newline after it. */
  end() {
    const rest = this.#buffered;
    this.#buffered = "";
    return rest.trim() && !this.#skipping ? rest : void 0;
  }
};

// src/bridge/protocol.ts
var META = {
  protocolVersion: "io.modelcontextprotocol/protocolVersion",
  clientCapabilities: "io.modelcontextprotocol/clientCapabilities",
  clientInfo: "io.modelcontextprotocol/clientInfo",
  logLevel: "io.modelcontextprotocol/logLevel",
  serverInfo: "io.modelcontextprotocol/serverInfo"
};
var BRIDGE_UNAVAILABLE = -33e3;
function classify(m) {
  if (m === null || typeof m !== "object" || Array.isArray(m))
    return { kind: "invalid", id: null, why: "a JSON-RPC message must be one JSON object" };
  const msg = m;
  const id = msg.id;
  const validId = typeof id === "string" || typeof id === "number" && Number.isFinite(id);
  if (typeof msg.method === "string") {
    if (id === void 0) return { kind: "notification", method: msg.method };
    if (!validId)
      return { kind: "invalid", id: null, why: "a request id must be a string or a number" };
    return { kind: "request", id, method: msg.method };
  }
  if ("result" in msg || "error" in msg) return { kind: "response" };
  return {
    kind: "invalid",
    id: validId ? id : null,
    why: "the message has no method"
  };
}
function paramsOf(m) {
  return m.params && typeof m.params === "object" && !Array.isArray(m.params) ? m.params : void 0;
}
function metaOf(m) {
  const meta = paramsOf(m)?._meta;
  return meta && typeof meta === "object" && !Array.isArray(meta) ? meta : void 0;
}
function modernVersionOf(m) {
  const v = metaOf(m)?.[META.protocolVersion];
  return typeof v === "string" ? v : void 0;
}
function nameOf(m) {
  const p = paramsOf(m);
  const v = m.method === "tools/call" || m.method === "prompts/get" ? p?.name : m.method === "resources/read" ? p?.uri : void 0;
  return typeof v === "string" ? v : void 0;
}
var SENTINEL = /^=\?base64\?.*\?=$/;
function headerValue(v) {
  const plain = /^[\x20-\x7e]*$/.test(v) && v.trim() === v && !SENTINEL.test(v);
  return plain ? v : `=?base64?${Buffer.from(v, "utf8").toString("base64")}?=`;
}
function modernHeaders(m) {
  const headers = {
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
    "mcp-protocol-version": modernVersionOf(m) ?? MODERN_VERSION,
    "mcp-method": headerValue(String(m.method))
  };
  const name = nameOf(m);
  if (name !== void 0) headers["mcp-name"] = headerValue(name);
  return headers;
}
var LOG_LEVELS = [
  "debug",
  "info",
  "notice",
  "warning",
  "error",
  "critical",
  "alert",
  "emergency"
];
function negotiateLegacy(params) {
  const requested = params?.protocolVersion;
  if (typeof requested !== "string" || !LEGACY_VERSIONS.includes(requested))
    return {
      ok: false,
      message: `Unsupported protocol version ${typeof requested === "string" ? requested : "(none)"} (refused by the stdio bridge quarry-mcp): use ${MODERN_VERSION} (no initialize, _meta on every request) or initialize with ${LEGACY_VERSIONS.join(" or ")}`,
      data: { supported: [MODERN_VERSION, ...LEGACY_VERSIONS], requested: requested ?? null }
    };
  const caps = params?.capabilities;
  const info = params?.clientInfo;
  return {
    ok: true,
    session: {
      protocolVersion: requested,
      capabilities: caps && typeof caps === "object" && !Array.isArray(caps) ? caps : {},
      ...info && typeof info === "object" && !Array.isArray(info) ? { clientInfo: info } : {}
    }
  };
}
function legacyInitializeResult(discover, session, fallbackServerInfo) {
  const caps = discover.capabilities ?? {};
  const out = {};
  for (const [key, value] of Object.entries(caps)) {
    if (key === "extensions") continue;
    if (value && typeof value === "object" && !Array.isArray(value)) {
      const { listChanged: _l, subscribe: _s, ...rest } = value;
      out[key] = rest;
    } else out[key] = value;
  }
  const meta = discover._meta;
  const serverInfo = meta?.[META.serverInfo];
  return {
    protocolVersion: session.protocolVersion,
    capabilities: out,
    serverInfo: serverInfo && typeof serverInfo === "object" ? serverInfo : fallbackServerInfo,
    ...typeof discover.instructions === "string" ? { instructions: discover.instructions } : {}
  };
}
function withModernMeta(m, session) {
  const params = paramsOf(m) ?? {};
  const meta = {
    ...metaOf(m) ?? {},
    [META.protocolVersion]: MODERN_VERSION,
    [META.clientCapabilities]: session.capabilities
  };
  if (session.clientInfo) meta[META.clientInfo] = session.clientInfo;
  if (session.logLevel) meta[META.logLevel] = session.logLevel;
  return { ...m, params: { ...params, _meta: meta } };
}
function forLegacyClient(m) {
  const result = m.result;
  if (!result || typeof result !== "object" || Array.isArray(result)) return m;
  const { resultType, ttlMs: _t, cacheScope: _c, ...rest } = result;
  if (resultType !== void 0 && resultType !== "complete")
    return rpcError(m.id, RPC.internalError, {
      message: `Quarry answered with a ${String(resultType)} result, which a ${LEGACY_VERSIONS.join("/")} client cannot take (refused by the stdio bridge quarry-mcp)`,
      data: { layer: "bridge", resultType, remedy: "Use a client that speaks MCP 2026-07-28." }
    });
  return { ...m, result: rest };
}
function rpcError(id, code, error) {
  return { jsonrpc: "2.0", id, error: { code, ...error } };
}
function bridgeError(id, code, e) {
  return rpcError(id, code, {
    message: `quarry-mcp (the stdio bridge): ${e.message}. ${e.remedy}`,
    data: { layer: "bridge", code: e.code, remedy: e.remedy, ...e.details }
  });
}
function withId(m, id) {
  return m.id === void 0 || m.id === null ? { ...m, id } : m;
}
function appRateLimit(body, retryAfter) {
  const e = body?.error;
  const reason = typeof e?.message === "string" ? e.message.replace(/^Rate limited:\s*/, "") : "Quarry is rate limiting requests";
  const fromData = e?.data?.retryAfterSeconds;
  const seconds = retryAfter ?? (typeof fromData === "number" && fromData >= 0 ? Math.ceil(fromData) : 60);
  const remedy = e?.data?.remedy;
  return errors.rateLimited(reason, seconds, typeof remedy === "string" ? remedy : void 0);
}
function parseLine(line) {
  let message;
  try {
    message = parseJsonExact(line);
  } catch {
    return { ok: false, code: RPC.parseError, message: "Parse error: the line is not JSON" };
  }
  if (Array.isArray(message))
    return {
      ok: false,
      code: RPC.invalidRequest,
      message: "Invalid request: batches are not supported (they belong to MCP 2025-03-26); send one message per line"
    };
  return { ok: true, message };
}
function logLevelOf(m) {
  const level = m.params?.level;
  return LOG_LEVELS.includes(level) ? level : void 0;
}

// src/bridge/refusal.ts
var Refusal = class extends Error {
  code;
  error;
  constructor(code, error) {
    super(error.message);
    this.code = code;
    this.error = error;
  }
};
function codeOf(e) {
  if (e.code === "unauthenticated") return RPC.unauthenticated;
  if (e.code === "rate_limited") return RPC.rateLimited;
  return BRIDGE_UNAVAILABLE;
}
function staleRefusal(reason) {
  if (reason.code === "endpoint_unproven" || reason.code === "handshake_untrusted" || reason.code === "app_too_old")
    return new Refusal(BRIDGE_UNAVAILABLE, reason);
  return new Refusal(
    RPC.unauthenticated,
    bridgeErrors.bridgeTokenStale(reason.message.replace(/^Quarry is not running: /, ""))
  );
}
function asQuarryError(e) {
  if (isQuarryError(e)) return e;
  return bridgeErrors.appNotRunning(
    `the bridge failed: ${e instanceof Error ? e.message : String(e)}`
  );
}
function describe(m) {
  const err = m.error;
  return err ? `${String(err.code)} ${String(err.message)}` : JSON.stringify(m).slice(0, 200);
}
function appRefusal(status, body, id) {
  const err = body?.error;
  if (!err || typeof err.code !== "number") return { kind: "bare" };
  const supported = err.data?.supported;
  if (status === 400 && err.code === -32022 && Array.isArray(supported) && !supported.includes(MODERN_VERSION))
    return { kind: "too-old", error: bridgeErrors.appTooOld(supported.join(", ")) };
  return { kind: "relay", message: withId(body, id) };
}

// src/bridge/discover.ts
var DISCOVER_TIMEOUT_MS = 1e4;
async function discoverOn(post2, endpoint, asker, version) {
  const m = {
    jsonrpc: "2.0",
    id: "quarry-mcp-discover",
    method: "server/discover",
    params: {
      _meta: {
        [META.protocolVersion]: MODERN_VERSION,
        [META.clientCapabilities]: asker?.capabilities ?? {},
        [META.clientInfo]: asker?.clientInfo ?? {
          name: "quarry-mcp",
          version
        }
      }
    }
  };
  let answer;
  const r = await post2(
    endpoint,
    JSON.stringify(m),
    modernHeaders(m),
    AbortSignal.timeout(DISCOVER_TIMEOUT_MS),
    (msg) => {
      answer ??= msg;
    }
  );
  if (r.kind === "answered" && answer) {
    const result = answer.result;
    if (result && typeof result === "object") return result;
    throw bridgeErrors.appTooOld(
      `no revision the bridge knows (it answered server/discover with ${describe(answer)})`
    );
  }
  if (r.kind === "refused") {
    const e = r.body?.error;
    if (r.status === 401)
      throw errors.unauthenticated(
        `Quarry refused the bridge token from its own handshake file (${e?.message ?? "HTTP 401"})`
      );
    if (r.status === 429) throw appRateLimit(r.body, r.retryAfter);
    if ([400, 404, 405, 406].includes(r.status))
      throw bridgeErrors.appTooOld(
        `only older revisions (it refused server/discover: HTTP ${r.status}${e?.message ? `, ${e.message}` : ""})`
      );
  }
  if (r.kind === "aborted")
    throw bridgeErrors.appNotRunning(
      `it did not answer server/discover within ${DISCOVER_TIMEOUT_MS / 1e3} s`
    );
  throw bridgeErrors.appNotRunning(
    `it did not answer server/discover (${"detail" in r ? r.detail : `HTTP ${"status" in r ? r.status : "?"}`})`
  );
}

// src/bridge/relay.ts
var keyOf = (id) => JSON.stringify(id);
var Relay = class {
  #deps;
  #link;
  #ready;
  #legacy;
  /** The app's `server/discover` result, per app instance. */
  #discover;
  #inflight = /* @__PURE__ */ new Map();
  #tasks = /* @__PURE__ */ new Set();
  constructor(deps) {
    this.#deps = deps;
  }
  /** Starts finding (or launching) the app at once, while the client is still starting. */
  start(link) {
    this.#link = link;
    this.#ready = link.connect(true);
    this.#ready.catch((e) => this.#logFailure(e));
  }
  /**
   * The check made on every app instance before the bridge uses it: it must answer
   * `server/discover` and list 2026-07-28 among its revisions. The answer is kept for legacy
   * clients' `initialize`.
   */
  verify = async (endpoint) => {
    const result = await discoverOn(this.#deps.post, endpoint, this.#legacy, this.#deps.version);
    const versions = result.supportedVersions;
    if (!Array.isArray(versions) || !versions.includes(MODERN_VERSION))
      throw bridgeErrors.appTooOld(Array.isArray(versions) ? versions.join(", ") : "");
    this.#discover = { instanceId: endpoint.instanceId, result };
  };
  /** One line from the client. */
  handleLine(line) {
    if (!line.trim()) return;
    const read = parseLine(line);
    if (!read.ok) {
      this.#fail(null, read.code, read.message);
      return;
    }
    const message = read.message;
    const kind = classify(message);
    const m = message;
    switch (kind.kind) {
      case "invalid":
        this.#fail(kind.id, RPC.invalidRequest, `Invalid request: ${kind.why}`);
        return;
      case "response":
        return;
      // 2026-07-28 servers send no requests, so there is nothing to answer
      case "notification":
        if (kind.method === "notifications/cancelled") this.#cancel(m);
        return;
      // initialized, roots/list_changed...: nothing for a 2026-07-28 server
      case "request":
        this.#track(this.#request(kind.id, kind.method, m));
    }
  }
  /** Waits until every request in flight is answered (at the end of the client's input). */
  async drain() {
    while (this.#tasks.size) await Promise.allSettled([...this.#tasks]);
  }
  /** Abandons every request in flight. */
  abortAll() {
    for (const c of this.#inflight.values()) c.abort();
  }
  #track(task) {
    this.#tasks.add(task);
    void task.finally(() => this.#tasks.delete(task));
  }
  async #request(id, method, m) {
    const modern = modernVersionOf(m) !== void 0;
    if (!modern) {
      if (method === "initialize") return this.#initialize(id, m);
      if (method === "ping") return this.#deps.write({ jsonrpc: "2.0", id, result: {} });
      if (method === "logging/setLevel" && this.#legacy) return this.#setLevel(id, m);
      if (!this.#legacy)
        return this.#fail(
          id,
          RPC.invalidRequest,
          `Invalid request: ${method} carries no ${META.protocolVersion} in params._meta and no initialize came first. Send the 2026-07-28 _meta on every request, or initialize first (2025-11-25 or 2025-06-18)`
        );
    }
    const legacy = !modern;
    const outgoing = legacy && this.#legacy ? withModernMeta(m, this.#legacy) : m;
    await this.#forward(id, outgoing, legacy);
  }
  async #initialize(id, m) {
    const params = m.params ?? void 0;
    const negotiated = negotiateLegacy(params);
    if (!negotiated.ok)
      return this.#fail(id, RPC.invalidParams, negotiated.message, negotiated.data);
    this.#legacy = negotiated.session;
    try {
      const endpoint = await this.#endpoint();
      const discover = this.#discover?.instanceId === endpoint.instanceId ? this.#discover.result : await discoverOn(this.#deps.post, endpoint, this.#legacy, this.#deps.version);
      this.#deps.write({
        jsonrpc: "2.0",
        id,
        result: legacyInitializeResult(discover, negotiated.session, {
          name: "quarry",
          version: endpoint.quarryVersion
        })
      });
    } catch (e) {
      this.#refuse(id, e);
    }
  }
  #setLevel(id, m) {
    const level = logLevelOf(m);
    if (!level) {
      const levels = LOG_LEVELS.join(", ");
      this.#fail(
        id,
        RPC.invalidParams,
        `Invalid params for logging/setLevel: level must be one of ${levels}`
      );
      return;
    }
    if (this.#legacy) this.#legacy.logLevel = level;
    this.#deps.write({ jsonrpc: "2.0", id, result: {} });
  }
  #cancel(m) {
    const requestId = m.params?.requestId;
    const controller = this.#inflight.get(keyOf(requestId));
    if (!controller) return;
    this.#inflight.delete(keyOf(requestId));
    controller.abort();
  }
  /** The endpoint for the next request, or a Refusal. */
  async #endpoint() {
    const link = this.#link;
    if (!link || !this.#ready)
      throw new Refusal(
        BRIDGE_UNAVAILABLE,
        bridgeErrors.appNotRunning("the bridge is not started")
      );
    try {
      await this.#ready;
    } catch (startError) {
      this.#ready = link.connect(false);
      try {
        await this.#ready;
      } catch (e) {
        const again = asQuarryError(e);
        const first = asQuarryError(startError);
        const chosen = again.code === "app_not_running" ? first : again;
        this.#ready = Promise.reject(chosen);
        this.#ready.catch(() => {
        });
        throw new Refusal(codeOf(chosen), chosen);
      }
    }
    let endpoint;
    try {
      endpoint = await link.fresh();
    } catch (e) {
      throw staleRefusal(asQuarryError(e));
    }
    if (!endpoint)
      throw new Refusal(
        RPC.unauthenticated,
        bridgeErrors.bridgeTokenStale(
          "its handshake file is gone and the token the bridge holds expired"
        )
      );
    return endpoint;
  }
  async #forward(id, m, legacy) {
    const key = keyOf(id);
    const controller = new AbortController();
    this.#inflight.set(key, controller);
    const signal = controller.signal;
    const body = JSON.stringify(m);
    const headers = modernHeaders(m);
    const answer = this.#answerWriter(id, legacy, signal);
    try {
      let endpoint = await this.#endpoint();
      for (let attempt = 0; ; attempt++) {
        if (signal.aborted) return;
        const r = await this.#deps.post(endpoint, body, headers, signal, answer.onMessage);
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
  /** Writes the app's messages for one request back to the client: its notifications, one answer. */
  #answerWriter(id, legacy, signal) {
    let answered = false;
    const onMessage = (message) => {
      if (signal.aborted || message === null || typeof message !== "object") return;
      const msg = message;
      const isResponse = "result" in msg || "error" in msg;
      if (isResponse) {
        if (answered) return;
        answered = true;
        this.#deps.write(legacy ? forLegacyClient(withId(msg, id)) : withId(msg, id));
      } else if (typeof msg.method === "string" && msg.id === void 0) {
        this.#deps.write(msg);
      }
    };
    return { onMessage, answered: () => answered };
  }
  /**
   * Whether a first attempt that did not get through is sent once more, and where: a refused
   * token after the handshake file was rewritten, or a request never delivered. Throws when the
   * app is gone.
   */
  async #retryTarget(r, endpoint, attempt) {
    if (r.kind === "refused" && r.status === 401 && attempt === 0) {
      const next2 = await this.#link?.refresh(endpoint);
      if (next2 && "error" in next2) throw staleRefusal(next2.error);
      if (next2 && next2.endpoint.token !== endpoint.token) {
        this.#deps.log(`the app refused the bridge token; retrying with the one it wrote since`);
        return next2.endpoint;
      }
      return void 0;
    }
    if (r.kind !== "unreachable") return void 0;
    const next = await this.#link?.refresh(endpoint);
    if (!next || "error" in next)
      throw staleRefusal(
        next?.error ?? bridgeErrors.appNotRunning(`nothing answers on port ${endpoint.port}`)
      );
    const same = next.endpoint.instanceId === endpoint.instanceId && next.endpoint.port === endpoint.port;
    if (same && r.refused)
      throw staleRefusal(
        bridgeErrors.appNotRunning(`nothing answers on port ${endpoint.port} any more`)
      );
    return !r.sent && attempt === 0 ? next.endpoint : void 0;
  }
  /** The last word on a request the app took, refused, or lost on the way. */
  async #conclude(id, method, r, endpoint, answered, legacy) {
    switch (r.kind) {
      case "answered":
        if (!answered)
          this.#fail(
            id,
            RPC.internalError,
            `Quarry ended its answer to ${method} without a result (HTTP ${r.status})`
          );
        return;
      case "refused":
        return this.#relayRefusal(id, r.status, r.body, legacy);
      case "unreachable":
        return this.#fail(
          id,
          RPC.internalError,
          `The connection to Quarry broke while sending ${method} (${r.detail}); it may or may not have run`
        );
      case "broken": {
        if (answered) return;
        const next = await this.#link?.refresh(endpoint);
        if (!next || "error" in next)
          throw staleRefusal(
            next?.error ?? bridgeErrors.appNotRunning("it stopped while answering this request")
          );
        return this.#fail(
          id,
          RPC.internalError,
          `Quarry's answer to ${method} broke off (${r.detail})`
        );
      }
    }
  }
  /** A non-2xx answer of the app: its JSON-RPC error as it is (it names its layer). */
  #relayRefusal(id, status, body, legacy) {
    const seen = appRefusal(status, body, id);
    if (seen.kind === "too-old") this.#refuse(id, seen.error);
    else if (seen.kind === "bare")
      this.#fail(
        id,
        RPC.internalError,
        `Quarry answered HTTP ${status} without a JSON-RPC message`
      );
    else {
      if (status === 401 || status >= 500)
        this.#deps.log(`Quarry refused a request: ${describe(seen.message)}`);
      this.#deps.write(legacy ? forLegacyClient(seen.message) : seen.message);
    }
  }
  #refuse(id, e) {
    if (e instanceof Refusal) this.#write(id, e.code, e.error);
    else if (isQuarryError(e)) this.#write(id, codeOf(e), e);
    else
      this.#fail(
        id,
        RPC.internalError,
        `Internal error in quarry-mcp: ${e instanceof Error ? e.message : String(e)}`
      );
  }
  #write(id, code, e) {
    this.#deps.log(`${e.message}. ${e.remedy}`);
    this.#deps.write(bridgeError(id, code, e));
  }
  /** A protocol-level refusal by the bridge (bad input, a broken answer). */
  #fail(id, code, message, data = {}) {
    const text = `${message} (refused by the stdio bridge quarry-mcp)`;
    this.#deps.log(text);
    this.#deps.write(rpcError(id, code, { message: text, data: { layer: "bridge", ...data } }));
  }
  #logFailure(e) {
    const qe = asQuarryError(e);
    this.#deps.log(`${qe.message}. ${qe.remedy}`);
  }
};

// src/bridge/upstream.ts
import { randomBytes } from "node:crypto";
import { Agent, request } from "node:http";

// src/bridge/sse.ts
var SseReader = class {
  #buffer = "";
  #data = [];
  #pendingCr = false;
  /** Feeds a chunk; returns the data of the events it completed. */
  push(chunk) {
    let text = chunk;
    if (this.#pendingCr && text.startsWith("\n")) text = text.slice(1);
    this.#pendingCr = false;
    this.#buffer += text;
    const events = [];
    let start = 0;
    for (let i = 0; i < this.#buffer.length; i++) {
      const c = this.#buffer.charCodeAt(i);
      if (c !== 10 && c !== 13) continue;
      this.#line(this.#buffer.slice(start, i), events);
      if (c === 13) {
        if (i + 1 < this.#buffer.length) {
          if (this.#buffer.charCodeAt(i + 1) === 10) i++;
        } else this.#pendingCr = true;
      }
      start = i + 1;
    }
    this.#buffer = this.#buffer.slice(start);
    return events;
  }
  /** At the end of the stream: an event not closed by a blank line is dropped, as the format says. */
  end() {
    this.#buffer = "";
    this.#data = [];
    return [];
  }
  #line(line, events) {
    if (line === "") {
      if (this.#data.length) events.push(this.#data.join("\n"));
      this.#data = [];
      return;
    }
    if (line.startsWith(":")) return;
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    if (field !== "data") return;
    let value = colon < 0 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    this.#data.push(value);
  }
};

// src/bridge/verbatim.ts
var texts = /* @__PURE__ */ new WeakMap();
function keepText(message, text) {
  const line = text.trim();
  if (message !== null && typeof message === "object" && !/[\r\n]/.test(line))
    texts.set(message, line);
}
function lineOf(message) {
  return texts.get(message) ?? JSON.stringify(message);
}

// src/bridge/upstream.ts
var agent = new Agent({ keepAlive: true, maxSockets: 64, maxFreeSockets: 16 });
var CONNECT_TIMEOUT_MS = 5e3;
var MAX_SMALL_BODY = 1024 * 1024;
function post(target, body, headers, signal, onMessage) {
  return new Promise((resolve) => {
    let settled = false;
    let messages = 0;
    let responded = false;
    const finish = (r) => {
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
      headers: {
        ...headers,
        authorization: `Bearer ${target.token}`,
        "content-length": String(Buffer.byteLength(body))
      },
      timeout: CONNECT_TIMEOUT_MS
    });
    const onAbort = () => {
      req.destroy();
      finish({ kind: "aborted" });
    };
    if (signal.aborted) return onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    req.on("socket", (socket) => {
      if (socket.connecting) socket.once("connect", () => req.setTimeout(0));
      else req.setTimeout(0);
    });
    req.on("timeout", () => {
      req.destroy(new Error(`no connection within ${CONNECT_TIMEOUT_MS / 1e3} s`));
    });
    req.on("error", (e) => {
      if (signal.aborted) finish({ kind: "aborted" });
      else if (responded) finish({ kind: "broken", messages, detail: detailOf(e) });
      else finish(undelivered(e, req.reusedSocket));
    });
    req.on("response", (res) => {
      responded = true;
      const status = res.statusCode ?? 0;
      res.setEncoding("utf8");
      res.on("error", (e) => {
        if (!signal.aborted) finish({ kind: "broken", messages, detail: e.message });
      });
      if (status < 200 || status >= 300) {
        readRefusal(res, status).then(
          finish,
          (e) => finish({ kind: "broken", messages, detail: e.message })
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
var detailOf = (e) => e.code ? `${e.code}: ${e.message}` : e.message;
function undelivered(e, reusedSocket) {
  const notDelivered = e.code === "ECONNREFUSED" || e.code === "ENOTFOUND" || e.code === "EADDRNOTAVAIL" || reusedSocket && (e.code === "ECONNRESET" || e.code === "EPIPE");
  return {
    kind: "unreachable",
    sent: !notDelivered,
    refused: e.code === "ECONNREFUSED",
    detail: detailOf(e)
  };
}
async function readRefusal(res, status) {
  const retryAfter = retryAfterSeconds(res.headers["retry-after"]);
  const body = parseOr(await readSmall(res));
  return { kind: "refused", status, body, ...retryAfter !== void 0 ? { retryAfter } : {} };
}
function readMessages(res, deliver) {
  const parsed = (text2) => {
    const m = parseOr(text2);
    if (m !== void 0) deliver(m);
  };
  if (String(res.headers["content-type"] ?? "").startsWith("text/event-stream")) {
    const sse = new SseReader();
    res.on("data", (chunk) => {
      for (const data of sse.push(chunk)) parsed(data);
    });
    return;
  }
  let text = "";
  res.on("data", (chunk) => {
    text += chunk;
  });
  res.on("end", () => {
    if (!text.trim()) return;
    const m = parseOr(text);
    if (m === void 0) return;
    keepText(m, text);
    deliver(m);
  });
}
function parseOr(text) {
  try {
    return parseJsonExact(text);
  } catch {
    return void 0;
  }
}
function readSmall(res) {
  return new Promise((resolve, reject) => {
    let text = "";
    res.on("data", (chunk) => {
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
var PROOF_TIMEOUT_MS = 3e3;
function prove(handshake) {
  const challenge = randomBytes(32).toString("base64url");
  const body = JSON.stringify({ challenge });
  return new Promise((resolve) => {
    let done = false;
    const finish = (r) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(r);
    };
    const req = request({
      host: "127.0.0.1",
      port: handshake.port,
      path: PROOF_PATH,
      method: "POST",
      agent,
      headers: {
        "content-type": "application/json",
        accept: "application/json",
        "content-length": String(Buffer.byteLength(body))
      }
    });
    const timer = setTimeout(() => {
      req.destroy();
      finish({
        ok: false,
        listening: true,
        detail: `no answer to the challenge within ${PROOF_TIMEOUT_MS / 1e3} s`
      });
    }, PROOF_TIMEOUT_MS);
    req.on(
      "error",
      (e) => finish(
        e.code === "ECONNREFUSED" ? { ok: false, listening: false, detail: "nothing listens on its port" } : { ok: false, listening: true, detail: `the challenge failed (${e.code ?? e.message})` }
      )
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
              detail: `it answered the challenge with HTTP ${status}`
            });
          const answer = parseOr(text);
          if (!answer || typeof answer !== "object" || typeof answer.instanceId !== "string" || typeof answer.proof !== "string")
            return finish({ ok: false, listening: true, detail: "its answer is not a proof" });
          if (!verifyProof(handshake, challenge, answer))
            return finish({
              ok: false,
              listening: true,
              detail: answer.instanceId === handshake.instanceId ? "its proof is wrong" : "it is another Quarry instance"
            });
          finish({ ok: true });
        },
        (e) => finish({ ok: false, listening: true, detail: e.message })
      );
    });
    req.end(body);
  });
}
function closeConnections() {
  agent.destroy();
}
function retryAfterSeconds(v) {
  const n = Number(Array.isArray(v) ? v[0] : v);
  return v !== void 0 && Number.isInteger(n) && n >= 0 ? n : void 0;
}

// src/bridge/main.ts
var HELP = `quarry-mcp ${APP_VERSION}: the stdio bridge between an AI client and Quarry's MCP server.

An AI client runs it with no arguments and talks MCP (2026-07-28, or 2025-11-25 / 2025-06-18
through initialize) on its standard input and output. It finds the running Quarry through the
handshake file in Quarry's app data folder (launching Quarry in the background when it is not
running), checks that the endpoint proves it is that Quarry, and relays every request.

Print a client's configuration with: quarry mcp config <client>
`;
var MAX_LINE = 16 * 1024 * 1024;
function log(line) {
  process.stderr.write(`quarry-mcp: ${line}
`);
}
function tooLong() {
  return {
    jsonrpc: "2.0",
    id: null,
    error: {
      code: -32600,
      message: `Invalid request: a message is longer than ${MAX_LINE} bytes (refused by the stdio bridge quarry-mcp)`,
      data: { layer: "bridge" }
    }
  };
}
function main() {
  const arg = process.argv[2];
  if (arg === "--version" || arg === "-v") {
    process.stdout.write(`${APP_VERSION}
`);
    return;
  }
  if (arg === "--help" || arg === "-h") {
    process.stdout.write(HELP);
    return;
  }
  if (arg !== void 0) {
    log(`takes no arguments (got "${arg}"); see quarry-mcp --help`);
    process.exitCode = 2;
    return;
  }
  const env = process.env;
  let closing = false;
  const write = (message) => {
    if (closing && !process.stdout.writable) return;
    process.stdout.write(`${lineOf(message)}
`);
  };
  process.stdout.on("error", (e) => {
    if (e.code !== "EPIPE") log(`cannot write to the client: ${e.message}`);
    relay.abortAll();
    finish(0);
  });
  const relay = new Relay({ post, write, log, version: APP_VERSION });
  const link = new AppLink({
    dir: appDataDir(env),
    now: Date.now,
    log,
    prove,
    verify: relay.verify,
    plan: () => planForThisMachine(env),
    launch: (plan) => launch(plan, env)
  });
  relay.start(link);
  const input = new LineSplitter(MAX_LINE);
  process.stdin.setEncoding("utf8");
  process.stdin.on("data", (chunk) => {
    const { lines, overlong } = input.push(chunk);
    for (const line of lines) relay.handleLine(line);
    if (overlong) {
      log(`a message longer than ${MAX_LINE} bytes was dropped`);
      write(tooLong());
    }
  });
  process.stdin.on("end", () => {
    const last = input.end();
    if (last !== void 0) relay.handleLine(last);
    void relay.drain().then(() => finish(0));
  });
  const finish = (code) => {
    if (closing) return;
    closing = true;
    closeConnections();
    process.exitCode = code;
    setImmediate(() => process.exit(code));
  };
  for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"])
    process.once(signal, () => {
      relay.abortAll();
      finish(0);
    });
}
main();
//# sourceMappingURL=bridge.js.map
