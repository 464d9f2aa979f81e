import { createRequire as __cr } from "node:module"; const require = __cr(import.meta.url);
var __defProp = Object.defineProperty;
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};

// src/core/errors.ts
var QuarryError = class extends Error {
  code;
  /** What to do, in the command line's words (its commands and flags); MCP clients get it too. */
  remedy;
  /**
   * What to do in the UI's words (its screens and buttons), where `remedy` names commands or
   * flags; absent when `remedy` suits both. The UI's API sends this one (`remedyFor`).
   */
  uiRemedy;
  /** Structured facts for the UI or an MCP client (field names, HTTP status...). Never secrets. */
  details;
  constructor(code, message, remedy, details = {}, uiRemedy) {
    super(message);
    this.name = "QuarryError";
    this.code = code;
    this.remedy = remedy;
    this.uiRemedy = uiRemedy;
    this.details = details;
  }
  toJSON() {
    return {
      code: this.code,
      message: this.message,
      remedy: this.remedy,
      details: { ...this.details }
    };
  }
};
var isQuarryError = (e) => e instanceof QuarryError || e instanceof Error && e.name === "QuarryError" && typeof e.code === "string" && typeof e.remedy === "string" && typeof e.toJSON === "function";
function remedyFor(e, surface) {
  return surface === "ui" ? e.uiRemedy ?? e.remedy : e.remedy;
}
function errorFor(e, surface) {
  return { ...e.toJSON(), remedy: remedyFor(e, surface) };
}
var errors = {
  invalidConfig: (field, problem, remedy, uiRemedy) => new QuarryError("invalid_config", `${field}: ${problem}`, remedy, { field }, uiRemedy),
  connectionFailed: (reason, remedy, details = {}) => new QuarryError("connection_failed", `Connection failed: ${reason}`, remedy, details),
  permissionDenied: (reason, remedy, details = {}) => new QuarryError("permission_denied", `Permission denied: ${reason}`, remedy, details),
  // Local storage and saved connections. Paths are named; contents never are.
  storageFailed: (message, remedy, details = {}, uiRemedy) => new QuarryError("storage_failed", message, remedy, details, uiRemedy),
  connectionNotFound: (idOrName, known) => new QuarryError(
    "connection_not_found",
    `No saved connection is named "${idOrName}"`,
    known.length ? `Use one of: ${known.join(", ")} (quarry connections list), or pass a URL such as http://localhost:9200.` : "No connections are saved yet. Add one with quarry connections add, or pass a URL such as http://localhost:9200.",
    { connection: idOrName, known },
    "It may have been removed meanwhile: choose a connection on the Connections screen."
  ),
  connectionExists: (name, existing) => new QuarryError(
    "connection_exists",
    `A saved connection is already named "${existing}"`,
    `Names are unique (ignoring case). Choose another name than "${name}", or edit the existing connection.`,
    { name, existing }
  ),
  /** `saved`: whether the connection exists (kept until the driver is back) or was being created. */
  driverNotInstalled: (type, connection, saved = true) => new QuarryError(
    "driver_not_installed",
    `The connection "${connection}" needs the ${type} driver, which is not installed`,
    saved ? `Install the driver (quarry plugins install ${type}); the connection is kept until then.` : `Install the driver (quarry plugins install ${type}), then add the connection again; nothing was saved.`,
    { type, connection },
    saved ? `Install the driver in Settings > Plugins; the connection is kept until then.` : `Install the driver in Settings > Plugins, then add the connection again; nothing was saved.`
  ),
  // Driver plugins and the app process.
  pluginUnavailable: (what, remedy, details = {}, uiRemedy) => new QuarryError("plugin_unavailable", what, remedy, details, uiRemedy),
  pluginDownloadFailed: (id, url, reason) => new QuarryError(
    "plugin_download_failed",
    `Downloading the ${id} plugin from ${url} failed: ${reason}`,
    `Nothing was installed. Check the network, or the catalog address (QUARRY_PLUGIN_CATALOG), and try again: quarry plugins install ${id}.`,
    { plugin: id, url },
    "Nothing was installed. Check the network, then press Install again."
  ),
  pluginIntegrityFailed: (id, where, expected, actual) => new QuarryError(
    "plugin_integrity_failed",
    `The ${id} plugin ${where} does not match its SHA-256 (expected ${expected.slice(0, 12)}\u2026, got ${actual.slice(0, 12)}\u2026)`,
    `Quarry refused to load it. Reinstall it from the catalog (quarry plugins install ${id} --force); if this repeats, the catalog or its mirror serves a damaged or altered file.`,
    { plugin: id, expected, actual },
    "Quarry refused to load it. Remove it in Settings > Plugins and install it again; if this repeats, the catalog or its mirror serves a damaged or altered file."
  ),
  pluginLoadFailed: (id, reason, remedy, uiRemedy) => new QuarryError(
    "plugin_load_failed",
    `The ${id} plugin cannot be loaded: ${reason}`,
    remedy ?? `Quarry keeps running without it. Reinstall it (quarry plugins install ${id} --force) or update it (quarry plugins update ${id}).`,
    { plugin: id },
    uiRemedy ?? (remedy === void 0 ? "Quarry keeps running without it. Update it in Settings > Plugins, or remove it and install it again." : void 0)
  ),
  catalogUnavailable: (url, reason, remedy, uiRemedy) => new QuarryError(
    "catalog_unavailable",
    `The plugin catalog at ${url} cannot be read: ${reason}`,
    remedy ?? "Check the catalog's address (QUARRY_PLUGIN_CATALOG, or quarry plugins catalog), or reset it to use the catalog shipped with Quarry (quarry plugins catalog --reset).",
    { url },
    uiRemedy ?? (remedy === void 0 ? "Check the network and reload Settings > Plugins. The catalog's address is set outside the UI (QUARRY_PLUGIN_CATALOG, or the quarry plugins catalog command)." : void 0)
  ),
  /** The app's local HTTP server refused a request (wrong host, foreign origin, missing key). */
  requestRefused: (message, remedy) => new QuarryError("request_refused", message, remedy),
  appNotResponding: (pid, reason) => new QuarryError(
    "app_not_responding",
    `The running Quarry${pid ? ` (process ${pid})` : ""} does not answer: ${reason}`,
    "Wait a moment and try again; if it stays stuck, end it with quarry stop --force.",
    { pid }
  ),
  // Browsing: tables, columns, filters, sorting and paging.
  unknownColumn: (table, column, known) => new QuarryError(
    "invalid_input",
    `"${table}" has no column "${column}"`,
    `Use one of its columns (quarry describe <conn> ${table}): ${known.slice(0, 30).join(", ")}${known.length > 30 ? ", \u2026" : ""}.`,
    { table, column },
    `Choose one of its columns: ${known.slice(0, 30).join(", ")}${known.length > 30 ? ", \u2026" : ""}.`
  ),
  /**
   * A part of a request that does not have the shape it must have: sent by a program (the UI's
   * page, an MCP client), never typed by a person, so it names the part and the shape.
   */
  malformedInput: (what, shape) => new QuarryError("invalid_input", `${what} is not ${shape}`, `Send ${shape}.`, { what }),
  /** A name that is not well-formed text: no index, alias or id holds one, no URL carries one. */
  illFormedName: (name) => new QuarryError(
    "invalid_input",
    `${JSON.stringify(name)} is not a valid name: it holds a lone UTF-16 surrogate (half of a character)`,
    "Check the name: index names, aliases and document ids are well-formed text.",
    { name }
  ),
  badFilter: (column, problem, remedy, uiRemedy) => new QuarryError(
    "invalid_input",
    `Filter on "${column}": ${problem}`,
    remedy,
    { column },
    uiRemedy
  ),
  /** Filter `row` (counted from 1, in the order given) needs a value and has none. */
  emptyFilterValue: (row, column, op) => new QuarryError(
    "invalid_input",
    `Filter ${row} (${column} ${op}) has no value`,
    `Give it a value, or remove the filter. The operators exists and missing take none: missing finds the documents without ${column}.`,
    { column, row }
  ),
  badSort: (column, problem, remedy) => new QuarryError("invalid_input", `Sort on "${column}": ${problem}`, remedy, { column }),
  badPaging: (problem, remedy) => new QuarryError("invalid_input", `Paging: ${problem}`, remedy),
  /** A console request from an MCP client that ran past its timeout (it was cancelled). */
  requestTimedOut: (seconds) => new QuarryError(
    "cluster_error",
    `The request did not finish within ${seconds} s and was cancelled`,
    "Narrow it (a filter, a smaller size, fewer aggregations) or raise timeout_seconds (at most 300).",
    { timeoutSeconds: seconds }
  ),
  unauthenticated: (reason, details = {}) => new QuarryError(
    "unauthenticated",
    `Unauthenticated: ${reason}`,
    "Send Authorization: Bearer <token> with a live token (quarry tokens list; quarry tokens create). The stdio bridge re-reads its token from the handshake file on its own.",
    details
  ),
  rateLimited: (reason, retryAfterSeconds, remedy) => new QuarryError(
    "rate_limited",
    `Rate limited: ${reason}`,
    remedy ?? `Wait ${retryAfterSeconds} s and try again.`,
    { retryAfterSeconds }
  ),
  // Edits, the console, index deletion, bulk delete and export.
  changesRefused: (refusals) => new QuarryError(
    "changes_refused",
    `Nothing was saved: ${refusals.length} edit${refusals.length === 1 ? "" : "s"} cannot be written (${refusals.slice(0, 3).map((r) => `${r.row}${r.column ? ` \u203A ${r.column}` : ""}: ${r.message}`).join("; ")}${refusals.length > 3 ? "; \u2026" : ""})`,
    "Undo or fix the edits named here, then save again; the other edits are kept.",
    { refusals }
  ),
  /** Spec 1: the cluster's `_sql` endpoint is unreachable from Quarry. */
  sqlRefused: (path) => new QuarryError(
    "console_refused",
    `${path} goes to the _sql endpoint, which Quarry does not reach: Quarry browses with the query DSL`,
    'Write the request with the query DSL, e.g. GET /<index>/_search with {"query": {"match": {"field": "text"}}}, or filter the table in the grid.',
    { path }
  ),
  /** A console path that would leave the connection's host (credentials must never go elsewhere). */
  hostEscape: (path) => new QuarryError(
    "console_refused",
    `"${path}" is not a path on this cluster: it would send the request (and the connection's credentials) to another host`,
    "Write the path relative to the cluster, starting with a single /, e.g. /my-index/_search. To reach another cluster, use a connection to it.",
    { path }
  ),
  confirmationMismatch: (expected, got) => new QuarryError(
    "confirmation_mismatch",
    `Nothing was deleted: the confirmed request "${got}" is not the request to send ("${expected}")`,
    "Ask for the deletion again and confirm exactly the request it shows.",
    { expected, got }
  ),
  exportRefused: (message, remedy, details = {}) => new QuarryError("export_refused", message, remedy, details),
  exportInterrupted: (reason, written, expected, checkpoint, note) => new QuarryError(
    "export_interrupted",
    `The export stopped after ${written} of ${expected} documents: ${reason}`,
    `Run the same export again with resume (quarry export \u2026 --resume): it continues after the last completed batch, without duplicates.${note ? ` ${note}` : ""} The checkpoint is ${checkpoint}.`,
    { written, expected, checkpoint },
    "Export again once the cause is fixed: the dialog starts every export anew."
  ),
  /** An export written through to a stream (standard output, a FIFO, a device) stopped. */
  exportStreamStopped: (target, reason, written, expected) => new QuarryError(
    "export_interrupted",
    `The export to ${target} stopped after ${written} of ${expected} documents: ${reason}`,
    `What was written is incomplete. Export again in full: an export to ${target} cannot be resumed (only one to a file of its own can).`,
    { written, expected, out: target }
  ),
  exportStreamIncomplete: (target, written, expected) => new QuarryError(
    "export_incomplete",
    `The export wrote ${written} documents to ${target} but the cluster counted ${expected} for the same query`,
    "The output is incomplete. Export again; if the counts differ again, check the cluster's shard health (GET /_cluster/health).",
    { written, expected, out: target }
  ),
  exportIncomplete: (written, expected, partial) => new QuarryError(
    "export_incomplete",
    `The export wrote ${written} documents but the cluster counted ${expected} for the same query`,
    `The file was kept as ${partial} for inspection and not given the final name. Export again; if the counts differ again, check the cluster's shard health (GET /_cluster/health).`,
    { written, expected, partial },
    "Export again; if the counts differ again, check the cluster's shard health (GET /_cluster/health in the console)."
  )
};

// src/app/storage/paths.ts
import { chmod, mkdir, stat } from "node:fs/promises";
import { homedir } from "node:os";
import { isAbsolute, join, resolve } from "node:path";
function appDataDir(env = process.env, platform = process.platform) {
  const override = env.QUARRY_HOME?.trim();
  if (override) return resolve(override);
  const home = env.HOME?.trim() || homedir();
  if (platform === "darwin") return join(home, "Library", "Application Support", "Quarry");
  if (platform === "win32") {
    return join(env.APPDATA?.trim() || join(home, "AppData", "Roaming"), "Quarry");
  }
  const xdg = env.XDG_DATA_HOME?.trim();
  const base = xdg && isAbsolute(xdg) ? xdg : join(home, ".local", "share");
  return join(base, "quarry");
}
async function ensureAppDataDir(env = process.env) {
  return ensurePrivateDir(appDataDir(env));
}
async function ensurePrivateDir(dir) {
  try {
    await mkdir(dir, { recursive: true, mode: 448 });
  } catch (e) {
    throw errors.storageFailed(
      `Cannot create the app data folder ${dir}: ${fsReason(e)}`,
      "Check that the parent folder exists and is writable, or set QUARRY_HOME to a folder you can write.",
      { path: dir }
    );
  }
  const st = await stat(dir);
  if (!st.isDirectory()) {
    throw errors.storageFailed(
      `The app data folder ${dir} is not a folder`,
      "Move the file aside, or set QUARRY_HOME to another folder.",
      { path: dir }
    );
  }
  if (process.platform === "win32") return dir;
  const uid = process.getuid?.();
  if (uid !== void 0 && st.uid !== uid) {
    throw errors.storageFailed(
      `The app data folder ${dir} belongs to another user (uid ${st.uid}, you are uid ${uid})`,
      `Run Quarry as that folder's owner, give it to yourself (chown -R ${uid} "${dir}"), or set QUARRY_HOME to a folder you own.`,
      { path: dir, owner: st.uid }
    );
  }
  if ((st.mode & 511) !== 448) await chmod(dir, 448);
  return dir;
}
function fsReason(e) {
  const err = e;
  if (err?.code) return `${err.code} (${err.message.replace(/^[A-Z]+: /, "").split(",")[0]})`;
  return err instanceof Error ? err.message : String(e);
}

// package.json
var package_default = {
  name: "quarry",
  version: "0.1.0",
  description: "A local-first Elasticsearch client with a safe local MCP server for AI agents",
  type: "module",
  private: true,
  license: "MIT",
  engines: {
    node: ">=22.18"
  },
  bin: {
    quarry: "bin/quarry",
    "quarry-mcp": "bin/quarry-mcp"
  },
  scripts: {
    start: "node scripts/start.ts",
    "build:web": "node scripts/build-web.ts",
    test: "node scripts/test.ts",
    "es:up": "node scripts/es.ts up",
    "es:down": "node scripts/es.ts down",
    "es:status": "node scripts/es.ts status",
    "build:plugins": "node scripts/build-plugins.ts",
    lint: "biome check .",
    format: "biome format --write .",
    typecheck: "tsc --noEmit -p .",
    prestart: "sh scripts/ensure-deps.sh",
    pretest: "sh scripts/ensure-deps.sh",
    "bench:browse": "node bench/browse/run.ts",
    "bench:mcp": "node bench/mcp/run.ts",
    "bench:export": "node bench/export/run.ts",
    "bench:copy": "node bench/copy/run.ts",
    "bench:import": "node bench/import/run.ts",
    "bench:bridge": "node bench/bridge/run.ts",
    "bench:mcp-tasks": "node bench/mcp-tasks/run.ts"
  },
  devDependencies: {
    "@biomejs/biome": "2.6.8",
    "@codemirror/autocomplete": "6.20.4",
    "@codemirror/commands": "6.11.1",
    "@codemirror/lang-json": "6.0.2",
    "@codemirror/language": "6.13.1",
    "@codemirror/lint": "6.9.8",
    "@codemirror/state": "6.7.6",
    "@codemirror/view": "6.43.15",
    "@elastic/mcp-server-elasticsearch": "0.3.1",
    "@elastic/request-converter-8": "npm:@elastic/request-converter@8.19.1",
    "@elastic/request-converter-9": "npm:@elastic/request-converter@9.5.0",
    "@modelcontextprotocol/client": "2.4.0",
    "@modelcontextprotocol/conformance": "0.1.16",
    "@modelcontextprotocol/sdk": "1.13.2",
    "@types/node": "24.19.2",
    "@types/react": "19.3.0",
    "@types/react-dom": "19.3.0",
    "@vitejs/plugin-react": "6.3.0",
    "ag-grid-community": "36.2.0",
    "ag-grid-react": "36.2.0",
    elasticdump: "6.125.1",
    esbuild: "0.28.2",
    node: "24.21.0",
    "playwright-core": "1.65.1",
    react: "19.3.1",
    "react-dom": "19.3.1",
    typescript: "5.9.3",
    vite: "8.3.8",
    yaml: "2.9.1"
  },
  dependencies: {
    "@hono/node-server": "2.1.9",
    "@modelcontextprotocol/node": "2.1.2",
    "@modelcontextprotocol/server": "2.4.0",
    "@napi-rs/keyring": "2.1.2",
    commander: "15.1.0",
    "csv-parse": "7.0.3",
    hono: "4.13.19",
    "stream-json": "3.8.0",
    tar: "7.5.23",
    undici: "8.12.4",
    zod: "4.6.7"
  },
  allowScripts: {
    node: true
  }
};

// src/app/process/version.ts
var APP_VERSION = package_default.version;

// src/core/exact-json.ts
var json = JSON;
var INTEGER_TEXT = /^-?\d+$/;
function keepExact(_key, value, context) {
  if (typeof value !== "number" || Number.isSafeInteger(value)) return value;
  const source = context.source;
  return source !== void 0 && INTEGER_TEXT.test(source) ? json.rawJSON(source) : value;
}
function holdsRoundedInteger(value) {
  if (typeof value === "number") return Number.isInteger(value) && !Number.isSafeInteger(value);
  if (typeof value !== "object" || value === null) return false;
  if (Array.isArray(value)) {
    for (const item of value) if (holdsRoundedInteger(item)) return true;
    return false;
  }
  for (const key in value)
    if (holdsRoundedInteger(value[key])) return true;
  return false;
}
function parseJsonExact(text) {
  const value = JSON.parse(text);
  return holdsRoundedInteger(value) ? json.parse(text, keepExact) : value;
}
function displayValue(value) {
  if (typeof value === "string") return value;
  try {
    const text = JSON.stringify(value);
    if (text !== void 0) return text.length > 200 ? `${text.slice(0, 200)}\u2026` : text;
  } catch {
  }
  return typeof value === "object" && value !== null ? "(an object)" : String(value);
}

// src/core/tokens.ts
var TOKEN_SCOPES = ["read-only", "read-write", "full-access"];
var TOKEN_SCOPE_LABELS = {
  "read-only": "Read Only",
  "read-write": "Read & Write",
  "full-access": "Full Access"
};
var TOKEN_SCOPE_WIRE_NAMES = {
  "read-only": "readOnly",
  "read-write": "readWrite",
  "full-access": "fullAccess"
};
function scopeAllows(scope, need) {
  const rank = TOKEN_SCOPES.indexOf(scope);
  const needed = need === "read" ? 0 : need === "write" ? 1 : 2;
  return rank >= needed;
}
function parseScope(input) {
  const s = input.trim();
  for (const scope of TOKEN_SCOPES) {
    if (s === scope || s === TOKEN_SCOPE_WIRE_NAMES[scope]) return scope;
    if (s.toLowerCase() === TOKEN_SCOPE_LABELS[scope].toLowerCase()) return scope;
  }
  return void 0;
}
function tokenStatus(t, nowMs) {
  if (t.revokedAt) return "revoked";
  if (t.expiresAt && Date.parse(t.expiresAt) <= nowMs) return "expired";
  return "active";
}
var TOKEN_USE_RESOLUTION_MS = 6e4;
function shouldRecordUse(lastUsedMs, nowMs) {
  if (lastUsedMs === null || !Number.isFinite(lastUsedMs)) return true;
  return nowMs - lastUsedMs >= TOKEN_USE_RESOLUTION_MS || nowMs < lastUsedMs;
}
var TOKEN_PREFIX = "qry_";
var TOKEN_RANDOM_BYTES = 32;
var TOKEN_PUBLIC_PREFIX_LENGTH = TOKEN_PREFIX.length + 8;
function looksLikeToken(s) {
  return /^qry_[A-Za-z0-9_-]{43}$/.test(s);
}
function publicPrefix(token) {
  return token.slice(0, TOKEN_PUBLIC_PREFIX_LENGTH);
}
var BRIDGE_TOKEN_NAME = "__stdio_bridge__";
var BRIDGE_TOKEN_SCOPE = "read-write";
var BRIDGE_TOKEN_LIFETIME_MS = 60 * 6e4;
var BRIDGE_TOKEN_ROTATE_BEFORE_MS = 15 * 6e4;
var BRIDGE_TOKEN_TIMES = {
  lifetimeMs: BRIDGE_TOKEN_LIFETIME_MS,
  rotateBeforeMs: BRIDGE_TOKEN_ROTATE_BEFORE_MS
};
function bridgeTokenSchedule(mintedAtMs, times = BRIDGE_TOKEN_TIMES) {
  if (times.rotateBeforeMs >= times.lifetimeMs || times.rotateBeforeMs < 0) {
    throw new RangeError("the bridge token must be rotated within its lifetime");
  }
  const expiresAt = mintedAtMs + times.lifetimeMs;
  return { expiresAt, rotateAt: expiresAt - times.rotateBeforeMs };
}
var NAME_MAX = 64;
function tokenNameProblem(name) {
  const n = name.trim();
  if (!n) return "is empty";
  if (n.length > NAME_MAX) return `is longer than ${NAME_MAX} characters`;
  if (/[\u0000-\u001f\u007f]/.test(n)) return "contains a control character";
  if (n.startsWith("__")) return "starts with __, which Quarry keeps for its own tokens";
  if (looksLikeToken(n)) return "looks like a token";
  return void 0;
}
var UNIT_MS = {
  m: 6e4,
  h: 60 * 6e4,
  d: 24 * 60 * 6e4,
  w: 7 * 24 * 60 * 6e4
};
function parseLifetime(input) {
  const s = input.trim().toLowerCase();
  if (s === "never" || s === "none") return null;
  const m = /^(\d{1,6})\s*([mhdw])$/.exec(s);
  if (!m) return void 0;
  const ms = Number(m[1]) * (UNIT_MS[m[2]] ?? 0);
  return ms > 0 ? ms : void 0;
}

// src/core/mcp-handshake.ts
import { createHmac, timingSafeEqual } from "node:crypto";
var HANDSHAKE_FILE = "mcp-handshake.json";
var HANDSHAKE_FORMAT = 1;
var PROOF_PATH = "/mcp/proof";
function isValidChallenge(challenge) {
  return typeof challenge === "string" && /^[A-Za-z0-9_-]{16,128}$/.test(challenge);
}
function handshakeProof(proofKey, instanceId, port, challenge) {
  return createHmac("sha256", Buffer.from(proofKey, "base64url")).update(`quarry-mcp-proof/1
${instanceId}
${port}
${challenge}`).digest("base64url");
}
function verifyProof(handshake, challenge, answer) {
  if (answer.instanceId !== handshake.instanceId || typeof answer.proof !== "string") return false;
  const expected = Buffer.from(
    handshakeProof(handshake.proofKey, handshake.instanceId, handshake.port, challenge)
  );
  const actual = Buffer.from(answer.proof);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

export {
  __export,
  QuarryError,
  isQuarryError,
  remedyFor,
  errorFor,
  errors,
  appDataDir,
  ensureAppDataDir,
  ensurePrivateDir,
  fsReason,
  APP_VERSION,
  parseJsonExact,
  displayValue,
  TOKEN_SCOPES,
  TOKEN_SCOPE_LABELS,
  scopeAllows,
  parseScope,
  tokenStatus,
  shouldRecordUse,
  TOKEN_PREFIX,
  TOKEN_RANDOM_BYTES,
  looksLikeToken,
  publicPrefix,
  BRIDGE_TOKEN_NAME,
  BRIDGE_TOKEN_SCOPE,
  BRIDGE_TOKEN_TIMES,
  bridgeTokenSchedule,
  tokenNameProblem,
  parseLifetime,
  HANDSHAKE_FILE,
  HANDSHAKE_FORMAT,
  PROOF_PATH,
  isValidChallenge,
  handshakeProof,
  verifyProof
};
//# sourceMappingURL=chunk-3MZKSTKQ.js.map
