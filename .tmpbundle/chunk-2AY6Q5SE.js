import { createRequire as __cr } from "node:module"; const require = __cr(import.meta.url);
import {
  APP_VERSION,
  HANDSHAKE_FILE,
  QuarryError,
  TOKEN_PREFIX,
  TOKEN_RANDOM_BYTES,
  appDataDir,
  ensureAppDataDir,
  ensurePrivateDir,
  errorFor,
  errors,
  fsReason,
  isQuarryError,
  looksLikeToken,
  parseJsonExact,
  publicPrefix,
  remedyFor,
  scopeAllows,
  shouldRecordUse,
  tokenNameProblem,
  tokenStatus
} from "./chunk-3MZKSTKQ.js";

// src/app/plugins/catalog.ts
import { join as join2 } from "node:path";
import { pathToFileURL } from "node:url";

// src/core/plugin.ts
var PLUGIN_API_VERSION = 2;
var MANIFEST_FILE = "quarry-plugin.json";
var ID = /^[a-z0-9][a-z0-9-]{0,63}$/;
var VERSION = /^(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/;
var SHA256 = /^[0-9a-f]{64}$/;
var PluginFormatError = class extends Error {
  name = "PluginFormatError";
};
function object(value, what) {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new PluginFormatError(`${what} is not a JSON object`);
  }
  return value;
}
function text(o, key, what, pattern) {
  const v2 = o[key];
  if (typeof v2 !== "string" || v2.trim() === "") {
    throw new PluginFormatError(`${what}: "${key}" must be a non-empty string`);
  }
  if (pattern && !pattern.test(v2)) {
    throw new PluginFormatError(`${what}: "${key}" has an invalid value "${v2.slice(0, 80)}"`);
  }
  return v2;
}
function positiveInteger(o, key, what) {
  const v2 = o[key];
  if (typeof v2 !== "number" || !Number.isInteger(v2) || v2 <= 0) {
    throw new PluginFormatError(`${what}: "${key}" must be a positive integer`);
  }
  return v2;
}
function common(o, what) {
  const id = text(o, "id", what, ID);
  const where2 = `${what} of ${id}`;
  const driver = object(o.driver, `${where2}: "driver"`);
  return {
    id,
    name: text(o, "name", where2),
    version: text(o, "version", where2, VERSION),
    apiVersion: positiveInteger(o, "apiVersion", where2),
    driver: {
      type: text(driver, "type", `${where2}: driver`, ID),
      displayName: text(driver, "displayName", `${where2}: driver`)
    },
    description: typeof o.description === "string" ? o.description : ""
  };
}
function parseManifest(value) {
  const o = object(value, "The manifest");
  const base = common(o, "The manifest");
  const main = text(o, "main", `The manifest of ${base.id}`);
  if (main.startsWith("/") || main.split(/[\\/]/).includes("..") || !/\.m?js$/.test(main)) {
    throw new PluginFormatError(
      `The manifest of ${base.id}: "main" must be a .js file inside the archive, not "${main}"`
    );
  }
  return { ...base, main: main.replace(/^\.\//, "") };
}
function parseCatalog(value) {
  const o = object(value, "The catalog");
  if (o.catalogVersion !== 1) {
    throw new PluginFormatError(
      `The catalog has format version ${JSON.stringify(o.catalogVersion)}; this Quarry reads version 1`
    );
  }
  if (!Array.isArray(o.plugins)) throw new PluginFormatError(`The catalog has no "plugins" list`);
  const seen = /* @__PURE__ */ new Set();
  const plugins = o.plugins.map((raw, i) => {
    const e = object(raw, `Catalog entry ${i + 1}`);
    const base = common(e, `Catalog entry ${i + 1}`);
    if (seen.has(base.id)) throw new PluginFormatError(`The catalog lists ${base.id} twice`);
    seen.add(base.id);
    const where2 = `Catalog entry ${base.id}`;
    return {
      ...base,
      url: text(e, "url", where2),
      sha256: text(e, "sha256", where2, SHA256),
      size: positiveInteger(e, "size", where2)
    };
  });
  return { catalogVersion: 1, plugins };
}
function compareVersions(a, b2) {
  const pa = VERSION.exec(a);
  const pb = VERSION.exec(b2);
  if (!pa || !pb) return a.localeCompare(b2);
  for (let i = 1; i <= 3; i++) {
    const d = Number(pa[i]) - Number(pb[i]);
    if (d !== 0) return Math.sign(d);
  }
  const ra = pa[4];
  const rb = pb[4];
  if (ra === rb) return 0;
  if (ra === void 0) return 1;
  if (rb === void 0) return -1;
  const xa = ra.split(".");
  const xb = rb.split(".");
  for (let i = 0; i < Math.max(xa.length, xb.length); i++) {
    const sa = xa[i];
    const sb = xb[i];
    if (sa === void 0) return -1;
    if (sb === void 0) return 1;
    const na = /^\d+$/.test(sa);
    const nb = /^\d+$/.test(sb);
    if (na && nb && Number(sa) !== Number(sb)) return Math.sign(Number(sa) - Number(sb));
    if (na !== nb) return na ? -1 : 1;
    if (sa !== sb) return sa < sb ? -1 : 1;
  }
  return 0;
}
var DRIVER_FUNCTIONS = [
  "validateConfig",
  "connect",
  "validateSecrets",
  "secretFields",
  "describeEndpoint"
];
function checkPluginDriver(value, manifest) {
  if (typeof value !== "object" || value === null) {
    throw new PluginFormatError("activate() did not return a driver object");
  }
  const d = value;
  if (d.type !== manifest.driver.type) {
    throw new PluginFormatError(
      `it provides the driver type ${JSON.stringify(d.type)}, but its manifest promises "${manifest.driver.type}"`
    );
  }
  const missing = DRIVER_FUNCTIONS.filter((f2) => typeof d[f2] !== "function");
  if (missing.length) {
    throw new PluginFormatError(`its driver lacks ${missing.join(", ")}`);
  }
  return value;
}

// src/app/storage/atomic-write.ts
import { randomBytes } from "node:crypto";
import {
  lstat,
  open,
  readdir,
  readFile,
  readlink,
  realpath,
  rename,
  rm,
  stat
} from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
var inFlight = /* @__PURE__ */ new Set();
var LEFTOVER_AGE_MS = 10 * 6e4;
function tempPrefix(target) {
  return `.${basename(target)}.`;
}
async function replaceable(path) {
  const link2 = await lstat(path).catch(() => void 0);
  if (!link2) return path;
  let target = path;
  if (link2.isSymbolicLink()) {
    target = await realpath(path).catch(
      async () => (
        // A link to a file not made yet: that file is the one to write.
        resolve(dirname(path), await readlink(path))
      )
    );
  }
  const st2 = target === path ? link2 : await stat(target).catch(() => void 0);
  if (st2 && !st2.isFile()) {
    throw errors.storageFailed(
      `Cannot write ${path}: it is not a regular file (${st2.isDirectory() ? "a folder" : "a device, FIFO or socket"}), and Quarry never replaces one`,
      `Move it out of the way, then try again.`,
      { path }
    );
  }
  return target;
}
async function writeFileAtomic(given, data, options = {}) {
  const path = await replaceable(given);
  const mode = options.mode ?? 384;
  const dir = dirname(path);
  const tmp = join(dir, `${tempPrefix(path)}${process.pid}.${randomBytes(6).toString("hex")}.tmp`);
  inFlight.add(tmp);
  try {
    const handle = await open(tmp, "wx", mode);
    try {
      await handle.chmod(mode);
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(tmp, path);
  } catch (e) {
    await rm(tmp, { force: true }).catch(() => {
    });
    throw errors.storageFailed(
      `Cannot write ${path}: ${fsReason(e)}`,
      "Check that the folder is writable and the disk has space; the previous version of the file is unchanged.",
      { path }
    );
  } finally {
    inFlight.delete(tmp);
  }
  await syncDir(dir);
  await sweepLeftovers(path);
}
async function syncDir(dir) {
  let handle;
  try {
    handle = await open(dir, "r");
    await handle.sync();
  } catch {
  } finally {
    await handle?.close().catch(() => {
    });
  }
}
async function sweepLeftovers(target) {
  const dir = dirname(target);
  const prefix = tempPrefix(target);
  let names;
  try {
    names = await readdir(dir);
  } catch {
    return;
  }
  for (const name of names) {
    if (!name.startsWith(prefix) || !name.endsWith(".tmp")) continue;
    const full = join(dir, name);
    if (inFlight.has(full)) continue;
    const pid = Number(name.slice(prefix.length).split(".")[0]);
    const st2 = await stat(full).catch(() => void 0);
    if (!st2) continue;
    const old = Date.now() - st2.mtimeMs > LEFTOVER_AGE_MS;
    if (old || pid === process.pid || !isAlive(pid))
      await rm(full, { force: true }).catch(() => {
      });
  }
}
function isAlive(pid) {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === "EPERM";
  }
}
async function readJsonFile(path, fallback) {
  let text2;
  try {
    text2 = await readFile(path, "utf8");
  } catch (e) {
    if (e.code === "ENOENT") return fallback;
    throw errors.storageFailed(
      `Cannot read ${path}: ${fsReason(e)}`,
      "Check the file's owner and permissions (it should be yours and mode 0600).",
      { path }
    );
  }
  try {
    return JSON.parse(text2);
  } catch (e) {
    throw errors.storageFailed(
      `The file ${path} is not valid JSON (${where(text2, e)})`,
      `Quarry has not changed it. Repair it, or move it aside (e.g. rename it to ${basename(path)}.broken) and Quarry starts from an empty one.`,
      { path }
    );
  }
}
function where(text2, e) {
  if (text2.trim() === "") return "the file is empty";
  const m2 = /position (\d+)/.exec(e instanceof Error ? e.message : "");
  if (!m2) return "it ends too early or has a syntax error";
  const pos = Number(m2[1]);
  const before = text2.slice(0, pos);
  const line = before.split("\n").length;
  const column = pos - before.lastIndexOf("\n");
  return `syntax error at line ${line}, column ${column}`;
}

// src/app/plugins/fetch.ts
import { readFile as readFile2 } from "node:fs/promises";
import { fileURLToPath } from "node:url";
var FetchError = class extends Error {
  name = "FetchError";
};
var LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\]|localhost)$/i;
function checkAddress(address) {
  let url;
  try {
    url = new URL(address);
  } catch {
    throw new FetchError(`"${address}" is not an absolute URL`);
  }
  if (url.protocol === "https:" || url.protocol === "file:") return url;
  if (url.protocol === "http:") {
    if (LOOPBACK.test(url.hostname)) return url;
    throw new FetchError(
      "plain http:// is allowed only on this machine (127.0.0.1, localhost); use https://"
    );
  }
  throw new FetchError(
    `the scheme ${url.protocol} is not supported (use https:, or file: for a local mirror)`
  );
}
async function fetchBytes(address, options) {
  const url = checkAddress(address);
  if (url.protocol === "file:") {
    let data;
    try {
      data = await readFile2(fileURLToPath(url));
    } catch (e) {
      throw new FetchError(fsReason(e));
    }
    if (data.length > options.maxBytes) throw tooLarge(options.maxBytes);
    options.onProgress?.({ received: data.length, total: data.length });
    return data;
  }
  const signals = [AbortSignal.timeout(options.timeoutMs ?? 12e4)];
  if (options.signal) signals.push(options.signal);
  let res;
  try {
    res = await fetch(url, { signal: AbortSignal.any(signals), redirect: "follow" });
  } catch (e) {
    throw new FetchError(networkReason(e));
  }
  if (res.redirected) checkAddress(res.url);
  if (!res.ok) {
    await res.body?.cancel().catch(() => {
    });
    throw new FetchError(`the server answered ${res.status} ${res.statusText}`.trim());
  }
  const declared = Number(res.headers.get("content-length"));
  const total = Number.isFinite(declared) && declared > 0 ? declared : null;
  if (total !== null && total > options.maxBytes) {
    await res.body?.cancel().catch(() => {
    });
    throw tooLarge(options.maxBytes);
  }
  const chunks = [];
  let received = 0;
  options.onProgress?.({ received, total });
  try {
    for await (const chunk of res.body ?? []) {
      received += chunk.length;
      if (received > options.maxBytes) throw tooLarge(options.maxBytes);
      chunks.push(chunk);
      options.onProgress?.({ received, total });
    }
  } catch (e) {
    if (e instanceof FetchError) throw e;
    throw new FetchError(networkReason(e));
  }
  return Buffer.concat(chunks);
}
function tooLarge(max) {
  return new FetchError(`the answer is larger than ${max} bytes`);
}
function networkReason(e) {
  const err = e;
  if (err?.name === "TimeoutError") return "it took too long (timed out)";
  if (err?.name === "AbortError") return "cancelled";
  const cause = err?.cause;
  if (cause?.code) return `${cause.code}${cause.message ? ` (${cause.message})` : ""}`;
  return err?.message ?? String(e);
}

// src/app/plugins/catalog.ts
var PACKAGE_ROOT = join2(import.meta.dirname, "..", "..", "..");
var SHIPPED_CATALOG_DIR = join2(PACKAGE_ROOT, "dist", "plugins");
var SHIPPED_CATALOG_FILE = join2(SHIPPED_CATALOG_DIR, "catalog.json");
var CATALOG_ENV = "QUARRY_PLUGIN_CATALOG";
var PLUGINS_DIR = "plugins";
var SETTINGS_FILE = "settings.json";
var CATALOG_MAX_BYTES = 1024 * 1024;
function normalizeCatalogAddress(address) {
  const trimmed = address.trim();
  if (/^[a-z][a-z0-9+.-]*:/i.test(trimmed)) {
    try {
      return checkAddress(trimmed).href;
    } catch (e) {
      throw errors.catalogUnavailable(trimmed, e.message);
    }
  }
  return pathToFileURL(trimmed).href;
}
function pluginsDir(dataDir) {
  return join2(dataDir, PLUGINS_DIR);
}
async function catalogLocation(dataDir, env = process.env) {
  const fromEnv = env[CATALOG_ENV]?.trim();
  if (fromEnv) return { url: normalizeCatalogAddress(fromEnv), source: "environment" };
  const settings = await readJsonFile(join2(pluginsDir(dataDir), SETTINGS_FILE), {});
  if (typeof settings.catalogUrl === "string" && settings.catalogUrl) {
    return { url: normalizeCatalogAddress(settings.catalogUrl), source: "setting" };
  }
  return { url: pathToFileURL(SHIPPED_CATALOG_FILE).href, source: "shipped" };
}
async function saveCatalogSetting(dataDir, address) {
  const dir = await ensurePrivateDir(pluginsDir(dataDir));
  const settings = address ? { catalogUrl: normalizeCatalogAddress(address) } : {};
  await writeFileAtomic(join2(dir, SETTINGS_FILE), `${JSON.stringify(settings, null, 2)}
`, {
    mode: 384
  });
}
async function readCatalog(location) {
  let bytes;
  try {
    bytes = await fetchBytes(location.url, { maxBytes: CATALOG_MAX_BYTES, timeoutMs: 3e4 });
  } catch (e) {
    if (location.source === "shipped") {
      throw errors.catalogUnavailable(
        location.url,
        e.message,
        "This build has no plugin catalog yet. In a source checkout run npm run build:plugins (npm start and npm test do it for you); or point Quarry at a catalog with QUARRY_PLUGIN_CATALOG or quarry plugins catalog <url>.",
        "This build has no plugin catalog yet: it is built with Quarry (npm start does it in a source checkout). Start Quarry that way, then reload Settings > Plugins."
      );
    }
    throw errors.catalogUnavailable(location.url, e.message);
  }
  let value;
  try {
    value = JSON.parse(bytes.toString("utf8"));
  } catch {
    throw errors.catalogUnavailable(location.url, "it is not valid JSON");
  }
  try {
    const catalog = parseCatalog(value);
    return {
      location,
      plugins: catalog.plugins.map((entry) => {
        const archiveUrl = new URL(entry.url, location.url).href;
        checkAddress(archiveUrl);
        return { ...entry, archiveUrl };
      })
    };
  } catch (e) {
    if (e instanceof PluginFormatError || e instanceof FetchError) {
      throw errors.catalogUnavailable(location.url, e.message);
    }
    throw e;
  }
}

// src/app/plugins/memory-modules.ts
import { registerHooks } from "node:module";
var pending = /* @__PURE__ */ new Map();
var loads = 0;
var registered = false;
function register() {
  if (registered) return;
  registered = true;
  registerHooks({
    resolve: (specifier, context, next2) => pending.has(specifier) ? { url: specifier, format: "module", shortCircuit: true } : next2(specifier, context),
    load: (url, context, next2) => {
      const source = pending.get(url);
      if (source === void 0) return next2(url, context);
      pending.delete(url);
      return { format: "module", source, shortCircuit: true };
    }
  });
}
async function importFromMemory(code2, name) {
  register();
  const url = `quarry-plugin:///${++loads}/${encodeURIComponent(name)}`;
  pending.set(url, code2);
  try {
    return await import(url);
  } finally {
    pending.delete(url);
  }
}

// src/app/plugins/loader.ts
var ACTIVATE_TIMEOUT_MS = 1e4;
function withTimeout(promise, what) {
  let timer;
  const timeout = new Promise((_2, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what} did not finish within ${ACTIVATE_TIMEOUT_MS / 1e3} s`)),
      ACTIVATE_TIMEOUT_MS
    );
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
function describe(e) {
  if (isQuarryError(e)) return e.message;
  if (e instanceof Error) return `${e.name}: ${e.message}`;
  return String(e);
}
async function activatePlugin(files, manifest, host) {
  const id = manifest.id;
  if (manifest.apiVersion !== PLUGIN_API_VERSION) {
    throw errors.pluginLoadFailed(
      id,
      `it was built for plugin API ${manifest.apiVersion}, and this Quarry speaks ${PLUGIN_API_VERSION}`,
      `Update the plugin (quarry plugins update ${id}), or install the Quarry version it was built for.`,
      "Update the plugin in Settings > Plugins, or install the Quarry version it was built for."
    );
  }
  const code2 = files.get(manifest.main);
  let mod;
  try {
    mod = await withTimeout(
      importFromMemory(code2, `${id}/${manifest.main}`),
      "importing it"
    );
  } catch (e) {
    throw errors.pluginLoadFailed(id, `its code does not load (${describe(e)})`);
  }
  if (typeof mod.activate !== "function") {
    throw errors.pluginLoadFailed(id, `its main module exports no activate() function`);
  }
  let driver;
  try {
    driver = await withTimeout(Promise.resolve(mod.activate(host)), "activate()");
  } catch (e) {
    throw errors.pluginLoadFailed(id, `activate() failed (${describe(e)})`);
  }
  try {
    return checkPluginDriver(driver, manifest);
  } catch (e) {
    throw errors.pluginLoadFailed(id, e.message);
  }
}

// src/app/plugins/archive.ts
import { createHash } from "node:crypto";

// node_modules/tar/dist/esm/index.min.js
import Qr from "events";
import I from "fs";
import { EventEmitter as Di } from "node:events";
import Cs from "node:stream";
import { StringDecoder as Hr } from "node:string_decoder";
import cr from "node:path";
import Kt from "node:fs";
import { dirname as Fn, parse as kn } from "path";
import { EventEmitter as Dn } from "events";
import zi from "assert";
import { Buffer as Ot } from "buffer";
import * as Ps from "zlib";
import en from "zlib";
import { posix as Zt } from "node:path";
import { basename as _n } from "node:path";
import mi from "fs";
import X from "fs";
import js from "path";
import { win32 as Pn } from "node:path";
import ar from "path";
import Br from "node:fs";
import co from "node:assert";
import { randomBytes as Mr } from "node:crypto";
import u from "node:fs";
import R from "node:path";
import pr from "fs";
import wi from "node:fs";
import we from "node:path";
import k from "node:fs";
import ro from "node:fs/promises";
import Si from "node:path";
import { join as xr } from "node:path";
import v from "node:fs";
import Pr from "node:path";
var zr = Object.defineProperty;
var Ur = (s3, t) => {
  for (var e in t) zr(s3, e, { get: t[e], enumerable: true });
};
var Ds = typeof process == "object" && process ? process : { stdout: null, stderr: null };
var Wr = (s3) => !!s3 && typeof s3 == "object" && (s3 instanceof A || s3 instanceof Cs || Gr(s3) || Zr(s3));
var Gr = (s3) => !!s3 && typeof s3 == "object" && s3 instanceof Di && typeof s3.pipe == "function" && s3.pipe !== Cs.Writable.prototype.pipe;
var Zr = (s3) => !!s3 && typeof s3 == "object" && s3 instanceof Di && typeof s3.write == "function" && typeof s3.end == "function";
var Q = /* @__PURE__ */ Symbol("EOF");
var J = /* @__PURE__ */ Symbol("maybeEmitEnd");
var nt = /* @__PURE__ */ Symbol("emittedEnd");
var De = /* @__PURE__ */ Symbol("emittingEnd");
var qt = /* @__PURE__ */ Symbol("emittedError");
var Ne = /* @__PURE__ */ Symbol("closed");
var Ns = /* @__PURE__ */ Symbol("read");
var Ae = /* @__PURE__ */ Symbol("flush");
var As = /* @__PURE__ */ Symbol("flushChunk");
var z = /* @__PURE__ */ Symbol("encoding");
var Mt = /* @__PURE__ */ Symbol("decoder");
var g = /* @__PURE__ */ Symbol("flowing");
var Qt = /* @__PURE__ */ Symbol("paused");
var Bt = /* @__PURE__ */ Symbol("resume");
var b = /* @__PURE__ */ Symbol("buffer");
var N = /* @__PURE__ */ Symbol("pipes");
var _ = /* @__PURE__ */ Symbol("bufferLength");
var bi = /* @__PURE__ */ Symbol("bufferPush");
var Ie = /* @__PURE__ */ Symbol("bufferShift");
var L = /* @__PURE__ */ Symbol("objectMode");
var S = /* @__PURE__ */ Symbol("destroyed");
var _i = /* @__PURE__ */ Symbol("error");
var Oi = /* @__PURE__ */ Symbol("emitData");
var Is = /* @__PURE__ */ Symbol("emitEnd");
var Ti = /* @__PURE__ */ Symbol("emitEnd2");
var Z = /* @__PURE__ */ Symbol("async");
var xi = /* @__PURE__ */ Symbol("abort");
var Ce = /* @__PURE__ */ Symbol("aborted");
var Jt = /* @__PURE__ */ Symbol("signal");
var Rt = /* @__PURE__ */ Symbol("dataListeners");
var C = /* @__PURE__ */ Symbol("discarded");
var jt = (s3) => Promise.resolve().then(s3);
var Yr = (s3) => s3();
var Kr = (s3) => s3 === "end" || s3 === "finish" || s3 === "prefinish";
var Vr = (s3) => s3 instanceof ArrayBuffer || !!s3 && typeof s3 == "object" && s3.constructor && s3.constructor.name === "ArrayBuffer" && s3.byteLength >= 0;
var $r = (s3) => !Buffer.isBuffer(s3) && ArrayBuffer.isView(s3);
var Fe = class {
  src;
  dest;
  opts;
  ondrain;
  constructor(t, e, i) {
    this.src = t, this.dest = e, this.opts = i, this.ondrain = () => t[Bt](), this.dest.on("drain", this.ondrain);
  }
  unpipe() {
    this.dest.removeListener("drain", this.ondrain);
  }
  proxyErrors(t) {
  }
  end() {
    this.unpipe(), this.opts.end && this.dest.end();
  }
};
var Li = class extends Fe {
  unpipe() {
    this.src.removeListener("error", this.proxyErrors), super.unpipe();
  }
  constructor(t, e, i) {
    super(t, e, i), this.proxyErrors = (r) => this.dest.emit("error", r), t.on("error", this.proxyErrors);
  }
};
var Xr = (s3) => !!s3.objectMode;
var qr = (s3) => !s3.objectMode && !!s3.encoding && s3.encoding !== "buffer";
var A = class extends Di {
  [g] = false;
  [Qt] = false;
  [N] = [];
  [b] = [];
  [L];
  [z];
  [Z];
  [Mt];
  [Q] = false;
  [nt] = false;
  [De] = false;
  [Ne] = false;
  [qt] = null;
  [_] = 0;
  [S] = false;
  [Jt];
  [Ce] = false;
  [Rt] = 0;
  [C] = false;
  writable = true;
  readable = true;
  constructor(...t) {
    let e = t[0] || {};
    if (super(), e.objectMode && typeof e.encoding == "string") throw new TypeError("Encoding and objectMode may not be used together");
    Xr(e) ? (this[L] = true, this[z] = null) : qr(e) ? (this[z] = e.encoding, this[L] = false) : (this[L] = false, this[z] = null), this[Z] = !!e.async, this[Mt] = this[z] ? new Hr(this[z]) : null, e && e.debugExposeBuffer === true && Object.defineProperty(this, "buffer", { get: () => this[b] }), e && e.debugExposePipes === true && Object.defineProperty(this, "pipes", { get: () => this[N] });
    let { signal: i } = e;
    i && (this[Jt] = i, i.aborted ? this[xi]() : i.addEventListener("abort", () => this[xi]()));
  }
  get bufferLength() {
    return this[_];
  }
  get encoding() {
    return this[z];
  }
  set encoding(t) {
    throw new Error("Encoding must be set at instantiation time");
  }
  setEncoding(t) {
    throw new Error("Encoding must be set at instantiation time");
  }
  get objectMode() {
    return this[L];
  }
  set objectMode(t) {
    throw new Error("objectMode must be set at instantiation time");
  }
  get async() {
    return this[Z];
  }
  set async(t) {
    this[Z] = this[Z] || !!t;
  }
  [xi]() {
    this[Ce] = true, this.emit("abort", this[Jt]?.reason), this.destroy(this[Jt]?.reason);
  }
  get aborted() {
    return this[Ce];
  }
  set aborted(t) {
  }
  write(t, e, i) {
    if (this[Ce]) return false;
    if (this[Q]) throw new Error("write after end");
    if (this[S]) return this.emit("error", Object.assign(new Error("Cannot call write after a stream was destroyed"), { code: "ERR_STREAM_DESTROYED" })), true;
    typeof e == "function" && (i = e, e = "utf8"), e || (e = "utf8");
    let r = this[Z] ? jt : Yr;
    if (!this[L] && !Buffer.isBuffer(t)) {
      if ($r(t)) t = Buffer.from(t.buffer, t.byteOffset, t.byteLength);
      else if (Vr(t)) t = Buffer.from(t);
      else if (typeof t != "string") throw new Error("Non-contiguous data written to non-objectMode stream");
    }
    return this[L] ? (this[g] && this[_] !== 0 && this[Ae](true), this[g] ? this.emit("data", t) : this[bi](t), this[_] !== 0 && this.emit("readable"), i && r(i), this[g]) : t.length ? (typeof t == "string" && !(e === this[z] && !this[Mt]?.lastNeed) && (t = Buffer.from(t, e)), Buffer.isBuffer(t) && this[z] && (t = this[Mt].write(t)), this[g] && this[_] !== 0 && this[Ae](true), this[g] ? this.emit("data", t) : this[bi](t), this[_] !== 0 && this.emit("readable"), i && r(i), this[g]) : (this[_] !== 0 && this.emit("readable"), i && r(i), this[g]);
  }
  read(t) {
    if (this[S]) return null;
    if (this[C] = false, this[_] === 0 || t === 0 || t && t > this[_]) return this[J](), null;
    this[L] && (t = null), this[b].length > 1 && !this[L] && (this[b] = [this[z] ? this[b].join("") : Buffer.concat(this[b], this[_])]);
    let e = this[Ns](t || null, this[b][0]);
    return this[J](), e;
  }
  [Ns](t, e) {
    if (this[L]) this[Ie]();
    else {
      let i = e;
      t === i.length || t === null ? this[Ie]() : typeof i == "string" ? (this[b][0] = i.slice(t), e = i.slice(0, t), this[_] -= t) : (this[b][0] = i.subarray(t), e = i.subarray(0, t), this[_] -= t);
    }
    return this.emit("data", e), !this[b].length && !this[Q] && this.emit("drain"), e;
  }
  end(t, e, i) {
    return typeof t == "function" && (i = t, t = void 0), typeof e == "function" && (i = e, e = "utf8"), t !== void 0 && this.write(t, e), i && this.once("end", i), this[Q] = true, this.writable = false, (this[g] || !this[Qt]) && this[J](), this;
  }
  [Bt]() {
    this[S] || (!this[Rt] && !this[N].length && (this[C] = true), this[Qt] = false, this[g] = true, this.emit("resume"), this[b].length ? this[Ae]() : this[Q] ? this[J]() : this.emit("drain"));
  }
  resume() {
    return this[Bt]();
  }
  pause() {
    this[g] = false, this[Qt] = true, this[C] = false;
  }
  get destroyed() {
    return this[S];
  }
  get flowing() {
    return this[g];
  }
  get paused() {
    return this[Qt];
  }
  [bi](t) {
    this[L] ? this[_] += 1 : this[_] += t.length, this[b].push(t);
  }
  [Ie]() {
    return this[L] ? this[_] -= 1 : this[_] -= this[b][0].length, this[b].shift();
  }
  [Ae](t = false) {
    do
      ;
    while (this[As](this[Ie]()) && this[b].length);
    !t && !this[b].length && !this[Q] && this.emit("drain");
  }
  [As](t) {
    return this.emit("data", t), this[g];
  }
  pipe(t, e) {
    if (this[S]) return t;
    this[C] = false;
    let i = this[nt];
    return e = e || {}, t === Ds.stdout || t === Ds.stderr ? e.end = false : e.end = e.end !== false, e.proxyErrors = !!e.proxyErrors, i ? e.end && t.end() : (this[N].push(e.proxyErrors ? new Li(this, t, e) : new Fe(this, t, e)), this[Z] ? jt(() => this[Bt]()) : this[Bt]()), t;
  }
  unpipe(t) {
    let e = this[N].find((i) => i.dest === t);
    e && (this[N].length === 1 ? (this[g] && this[Rt] === 0 && (this[g] = false), this[N] = []) : this[N].splice(this[N].indexOf(e), 1), e.unpipe());
  }
  addListener(t, e) {
    return this.on(t, e);
  }
  on(t, e) {
    let i = super.on(t, e);
    if (t === "data") this[C] = false, this[Rt]++, !this[N].length && !this[g] && this[Bt]();
    else if (t === "readable" && this[_] !== 0) super.emit("readable");
    else if (Kr(t) && this[nt]) super.emit(t), this.removeAllListeners(t);
    else if (t === "error" && this[qt]) {
      let r = e;
      this[Z] ? jt(() => r.call(this, this[qt])) : r.call(this, this[qt]);
    }
    return i;
  }
  removeListener(t, e) {
    return this.off(t, e);
  }
  off(t, e) {
    let i = super.off(t, e);
    return t === "data" && (this[Rt] = this.listeners("data").length, this[Rt] === 0 && !this[C] && !this[N].length && (this[g] = false)), i;
  }
  removeAllListeners(t) {
    let e = super.removeAllListeners(t);
    return (t === "data" || t === void 0) && (this[Rt] = 0, !this[C] && !this[N].length && (this[g] = false)), e;
  }
  get emittedEnd() {
    return this[nt];
  }
  [J]() {
    !this[De] && !this[nt] && !this[S] && this[b].length === 0 && this[Q] && (this[De] = true, this.emit("end"), this.emit("prefinish"), this.emit("finish"), this[Ne] && this.emit("close"), this[De] = false);
  }
  emit(t, ...e) {
    let i = e[0];
    if (t !== "error" && t !== "close" && t !== S && this[S]) return false;
    if (t === "data") return !this[L] && !i ? false : this[Z] ? (jt(() => this[Oi](i)), true) : this[Oi](i);
    if (t === "end") return this[Is]();
    if (t === "close") {
      if (this[Ne] = true, !this[nt] && !this[S]) return false;
      let n = super.emit("close");
      return this.removeAllListeners("close"), n;
    } else if (t === "error") {
      this[qt] = i, super.emit(_i, i);
      let n = !this[Jt] || this.listeners("error").length ? super.emit("error", i) : false;
      return this[J](), n;
    } else if (t === "resume") {
      let n = super.emit("resume");
      return this[J](), n;
    } else if (t === "finish" || t === "prefinish") {
      let n = super.emit(t);
      return this.removeAllListeners(t), n;
    }
    let r = super.emit(t, ...e);
    return this[J](), r;
  }
  [Oi](t) {
    for (let i of this[N]) i.dest.write(t) === false && this.pause();
    let e = this[C] ? false : super.emit("data", t);
    return this[J](), e;
  }
  [Is]() {
    return this[nt] ? false : (this[nt] = true, this.readable = false, this[Z] ? (jt(() => this[Ti]()), true) : this[Ti]());
  }
  [Ti]() {
    if (this[Mt]) {
      let e = this[Mt].end();
      if (e) {
        for (let i of this[N]) i.dest.write(e);
        this[C] || super.emit("data", e);
      }
    }
    for (let e of this[N]) e.end();
    let t = super.emit("end");
    return this.removeAllListeners("end"), t;
  }
  async collect() {
    let t = Object.assign([], { dataLength: 0 });
    this[L] || (t.dataLength = 0);
    let e = this.promise();
    return this.on("data", (i) => {
      t.push(i), this[L] || (t.dataLength += i.length);
    }), await e, t;
  }
  async concat() {
    if (this[L]) throw new Error("cannot concat in objectMode");
    let t = await this.collect();
    return this[z] ? t.join("") : Buffer.concat(t, t.dataLength);
  }
  async promise() {
    return new Promise((t, e) => {
      this.on(S, () => e(new Error("stream destroyed"))), this.on("error", (i) => e(i)), this.on("end", () => t());
    });
  }
  [Symbol.asyncIterator]() {
    this[C] = false;
    let t = false, e = async () => (this.pause(), t = true, { value: void 0, done: true });
    return { next: () => {
      if (t) return e();
      let r = this.read();
      if (r !== null) return Promise.resolve({ done: false, value: r });
      if (this[Q]) return e();
      let n, o, h = (d) => {
        this.off("data", a), this.off("end", l), this.off(S, c), e(), o(d);
      }, a = (d) => {
        this.off("error", h), this.off("end", l), this.off(S, c), this.pause(), n({ value: d, done: !!this[Q] });
      }, l = () => {
        this.off("error", h), this.off("data", a), this.off(S, c), e(), n({ done: true, value: void 0 });
      }, c = () => h(new Error("stream destroyed"));
      return new Promise((d, y) => {
        o = y, n = d, this.once(S, c), this.once("error", h), this.once("end", l), this.once("data", a);
      });
    }, throw: e, return: e, [Symbol.asyncIterator]() {
      return this;
    }, [Symbol.asyncDispose]: async () => {
    } };
  }
  [Symbol.iterator]() {
    this[C] = false;
    let t = false, e = () => (this.pause(), this.off(_i, e), this.off(S, e), this.off("end", e), t = true, { done: true, value: void 0 }), i = () => {
      if (t) return e();
      let r = this.read();
      return r === null ? e() : { done: false, value: r };
    };
    return this.once("end", e), this.once(_i, e), this.once(S, e), { next: i, throw: e, return: e, [Symbol.iterator]() {
      return this;
    }, [Symbol.dispose]: () => {
    } };
  }
  destroy(t) {
    if (this[S]) return t ? this.emit("error", t) : this.emit(S), this;
    this[S] = true, this[C] = true, this[b].length = 0, this[_] = 0;
    let e = this;
    return typeof e.close == "function" && !this[Ne] && e.close(), t ? this.emit("error", t) : this.emit(S), this;
  }
  static get isStream() {
    return Wr;
  }
};
var Jr = I.writev;
var ht = /* @__PURE__ */ Symbol("_autoClose");
var H = /* @__PURE__ */ Symbol("_close");
var te = /* @__PURE__ */ Symbol("_ended");
var m = /* @__PURE__ */ Symbol("_fd");
var Ni = /* @__PURE__ */ Symbol("_finished");
var tt = /* @__PURE__ */ Symbol("_flags");
var Ai = /* @__PURE__ */ Symbol("_flush");
var ki = /* @__PURE__ */ Symbol("_handleChunk");
var vi = /* @__PURE__ */ Symbol("_makeBuf");
var ie = /* @__PURE__ */ Symbol("_mode");
var ke = /* @__PURE__ */ Symbol("_needDrain");
var Ut = /* @__PURE__ */ Symbol("_onerror");
var Ht = /* @__PURE__ */ Symbol("_onopen");
var Ii = /* @__PURE__ */ Symbol("_onread");
var Pt = /* @__PURE__ */ Symbol("_onwrite");
var at = /* @__PURE__ */ Symbol("_open");
var U = /* @__PURE__ */ Symbol("_path");
var ot = /* @__PURE__ */ Symbol("_pos");
var Y = /* @__PURE__ */ Symbol("_queue");
var zt = /* @__PURE__ */ Symbol("_read");
var Ci = /* @__PURE__ */ Symbol("_readSize");
var j = /* @__PURE__ */ Symbol("_reading");
var ee = /* @__PURE__ */ Symbol("_remain");
var Fi = /* @__PURE__ */ Symbol("_size");
var ve = /* @__PURE__ */ Symbol("_write");
var gt = /* @__PURE__ */ Symbol("_writing");
var Me = /* @__PURE__ */ Symbol("_defaultFlag");
var bt = /* @__PURE__ */ Symbol("_errored");
var _t = class extends A {
  [bt] = false;
  [m];
  [U];
  [Ci];
  [j] = false;
  [Fi];
  [ee];
  [ht];
  constructor(t, e) {
    if (e = e || {}, super(e), this.readable = true, this.writable = false, typeof t != "string") throw new TypeError("path must be a string");
    this[bt] = false, this[m] = typeof e.fd == "number" ? e.fd : void 0, this[U] = t, this[Ci] = e.readSize || 16 * 1024 * 1024, this[j] = false, this[Fi] = typeof e.size == "number" ? e.size : 1 / 0, this[ee] = this[Fi], this[ht] = typeof e.autoClose == "boolean" ? e.autoClose : true, typeof this[m] == "number" ? this[zt]() : this[at]();
  }
  get fd() {
    return this[m];
  }
  get path() {
    return this[U];
  }
  write() {
    throw new TypeError("this is a readable stream");
  }
  end() {
    throw new TypeError("this is a readable stream");
  }
  [at]() {
    I.open(this[U], "r", (t, e) => this[Ht](t, e));
  }
  [Ht](t, e) {
    t ? this[Ut](t) : (this[m] = e, this.emit("open", e), this[zt]());
  }
  [vi]() {
    return Buffer.allocUnsafe(Math.min(this[Ci], this[ee]));
  }
  [zt]() {
    if (!this[j]) {
      this[j] = true;
      let t = this[vi]();
      if (t.length === 0) return process.nextTick(() => this[Ii](null, 0, t));
      I.read(this[m], t, 0, t.length, null, (e, i, r) => this[Ii](e, i, r));
    }
  }
  [Ii](t, e, i) {
    this[j] = false, t ? this[Ut](t) : this[ki](e, i) && this[zt]();
  }
  [H]() {
    if (this[ht] && typeof this[m] == "number") {
      let t = this[m];
      this[m] = void 0, I.close(t, (e) => e ? this.emit("error", e) : this.emit("close"));
    }
  }
  [Ut](t) {
    this[j] = true, this[H](), this.emit("error", t);
  }
  [ki](t, e) {
    let i = false;
    return this[ee] -= t, t > 0 && (i = super.write(t < e.length ? e.subarray(0, t) : e)), (t === 0 || this[ee] <= 0) && (i = false, this[H](), super.end()), i;
  }
  emit(t, ...e) {
    switch (t) {
      case "prefinish":
      case "finish":
        return false;
      case "drain":
        return typeof this[m] == "number" && this[zt](), false;
      case "error":
        return this[bt] ? false : (this[bt] = true, super.emit(t, ...e));
      default:
        return super.emit(t, ...e);
    }
  }
};
var Be = class extends _t {
  [at]() {
    let t = true;
    try {
      this[Ht](null, I.openSync(this[U], "r")), t = false;
    } finally {
      t && this[H]();
    }
  }
  [zt]() {
    let t = true;
    try {
      if (!this[j]) {
        this[j] = true;
        do {
          let e = this[vi](), i = e.length === 0 ? 0 : I.readSync(this[m], e, 0, e.length, null);
          if (!this[ki](i, e)) break;
        } while (true);
        this[j] = false;
      }
      t = false;
    } finally {
      t && this[H]();
    }
  }
  [H]() {
    if (this[ht] && typeof this[m] == "number") {
      let t = this[m];
      this[m] = void 0, I.closeSync(t), this.emit("close");
    }
  }
};
var et = class extends Qr {
  readable = false;
  writable = true;
  [bt] = false;
  [gt] = false;
  [te] = false;
  [Y] = [];
  [ke] = false;
  [U];
  [ie];
  [ht];
  [m];
  [Me];
  [tt];
  [Ni] = false;
  [ot];
  constructor(t, e) {
    e = e || {}, super(e), this[U] = t, this[m] = typeof e.fd == "number" ? e.fd : void 0, this[ie] = e.mode === void 0 ? 438 : e.mode, this[ot] = typeof e.start == "number" ? e.start : void 0, this[ht] = typeof e.autoClose == "boolean" ? e.autoClose : true;
    let i = this[ot] !== void 0 ? "r+" : "w";
    this[Me] = e.flags === void 0, this[tt] = e.flags === void 0 ? i : e.flags, this[m] === void 0 && this[at]();
  }
  emit(t, ...e) {
    if (t === "error") {
      if (this[bt]) return false;
      this[bt] = true;
    }
    return super.emit(t, ...e);
  }
  get fd() {
    return this[m];
  }
  get path() {
    return this[U];
  }
  [Ut](t) {
    this[H](), this[gt] = true, this.emit("error", t);
  }
  [at]() {
    I.open(this[U], this[tt], this[ie], (t, e) => this[Ht](t, e));
  }
  [Ht](t, e) {
    this[Me] && this[tt] === "r+" && t && t.code === "ENOENT" ? (this[tt] = "w", this[at]()) : t ? this[Ut](t) : (this[m] = e, this.emit("open", e), this[gt] || this[Ai]());
  }
  end(t, e) {
    return t && this.write(t, e), this[te] = true, !this[gt] && !this[Y].length && typeof this[m] == "number" && this[Pt](null, 0), this;
  }
  write(t, e) {
    return typeof t == "string" && (t = Buffer.from(t, e)), this[te] ? (this.emit("error", new Error("write() after end()")), false) : this[m] === void 0 || this[gt] || this[Y].length ? (this[Y].push(t), this[ke] = true, false) : (this[gt] = true, this[ve](t), true);
  }
  [ve](t) {
    I.write(this[m], t, 0, t.length, this[ot], (e, i) => this[Pt](e, i));
  }
  [Pt](t, e) {
    t ? this[Ut](t) : (this[ot] !== void 0 && typeof e == "number" && (this[ot] += e), this[Y].length ? this[Ai]() : (this[gt] = false, this[te] && !this[Ni] ? (this[Ni] = true, this[H](), this.emit("finish")) : this[ke] && (this[ke] = false, this.emit("drain"))));
  }
  [Ai]() {
    if (this[Y].length === 0) this[te] && this[Pt](null, 0);
    else if (this[Y].length === 1) this[ve](this[Y].pop());
    else {
      let t = this[Y];
      this[Y] = [], Jr(this[m], t, this[ot], (e, i) => this[Pt](e, i));
    }
  }
  [H]() {
    if (this[ht] && typeof this[m] == "number") {
      let t = this[m];
      this[m] = void 0, I.close(t, (e) => e ? this.emit("error", e) : this.emit("close"));
    }
  }
};
var Wt = class extends et {
  [at]() {
    let t;
    if (this[Me] && this[tt] === "r+") try {
      t = I.openSync(this[U], this[tt], this[ie]);
    } catch (e) {
      if (e?.code === "ENOENT") return this[tt] = "w", this[at]();
      throw e;
    }
    else t = I.openSync(this[U], this[tt], this[ie]);
    this[Ht](null, t);
  }
  [H]() {
    if (this[ht] && typeof this[m] == "number") {
      let t = this[m];
      this[m] = void 0, I.closeSync(t), this.emit("close");
    }
  }
  [ve](t) {
    let e = true;
    try {
      this[Pt](null, I.writeSync(this[m], t, 0, t.length, this[ot])), e = false;
    } finally {
      if (e) try {
        this[H]();
      } catch {
      }
    }
  }
};
var jr = /* @__PURE__ */ new Map([["C", "cwd"], ["f", "file"], ["z", "gzip"], ["P", "preservePaths"], ["U", "unlink"], ["strip-components", "strip"], ["stripComponents", "strip"], ["keep-newer", "newer"], ["keepNewer", "newer"], ["keep-newer-files", "newer"], ["keepNewerFiles", "newer"], ["k", "keep"], ["keep-existing", "keep"], ["keepExisting", "keep"], ["m", "noMtime"], ["no-mtime", "noMtime"], ["p", "preserveOwner"], ["L", "follow"], ["h", "follow"], ["onentry", "onReadEntry"]]);
var Fs = (s3) => !!s3.sync && !!s3.file;
var ks = (s3) => !s3.sync && !!s3.file;
var vs = (s3) => !!s3.sync && !s3.file;
var Ms = (s3) => !s3.sync && !s3.file;
var Bs = (s3) => !!s3.file;
var tn = (s3) => {
  let t = jr.get(s3);
  return t || s3;
};
var se = (s3 = {}) => {
  if (!s3) return {};
  let t = {};
  for (let [e, i] of Object.entries(s3)) {
    let r = tn(e);
    t[r] = i;
  }
  return t.chmod === void 0 && t.noChmod === false && (t.chmod = true), delete t.noChmod, t;
};
var K = (s3, t, e, i, r) => Object.assign((n = [], o, h) => {
  Array.isArray(n) && (o = n, n = {}), typeof o == "function" && (h = o, o = void 0), o = o ? Array.from(o) : [];
  let a = se(n);
  if (r?.(a, o), Fs(a)) {
    if (typeof h == "function") throw new TypeError("callback not supported for sync tar functions");
    return s3(a, o);
  } else if (ks(a)) {
    let l = t(a, o);
    return h ? l.then(() => h(), h) : l;
  } else if (vs(a)) {
    if (typeof h == "function") throw new TypeError("callback not supported for sync tar functions");
    return e(a, o);
  } else if (Ms(a)) {
    if (typeof h == "function") throw new TypeError("callback only supported with file option");
    return i(a, o);
  }
  throw new Error("impossible options??");
}, { syncFile: s3, asyncFile: t, syncNoFile: e, asyncNoFile: i, validate: r });
var sn = en.constants || { ZLIB_VERNUM: 4736 };
var M = Object.freeze(Object.assign(/* @__PURE__ */ Object.create(null), { Z_NO_FLUSH: 0, Z_PARTIAL_FLUSH: 1, Z_SYNC_FLUSH: 2, Z_FULL_FLUSH: 3, Z_FINISH: 4, Z_BLOCK: 5, Z_OK: 0, Z_STREAM_END: 1, Z_NEED_DICT: 2, Z_ERRNO: -1, Z_STREAM_ERROR: -2, Z_DATA_ERROR: -3, Z_MEM_ERROR: -4, Z_BUF_ERROR: -5, Z_VERSION_ERROR: -6, Z_NO_COMPRESSION: 0, Z_BEST_SPEED: 1, Z_BEST_COMPRESSION: 9, Z_DEFAULT_COMPRESSION: -1, Z_FILTERED: 1, Z_HUFFMAN_ONLY: 2, Z_RLE: 3, Z_FIXED: 4, Z_DEFAULT_STRATEGY: 0, DEFLATE: 1, INFLATE: 2, GZIP: 3, GUNZIP: 4, DEFLATERAW: 5, INFLATERAW: 6, UNZIP: 7, BROTLI_DECODE: 8, BROTLI_ENCODE: 9, Z_MIN_WINDOWBITS: 8, Z_MAX_WINDOWBITS: 15, Z_DEFAULT_WINDOWBITS: 15, Z_MIN_CHUNK: 64, Z_MAX_CHUNK: 1 / 0, Z_DEFAULT_CHUNK: 16384, Z_MIN_MEMLEVEL: 1, Z_MAX_MEMLEVEL: 9, Z_DEFAULT_MEMLEVEL: 8, Z_MIN_LEVEL: -1, Z_MAX_LEVEL: 9, Z_DEFAULT_LEVEL: -1, BROTLI_OPERATION_PROCESS: 0, BROTLI_OPERATION_FLUSH: 1, BROTLI_OPERATION_FINISH: 2, BROTLI_OPERATION_EMIT_METADATA: 3, BROTLI_MODE_GENERIC: 0, BROTLI_MODE_TEXT: 1, BROTLI_MODE_FONT: 2, BROTLI_DEFAULT_MODE: 0, BROTLI_MIN_QUALITY: 0, BROTLI_MAX_QUALITY: 11, BROTLI_DEFAULT_QUALITY: 11, BROTLI_MIN_WINDOW_BITS: 10, BROTLI_MAX_WINDOW_BITS: 24, BROTLI_LARGE_MAX_WINDOW_BITS: 30, BROTLI_DEFAULT_WINDOW: 22, BROTLI_MIN_INPUT_BLOCK_BITS: 16, BROTLI_MAX_INPUT_BLOCK_BITS: 24, BROTLI_PARAM_MODE: 0, BROTLI_PARAM_QUALITY: 1, BROTLI_PARAM_LGWIN: 2, BROTLI_PARAM_LGBLOCK: 3, BROTLI_PARAM_DISABLE_LITERAL_CONTEXT_MODELING: 4, BROTLI_PARAM_SIZE_HINT: 5, BROTLI_PARAM_LARGE_WINDOW: 6, BROTLI_PARAM_NPOSTFIX: 7, BROTLI_PARAM_NDIRECT: 8, BROTLI_DECODER_RESULT_ERROR: 0, BROTLI_DECODER_RESULT_SUCCESS: 1, BROTLI_DECODER_RESULT_NEEDS_MORE_INPUT: 2, BROTLI_DECODER_RESULT_NEEDS_MORE_OUTPUT: 3, BROTLI_DECODER_PARAM_DISABLE_RING_BUFFER_REALLOCATION: 0, BROTLI_DECODER_PARAM_LARGE_WINDOW: 1, BROTLI_DECODER_NO_ERROR: 0, BROTLI_DECODER_SUCCESS: 1, BROTLI_DECODER_NEEDS_MORE_INPUT: 2, BROTLI_DECODER_NEEDS_MORE_OUTPUT: 3, BROTLI_DECODER_ERROR_FORMAT_EXUBERANT_NIBBLE: -1, BROTLI_DECODER_ERROR_FORMAT_RESERVED: -2, BROTLI_DECODER_ERROR_FORMAT_EXUBERANT_META_NIBBLE: -3, BROTLI_DECODER_ERROR_FORMAT_SIMPLE_HUFFMAN_ALPHABET: -4, BROTLI_DECODER_ERROR_FORMAT_SIMPLE_HUFFMAN_SAME: -5, BROTLI_DECODER_ERROR_FORMAT_CL_SPACE: -6, BROTLI_DECODER_ERROR_FORMAT_HUFFMAN_SPACE: -7, BROTLI_DECODER_ERROR_FORMAT_CONTEXT_MAP_REPEAT: -8, BROTLI_DECODER_ERROR_FORMAT_BLOCK_LENGTH_1: -9, BROTLI_DECODER_ERROR_FORMAT_BLOCK_LENGTH_2: -10, BROTLI_DECODER_ERROR_FORMAT_TRANSFORM: -11, BROTLI_DECODER_ERROR_FORMAT_DICTIONARY: -12, BROTLI_DECODER_ERROR_FORMAT_WINDOW_BITS: -13, BROTLI_DECODER_ERROR_FORMAT_PADDING_1: -14, BROTLI_DECODER_ERROR_FORMAT_PADDING_2: -15, BROTLI_DECODER_ERROR_FORMAT_DISTANCE: -16, BROTLI_DECODER_ERROR_DICTIONARY_NOT_SET: -19, BROTLI_DECODER_ERROR_INVALID_ARGUMENTS: -20, BROTLI_DECODER_ERROR_ALLOC_CONTEXT_MODES: -21, BROTLI_DECODER_ERROR_ALLOC_TREE_GROUPS: -22, BROTLI_DECODER_ERROR_ALLOC_CONTEXT_MAP: -25, BROTLI_DECODER_ERROR_ALLOC_RING_BUFFER_1: -26, BROTLI_DECODER_ERROR_ALLOC_RING_BUFFER_2: -27, BROTLI_DECODER_ERROR_ALLOC_BLOCK_TYPE_TREES: -30, BROTLI_DECODER_ERROR_UNREACHABLE: -31 }, sn));
var rn = Ot.concat;
var zs = Object.getOwnPropertyDescriptor(Ot, "concat");
var nn = (s3) => s3;
var Bi = zs?.writable === true || zs?.set !== void 0 ? (s3) => {
  Ot.concat = s3 ? nn : rn;
} : (s3) => {
};
var Tt = /* @__PURE__ */ Symbol("_superWrite");
var Gt = class extends Error {
  code;
  errno;
  constructor(t, e) {
    super("zlib: " + t.message, { cause: t }), this.code = t.code, this.errno = t.errno, this.code || (this.code = "ZLIB_ERROR"), this.message = "zlib: " + t.message, Error.captureStackTrace(this, e ?? this.constructor);
  }
  get name() {
    return "ZlibError";
  }
};
var Pi = /* @__PURE__ */ Symbol("flushFlag");
var re = class extends A {
  #t = false;
  #i = false;
  #s;
  #n;
  #r;
  #e;
  #o;
  get sawError() {
    return this.#t;
  }
  get handle() {
    return this.#e;
  }
  get flushFlag() {
    return this.#s;
  }
  constructor(t, e) {
    if (!t || typeof t != "object") throw new TypeError("invalid options for ZlibBase constructor");
    if (super(t), this.#s = t.flush ?? 0, this.#n = t.finishFlush ?? 0, this.#r = t.fullFlushFlag ?? 0, typeof Ps[e] != "function") throw new TypeError("Compression method not supported: " + e);
    try {
      this.#e = new Ps[e](t);
    } catch (i) {
      throw new Gt(i, this.constructor);
    }
    this.#o = (i) => {
      this.#t || (this.#t = true, this.close(), this.emit("error", i));
    }, this.#e?.on("error", (i) => this.#o(new Gt(i))), this.once("end", () => this.close);
  }
  close() {
    this.#e && (this.#e.close(), this.#e = void 0, this.emit("close"));
  }
  reset() {
    if (!this.#t) return zi(this.#e, "zlib binding closed"), this.#e.reset?.();
  }
  flush(t) {
    this.ended || (typeof t != "number" && (t = this.#r), this.write(Object.assign(Ot.alloc(0), { [Pi]: t })));
  }
  end(t, e, i) {
    return typeof t == "function" && (i = t, e = void 0, t = void 0), typeof e == "function" && (i = e, e = void 0), t && (e ? this.write(t, e) : this.write(t)), this.flush(this.#n), this.#i = true, super.end(i);
  }
  get ended() {
    return this.#i;
  }
  [Tt](t) {
    return super.write(t);
  }
  write(t, e, i) {
    if (typeof e == "function" && (i = e, e = "utf8"), typeof t == "string" && (t = Ot.from(t, e)), this.#t) return;
    zi(this.#e, "zlib binding closed");
    let r = this.#e._handle, n = r.close;
    r.close = () => {
    };
    let o = this.#e.close;
    this.#e.close = () => {
    }, Bi(true);
    let h;
    try {
      let l = typeof t[Pi] == "number" ? t[Pi] : this.#s;
      h = this.#e._processChunk(t, l), Bi(false);
    } catch (l) {
      Bi(false), this.#o(new Gt(l, this.write));
    } finally {
      this.#e && (this.#e._handle = r, r.close = n, this.#e.close = o, this.#e.removeAllListeners("error"));
    }
    this.#e && this.#e.on("error", (l) => this.#o(new Gt(l, this.write)));
    let a;
    if (h) if (Array.isArray(h) && h.length > 0) {
      let l = h[0];
      a = this[Tt](Ot.from(l));
      for (let c = 1; c < h.length; c++) a = this[Tt](h[c]);
    } else a = this[Tt](Ot.from(h));
    return i && i(), a;
  }
};
var Pe = class extends re {
  #t;
  #i;
  constructor(t, e) {
    t = t || {}, t.flush = t.flush || M.Z_NO_FLUSH, t.finishFlush = t.finishFlush || M.Z_FINISH, t.fullFlushFlag = M.Z_FULL_FLUSH, super(t, e), this.#t = t.level, this.#i = t.strategy;
  }
  params(t, e) {
    if (!this.sawError) {
      if (!this.handle) throw new Error("cannot switch params when binding is closed");
      if (!this.handle.params) throw new Error("not supported in this implementation");
      if (this.#t !== t || this.#i !== e) {
        this.flush(M.Z_SYNC_FLUSH), zi(this.handle, "zlib binding closed");
        let i = this.handle.flush;
        this.handle.flush = (r, n) => {
          typeof r == "function" && (n = r, r = this.flushFlag), this.flush(r), n?.();
        };
        try {
          this.handle.params(t, e);
        } finally {
          this.handle.flush = i;
        }
        this.handle && (this.#t = t, this.#i = e);
      }
    }
  }
};
var ze = class extends Pe {
  #t;
  constructor(t) {
    super(t, "Gzip"), this.#t = t && !!t.portable;
  }
  [Tt](t) {
    return this.#t ? (this.#t = false, t[9] = 255, super[Tt](t)) : super[Tt](t);
  }
};
var Ue = class extends Pe {
  constructor(t) {
    super(t, "Unzip");
  }
};
var He = class extends re {
  constructor(t, e) {
    t = t || {}, t.flush = t.flush || M.BROTLI_OPERATION_PROCESS, t.finishFlush = t.finishFlush || M.BROTLI_OPERATION_FINISH, t.fullFlushFlag = M.BROTLI_OPERATION_FLUSH, super(t, e);
  }
};
var We = class extends He {
  constructor(t) {
    super(t, "BrotliCompress");
  }
};
var Ge = class extends He {
  constructor(t) {
    super(t, "BrotliDecompress");
  }
};
var Ze = class extends re {
  constructor(t, e) {
    t = t || {}, t.flush = t.flush || M.ZSTD_e_continue, t.finishFlush = t.finishFlush || M.ZSTD_e_end, t.fullFlushFlag = M.ZSTD_e_flush, super(t, e);
  }
};
var Ye = class extends Ze {
  constructor(t) {
    super(t, "ZstdCompress");
  }
};
var Ke = class extends Ze {
  constructor(t) {
    super(t, "ZstdDecompress");
  }
};
var Us = (s3, t) => {
  if (Number.isSafeInteger(s3)) s3 < 0 ? an(s3, t) : hn(s3, t);
  else throw Error("cannot encode number outside of javascript safe integer range");
  return t;
};
var hn = (s3, t) => {
  t[0] = 128;
  for (var e = t.length; e > 1; e--) t[e - 1] = s3 & 255, s3 = Math.floor(s3 / 256);
};
var an = (s3, t) => {
  t[0] = 255;
  var e = false;
  s3 = s3 * -1;
  for (var i = t.length; i > 1; i--) {
    var r = s3 & 255;
    s3 = Math.floor(s3 / 256), e ? t[i - 1] = Ws(r) : r === 0 ? t[i - 1] = 0 : (e = true, t[i - 1] = Gs(r));
  }
};
var Hs = (s3) => {
  let t = s3[0], e = t === 128 ? cn(s3.subarray(1, s3.length)) : t === 255 ? ln(s3) : null;
  if (e === null) throw Error("invalid base256 encoding");
  if (!Number.isSafeInteger(e)) throw Error("parsed number outside of javascript safe integer range");
  return e;
};
var ln = (s3) => {
  for (var t = s3.length, e = 0, i = false, r = t - 1; r > -1; r--) {
    var n = Number(s3[r]), o;
    i ? o = Ws(n) : n === 0 ? o = n : (i = true, o = Gs(n)), o !== 0 && (e -= o * Math.pow(256, t - r - 1));
  }
  return e;
};
var cn = (s3) => {
  for (var t = s3.length, e = 0, i = t - 1; i > -1; i--) {
    var r = Number(s3[i]);
    r !== 0 && (e += r * Math.pow(256, t - i - 1));
  }
  return e;
};
var Ws = (s3) => (255 ^ s3) & 255;
var Gs = (s3) => (255 ^ s3) + 1 & 255;
var Hi = {};
Ur(Hi, { code: () => Ve, isCode: () => ne, isName: () => dn, name: () => oe, normalFsTypes: () => Ui });
var ne = (s3) => oe.has(s3);
var dn = (s3) => Ve.has(s3);
var Ui = /* @__PURE__ */ new Set(["0", "", "1", "2", "3", "4", "5", "6", "7", "D"]);
var oe = /* @__PURE__ */ new Map([["0", "File"], ["", "OldFile"], ["1", "Link"], ["2", "SymbolicLink"], ["3", "CharacterDevice"], ["4", "BlockDevice"], ["5", "Directory"], ["6", "FIFO"], ["7", "ContiguousFile"], ["g", "GlobalExtendedHeader"], ["x", "ExtendedHeader"], ["A", "SolarisACL"], ["D", "GNUDumpDir"], ["I", "Inode"], ["K", "NextFileHasLongLinkpath"], ["L", "NextFileHasLongPath"], ["M", "ContinuationFile"], ["N", "OldGnuLongPath"], ["S", "SparseFile"], ["V", "TapeVolumeHeader"], ["X", "OldExtendedHeader"]]);
var Ve = new Map(Array.from(oe).map((s3) => [s3[1], s3[0]]));
var un = (s3) => s3 === void 0 || s3 < 0 ? void 0 : s3;
var F = class {
  cksumValid = false;
  needPax = false;
  nullBlock = false;
  block;
  path;
  mode;
  uid;
  gid;
  size;
  cksum;
  #t = "Unsupported";
  linkpath;
  uname;
  gname;
  devmaj = 0;
  devmin = 0;
  atime;
  ctime;
  mtime;
  charset;
  comment;
  constructor(t, e = 0, i, r) {
    Buffer.isBuffer(t) ? this.decode(t, e || 0, i, r) : t && this.#i(t);
  }
  decode(t, e, i, r) {
    if (e || (e = 0), !t || !(t.length >= e + 512)) throw new Error("need 512 bytes for header");
    let n = xt(t, e + 156, 1), o = Ui.has(n), h = o ? i : void 0, a = o ? r : void 0;
    if (this.path = h?.path ?? xt(t, e, 100), this.mode = h?.mode ?? a?.mode ?? lt(t, e + 100, 8), this.uid = h?.uid ?? a?.uid ?? lt(t, e + 108, 8), this.gid = h?.gid ?? a?.gid ?? lt(t, e + 116, 8), this.size = un(h?.size ?? a?.size ?? lt(t, e + 124, 12)), this.mtime = h?.mtime ?? a?.mtime ?? Wi(t, e + 136, 12), this.cksum = lt(t, e + 148, 12), a && this.#i(a, true), h && this.#i(h), ne(n) && (this.#t = n || "0"), this.#t === "0" && this.path.slice(-1) === "/" && (this.#t = "5"), this.#t === "5" && (this.size = 0), this.linkpath = xt(t, e + 157, 100), t.subarray(e + 257, e + 265).toString() === "ustar\x0000") if (this.uname = h?.uname ?? a?.uname ?? xt(t, e + 265, 32), this.gname = h?.gname ?? a?.gname ?? xt(t, e + 297, 32), this.devmaj = h?.devmaj ?? a?.devmaj ?? lt(t, e + 329, 8) ?? 0, this.devmin = h?.devmin ?? a?.devmin ?? lt(t, e + 337, 8) ?? 0, t[e + 475] !== 0) {
      let c = xt(t, e + 345, 155);
      this.path = c + "/" + this.path;
    } else {
      let c = xt(t, e + 345, 130);
      c && (this.path = c + "/" + this.path), this.atime = i?.atime ?? r?.atime ?? Wi(t, e + 476, 12), this.ctime = i?.ctime ?? r?.ctime ?? Wi(t, e + 488, 12);
    }
    let l = 256;
    for (let c = e; c < e + 148; c++) l += t[c];
    for (let c = e + 156; c < e + 512; c++) l += t[c];
    this.cksumValid = l === this.cksum, this.cksum === void 0 && l === 256 && (this.nullBlock = true);
  }
  #i(t, e = false) {
    Object.assign(this, Object.fromEntries(Object.entries(t).filter(([i, r]) => !(r == null || i === "size" && Number(r) < 0 || i === "path" && e || i === "linkpath" && e || i === "global"))));
  }
  encode(t, e = 0) {
    if (t || (t = this.block = Buffer.alloc(512)), this.#t === "Unsupported" && (this.#t = "0"), !(t.length >= e + 512)) throw new Error("need 512 bytes for header");
    let i = this.ctime || this.atime ? 130 : 155, r = mn(this.path || "", i), n = r[0], o = r[1];
    this.needPax = !!r[2], this.needPax = Lt(t, e, 100, n) || this.needPax, this.needPax = ct(t, e + 100, 8, this.mode) || this.needPax, this.needPax = ct(t, e + 108, 8, this.uid) || this.needPax, this.needPax = ct(t, e + 116, 8, this.gid) || this.needPax, this.needPax = ct(t, e + 124, 12, this.size) || this.needPax, this.needPax = Gi(t, e + 136, 12, this.mtime) || this.needPax, t[e + 156] = Number(this.#t.codePointAt(0)), this.needPax = Lt(t, e + 157, 100, this.linkpath) || this.needPax, t.write("ustar\x0000", e + 257, 8), this.needPax = Lt(t, e + 265, 32, this.uname) || this.needPax, this.needPax = Lt(t, e + 297, 32, this.gname) || this.needPax, this.needPax = ct(t, e + 329, 8, this.devmaj) || this.needPax, this.needPax = ct(t, e + 337, 8, this.devmin) || this.needPax, this.needPax = Lt(t, e + 345, i, o) || this.needPax, t[e + 475] !== 0 ? this.needPax = Lt(t, e + 345, 155, o) || this.needPax : (this.needPax = Lt(t, e + 345, 130, o) || this.needPax, this.needPax = Gi(t, e + 476, 12, this.atime) || this.needPax, this.needPax = Gi(t, e + 488, 12, this.ctime) || this.needPax);
    let h = 256;
    for (let a = e; a < e + 148; a++) h += t[a];
    for (let a = e + 156; a < e + 512; a++) h += t[a];
    return this.cksum = h, ct(t, e + 148, 8, this.cksum), this.cksumValid = true, this.needPax;
  }
  get type() {
    return this.#t === "Unsupported" ? this.#t : oe.get(this.#t);
  }
  get typeKey() {
    return this.#t;
  }
  set type(t) {
    let e = String(Ve.get(t));
    if (ne(e) || e === "Unsupported") this.#t = e;
    else if (ne(t)) this.#t = t;
    else throw new TypeError("invalid entry type: " + t);
  }
};
var mn = (s3, t) => {
  let i = s3, r = "", n, o = Zt.parse(s3).root || ".";
  if (Buffer.byteLength(i) < 100) n = [i, r, false];
  else {
    r = Zt.dirname(i), i = Zt.basename(i);
    do
      Buffer.byteLength(i) <= 100 && Buffer.byteLength(r) <= t ? n = [i, r, false] : Buffer.byteLength(i) > 100 && Buffer.byteLength(r) <= t ? n = [i.slice(0, 99), r, true] : (i = Zt.join(Zt.basename(r), i), r = Zt.dirname(r));
    while (r !== o && n === void 0);
    n || (n = [s3.slice(0, 99), "", true]);
  }
  return n;
};
var xt = (s3, t, e) => s3.subarray(t, t + e).toString("utf8").replace(/\0.*/, "");
var Wi = (s3, t, e) => pn(lt(s3, t, e));
var pn = (s3) => s3 === void 0 ? void 0 : new Date(s3 * 1e3);
var lt = (s3, t, e) => Number(s3[t]) & 128 ? Hs(s3.subarray(t, t + e)) : wn(s3, t, e);
var En = (s3) => isNaN(s3) ? void 0 : s3;
var wn = (s3, t, e) => En(parseInt(s3.subarray(t, t + e).toString("utf8").replace(/\0.*$/, "").trim(), 8));
var Sn = { 12: 8589934591, 8: 2097151 };
var ct = (s3, t, e, i) => i === void 0 ? false : i > Sn[e] || i < 0 ? (Us(i, s3.subarray(t, t + e)), true) : (yn(s3, t, e, i), false);
var yn = (s3, t, e, i) => s3.write(Rn(i, e), t, e, "ascii");
var Rn = (s3, t) => gn(Math.floor(s3).toString(8), t);
var gn = (s3, t) => (s3.length === t - 1 ? s3 : new Array(t - s3.length - 1).join("0") + s3 + " ") + "\0";
var Gi = (s3, t, e, i) => i === void 0 ? false : ct(s3, t, e, i.getTime() / 1e3);
var bn = new Array(156).join("\0");
var Lt = (s3, t, e, i) => i === void 0 ? false : (s3.write(i + bn, t, e, "utf8"), i.length !== Buffer.byteLength(i) || i.length > e);
var ft = class s {
  atime;
  mtime;
  ctime;
  charset;
  comment;
  gid;
  uid;
  gname;
  uname;
  linkpath;
  dev;
  ino;
  nlink;
  path;
  size;
  mode;
  global;
  constructor(t, e = false) {
    this.atime = t.atime, this.charset = t.charset, this.comment = t.comment, this.ctime = t.ctime, this.dev = t.dev, this.gid = t.gid, this.global = e, this.gname = t.gname, this.ino = t.ino, this.linkpath = t.linkpath, this.mtime = t.mtime, this.nlink = t.nlink, this.path = t.path, this.size = t.size, this.uid = t.uid, this.uname = t.uname;
  }
  encode() {
    let t = this.encodeBody();
    if (t === "") return Buffer.allocUnsafe(0);
    let e = Buffer.byteLength(t), i = 512 * Math.ceil(1 + e / 512), r = Buffer.allocUnsafe(i);
    for (let n = 0; n < 512; n++) r[n] = 0;
    new F({ path: ("PaxHeader/" + _n(this.path ?? "")).slice(0, 99), mode: this.mode || 420, uid: this.uid, gid: this.gid, size: e, mtime: this.mtime, type: this.global ? "GlobalExtendedHeader" : "ExtendedHeader", linkpath: "", uname: this.uname || "", gname: this.gname || "", devmaj: 0, devmin: 0, atime: this.atime, ctime: this.ctime }).encode(r), r.write(t, 512, e, "utf8");
    for (let n = e + 512; n < r.length; n++) r[n] = 0;
    return r;
  }
  encodeBody() {
    return this.encodeField("path") + this.encodeField("ctime") + this.encodeField("atime") + this.encodeField("dev") + this.encodeField("ino") + this.encodeField("nlink") + this.encodeField("charset") + this.encodeField("comment") + this.encodeField("gid") + this.encodeField("gname") + this.encodeField("linkpath") + this.encodeField("mtime") + this.encodeField("size") + this.encodeField("uid") + this.encodeField("uname");
  }
  encodeField(t) {
    if (this[t] === void 0) return "";
    let e = this[t], i = e instanceof Date ? e.getTime() / 1e3 : e, r = " " + (t === "dev" || t === "ino" || t === "nlink" ? "SCHILY." : "") + t + "=" + i + `
`, n = Buffer.byteLength(r), o = Math.floor(Math.log(n) / Math.log(10)) + 1;
    return n + o >= Math.pow(10, o) && (o += 1), o + n + r;
  }
  static parse(t, e, i = false) {
    return new s(On(Tn(t), e), i);
  }
};
var On = (s3, t) => t ? Object.assign({}, t, s3) : s3;
var Tn = (s3) => s3.replace(/\n$/, "").split(`
`).reduce(xn, /* @__PURE__ */ Object.create(null));
var xn = (s3, t) => {
  let e = parseInt(t, 10);
  if (e !== Buffer.byteLength(t) + 1) return s3;
  t = t.slice((e + " ").length);
  let i = t.split("="), r = i.shift();
  if (!r) return s3;
  let n = r.replace(/^SCHILY\.(dev|ino|nlink)/, "$1"), o = i.join("=").replace(/\0.*/, "");
  switch (n) {
    case "path":
    case "linkpath":
    case "type":
    case "charset":
    case "comment":
    case "gname":
    case "uname":
      s3[n] = o;
      break;
    case "ctime":
    case "atime":
    case "mtime":
      s3[n] = new Date(Number(o) * 1e3);
      break;
    case "size":
      let h = +o;
      h >= 0 && (s3[n] = h);
      break;
    case "gid":
    case "uid":
    case "dev":
    case "ino":
    case "nlink":
    case "mode":
      s3[n] = +o;
      break;
  }
  return s3;
};
var Ln = process.env.TESTING_TAR_FAKE_PLATFORM || process.platform;
var f = Ln !== "win32" ? (s3) => String(s3) : (s3) => String(s3).replaceAll(/\\/g, "/");
var $e = class extends A {
  extended;
  globalExtended;
  header;
  startBlockSize;
  blockRemain;
  remain;
  type;
  meta = false;
  ignore = false;
  path;
  mode;
  uid;
  gid;
  uname;
  gname;
  size = 0;
  mtime;
  atime;
  ctime;
  linkpath;
  dev;
  ino;
  nlink;
  invalid = false;
  absolute;
  unsupported = false;
  constructor(t, e, i) {
    switch (super({}), this.pause(), this.extended = e, this.globalExtended = i, this.header = t, this.remain = t.size ?? 0, this.startBlockSize = 512 * Math.ceil(this.remain / 512), this.blockRemain = this.startBlockSize, this.type = t.type, this.type) {
      case "File":
      case "OldFile":
      case "Link":
      case "SymbolicLink":
      case "CharacterDevice":
      case "BlockDevice":
      case "Directory":
      case "FIFO":
      case "ContiguousFile":
      case "GNUDumpDir":
        break;
      case "NextFileHasLongLinkpath":
      case "NextFileHasLongPath":
      case "OldGnuLongPath":
      case "GlobalExtendedHeader":
      case "ExtendedHeader":
      case "OldExtendedHeader":
        this.meta = true;
        break;
      default:
        this.ignore = true;
    }
    if (!t.path) throw new Error("no path provided for tar.ReadEntry");
    this.path = f(t.path), this.mode = t.mode, this.mode && (this.mode = this.mode & 4095), this.uid = t.uid, this.gid = t.gid, this.uname = t.uname, this.gname = t.gname, this.size = this.remain, this.mtime = t.mtime, this.atime = t.atime, this.ctime = t.ctime, this.linkpath = t.linkpath ? f(t.linkpath) : void 0, this.uname = t.uname, this.gname = t.gname, e && this.#t(e), i && this.#t(i, true);
  }
  write(t) {
    let e = t.length;
    if (e > this.blockRemain) throw new Error("writing more to entry than is appropriate");
    let i = this.remain, r = this.blockRemain;
    return this.remain = Math.max(0, i - e), this.blockRemain = Math.max(0, r - e), this.ignore ? true : i >= e ? super.write(t) : super.write(t.subarray(0, i));
  }
  #t(t, e = false) {
    t.path && (t.path = f(t.path)), t.linkpath && (t.linkpath = f(t.linkpath)), Object.assign(this, Object.fromEntries(Object.entries(t).filter(([i, r]) => !(r == null || i === "path" && e))));
  }
};
var Dt = (s3, t, e, i = {}) => {
  s3.file && (i.file = s3.file), s3.cwd && (i.cwd = s3.cwd), i.code = e instanceof Error && e.code || t, i.tarCode = t, !s3.strict && i.recoverable !== false ? (e instanceof Error && (i = Object.assign(e, i), e = e.message), s3.emit("warn", t, e, i)) : e instanceof Error ? s3.emit("error", Object.assign(e, i)) : s3.emit("error", Object.assign(new Error(`${t}: ${e}`), i));
};
var Nn = 1024 * 1024;
var Xi = Buffer.from([31, 139]);
var qi = Buffer.from([40, 181, 47, 253]);
var An = Math.max(Xi.length, qi.length);
var B = /* @__PURE__ */ Symbol("state");
var Nt = /* @__PURE__ */ Symbol("writeEntry");
var it = /* @__PURE__ */ Symbol("readEntry");
var Zi = /* @__PURE__ */ Symbol("nextEntry");
var Zs = /* @__PURE__ */ Symbol("processEntry");
var V = /* @__PURE__ */ Symbol("extendedHeader");
var he = /* @__PURE__ */ Symbol("globalExtendedHeader");
var dt = /* @__PURE__ */ Symbol("meta");
var Ys = /* @__PURE__ */ Symbol("emitMeta");
var p = /* @__PURE__ */ Symbol("buffer");
var st = /* @__PURE__ */ Symbol("queue");
var ut = /* @__PURE__ */ Symbol("ended");
var Yi = /* @__PURE__ */ Symbol("emittedEnd");
var At = /* @__PURE__ */ Symbol("emit");
var w = /* @__PURE__ */ Symbol("unzip");
var Xe = /* @__PURE__ */ Symbol("consumeChunk");
var qe = /* @__PURE__ */ Symbol("consumeChunkSub");
var Ki = /* @__PURE__ */ Symbol("consumeBody");
var Ks = /* @__PURE__ */ Symbol("consumeMeta");
var Vs = /* @__PURE__ */ Symbol("consumeHeader");
var ae = /* @__PURE__ */ Symbol("consuming");
var Vi = /* @__PURE__ */ Symbol("bufferConcat");
var Qe = /* @__PURE__ */ Symbol("maybeEnd");
var Yt = /* @__PURE__ */ Symbol("writing");
var $ = /* @__PURE__ */ Symbol("aborted");
var Je = /* @__PURE__ */ Symbol("onDone");
var It = /* @__PURE__ */ Symbol("sawValidEntry");
var je = /* @__PURE__ */ Symbol("sawNullBlock");
var ti = /* @__PURE__ */ Symbol("sawEOF");
var $s = /* @__PURE__ */ Symbol("closeStream");
var In = 1e3;
var le = /* @__PURE__ */ Symbol("compressedBytesRead");
var $i = /* @__PURE__ */ Symbol("decompressedBytesRead");
var Xs = /* @__PURE__ */ Symbol("checkDecompressionRatio");
var Cn = () => true;
var rt = class extends Dn {
  file;
  strict;
  maxMetaEntrySize;
  filter;
  brotli;
  zstd;
  maxDecompressionRatio;
  writable = true;
  readable = false;
  [st] = [];
  [p];
  [it];
  [Nt];
  [B] = "begin";
  [dt] = "";
  [V];
  [he];
  [ut] = false;
  [w];
  [$] = false;
  [It];
  [je] = false;
  [ti] = false;
  [Yt] = false;
  [ae] = false;
  [Yi] = false;
  [le] = 0;
  [$i] = 0;
  constructor(t = {}) {
    super(), this.file = t.file || "", this.on(Je, () => {
      (this[B] === "begin" || this[It] === false) && this.warn("TAR_BAD_ARCHIVE", "Unrecognized archive format");
    }), t.ondone ? this.on(Je, t.ondone) : this.on(Je, () => {
      this.emit("prefinish"), this.emit("finish"), this.emit("end");
    }), this.strict = !!t.strict, this.maxDecompressionRatio = typeof t.maxDecompressionRatio == "number" ? t.maxDecompressionRatio : In, this.maxMetaEntrySize = t.maxMetaEntrySize || Nn, this.filter = typeof t.filter == "function" ? t.filter : Cn;
    let e = t.file && (t.file.endsWith(".tar.br") || t.file.endsWith(".tbr"));
    this.brotli = !(t.gzip || t.zstd) && t.brotli !== void 0 ? t.brotli : e ? void 0 : false;
    let i = t.file && (t.file.endsWith(".tar.zst") || t.file.endsWith(".tzst"));
    this.zstd = !(t.gzip || t.brotli) && t.zstd !== void 0 ? t.zstd : i ? true : void 0, this.on("end", () => this[$s]()), typeof t.onwarn == "function" && this.on("warn", t.onwarn), typeof t.onReadEntry == "function" && this.on("entry", t.onReadEntry);
  }
  warn(t, e, i = {}) {
    Dt(this, t, e, i);
  }
  [Vs](t, e) {
    this[It] === void 0 && (this[It] = false);
    let i;
    try {
      i = new F(t, e, this[V], this[he]);
    } catch (r) {
      return this.warn("TAR_ENTRY_INVALID", r);
    }
    if (i.nullBlock) this[je] ? (this[ti] = true, this[B] === "begin" && (this[B] = "header"), this[At]("eof")) : (this[je] = true, this[At]("nullBlock"));
    else if (this[je] = false, !i.cksumValid) this.warn("TAR_ENTRY_INVALID", "checksum failure", { header: i });
    else if (!i.path) this.warn("TAR_ENTRY_INVALID", "path is required", { header: i });
    else {
      let r = i.type;
      if (/^(Symbolic)?Link$/.test(r) && !i.linkpath) this.warn("TAR_ENTRY_INVALID", "linkpath required", { header: i });
      else if (!/^(Symbolic)?Link$/.test(r) && !/^(Global)?ExtendedHeader$/.test(r) && i.linkpath) this.warn("TAR_ENTRY_INVALID", "linkpath forbidden", { header: i });
      else {
        let n = this[Nt] = new $e(i, this[V], this[he]);
        if (!this[It]) if (n.remain) {
          let o = () => {
            n.invalid || (this[It] = true);
          };
          n.on("end", o);
        } else this[It] = true;
        n.meta ? n.size > this.maxMetaEntrySize ? (n.ignore = true, this[At]("ignoredEntry", n), this[B] = "ignore", n.resume()) : n.size > 0 && (this[dt] = "", n.on("data", (o) => this[dt] += o), this[B] = "meta") : (this[V] = void 0, n.ignore = n.ignore || !this.filter(n.path, n), n.ignore ? (this[At]("ignoredEntry", n), this[B] = n.remain ? "ignore" : "header", n.resume()) : (n.remain ? this[B] = "body" : (this[B] = "header", n.end()), this[it] ? this[st].push(n) : (this[st].push(n), this[Zi]())));
      }
    }
  }
  [$s]() {
    queueMicrotask(() => this.emit("close"));
  }
  [Zs](t) {
    let e = true;
    if (!t) this[it] = void 0, e = false;
    else if (Array.isArray(t)) {
      let [i, ...r] = t;
      this.emit(i, ...r);
    } else this[it] = t, this.emit("entry", t), t.emittedEnd || (t.on("end", () => this[Zi]()), e = false);
    return e;
  }
  [Zi]() {
    do
      ;
    while (this[Zs](this[st].shift()));
    if (this[st].length === 0) {
      let t = this[it];
      !t || t.flowing || t.size === t.remain ? this[Yt] || this.emit("drain") : t.once("drain", () => this.emit("drain"));
    }
  }
  [Ki](t, e) {
    let i = this[Nt];
    if (!i) throw new Error("attempt to consume body without entry??");
    let r = i.blockRemain ?? 0, n = r >= t.length && e === 0 ? t : t.subarray(e, e + r);
    return i.write(n), i.blockRemain || (this[B] = "header", this[Nt] = void 0, i.end()), n.length;
  }
  [Ks](t, e) {
    let i = this[Nt], r = this[Ki](t, e);
    return !this[Nt] && i && this[Ys](i), r;
  }
  [At](t, e, i) {
    this[st].length === 0 && !this[it] ? this.emit(t, e, i) : this[st].push([t, e, i]);
  }
  [Ys](t) {
    switch (this[At]("meta", this[dt]), t.type) {
      case "ExtendedHeader":
      case "OldExtendedHeader":
        this[V] = ft.parse(this[dt], this[V], false);
        break;
      case "GlobalExtendedHeader":
        this[he] = ft.parse(this[dt], this[he], true);
        break;
      case "NextFileHasLongPath":
      case "OldGnuLongPath": {
        let e = this[V] ?? /* @__PURE__ */ Object.create(null);
        this[V] = e, e.path = this[dt].replace(/\0.*/, "");
        break;
      }
      case "NextFileHasLongLinkpath": {
        let e = this[V] || /* @__PURE__ */ Object.create(null);
        this[V] = e, e.linkpath = this[dt].replace(/\0.*/, "");
        break;
      }
      default:
        throw new Error("unknown meta: " + t.type);
    }
  }
  abort(t) {
    if (!this[$]) {
      if (this[w]) {
        let e = this[w];
        e.write = () => true, e.end = () => e, e.emit = () => false, e.destroy?.();
      }
      this[$] = true, this.emit("abort", t), this.warn("TAR_ABORT", t, { recoverable: false });
    }
  }
  [Xs](t) {
    this[$i] += t.length;
    let e = this[$i] / this[le];
    return e > this.maxDecompressionRatio ? (this.abort(new Error(`max decompression ratio exceeded: ${e.toFixed(2)} > ${this.maxDecompressionRatio}`)), false) : true;
  }
  write(t, e, i) {
    if (typeof e == "function" && (i = e, e = void 0), typeof t == "string" && (t = Buffer.from(t, typeof e == "string" ? e : "utf8")), this[$]) return i?.(), false;
    if ((this[w] === void 0 || this.brotli === void 0 && this[w] === false) && t) {
      if (this[p] && (t = Buffer.concat([this[p], t]), this[p] = void 0), t.length < An) return this[p] = t, i?.(), true;
      for (let a = 0; this[w] === void 0 && a < Xi.length; a++) t[a] !== Xi[a] && (this[w] = false);
      let o = false;
      if (this[w] === false && this.zstd !== false) {
        o = true;
        for (let a = 0; a < qi.length; a++) if (t[a] !== qi[a]) {
          o = false;
          break;
        }
      }
      let h = this.brotli === void 0 && !o;
      if (this[w] === false && h) if (t.length < 512) if (this[ut]) this.brotli = true;
      else return this[p] = t, i?.(), true;
      else try {
        new F(t.subarray(0, 512)), this.brotli = false;
      } catch {
        this.brotli = true;
      }
      if (this[w] === void 0 || this[w] === false && (this.brotli || o)) {
        let a = this[ut];
        this[ut] = false, this[w] = this[w] === void 0 ? new Ue({}) : o ? new Ke({}) : new Ge({}), this[w].on("data", (c) => {
          this[Xs](c) && this[Xe](c);
        }), this[w].on("error", (c) => {
          this[$] || this.abort(c);
        }), this[w].on("end", () => {
          this[ut] = true, this[Xe]();
        }), this[Yt] = true, this[le] += t.length;
        let l = !!this[w][a ? "end" : "write"](t);
        return this[Yt] = false, i?.(), l;
      }
    }
    this[Yt] = true, this[w] ? (this[le] += t.length, this[w].write(t)) : this[Xe](t), this[Yt] = false;
    let n = this[st].length > 0 ? false : this[it] ? this[it].flowing : true;
    return !n && this[st].length === 0 && this[it]?.once("drain", () => this.emit("drain")), i?.(), n;
  }
  [Vi](t) {
    t && !this[$] && (this[p] = this[p] ? Buffer.concat([this[p], t]) : t);
  }
  [Qe]() {
    if (this[ut] && !this[Yi] && !this[$] && !this[ae]) {
      this[Yi] = true;
      let t = this[Nt];
      if (t?.blockRemain) {
        let e = this[p] ? this[p].length : 0;
        this.warn("TAR_BAD_ARCHIVE", `Truncated input (needed ${t.blockRemain} more bytes, only ${e} available)`, { entry: t }), this[p] && t.write(this[p]), t.end();
      }
      this[At](Je);
    }
  }
  [Xe](t) {
    if (this[ae] && t) this[Vi](t);
    else if (!t && !this[p]) this[Qe]();
    else if (t) {
      if (this[ae] = true, this[p]) {
        this[Vi](t);
        let e = this[p];
        this[p] = void 0, this[qe](e);
      } else this[qe](t);
      for (; this[p] && this[p]?.length >= 512 && !this[$] && !this[ti]; ) {
        let e = this[p];
        this[p] = void 0, this[qe](e);
      }
      this[ae] = false;
    }
    (!this[p] || this[ut]) && this[Qe]();
  }
  [qe](t) {
    let e = 0, i = t.length;
    for (; e + 512 <= i && !this[$] && !this[ti]; ) switch (this[B]) {
      case "begin":
      case "header":
        this[Vs](t, e), e += 512;
        break;
      case "ignore":
      case "body":
        e += this[Ki](t, e);
        break;
      case "meta":
        e += this[Ks](t, e);
        break;
      default:
        throw new Error("invalid state: " + this[B]);
    }
    e < i && (this[p] = this[p] ? Buffer.concat([t.subarray(e), this[p]]) : t.subarray(e));
  }
  end(t, e, i) {
    return typeof t == "function" && (i = t, e = void 0, t = void 0), typeof e == "function" && (i = e, e = void 0), typeof t == "string" && (t = Buffer.from(t, e)), i && this.once("finish", i), this[$] || (this[w] ? (t && (this[le] += t.length, this[w].write(t)), this[w].end()) : (this[ut] = true, (this.brotli === void 0 || this.zstd === void 0) && (t = t || Buffer.alloc(0)), t && this.write(t), this[Qe]())), this;
  }
};
var mt = (s3) => {
  let t = s3.length - 1, e = -1;
  for (; t > -1 && s3.charAt(t) === "/"; ) e = t, t--;
  return e === -1 ? s3 : s3.slice(0, e);
};
var vn = (s3) => {
  let t = s3.onReadEntry;
  s3.onReadEntry = t ? (e) => {
    t(e), e.resume();
  } : (e) => e.resume();
};
var Qi = (s3, t) => {
  let e = new Map(t.map((o) => [mt(o), true])), i = s3.filter, r = 100, n = (o, h = "", a = 0) => {
    if (a >= r) return e.set(o, false), false;
    let l = h || kn(o).root || ".", c;
    if (o === l) c = false;
    else {
      let d = e.get(o);
      c = d !== void 0 ? d : n(Fn(o), l, a + 1);
    }
    return e.set(o, c), c;
  };
  s3.filter = i ? (o, h) => i(o, h) && n(mt(o)) : (o) => n(mt(o));
};
var Mn = (s3) => {
  let t = new rt(s3), e = s3.file, i;
  try {
    i = Kt.openSync(e, "r");
    let r = Kt.fstatSync(i), n = s3.maxReadSize || 16 * 1024 * 1024;
    if (r.size < n) {
      let o = Buffer.allocUnsafe(r.size), h = Kt.readSync(i, o, 0, r.size, 0);
      t.end(h === o.byteLength ? o : o.subarray(0, h));
    } else {
      let o = 0, h = Buffer.allocUnsafe(n);
      for (; o < r.size; ) {
        let a = Kt.readSync(i, h, 0, n, o);
        if (a === 0) break;
        o += a, t.write(h.subarray(0, a));
      }
      t.end();
    }
  } finally {
    if (typeof i == "number") try {
      Kt.closeSync(i);
    } catch {
    }
  }
};
var Bn = (s3, t) => {
  let e = new rt(s3), i = s3.maxReadSize || 16 * 1024 * 1024, r = s3.file;
  return new Promise((o, h) => {
    e.on("error", h), e.on("end", o), Kt.stat(r, (a, l) => {
      if (a) h(a);
      else {
        let c = new _t(r, { readSize: i, size: l.size });
        c.on("error", h), c.pipe(e);
      }
    });
  });
};
var Ct = K(Mn, Bn, (s3) => new rt(s3), (s3) => new rt(s3), (s3, t) => {
  t?.length && Qi(s3, t), s3.noResume || vn(s3);
});
var Ji = (s3, t, e) => (s3 &= 4095, e && (s3 = (s3 | 384) & -19), t && (s3 & 256 && (s3 |= 64), s3 & 32 && (s3 |= 8), s3 & 4 && (s3 |= 1)), s3);
var { isAbsolute: zn, parse: qs } = Pn;
var ce = (s3) => {
  let t = "", e = qs(s3);
  for (; zn(s3) || e.root; ) {
    let i = s3.charAt(0) === "/" && s3.slice(0, 4) !== "//?/" ? "/" : e.root;
    s3 = s3.slice(i.length), t += i, e = qs(s3);
  }
  return [t, s3];
};
var ei = ["|", "<", ">", "?", ":"];
var ji = ei.map((s3) => String.fromCodePoint(61440 + Number(s3.codePointAt(0))));
var Un = new Map(ei.map((s3, t) => [s3, ji[t]]));
var Hn = new Map(ji.map((s3, t) => [s3, ei[t]]));
var ts = (s3) => ei.reduce((t, e) => t.split(e).join(Un.get(e)), s3);
var Qs = (s3) => ji.reduce((t, e) => t.split(e).join(Hn.get(e)), s3);
var rr = (s3, t) => t ? (s3 = f(s3).replace(/^\.(\/|$)/, ""), mt(t) + "/" + s3) : f(s3);
var Wn = 16 * 1024 * 1024;
var tr = /* @__PURE__ */ Symbol("process");
var er = /* @__PURE__ */ Symbol("file");
var ir = /* @__PURE__ */ Symbol("directory");
var is = /* @__PURE__ */ Symbol("symlink");
var sr = /* @__PURE__ */ Symbol("hardlink");
var fe = /* @__PURE__ */ Symbol("header");
var ii = /* @__PURE__ */ Symbol("read");
var ss = /* @__PURE__ */ Symbol("lstat");
var si = /* @__PURE__ */ Symbol("onlstat");
var rs = /* @__PURE__ */ Symbol("onread");
var ns = /* @__PURE__ */ Symbol("onreadlink");
var os = /* @__PURE__ */ Symbol("openfile");
var hs = /* @__PURE__ */ Symbol("onopenfile");
var pt = /* @__PURE__ */ Symbol("close");
var ri = /* @__PURE__ */ Symbol("mode");
var as = /* @__PURE__ */ Symbol("awaitDrain");
var es = /* @__PURE__ */ Symbol("ondrain");
var q = /* @__PURE__ */ Symbol("prefix");
var de = class extends A {
  path;
  portable;
  myuid = process.getuid && process.getuid() || 0;
  myuser = process.env.USER || "";
  maxReadSize;
  linkCache;
  statCache;
  preservePaths;
  cwd;
  strict;
  mtime;
  noPax;
  noMtime;
  prefix;
  fd;
  blockLen = 0;
  blockRemain = 0;
  buf;
  pos = 0;
  remain = 0;
  length = 0;
  offset = 0;
  win32;
  absolute;
  header;
  type;
  linkpath;
  stat;
  onWriteEntry;
  #t = false;
  constructor(t, e = {}) {
    let i = se(e);
    super(), this.path = f(t), this.portable = !!i.portable, this.maxReadSize = i.maxReadSize || Wn, this.linkCache = i.linkCache || /* @__PURE__ */ new Map(), this.statCache = i.statCache || /* @__PURE__ */ new Map(), this.preservePaths = !!i.preservePaths, this.cwd = f(i.cwd || process.cwd()), this.strict = !!i.strict, this.noPax = !!i.noPax, this.noMtime = !!i.noMtime, this.mtime = i.mtime, this.prefix = i.prefix ? f(i.prefix) : void 0, this.onWriteEntry = i.onWriteEntry, typeof i.onwarn == "function" && this.on("warn", i.onwarn);
    let r = false;
    if (!this.preservePaths) {
      let [o, h] = ce(this.path);
      o && typeof h == "string" && (this.path = h, r = o);
    }
    this.win32 = !!i.win32 || process.platform === "win32", this.win32 && (this.path = Qs(this.path.replaceAll(/\\/g, "/")), t = t.replaceAll(/\\/g, "/")), this.absolute = f(i.absolute || js.resolve(this.cwd, t)), this.path === "" && (this.path = "./"), r && this.warn("TAR_ENTRY_INFO", `stripping ${r} from absolute path`, { entry: this, path: r + this.path });
    let n = this.statCache.get(this.absolute);
    n ? this[si](n) : this[ss]();
  }
  warn(t, e, i = {}) {
    return Dt(this, t, e, i);
  }
  emit(t, ...e) {
    return t === "error" && (this.#t = true), super.emit(t, ...e);
  }
  [ss]() {
    X.lstat(this.absolute, (t, e) => {
      if (t) return this.emit("error", t);
      this[si](e);
    });
  }
  [si](t) {
    this.statCache.set(this.absolute, t), this.stat = t, t.isFile() || (t.size = 0), this.type = Gn(t), this.emit("stat", t), this[tr]();
  }
  [tr]() {
    switch (this.type) {
      case "File":
        return this[er]();
      case "Directory":
        return this[ir]();
      case "SymbolicLink":
        return this[is]();
      default:
        return this.end();
    }
  }
  [ri](t) {
    return Ji(t, this.type === "Directory", this.portable);
  }
  [q](t) {
    return rr(t, this.prefix);
  }
  [fe]() {
    if (!this.stat) throw new Error("cannot write header before stat");
    this.type === "Directory" && this.portable && (this.noMtime = true), this.onWriteEntry?.(this), this.header = new F({ path: this[q](this.path), linkpath: this.type === "Link" && this.linkpath !== void 0 ? this[q](this.linkpath) : this.linkpath, mode: this[ri](this.stat.mode), uid: this.portable ? void 0 : this.stat.uid, gid: this.portable ? void 0 : this.stat.gid, size: this.stat.size, mtime: this.noMtime ? void 0 : this.mtime || this.stat.mtime, type: this.type === "Unsupported" ? void 0 : this.type, uname: this.portable ? void 0 : this.stat.uid === this.myuid ? this.myuser : "", atime: this.portable ? void 0 : this.stat.atime, ctime: this.portable ? void 0 : this.stat.ctime }), this.header.encode() && !this.noPax && super.write(new ft({ atime: this.portable ? void 0 : this.header.atime, ctime: this.portable ? void 0 : this.header.ctime, gid: this.portable ? void 0 : this.header.gid, mtime: this.noMtime ? void 0 : this.mtime || this.header.mtime, path: this[q](this.path), linkpath: this.type === "Link" && this.linkpath !== void 0 ? this[q](this.linkpath) : this.linkpath, size: this.header.size, uid: this.portable ? void 0 : this.header.uid, uname: this.portable ? void 0 : this.header.uname, dev: this.portable ? void 0 : this.stat.dev, ino: this.portable ? void 0 : this.stat.ino, nlink: this.portable ? void 0 : this.stat.nlink }).encode());
    let t = this.header?.block;
    if (!t) throw new Error("failed to encode header");
    super.write(t);
  }
  [ir]() {
    if (!this.stat) throw new Error("cannot create directory entry without stat");
    this.path.slice(-1) !== "/" && (this.path += "/"), this.stat.size = 0, this[fe](), this.end();
  }
  [is]() {
    X.readlink(this.absolute, (t, e) => {
      if (t) return this.emit("error", t);
      this[ns](e);
    });
  }
  [ns](t) {
    this.linkpath = f(t), this[fe](), this.end();
  }
  [sr](t) {
    if (!this.stat) throw new Error("cannot create link entry without stat");
    this.type = "Link", this.linkpath = f(js.relative(this.cwd, t)), this.stat.size = 0, this[fe](), this.end();
  }
  [er]() {
    if (!this.stat) throw new Error("cannot create file entry without stat");
    if (this.stat.nlink > 1) {
      let t = `${this.stat.dev}:${this.stat.ino}`, e = this.linkCache.get(t);
      if (e?.indexOf(this.cwd) === 0) return this[sr](e);
      this.linkCache.set(t, this.absolute);
    }
    if (this[fe](), this.stat.size === 0) return this.end();
    this[os]();
  }
  [os]() {
    X.open(this.absolute, "r", (t, e) => {
      if (t) return this.emit("error", t);
      this[hs](e);
    });
  }
  [hs](t) {
    if (this.fd = t, this.#t) return this[pt]();
    if (!this.stat) throw new Error("should stat before calling onopenfile");
    this.blockLen = 512 * Math.ceil(this.stat.size / 512), this.blockRemain = this.blockLen;
    let e = Math.min(this.blockLen, this.maxReadSize);
    this.buf = Buffer.allocUnsafe(e), this.offset = 0, this.pos = 0, this.remain = this.stat.size, this.length = this.buf.length, this[ii]();
  }
  [ii]() {
    let { fd: t, buf: e, offset: i, length: r, pos: n } = this;
    if (t === void 0 || e === void 0) throw new Error("cannot read file without first opening");
    X.read(t, e, i, r, n, (o, h) => {
      if (o) return this[pt](() => this.emit("error", o));
      this[rs](h);
    });
  }
  [pt](t = () => {
  }) {
    this.fd !== void 0 && X.close(this.fd, t);
  }
  [rs](t) {
    if (t <= 0 && this.remain > 0) {
      let r = Object.assign(new Error("encountered unexpected EOF"), { path: this.absolute, syscall: "read", code: "EOF" });
      return this[pt](() => this.emit("error", r));
    }
    if (t > this.remain) {
      let r = Object.assign(new Error("did not encounter expected EOF"), { path: this.absolute, syscall: "read", code: "EOF" });
      return this[pt](() => this.emit("error", r));
    }
    if (!this.buf) throw new Error("should have created buffer prior to reading");
    if (t === this.remain) for (let r = t; r < this.length && t < this.blockRemain; r++) this.buf[r + this.offset] = 0, t++, this.remain++;
    let e = this.offset === 0 && t === this.buf.length ? this.buf : this.buf.subarray(this.offset, this.offset + t);
    this.write(e) ? this[es]() : this[as](() => this[es]());
  }
  [as](t) {
    this.once("drain", t);
  }
  write(t, e, i) {
    if (typeof e == "function" && (i = e, e = void 0), typeof t == "string" && (t = Buffer.from(t, typeof e == "string" ? e : "utf8")), this.blockRemain < t.length) {
      let r = Object.assign(new Error("writing more data than expected"), { path: this.absolute });
      return this.emit("error", r);
    }
    return this.remain -= t.length, this.blockRemain -= t.length, this.pos += t.length, this.offset += t.length, super.write(t, null, i);
  }
  [es]() {
    if (!this.remain) return this.blockRemain && super.write(Buffer.alloc(this.blockRemain)), this[pt]((t) => t ? this.emit("error", t) : this.end());
    if (!this.buf) throw new Error("buffer lost somehow in ONDRAIN");
    this.offset >= this.length && (this.buf = Buffer.allocUnsafe(Math.min(this.blockRemain, this.buf.length)), this.offset = 0), this.length = this.buf.length - this.offset, this[ii]();
  }
};
var ni = class extends de {
  sync = true;
  [ss]() {
    this[si](X.lstatSync(this.absolute));
  }
  [is]() {
    this[ns](X.readlinkSync(this.absolute));
  }
  [os]() {
    this[hs](X.openSync(this.absolute, "r"));
  }
  [ii]() {
    let t = true;
    try {
      let { fd: e, buf: i, offset: r, length: n, pos: o } = this;
      if (e === void 0 || i === void 0) throw new Error("fd and buf must be set in READ method");
      let h = X.readSync(e, i, r, n, o);
      this[rs](h), t = false;
    } finally {
      if (t) try {
        this[pt](() => {
        });
      } catch {
      }
    }
  }
  [as](t) {
    t();
  }
  [pt](t = () => {
  }) {
    this.fd !== void 0 && X.closeSync(this.fd), t();
  }
};
var oi = class extends A {
  blockLen = 0;
  blockRemain = 0;
  buf = 0;
  pos = 0;
  remain = 0;
  length = 0;
  preservePaths;
  portable;
  strict;
  noPax;
  noMtime;
  readEntry;
  type;
  prefix;
  path;
  mode;
  uid;
  gid;
  uname;
  gname;
  header;
  mtime;
  atime;
  ctime;
  linkpath;
  size;
  onWriteEntry;
  warn(t, e, i = {}) {
    return Dt(this, t, e, i);
  }
  constructor(t, e = {}) {
    let i = se(e);
    super(), this.preservePaths = !!i.preservePaths, this.portable = !!i.portable, this.strict = !!i.strict, this.noPax = !!i.noPax, this.noMtime = !!i.noMtime, this.onWriteEntry = i.onWriteEntry, this.readEntry = t;
    let { type: r } = t;
    if (r === "Unsupported") throw new Error("writing entry that should be ignored");
    this.type = r, this.type === "Directory" && this.portable && (this.noMtime = true), this.prefix = i.prefix, this.path = f(t.path), this.mode = t.mode !== void 0 ? this[ri](t.mode) : void 0, this.uid = this.portable ? void 0 : t.uid, this.gid = this.portable ? void 0 : t.gid, this.uname = this.portable ? void 0 : t.uname, this.gname = this.portable ? void 0 : t.gname, this.size = t.size, this.mtime = this.noMtime ? void 0 : i.mtime || t.mtime, this.atime = this.portable ? void 0 : t.atime, this.ctime = this.portable ? void 0 : t.ctime, this.linkpath = t.linkpath !== void 0 ? f(t.linkpath) : void 0, typeof i.onwarn == "function" && this.on("warn", i.onwarn);
    let n = false;
    if (!this.preservePaths) {
      let [h, a] = ce(this.path);
      h && typeof a == "string" && (this.path = a, n = h);
    }
    this.remain = t.size, this.blockRemain = t.startBlockSize, this.onWriteEntry?.(this), this.header = new F({ path: this[q](this.path), linkpath: this.type === "Link" && this.linkpath !== void 0 ? this[q](this.linkpath) : this.linkpath, mode: this.mode, uid: this.portable ? void 0 : this.uid, gid: this.portable ? void 0 : this.gid, size: this.size, mtime: this.noMtime ? void 0 : this.mtime, type: this.type, uname: this.portable ? void 0 : this.uname, atime: this.portable ? void 0 : this.atime, ctime: this.portable ? void 0 : this.ctime }), n && this.warn("TAR_ENTRY_INFO", `stripping ${n} from absolute path`, { entry: this, path: n + this.path }), this.header.encode() && !this.noPax && super.write(new ft({ atime: this.portable ? void 0 : this.atime, ctime: this.portable ? void 0 : this.ctime, gid: this.portable ? void 0 : this.gid, mtime: this.noMtime ? void 0 : this.mtime, path: this[q](this.path), linkpath: this.type === "Link" && this.linkpath !== void 0 ? this[q](this.linkpath) : this.linkpath, size: this.size, uid: this.portable ? void 0 : this.uid, uname: this.portable ? void 0 : this.uname, dev: this.portable ? void 0 : this.readEntry.dev, ino: this.portable ? void 0 : this.readEntry.ino, nlink: this.portable ? void 0 : this.readEntry.nlink }).encode());
    let o = this.header?.block;
    if (!o) throw new Error("failed to encode header");
    super.write(o), t.pipe(this);
  }
  [q](t) {
    return rr(t, this.prefix);
  }
  [ri](t) {
    return Ji(t, this.type === "Directory", this.portable);
  }
  write(t, e, i) {
    typeof e == "function" && (i = e, e = void 0), typeof t == "string" && (t = Buffer.from(t, typeof e == "string" ? e : "utf8"));
    let r = t.length;
    if (r > this.blockRemain) throw new Error("writing more to entry than is appropriate");
    return this.blockRemain -= r, super.write(t, i);
  }
  end(t, e, i) {
    return this.blockRemain && super.write(Buffer.alloc(this.blockRemain)), typeof t == "function" && (i = t, e = void 0, t = void 0), typeof e == "function" && (i = e, e = void 0), typeof t == "string" && (t = Buffer.from(t, e ?? "utf8")), i && this.once("finish", i), t ? super.end(t, i) : super.end(i), this;
  }
};
var Gn = (s3) => s3.isFile() ? "File" : s3.isDirectory() ? "Directory" : s3.isSymbolicLink() ? "SymbolicLink" : "Unsupported";
var hi = class s2 {
  tail;
  head;
  length = 0;
  static create(t = []) {
    return new s2(t);
  }
  constructor(t = []) {
    for (let e of t) this.push(e);
  }
  *[Symbol.iterator]() {
    for (let t = this.head; t; t = t.next) yield t.value;
  }
  removeNode(t) {
    if (t.list !== this) throw new Error("removing node which does not belong to this list");
    let e = t.next, i = t.prev;
    return e && (e.prev = i), i && (i.next = e), t === this.head && (this.head = e), t === this.tail && (this.tail = i), this.length--, t.next = void 0, t.prev = void 0, t.list = void 0, e;
  }
  unshiftNode(t) {
    if (t === this.head) return;
    t.list && t.list.removeNode(t);
    let e = this.head;
    t.list = this, t.next = e, e && (e.prev = t), this.head = t, this.tail || (this.tail = t), this.length++;
  }
  pushNode(t) {
    if (t === this.tail) return;
    t.list && t.list.removeNode(t);
    let e = this.tail;
    t.list = this, t.prev = e, e && (e.next = t), this.tail = t, this.head || (this.head = t), this.length++;
  }
  push(...t) {
    for (let e = 0, i = t.length; e < i; e++) Yn(this, t[e]);
    return this.length;
  }
  unshift(...t) {
    for (var e = 0, i = t.length; e < i; e++) Kn(this, t[e]);
    return this.length;
  }
  pop() {
    if (!this.tail) return;
    let t = this.tail.value, e = this.tail;
    return this.tail = this.tail.prev, this.tail ? this.tail.next = void 0 : this.head = void 0, e.list = void 0, this.length--, t;
  }
  shift() {
    if (!this.head) return;
    let t = this.head.value, e = this.head;
    return this.head = this.head.next, this.head ? this.head.prev = void 0 : this.tail = void 0, e.list = void 0, this.length--, t;
  }
  forEach(t, e) {
    e = e || this;
    for (let i = this.head, r = 0; i; r++) t.call(e, i.value, r, this), i = i.next;
  }
  forEachReverse(t, e) {
    e = e || this;
    for (let i = this.tail, r = this.length - 1; i; r--) t.call(e, i.value, r, this), i = i.prev;
  }
  get(t) {
    let e = 0, i = this.head;
    for (; i && e < t; e++) i = i.next;
    if (e === t && i) return i.value;
  }
  getReverse(t) {
    let e = 0, i = this.tail;
    for (; i && e < t; e++) i = i.prev;
    if (e === t && i) return i.value;
  }
  map(t, e) {
    e = e || this;
    let i = new s2();
    for (let r = this.head; r; ) i.push(t.call(e, r.value, this)), r = r.next;
    return i;
  }
  mapReverse(t, e) {
    e = e || this;
    var i = new s2();
    for (let r = this.tail; r; ) i.push(t.call(e, r.value, this)), r = r.prev;
    return i;
  }
  reduce(t, e) {
    let i, r = this.head;
    if (arguments.length > 1) i = e;
    else if (this.head) r = this.head.next, i = this.head.value;
    else throw new TypeError("Reduce of empty list with no initial value");
    for (var n = 0; r; n++) i = t(i, r.value, n), r = r.next;
    return i;
  }
  reduceReverse(t, e) {
    let i, r = this.tail;
    if (arguments.length > 1) i = e;
    else if (this.tail) r = this.tail.prev, i = this.tail.value;
    else throw new TypeError("Reduce of empty list with no initial value");
    for (let n = this.length - 1; r; n--) i = t(i, r.value, n), r = r.prev;
    return i;
  }
  toArray() {
    let t = new Array(this.length);
    for (let e = 0, i = this.head; i; e++) t[e] = i.value, i = i.next;
    return t;
  }
  toArrayReverse() {
    let t = new Array(this.length);
    for (let e = 0, i = this.tail; i; e++) t[e] = i.value, i = i.prev;
    return t;
  }
  slice(t = 0, e = this.length) {
    e < 0 && (e += this.length), t < 0 && (t += this.length);
    let i = new s2();
    if (e < t || e < 0) return i;
    t < 0 && (t = 0), e > this.length && (e = this.length);
    let r = this.head, n = 0;
    for (n = 0; r && n < t; n++) r = r.next;
    for (; r && n < e; n++, r = r.next) i.push(r.value);
    return i;
  }
  sliceReverse(t = 0, e = this.length) {
    e < 0 && (e += this.length), t < 0 && (t += this.length);
    let i = new s2();
    if (e < t || e < 0) return i;
    t < 0 && (t = 0), e > this.length && (e = this.length);
    let r = this.length, n = this.tail;
    for (; n && r > e; r--) n = n.prev;
    for (; n && r > t; r--, n = n.prev) i.push(n.value);
    return i;
  }
  splice(t, e = 0, ...i) {
    t > this.length && (t = this.length - 1), t < 0 && (t = this.length + t);
    let r = this.head;
    for (let o = 0; r && o < t; o++) r = r.next;
    let n = [];
    for (let o = 0; r && o < e; o++) n.push(r.value), r = this.removeNode(r);
    r ? r !== this.tail && (r = r.prev) : r = this.tail;
    for (let o of i) r = Zn(this, r, o);
    return n;
  }
  reverse() {
    let t = this.head, e = this.tail;
    for (let i = t; i; i = i.prev) {
      let r = i.prev;
      i.prev = i.next, i.next = r;
    }
    return this.head = e, this.tail = t, this;
  }
};
function Zn(s3, t, e) {
  let i = t, r = t ? t.next : s3.head, n = new ue(e, i, r, s3);
  return n.next === void 0 && (s3.tail = n), n.prev === void 0 && (s3.head = n), s3.length++, n;
}
function Yn(s3, t) {
  s3.tail = new ue(t, s3.tail, void 0, s3), s3.head || (s3.head = s3.tail), s3.length++;
}
function Kn(s3, t) {
  s3.head = new ue(t, void 0, s3.head, s3), s3.tail || (s3.tail = s3.head), s3.length++;
}
var ue = class {
  list;
  next;
  prev;
  value;
  constructor(t, e, i, r) {
    this.list = r, this.value = t, e ? (e.next = this, this.prev = e) : this.prev = void 0, i ? (i.prev = this, this.next = i) : this.next = void 0;
  }
};
var pi = class {
  path;
  absolute;
  entry;
  stat;
  readdir;
  pending = false;
  pendingLink = false;
  ignore = false;
  piped = false;
  constructor(t, e) {
    this.path = t || "./", this.absolute = e;
  }
};
var nr = Buffer.alloc(1024);
var li = /* @__PURE__ */ Symbol("onStat");
var me = /* @__PURE__ */ Symbol("ended");
var W = /* @__PURE__ */ Symbol("queue");
var pe = /* @__PURE__ */ Symbol("pendingLinks");
var Et = /* @__PURE__ */ Symbol("current");
var Ft = /* @__PURE__ */ Symbol("process");
var Ee = /* @__PURE__ */ Symbol("processing");
var ai = /* @__PURE__ */ Symbol("processJob");
var G = /* @__PURE__ */ Symbol("jobs");
var ls = /* @__PURE__ */ Symbol("jobDone");
var ci = /* @__PURE__ */ Symbol("addFSEntry");
var or = /* @__PURE__ */ Symbol("addTarEntry");
var ds = /* @__PURE__ */ Symbol("stat");
var us = /* @__PURE__ */ Symbol("readdir");
var fi = /* @__PURE__ */ Symbol("onreaddir");
var di = /* @__PURE__ */ Symbol("pipe");
var hr = /* @__PURE__ */ Symbol("entry");
var cs = /* @__PURE__ */ Symbol("entryOpt");
var ui = /* @__PURE__ */ Symbol("writeEntryClass");
var lr = /* @__PURE__ */ Symbol("write");
var fs = /* @__PURE__ */ Symbol("ondrain");
var wt = class extends A {
  sync = false;
  opt;
  cwd;
  maxReadSize;
  preservePaths;
  strict;
  noPax;
  prefix;
  linkCache;
  statCache;
  file;
  portable;
  zip;
  readdirCache;
  noDirRecurse;
  follow;
  noMtime;
  mtime;
  filter;
  jobs;
  [ui];
  onWriteEntry;
  [W];
  [pe] = /* @__PURE__ */ new Map();
  [G] = 0;
  [Ee] = false;
  [me] = false;
  constructor(t = {}) {
    if (super(), this.opt = t, this.file = t.file || "", this.cwd = t.cwd || process.cwd(), this.maxReadSize = t.maxReadSize, this.preservePaths = !!t.preservePaths, this.strict = !!t.strict, this.noPax = !!t.noPax, this.prefix = f(t.prefix || ""), this.linkCache = t.linkCache || /* @__PURE__ */ new Map(), this.statCache = t.statCache || /* @__PURE__ */ new Map(), this.readdirCache = t.readdirCache || /* @__PURE__ */ new Map(), this.onWriteEntry = t.onWriteEntry, this[ui] = de, typeof t.onwarn == "function" && this.on("warn", t.onwarn), this.portable = !!t.portable, t.gzip || t.brotli || t.zstd) {
      if ((t.gzip ? 1 : 0) + (t.brotli ? 1 : 0) + (t.zstd ? 1 : 0) > 1) throw new TypeError("gzip, brotli, zstd are mutually exclusive");
      if (t.gzip && (typeof t.gzip != "object" && (t.gzip = {}), this.portable && (t.gzip.portable = true), this.zip = new ze(t.gzip)), t.brotli && (typeof t.brotli != "object" && (t.brotli = {}), this.zip = new We(t.brotli)), t.zstd && (typeof t.zstd != "object" && (t.zstd = {}), this.zip = new Ye(t.zstd)), !this.zip) throw new Error("impossible");
      let e = this.zip;
      e.on("data", (i) => super.write(i)), e.on("end", () => super.end()), e.on("drain", () => this[fs]()), this.on("resume", () => e.resume());
    } else this.on("drain", this[fs]);
    this.noDirRecurse = !!t.noDirRecurse, this.follow = !!t.follow, this.noMtime = !!t.noMtime, t.mtime && (this.mtime = t.mtime), this.filter = typeof t.filter == "function" ? t.filter : () => true, this[W] = new hi(), this[G] = 0, this.jobs = Number(t.jobs) || 4, this[Ee] = false, this[me] = false;
  }
  [lr](t) {
    return super.write(t);
  }
  add(t) {
    return this.write(t), this;
  }
  end(t, e, i) {
    return typeof t == "function" && (i = t, t = void 0), typeof e == "function" && (i = e, e = void 0), t && this.add(t), this[me] = true, this[Ft](), i && i(), this;
  }
  write(t) {
    if (this[me]) throw new Error("write after end");
    return typeof t == "string" ? this[ci](t) : this[or](t), this.flowing;
  }
  [or](t) {
    let e = f(ar.resolve(this.cwd, t.path));
    if (!this.filter(t.path, t)) t.resume();
    else {
      let i = new pi(t.path, e);
      i.entry = new oi(t, this[cs](i)), i.entry.on("end", () => this[ls](i)), this[G] += 1, this[W].push(i);
    }
    this[Ft]();
  }
  [ci](t) {
    let e = f(ar.resolve(this.cwd, t));
    this[W].push(new pi(t, e)), this[Ft]();
  }
  [ds](t) {
    t.pending = true, this[G] += 1;
    let e = this.follow ? "stat" : "lstat";
    mi[e](t.absolute, (i, r) => {
      t.pending = false, this[G] -= 1, i ? this.emit("error", i) : this[li](t, r);
    });
  }
  [li](t, e) {
    if (this.statCache.set(t.absolute, e), t.stat = e, !this.filter(t.path, e)) t.ignore = true;
    else if (e.isFile() && e.nlink > 1 && !this.linkCache.get(`${e.dev}:${e.ino}`) && !this.sync) if (t === this[Et]) this[ai](t);
    else {
      let i = `${e.dev}:${e.ino}`, r = this[pe].get(i);
      r ? r.push(t) : this[pe].set(i, [t]), t.pendingLink = true, t.pending = true;
    }
    this[Ft]();
  }
  [us](t) {
    t.pending = true, this[G] += 1, mi.readdir(t.absolute, (e, i) => {
      if (t.pending = false, this[G] -= 1, e) return this.emit("error", e);
      this[fi](t, i);
    });
  }
  [fi](t, e) {
    this.readdirCache.set(t.absolute, e), t.readdir = e, this[Ft]();
  }
  [Ft]() {
    if (!this[Ee]) {
      this[Ee] = true;
      for (let t = this[W].head; t && this[G] < this.jobs; t = t.next) if (this[ai](t.value), t.value.ignore) {
        let e = t.next;
        this[W].removeNode(t), t.next = e;
      }
      this[Ee] = false, this[me] && this[W].length === 0 && this[G] === 0 && (this.zip ? this.zip.end(nr) : (super.write(nr), super.end()));
    }
  }
  get [Et]() {
    return this[W] && this[W].head && this[W].head.value;
  }
  [ls](t) {
    this[W].shift(), this[G] -= 1;
    let { stat: e } = t;
    if (e && e.isFile() && e.nlink > 1) {
      let i = `${e.dev}:${e.ino}`, r = this[pe].get(i);
      if (r) {
        this[pe].delete(i);
        for (let n of r) n.pending = false, this[ai](n);
      }
    }
    this[Ft]();
  }
  [ai](t) {
    if (t.pending && t.pendingLink && t === this[Et] && (t.pending = false, t.pendingLink = false), !t.pending) {
      if (t.entry) {
        t === this[Et] && !t.piped && this[di](t);
        return;
      }
      if (!t.stat) {
        let e = this.statCache.get(t.absolute);
        e ? this[li](t, e) : this[ds](t);
      }
      if (t.stat && !t.ignore) {
        if (!this.noDirRecurse && t.stat.isDirectory() && !t.readdir) {
          let e = this.readdirCache.get(t.absolute);
          if (e ? this[fi](t, e) : this[us](t), !t.readdir) return;
        }
        if (t.entry = this[hr](t), !t.entry) {
          t.ignore = true;
          return;
        }
        t === this[Et] && !t.piped && this[di](t);
      }
    }
  }
  [cs](t) {
    return { onwarn: (e, i, r) => this.warn(e, i, r), noPax: this.noPax, cwd: this.cwd, absolute: t.absolute, preservePaths: this.preservePaths, maxReadSize: this.maxReadSize, strict: this.strict, portable: this.portable, linkCache: this.linkCache, statCache: this.statCache, noMtime: this.noMtime, mtime: this.mtime, prefix: this.prefix, onWriteEntry: this.onWriteEntry };
  }
  [hr](t) {
    this[G] += 1;
    try {
      return new this[ui](t.path, this[cs](t)).on("end", () => this[ls](t)).on("error", (i) => this.emit("error", i));
    } catch (e) {
      this.emit("error", e);
    }
  }
  [fs]() {
    this[Et] && this[Et].entry && this[Et].entry.resume();
  }
  [di](t) {
    t.piped = true, t.readdir && t.readdir.forEach((r) => {
      let n = t.path, o = n === "./" ? "" : n.replace(/\/*$/, "/");
      this[ci](o + r);
    });
    let e = t.entry, i = this.zip;
    if (!e) throw new Error("cannot pipe without source");
    i ? e.on("data", (r) => {
      i.write(r) || e.pause();
    }) : e.on("data", (r) => {
      super.write(r) || e.pause();
    });
  }
  pause() {
    return this.zip && this.zip.pause(), super.pause();
  }
  warn(t, e, i = {}) {
    Dt(this, t, e, i);
  }
};
var kt = class extends wt {
  sync = true;
  constructor(t) {
    super(t), this[ui] = ni;
  }
  pause() {
  }
  resume() {
  }
  [ds](t) {
    let e = this.follow ? "statSync" : "lstatSync";
    this[li](t, mi[e](t.absolute));
  }
  [us](t) {
    this[fi](t, mi.readdirSync(t.absolute));
  }
  [di](t) {
    let e = t.entry, i = this.zip;
    if (t.readdir && t.readdir.forEach((r) => {
      let n = t.path, o = n === "./" ? "" : n.replace(/\/*$/, "/");
      this[ci](o + r);
    }), !e) throw new Error("Cannot pipe without source");
    i ? e.on("data", (r) => {
      i.write(r);
    }) : e.on("data", (r) => {
      super[lr](r);
    });
  }
};
var Vn = (s3, t) => {
  let e = new kt(s3), i = new Wt(s3.file, { mode: s3.mode || 438 });
  e.pipe(i), fr(e, t);
};
var $n = (s3, t) => {
  let e = new wt(s3), i = new et(s3.file, { mode: s3.mode || 438 });
  e.pipe(i);
  let r = new Promise((n, o) => {
    i.on("error", o), i.on("close", n), e.on("error", o);
  });
  return dr(e, t).catch((n) => e.emit("error", n)), r;
};
var fr = (s3, t) => {
  t.forEach((e) => {
    e.charAt(0) === "@" ? Ct({ file: cr.resolve(s3.cwd, e.slice(1)), sync: true, noResume: true, onReadEntry: (i) => s3.add(i) }) : s3.add(e);
  }), s3.end();
};
var dr = async (s3, t) => {
  for (let e of t) e.charAt(0) === "@" ? await Ct({ file: cr.resolve(String(s3.cwd), e.slice(1)), noResume: true, onReadEntry: (i) => {
    s3.add(i);
  } }) : s3.add(e);
  s3.end();
};
var Xn = (s3, t) => {
  let e = new kt(s3);
  return fr(e, t), e;
};
var qn = (s3, t) => {
  let e = new wt(s3);
  return dr(e, t).catch((i) => e.emit("error", i)), e;
};
var Qn = K(Vn, $n, Xn, qn, (s3, t) => {
  if (!t?.length) throw new TypeError("no paths specified to add to archive");
});
var Jn = process.env.__FAKE_PLATFORM__ || process.platform;
var Er = Jn === "win32";
var { O_CREAT: wr, O_NOFOLLOW: ur, O_TRUNC: Sr, O_WRONLY: yr } = pr.constants;
var Rr = Number(process.env.__FAKE_FS_O_FILENAME__) || pr.constants.UV_FS_O_FILEMAP || 0;
var jn = Er && !!Rr;
var to = 512 * 1024;
var eo = Rr | Sr | wr | yr;
var mr = !Er && typeof ur == "number" ? ur | Sr | wr | yr : null;
var ms = mr !== null ? () => mr : jn ? (s3) => s3 < to ? eo : "w" : () => "w";
var ps = (s3, t, e) => {
  try {
    return wi.lchownSync(s3, t, e);
  } catch (i) {
    if (i?.code !== "ENOENT") throw i;
  }
};
var Ei = (s3, t, e, i) => {
  wi.lchown(s3, t, e, (r) => {
    i(r && r?.code !== "ENOENT" ? r : null);
  });
};
var io = (s3, t, e, i, r) => {
  if (t.isDirectory()) Es(we.resolve(s3, t.name), e, i, (n) => {
    if (n) return r(n);
    let o = we.resolve(s3, t.name);
    Ei(o, e, i, r);
  });
  else {
    let n = we.resolve(s3, t.name);
    Ei(n, e, i, r);
  }
};
var Es = (s3, t, e, i) => {
  wi.readdir(s3, { withFileTypes: true }, (r, n) => {
    if (r) {
      if (r.code === "ENOENT") return i();
      if (r.code !== "ENOTDIR" && r.code !== "ENOTSUP") return i(r);
    }
    if (r || !n.length) return Ei(s3, t, e, i);
    let o = n.length, h = null, a = (l) => {
      if (!h) {
        if (l) return i(h = l);
        if (--o === 0) return Ei(s3, t, e, i);
      }
    };
    for (let l of n) io(s3, l, t, e, a);
  });
};
var so = (s3, t, e, i) => {
  t.isDirectory() && ws(we.resolve(s3, t.name), e, i), ps(we.resolve(s3, t.name), e, i);
};
var ws = (s3, t, e) => {
  let i;
  try {
    i = wi.readdirSync(s3, { withFileTypes: true });
  } catch (r) {
    let n = r;
    if (n?.code === "ENOENT") return;
    if (n?.code === "ENOTDIR" || n?.code === "ENOTSUP") return ps(s3, t, e);
    throw n;
  }
  for (let r of i) so(s3, r, t, e);
  return ps(s3, t, e);
};
var Se = class extends Error {
  path;
  code;
  syscall = "chdir";
  constructor(t, e) {
    super(`${e}: Cannot cd into '${t}'`), this.path = t, this.code = e;
  }
  get name() {
    return "CwdError";
  }
};
var St = class extends Error {
  path;
  symlink;
  syscall = "symlink";
  code = "TAR_SYMLINK_ERROR";
  constructor(t, e) {
    super("TAR_SYMLINK_ERROR: Cannot extract through symbolic link"), this.symlink = t, this.path = e;
  }
  get name() {
    return "SymlinkError";
  }
};
var no = (s3, t) => {
  k.stat(s3, (e, i) => {
    (e || !i.isDirectory()) && (e = new Se(s3, e?.code || "ENOTDIR")), t(e);
  });
};
var gr = (s3, t, e) => {
  s3 = f(s3);
  let i = t.umask ?? 18, r = t.mode | 448, n = (r & i) !== 0, o = t.uid, h = t.gid, a = typeof o == "number" && typeof h == "number" && (o !== t.processUid || h !== t.processGid), l = t.preserve, c = t.unlink, d = f(t.cwd), y = (E, x) => {
    E ? e(E) : x && a ? Es(x, o, h, (Le) => y(Le)) : n ? k.chmod(s3, r, e) : e();
  };
  if (s3 === d) return no(s3, y);
  if (l) return ro.mkdir(s3, { mode: r, recursive: true }).then((E) => y(null, E ?? void 0), y);
  let D = f(Si.relative(d, s3)).split("/");
  Ss(d, D, r, c, d, void 0, y);
};
var Ss = (s3, t, e, i, r, n, o) => {
  if (t.length === 0) return o(null, n);
  let h = t.shift(), a = f(Si.resolve(s3 + "/" + h));
  k.mkdir(a, e, br(a, t, e, i, r, n, o));
};
var br = (s3, t, e, i, r, n, o) => (h) => {
  h ? k.lstat(s3, (a, l) => {
    if (a) a.path = a.path && f(a.path), o(a);
    else if (l.isDirectory()) Ss(s3, t, e, i, r, n, o);
    else if (i) k.unlink(s3, (c) => {
      if (c) return o(c);
      k.mkdir(s3, e, br(s3, t, e, i, r, n, o));
    });
    else {
      if (l.isSymbolicLink()) return o(new St(s3, s3 + "/" + t.join("/")));
      o(h);
    }
  }) : (n = n || s3, Ss(s3, t, e, i, r, n, o));
};
var oo = (s3) => {
  let t = false, e;
  try {
    t = k.statSync(s3).isDirectory();
  } catch (i) {
    e = i?.code;
  } finally {
    if (!t) throw new Se(s3, e ?? "ENOTDIR");
  }
};
var _r = (s3, t) => {
  s3 = f(s3);
  let e = t.umask ?? 18, i = t.mode | 448, r = (i & e) !== 0, n = t.uid, o = t.gid, h = typeof n == "number" && typeof o == "number" && (n !== t.processUid || o !== t.processGid), a = t.preserve, l = t.unlink, c = f(t.cwd), d = (E) => {
    E && h && ws(E, n, o), r && k.chmodSync(s3, i);
  };
  if (s3 === c) return oo(c), d();
  if (a) return d(k.mkdirSync(s3, { mode: i, recursive: true }) ?? void 0);
  let T = f(Si.relative(c, s3)).split("/"), D;
  for (let E = T.shift(), x = c; E && (x += "/" + E); E = T.shift()) {
    x = f(Si.resolve(x));
    try {
      k.mkdirSync(x, i), D = D || x;
    } catch {
      let Le = k.lstatSync(x);
      if (Le.isDirectory()) continue;
      if (l) {
        k.unlinkSync(x), k.mkdirSync(x, i), D = D || x;
        continue;
      } else if (Le.isSymbolicLink()) return new St(x, x + "/" + T.join("/"));
    }
  }
  return d(D);
};
var ys = /* @__PURE__ */ Object.create(null);
var Or = 1e4;
var Vt = /* @__PURE__ */ new Set();
var Tr = (s3) => {
  Vt.has(s3) ? Vt.delete(s3) : ys[s3] = s3.normalize("NFD").toLocaleLowerCase("en").toLocaleUpperCase("en"), Vt.add(s3);
  let t = ys[s3], e = Vt.size - Or;
  if (e > Or / 10) {
    for (let i of Vt) if (Vt.delete(i), delete ys[i], --e <= 0) break;
  }
  return t;
};
var ho = process.env.TESTING_TAR_FAKE_PLATFORM || process.platform;
var ao = ho === "win32";
var lo = (s3) => s3.split("/").slice(0, -1).reduce((e, i) => {
  let r = e.at(-1);
  return r !== void 0 && (i = xr(r, i)), e.push(i || "/"), e;
}, []);
var yi = class {
  #t = /* @__PURE__ */ new Map();
  #i = /* @__PURE__ */ new Map();
  #s = /* @__PURE__ */ new Set();
  reserve(t, e) {
    t = ao ? ["win32 parallelization disabled"] : t.map((r) => mt(xr(Tr(r))));
    let i = new Set(t.map((r) => lo(r)).reduce((r, n) => r.concat(n)));
    this.#i.set(e, { dirs: i, paths: t });
    for (let r of t) {
      let n = this.#t.get(r);
      n ? n.push(e) : this.#t.set(r, [e]);
    }
    for (let r of i) {
      let n = this.#t.get(r);
      if (!n) this.#t.set(r, [/* @__PURE__ */ new Set([e])]);
      else {
        let o = n.at(-1);
        o instanceof Set ? o.add(e) : n.push(/* @__PURE__ */ new Set([e]));
      }
    }
    return this.#r(e);
  }
  #n(t) {
    let e = this.#i.get(t);
    if (!e) throw new Error("function does not have any path reservations");
    return { paths: e.paths.map((i) => this.#t.get(i)), dirs: [...e.dirs].map((i) => this.#t.get(i)) };
  }
  check(t) {
    let { paths: e, dirs: i } = this.#n(t);
    return e.every((r) => r && r[0] === t) && i.every((r) => r && r[0] instanceof Set && r[0].has(t));
  }
  #r(t) {
    return this.#s.has(t) || !this.check(t) ? false : (this.#s.add(t), t(() => this.#e(t)), true);
  }
  #e(t) {
    if (!this.#s.has(t)) return false;
    let e = this.#i.get(t);
    if (!e) throw new Error("invalid reservation");
    let { paths: i, dirs: r } = e, n = /* @__PURE__ */ new Set();
    for (let o of i) {
      let h = this.#t.get(o);
      if (!h || h?.[0] !== t) continue;
      let a = h[1];
      if (!a) {
        this.#t.delete(o);
        continue;
      }
      if (h.shift(), typeof a == "function") n.add(a);
      else for (let l of a) n.add(l);
    }
    for (let o of r) {
      let h = this.#t.get(o), a = h?.[0];
      if (!(!h || !(a instanceof Set))) if (a.size === 1 && h.length === 1) {
        this.#t.delete(o);
        continue;
      } else if (a.size === 1) {
        h.shift();
        let l = h[0];
        typeof l == "function" && n.add(l);
      } else a.delete(t);
    }
    return this.#s.delete(t), n.forEach((o) => this.#r(o)), true;
  }
};
var Lr = () => process.umask();
var Dr = /* @__PURE__ */ Symbol("onEntry");
var _s = /* @__PURE__ */ Symbol("checkFs");
var Nr = /* @__PURE__ */ Symbol("checkFs2");
var Os = /* @__PURE__ */ Symbol("isReusable");
var P = /* @__PURE__ */ Symbol("makeFs");
var Ts = /* @__PURE__ */ Symbol("file");
var xs = /* @__PURE__ */ Symbol("directory");
var gi = /* @__PURE__ */ Symbol("link");
var Ar = /* @__PURE__ */ Symbol("symlink");
var Ir = /* @__PURE__ */ Symbol("hardlink");
var Re = /* @__PURE__ */ Symbol("ensureNoSymlink");
var Cr = /* @__PURE__ */ Symbol("unsupported");
var Fr = /* @__PURE__ */ Symbol("checkPath");
var Rs = /* @__PURE__ */ Symbol("stripAbsolutePath");
var yt = /* @__PURE__ */ Symbol("mkdir");
var O = /* @__PURE__ */ Symbol("onError");
var Ri = /* @__PURE__ */ Symbol("pending");
var kr = /* @__PURE__ */ Symbol("pend");
var $t = /* @__PURE__ */ Symbol("unpend");
var gs = /* @__PURE__ */ Symbol("ended");
var bs = /* @__PURE__ */ Symbol("maybeClose");
var Ls = /* @__PURE__ */ Symbol("skip");
var ge = /* @__PURE__ */ Symbol("doChown");
var be = /* @__PURE__ */ Symbol("uid");
var _e = /* @__PURE__ */ Symbol("gid");
var Oe = /* @__PURE__ */ Symbol("checkedCwd");
var fo = process.env.TESTING_TAR_FAKE_PLATFORM || process.platform;
var Te = fo === "win32";
var uo = 1024;
var mo = (s3, t) => {
  if (!Te) return u.unlink(s3, t);
  let e = s3 + ".DELETE." + Mr(16).toString("hex");
  u.rename(s3, e, (i) => {
    if (i) return t(i);
    u.unlink(e, t);
  });
};
var po = (s3) => {
  if (!Te) return u.unlinkSync(s3);
  let t = s3 + ".DELETE." + Mr(16).toString("hex");
  u.renameSync(s3, t), u.unlinkSync(t);
};
var vr = (s3, t, e) => s3 !== void 0 && s3 === s3 >>> 0 ? s3 : t !== void 0 && t === t >>> 0 ? t : e;
var Xt = class extends rt {
  [gs] = false;
  [Oe] = false;
  [Ri] = 0;
  reservations = new yi();
  transform;
  writable = true;
  readable = false;
  uid;
  gid;
  setOwner;
  preserveOwner;
  processGid;
  processUid;
  maxDepth;
  forceChown;
  win32;
  newer;
  keep;
  noMtime;
  preservePaths;
  unlink;
  cwd;
  strip;
  processUmask;
  umask;
  dmode;
  fmode;
  chmod;
  constructor(t = {}) {
    if (t.ondone = () => {
      this[gs] = true, this[bs]();
    }, super(t), this.transform = t.transform, this.chmod = !!t.chmod, typeof t.uid == "number" || typeof t.gid == "number") {
      if (typeof t.uid != "number" || typeof t.gid != "number") throw new TypeError("cannot set owner without number uid and gid");
      if (t.preserveOwner) throw new TypeError("cannot preserve owner in archive and also set owner explicitly");
      this.uid = t.uid, this.gid = t.gid, this.setOwner = true;
    } else this.uid = void 0, this.gid = void 0, this.setOwner = false;
    this.preserveOwner = t.preserveOwner === void 0 && typeof t.uid != "number" ? process.getuid?.() === 0 : !!t.preserveOwner, this.processUid = (this.preserveOwner || this.setOwner) && process.getuid ? process.getuid() : void 0, this.processGid = (this.preserveOwner || this.setOwner) && process.getgid ? process.getgid() : void 0, this.maxDepth = typeof t.maxDepth == "number" ? t.maxDepth : uo, this.forceChown = t.forceChown === true, this.win32 = !!t.win32 || Te, this.newer = !!t.newer, this.keep = !!t.keep, this.noMtime = !!t.noMtime, this.preservePaths = !!t.preservePaths, this.unlink = !!t.unlink, this.cwd = f(R.resolve(t.cwd || process.cwd())), this.strip = Number(t.strip) || 0, this.processUmask = this.chmod ? typeof t.processUmask == "number" ? t.processUmask : Lr() : 0, this.umask = typeof t.umask == "number" ? t.umask : this.processUmask, this.dmode = t.dmode || 511 & ~this.umask, this.fmode = t.fmode || 438 & ~this.umask, this.on("entry", (e) => this[Dr](e));
  }
  warn(t, e, i = {}) {
    return (t === "TAR_BAD_ARCHIVE" || t === "TAR_ABORT") && (i.recoverable = false), super.warn(t, e, i);
  }
  [bs]() {
    this[gs] && this[Ri] === 0 && (this.emit("prefinish"), this.emit("finish"), this.emit("end"));
  }
  [Rs](t, e) {
    let i = t[e], { type: r } = t;
    if (!i || this.preservePaths) return true;
    let [n, o] = ce(i), h = o.replaceAll(/\\/g, "/").split("/");
    if (h.includes("..") || Te && /^[a-z]:\.\.$/i.test(h[0] ?? "")) {
      if (e === "path" || r === "Link") return this.warn("TAR_ENTRY_ERROR", `${e} contains '..'`, { entry: t, [e]: i }), false;
      let a = R.posix.dirname(t.path), l = R.posix.normalize(R.posix.join(a, h.join("/")));
      if (l.startsWith("../") || l === "..") return this.warn("TAR_ENTRY_ERROR", `${e} escapes extraction directory`, { entry: t, [e]: i }), false;
    }
    return n && (t[e] = String(o), this.warn("TAR_ENTRY_INFO", `stripping ${n} from absolute ${e}`, { entry: t, [e]: i })), true;
  }
  [Fr](t) {
    let e = f(t.path), i = e.split("/");
    if (this.strip) {
      if (i.length < this.strip) return false;
      if (t.type === "Link") {
        let r = f(String(t.linkpath)).split("/");
        if (r.length >= this.strip) t.linkpath = r.slice(this.strip).join("/");
        else return false;
      }
      i.splice(0, this.strip), t.path = i.join("/");
    }
    if (isFinite(this.maxDepth) && i.length > this.maxDepth) return this.warn("TAR_ENTRY_ERROR", "path excessively deep", { entry: t, path: e, depth: i.length, maxDepth: this.maxDepth }), false;
    if (!this[Rs](t, "path") || !this[Rs](t, "linkpath")) return false;
    if (t.absolute = R.isAbsolute(t.path) ? f(R.resolve(t.path)) : f(R.resolve(this.cwd, t.path)), !this.preservePaths && typeof t.absolute == "string" && t.absolute.indexOf(this.cwd + "/") !== 0 && t.absolute !== this.cwd) return this.warn("TAR_ENTRY_ERROR", "path escaped extraction target", { entry: t, path: f(t.path), resolvedPath: t.absolute, cwd: this.cwd }), false;
    if (t.absolute === this.cwd && t.type !== "Directory" && t.type !== "GNUDumpDir") return false;
    if (this.win32) {
      let { root: r } = R.win32.parse(String(t.absolute));
      t.absolute = r + ts(String(t.absolute).slice(r.length));
      let { root: n } = R.win32.parse(t.path);
      t.path = n + ts(t.path.slice(n.length));
    }
    return true;
  }
  [Dr](t) {
    if (!this[Fr](t)) return t.resume();
    switch (co.equal(typeof t.absolute, "string"), t.type) {
      case "Directory":
      case "GNUDumpDir":
        t.mode && (t.mode = t.mode | 448);
      case "File":
      case "OldFile":
      case "ContiguousFile":
      case "Link":
      case "SymbolicLink":
        return this[_s](t);
      default:
        return this[Cr](t);
    }
  }
  [O](t, e) {
    t.name === "CwdError" ? this.emit("error", t) : (this.warn("TAR_ENTRY_ERROR", t, { entry: e }), this[$t](), e.resume());
  }
  [yt](t, e, i) {
    gr(f(t), { uid: this.uid, gid: this.gid, processUid: this.processUid, processGid: this.processGid, umask: this.processUmask, preserve: this.preservePaths, unlink: this.unlink, cwd: this.cwd, mode: e }, i);
  }
  [ge](t) {
    return this.forceChown || this.preserveOwner && (typeof t.uid == "number" && t.uid !== this.processUid || typeof t.gid == "number" && t.gid !== this.processGid) || typeof this.uid == "number" && this.uid !== this.processUid || typeof this.gid == "number" && this.gid !== this.processGid;
  }
  [be](t) {
    return vr(this.uid, t.uid, this.processUid);
  }
  [_e](t) {
    return vr(this.gid, t.gid, this.processGid);
  }
  [Ts](t, e) {
    let i = typeof t.mode == "number" ? t.mode & 4095 : this.fmode, r = new et(String(t.absolute), { flags: ms(t.size), mode: i, autoClose: false });
    r.on("error", (a) => {
      r.fd && u.close(r.fd, () => {
      }), r.write = () => true, this[O](a, t), e();
    });
    let n = 1, o = (a) => {
      if (a) {
        r.fd && u.close(r.fd, () => {
        }), this[O](a, t), e();
        return;
      }
      --n === 0 && r.fd !== void 0 && u.close(r.fd, (l) => {
        l ? this[O](l, t) : this[$t](), e();
      });
    };
    r.on("finish", () => {
      let a = String(t.absolute), l = r.fd;
      if (typeof l == "number" && t.mtime && !this.noMtime) {
        n++;
        let c = t.atime || /* @__PURE__ */ new Date(), d = t.mtime;
        u.futimes(l, c, d, (y) => y ? u.utimes(a, c, d, (T) => o(T && y)) : o());
      }
      if (typeof l == "number" && this[ge](t)) {
        n++;
        let c = this[be](t), d = this[_e](t);
        typeof c == "number" && typeof d == "number" && u.fchown(l, c, d, (y) => y ? u.chown(a, c, d, (T) => o(T && y)) : o());
      }
      o();
    });
    let h = this.transform && this.transform(t) || t;
    h !== t && (h.on("error", (a) => {
      this[O](a, t), e();
    }), t.pipe(h)), h.pipe(r);
  }
  [xs](t, e) {
    let i = typeof t.mode == "number" ? t.mode & 4095 : this.dmode;
    this[yt](String(t.absolute), i, (r) => {
      if (r) {
        this[O](r, t), e();
        return;
      }
      let n = 1, o = () => {
        --n === 0 && (e(), this[$t](), t.resume());
      };
      t.mtime && !this.noMtime && (n++, u.utimes(String(t.absolute), t.atime || /* @__PURE__ */ new Date(), t.mtime, o)), this[ge](t) && (n++, u.chown(String(t.absolute), Number(this[be](t)), Number(this[_e](t)), o)), o();
    });
  }
  [Cr](t) {
    t.unsupported = true, this.warn("TAR_ENTRY_UNSUPPORTED", `unsupported entry type: ${t.type}`, { entry: t }), t.resume();
  }
  [Ar](t, e) {
    let i = f(R.relative(this.cwd, R.resolve(R.dirname(String(t.absolute)), String(t.linkpath)))).split("/");
    this[Re](t, this.cwd, i, () => this[gi](t, String(t.linkpath), "symlink", e), (r) => {
      this[O](r, t), e();
    });
  }
  [Ir](t, e) {
    let i = f(R.resolve(this.cwd, String(t.linkpath))), r = f(String(t.linkpath)).split("/");
    this[Re](t, this.cwd, r, () => this[gi](t, i, "link", e), (n) => {
      this[O](n, t), e();
    });
  }
  [Re](t, e, i, r, n) {
    let o = i.shift();
    if (this.preservePaths || o === void 0) return r();
    let h = R.resolve(e, o);
    u.lstat(h, (a, l) => {
      if (a) return r();
      if (l?.isSymbolicLink()) return n(new St(h, R.resolve(h, i.join("/"))));
      this[Re](t, h, i, r, n);
    });
  }
  [kr]() {
    this[Ri]++;
  }
  [$t]() {
    this[Ri]--, this[bs]();
  }
  [Ls](t) {
    this[$t](), t.resume();
  }
  [Os](t, e) {
    return t.type === "File" && !this.unlink && e.isFile() && e.nlink <= 1 && !Te;
  }
  [_s](t) {
    this[kr]();
    let e = [t.path];
    t.linkpath && e.push(t.linkpath), this.reservations.reserve(e, (i) => this[Nr](t, i));
  }
  [Nr](t, e) {
    let i = (h) => {
      e(h);
    }, r = () => {
      this[yt](this.cwd, this.dmode, (h) => {
        if (h) {
          this[O](h, t), i();
          return;
        }
        this[Oe] = true, n();
      });
    }, n = () => {
      if (t.absolute !== this.cwd) {
        let h = f(R.dirname(String(t.absolute)));
        if (h !== this.cwd) return this[yt](h, this.dmode, (a) => {
          if (a) {
            this[O](a, t), i();
            return;
          }
          o();
        });
      }
      o();
    }, o = () => {
      u.lstat(String(t.absolute), (h, a) => {
        if (a && (this.keep || this.newer && a.mtime > (t.mtime ?? a.mtime))) {
          this[Ls](t), i();
          return;
        }
        if (h || this[Os](t, a)) return this[P](null, t, i);
        if (a.isDirectory()) {
          if (t.type === "Directory") {
            let l = this.chmod && t.mode && (a.mode & 4095) !== t.mode, c = (d) => this[P](d ?? null, t, i);
            return l ? u.chmod(String(t.absolute), Number(t.mode), c) : c();
          }
          if (t.absolute !== this.cwd) return u.rmdir(String(t.absolute), (l) => this[P](l ?? null, t, i));
        }
        if (t.absolute === this.cwd) return this[P](null, t, i);
        mo(String(t.absolute), (l) => this[P](l ?? null, t, i));
      });
    };
    this[Oe] ? n() : r();
  }
  [P](t, e, i) {
    if (t) {
      this[O](t, e), i();
      return;
    }
    switch (e.type) {
      case "File":
      case "OldFile":
      case "ContiguousFile":
        return this[Ts](e, i);
      case "Link":
        return this[Ir](e, i);
      case "SymbolicLink":
        return this[Ar](e, i);
      case "Directory":
      case "GNUDumpDir":
        return this[xs](e, i);
    }
  }
  [gi](t, e, i, r) {
    u[i](e, String(t.absolute), (n) => {
      n ? this[O](n, t) : (this[$t](), t.resume()), r();
    });
  }
};
var ye = (s3) => {
  try {
    return [null, s3()];
  } catch (t) {
    return [t, null];
  }
};
var xe = class extends Xt {
  sync = true;
  [P](t, e) {
    return super[P](t, e, () => {
    });
  }
  [_s](t) {
    if (!this[Oe]) {
      let n = this[yt](this.cwd, this.dmode);
      if (n) return this[O](n, t);
      this[Oe] = true;
    }
    if (t.absolute !== this.cwd) {
      let n = f(R.dirname(String(t.absolute)));
      if (n !== this.cwd) {
        let o = this[yt](n, this.dmode);
        if (o) return this[O](o, t);
      }
    }
    let [e, i] = ye(() => u.lstatSync(String(t.absolute)));
    if (i && (this.keep || this.newer && i.mtime > (t.mtime ?? i.mtime))) return this[Ls](t);
    if (e || this[Os](t, i)) return this[P](null, t);
    if (i.isDirectory()) {
      if (t.type === "Directory") {
        let o = this.chmod && t.mode && (i.mode & 4095) !== t.mode, [h] = o ? ye(() => {
          u.chmodSync(String(t.absolute), Number(t.mode));
        }) : [];
        return this[P](h, t);
      }
      let [n] = ye(() => u.rmdirSync(String(t.absolute)));
      this[P](n, t);
    }
    let [r] = t.absolute === this.cwd ? [] : ye(() => po(String(t.absolute)));
    this[P](r, t);
  }
  [Ts](t, e) {
    let i = typeof t.mode == "number" ? t.mode & 4095 : this.fmode, r = (h) => {
      let a;
      try {
        u.closeSync(n);
      } catch (l) {
        a = l;
      }
      (h || a) && this[O](h || a, t), e();
    }, n;
    try {
      n = u.openSync(String(t.absolute), ms(t.size), i);
    } catch (h) {
      return r(h);
    }
    let o = this.transform && this.transform(t) || t;
    o !== t && (o.on("error", (h) => this[O](h, t)), t.pipe(o)), o.on("data", (h) => {
      try {
        u.writeSync(n, h, 0, h.length);
      } catch (a) {
        r(a);
      }
    }), o.on("end", () => {
      let h = null;
      if (t.mtime && !this.noMtime) {
        let a = t.atime || /* @__PURE__ */ new Date(), l = t.mtime;
        try {
          u.futimesSync(n, a, l);
        } catch (c) {
          try {
            u.utimesSync(String(t.absolute), a, l);
          } catch {
            h = c;
          }
        }
      }
      if (this[ge](t)) {
        let a = this[be](t), l = this[_e](t);
        try {
          u.fchownSync(n, Number(a), Number(l));
        } catch (c) {
          try {
            u.chownSync(String(t.absolute), Number(a), Number(l));
          } catch {
            h = h || c;
          }
        }
      }
      r(h);
    });
  }
  [xs](t, e) {
    let i = typeof t.mode == "number" ? t.mode & 4095 : this.dmode, r = this[yt](String(t.absolute), i);
    if (r) {
      this[O](r, t), e();
      return;
    }
    if (t.mtime && !this.noMtime) try {
      u.utimesSync(String(t.absolute), t.atime || /* @__PURE__ */ new Date(), t.mtime);
    } catch {
    }
    if (this[ge](t)) try {
      u.chownSync(String(t.absolute), Number(this[be](t)), Number(this[_e](t)));
    } catch {
    }
    e(), t.resume();
  }
  [yt](t, e) {
    try {
      return _r(f(t), { uid: this.uid, gid: this.gid, processUid: this.processUid, processGid: this.processGid, umask: this.processUmask, preserve: this.preservePaths, unlink: this.unlink, cwd: this.cwd, mode: e });
    } catch (i) {
      return i;
    }
  }
  [Re](t, e, i, r, n) {
    if (this.preservePaths || i.length === 0) return r();
    let o = e;
    for (let h of i) {
      o = R.resolve(o, h);
      let [a, l] = ye(() => u.lstatSync(o));
      if (a) return r();
      if (l.isSymbolicLink()) return n(new St(o, R.resolve(e, i.join("/"))));
    }
    r();
  }
  [gi](t, e, i, r) {
    let n = `${i}Sync`;
    try {
      u[n](e, String(t.absolute)), r(), t.resume();
    } catch (o) {
      return this[O](o, t);
    }
  }
};
var Eo = (s3) => {
  let t = new xe(s3), e = s3.file, i = Br.statSync(e), r = s3.maxReadSize || 16 * 1024 * 1024;
  new Be(e, { readSize: r, size: i.size }).pipe(t);
};
var wo = (s3, t) => {
  let e = new Xt(s3), i = s3.maxReadSize || 16 * 1024 * 1024, r = s3.file;
  return new Promise((o, h) => {
    e.on("error", h), e.on("close", o), Br.stat(r, (a, l) => {
      if (a) h(a);
      else {
        let c = new _t(r, { readSize: i, size: l.size });
        c.on("error", h), c.pipe(e);
      }
    });
  });
};
var So = K(Eo, wo, (s3) => new xe(s3), (s3) => new Xt(s3), (s3, t) => {
  t?.length && Qi(s3, t);
});
var yo = (s3, t) => {
  let e = new kt(s3), i = true, r, n;
  try {
    try {
      r = v.openSync(s3.file, "r+");
    } catch (a) {
      if (a?.code === "ENOENT") r = v.openSync(s3.file, "w+");
      else throw a;
    }
    let o = v.fstatSync(r), h = Buffer.alloc(512);
    t: for (n = 0; n < o.size; n += 512) {
      for (let c = 0, d = 0; c < 512; c += d) {
        if (d = v.readSync(r, h, c, h.length - c, n + c), n === 0 && h[0] === 31 && h[1] === 139) throw new Error("cannot append to compressed archives");
        if (!d) break t;
      }
      let a = new F(h);
      if (!a.cksumValid) break;
      let l = 512 * Math.ceil((a.size || 0) / 512);
      if (n + l + 512 > o.size) break;
      n += l, s3.mtimeCache && a.mtime && s3.mtimeCache.set(String(a.path), a.mtime);
    }
    i = false, Ro(s3, e, n, r, t);
  } finally {
    if (i) try {
      v.closeSync(r);
    } catch {
    }
  }
};
var Ro = (s3, t, e, i, r) => {
  let n = new Wt(s3.file, { fd: i, start: e });
  t.pipe(n), bo(t, r);
};
var go = (s3, t) => {
  t = Array.from(t);
  let e = new wt(s3), i = (n, o, h) => {
    let a = (T, D) => {
      T ? v.close(n, (E) => h(T)) : h(null, D);
    }, l = 0;
    if (o === 0) return a(null, 0);
    let c = 0, d = Buffer.alloc(512), y = (T, D) => {
      if (T || D === void 0) return a(T);
      if (c += D, c < 512 && D) return v.read(n, d, c, d.length - c, l + c, y);
      if (l === 0 && d[0] === 31 && d[1] === 139) return a(new Error("cannot append to compressed archives"));
      if (c < 512) return a(null, l);
      let E = new F(d);
      if (!E.cksumValid) return a(null, l);
      let x = 512 * Math.ceil((E.size ?? 0) / 512);
      if (l + x + 512 > o || (l += x + 512, l >= o)) return a(null, l);
      s3.mtimeCache && E.mtime && s3.mtimeCache.set(String(E.path), E.mtime), c = 0, v.read(n, d, 0, 512, l, y);
    };
    v.read(n, d, 0, 512, l, y);
  };
  return new Promise((n, o) => {
    e.on("error", o);
    let h = "r+", a = (l, c) => {
      if (l && l.code === "ENOENT" && h === "r+") return h = "w+", v.open(s3.file, h, a);
      if (l || !c) return o(l);
      v.fstat(c, (d, y) => {
        if (d) return v.close(c, () => o(d));
        i(c, y.size, (T, D) => {
          if (T) return o(T);
          let E = new et(s3.file, { fd: c, start: D });
          e.pipe(E), E.on("error", o), E.on("close", n), _o(e, t);
        });
      });
    };
    v.open(s3.file, h, a);
  });
};
var bo = (s3, t) => {
  t.forEach((e) => {
    e.charAt(0) === "@" ? Ct({ file: Pr.resolve(s3.cwd, e.slice(1)), sync: true, noResume: true, onReadEntry: (i) => s3.add(i) }) : s3.add(e);
  }), s3.end();
};
var _o = async (s3, t) => {
  for (let e of t) e.charAt(0) === "@" ? await Ct({ file: Pr.resolve(String(s3.cwd), e.slice(1)), noResume: true, onReadEntry: (i) => s3.add(i) }) : s3.add(e);
  s3.end();
};
var vt = K(yo, go, () => {
  throw new TypeError("file is required");
}, () => {
  throw new TypeError("file is required");
}, (s3, t) => {
  if (!Bs(s3)) throw new TypeError("file is required");
  if (s3.gzip || s3.brotli || s3.zstd || s3.file.endsWith(".br") || s3.file.endsWith(".tbr")) throw new TypeError("cannot append to compressed archives");
  if (!t?.length) throw new TypeError("no paths specified to add/replace");
});
var Oo = K(vt.syncFile, vt.asyncFile, vt.syncNoFile, vt.asyncNoFile, (s3, t = []) => {
  vt.validate?.(s3, t), To(s3);
});
var To = (s3) => {
  let t = s3.filter;
  s3.mtimeCache || (s3.mtimeCache = /* @__PURE__ */ new Map()), s3.filter = t ? (e, i) => t(e, i) && !((s3.mtimeCache?.get(e) ?? i.mtime ?? 0) > (i.mtime ?? 0)) : (e, i) => !((s3.mtimeCache?.get(e) ?? i.mtime ?? 0) > (i.mtime ?? 0));
};

// src/app/plugins/archive.ts
var ARCHIVE_LIMITS = { maxFiles: 200, maxBytes: 64 * 1024 * 1024 };
var ArchiveError = class extends Error {
  name = "ArchiveError";
};
function sha256(bytes) {
  return createHash("sha256").update(bytes).digest("hex");
}
function cleanPath(raw) {
  const path = raw.replace(/^(\.\/)+/, "").replace(/\/$/, "");
  if (path === "" || path.startsWith("/") || path.includes("\\") || path.includes("\0") || path.split("/").some((part) => part === ".." || part === "." || part === "")) {
    throw new ArchiveError(`it holds a file with an unsafe path "${raw.slice(0, 120)}"`);
  }
  return path;
}
function readArchive(bytes) {
  return new Promise((resolve4, reject) => {
    const files = /* @__PURE__ */ new Map();
    let total = 0;
    let settled = false;
    const fail = (reason) => {
      if (settled) return;
      settled = true;
      reject(new ArchiveError(reason));
    };
    const take = (entry) => {
      let path;
      try {
        path = cleanPath(entry.path);
      } catch (e) {
        entry.resume();
        return fail(e.message);
      }
      if (entry.type === "Directory") return entry.resume();
      if (entry.type !== "File" && entry.type !== "OldFile" && entry.type !== "ContiguousFile") {
        entry.resume();
        return fail(`it holds "${path}", a ${entry.type}; only regular files are allowed`);
      }
      if (files.has(path)) return fail(`it holds "${path}" twice`);
      if (files.size >= ARCHIVE_LIMITS.maxFiles) {
        return fail(`it holds more than ${ARCHIVE_LIMITS.maxFiles} files`);
      }
      total += entry.size;
      if (total > ARCHIVE_LIMITS.maxBytes) {
        return fail(`it unpacks to more than ${ARCHIVE_LIMITS.maxBytes} bytes`);
      }
      const chunks = [];
      entry.on("data", (c) => chunks.push(c));
      entry.on("end", () => files.set(path, Buffer.concat(chunks)));
    };
    const parser2 = new rt({ strict: true, onReadEntry: take });
    parser2.on("error", (e) => fail(`it is not a valid .tgz archive (${e.message})`));
    parser2.on("end", () => {
      if (settled) return;
      settled = true;
      if (files.size === 0) reject(new ArchiveError("it is empty or not a .tgz archive"));
      else resolve4(files);
    });
    parser2.end(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  });
}

// src/app/plugins/verify.ts
function checkSha256(bytes, promise) {
  const actual = sha256(bytes);
  if (actual !== promise.sha256)
    throw errors.pluginIntegrityFailed(promise.id, promise.where, promise.sha256, actual);
  return actual;
}
async function verifyArchive(bytes, promise) {
  checkSha256(bytes, promise);
  const opened = await openArchive(promise.id, bytes);
  const { manifest } = opened;
  const type = promise.type ?? manifest.driver.type;
  if (manifest.id !== promise.id || manifest.version !== promise.version || manifest.driver.type !== type) {
    if (promise.promisedBy === "catalog") {
      throw errors.pluginLoadFailed(
        promise.id,
        `its archive holds ${manifest.id} ${manifest.version} (type ${manifest.driver.type}), but the catalog promised ${promise.id} ${promise.version} (type ${type})`,
        "The catalog and its archive disagree; nothing was installed. Report this to whoever publishes the catalog."
      );
    }
    throw errors.pluginLoadFailed(
      promise.id,
      `its archive holds ${manifest.id} ${manifest.version}, not ${promise.id} ${promise.version}`
    );
  }
  return opened;
}
function installedPromise(record) {
  return {
    id: record.id,
    version: record.version,
    sha256: record.sha256,
    where: `archive ${record.archive}`,
    promisedBy: "install record"
  };
}
async function readInstalledArchive(store, record) {
  let bytes;
  try {
    bytes = await store.readArchive(record);
  } catch (e) {
    throw errors.pluginLoadFailed(record.id, `its archive cannot be read (${fsReason(e)})`);
  }
  checkSha256(bytes, installedPromise(record));
  return bytes;
}
async function verifyInstalled(store, record) {
  const bytes = await readInstalledArchive(store, record);
  return verifyArchive(bytes, installedPromise(record));
}
async function openArchive(id, bytes) {
  let files;
  try {
    files = await readArchive(bytes);
  } catch (e) {
    if (e instanceof ArchiveError)
      throw errors.pluginLoadFailed(id, `its archive is refused: ${e.message}`);
    throw e;
  }
  const raw = files.get(MANIFEST_FILE);
  if (!raw) throw errors.pluginLoadFailed(id, `its archive has no ${MANIFEST_FILE}`);
  let manifest;
  try {
    manifest = parseManifest(JSON.parse(raw.toString("utf8")));
  } catch (e) {
    throw errors.pluginLoadFailed(id, `its ${MANIFEST_FILE} is invalid (${e.message})`);
  }
  if (!files.has(manifest.main)) {
    throw errors.pluginLoadFailed(id, `its main file ${manifest.main} is not in the archive`);
  }
  return { files, manifest };
}

// src/app/plugins/loaded-drivers.ts
function pluginHost() {
  return { apiVersion: PLUGIN_API_VERSION, appVersion: APP_VERSION };
}
var LoadedDrivers = class {
  #loaded = /* @__PURE__ */ new Map();
  #failures = /* @__PURE__ */ new Map();
  /** Whether this process runs the driver of exactly this archive. */
  runs(record) {
    return this.#loaded.get(record.id)?.sha256 === record.sha256;
  }
  /**
   * The failure this process saw for exactly this archive, except an integrity failure: an altered
   * archive is checked again, since reinstalling the same version repairs it.
   */
  knownFailure(record) {
    const failed = this.#failures.get(record.id);
    return failed?.sha256 === record.sha256 && failed.error.code !== "plugin_integrity_failed" ? failed.error : void 0;
  }
  /** The driver of a verified archive, activated before it replaced anything. */
  remember(id, sha2562, driver) {
    this.#loaded.set(id, { sha256: sha2562, driver });
    this.#failures.delete(id);
  }
  /** A plugin whose install record cannot be used (no archive hash to tie the failure to). */
  fail(id, error) {
    this.#failures.set(id, { sha256: "", error });
  }
  forget(id) {
    this.#loaded.delete(id);
    this.#failures.delete(id);
  }
  /** Verifies the archive on disk, and loads it unless this process already runs those bytes. */
  async load(store, record) {
    try {
      const cached = this.#loaded.get(record.id);
      if (cached && cached.sha256 === record.sha256) {
        await readInstalledArchive(store, record);
        return cached.driver;
      }
      const { files, manifest } = await verifyInstalled(store, record);
      const driver = await activatePlugin(files, manifest, pluginHost());
      this.remember(record.id, record.sha256, driver);
      return driver;
    } catch (e) {
      if (isQuarryError(e)) {
        this.#loaded.delete(record.id);
        this.#failures.set(record.id, { sha256: record.sha256, error: e });
      }
      throw e;
    }
  }
  /** A driver already loaded in this process (no disk access), for synchronous callers. */
  driverOfType(type) {
    for (const { driver } of this.#loaded.values()) if (driver.type === type) return driver;
    return void 0;
  }
  /** Load failures seen by this process, by plugin id. */
  failures() {
    return new Map([...this.#failures].map(([id, f2]) => [id, f2.error]));
  }
};

// src/app/plugins/installer.ts
function findOffer(catalog, idOrType) {
  const entry = catalog.plugins.find((p2) => p2.id === idOrType) ?? catalog.plugins.find((p2) => p2.driver.type === idOrType);
  if (entry) return entry;
  const names = catalog.plugins.map((p2) => p2.id);
  throw errors.pluginUnavailable(
    `The plugin catalog offers no plugin named "${idOrType}"`,
    names.length ? `Choose one of: ${names.join(", ")} (quarry plugins browse).` : `The catalog at ${catalog.location.url} lists no plugins; check its address (quarry plugins catalog).`,
    { plugin: idOrType, catalog: catalog.location.url },
    "Reload Settings > Plugins: the catalog may have changed; install one of the plugins it lists."
  );
}
async function installEntry(store, drivers, entry, options = {}) {
  const id = entry.id;
  const progress = (phase, received) => options.onProgress?.({ plugin: id, phase, received, total: entry.size });
  const current = (await store.get(id))?.record;
  if (current && current.sha256 === entry.sha256 && !options.force) {
    try {
      await verifyInstalled(store, current);
      progress("done", entry.size);
      return { record: current, changed: false, previousVersion: current.version };
    } catch {
    }
  }
  progress("download", 0);
  let bytes;
  try {
    bytes = await fetchBytes(entry.archiveUrl, {
      maxBytes: entry.size,
      onProgress: (p2) => progress("download", p2.received),
      ...options.signal ? { signal: options.signal } : {}
    });
  } catch (e) {
    throw errors.pluginDownloadFailed(id, entry.archiveUrl, e.message);
  }
  progress("verify", bytes.length);
  const { files, manifest } = await verifyArchive(bytes, {
    id,
    version: entry.version,
    sha256: entry.sha256,
    type: entry.driver.type,
    where: `archive downloaded from ${entry.archiveUrl}`,
    promisedBy: "catalog"
  });
  const driver = await activatePlugin(files, manifest, pluginHost());
  progress("install", bytes.length);
  const record = await store.exclusive(
    () => store.save(manifest, bytes, entry.sha256, entry.archiveUrl)
  );
  drivers.remember(id, entry.sha256, driver);
  progress("done", bytes.length);
  return { record, changed: true, previousVersion: current?.version ?? null };
}
async function updateInstalled(store, drivers, catalog, idOrType, options = {}) {
  const installed = await store.list();
  let targets = installed.map((e) => e.id);
  if (idOrType) {
    const match = installed.find(
      (e) => e.id === idOrType || e.record?.manifest.driver.type === idOrType
    );
    if (!match) {
      throw errors.pluginUnavailable(
        `No installed plugin is named "${idOrType}"`,
        `Install it with quarry plugins install ${idOrType}.`,
        { plugin: idOrType },
        "Install it in Settings > Plugins."
      );
    }
    targets = [match.id];
  }
  const results = [];
  for (const id of targets) {
    const before = (await store.get(id))?.record;
    const offer = catalog.plugins.find((p2) => p2.id === id);
    if (!offer) {
      const version = before?.version ?? "";
      results.push({ id, from: version, to: version, changed: false, note: "not in the catalog" });
      continue;
    }
    if (before && before.sha256 === offer.sha256) {
      const intact = await verifyInstalled(store, before).then(
        () => true,
        () => false
      );
      if (intact) {
        results.push({ id, from: before.version, to: before.version, changed: false });
        continue;
      }
    }
    const res = await installEntry(store, drivers, offer, { ...options, force: true });
    results.push({ id, from: before?.version ?? "", to: res.record.version, changed: true });
  }
  return results;
}

// src/app/plugins/listing.ts
async function listInstalled(store, drivers, surface) {
  const out = [];
  for (const entry of await store.list()) {
    if (!entry.record) {
      const error2 = errors.pluginLoadFailed(entry.id, entry.problem);
      out.push({
        id: entry.id,
        name: entry.id,
        version: "",
        driverType: "",
        displayName: entry.id,
        sha256: "",
        installedAt: "",
        source: "",
        status: "broken",
        error: errorFor(error2, surface)
      });
      continue;
    }
    const r = entry.record;
    const error = await loadError(store, drivers, r);
    out.push({
      id: r.id,
      name: r.manifest.name,
      version: r.version,
      driverType: r.manifest.driver.type,
      displayName: r.manifest.driver.displayName,
      sha256: r.sha256,
      installedAt: r.installedAt,
      source: r.source,
      status: error ? "broken" : "ok",
      ...error ? { error: errorFor(error, surface) } : {}
    });
  }
  return out;
}
async function loadError(store, drivers, record) {
  try {
    if (drivers.runs(record)) await verifyInstalled(store, record);
    else {
      const known = drivers.knownFailure(record);
      if (known) return known;
      await drivers.load(store, record);
    }
    return void 0;
  } catch (e) {
    if (!isQuarryError(e)) throw e;
    return e;
  }
}
function catalogPlugins(offered, installed) {
  const byId = new Map(installed.map((p2) => [p2.id, p2]));
  return offered.map((c) => {
    const mine = byId.get(c.id);
    return {
      type: c.driver.type,
      displayName: c.driver.displayName,
      installed: mine?.status === "ok",
      installedVersion: mine?.version || null,
      availableVersion: c.version,
      ...mine?.error ? { loadError: mine.error } : {},
      description: c.description,
      updateAvailable: mine !== void 0 && isNewer(c, mine)
    };
  });
}
function databaseTypes(offered, installed) {
  const byType = /* @__PURE__ */ new Map();
  for (const p2 of installed) {
    if (!p2.driverType) continue;
    byType.set(p2.driverType, {
      type: p2.driverType,
      displayName: p2.displayName,
      installed: p2.status === "ok",
      installedVersion: p2.version,
      availableVersion: null,
      ...p2.error ? { loadError: p2.error } : {}
    });
  }
  for (const c of offered) {
    const known = byType.get(c.driver.type);
    if (known) known.availableVersion = c.version;
    else {
      byType.set(c.driver.type, {
        type: c.driver.type,
        displayName: c.driver.displayName,
        installed: false,
        installedVersion: null,
        availableVersion: c.version
      });
    }
  }
  return [...byType.values()].sort((a, b2) => a.displayName.localeCompare(b2.displayName));
}
function isNewer(offer, mine) {
  if (!mine.version) return true;
  const order = compareVersions(offer.version, mine.version);
  return order > 0 || order === 0 && offer.sha256 !== mine.sha256;
}

// src/app/plugins/store.ts
import { readdir as readdir2, readFile as readFile4, rm as rm3 } from "node:fs/promises";
import { join as join3 } from "node:path";

// src/app/storage/file-lock.ts
import { randomUUID } from "node:crypto";
import { link, open as open2, readFile as readFile3, rename as rename2, rm as rm2, stat as stat2 } from "node:fs/promises";
import { hostname } from "node:os";
var STALE_MS = 3e4;
async function withFileLock(lockPath, body, options = {}) {
  const token = await acquire(lockPath, options.timeoutMs ?? 15e3);
  try {
    return await body();
  } finally {
    await release(lockPath, token);
  }
}
async function acquire(lockPath, timeoutMs) {
  const me2 = {
    pid: process.pid,
    host: hostname(),
    token: randomUUID(),
    since: (/* @__PURE__ */ new Date()).toISOString()
  };
  const deadline = Date.now() + timeoutMs;
  let delay = 5;
  for (; ; ) {
    try {
      const handle = await open2(lockPath, "wx", 384);
      try {
        await handle.writeFile(JSON.stringify(me2));
      } finally {
        await handle.close();
      }
      return me2.token;
    } catch (e) {
      if (e.code !== "EEXIST") {
        throw errors.storageFailed(
          `Cannot create the lock file ${lockPath}: ${fsReason(e)}`,
          "Check that the app data folder is yours and writable.",
          { path: lockPath }
        );
      }
    }
    const holder = await readOwner(lockPath);
    if (holder && await isStale(lockPath, holder.owner)) {
      await breakLock(lockPath, holder.raw);
      continue;
    }
    if (Date.now() > deadline) {
      const who = holder?.owner ? `process ${holder.owner.pid} on ${holder.owner.host}` : "another process";
      throw errors.storageFailed(
        `${lockPath} is locked by ${who}`,
        `Another Quarry command is saving; try again. If no Quarry process is running, delete ${lockPath}.`,
        { path: lockPath }
      );
    }
    await new Promise((r) => setTimeout(r, delay + Math.random() * delay));
    delay = Math.min(delay * 2, 100);
  }
}
async function readOwner(lockPath) {
  let raw;
  try {
    raw = await readFile3(lockPath, "utf8");
  } catch {
    return void 0;
  }
  try {
    return { raw, owner: JSON.parse(raw) };
  } catch {
    return { raw, owner: void 0 };
  }
}
async function isStale(lockPath, owner) {
  if (owner && owner.host === hostname()) return !isAlive(owner.pid);
  const st2 = await stat2(lockPath).catch(() => void 0);
  return st2 !== void 0 && Date.now() - st2.mtimeMs > STALE_MS;
}
async function breakLock(lockPath, judged) {
  const aside = `${lockPath}.stale-${randomUUID()}`;
  try {
    await rename2(lockPath, aside);
  } catch {
    return;
  }
  const taken = await readFile3(aside, "utf8").catch(() => judged);
  if (taken !== judged) await link(aside, lockPath).catch(() => {
  });
  await rm2(aside, { force: true });
}
async function release(lockPath, token) {
  const holder = await readOwner(lockPath);
  if (holder?.owner?.token === token) await rm2(lockPath, { force: true });
}

// src/app/plugins/store.ts
var RECORD_FILE = "installed.json";
var ID2 = /^[a-z0-9][a-z0-9-]{0,63}$/;
var ARCHIVE_NAME = /^[a-z0-9][a-z0-9.+-]*\.tgz$/;
function parseRecord(id, value) {
  const r = value;
  if (!r || typeof r !== "object") throw new Error(`${RECORD_FILE} is not an object`);
  if (r.id !== id) throw new Error(`${RECORD_FILE} names the plugin ${JSON.stringify(r.id)}`);
  if (typeof r.sha256 !== "string" || !/^[0-9a-f]{64}$/.test(r.sha256)) {
    throw new Error(`${RECORD_FILE} has no valid SHA-256`);
  }
  if (typeof r.archive !== "string" || !ARCHIVE_NAME.test(r.archive)) {
    throw new Error(`${RECORD_FILE} names no valid archive file`);
  }
  const manifest = parseManifest(r.manifest);
  if (manifest.id !== id) throw new Error(`its manifest names the plugin ${manifest.id}`);
  return {
    id,
    version: manifest.version,
    sha256: r.sha256,
    size: typeof r.size === "number" ? r.size : 0,
    archive: r.archive,
    manifest,
    installedAt: typeof r.installedAt === "string" ? r.installedAt : "",
    source: typeof r.source === "string" ? r.source : ""
  };
}
var PluginStore = class {
  dir;
  constructor(dataDir) {
    this.dir = pluginsDir(dataDir);
  }
  #pluginDir(id) {
    if (!ID2.test(id)) throw new Error(`invalid plugin id ${JSON.stringify(id)}`);
    return join3(this.dir, id);
  }
  /** Runs `body` while no other Quarry process installs or removes plugins in this data folder. */
  async exclusive(body) {
    await ensurePrivateDir(this.dir);
    return withFileLock(join3(this.dir, ".lock"), body, { timeoutMs: 12e4 });
  }
  async list() {
    let names;
    try {
      names = await readdir2(this.dir);
    } catch (e) {
      if (e.code === "ENOENT") return [];
      throw errors.storageFailed(
        `Cannot read the plugins folder ${this.dir}: ${fsReason(e)}`,
        "Check that the app data folder is yours and readable.",
        { path: this.dir }
      );
    }
    const out = [];
    for (const id of names.filter((n) => ID2.test(n)).sort()) {
      const entry = await this.get(id);
      if (entry) out.push(entry);
    }
    return out;
  }
  /** The plugin's installed entry, or undefined when it is not installed. */
  async get(id) {
    if (!ID2.test(id)) return void 0;
    let raw;
    try {
      raw = await readJsonFile(join3(this.#pluginDir(id), RECORD_FILE), void 0);
    } catch (e) {
      return { id, problem: e.message };
    }
    if (raw === void 0) return void 0;
    try {
      return { id, record: parseRecord(id, raw) };
    } catch (e) {
      return { id, problem: `its install record is damaged (${e.message})` };
    }
  }
  async readArchive(record) {
    return readFile4(join3(this.#pluginDir(record.id), record.archive));
  }
  /** Stores a verified archive and makes it the installed version. Call inside `exclusive`. */
  async save(manifest, archive, sha2562, source) {
    const dir = await ensurePrivateDir(this.#pluginDir(manifest.id));
    const record = {
      id: manifest.id,
      version: manifest.version,
      sha256: sha2562,
      size: archive.length,
      archive: `${manifest.id}-${manifest.version}-${sha2562.slice(0, 12)}.tgz`,
      manifest,
      installedAt: (/* @__PURE__ */ new Date()).toISOString(),
      source
    };
    await writeFileAtomic(join3(dir, record.archive), archive, { mode: 384 });
    await writeFileAtomic(join3(dir, RECORD_FILE), `${JSON.stringify(record, null, 2)}
`, {
      mode: 384
    });
    for (const name of await readdir2(dir)) {
      if (ARCHIVE_NAME.test(name) && name !== record.archive) {
        await rm3(join3(dir, name), { force: true });
      }
    }
    return record;
  }
  /** Removes a plugin; returns whether one was installed. Call inside `exclusive`. */
  async remove(id) {
    const dir = this.#pluginDir(id);
    const had = await this.get(id) !== void 0;
    await rm3(join3(dir, RECORD_FILE), { force: true });
    await rm3(dir, { recursive: true, force: true });
    return had;
  }
};

// src/app/plugins/service.ts
var PluginService = class {
  dataDir;
  store;
  #env;
  #drivers = new LoadedDrivers();
  constructor(dataDir, env = process.env) {
    this.dataDir = dataDir;
    this.store = new PluginStore(dataDir);
    this.#env = env;
  }
  catalogLocation() {
    return catalogLocation(this.dataDir, this.#env);
  }
  async catalog() {
    return readCatalog(await this.catalogLocation());
  }
  /** Installed plugins, each checked against its SHA-256 and loaded (or refused) as it would be. */
  installed(surface = "cli") {
    return listInstalled(this.store, this.#drivers, surface);
  }
  /** Settings > Plugins > Browse: every plugin of the catalog, with what is installed of it. */
  async browse(surface = "cli") {
    const catalog = await this.catalog();
    return catalogPlugins(catalog.plugins, await this.installed(surface));
  }
  /**
   * The connection chooser's database types (load errors in the UI's words): those the catalog
   * offers and those installed. A catalog that cannot be read leaves the installed ones (the app
   * works offline).
   */
  async databaseTypes() {
    let offered = [];
    try {
      offered = (await this.catalog()).plugins;
    } catch (e) {
      if (!isQuarryError(e)) throw e;
    }
    return databaseTypes(offered, await this.installed("ui"));
  }
  /** Downloads, verifies and installs a plugin from the catalog (by id or database type). */
  async install(idOrType, options = {}) {
    const entry = findOffer(await this.catalog(), idOrType);
    return installEntry(this.store, this.#drivers, entry, options);
  }
  /** Brings installed plugins (all, or the one named) to the catalog's archive. */
  async update(idOrType, options = {}) {
    const catalog = await this.catalog();
    return updateInstalled(this.store, this.#drivers, catalog, idOrType, options);
  }
  /** Removes an installed plugin (by id or database type); its saved connections are kept. */
  async remove(idOrType) {
    const all = await this.store.list();
    const match = all.find((e) => e.id === idOrType || e.record?.manifest.driver.type === idOrType);
    if (!match) {
      throw errors.pluginUnavailable(
        `No installed plugin is named "${idOrType}"`,
        all.length ? `Installed: ${all.map((e) => e.id).join(", ")} (quarry plugins list).` : "No plugins are installed.",
        { plugin: idOrType },
        "Reload Settings > Plugins: it may have been removed already."
      );
    }
    const removed = await this.store.exclusive(() => this.store.remove(match.id));
    this.#drivers.forget(match.id);
    return { id: match.id, removed };
  }
  /**
   * The verified, loaded driver for a database type. The archive's SHA-256 is checked on every
   * call. With `autoInstall` (opening a saved connection), a driver that is not installed is
   * installed from the catalog without asking.
   */
  async driverFor(type, options = {}) {
    let entry = (await this.store.list()).find(
      (e) => e.record?.manifest.driver.type === type || !e.record && e.id === type
    );
    if (!entry) {
      if (!options.autoInstall) {
        throw errors.pluginUnavailable(
          `No driver for the database type "${type}" is installed`,
          `Install it with quarry plugins install ${type}.`,
          { type },
          "Install it in Settings > Plugins."
        );
      }
      await this.install(type, options.onProgress ? { onProgress: options.onProgress } : {});
      entry = (await this.store.list()).find((e) => e.record?.manifest.driver.type === type);
      if (!entry)
        throw errors.pluginUnavailable(`The ${type} driver did not install`, "Try again.");
    }
    if (!entry.record) {
      const error = errors.pluginLoadFailed(entry.id, entry.problem);
      this.#drivers.fail(entry.id, error);
      throw error;
    }
    return this.#drivers.load(this.store, entry.record);
  }
  /** Loads every installed plugin, recording failures instead of throwing. */
  async loadAll() {
    for (const entry of await this.store.list()) {
      if (!entry.record) {
        this.#drivers.fail(entry.id, errors.pluginLoadFailed(entry.id, entry.problem));
        continue;
      }
      await this.#drivers.load(this.store, entry.record).catch((e) => {
        if (!isQuarryError(e)) throw e;
      });
    }
  }
  /** A driver already loaded in this process (no disk access), for synchronous callers. */
  loadedDriver(type) {
    return this.#drivers.driverOfType(type);
  }
  /** Load failures seen by this process, by plugin id. */
  failures() {
    return this.#drivers.failures();
  }
};
var services = /* @__PURE__ */ new Map();
function pluginServiceFor(dataDir, env = process.env) {
  let service = services.get(dataDir);
  if (!service) {
    service = new PluginService(dataDir, env);
    services.set(dataDir, service);
  }
  return service;
}

// src/app/storage/connection-store.ts
import { randomUUID as randomUUID2 } from "node:crypto";
import { join as join4 } from "node:path";

// src/core/connections.ts
var EXTERNAL_CLIENT_LEVELS = ["blocked", "read-only", "read-write"];
var AI_POLICIES = ["always-allow", "ask-each-time", "never"];
var EXTERNAL_CLIENT_LABELS = {
  blocked: "Blocked",
  "read-only": "Read Only",
  "read-write": "Read & Write"
};
var AI_POLICY_LABELS = {
  "always-allow": "Always Allow",
  "ask-each-time": "Ask Each Time",
  never: "Never"
};
var DEFAULT_EXTERNAL_CLIENTS = "read-only";
var DEFAULT_AI_POLICY = "ask-each-time";
var NAME_MAX = 100;
var UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
function validateConnectionName(input) {
  const name = typeof input === "string" ? input.trim() : "";
  const refuse2 = (problem, remedy) => errors.invalidConfig("Name", problem, remedy);
  if (!name) throw refuse2("is empty", "Give the connection a name, e.g. local-dev.");
  if (name.length > NAME_MAX)
    throw refuse2(`is longer than ${NAME_MAX} characters`, "Choose a shorter name.");
  if (/[\u0000-\u001f\u007f]/.test(name))
    throw refuse2("contains a control character", "Use letters, digits, spaces and punctuation.");
  if (name.includes("://"))
    throw refuse2(
      `"${name}" looks like a URL`,
      "Choose a name without ://; commands read such a value as a URL."
    );
  if (UUID.test(name))
    throw refuse2(
      `"${name}" has the form of a connection id`,
      "Choose a name that is not a UUID; commands accept ids too."
    );
  return name;
}
function sameName(a, b2) {
  return a.trim().toLocaleLowerCase("en") === b2.trim().toLocaleLowerCase("en");
}
function pickExternalClients(input) {
  if (EXTERNAL_CLIENT_LEVELS.includes(input))
    return input;
  throw errors.invalidConfig(
    "External Clients",
    `"${String(input)}" is not one of the levels`,
    `Use one of: ${EXTERNAL_CLIENT_LEVELS.map((l) => `${l} (${EXTERNAL_CLIENT_LABELS[l]})`).join(", ")}.`
  );
}
function pickAiPolicy(input) {
  if (AI_POLICIES.includes(input)) return input;
  throw errors.invalidConfig(
    "AI policy",
    `"${String(input)}" is not one of the policies`,
    `Use one of: ${AI_POLICIES.map((p2) => `${p2} (${AI_POLICY_LABELS[p2]})`).join(", ")}.`
  );
}

// src/core/settings-form.ts
function defaultSettings(form) {
  const out = {};
  for (const f2 of form.fields)
    if (f2.kind !== "secret" && f2.default !== void 0) out[f2.key] = f2.default;
  return out;
}
function isShown(field, values) {
  return (field.showWhen ?? []).every((c) => {
    const own = values[field.key];
    if (c.orWhenSet && own !== void 0 && own !== null && own !== "") return true;
    return c.oneOf.includes(values[c.field]);
  });
}
function withDefaults(form, given, secretsGiven = []) {
  const out = { ...given };
  const present = (key) => secretsGiven.includes(key) || given[key] !== void 0 && given[key] !== null;
  for (const f2 of form.fields) {
    if (f2.kind === "secret" || present(f2.key)) continue;
    const implied = f2.impliedBy?.find((r) => present(r.field));
    if (implied) out[f2.key] = implied.value;
    else if (f2.default !== void 0) out[f2.key] = f2.default;
  }
  return out;
}

// src/app/connections/driver-registry.ts
var EMPTY_FORM = { fields: [] };
var loaded = /* @__PURE__ */ new Map();
function register2(driver) {
  const installed = {
    type: driver.type,
    displayName: driver.displayName,
    validateConfig: (input) => driver.validateConfig(input),
    validateSecrets: (config, secrets) => driver.validateSecrets(config, secrets),
    secretFields: (config) => driver.secretFields(config),
    describeEndpoint: (config) => driver.describeEndpoint(config),
    describeAuth: (config) => driver.describeAuth?.(config),
    connect: (config, secrets) => driver.connect(config, secrets),
    settingsForm: () => driver.settingsForm?.() ?? EMPTY_FORM,
    settingsFromUrl: (url) => driver.settingsFromUrl?.(url),
    newSettings: () => {
      const form = driver.settingsForm?.() ?? EMPTY_FORM;
      return { ...defaultSettings(form), ...form.newConnection?.settings };
    }
  };
  loaded.set(driver.type, installed);
  return installed;
}
async function loadInstalledDrivers(dataDir, env = process.env) {
  const plugins = pluginServiceFor(dataDir, env);
  await plugins.loadAll();
  for (const p2 of await plugins.installed()) {
    const driver = p2.status === "ok" ? plugins.loadedDriver(p2.driverType) : void 0;
    if (driver) register2(driver);
    else if (p2.driverType) loaded.delete(p2.driverType);
  }
}
async function requireInstalledDriver(type, dataDir, env = process.env) {
  try {
    return register2(await pluginServiceFor(dataDir, env).driverFor(type, { autoInstall: true }));
  } catch (e) {
    loaded.delete(type);
    throw e;
  }
}
async function offerDriver(type, dataDir, env = process.env) {
  try {
    return await requireInstalledDriver(type, dataDir, env);
  } catch (e) {
    if (isQuarryError(e) && e.code === "plugin_unavailable") return void 0;
    throw e;
  }
}
function installedDriver(type) {
  return loaded.get(type);
}
function installedTypes() {
  return [...loaded.keys()];
}

// src/app/storage/connection-store.ts
var CONNECTIONS_FILE = "connections.json";
var FORMAT_VERSION = 1;
var ConnectionStore = class {
  dir;
  path;
  #lockPath;
  #driverFor;
  constructor(dir, options = {}) {
    this.dir = dir;
    this.path = join4(dir, CONNECTIONS_FILE);
    this.#lockPath = `${this.path}.lock`;
    this.#driverFor = options.driverFor ?? installedDriver;
  }
  async list() {
    return (await this.#read()).connections.map((raw, i) => this.#parse(raw, i));
  }
  /** By id, or else by name (ignoring case). */
  async get(idOrName) {
    return find(await this.list(), idOrName);
  }
  async require(idOrName) {
    return findOrRefuse(await this.list(), idOrName);
  }
  async create(input) {
    const name = validateConnectionName(input.name);
    const type = validateType(input.type);
    const settings = this.#validateSettings(type, input.settings);
    const externalClients = pickExternalClients(input.externalClients ?? DEFAULT_EXTERNAL_CLIENTS);
    const aiPolicy = pickAiPolicy(input.aiPolicy ?? DEFAULT_AI_POLICY);
    return this.#change(async (file) => {
      const all = file.connections.map((raw, i) => this.#parse(raw, i));
      assertNameFree(all, name);
      const now = (/* @__PURE__ */ new Date()).toISOString();
      const saved = {
        id: randomUUID2(),
        name,
        type,
        settings,
        externalClients,
        aiPolicy,
        createdAt: now,
        updatedAt: now
      };
      file.connections.push({ ...saved });
      return saved;
    });
  }
  async update(idOrName, patch) {
    const name = patch.name === void 0 ? void 0 : validateConnectionName(patch.name);
    const externalClients = patch.externalClients === void 0 ? void 0 : pickExternalClients(patch.externalClients);
    const aiPolicy = patch.aiPolicy === void 0 ? void 0 : pickAiPolicy(patch.aiPolicy);
    return this.#change(async (file) => {
      const all = file.connections.map((raw, i) => this.#parse(raw, i));
      const current = findOrRefuse(all, idOrName);
      const index = all.indexOf(current);
      if (name !== void 0) assertNameFree(all, name, current.id);
      let settings = current.settings;
      if (patch.settings !== void 0) {
        if (!this.#driverFor(current.type))
          throw errors.driverNotInstalled(current.type, current.name);
        settings = this.#validateSettings(
          current.type,
          mergeSettings(current.settings, patch.settings)
        );
      }
      const next2 = {
        ...current,
        name: name ?? current.name,
        settings,
        externalClients: externalClients ?? current.externalClients,
        aiPolicy: aiPolicy ?? current.aiPolicy,
        updatedAt: (/* @__PURE__ */ new Date()).toISOString()
      };
      file.connections[index] = { ...file.connections[index], ...next2 };
      return next2;
    });
  }
  async remove(idOrName) {
    await this.#change(async (file) => {
      const all = file.connections.map((raw, i) => this.#parse(raw, i));
      const current = findOrRefuse(all, idOrName);
      file.connections.splice(all.indexOf(current), 1);
    });
  }
  async #read() {
    const file = await readJsonFile(this.path, void 0);
    if (file === void 0) return { version: FORMAT_VERSION, connections: [] };
    if (typeof file !== "object" || file === null || !Array.isArray(file.connections)) {
      throw this.#malformed('it has no "connections" list');
    }
    const { version } = file;
    if (typeof version !== "number" || version > FORMAT_VERSION) {
      throw errors.storageFailed(
        `${this.path} was written by a newer version of Quarry (format ${String(version)})`,
        "Update Quarry to open these connections; this version leaves the file untouched.",
        { path: this.path }
      );
    }
    return file;
  }
  /** Read-modify-write under the lock, so concurrent writers never overwrite each other. */
  async #change(mutate) {
    await ensurePrivateDir(this.dir);
    return withFileLock(this.#lockPath, async () => {
      const file = await this.#read();
      const result = await mutate(file);
      const text2 = `${JSON.stringify({ ...file, version: FORMAT_VERSION }, null, 2)}
`;
      await writeFileAtomic(this.path, text2, { mode: 384 });
      return result;
    });
  }
  /** Checks an entry's shape. Settings are not checked here: a connection whose driver is missing is still listed. */
  #parse(raw, index) {
    const entry = raw;
    const text2 = (key) => {
      const v2 = entry?.[key];
      if (typeof v2 !== "string" || v2 === "")
        throw this.#malformed(`connection #${index + 1} has no valid "${key}"`);
      return v2;
    };
    if (typeof entry !== "object" || entry === null)
      throw this.#malformed(`connection #${index + 1} is not an object`);
    const settings = entry.settings;
    if (typeof settings !== "object" || settings === null || Array.isArray(settings))
      throw this.#malformed(`connection #${index + 1} has no valid "settings"`);
    let externalClients;
    let aiPolicy;
    try {
      externalClients = pickExternalClients(entry.externalClients);
      aiPolicy = pickAiPolicy(entry.aiPolicy);
    } catch (e) {
      throw this.#malformed(`connection #${index + 1}: ${e.message}`);
    }
    return {
      id: text2("id"),
      name: text2("name"),
      type: text2("type"),
      settings: { ...settings },
      externalClients,
      aiPolicy,
      createdAt: text2("createdAt"),
      updatedAt: text2("updatedAt")
    };
  }
  /** The driver's rules when it is installed; otherwise the settings are kept as given. */
  #validateSettings(type, input) {
    const driver = this.#driverFor(type);
    if (driver) return driver.validateConfig(input);
    if (typeof input !== "object" || input === null || Array.isArray(input)) {
      throw errors.invalidConfig(
        "Settings",
        "must be an object",
        "Pass the connection's settings."
      );
    }
    return JSON.parse(JSON.stringify(input));
  }
  #malformed(problem) {
    return errors.storageFailed(
      `${this.path} is not a valid connections file: ${problem}`,
      "Quarry has not changed it. Repair the entry, or move the file aside to start with no connections.",
      { path: this.path }
    );
  }
};
function find(all, idOrName) {
  return all.find((c) => c.id === idOrName) ?? all.find((c) => sameName(c.name, idOrName));
}
function findOrRefuse(all, idOrName) {
  const found = find(all, idOrName);
  if (!found)
    throw errors.connectionNotFound(
      idOrName,
      all.map((c) => c.name)
    );
  return found;
}
function assertNameFree(all, name, exceptId) {
  const clash = all.find((c) => c.id !== exceptId && sameName(c.name, name));
  if (clash) throw errors.connectionExists(name, clash.name);
}
function validateType(input) {
  if (typeof input !== "string" || !/^[a-z0-9][a-z0-9._-]*$/.test(input)) {
    throw errors.invalidConfig(
      "Type",
      `"${String(input)}" is not a database type`,
      "Use a driver's type id, e.g. elasticsearch."
    );
  }
  return input;
}
function mergeSettings(current, patch) {
  const merged = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key];
    else if (value !== void 0) merged[key] = value;
  }
  return merged;
}

// src/app/storage/secret-store.ts
import { chmod, stat as stat3 } from "node:fs/promises";
import { join as join5 } from "node:path";
var SECRETS_FILE = "secrets.json";
var KEYRING_SERVICE = "Quarry";
async function openSecretStore(dir, env = process.env) {
  const choice = env.QUARRY_SECRET_STORE?.trim() || "auto";
  if (!["auto", "file", "keyring"].includes(choice)) {
    throw errors.invalidConfig(
      "QUARRY_SECRET_STORE",
      `"${choice}" is not a secret store`,
      "Set it to file or keyring, or unset it to use the keyring when available."
    );
  }
  const file = new FileBackend(dir);
  if (choice === "file") return new SecretStoreImpl(file, void 0, "QUARRY_SECRET_STORE=file");
  const probe = await openKeyring();
  if ("backend" in probe) return new SecretStoreImpl(file, probe.backend);
  if (choice === "keyring") {
    throw errors.storageFailed(
      `The OS keyring is not available: ${probe.reason}`,
      "Unlock or start the keyring (on Linux a Secret Service such as GNOME Keyring or KWallet), or unset QUARRY_SECRET_STORE to keep secrets in the 0600 secrets file."
    );
  }
  return new SecretStoreImpl(file, void 0, probe.reason);
}
var SecretStoreImpl = class {
  backend;
  description;
  keyringUnavailable;
  #file;
  #keyring;
  constructor(file, keyring, keyringUnavailable) {
    this.#file = file;
    this.#keyring = keyring;
    this.backend = keyring ? "keyring" : "file";
    this.description = (keyring ?? file).location.description;
    if (keyringUnavailable) this.keyringUnavailable = keyringUnavailable;
  }
  // The file is also read when the keyring is used: secrets saved while the keyring was
  // unavailable (e.g. over SSH) stay usable until they are next saved, which moves them.
  async get(id) {
    return await this.#keyring?.get(id) ?? await this.#file.get(id) ?? {};
  }
  async set(id, secrets) {
    const clean = onlySecrets(secrets);
    if (Object.keys(clean).length === 0) return this.delete(id);
    if (this.#keyring) {
      await this.#keyring.set(id, clean);
      await this.#file.delete(id);
    } else {
      await this.#file.set(id, clean);
    }
  }
  async delete(id) {
    await this.#keyring?.delete(id);
    await this.#file.delete(id);
  }
  async locate(id) {
    if (this.#keyring && await this.#keyring.get(id)) return this.#keyring.location;
    if (await this.#file.get(id)) return this.#file.location;
    return void 0;
  }
};
function onlySecrets(secrets) {
  const out = {};
  if (typeof secrets.password === "string") out.password = secrets.password;
  if (typeof secrets.apiKey === "string") out.apiKey = secrets.apiKey;
  return out;
}
var FileBackend = class {
  dir;
  path;
  location;
  constructor(dir) {
    this.dir = dir;
    this.path = join5(dir, SECRETS_FILE);
    this.location = { backend: "file", description: `${this.path} (mode 0600)` };
  }
  async get(id) {
    const entry = (await this.#read()).secrets[id];
    return entry ? onlySecrets(entry) : void 0;
  }
  async set(id, secrets) {
    await this.#change((file) => {
      file.secrets[id] = secrets;
      return true;
    });
  }
  async delete(id) {
    if (!await this.get(id)) return false;
    return this.#change((file) => {
      if (!Object.hasOwn(file.secrets, id)) return false;
      delete file.secrets[id];
      return true;
    });
  }
  async #read() {
    const st2 = await stat3(this.path).catch(() => void 0);
    if (st2 && process.platform !== "win32" && (st2.mode & 63) !== 0)
      await chmod(this.path, 384);
    const file = await readJsonFile(this.path, void 0);
    if (file === void 0) return { version: 1, secrets: {} };
    if (typeof file !== "object" || file === null || typeof file.secrets !== "object" || file.secrets === null) {
      throw errors.storageFailed(
        `${this.path} is not a valid secrets file`,
        "Quarry has not changed it. Repair it, or move it aside and enter the connections' passwords again (quarry connections edit <name> --password-stdin).",
        { path: this.path },
        "Quarry has not changed it. Repair it, or move it aside and type the connections' passwords again in their editors (Edit on the Connections screen)."
      );
    }
    return file;
  }
  async #change(mutate) {
    await ensurePrivateDir(this.dir);
    return withFileLock(`${this.path}.lock`, async () => {
      const file = await this.#read();
      const changed = mutate(file);
      if (changed)
        await writeFileAtomic(this.path, `${JSON.stringify(file, null, 2)}
`, { mode: 384 });
      return changed;
    });
  }
};
async function openKeyring() {
  let keyring;
  try {
    keyring = await import("@napi-rs/keyring");
  } catch (e) {
    return { reason: `the keyring library cannot load on this platform (${firstLine(e)})` };
  }
  const options = { linux: { store: "secret-service" } };
  const entry = (id) => new keyring.AsyncEntry(KEYRING_SERVICE, id, options);
  try {
    await entry("quarry-probe").getPassword();
  } catch (e) {
    return { reason: firstLine(e) };
  }
  const location = {
    backend: "keyring",
    description: `the OS keyring (${keyringName()}, service "${KEYRING_SERVICE}")`
  };
  const fail = (action, id, e) => errors.storageFailed(
    `Cannot ${action} the secrets of connection ${id} in the OS keyring: ${firstLine(e)}`,
    "Unlock the keyring and allow Quarry to use it, then try again.",
    { connectionId: id }
  );
  return {
    backend: {
      location,
      async get(id) {
        let text2;
        try {
          text2 = await entry(id).getPassword();
        } catch (e) {
          throw fail("read", id, e);
        }
        if (text2 === null) return void 0;
        try {
          return onlySecrets(JSON.parse(text2));
        } catch {
          throw errors.storageFailed(
            `The keyring entry of connection ${id} (service "${KEYRING_SERVICE}") is not Quarry's format`,
            "Enter the connection's password or API key again (quarry connections edit <name> --password-stdin).",
            { connectionId: id },
            "Type the connection's password or API key again in its editor (Edit on the Connections screen)."
          );
        }
      },
      async set(id, secrets) {
        try {
          await entry(id).setPassword(JSON.stringify(secrets));
        } catch (e) {
          throw fail("save", id, e);
        }
      },
      async delete(id) {
        try {
          return await entry(id).deleteCredential();
        } catch (e) {
          throw fail("delete", id, e);
        }
      }
    }
  };
}
function keyringName() {
  if (process.platform === "darwin") return "macOS Keychain";
  if (process.platform === "win32") return "Windows Credential Manager";
  return "Secret Service";
}
function firstLine(e) {
  return (e instanceof Error ? e.message : String(e)).split("\n")[0] ?? "";
}

// src/app/connections/connection-service.ts
async function openAppStorage(env = process.env) {
  const dir = await ensureAppDataDir(env);
  await loadInstalledDrivers(dir, env);
  return { dir, connections: new ConnectionStore(dir), secrets: await openSecretStore(dir, env) };
}
var SECRET_LABELS = { password: "Password", apiKey: "API Key" };
async function openSavedConnection(idOrName, storage) {
  const store = storage ?? await openAppStorage();
  const connection = await store.connections.require(idOrName);
  const driver = await requireDriver(connection, store.dir);
  const config = aboutConnection(connection, () => driver.validateConfig(connection.settings));
  const secrets = await store.secrets.get(connection.id);
  aboutConnection(connection, () => driver.validateSecrets(config, secrets));
  return { connection, session: driver.connect(config, secrets) };
}
async function addConnection(storage, input, secrets = {}) {
  const driver = await offerDriver(input.type, storage.dir);
  if (!driver) throw errors.driverNotInstalled(input.type, input.name, false);
  const config = driver.validateConfig(input.settings);
  const keep = secretsFor(driver, config, secrets);
  driver.validateSecrets(config, keep);
  const saved = await storage.connections.create(input);
  try {
    await storage.secrets.set(saved.id, keep);
  } catch (e) {
    await storage.connections.remove(saved.id).catch(() => {
    });
    throw e;
  }
  return saved;
}
async function editConnection(storage, idOrName, patch, change = {}) {
  const current = await storage.connections.require(idOrName);
  const touchesSecrets = Object.values(change).some((v2) => v2 !== void 0);
  const driver = installedDriver(current.type) ?? await offerDriver(current.type, storage.dir);
  if (!driver) {
    if (patch.settings !== void 0 || touchesSecrets)
      throw errors.driverNotInstalled(current.type, current.name);
    return storage.connections.update(current.id, patch);
  }
  const config = driver.validateConfig(
    patch.settings ? mergeSettings(current.settings, patch.settings) : current.settings
  );
  const stored = await storage.secrets.get(current.id);
  const given = {};
  for (const field of Object.keys(SECRET_LABELS)) {
    const v2 = change[field];
    if (typeof v2 === "string") given[field] = v2;
  }
  const next2 = secretsFor(driver, config, given);
  for (const field of driver.secretFields(config)) {
    if (next2[field] === void 0 && change[field] !== null && stored[field] !== void 0)
      next2[field] = stored[field];
  }
  driver.validateSecrets(config, next2);
  const updated = await storage.connections.update(current.id, patch);
  if (!sameSecrets(stored, next2)) {
    try {
      await storage.secrets.set(current.id, next2);
    } catch (e) {
      await storage.connections.update(current.id, {
        name: current.name,
        settings: replaceAll(updated.settings, current.settings),
        externalClients: current.externalClients,
        aiPolicy: current.aiPolicy
      }).catch(() => {
      });
      throw e;
    }
  }
  return updated;
}
async function removeConnection(storage, idOrName) {
  const current = await storage.connections.require(idOrName);
  await storage.secrets.delete(current.id);
  await storage.connections.remove(current.id);
  return current;
}
async function describeConnection(storage, connection) {
  const driver = installedDriver(connection.type);
  let config;
  try {
    config = driver?.validateConfig(connection.settings);
  } catch {
    config = void 0;
  }
  const secrets = await storage.secrets.get(connection.id);
  const location = await storage.secrets.locate(connection.id);
  return {
    ...connection,
    driverInstalled: driver !== void 0,
    ...driver && config ? { endpoint: driver.describeEndpoint(config) } : {},
    secret: {
      needed: driver && config ? driver.secretFields(config) : [],
      stored: Object.keys(SECRET_LABELS).filter((f2) => secrets[f2] !== void 0),
      ...location ? { location } : {}
    }
  };
}
async function requireDriver(connection, dataDir) {
  const driver = await offerDriver(connection.type, dataDir);
  if (!driver) throw errors.driverNotInstalled(connection.type, connection.name);
  return driver;
}
function secretsFor(driver, config, secrets) {
  const used = driver.secretFields(config);
  const out = {};
  for (const field of Object.keys(SECRET_LABELS)) {
    const value = secrets[field];
    if (value === void 0) continue;
    if (!used.includes(field)) {
      throw errors.invalidConfig(
        SECRET_LABELS[field],
        "was given, but the connection's Auth Method does not use it",
        field === "password" ? "Choose Auth Method Username & Password (--auth basic), or leave the password out." : "Choose Auth Method API Key (--auth api-key), or leave the API key out.",
        field === "password" ? "Choose Auth Method Username & Password, or leave the password empty." : "Choose Auth Method API Key, or leave the API key empty."
      );
    }
    if (value.trim() === "")
      throw errors.invalidConfig(
        SECRET_LABELS[field],
        "is empty",
        'Pass the value on standard input, e.g. printf %s "$SECRET" | quarry connections \u2026',
        `Type the ${field === "password" ? "password" : "API key"}.`
      );
    out[field] = value;
  }
  return out;
}
function sameSecrets(a, b2) {
  return a.password === b2.password && a.apiKey === b2.apiKey;
}
function replaceAll(from, to2) {
  const patch = { ...to2 };
  for (const key of Object.keys(from)) if (!(key in to2)) patch[key] = null;
  return patch;
}
function aboutConnection(connection, check) {
  try {
    return check();
  } catch (e) {
    if (!isQuarryError(e)) throw e;
    throw new QuarryError(
      e.code,
      `Connection "${connection.name}": ${e.message}`,
      `${e.remedy} Change it with: quarry connections edit "${connection.name}" \u2026`,
      { ...e.details, connection: connection.name },
      `${remedyFor(e, "ui")} Change it in the connection's editor (Edit on the Connections screen).`
    );
  }
}

// src/app/process/instance.ts
import { closeSync, existsSync, openSync, readFileSync, rmSync } from "node:fs";
import { rm as rm4 } from "node:fs/promises";
import { join as join6 } from "node:path";
import { DatabaseSync } from "node:sqlite";
var LOCK_FILE = "instance.lock";
var INSTANCE_FILE = "instance.json";
var InstanceLock = class _InstanceLock {
  #db;
  #released = false;
  constructor(db) {
    this.#db = db;
  }
  /** Takes the lock, or returns undefined when another process holds it. */
  static tryAcquire(dataDir) {
    const path = join6(dataDir, LOCK_FILE);
    try {
      closeSync(openSync(path, "a", 384));
    } catch (e) {
      throw errors.storageFailed(
        `Cannot create the lock file ${path}: ${fsReason(e)}`,
        "Check that the app data folder is yours and writable.",
        { path }
      );
    }
    let db;
    try {
      db = new DatabaseSync(path, { timeout: 0 });
    } catch (e) {
      throw errors.storageFailed(
        `Cannot open the lock file ${path}: ${e.message}`,
        `Delete ${path} (it holds no data) and start Quarry again.`,
        { path }
      );
    }
    try {
      db.exec("PRAGMA journal_mode = MEMORY");
      db.exec("PRAGMA locking_mode = EXCLUSIVE");
      db.exec("BEGIN EXCLUSIVE");
      return new _InstanceLock(db);
    } catch (e) {
      db.close();
      if (isBusy(e)) return void 0;
      throw errors.storageFailed(
        `Cannot lock ${path}: ${e.message}`,
        `Delete ${path} (it holds no data) and start Quarry again.`,
        { path }
      );
    }
  }
  release() {
    if (this.#released) return;
    this.#released = true;
    try {
      this.#db.exec("ROLLBACK");
    } catch {
    }
    this.#db.close();
  }
};
function isBusy(e) {
  const err = e;
  return typeof err.errcode === "number" && [5, 6].includes(err.errcode & 255) || /database is locked|database table is locked/i.test(err.message ?? "");
}
function lockIsHeld(dataDir) {
  if (!existsSync(join6(dataDir, LOCK_FILE))) return false;
  const lock = InstanceLock.tryAcquire(dataDir);
  if (!lock) return true;
  lock.release();
  return false;
}
function instanceFile(dataDir) {
  return join6(dataDir, INSTANCE_FILE);
}
async function readInstanceInfo(dataDir) {
  const raw = await readJsonFile(
    instanceFile(dataDir),
    void 0
  ).catch(() => void 0);
  if (!raw || typeof raw.instanceId !== "string" || typeof raw.secret !== "string" || !Number.isInteger(raw.port) || !Number.isInteger(raw.pid)) {
    return void 0;
  }
  return raw;
}
async function writeInstanceInfo(info) {
  await writeFileAtomic(instanceFile(info.dataDir), `${JSON.stringify(info, null, 2)}
`, {
    mode: 384
  });
}
function removeInstanceInfoNow(info) {
  try {
    const raw = JSON.parse(
      readFileSync(instanceFile(info.dataDir), "utf8")
    );
    if (raw.instanceId === info.instanceId) rmSync(instanceFile(info.dataDir), { force: true });
  } catch {
  }
}
async function removeInstanceInfo(info) {
  const current = await readInstanceInfo(info.dataDir);
  if (current?.instanceId === info.instanceId) {
    await rm4(instanceFile(info.dataDir), { force: true });
  }
}

// src/app/http/api/contract.ts
var SECRET_HEADER = "x-quarry-secret";

// src/app/process/app-client.ts
var AppClient = class {
  info;
  constructor(info) {
    this.info = info;
  }
  async #call(method, path, body, timeoutMs = 5e3) {
    const res = await fetch(`http://127.0.0.1:${this.info.port}${path}`, {
      method,
      headers: {
        [SECRET_HEADER]: this.info.secret,
        accept: "application/json",
        ...body === void 0 ? {} : { "content-type": "application/json" }
      },
      ...body === void 0 ? {} : { body: JSON.stringify(body) },
      signal: AbortSignal.timeout(timeoutMs)
    });
    const text2 = await res.text();
    const value = text2 ? JSON.parse(text2) : void 0;
    if (!res.ok) {
      const e = value?.error;
      if (e) throw new QuarryError(e.code, e.message, e.remedy);
      throw errors.appNotResponding(this.info.pid, `it answered ${res.status}`);
    }
    return value;
  }
  status(timeoutMs) {
    return this.#call("GET", "/api/app/status", void 0, timeoutMs);
  }
  /** Makes the running app open its window (and leave background mode for the rest of its run). */
  openWindow() {
    return this.#call("POST", "/api/app/window", {}, 15e3);
  }
  /** Hands a `quarry://` URL to the running app. */
  openUrl(url) {
    return this.#call("POST", "/api/app/open-url", { url }, 15e3);
  }
  /** Asks the app to end; it answers first, then stops. */
  stop() {
    return this.#call("POST", "/api/app/stop", {});
  }
};
async function findRunningApp(dataDir) {
  const info = await readInstanceInfo(dataDir);
  if (!info) return void 0;
  const client = new AppClient(info);
  try {
    const status = await client.status(3e3);
    return status.instanceId === info.instanceId ? { client, status } : void 0;
  } catch {
    return void 0;
  }
}

// src/app/process/quarry-url.ts
var START_MCP_URL = "quarry://integrations/start-mcp";
function parseQuarryUrl(raw) {
  let url;
  try {
    url = new URL(raw.trim());
  } catch {
    throw unknown(raw);
  }
  const path = `${url.host}${url.pathname}`.replace(/\/+$/, "").toLowerCase();
  if (url.protocol.toLowerCase() === "quarry:" && path === "integrations/start-mcp") {
    return "start-mcp";
  }
  throw unknown(raw);
}
function unknown(raw) {
  return new QuarryError(
    "invalid_input",
    `Quarry does not know the URL "${raw.slice(0, 200)}"`,
    `The URL Quarry answers is ${START_MCP_URL}.`
  );
}

// src/core/catalog-access.ts
var outdated = (what) => new QuarryError(
  "plugin_unavailable",
  `This connection's driver plugin offers no ${what}`,
  "Update the driver plugin (quarry plugins update), then call again.",
  {},
  "Update the driver plugin in Settings > Plugins, then try again."
);
function catalogOf(session, ...needs) {
  if (typeof session.catalog !== "function") throw outdated("catalog views");
  const views = session.catalog();
  for (const need of needs)
    if (typeof views[need] !== "function") throw outdated(`"${need}" view in its catalog`);
  return views;
}

// src/app/storage/console-history.ts
import { createHash as createHash2 } from "node:crypto";
import { join as join7 } from "node:path";
var HISTORY_LIMIT = 100;
var REDACTED = "[redacted]";
var SECRET_NAME = /(pass(word|wd|phrase)?|secret|token|api_?key|credentials?|private_?key|authori[sz]ation)$/i;
var ConsoleHistory = class {
  #dir;
  #limit;
  constructor(dir, limit = HISTORY_LIMIT) {
    this.#dir = dir;
    this.#limit = limit;
  }
  #file(connection) {
    return join7(
      this.#dir,
      `${createHash2("sha256").update(connection).digest("hex").slice(0, 32)}.json`
    );
  }
  /** Newest first. */
  async list(connection, limit = this.#limit) {
    const file = await readJsonFile(this.#file(connection), void 0);
    if (!file || file.connection !== connection) return [];
    return file.entries.slice(0, limit);
  }
  /** Records a request (with secrets redacted); the oldest entries beyond the limit are dropped. */
  async add(connection, entry) {
    await ensurePrivateDir(this.#dir);
    const path = this.#file(connection);
    await withFileLock(`${path}.lock`, async () => {
      const file = await readJsonFile(path, void 0);
      const entries = file?.connection === connection ? file.entries : [];
      const stored = { ...entry, request: redactRequest(entry.request) };
      const next2 = {
        version: 1,
        connection,
        entries: [stored, ...entries].slice(0, this.#limit)
      };
      await writeFileAtomic(path, `${JSON.stringify(next2)}
`, { mode: 384 });
    });
  }
  async clear(connection) {
    await ensurePrivateDir(this.#dir);
    const path = this.#file(connection);
    await withFileLock(`${path}.lock`, async () => {
      await writeFileAtomic(path, `${JSON.stringify({ version: 1, connection, entries: [] })}
`, {
        mode: 384
      });
    });
  }
};
function redactRequest(request) {
  const out = { method: request.method, path: redactPath(request.path) };
  if (request.body !== void 0) out.body = redactBody(request.body);
  return out;
}
function redactPath(path) {
  const q2 = path.indexOf("?");
  if (q2 === -1) return path;
  const pairs = path.slice(q2 + 1).split("&").map((pair) => {
    const [name = "", ...rest] = pair.split("=");
    return rest.length > 0 && SECRET_NAME.test(safeDecode(name)) ? `${name}=${REDACTED}` : pair;
  });
  return `${path.slice(0, q2)}?${pairs.join("&")}`;
}
function redactBody(body) {
  if (typeof body !== "string") return redactValue(body);
  return body.split("\n").map((line) => {
    if (line.trim() === "") return line;
    try {
      return JSON.stringify(redactValue(JSON.parse(line)));
    } catch {
      return JSON.stringify(REDACTED);
    }
  }).join("\n");
}
function redactValue(value) {
  if (Array.isArray(value)) return value.map(redactValue);
  if (value === null || typeof value !== "object") return value;
  const out = {};
  for (const [k2, v2] of Object.entries(value)) {
    out[k2] = SECRET_NAME.test(k2) && (typeof v2 !== "object" || v2 === null) ? REDACTED : redactValue(v2);
  }
  return out;
}
function safeDecode(s3) {
  try {
    return decodeURIComponent(s3);
  } catch {
    return s3;
  }
}

// src/core/export.ts
var EXPORT_FORMATS = ["ndjson", "csv", "json"];
function isScanInterruption(e) {
  return e instanceof Error && e.scanInterrupted === true;
}

// src/app/export/export-table.ts
import { rm as rm7, stat as stat5 } from "node:fs/promises";

// src/app/export/checkpoint.ts
import { createHash as createHash3 } from "node:crypto";
import { open as open3, readFile as readFile5, rename as rename3, rm as rm5 } from "node:fs/promises";
var CHECKPOINT_VERSION = 1;
var OWN_FIELDS = /* @__PURE__ */ new Set([
  "version",
  "identity",
  "table",
  "format",
  "slices",
  "batchSize",
  "expected",
  "written",
  "bytes",
  "cursors",
  "done",
  "rescan"
]);
var partialPath = (out) => `${out}.partial`;
var checkpointPath = (out) => `${out}.checkpoint.json`;
function identityOf(table, options) {
  const asked = {
    table,
    format: options.format,
    filters: options.filters ?? [],
    rawQuery: options.rawQuery?.trim() ?? ""
  };
  return createHash3("sha256").update(JSON.stringify(asked)).digest("hex");
}
async function writeCheckpoint(path, cp) {
  const tmp = `${path}.${process.pid}.tmp`;
  const fh = await open3(tmp, "w", 384);
  try {
    const { scan, ...own } = cp;
    await fh.writeFile(JSON.stringify({ ...scan, ...own }));
    await fh.sync();
  } finally {
    await fh.close();
  }
  await rename3(tmp, path);
}
async function readCheckpoint(path) {
  try {
    const flat = parseJsonExact(await readFile5(path, "utf8"));
    if (flat.version !== CHECKPOINT_VERSION) return void 0;
    const own = {};
    const scan = {};
    for (const [k2, v2] of Object.entries(flat)) (OWN_FIELDS.has(k2) ? own : scan)[k2] = v2;
    return { ...own, scan };
  } catch {
    return void 0;
  }
}
async function discardInterruptedExport(out) {
  await rm5(partialPath(out), { force: true });
  await rm5(checkpointPath(out), { force: true });
}

// src/core/filter-ops.ts
var FILTER_OPS = [
  "eq",
  "neq",
  "gt",
  "gte",
  "lt",
  "lte",
  "in",
  "not_in",
  "like",
  "not_like",
  "exists",
  "missing"
];
var FILTER_OPERATORS = {
  eq: { symbol: "=", label: "=", operand: "value" },
  neq: { symbol: "!=", label: "\u2260", operand: "value", negates: "eq" },
  gt: { symbol: ">", label: ">", operand: "value" },
  gte: { symbol: ">=", label: "\u2265", operand: "value" },
  lt: { symbol: "<", label: "<", operand: "value" },
  lte: { symbol: "<=", label: "\u2264", operand: "value" },
  in: { symbol: "in", label: "in", operand: "list" },
  not_in: { symbol: "not in", label: "not in", operand: "list", negates: "in" },
  like: { symbol: "like", label: "like", operand: "pattern" },
  not_like: { symbol: "not like", label: "not like", operand: "pattern", negates: "like" },
  exists: { symbol: "exists", label: "exists", operand: "none" },
  missing: { symbol: "missing", label: "is missing", operand: "none", negates: "exists" }
};
function opSymbol(op) {
  return FILTER_OPERATORS[op].symbol;
}
function operandOf(op) {
  return FILTER_OPERATORS[op].operand;
}

// src/core/grid.ts
var RESULT_WINDOW = 1e4;

// src/app/export/options.ts
var DEFAULT_BATCH = 5e3;
var MAX_SLICES = 32;
function checkExportOptions(options) {
  if (!EXPORT_FORMATS.includes(options.format)) {
    throw new QuarryError(
      "invalid_input",
      `"${String(options.format)}" is not an export format`,
      `Use one of ${EXPORT_FORMATS.join(", ")}.`
    );
  }
  if (typeof options.out !== "string" || options.out.trim() === "") {
    throw new QuarryError(
      "invalid_input",
      "The export has no file to write",
      "Give the output file's path."
    );
  }
  const slices = options.slices;
  if (slices !== void 0 && (!Number.isInteger(slices) || slices < 1 || slices > MAX_SLICES)) {
    throw new QuarryError(
      "invalid_input",
      `Slices: "${String(slices)}" is not a whole number from 1 to ${MAX_SLICES}`,
      "Use one slice per shard of the index, or leave it out to let Quarry choose."
    );
  }
  const batch = options.batchSize ?? DEFAULT_BATCH;
  if (!Number.isInteger(batch) || batch < 1 || batch > RESULT_WINDOW) {
    throw new QuarryError(
      "invalid_input",
      `Batch size: "${String(batch)}" is not a whole number from 1 to ${RESULT_WINDOW}`,
      "Leave it out to use the default."
    );
  }
  return { slices, batch };
}

// src/app/export/output.ts
import { constants } from "node:fs";
import { access, lstat as lstat2, open as open4, realpath as realpath2, rename as rename4, stat as stat4 } from "node:fs/promises";
import { dirname as dirname2 } from "node:path";
var code = (e) => e.code ?? "error";
async function planOutput(out, options) {
  if (options.sink) {
    if (options.resume) {
      throw errors.exportRefused(
        `An export to ${options.sink.name} cannot be resumed`,
        "Export again without resume; only an export to a file of its own can be resumed.",
        { out }
      );
    }
    return { kind: "sink", sink: options.sink };
  }
  let target = out;
  const link2 = await lstat2(out).catch(() => void 0);
  if (link2?.isSymbolicLink()) {
    try {
      target = await realpath2(out);
    } catch (e) {
      throw errors.exportRefused(
        `${out} is a symbolic link to something that does not exist (${code(e)})`,
        "Give the path of the file to write, or fix the link.",
        { out }
      );
    }
  }
  const st2 = await stat4(target).catch((e) => {
    if (code(e) === "ENOENT") return void 0;
    throw cannotWrite(out, dirname2(target), e);
  });
  if (st2?.isDirectory()) {
    throw errors.exportRefused(
      `${out} is a folder`,
      `Name a file in it, e.g. ${out.replace(/\/+$/, "")}/<table>.${options.format}.`,
      { out }
    );
  }
  if (st2 && (st2.isCharacterDevice() || st2.isFIFO())) {
    const what = st2.isFIFO() ? "a FIFO" : "a character device";
    if (options.resume) {
      throw errors.exportRefused(
        `${out} is ${what}, written through as a stream: an export to it cannot be resumed`,
        "Export again without resume.",
        { out }
      );
    }
    return {
      kind: "stream",
      path: target,
      what,
      handle: await openStream(out, target, st2.isFIFO())
    };
  }
  if (st2 && !st2.isFile()) {
    const what = st2.isBlockDevice() ? "a block device (a disk)" : "a socket";
    throw errors.exportRefused(
      `${out} is ${what}; Quarry exports only to a file, a character device or a FIFO`,
      "Give the path of a file to write.",
      { out }
    );
  }
  return planFile(out, target, st2);
}
async function planFile(out, target, st2) {
  const folder = dirname2(target);
  const dir = await stat4(folder).catch((e) => {
    if (code(e) === "ENOENT" || code(e) === "ENOTDIR") {
      throw errors.exportRefused(
        `The folder ${folder} does not exist`,
        `Create it first (mkdir -p ${folder}), or choose a file in a folder that exists.`,
        { out }
      );
    }
    throw cannotWrite(out, folder, e);
  });
  if (!dir.isDirectory()) {
    throw errors.exportRefused(
      `${folder} is not a folder, so ${out} cannot be made in it`,
      "Choose a file in a folder that exists.",
      { out }
    );
  }
  try {
    await access(folder, constants.W_OK | constants.X_OK);
    if (st2) await access(target, constants.W_OK);
  } catch (e) {
    throw cannotWrite(out, st2 ? target : folder, e);
  }
  return { kind: "file", path: target };
}
function cannotWrite(out, where2, e) {
  return errors.exportRefused(
    `${out} cannot be written: ${where2} refuses it (${code(e)})`,
    "Choose a file in a folder you can write to, or change the permissions.",
    { out }
  );
}
async function openStream(out, path, fifo) {
  let probe;
  try {
    if (fifo) probe = await open4(path, constants.O_WRONLY | constants.O_NONBLOCK);
    return await open4(path, constants.O_WRONLY);
  } catch (e) {
    if (fifo && code(e) === "ENXIO") {
      throw errors.exportRefused(
        `No process reads the FIFO ${out}`,
        `Start its reader first (e.g. gzip < ${out} > export.gz &), then export again.`,
        { out }
      );
    }
    throw cannotWrite(out, out, e);
  } finally {
    await probe?.close();
  }
}
async function releaseOutput(plan) {
  if (plan.kind === "stream") await plan.handle.close().catch(() => {
  });
}
var OutputFailure = class extends Error {
  code;
  constructor(what, e) {
    const c = code(e);
    const why = c === "EPIPE" ? `the reader of ${what} closed it` : c === "ENOSPC" || c === "EDQUOT" ? `${what} has no space left (${c})` : `writing to ${what} failed (${c})`;
    super(why);
    this.code = c;
  }
};
async function openOutput(plan, partial, start2) {
  if (plan.kind === "sink") {
    const sink = plan.sink;
    return {
      name: sink.name,
      resumable: false,
      write: async (chunk) => {
        try {
          await sink.write(chunk);
        } catch (e) {
          throw new OutputFailure(sink.name, e);
        }
      },
      flush: async () => {
      },
      close: async () => {
      }
    };
  }
  if (plan.kind === "stream") {
    return {
      name: plan.path,
      resumable: false,
      write: (chunk) => writeAll(plan.handle, plan.path, bytesOf(chunk), null),
      flush: async () => {
      },
      close: () => releaseOutput(plan)
    };
  }
  const fh = await open4(partial, start2.fresh ? "w" : "r+", 384);
  await fh.truncate(start2.bytes);
  let position = start2.bytes;
  return {
    name: plan.path,
    resumable: true,
    write: async (chunk) => {
      const buf = bytesOf(chunk);
      await writeAll(fh, partial, buf, position);
      position += buf.length;
    },
    flush: async () => {
      try {
        await fh.datasync();
      } catch (e) {
        throw new OutputFailure(partial, e);
      }
    },
    close: () => fh.close()
  };
}
var bytesOf = (chunk) => typeof chunk === "string" ? Buffer.from(chunk) : chunk;
async function writeAll(fh, what, buf, position) {
  let off = 0;
  try {
    while (off < buf.length) {
      const at2 = position === null ? null : position + off;
      const { bytesWritten } = await fh.write(buf, off, buf.length - off, at2);
      off += bytesWritten;
    }
  } catch (e) {
    throw new OutputFailure(what, e);
  }
}
async function publish(partial, path) {
  const now = await lstat2(path).catch(() => void 0);
  if (now && !now.isFile()) {
    throw errors.exportRefused(
      `${path} is no longer a regular file (something else was put there during the export), so the export was not given its name`,
      `The complete export is kept as ${partial}; move it where you want it.`,
      { out: path, partial }
    );
  }
  await rename4(partial, path);
}

// src/app/export/run.ts
import { rm as rm6 } from "node:fs/promises";

// src/app/export/formats.ts
function csvField(value) {
  if (value === null) return "";
  const text2 = typeof value === "string" ? value : String(value);
  if (text2 === "") return '""';
  return /[",\r\n]|^\s|\s$/.test(text2) ? `"${text2.replaceAll('"', '""')}"` : text2;
}
function csvHeader(columns) {
  return `${columns.map(csvField).join(",")}\r
`;
}
function csvLines(records) {
  let out = "";
  for (const r of records) out += `${r.values.map((v2) => csvField(v2)).join(",")}\r
`;
  return out;
}
function ndjsonLines(records) {
  let out = "";
  for (const r of records) for (const v2 of r.values) out += `${JSON.stringify(v2)}
`;
  return out;
}
function jsonItems(records) {
  return records.map((r) => JSON.stringify(r.values[0])).join(",\n");
}
function opening(format, columns) {
  if (format === "csv") return csvHeader(columns);
  return format === "json" ? "[\n" : "";
}
function batchText(format, records, written) {
  if (format === "ndjson") return ndjsonLines(records);
  if (format === "csv") return csvLines(records);
  return `${written > 0 ? ",\n" : ""}${jsonItems(records)}`;
}
function batchBytes(format, records, written, memory) {
  if (format === "csv" || !records.every((r) => r.json !== void 0))
    return Buffer.from(batchText(format, records, written));
  const texts = [];
  if (format === "ndjson") {
    for (const r of records) for (const v2 of r.json) texts.push(v2, LINE_BREAK);
  } else {
    records.forEach((r, i) => {
      if (i > 0 || written > 0) texts.push(BETWEEN_ITEMS);
      texts.push(r.json[0] ?? NULL_TEXT);
    });
  }
  return concatText(texts, memory);
}
var LINE_BREAK = ["\n"];
var BETWEEN_ITEMS = [",\n"];
var NULL_TEXT = ["null"];
var Reused = class {
  #memory = Buffer.alloc(0);
  take(size) {
    if (size > this.#memory.length) this.#memory = Buffer.allocUnsafe(Math.ceil(size * 1.25));
    return this.#memory.subarray(0, size);
  }
};
function concatText(texts, memory) {
  let size = 0;
  for (const t of texts)
    for (const p2 of t) size += typeof p2 === "string" ? Buffer.byteLength(p2) : p2.byteLength;
  const out = memory ? memory.take(size) : Buffer.allocUnsafe(size);
  let at2 = 0;
  for (const t of texts) {
    for (const p2 of t) {
      if (typeof p2 === "string") at2 += out.write(p2, at2);
      else {
        out.set(p2, at2);
        at2 += p2.byteLength;
      }
    }
  }
  return out;
}
function closing(format, written) {
  if (format !== "json") return "";
  return written > 0 ? "\n]\n" : "]\n";
}

// src/app/export/in-flight.ts
var IN_FLIGHT_BYTES = 24 * 1024 * 1024;
var InFlight = class {
  limit;
  #held = 0;
  #largest = 0;
  #peak = 0;
  #waiting = [];
  constructor(limit = IN_FLIGHT_BYTES) {
    this.limit = limit;
  }
  /** Bytes held now: batches not yet written, and the estimates of requests on their way. */
  get held() {
    return this.#held;
  }
  /** The most ever held at once. */
  get peak() {
    return this.#peak;
  }
  /** Resolves once one more batch fits, with its place. */
  acquire() {
    if (this.#waiting.length === 0 && this.#fits()) return Promise.resolve(this.#grant());
    return new Promise((resolve4) => this.#waiting.push(resolve4));
  }
  #estimate() {
    return this.#largest > 0 ? this.#largest : this.limit;
  }
  #fits() {
    return this.#held === 0 || this.#held + this.#estimate() <= this.limit;
  }
  #grant() {
    let size = this.#estimate();
    this.#hold(size);
    let released = false;
    return {
      settle: (bytes) => {
        if (released) return;
        this.#largest = Math.max(this.#largest, bytes);
        this.#hold(bytes - size);
        size = bytes;
        this.#pump();
      },
      release: () => {
        if (released) return;
        released = true;
        this.#hold(-size);
        this.#pump();
      }
    };
  }
  #hold(delta) {
    this.#held += delta;
    this.#peak = Math.max(this.#peak, this.#held);
  }
  /** Lets waiting slices go, first come first served, while they fit. */
  #pump() {
    while (this.#waiting.length > 0 && this.#fits())
      this.#waiting.shift()(this.#grant());
  }
};

// src/app/export/progress.ts
var PROGRESS_EVERY_MS = 250;
var ProgressMeter = class {
  #report;
  #started;
  #read;
  #last = 0;
  #held;
  /** `read` gives the count done, the total, and the documents written since `started`. */
  constructor(report, started, read) {
    this.#report = report;
    this.#started = started;
    this.#read = read;
  }
  /** Reports now if the interval has passed (or `force`), else once it has. */
  tick(force = false) {
    if (!this.#report) return;
    const wait = PROGRESS_EVERY_MS - (Date.now() - this.#last);
    if (force || wait <= 0) {
      this.stop();
      this.#send();
      return;
    }
    this.#held ??= setTimeout(() => {
      this.#held = void 0;
      this.#send();
    }, wait);
  }
  /** Drops a held report (the export ended). */
  stop() {
    clearTimeout(this.#held);
    this.#held = void 0;
  }
  #send() {
    if (!this.#report) return;
    const now = Date.now();
    this.#last = now;
    const { done, total, writtenNow } = this.#read();
    const elapsed = (now - this.#started) / 1e3;
    const rate = elapsed > 0 ? writtenNow / elapsed : 0;
    this.#report({
      done,
      total,
      rate: Math.round(rate),
      etaSeconds: rate > 0 ? Math.max(0, Math.round((total - done) / rate)) : null
    });
  }
};

// src/app/export/run.ts
var CHECKPOINT_EVERY_MS = 2e3;
var EMPTY = new Uint8Array(0);
var ExportRun = class {
  #scan;
  #cp;
  #ctx;
  #meter;
  /** Set once a slice fails: the others ask for no further batch. */
  #halt = new AbortController();
  /** Where batches are framed, one at a time (the writes are in turn). */
  #frames = new Reused();
  /** What the slices hold between them, bounded. */
  #inFlight;
  #output;
  #position;
  #lastCheckpoint = Date.now();
  /** Batches are appended one after another, whichever slice they come from. */
  #tail = Promise.resolve();
  #failure;
  constructor(scan, cp, ctx) {
    this.#scan = scan;
    this.#cp = cp;
    this.#ctx = ctx;
    this.#position = cp.bytes;
    this.#inFlight = new InFlight(ctx.inFlightBytes);
    const doneAtStart = cp.written;
    this.#meter = new ProgressMeter(ctx.options.onProgress, ctx.started, () => ({
      done: this.#done(),
      total: cp.expected,
      writtenNow: cp.written - doneAtStart
    }));
  }
  get #out() {
    return this.#output;
  }
  /** Documents accounted for: written, or (after a lost snapshot) found already in the file. */
  #done() {
    const { rescan, written } = this.#cp;
    return rescan ? rescan.matched + (written - rescan.baseDocs) : written;
  }
  async run() {
    const cp = this.#cp;
    this.#output = await openOutput(this.#ctx.plan, this.#ctx.partial, {
      bytes: cp.bytes,
      fresh: cp.bytes === 0 && !this.#ctx.resumed
    });
    try {
      if (this.#position === 0) {
        await this.#writeOrStop(opening(cp.format, this.#scan.columns));
        await this.#checkpoint();
      }
      await Promise.all(
        Array.from(
          { length: cp.slices },
          (_2, i) => this.#slice(i).catch((e) => {
            this.#failure ??= e;
            this.#halt.abort();
          })
        )
      );
      await this.#tail.catch(() => {
      });
      if (this.#failure !== void 0 || this.#ctx.options.signal?.aborted)
        throw await this.#failed(this.#failure);
      return await this.#finish();
    } finally {
      this.#meter.stop();
      await this.#out.close().catch(() => {
      });
    }
  }
  /**
   * Reads one slice: the next batch is asked for while the current one is written, once it fits
   * under the export's bound on memory (in-flight.ts), shared by all slices.
   */
  async #slice(slice) {
    const cp = this.#cp;
    if (cp.done[slice]) return;
    const stop2 = () => this.#failure !== void 0 || this.#ctx.options.signal?.aborted === true;
    const it2 = this.#scan.batches(slice, cp.cursors[slice] ?? null, this.#halt.signal)[Symbol.asyncIterator]();
    const ask = async () => {
      const ticket = await this.#inFlight.acquire();
      try {
        const r = stop2() ? void 0 : await it2.next();
        if (r && !r.done) {
          if (r.value.bytes !== void 0) ticket.settle(r.value.bytes);
          return { batch: r.value, ticket };
        }
      } catch (e) {
        ticket.release();
        throw e;
      }
      ticket.release();
      return { batch: void 0, ticket };
    };
    let pending2 = ask();
    try {
      for (; ; ) {
        const { batch, ticket } = await pending2;
        pending2 = void 0;
        if (!batch) return;
        if (!batch.last && !stop2()) {
          pending2 = ask();
          pending2.catch(() => {
          });
        }
        try {
          await this.#append(slice, batch, ticket);
        } finally {
          batch.release?.();
          ticket.release();
        }
        if (batch.last || stop2()) return;
      }
    } finally {
      pending2?.then(
        (a) => {
          a.batch?.release?.();
          a.ticket.release();
        },
        () => {
        }
      );
      it2.return?.().catch(() => {
      });
    }
  }
  /** Appends one batch of one slice, in order with the others; then the slice's cursor moves. */
  #append(slice, batch, ticket) {
    const cp = this.#cp;
    this.#tail = this.#tail.then(async () => {
      await new Promise(setImmediate);
      const { bytes, count } = this.#framed(batch);
      if (count > 0) {
        if (batch.bytes === void 0) ticket.settle(bytes.length);
        await this.#write(bytes);
        cp.written += count;
      }
      cp.cursors[slice] = batch.cursor;
      if (batch.last) cp.done[slice] = true;
      if (Date.now() - this.#lastCheckpoint >= CHECKPOINT_EVERY_MS) await this.#checkpoint();
      this.#meter.tick();
    });
    return this.#tail;
  }
  /**
   * A batch as the file holds it, and its records: framed by the driver when it can and the batch
   * is kept whole, else from its records (after a lost snapshot, those the file holds are skipped).
   */
  #framed(batch) {
    const cp = this.#cp;
    const { seen } = this.#ctx;
    const take = (size) => this.#frames.take(size);
    if (batch.framed && !(seen && cp.rescan))
      return { bytes: batch.framed.bytes(cp.written === 0, take), count: batch.framed.count };
    let keep = batch.records;
    if (seen && cp.rescan) {
      keep = keep.filter((r) => !seen.has(r.key));
      cp.rescan.matched += batch.records.length - keep.length;
    }
    const bytes = keep.length > 0 ? batchBytes(cp.format, keep, cp.written, this.#frames) : EMPTY;
    return { bytes, count: keep.length };
  }
  async #write(chunk) {
    if (chunk.length === 0) return;
    await this.#out.write(chunk);
    this.#position += typeof chunk === "string" ? Buffer.byteLength(chunk) : chunk.byteLength;
  }
  /** A write outside the slices' batches (the opening, the closing): same stops. */
  async #writeOrStop(text2) {
    try {
      await this.#write(text2);
    } catch (e) {
      throw await this.#stopped(e);
    }
  }
  async #checkpoint() {
    if (!this.#out.resumable) return;
    await this.#out.flush();
    this.#cp.bytes = this.#position;
    this.#cp.scan = this.#scan.state();
    await writeCheckpoint(this.#ctx.checkpointPath, this.#cp);
    this.#lastCheckpoint = Date.now();
  }
  /** Whether a failure is a stop a resume can get past (undefined: cancelled). */
  #resumable(e) {
    return e === void 0 || isScanInterruption(e) || e instanceof OutputFailure;
  }
  /** The error for an export that stops here: resumable from a file, final on a stream. */
  async #stopped(e) {
    if (!this.#resumable(e)) return e;
    const cp = this.#cp;
    const reason = e instanceof Error ? e.message : "the export was cancelled";
    const note = isScanInterruption(e) ? e.note : void 0;
    if (!this.#out.resumable)
      return errors.exportStreamStopped(this.#out.name, reason, cp.written, cp.expected);
    await this.#checkpoint().catch(() => {
    });
    return errors.exportInterrupted(
      reason,
      cp.written,
      cp.expected,
      this.#ctx.checkpointPath,
      note
    );
  }
  /** A run that stopped: resumable (a file that could not take more resumes once there is room). */
  async #failed(e) {
    if (this.#resumable(e)) return this.#stopped(e);
    await this.#out.close();
    if (this.#out.resumable) await discardInterruptedExport(this.#ctx.file);
    return e;
  }
  async #finish() {
    const cp = this.#cp;
    const ctx = this.#ctx;
    await this.#writeOrStop(closing(cp.format, cp.written));
    await this.#out.flush().catch(async (e) => {
      throw await this.#stopped(e);
    });
    this.#meter.tick(true);
    const handled = this.#done();
    const rescan = cp.rescan;
    const expected2 = rescan ? cp.expected + (rescan.baseDocs - rescan.matched) : cp.expected;
    await this.#out.close();
    if (handled !== cp.expected) {
      if (!this.#out.resumable)
        throw errors.exportStreamIncomplete(this.#out.name, handled, cp.expected);
      await writeCheckpoint(ctx.checkpointPath, { ...cp, bytes: this.#position });
      throw errors.exportIncomplete(handled, cp.expected, ctx.partial);
    }
    if (this.#out.resumable) {
      await publish(ctx.partial, ctx.file);
      await rm6(ctx.checkpointPath, { force: true });
    }
    await this.#scan.close();
    return {
      written: cp.written,
      expected: expected2,
      out: ctx.out,
      format: cp.format,
      resumed: ctx.resumed,
      durationMs: Date.now() - ctx.started,
      slices: cp.slices,
      bytes: this.#position
    };
  }
};

// src/app/export/stored-keys.ts
import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";

// node_modules/csv-parse/lib/index.js
import { Transform } from "stream";

// node_modules/csv-parse/lib/utils/is_object.js
var is_object = function(obj) {
  return typeof obj === "object" && obj !== null && !Array.isArray(obj);
};

// node_modules/csv-parse/lib/api/CsvError.js
var CsvError = class _CsvError extends Error {
  constructor(code2, message, options, ...contexts) {
    if (Array.isArray(message)) message = message.join(" ").trim();
    super(message);
    if (Error.captureStackTrace !== void 0) {
      Error.captureStackTrace(this, _CsvError);
    }
    this.code = code2;
    for (const context of contexts) {
      for (const key in context) {
        const value = context[key];
        this[key] = Buffer.isBuffer(value) ? value.toString(options.encoding) : value == null ? value : JSON.parse(JSON.stringify(value));
      }
    }
  }
};

// node_modules/csv-parse/lib/api/normalize_columns_array.js
var normalize_columns_array = function(columns) {
  const normalizedColumns = [];
  for (let i = 0, l = columns.length; i < l; i++) {
    const column = columns[i];
    if (column === void 0 || column === null || column === false) {
      normalizedColumns[i] = { disabled: true };
    } else if (typeof column === "string" || typeof column === "number") {
      normalizedColumns[i] = { name: `${column}` };
    } else if (is_object(column)) {
      if (typeof column.name !== "string") {
        throw new CsvError("CSV_OPTION_COLUMNS_MISSING_NAME", [
          "Option columns missing name:",
          `property "name" is required at position ${i}`,
          "when column is an object literal"
        ]);
      }
      normalizedColumns[i] = column;
    } else {
      throw new CsvError("CSV_INVALID_COLUMN_DEFINITION", [
        "Invalid column definition:",
        "expect a string or a literal object,",
        `got ${JSON.stringify(column)} at position ${i}`
      ]);
    }
  }
  return normalizedColumns;
};

// node_modules/csv-parse/lib/utils/ResizeableBuffer.js
var ResizeableBuffer = class {
  constructor(size = 100) {
    this.size = size;
    this.length = 0;
    this.buf = Buffer.allocUnsafe(size);
  }
  prepend(val) {
    if (Buffer.isBuffer(val)) {
      const length = this.length + val.length;
      if (length >= this.size) {
        this.resize();
        if (length >= this.size) {
          throw Error("INVALID_BUFFER_STATE");
        }
      }
      const buf = this.buf;
      this.buf = Buffer.allocUnsafe(this.size);
      val.copy(this.buf, 0);
      buf.copy(this.buf, val.length);
      this.length += val.length;
    } else {
      const length = this.length++;
      if (length === this.size) {
        this.resize();
      }
      const buf = this.clone();
      this.buf[0] = val;
      buf.copy(this.buf, 1, 0, length);
    }
  }
  append(val) {
    const length = this.length++;
    if (length === this.size) {
      this.resize();
    }
    this.buf[length] = val;
  }
  clone() {
    return Buffer.from(this.buf.slice(0, this.length));
  }
  resize() {
    const length = this.length;
    this.size = this.size * 2;
    const buf = Buffer.allocUnsafe(this.size);
    this.buf.copy(buf, 0, 0, length);
    this.buf = buf;
  }
  toString(encoding) {
    if (encoding) {
      return this.buf.toString(encoding, 0, this.length);
    } else {
      return Uint8Array.prototype.slice.call(this.buf.slice(0, this.length));
    }
  }
  toJSON() {
    return this.toString("utf8");
  }
  reset() {
    this.length = 0;
  }
};
var ResizeableBuffer_default = ResizeableBuffer;

// node_modules/csv-parse/lib/api/init_state.js
var init_state = function(options) {
  const timchars = [
    // Basic Latin
    32,
    // [Space](https://www.fileformat.info/info/unicode/char/0020/index.htm)
    9,
    // [CHARACTER TABULATION (HT)](https://www.fileformat.info/info/unicode/char/0009/index.htm)
    10,
    // [LINE FEED (LF)](https://www.fileformat.info/info/unicode/char/000a/index.htm)
    13,
    // [CARRIAGE RETURN (CR)](https://www.fileformat.info/info/unicode/char/000d/index.htm)
    12,
    // [FORM FEED (FF)](https://www.fileformat.info/info/unicode/char/000c/index.htm)
    11,
    // [LINE TABULATION (VT)](https://www.fileformat.info/info/unicode/char/000b/index.htm)
    // Latin-1 Supplement
    160,
    // [NO-BREAK SPACE (NBSP)](https://www.fileformat.info/info/unicode/char/00a0/index.htm)
    // Ogham
    5760,
    // [OGHAM SPACE MARK](https://www.fileformat.info/info/unicode/char/1680/index.htm)
    // General Punctuation
    8192,
    // [EN QUAD](https://www.fileformat.info/info/unicode/char/2000/index.htm)
    8193,
    // [EM QUAD](https://www.fileformat.info/info/unicode/char/2001/index.htm)
    8194,
    // [EN SPACE](https://www.fileformat.info/info/unicode/char/2002/index.htm)
    8195,
    // [EM SPACE](https://www.fileformat.info/info/unicode/char/2003/index.htm)
    8196,
    // [THREE-PER-EM SPACE](https://www.fileformat.info/info/unicode/char/2004/index.htm)
    8197,
    // [FOUR-PER-EM SPACE](https://www.fileformat.info/info/unicode/char/2005/index.htm)
    8198,
    // [SIX-PER-EM SPACE](https://www.fileformat.info/info/unicode/char/2006/index.htm)
    8199,
    // [FIGURE SPACE](https://www.fileformat.info/info/unicode/char/2007/index.htm)
    8200,
    // [PUNCTUATION SPACE](https://www.fileformat.info/info/unicode/char/2008/index.htm)
    8201,
    // [THIN SPACE](https://www.fileformat.info/info/unicode/char/2009/index.htm)
    8202,
    // [HAIR SPACE](https://www.fileformat.info/info/unicode/char/200a/index.htm)
    8232,
    // [LINE SEPARATOR](https://www.fileformat.info/info/unicode/char/2028/index.htm)
    8233,
    // [PARAGRAPH SEPARATOR](https://www.fileformat.info/info/unicode/char/2029/index.htm)
    8239,
    // [NARROW NO-BREAK SPACE (NNBSP)](https://www.fileformat.info/info/unicode/char/202f/index.htm)
    8287,
    // [MEDIUM MATHEMATICAL SPACE (MMSP)](https://www.fileformat.info/info/unicode/char/205f/index.htm)
    12288,
    // [IDEOGRAPHIC SPACE](https://www.fileformat.info/info/unicode/char/3000/index.htm)
    65279
    // [ZERO WIDTH NO-BREAK SPACE (BOM)](https://www.fileformat.info/info/unicode/char/feff/index.htm)
  ].reduce((acc, codepoint) => {
    const encoded = Buffer.from(
      String.fromCharCode(codepoint),
      options.encoding
    );
    if (codepoint !== 63 && encoded.length === 1 && encoded[0] === 63) {
      return acc;
    }
    acc.push(encoded);
    return acc;
  }, []);
  const timcharFirstBytes = new Uint8Array(256);
  for (const t of timchars) timcharFirstBytes[t[0]] = 1;
  return {
    bomSkipped: false,
    bufBytesStart: 0,
    castField: options.cast_function,
    commenting: false,
    delimiterBufPrevious: void 0,
    delimiterDiscovered: false,
    // Current error encountered by a record
    error: void 0,
    enabled: options.from_line === 1,
    escaping: false,
    escapeIsQuote: Buffer.isBuffer(options.escape) && Buffer.isBuffer(options.quote) && Buffer.compare(options.escape, options.quote) === 0,
    // columns can be `false`, `true`, `Array`
    expectedRecordLength: Array.isArray(options.columns) ? options.columns.length : void 0,
    field: new ResizeableBuffer_default(20),
    firstLineToHeaders: options.cast_first_line_to_header,
    needMoreDataSize: Math.max(
      // Skip if the remaining buffer smaller than comment
      options.comment !== null ? options.comment.length : 0,
      ...options.delimiter ? options.delimiter.map((delimiter) => delimiter.length) : [],
      // Auto discovery of delimiter is limited to 1 character
      options.delimiter_auto ? 1 : 0,
      // Skip if the remaining buffer can be escape sequence
      options.quote !== null ? options.quote.length : 0,
      ...timchars.map((t) => t.length)
    ),
    previousBuf: void 0,
    quoting: false,
    stop: false,
    rawBuffer: new ResizeableBuffer_default(100),
    record: [],
    recordHasError: false,
    record_length: 0,
    recordDelimiterMaxLength: options.record_delimiter.length === 0 ? 0 : Math.max(...options.record_delimiter.map((v2) => v2.length)),
    trimChars: [
      Buffer.from(" ", options.encoding)[0],
      Buffer.from("	", options.encoding)[0]
    ],
    wasQuoting: false,
    wasRowDelimiter: false,
    timchars,
    timcharFirstBytes
  };
};

// node_modules/csv-parse/lib/utils/underscore.js
var underscore = function(str) {
  return str.replace(/([A-Z])/g, function(_2, match) {
    return "_" + match.toLowerCase();
  });
};

// node_modules/csv-parse/lib/api/normalize_options.js
var normalize_options = function(opts) {
  const options = {};
  for (const opt in opts) {
    options[underscore(opt)] = opts[opt];
  }
  if (options.encoding === void 0 || options.encoding === true) {
    options.encoding = "utf8";
  } else if (options.encoding === null || options.encoding === false) {
    options.encoding = null;
  } else if (typeof options.encoding !== "string" && options.encoding !== null) {
    throw new CsvError(
      "CSV_INVALID_OPTION_ENCODING",
      [
        "Invalid option encoding:",
        "encoding must be a string or null to return a buffer,",
        `got ${JSON.stringify(options.encoding)}`
      ],
      options
    );
  }
  if (options.bom === void 0 || options.bom === null || options.bom === false) {
    options.bom = false;
  } else if (options.bom !== true) {
    throw new CsvError(
      "CSV_INVALID_OPTION_BOM",
      [
        "Invalid option bom:",
        "bom must be true,",
        `got ${JSON.stringify(options.bom)}`
      ],
      options
    );
  }
  options.cast_function = null;
  if (options.cast === void 0 || options.cast === null || options.cast === false || options.cast === "") {
    options.cast = void 0;
  } else if (typeof options.cast === "function") {
    options.cast_function = options.cast;
    options.cast = true;
  } else if (options.cast !== true) {
    throw new CsvError(
      "CSV_INVALID_OPTION_CAST",
      [
        "Invalid option cast:",
        "cast must be true or a function,",
        `got ${JSON.stringify(options.cast)}`
      ],
      options
    );
  }
  if (options.cast_date === void 0 || options.cast_date === null || options.cast_date === false || options.cast_date === "") {
    options.cast_date = false;
  } else if (options.cast_date === true) {
    options.cast_date = function(value) {
      const date = Date.parse(value);
      return !isNaN(date) ? new Date(date) : value;
    };
  } else if (typeof options.cast_date !== "function") {
    throw new CsvError(
      "CSV_INVALID_OPTION_CAST_DATE",
      [
        "Invalid option cast_date:",
        "cast_date must be true or a function,",
        `got ${JSON.stringify(options.cast_date)}`
      ],
      options
    );
  }
  options.cast_first_line_to_header = void 0;
  if (options.columns === true) {
    options.cast_first_line_to_header = void 0;
  } else if (typeof options.columns === "function") {
    options.cast_first_line_to_header = options.columns;
    options.columns = true;
  } else if (Array.isArray(options.columns)) {
    options.columns = normalize_columns_array(options.columns);
  } else if (options.columns === void 0 || options.columns === null || options.columns === false) {
    options.columns = false;
  } else {
    throw new CsvError(
      "CSV_INVALID_OPTION_COLUMNS",
      [
        "Invalid option columns:",
        "expect an array, a function or true,",
        `got ${JSON.stringify(options.columns)}`
      ],
      options
    );
  }
  if (options.group_columns_by_name === void 0 || options.group_columns_by_name === null || options.group_columns_by_name === false) {
    options.group_columns_by_name = false;
  } else if (options.group_columns_by_name !== true) {
    throw new CsvError(
      "CSV_INVALID_OPTION_GROUP_COLUMNS_BY_NAME",
      [
        "Invalid option group_columns_by_name:",
        "expect an boolean,",
        `got ${JSON.stringify(options.group_columns_by_name)}`
      ],
      options
    );
  } else if (options.columns === false) {
    throw new CsvError(
      "CSV_INVALID_OPTION_GROUP_COLUMNS_BY_NAME",
      [
        "Invalid option group_columns_by_name:",
        "the `columns` mode must be activated."
      ],
      options
    );
  }
  if (options.comment === void 0 || options.comment === null || options.comment === false || options.comment === "") {
    options.comment = null;
  } else {
    if (typeof options.comment === "string") {
      options.comment = Buffer.from(options.comment, options.encoding);
    }
    if (!Buffer.isBuffer(options.comment)) {
      throw new CsvError(
        "CSV_INVALID_OPTION_COMMENT",
        [
          "Invalid option comment:",
          "comment must be a buffer or a string,",
          `got ${JSON.stringify(options.comment)}`
        ],
        options
      );
    }
  }
  if (options.comment_no_infix === void 0 || options.comment_no_infix === null || options.comment_no_infix === false) {
    options.comment_no_infix = false;
  } else if (options.comment_no_infix !== true) {
    throw new CsvError(
      "CSV_INVALID_OPTION_COMMENT",
      [
        "Invalid option comment_no_infix:",
        "value must be a boolean,",
        `got ${JSON.stringify(options.comment_no_infix)}`
      ],
      options
    );
  }
  if (options.delimiter_auto === void 0 || options.delimiter_auto === null || options.delimiter_auto === false) {
    options.delimiter_auto = false;
  } else if (options.delimiter_auto === true) {
    options.delimiter_auto = {};
  } else if (!is_object(options.delimiter_auto)) {
    throw new CsvError(
      "CSV_INVALID_OPTION_DELIMITER_AUTO",
      [
        "Invalid option delimiter_auto:",
        "delimiter_auto must be a boolean or a configuration object,",
        `got ${JSON.stringify(options.delimiter_auto)}`
      ],
      options
    );
  }
  if (options.delimiter_auto) {
    if (options.delimiter_auto.preferred === void 0)
      options.delimiter_auto.preferred = {
        [",".charCodeAt(0)]: 1.8,
        ["	".charCodeAt(0)]: 1.8,
        [";".charCodeAt(0)]: 1.6,
        [" ".charCodeAt(0)]: 1.6,
        [":".charCodeAt(0)]: 1.5,
        [".".charCodeAt(0)]: 1.4,
        ["/".charCodeAt(0)]: 1.4
      };
    else if (!is_object(options.delimiter_auto.preferred)) {
      throw new CsvError(
        "CSV_INVALID_OPTION_DELIMITER_AUTO",
        [
          "Invalid option delimiter_auto:",
          "preferred must be an object,",
          `got ${JSON.stringify(options.delimiter_auto.preferred)}`
        ],
        options
      );
    }
    if (options.delimiter_auto.score === void 0)
      options.delimiter_auto.score = (info, options2) => {
        return (info.total - info.std) * (options2.preferred[info.char_code] || 1);
      };
    else if (typeof options.delimiter_auto.score !== "function") {
      throw new CsvError(
        "CSV_INVALID_OPTION_DELIMITER_AUTO",
        [
          "Invalid option delimiter_auto:",
          "score must be a function,",
          `got ${JSON.stringify(options.delimiter_auto.score)}`
        ],
        options
      );
    }
    if (options.delimiter_auto.size === void 0)
      options.delimiter_auto.size = 2048;
    else if (typeof options.delimiter_auto.size !== "number") {
      throw new CsvError(
        "CSV_INVALID_OPTION_DELIMITER_AUTO",
        [
          "Invalid option delimiter_auto:",
          "size must be a number,",
          `got ${JSON.stringify(options.delimiter_auto.size)}`
        ],
        options
      );
    }
  }
  const delimiter_json = JSON.stringify(options.delimiter);
  if (options.delimiter_auto !== false) {
    options.delimiter = [];
  }
  if (!Array.isArray(options.delimiter)) {
    if (options.delimiter === void 0 || options.delimiter === null || options.delimiter === false) {
      options.delimiter = Buffer.from(",", options.encoding);
    }
    options.delimiter = [options.delimiter];
  }
  options.delimiter = options.delimiter.map(function(delimiter) {
    if (typeof delimiter === "string") {
      delimiter = Buffer.from(delimiter, options.encoding);
    }
    if (!Buffer.isBuffer(delimiter) || delimiter.length === 0) {
      throw new CsvError(
        "CSV_INVALID_OPTION_DELIMITER",
        [
          "Invalid option delimiter:",
          "delimiter must be a non empty string or buffer or array of string|buffer,",
          `got ${delimiter_json}`
        ],
        options
      );
    }
    return delimiter;
  });
  if (options.escape === void 0 || options.escape === true) {
    options.escape = Buffer.from('"', options.encoding);
  } else if (typeof options.escape === "string") {
    options.escape = Buffer.from(options.escape, options.encoding);
  } else if (options.escape === null || options.escape === false) {
    options.escape = null;
  }
  if (options.escape !== null) {
    if (!Buffer.isBuffer(options.escape)) {
      throw new Error(
        `Invalid Option: escape must be a buffer, a string or a boolean, got ${JSON.stringify(options.escape)}`
      );
    }
  }
  if (options.from === void 0 || options.from === null) {
    options.from = 1;
  } else {
    if (typeof options.from === "string" && /\d+/.test(options.from)) {
      options.from = parseInt(options.from);
    }
    if (Number.isInteger(options.from)) {
      if (options.from < 0) {
        throw new Error(
          `Invalid Option: from must be a positive integer, got ${JSON.stringify(opts.from)}`
        );
      }
    } else {
      throw new Error(
        `Invalid Option: from must be an integer, got ${JSON.stringify(options.from)}`
      );
    }
  }
  if (options.from_line === void 0 || options.from_line === null) {
    options.from_line = 1;
  } else {
    if (typeof options.from_line === "string" && /\d+/.test(options.from_line)) {
      options.from_line = parseInt(options.from_line);
    }
    if (Number.isInteger(options.from_line)) {
      if (options.from_line <= 0) {
        throw new Error(
          `Invalid Option: from_line must be a positive integer greater than 0, got ${JSON.stringify(opts.from_line)}`
        );
      }
    } else {
      throw new Error(
        `Invalid Option: from_line must be an integer, got ${JSON.stringify(opts.from_line)}`
      );
    }
  }
  if (options.ignore_last_delimiters === void 0 || options.ignore_last_delimiters === null) {
    options.ignore_last_delimiters = false;
  } else if (typeof options.ignore_last_delimiters === "number") {
    options.ignore_last_delimiters = Math.floor(options.ignore_last_delimiters);
    if (options.ignore_last_delimiters === 0) {
      options.ignore_last_delimiters = false;
    }
  } else if (typeof options.ignore_last_delimiters !== "boolean") {
    throw new CsvError(
      "CSV_INVALID_OPTION_IGNORE_LAST_DELIMITERS",
      [
        "Invalid option `ignore_last_delimiters`:",
        "the value must be a boolean value or an integer,",
        `got ${JSON.stringify(options.ignore_last_delimiters)}`
      ],
      options
    );
  }
  if (options.ignore_last_delimiters === true && options.columns === false) {
    throw new CsvError(
      "CSV_IGNORE_LAST_DELIMITERS_REQUIRES_COLUMNS",
      [
        "The option `ignore_last_delimiters`",
        "requires the activation of the `columns` option"
      ],
      options
    );
  }
  if (options.info === void 0 || options.info === null || options.info === false) {
    options.info = false;
  } else if (options.info !== true) {
    throw new Error(
      `Invalid Option: info must be true, got ${JSON.stringify(options.info)}`
    );
  }
  if (options.max_record_size === void 0 || options.max_record_size === null || options.max_record_size === false) {
    options.max_record_size = 0;
  } else if (Number.isInteger(options.max_record_size) && options.max_record_size >= 0) {
  } else if (typeof options.max_record_size === "string" && /\d+/.test(options.max_record_size)) {
    options.max_record_size = parseInt(options.max_record_size);
  } else {
    throw new Error(
      `Invalid Option: max_record_size must be a positive integer, got ${JSON.stringify(options.max_record_size)}`
    );
  }
  if (options.objname === void 0 || options.objname === null || options.objname === false) {
    options.objname = void 0;
  } else if (Buffer.isBuffer(options.objname)) {
    if (options.objname.length === 0) {
      throw new Error(`Invalid Option: objname must be a non empty buffer`);
    }
    if (options.encoding === null) {
    } else {
      options.objname = options.objname.toString(options.encoding);
    }
  } else if (typeof options.objname === "string") {
    if (options.objname.length === 0) {
      throw new Error(`Invalid Option: objname must be a non empty string`);
    }
  } else if (typeof options.objname === "number") {
  } else {
    throw new Error(
      `Invalid Option: objname must be a string or a buffer, got ${options.objname}`
    );
  }
  if (options.objname !== void 0) {
    if (typeof options.objname === "number") {
      if (options.columns !== false) {
        throw Error(
          "Invalid Option: objname index cannot be combined with columns or be defined as a field"
        );
      }
    } else {
      if (options.columns === false) {
        throw Error(
          "Invalid Option: objname field must be combined with columns or be defined as an index"
        );
      }
    }
  }
  if (options.on_record === void 0 || options.on_record === null) {
    options.on_record = void 0;
  } else if (typeof options.on_record !== "function") {
    throw new CsvError(
      "CSV_INVALID_OPTION_ON_RECORD",
      [
        "Invalid option `on_record`:",
        "expect a function,",
        `got ${JSON.stringify(options.on_record)}`
      ],
      options
    );
  }
  if (options.on_skip !== void 0 && options.on_skip !== null && typeof options.on_skip !== "function") {
    throw new Error(
      `Invalid Option: on_skip must be a function, got ${JSON.stringify(options.on_skip)}`
    );
  }
  if (options.quote === null || options.quote === false || options.quote === "") {
    options.quote = null;
  } else {
    if (options.quote === void 0 || options.quote === true) {
      options.quote = Buffer.from('"', options.encoding);
    } else if (typeof options.quote === "string") {
      options.quote = Buffer.from(options.quote, options.encoding);
    }
    if (!Buffer.isBuffer(options.quote)) {
      throw new Error(
        `Invalid Option: quote must be a buffer or a string, got ${JSON.stringify(options.quote)}`
      );
    }
  }
  if (options.raw === void 0 || options.raw === null || options.raw === false) {
    options.raw = false;
  } else if (options.raw !== true) {
    throw new Error(
      `Invalid Option: raw must be true, got ${JSON.stringify(options.raw)}`
    );
  }
  if (options.record_delimiter === void 0) {
    options.record_delimiter = [];
  } else if (typeof options.record_delimiter === "string" || Buffer.isBuffer(options.record_delimiter)) {
    if (options.record_delimiter.length === 0) {
      throw new CsvError(
        "CSV_INVALID_OPTION_RECORD_DELIMITER",
        [
          "Invalid option `record_delimiter`:",
          "value must be a non empty string or buffer,",
          `got ${JSON.stringify(options.record_delimiter)}`
        ],
        options
      );
    }
    options.record_delimiter = [options.record_delimiter];
  } else if (!Array.isArray(options.record_delimiter)) {
    throw new CsvError(
      "CSV_INVALID_OPTION_RECORD_DELIMITER",
      [
        "Invalid option `record_delimiter`:",
        "value must be a string, a buffer or array of string|buffer,",
        `got ${JSON.stringify(options.record_delimiter)}`
      ],
      options
    );
  }
  options.record_delimiter = options.record_delimiter.map(function(rd, i) {
    if (typeof rd !== "string" && !Buffer.isBuffer(rd)) {
      throw new CsvError(
        "CSV_INVALID_OPTION_RECORD_DELIMITER",
        [
          "Invalid option `record_delimiter`:",
          "value must be a string, a buffer or array of string|buffer",
          `at index ${i},`,
          `got ${JSON.stringify(rd)}`
        ],
        options
      );
    } else if (rd.length === 0) {
      throw new CsvError(
        "CSV_INVALID_OPTION_RECORD_DELIMITER",
        [
          "Invalid option `record_delimiter`:",
          "value must be a non empty string or buffer",
          `at index ${i},`,
          `got ${JSON.stringify(rd)}`
        ],
        options
      );
    }
    if (typeof rd === "string") {
      rd = Buffer.from(rd, options.encoding);
    }
    return rd;
  });
  if (typeof options.relax_column_count === "boolean") {
  } else if (options.relax_column_count === void 0 || options.relax_column_count === null) {
    options.relax_column_count = false;
  } else {
    throw new Error(
      `Invalid Option: relax_column_count must be a boolean, got ${JSON.stringify(options.relax_column_count)}`
    );
  }
  if (typeof options.relax_column_count_less === "boolean") {
  } else if (options.relax_column_count_less === void 0 || options.relax_column_count_less === null) {
    options.relax_column_count_less = false;
  } else {
    throw new Error(
      `Invalid Option: relax_column_count_less must be a boolean, got ${JSON.stringify(options.relax_column_count_less)}`
    );
  }
  if (typeof options.relax_column_count_more === "boolean") {
  } else if (options.relax_column_count_more === void 0 || options.relax_column_count_more === null) {
    options.relax_column_count_more = false;
  } else {
    throw new Error(
      `Invalid Option: relax_column_count_more must be a boolean, got ${JSON.stringify(options.relax_column_count_more)}`
    );
  }
  if (typeof options.relax_quotes === "boolean") {
  } else if (options.relax_quotes === void 0 || options.relax_quotes === null) {
    options.relax_quotes = false;
  } else {
    throw new Error(
      `Invalid Option: relax_quotes must be a boolean, got ${JSON.stringify(options.relax_quotes)}`
    );
  }
  if (typeof options.skip_empty_lines === "boolean") {
  } else if (options.skip_empty_lines === void 0 || options.skip_empty_lines === null) {
    options.skip_empty_lines = false;
  } else {
    throw new Error(
      `Invalid Option: skip_empty_lines must be a boolean, got ${JSON.stringify(options.skip_empty_lines)}`
    );
  }
  if (typeof options.skip_records_with_empty_values === "boolean") {
  } else if (options.skip_records_with_empty_values === void 0 || options.skip_records_with_empty_values === null) {
    options.skip_records_with_empty_values = false;
  } else {
    throw new Error(
      `Invalid Option: skip_records_with_empty_values must be a boolean, got ${JSON.stringify(options.skip_records_with_empty_values)}`
    );
  }
  if (typeof options.skip_records_with_error === "boolean") {
  } else if (options.skip_records_with_error === void 0 || options.skip_records_with_error === null) {
    options.skip_records_with_error = false;
  } else {
    throw new Error(
      `Invalid Option: skip_records_with_error must be a boolean, got ${JSON.stringify(options.skip_records_with_error)}`
    );
  }
  if (options.rtrim === void 0 || options.rtrim === null || options.rtrim === false) {
    options.rtrim = false;
  } else if (options.rtrim !== true) {
    throw new Error(
      `Invalid Option: rtrim must be a boolean, got ${JSON.stringify(options.rtrim)}`
    );
  }
  if (options.ltrim === void 0 || options.ltrim === null || options.ltrim === false) {
    options.ltrim = false;
  } else if (options.ltrim !== true) {
    throw new Error(
      `Invalid Option: ltrim must be a boolean, got ${JSON.stringify(options.ltrim)}`
    );
  }
  if (options.trim === void 0 || options.trim === null || options.trim === false) {
    options.trim = false;
  } else if (options.trim !== true) {
    throw new Error(
      `Invalid Option: trim must be a boolean, got ${JSON.stringify(options.trim)}`
    );
  }
  if (options.trim === true && opts.ltrim !== false) {
    options.ltrim = true;
  } else if (options.ltrim !== true) {
    options.ltrim = false;
  }
  if (options.trim === true && opts.rtrim !== false) {
    options.rtrim = true;
  } else if (options.rtrim !== true) {
    options.rtrim = false;
  }
  if (options.to === void 0 || options.to === null) {
    options.to = -1;
  } else if (options.to !== -1) {
    if (typeof options.to === "string" && /\d+/.test(options.to)) {
      options.to = parseInt(options.to);
    }
    if (Number.isInteger(options.to)) {
      if (options.to <= 0) {
        throw new Error(
          `Invalid Option: to must be a positive integer greater than 0, got ${JSON.stringify(opts.to)}`
        );
      }
    } else {
      throw new Error(
        `Invalid Option: to must be an integer, got ${JSON.stringify(opts.to)}`
      );
    }
  }
  if (options.to_line === void 0 || options.to_line === null) {
    options.to_line = -1;
  } else if (options.to_line !== -1) {
    if (typeof options.to_line === "string" && /\d+/.test(options.to_line)) {
      options.to_line = parseInt(options.to_line);
    }
    if (Number.isInteger(options.to_line)) {
      if (options.to_line <= 0) {
        throw new Error(
          `Invalid Option: to_line must be a positive integer greater than 0, got ${JSON.stringify(opts.to_line)}`
        );
      }
    } else {
      throw new Error(
        `Invalid Option: to_line must be an integer, got ${JSON.stringify(opts.to_line)}`
      );
    }
  }
  return options;
};

// node_modules/csv-parse/lib/utils/delimiter_discover.js
var delimiter_discover = function(records, options) {
  if (!options) {
    ({ delimiter_auto: options } = normalize_options({ delimiter_auto: true }));
  }
  if (typeof records === "string") {
    records = Buffer.from(records);
  }
  if (Buffer.isBuffer(records)) {
    records = ((data) => {
      const records2 = [];
      const parser2 = transform({ delimiter: [] });
      const push = (record) => records2.push(record);
      const close = () => {
      };
      const error = parser2.parse(data, true, push, close);
      if (error !== void 0) throw error;
      return records2;
    })(records);
  }
  const info = Array(127).fill().map(() => ({ lines: [] }));
  records.map(([record], line) => {
    for (let i = 0, l = record.length; i < l; i++) {
      const code2 = record.charCodeAt(i);
      if (info[code2].lines[line] === void 0) info[code2].lines[line] = 0;
      info[code2].lines[line]++;
    }
  });
  info.map((info2, i) => {
    info2.char_code = i;
    info2.std = std(info2.lines);
    info2.total = info2.lines.reduce((acc, val) => acc + val, 0);
    info2.preferred = !!options.preferred[i];
    info2.score = options.score(info2, options);
  });
  const result = info.reduce(
    (acc, info2) => acc.score > info2.score ? acc : info2,
    {}
  );
  return String.fromCharCode(result.char_code);
};
var std = function(array) {
  const n = array.length;
  if (n === 0) return 0;
  const mean = array.reduce((a, b2) => a + b2) / n;
  return Math.sqrt(
    array.map((x) => Math.pow(x - mean, 2)).reduce((a, b2) => a + b2) / n
  );
};

// node_modules/csv-parse/lib/api/index.js
var isRecordEmpty = function(record) {
  return record.every(
    (field) => field == null || field.toString && field.toString().trim() === ""
  );
};
var cr2 = 13;
var nl = 10;
var boms = {
  // Note, the following are equals:
  // Buffer.from("\ufeff")
  // Buffer.from([239, 187, 191])
  // Buffer.from('EFBBBF', 'hex')
  utf8: Buffer.from([239, 187, 191]),
  // Note, the following are equals:
  // Buffer.from "\ufeff", 'utf16le
  // Buffer.from([255, 254])
  utf16le: Buffer.from([255, 254])
};
var transform = function(original_options = {}) {
  const info = {
    bytes: 0,
    bytes_records: 0,
    comment_lines: 0,
    empty_lines: 0,
    invalid_field_length: 0,
    lines: 1,
    records: 0
  };
  const options = normalize_options(original_options);
  return {
    info,
    original_options,
    options,
    state: init_state(options),
    __needMoreData: function(i, bufLen, end) {
      if (end) return false;
      const { encoding, escape, quote } = this.options;
      const { quoting, needMoreDataSize, recordDelimiterMaxLength } = this.state;
      const numOfCharLeft = bufLen - i - 1;
      const requiredLength = Math.max(
        needMoreDataSize,
        // Skip if the remaining buffer smaller than record delimiter
        // If "record_delimiter" is yet to be discovered:
        // 1. It is equals to `[]` and "recordDelimiterMaxLength" equals `0`
        // 2. We set the length to windows line ending in the current encoding
        // Note, that encoding is known from user or bom discovery at that point
        // recordDelimiterMaxLength,
        recordDelimiterMaxLength === 0 ? Buffer.from("\r\n", encoding).length : recordDelimiterMaxLength,
        // Skip if remaining buffer can be an escaped quote
        quoting ? (escape === null ? 0 : escape.length) + quote.length : 0,
        // Skip if remaining buffer can be record delimiter following the closing quote
        quoting ? quote.length + recordDelimiterMaxLength : 0
      );
      return numOfCharLeft < requiredLength;
    },
    // Central parser implementation
    parse: function(nextBuf, end, push, close) {
      const {
        bom,
        comment_no_infix,
        delimiter_auto,
        encoding,
        from_line,
        ltrim,
        max_record_size,
        raw,
        relax_quotes,
        rtrim,
        skip_empty_lines,
        to: to2,
        to_line
      } = this.options;
      let { comment, escape, quote, record_delimiter } = this.options;
      const {
        bomSkipped,
        delimiterDiscovered,
        delimiterBufPrevious,
        rawBuffer,
        escapeIsQuote
      } = this.state;
      if (!delimiterDiscovered && delimiter_auto) {
        let delimiterBuf;
        if (delimiterBufPrevious === void 0) {
          delimiterBuf = nextBuf;
        } else if (delimiterBufPrevious !== void 0 && nextBuf === void 0) {
          delimiterBuf = delimiterBufPrevious;
        } else {
          delimiterBuf = Buffer.concat([delimiterBufPrevious, nextBuf]);
        }
        nextBuf = void 0;
        if (end || delimiterBuf.length > delimiter_auto.size) {
          this.options.delimiter = [
            Buffer.from(
              delimiter_discover(delimiterBuf, this.options.delimiter_auto)
            )
          ];
          this.state.previousBuf = delimiterBuf;
          this.state.delimiterBufPrevious = void 0;
          this.state.delimiterDiscovered = true;
        } else {
          this.state.delimiterBufPrevious = delimiterBuf;
          return;
        }
      }
      const { previousBuf } = this.state;
      let buf;
      if (previousBuf === void 0) {
        if (nextBuf === void 0) {
          close();
          return;
        } else {
          buf = nextBuf;
        }
      } else if (previousBuf !== void 0 && nextBuf === void 0) {
        buf = previousBuf;
      } else {
        buf = Buffer.concat([previousBuf, nextBuf]);
      }
      if (bomSkipped === false) {
        if (bom === false) {
          this.state.bomSkipped = true;
        } else if (buf.length < 3) {
          if (end === false) {
            this.state.previousBuf = buf;
            return;
          }
        } else {
          for (const encoding2 in boms) {
            if (boms[encoding2].compare(buf, 0, boms[encoding2].length) === 0) {
              const bomLength = boms[encoding2].length;
              this.state.bufBytesStart += bomLength;
              buf = buf.slice(bomLength);
              const options2 = normalize_options({
                ...this.original_options,
                encoding: encoding2
              });
              for (const key in options2) {
                this.options[key] = options2[key];
              }
              ({ comment, escape, quote } = this.options);
              break;
            }
          }
          this.state.bomSkipped = true;
        }
      }
      const bufLen = buf.length;
      let pos;
      for (pos = 0; pos < bufLen; pos++) {
        if (this.__needMoreData(pos, bufLen, end)) {
          break;
        }
        if (this.state.wasRowDelimiter === true) {
          this.info.lines++;
          this.state.wasRowDelimiter = false;
        }
        if (to_line !== -1 && this.info.lines > to_line) {
          this.state.stop = true;
          close();
          return;
        }
        if (this.state.quoting === false && record_delimiter.length === 0) {
          const record_delimiterCount = this.__autoDiscoverRecordDelimiter(
            buf,
            pos
          );
          if (record_delimiterCount) {
            record_delimiter = this.options.record_delimiter;
          }
        }
        const chr = buf[pos];
        if (raw === true) {
          rawBuffer.append(chr);
        }
        if ((chr === cr2 || chr === nl) && this.state.wasRowDelimiter === false) {
          this.state.wasRowDelimiter = true;
        }
        if (this.state.escaping === true) {
          this.state.escaping = false;
        } else {
          if (escape !== null && this.state.quoting === true && this.__isEscape(buf, pos, chr) && pos + escape.length < bufLen) {
            if (escapeIsQuote) {
              if (this.__isQuote(buf, pos + escape.length)) {
                this.state.escaping = true;
                pos += escape.length - 1;
                continue;
              }
            } else {
              this.state.escaping = true;
              pos += escape.length - 1;
              continue;
            }
          }
          if (this.state.commenting === false && this.__isQuote(buf, pos)) {
            if (this.state.quoting === true) {
              const nextChr = buf[pos + quote.length];
              const isNextChrTrimable = rtrim && this.__isCharTrimable(buf, pos + quote.length);
              const isNextChrComment = comment !== null && this.__compareBytes(comment, buf, pos + quote.length, nextChr);
              const isNextChrDelimiter = this.__isDelimiter(
                buf,
                pos + quote.length,
                nextChr
              );
              const isNextChrRecordDelimiter = record_delimiter.length === 0 ? this.__autoDiscoverRecordDelimiter(buf, pos + quote.length) : this.__isRecordDelimiter(nextChr, buf, pos + quote.length);
              if (escape !== null && this.__isEscape(buf, pos, chr) && this.__isQuote(buf, pos + escape.length)) {
                pos += escape.length - 1;
              } else if (!nextChr || isNextChrDelimiter || isNextChrRecordDelimiter || isNextChrComment || isNextChrTrimable) {
                this.state.quoting = false;
                this.state.wasQuoting = true;
                pos += quote.length - 1;
                continue;
              } else if (relax_quotes === false) {
                const err = this.__error(
                  new CsvError(
                    "CSV_INVALID_CLOSING_QUOTE",
                    [
                      "Invalid Closing Quote:",
                      `got "${String.fromCharCode(nextChr)}"`,
                      `at line ${this.info.lines}`,
                      "instead of delimiter, record delimiter, trimable character",
                      "(if activated) or comment"
                    ],
                    this.options,
                    this.__infoField()
                  )
                );
                if (err !== void 0) return err;
              } else {
                this.state.quoting = false;
                this.state.wasQuoting = true;
                this.state.field.prepend(quote);
                pos += quote.length - 1;
              }
            } else {
              if (this.state.field.length !== 0) {
                if (relax_quotes === false) {
                  const info2 = this.__infoField();
                  const bom2 = Object.keys(boms).map(
                    (b2) => boms[b2].equals(this.state.field.toString()) ? b2 : false
                  ).filter(Boolean)[0];
                  const err = this.__error(
                    new CsvError(
                      "INVALID_OPENING_QUOTE",
                      [
                        "Invalid Opening Quote:",
                        `a quote is found on field ${JSON.stringify(info2.column)} at line ${info2.lines}, value is ${JSON.stringify(this.state.field.toString(encoding))}`,
                        bom2 ? `(${bom2} bom)` : void 0
                      ],
                      this.options,
                      info2,
                      {
                        field: this.state.field
                      }
                    )
                  );
                  if (err !== void 0) return err;
                }
              } else {
                this.state.quoting = true;
                pos += quote.length - 1;
                continue;
              }
            }
          }
          if (this.state.quoting === false) {
            const recordDelimiterLength = this.__isRecordDelimiter(
              chr,
              buf,
              pos
            );
            if (recordDelimiterLength !== 0) {
              const skipCommentLine = this.state.commenting && this.state.wasQuoting === false && this.state.record.length === 0 && this.state.field.length === 0;
              if (skipCommentLine) {
                this.info.comment_lines++;
              } else {
                if (this.state.enabled === false && this.info.lines + (this.state.wasRowDelimiter === true ? 1 : 0) >= from_line) {
                  this.state.enabled = true;
                  this.__resetField();
                  this.__resetRecord();
                  pos += recordDelimiterLength - 1;
                  continue;
                }
                if (skip_empty_lines === true && this.state.wasQuoting === false && this.state.record.length === 0 && this.state.field.length === 0) {
                  this.info.empty_lines++;
                  pos += recordDelimiterLength - 1;
                  continue;
                }
                this.info.bytes = this.state.bufBytesStart + pos;
                const errField = this.__onField();
                if (errField !== void 0) return errField;
                this.info.bytes = this.state.bufBytesStart + pos + recordDelimiterLength;
                const errRecord = this.__onRecord(push);
                if (errRecord !== void 0) return errRecord;
                if (to2 !== -1 && this.info.records >= to2) {
                  this.state.stop = true;
                  close();
                  return;
                }
              }
              this.state.commenting = false;
              pos += recordDelimiterLength - 1;
              continue;
            }
            if (this.state.commenting) {
              continue;
            }
            if (comment !== null && (comment_no_infix === false || this.state.record.length === 0 && this.state.field.length === 0)) {
              const commentCount = this.__compareBytes(comment, buf, pos, chr);
              if (commentCount !== 0) {
                this.state.commenting = true;
                continue;
              }
            }
            const delimiterLength = this.__isDelimiter(buf, pos, chr);
            if (delimiterLength !== 0) {
              this.info.bytes = this.state.bufBytesStart + pos;
              const errField = this.__onField();
              if (errField !== void 0) return errField;
              pos += delimiterLength - 1;
              continue;
            }
          }
        }
        if (this.state.commenting === false) {
          if (max_record_size !== 0 && this.state.record_length + this.state.field.length > max_record_size) {
            return this.__error(
              new CsvError(
                "CSV_MAX_RECORD_SIZE",
                [
                  "Max Record Size:",
                  "record exceed the maximum number of tolerated bytes",
                  `of ${max_record_size}`,
                  `at line ${this.info.lines}`
                ],
                this.options,
                this.__infoField()
              )
            );
          }
        }
        const lappend = ltrim === false || this.state.quoting === true || this.state.field.length !== 0 || !this.__isCharTrimable(buf, pos);
        const rappend = rtrim === false || this.state.wasQuoting === false;
        if (lappend === true && rappend === true) {
          this.state.field.append(chr);
        } else if (rtrim === true && !this.__isCharTrimable(buf, pos)) {
          return this.__error(
            new CsvError(
              "CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE",
              [
                "Invalid Closing Quote:",
                "found non trimable byte after quote",
                `at line ${this.info.lines}`
              ],
              this.options,
              this.__infoField()
            )
          );
        } else {
          if (lappend === false) {
            pos += this.__isCharTrimable(buf, pos) - 1;
          }
          continue;
        }
      }
      if (end === true) {
        if (this.state.quoting === true) {
          const err = this.__error(
            new CsvError(
              "CSV_QUOTE_NOT_CLOSED",
              [
                "Quote Not Closed:",
                `the parsing is finished with an opening quote at line ${this.info.lines}`
              ],
              this.options,
              this.__infoField()
            )
          );
          if (err !== void 0) return err;
        } else {
          if (this.state.wasQuoting === true || this.state.record.length !== 0 || this.state.field.length !== 0) {
            this.info.bytes = this.state.bufBytesStart + pos;
            const errField = this.__onField();
            if (errField !== void 0) return errField;
            const errRecord = this.__onRecord(push);
            if (errRecord !== void 0) return errRecord;
          } else if (this.state.wasRowDelimiter === true) {
            this.info.empty_lines++;
          } else if (this.state.commenting === true) {
            this.info.comment_lines++;
          }
        }
      } else {
        this.state.bufBytesStart += pos;
        this.state.previousBuf = buf.slice(pos);
      }
      if (this.state.wasRowDelimiter === true) {
        this.info.lines++;
        this.state.wasRowDelimiter = false;
      }
    },
    __onRecord: function(push) {
      const {
        columns,
        group_columns_by_name,
        encoding,
        info: info2,
        from,
        relax_column_count,
        relax_column_count_less,
        relax_column_count_more,
        raw,
        skip_records_with_empty_values
      } = this.options;
      const { enabled, record } = this.state;
      if (enabled === false) {
        return this.__resetRecord();
      }
      const recordLength = record.length;
      if (columns === true) {
        if (skip_records_with_empty_values === true && isRecordEmpty(record)) {
          this.__resetRecord();
          return;
        }
        return this.__firstLineToColumns(record);
      }
      if (columns === false && this.info.records === 0) {
        this.state.expectedRecordLength = recordLength;
      }
      if (recordLength !== this.state.expectedRecordLength) {
        const err = columns === false ? new CsvError(
          "CSV_RECORD_INCONSISTENT_FIELDS_LENGTH",
          [
            "Invalid Record Length:",
            `expect ${this.state.expectedRecordLength},`,
            `got ${recordLength} on line ${this.info.lines}`
          ],
          this.options,
          this.__infoField(),
          {
            record
          }
        ) : new CsvError(
          "CSV_RECORD_INCONSISTENT_COLUMNS",
          [
            "Invalid Record Length:",
            `columns length is ${columns.length},`,
            // rename columns
            `got ${recordLength} on line ${this.info.lines}`
          ],
          this.options,
          this.__infoField(),
          {
            record
          }
        );
        if (relax_column_count === true || relax_column_count_less === true && recordLength < this.state.expectedRecordLength || relax_column_count_more === true && recordLength > this.state.expectedRecordLength) {
          this.info.invalid_field_length++;
          this.state.error = err;
        } else {
          const finalErr = this.__error(err);
          if (finalErr) return finalErr;
        }
      }
      if (skip_records_with_empty_values === true && isRecordEmpty(record)) {
        this.__resetRecord();
        return;
      }
      if (this.state.recordHasError === true) {
        this.__resetRecord();
        this.state.recordHasError = false;
        return;
      }
      this.info.records++;
      if (from === 1 || this.info.records >= from) {
        const { objname } = this.options;
        if (columns !== false) {
          const obj = {};
          for (let i = 0, l = record.length; i < l; i++) {
            if (columns[i] === void 0 || columns[i].disabled) continue;
            if (group_columns_by_name === true && Object.hasOwn(obj, columns[i].name)) {
              if (Array.isArray(obj[columns[i].name])) {
                obj[columns[i].name] = obj[columns[i].name].concat(record[i]);
              } else {
                obj[columns[i].name] = [obj[columns[i].name], record[i]];
              }
            } else {
              Object.defineProperty(obj, columns[i].name, {
                value: record[i],
                enumerable: true,
                writable: true,
                configurable: true
              });
            }
          }
          if (raw === true || info2 === true) {
            const extRecord = Object.assign(
              { record: obj },
              raw === true ? { raw: this.state.rawBuffer.toString(encoding) } : {},
              info2 === true ? { info: this.__infoRecord() } : {}
            );
            const err = this.__push(
              objname === void 0 ? extRecord : [obj[objname], extRecord],
              push
            );
            if (err) {
              return err;
            }
          } else {
            const err = this.__push(
              objname === void 0 ? obj : [obj[objname], obj],
              push
            );
            if (err) {
              return err;
            }
          }
        } else {
          if (raw === true || info2 === true) {
            const extRecord = Object.assign(
              { record },
              raw === true ? { raw: this.state.rawBuffer.toString(encoding) } : {},
              info2 === true ? { info: this.__infoRecord() } : {}
            );
            const err = this.__push(
              objname === void 0 ? extRecord : [record[objname], extRecord],
              push
            );
            if (err) {
              return err;
            }
          } else {
            const err = this.__push(
              objname === void 0 ? record : [record[objname], record],
              push
            );
            if (err) {
              return err;
            }
          }
        }
      }
      this.__resetRecord();
    },
    __firstLineToColumns: function(record) {
      const { firstLineToHeaders } = this.state;
      try {
        const headers = firstLineToHeaders === void 0 ? record : firstLineToHeaders.call(null, record);
        if (!Array.isArray(headers)) {
          return this.__error(
            new CsvError(
              "CSV_INVALID_COLUMN_MAPPING",
              [
                "Invalid Column Mapping:",
                "expect an array from column function,",
                `got ${JSON.stringify(headers)}`
              ],
              this.options,
              this.__infoField(),
              {
                headers
              }
            )
          );
        }
        const normalizedHeaders = normalize_columns_array(headers);
        this.state.expectedRecordLength = normalizedHeaders.length;
        this.options.columns = normalizedHeaders;
        this.__resetRecord();
        return;
      } catch (err) {
        return err;
      }
    },
    __resetRecord: function() {
      if (this.options.raw === true) {
        this.state.rawBuffer.reset();
      }
      this.state.error = void 0;
      this.state.record = [];
      this.state.record_length = 0;
    },
    __onField: function() {
      const { cast, encoding, rtrim, max_record_size } = this.options;
      const { enabled, wasQuoting } = this.state;
      if (enabled === false) {
        return this.__resetField();
      }
      let field = this.state.field.toString(encoding);
      if (rtrim === true && wasQuoting === false) {
        field = field.trimRight();
      }
      if (cast === true) {
        const [err, f2] = this.__cast(field);
        if (err !== void 0) return err;
        field = f2;
      }
      this.state.record.push(field);
      if (max_record_size !== 0 && typeof field === "string") {
        this.state.record_length += field.length;
      }
      this.__resetField();
    },
    __resetField: function() {
      this.state.field.reset();
      this.state.wasQuoting = false;
    },
    __push: function(record, push) {
      const { on_record } = this.options;
      if (on_record !== void 0) {
        const info2 = this.__infoRecord();
        try {
          record = on_record.call(null, record, info2);
        } catch (err) {
          return err;
        }
        if (record === void 0 || record === null) {
          return;
        }
      }
      this.info.bytes_records += this.info.bytes;
      push(record);
    },
    // Return a tuple with the error and the casted value
    __cast: function(field) {
      const { columns, relax_column_count } = this.options;
      const isColumns = Array.isArray(columns);
      if (isColumns === true && relax_column_count && this.options.columns.length <= this.state.record.length) {
        return [void 0, void 0];
      }
      if (this.state.castField !== null) {
        try {
          const info2 = this.__infoField();
          return [void 0, this.state.castField.call(null, field, info2)];
        } catch (err) {
          return [err];
        }
      }
      if (this.__isFloat(field)) {
        return [void 0, parseFloat(field)];
      } else if (this.options.cast_date !== false) {
        const info2 = this.__infoField();
        return [void 0, this.options.cast_date.call(null, field, info2)];
      }
      return [void 0, field];
    },
    __compareBytes: function(sourceBuf, targetBuf, targetPos, firstByte) {
      if (sourceBuf[0] !== firstByte) return 0;
      const sourceLength = sourceBuf.length;
      for (let i = 1; i < sourceLength; i++) {
        if (sourceBuf[i] !== targetBuf[targetPos + i]) return 0;
      }
      return sourceLength;
    },
    // Helper to test if a character is trimable
    __isCharTrimable: function(buf, pos) {
      const { timchars, timcharFirstBytes } = this.state;
      const first = buf[pos];
      if (first === void 0 || timcharFirstBytes[first] === 0) return 0;
      loop1: for (let i = 0; i < timchars.length; i++) {
        const timchar = timchars[i];
        for (let j2 = 0; j2 < timchar.length; j2++) {
          if (timchar[j2] !== buf[pos + j2]) continue loop1;
        }
        return timchar.length;
      }
      return 0;
    },
    __isDelimiter: function(buf, pos, chr) {
      const { delimiter, ignore_last_delimiters } = this.options;
      if (ignore_last_delimiters === true && this.state.record.length === this.options.columns.length - 1) {
        return 0;
      } else if (ignore_last_delimiters !== false && typeof ignore_last_delimiters === "number" && this.state.record.length === ignore_last_delimiters - 1) {
        return 0;
      }
      loop1: for (let i = 0; i < delimiter.length; i++) {
        const del = delimiter[i];
        if (del[0] === chr) {
          for (let j2 = 1; j2 < del.length; j2++) {
            if (del[j2] !== buf[pos + j2]) continue loop1;
          }
          return del.length;
        }
      }
      return 0;
    },
    __isEscape: function(buf, pos, chr) {
      const { escape } = this.options;
      if (escape === null) return false;
      const l = escape.length;
      if (escape[0] === chr) {
        for (let i = 0; i < l; i++) {
          if (escape[i] !== buf[pos + i]) {
            return false;
          }
        }
        return true;
      }
      return false;
    },
    __isFloat: function(value) {
      return value - parseFloat(value) + 1 >= 0;
    },
    // Keep it in case we implement the `cast_int` option
    // __isInt(value){
    //   // return Number.isInteger(parseInt(value))
    //   // return !isNaN( parseInt( obj ) );
    //   return /^(\-|\+)?[1-9][0-9]*$/.test(value)
    // }
    __isQuote: function(buf, pos) {
      const { quote } = this.options;
      if (quote === null) return false;
      const l = quote.length;
      for (let i = 0; i < l; i++) {
        if (quote[i] !== buf[pos + i]) {
          return false;
        }
      }
      return true;
    },
    __isRecordDelimiter: function(chr, buf, pos) {
      const { record_delimiter } = this.options;
      const recordDelimiterLength = record_delimiter.length;
      loop1: for (let i = 0; i < recordDelimiterLength; i++) {
        const rd = record_delimiter[i];
        const rdLength = rd.length;
        if (rd[0] !== chr) {
          continue;
        }
        for (let j2 = 1; j2 < rdLength; j2++) {
          if (rd[j2] !== buf[pos + j2]) {
            continue loop1;
          }
        }
        return rd.length;
      }
      return 0;
    },
    __autoDiscoverRecordDelimiter: function(buf, pos) {
      const { encoding } = this.options;
      const rds = [
        // Important, the windows line ending must be before mac os 9
        Buffer.from("\r\n", encoding),
        Buffer.from("\n", encoding),
        Buffer.from("\r", encoding)
      ];
      loop: for (let i = 0; i < rds.length; i++) {
        const l = rds[i].length;
        for (let j2 = 0; j2 < l; j2++) {
          if (rds[i][j2] !== buf[pos + j2]) {
            continue loop;
          }
        }
        this.options.record_delimiter.push(rds[i]);
        this.state.recordDelimiterMaxLength = rds[i].length;
        return rds[i].length;
      }
      return 0;
    },
    __error: function(msg) {
      const { encoding, raw, skip_records_with_error } = this.options;
      const err = typeof msg === "string" ? new Error(msg) : msg;
      if (skip_records_with_error) {
        this.state.recordHasError = true;
        if (this.options.on_skip !== void 0) {
          try {
            this.options.on_skip(
              err,
              raw ? this.state.rawBuffer.toString(encoding) : void 0
            );
          } catch (err2) {
            return err2;
          }
        }
        return void 0;
      } else {
        return err;
      }
    },
    __infoDataSet: function() {
      return {
        ...this.info,
        columns: this.options.columns
      };
    },
    __infoRecord: function() {
      const { columns, raw, encoding } = this.options;
      return {
        ...this.__infoDataSet(),
        bytes_records: this.info.bytes,
        error: this.state.error,
        header: columns === true,
        index: this.state.record.length,
        raw: raw ? this.state.rawBuffer.toString(encoding) : void 0
      };
    },
    __infoField: function() {
      const { columns } = this.options;
      const isColumns = Array.isArray(columns);
      const bytes_records = this.info.bytes_records;
      return {
        ...this.__infoRecord(),
        bytes_records,
        column: isColumns === true ? columns.length > this.state.record.length ? columns[this.state.record.length].name : null : this.state.record.length,
        quoting: this.state.wasQuoting
      };
    }
  };
};

// node_modules/csv-parse/lib/index.js
var Parser = class extends Transform {
  constructor(opts = {}) {
    super({ ...{ readableObjectMode: true }, ...opts, encoding: null });
    this.api = transform({
      on_skip: (err, chunk) => {
        this.emit("skip", err, chunk);
      },
      ...opts
    });
    this.state = this.api.state;
    this.options = this.api.options;
    this.info = this.api.info;
  }
  // Implementation of `Transform._transform`
  _transform(buf, _2, callback) {
    if (this.state.stop === true) {
      return;
    }
    const err = this.api.parse(
      buf,
      false,
      (record) => {
        this.push(record);
      },
      () => {
        this.push(null);
        this.end();
        this.on("end", this.destroy);
      }
    );
    if (err !== void 0) {
      this.state.stop = true;
    }
    callback(err);
  }
  // Implementation of `Transform._flush`
  _flush(callback) {
    if (this.state.stop === true) {
      return;
    }
    const err = this.api.parse(
      void 0,
      true,
      (record) => {
        this.push(record);
      },
      () => {
        this.push(null);
        this.on("end", this.destroy);
      }
    );
    callback(err);
  }
};
var parse = function() {
  let data, options, callback;
  for (const i in arguments) {
    const argument = arguments[i];
    const type = typeof argument;
    if (data === void 0 && (typeof argument === "string" || Buffer.isBuffer(argument))) {
      data = argument;
    } else if (options === void 0 && is_object(argument)) {
      options = argument;
    } else if (callback === void 0 && type === "function") {
      callback = argument;
    } else {
      throw new CsvError(
        "CSV_INVALID_ARGUMENT",
        ["Invalid argument:", `got ${JSON.stringify(argument)} at index ${i}`],
        options || {}
      );
    }
  }
  const parser2 = new Parser(options);
  if (callback) {
    const records = options === void 0 || options.objname === void 0 ? [] : /* @__PURE__ */ Object.create(null);
    parser2.on("readable", function() {
      let record;
      while ((record = this.read()) !== null) {
        if (options === void 0 || options.objname === void 0) {
          records.push(record);
        } else {
          Object.assign(records, {
            [record[0]]: record[1]
            // writable: true,
            // enumerable: true,
            // configurable: true
          });
        }
      }
    });
    parser2.on("error", function(err) {
      callback(err, void 0, parser2.api.__infoDataSet());
    });
    parser2.on("end", function() {
      callback(void 0, records, parser2.api.__infoDataSet());
    });
  }
  if (data !== void 0) {
    const writer = function() {
      parser2.write(data);
      parser2.end();
    };
    if (typeof setImmediate === "function") {
      setImmediate(writer);
    } else {
      setTimeout(writer, 0);
    }
  }
  return parser2;
};

// src/app/export/stored-keys.ts
async function keysInFile(path, bytes, format, scan) {
  const seen = /* @__PURE__ */ new Set();
  if (bytes === 0) return seen;
  const stream = createReadStream(path, { start: 0, end: bytes - 1 });
  if (format === "csv") {
    let header = true;
    for await (const record of stream.pipe(parse({ relax_column_count: true }))) {
      if (header) header = false;
      else seen.add(scan.storedKey(record));
    }
    return seen;
  }
  let lines = [];
  for await (const line of createInterface({
    input: stream,
    crlfDelay: Number.POSITIVE_INFINITY
  })) {
    if (format === "ndjson") {
      lines.push(line);
      if (lines.length === scan.ndjsonLines) {
        seen.add(scan.storedKey(lines));
        lines = [];
      }
      continue;
    }
    const text2 = line.replace(/,$/, "");
    if (text2 === "[" || text2 === "]" || text2 === "") continue;
    seen.add(scan.storedKey([text2]));
  }
  return seen;
}

// src/app/export/export-table.ts
async function exportTable(source, table, options) {
  const started = Date.now();
  const { slices, batch } = checkExportOptions(options);
  const plan = await planOutput(options.out, options);
  try {
    return await exportTo(source, table, options, { slices, batch, plan, started });
  } finally {
    await releaseOutput(plan);
  }
}
async function exportTo(source, table, options, { slices, batch, plan, started }) {
  const file = plan.kind === "file" ? plan.path : options.out;
  const partial = partialPath(file);
  const checkpoint = checkpointPath(file);
  const identity = identityOf(table, options);
  let cp = plan.kind === "file" ? await readCheckpoint(checkpoint) : void 0;
  cp = await checkResume(cp, options, { identity, partial, checkpoint, slices, plan });
  const scan = await source.openScan(table, {
    format: options.format,
    ...options.filters ? { filters: options.filters } : {},
    ...options.rawQuery ? { rawQuery: options.rawQuery } : {},
    ...slices !== void 0 ? { slices } : {},
    batchSize: cp?.batchSize ?? batch,
    ...options.keepAlive !== void 0 ? { keepAlive: options.keepAlive } : {},
    ...cp ? { resume: { state: cp.scan, slices: cp.slices } } : {},
    ...options.signal ? { signal: options.signal } : {}
  });
  try {
    const { checkpoint: ready, seen } = await startingPoint(scan, cp, partial, {
      identity,
      table,
      options,
      batch
    });
    return await new ExportRun(scan, ready, {
      plan,
      file,
      partial,
      checkpointPath: checkpoint,
      out: options.out,
      options,
      started,
      resumed: options.resume === true,
      ...seen ? { seen } : {}
    }).run();
  } catch (e) {
    const interrupted = e instanceof QuarryError && e.code === "export_interrupted";
    const keep = interrupted && options.keepInterrupted !== false && plan.kind === "file";
    if (!keep) await scan.close().catch(() => {
    });
    if (interrupted && !keep && plan.kind === "file") await discardInterruptedExport(file);
    throw e;
  }
}
async function checkResume(cp, options, at2) {
  const out = options.out;
  if (options.resume) {
    if (!cp || await sizeOf(at2.partial) === void 0) {
      throw errors.exportRefused(
        `There is no interrupted export to ${out} to resume`,
        "Start the export without resume.",
        { out }
      );
    }
    if (cp.identity !== at2.identity || at2.slices !== void 0 && at2.slices !== cp.slices) {
      throw errors.exportRefused(
        `The interrupted export to ${out} was of another table, format, filter or number of slices`,
        "Resume it with the same table, format, filter and slices, or start over with overwrite (--force).",
        { out }
      );
    }
    if ((await sizeOf(at2.partial) ?? 0) < cp.bytes) {
      throw errors.exportRefused(
        `${at2.partial} is shorter than its checkpoint says: it was changed after the export stopped`,
        "Start the export over with overwrite (--force).",
        { out }
      );
    }
    return cp;
  }
  if (at2.plan.kind !== "file") return cp;
  if (cp && !options.overwrite) {
    throw errors.exportRefused(
      `An interrupted export to ${out} is waiting to be resumed (${cp.written} of ${cp.expected} documents written)`,
      "Resume it (--resume), or start over with overwrite (--force).",
      { out }
    );
  }
  if ((await sizeOf(out) ?? 0) > 0 && !options.overwrite) {
    throw errors.exportRefused(
      `${out} already exists`,
      "Choose another file, or replace it with overwrite (--force).",
      { out }
    );
  }
  await rm7(at2.checkpoint, { force: true });
  return void 0;
}
async function startingPoint(scan, cp, partial, asked) {
  if (!cp) {
    return {
      checkpoint: {
        version: CHECKPOINT_VERSION,
        identity: asked.identity,
        table: asked.table,
        format: asked.options.format,
        slices: scan.slices,
        batchSize: asked.batch,
        scan: scan.state(),
        expected: scan.expected ?? 0,
        written: 0,
        bytes: 0,
        cursors: Array.from({ length: scan.slices }, () => null),
        done: Array.from({ length: scan.slices }, () => false)
      }
    };
  }
  if (scan.restarted) {
    const seen2 = await keysInFile(partial, cp.bytes, cp.format, scan);
    return {
      checkpoint: {
        ...cp,
        scan: scan.state(),
        expected: scan.expected ?? cp.expected,
        cursors: cp.cursors.map(() => null),
        done: cp.done.map(() => false),
        rescan: { baseBytes: cp.bytes, baseDocs: seen2.size, matched: 0 }
      },
      seen: seen2
    };
  }
  const seen = cp.rescan ? await keysInFile(partial, cp.rescan.baseBytes, cp.format, scan) : void 0;
  return { checkpoint: cp, ...seen ? { seen } : {} };
}
async function sizeOf(path) {
  try {
    return (await stat5(path)).size;
  } catch {
    return void 0;
  }
}

// src/core/transfer.ts
var LOAD_MODES = ["create", "index", "update"];

// src/core/transfer-access.ts
function requireTransfer(session, ...needs) {
  for (const need of needs)
    if (typeof session[need] !== "function")
      throw new QuarryError(
        "plugin_unavailable",
        `This connection's driver plugin cannot ${need === "lineDecoder" || need === "fieldKinds" ? "read files to import" : "copy or load tables"} (it has no ${need})`,
        "Update the driver plugin (quarry plugins update), then run it again.",
        {},
        "Update the driver plugin in Settings > Plugins, then try again."
      );
}

// src/app/transfer/checkpoint.ts
import { createHash as createHash4 } from "node:crypto";
import { rm as rm8 } from "node:fs/promises";
import { join as join8 } from "node:path";
function checkpointPath2(dir, source, target) {
  const id = createHash4("sha256").update(`${source}
${target}`).digest("hex").slice(0, 16);
  return join8(dir, `copy-${id}.checkpoint.json`);
}
async function readCheckpoint2(path) {
  return readJsonFile(path, null);
}
async function writeCheckpoint2(path, checkpoint) {
  await ensurePrivateDir(join8(path, ".."));
  await writeFileAtomic(path, JSON.stringify(checkpoint));
}
async function removeCheckpoint(path) {
  await rm8(path, { force: true });
}

// src/app/transfer/copy-ledger.ts
import { join as join10 } from "node:path";

// src/app/transfer/failure-log.ts
import { appendFile, readFile as readFile6, writeFile } from "node:fs/promises";
import { join as join9 } from "node:path";
var SHOWN_FAILURES = 100;
var FailureLog = class {
  path;
  #dir;
  first = [];
  count = 0;
  /** Appends run one after another, in the order failures came. */
  #tail = Promise.resolve();
  /** `dir`: the private folder for the file; `name`: the file's name (made unique by the caller). */
  constructor(dir, name) {
    this.#dir = dir;
    this.path = join9(dir, name);
  }
  add(failures) {
    return this.#append(failures.map(failureLine));
  }
  /**
   * A batch's lines never sent (status 0: not records, or not writable) and its records refused,
   * together in the file's order.
   */
  addBatch(problems, failures) {
    const lines = [...problems.map(problemLine), ...failures.map(failureLine)];
    return this.#append(lines.sort((a, b2) => a.origin - b2.origin));
  }
  #append(lines) {
    if (lines.length === 0) return this.#tail;
    this.count += lines.length;
    for (const line of lines) if (this.first.length < SHOWN_FAILURES) this.first.push(line);
    const text2 = lines.map((l) => `${JSON.stringify(l)}
`).join("");
    this.#tail = this.#tail.then(async () => {
      await ensurePrivateDir(this.#dir);
      await appendFile(this.path, text2, { mode: 384 });
    });
    return this.#tail;
  }
  /** Waits until every failure so far is in the file. */
  flushed() {
    return this.#tail;
  }
};
function failureLine(f2) {
  return {
    origin: f2.record.origin,
    ...f2.record.startLine !== void 0 ? { startLine: f2.record.startLine } : {},
    key: f2.key,
    status: f2.status,
    reason: f2.reason
  };
}
function problemLine(p2) {
  return {
    origin: p2.line,
    ...p2.startLine !== void 0 ? { startLine: p2.startLine } : {},
    key: null,
    status: 0,
    reason: p2.reason
  };
}
function failureFileName(target, at2) {
  const stamp = at2.toISOString().replace(/[:.]/g, "-");
  return `${stamp}-${target.replace(/[^\w.-]+/g, "_")}.failures.ndjson`;
}
async function keepFirstFailures(path, count) {
  const text2 = await readFile6(path, "utf8").catch(() => "");
  const lines = text2.split("\n").filter(Boolean).slice(0, count);
  await writeFile(path, lines.map((l) => `${l}
`).join(""), { mode: 384 });
}

// src/app/transfer/copy-ledger.ts
var SAVE_EVERY_MS = 1e3;
var CopyLedger = class _CopyLedger {
  expected;
  failures;
  written;
  onBatch;
  #path;
  #info;
  #scan;
  #slices;
  #writtenAtStart;
  /** Failures of the batches whose cursor is recorded: what a checkpoint may count. */
  #failedAccounted;
  #origin = 0;
  #lastSave = 0;
  #saving = Promise.resolve();
  #timer;
  constructor(path, scan, info) {
    const from = info.resumed;
    this.#path = path;
    this.#info = info;
    this.#scan = scan;
    this.expected = from?.expected ?? scan.expected ?? 0;
    this.written = from?.written ?? 0;
    this.#writtenAtStart = this.written;
    this.#slices = from ? from.slices.map((s3) => ({ ...s3 })) : Array.from({ length: scan.slices }, () => ({ cursor: null, done: false }));
    const name = from ? from.failuresFile : info.failuresFile;
    this.failures = new FailureLog(info.workDir, name);
    this.failures.count = from?.failedCount ?? 0;
    this.#failedAccounted = this.failures.count;
  }
  static async open(path, scan, info) {
    const ledger = new _CopyLedger(path, scan, info);
    if (info.resumed)
      await keepFirstFailures(
        join10(info.workDir, info.resumed.failuresFile),
        info.resumed.failedCount
      );
    await ledger.#saveNow();
    return ledger;
  }
  slice(i) {
    return this.#slices[i] ?? { cursor: null, done: false };
  }
  nextOrigin() {
    return ++this.#origin;
  }
  async batchWritten(slice, cursor, last, outcome) {
    await this.failures.add(outcome.failed);
    this.written += outcome.written;
    this.#failedAccounted += outcome.failed.length;
    this.#slices[slice] = { cursor, done: last };
    this.onBatch?.();
    this.#saveSoon();
  }
  async sliceDone(slice) {
    const at2 = this.slice(slice);
    this.#slices[slice] = { ...at2, done: true };
    await this.#saveNow();
  }
  progress() {
    return {
      done: this.written + this.failures.count,
      total: this.expected,
      writtenNow: this.written - this.#writtenAtStart
    };
  }
  /** Waits for the saves under way, and saves what is not saved yet. */
  async saved() {
    clearTimeout(this.#timer);
    this.#timer = void 0;
    await this.#saveNow();
  }
  /** The copy ended well: its checkpoint goes. */
  async finished() {
    await this.#saving;
    await removeCheckpoint(this.#path);
  }
  report(rest) {
    return {
      source: this.#info.source,
      target: this.#info.target,
      expected: this.expected,
      written: this.written,
      failedCount: this.failures.count,
      failed: this.failures.first,
      failuresFile: this.failures.count > 0 ? this.failures.path : null,
      ...rest
    };
  }
  #saveSoon() {
    const wait = SAVE_EVERY_MS - (Date.now() - this.#lastSave);
    if (wait <= 0) {
      void this.#saveNow().catch(() => {
      });
      return;
    }
    this.#timer ??= setTimeout(() => {
      this.#timer = void 0;
      void this.#saveNow().catch(() => {
      });
    }, wait);
  }
  /** One state, taken now, written after the saves before it. */
  #saveNow() {
    this.#lastSave = Date.now();
    const checkpoint = {
      source: this.#info.source,
      target: this.#info.target,
      append: this.#info.append,
      batchSize: this.#info.batchSize,
      state: this.#scan.state(),
      expected: this.expected,
      slices: this.#slices.map((s3) => ({ ...s3 })),
      written: this.written,
      failedCount: this.#failedAccounted,
      failuresFile: this.failures.path.slice(this.#info.workDir.length + 1)
    };
    this.#saving = this.#saving.then(() => writeCheckpoint2(this.#path, checkpoint));
    return this.#saving;
  }
};

// src/app/transfer/copy-target.ts
var endName = (end) => `${end.connection}/${end.table}`;
var refused = (message, remedy) => new QuarryError("transfer_refused", message, remedy);
async function prepareTarget(source, target, options) {
  if (source.connection === target.connection && source.table === target.table)
    throw refused(
      `The source and the target are the same table (${source.table} on ${source.connection})`,
      "Name another target table."
    );
  const definition = await source.session.readDefinition(source.table);
  const state = await target.session.tableState(target.table);
  if (state.exists) {
    if ((state.records ?? 0) > 0 && !options.append)
      throw refused(
        `${target.table} on ${target.connection} already holds ${state.records} records`,
        "Add --append to add the source's records to it (records whose key it already holds are reported, not replaced), or copy into a new table."
      );
    return { created: false, notes: [], before: state.records ?? 0 };
  }
  const plan = await target.session.planCreateTable(target.table, definition);
  if (plan.blockers.length > 0)
    throw refused(
      `${target.table} cannot be created on ${target.connection}: ${plan.blockers.join("; ")}`,
      "Copy to a server that has these features, or create the target yourself and copy with --append."
    );
  await options.onPlan?.({ request: plan.request, notes: plan.notes });
  const result = await target.session.runConsole(plan.request);
  if (result.kind === "error" || result.status < 200 || result.status > 299)
    throw new QuarryError(
      "cluster_error",
      `Creating ${target.table} on ${target.connection} failed (${result.status}): ${result.kind === "error" ? `${result.type}: ${result.reason}` : JSON.stringify(result.raw).slice(0, 500)}`,
      "Read the reason above; create the target yourself if needed, then copy with --append."
    );
  return { created: true, notes: plan.notes, before: 0 };
}

// src/app/transfer/retries.ts
import { setTimeout as sleep } from "node:timers/promises";
var MAX_ATTEMPTS = 8;
function backoffMs(attempt, baseMs = 200, capMs = 1e4, random = Math.random) {
  const pause = Math.min(capMs, baseMs * 2 ** Math.max(0, attempt - 2));
  return Math.round(pause * (0.75 + random() * 0.25));
}
async function writeWithRetries(load, records, signal, pause = backoffMs) {
  const total = { written: 0, retry: [], failed: [] };
  let pending2 = records;
  for (let attempt = 1; pending2.length > 0; attempt++) {
    if (attempt > 1) await sleep(pause(attempt), void 0, signal ? { signal } : {});
    const outcome = await load.write(pending2, signal);
    total.written += outcome.written;
    total.failed.push(...outcome.failed);
    pending2 = outcome.retry;
    if (pending2.length > 0 && attempt === MAX_ATTEMPTS) {
      for (const record of pending2)
        total.failed.push({
          record,
          key: record.key ?? null,
          status: 429,
          reason: `still pushed back (too many requests) after ${MAX_ATTEMPTS} attempts`
        });
      break;
    }
  }
  return total;
}

// src/app/transfer/copy.ts
var DEFAULT_BATCH2 = 1e3;
function toLoad(record, origin) {
  const load = record.load;
  if (load) {
    let parsed;
    return {
      origin,
      key: load.key,
      ...load.route !== void 0 ? { route: load.route } : {},
      text: load.text,
      get document() {
        parsed ??= parseJsonExact(textOf(load.text));
        return parsed;
      }
    };
  }
  const hit = record.values[0];
  return {
    origin,
    key: hit._id,
    ...hit._routing !== void 0 ? { route: hit._routing } : {},
    document: hit._source
  };
}
var decoder = new TextDecoder();
var textOf = (pieces) => pieces.map((p2) => typeof p2 === "string" ? p2 : decoder.decode(p2)).join("");
async function copySlice(scan, slice, load, ledger, halt) {
  const at2 = ledger.slice(slice);
  if (at2.done) return;
  for await (const batch of scan.batches(slice, at2.cursor, halt)) {
    const records = batch.records.map((r) => toLoad(r, ledger.nextOrigin()));
    const outcome = await writeWithRetries(load, records, halt);
    await ledger.batchWritten(slice, batch.cursor, batch.last, outcome);
    batch.release?.();
    if (halt.aborted && !batch.last) return;
  }
  await ledger.sliceDone(slice);
}
async function checkpointToResume(path, source, target) {
  const cp = await readCheckpoint2(path);
  if (!cp)
    throw refused(
      `There is no interrupted copy of ${endName(source)} to ${endName(target)} to resume`,
      "Copy without --resume."
    );
  if (cp.append)
    throw refused(
      `The interrupted copy of ${endName(source)} added to a table that held records (--append): a resume could not tell its own writes from the records that were there`,
      "Copy again with --append: records whose key the target holds are reported, none is replaced."
    );
  const state = await target.session.tableState(target.table);
  if (!state.exists)
    throw refused(
      `${endName(target)} no longer exists: the interrupted copy cannot go on`,
      "Copy again without --resume."
    );
  return cp;
}
async function openSourceScan(source, options, batchSize, resumed) {
  return source.session.openScan(source.table, {
    format: "json",
    batchSize,
    ...options.slices !== void 0 ? { slices: options.slices } : {},
    ...resumed ? { resume: { state: resumed.state, slices: resumed.slices.length } } : {},
    ...options.signal ? { signal: options.signal } : {}
  });
}
async function runSlices(scan, load, ledger, signal) {
  const halt = new AbortController();
  const stop2 = () => halt.abort();
  signal?.addEventListener("abort", stop2, { once: true });
  try {
    const settled = await Promise.allSettled(
      Array.from(
        { length: scan.slices },
        (_2, slice) => copySlice(scan, slice, load, ledger, halt.signal).catch((e) => {
          halt.abort();
          throw e;
        })
      )
    );
    const failure = settled.find((s3) => s3.status === "rejected");
    if (failure) throw failure.reason;
  } finally {
    signal?.removeEventListener("abort", stop2);
  }
}
async function copyTable(source, target, options) {
  const started = Date.now();
  requireTransfer(source.session, "readDefinition", "openScan");
  requireTransfer(target.session, "planCreateTable", "tableState", "openLoad");
  const cpPath = checkpointPath2(options.workDir, endName(source), endName(target));
  const resumed = options.resume ? await checkpointToResume(cpPath, source, target) : null;
  const prepared = resumed ? { created: false, notes: [], before: 0 } : await prepareTarget(source, target, options);
  const batchSize = resumed?.batchSize ?? options.batchSize ?? DEFAULT_BATCH2;
  const scan = await openSourceScan(source, options, batchSize, resumed);
  const ledger = await CopyLedger.open(cpPath, scan, {
    source: endName(source),
    target: endName(target),
    append: options.append === true,
    batchSize,
    resumed: resumed && !scan.restarted ? resumed : null,
    failuresFile: resumed?.failuresFile ?? failureFileName(target.table, new Date(started)),
    workDir: options.workDir
  });
  const meter = new ProgressMeter(options.onProgress, started, () => ledger.progress());
  ledger.onBatch = () => meter.tick();
  const load = target.session.openLoad(target.table, {
    mode: options.append ? "create" : "index"
  });
  try {
    await runSlices(scan, load, ledger, options.signal);
  } catch (e) {
    if (!options.signal?.aborted) throw e;
  } finally {
    meter.stop();
    await ledger.saved();
    await scan.close();
  }
  if (options.signal?.aborted)
    throw new QuarryError(
      "transfer_interrupted",
      `The copy of ${endName(source)} to ${endName(target)} was stopped after ${ledger.written} of ${ledger.expected} records`,
      "Run the same copy with --resume to go on from there."
    );
  meter.tick(true);
  const { records: targetRecords } = await load.finish();
  const report = ledger.report({
    created: prepared.created,
    resumed: resumed !== null,
    notes: prepared.notes,
    targetRecords,
    targetBefore: prepared.before,
    durationMs: Date.now() - started,
    slices: scan.slices
  });
  checkCounts(report);
  await ledger.finished();
  return report;
}
function checkCounts(r) {
  const accounted = r.written + r.failedCount;
  const held = r.targetRecords - r.targetBefore;
  if (accounted === r.expected && held === r.written) return;
  throw new QuarryError(
    "transfer_incomplete",
    `The copy does not add up: the source held ${r.expected} records, ${r.written} were written and ${r.failedCount} failed, and the target holds ${held} more than before (${r.targetRecords} now)`,
    "Check that nothing else wrote to or deleted from either table during the copy, then copy again into a new table.",
    { report: r }
  );
}

// src/app/transfer/import-format.ts
import { extname } from "node:path";
var IMPORT_FORMATS = ["ndjson", "json", "csv"];
var BY_EXTENSION = {
  ".csv": "csv",
  ".json": "json",
  ".ndjson": "ndjson",
  ".jsonl": "ndjson"
};
function formatOf(text2) {
  if (!IMPORT_FORMATS.includes(text2))
    throw new QuarryError(
      "invalid_input",
      `--format: "${text2}" is not a format Quarry imports`,
      `Use one of ${IMPORT_FORMATS.join(", ")}.`
    );
  return text2;
}
function formatOfName(path) {
  return BY_EXTENSION[extname(path).toLowerCase()];
}
function formatOfStart(head, input) {
  const text2 = head.replace(/^[\s\uFEFF]+/, "");
  const first = text2[0];
  if (first === "[") return "json";
  if (first === "{") return isSearchAnswer(text2) ? "json" : "ndjson";
  throw new QuarryError(
    "invalid_input",
    first === void 0 ? `${input} is empty: there is nothing to import` : `Cannot tell the format of ${input}: it starts with "${first}", neither [ (a JSON array) nor { (JSON lines)`,
    "Say which it is with --format ndjson, json or csv."
  );
}
var HITS = /^\{[\s\S]*"hits"\s*:\s*\{[\s\S]*"hits"\s*:\s*\[/;
function isSearchAnswer(text2) {
  const nl2 = text2.indexOf("\n");
  if (nl2 === -1) return HITS.test(text2);
  const line = text2.slice(0, nl2).trim();
  if (/[[{,:]$/.test(line)) return true;
  try {
    const value = JSON.parse(line);
    return Array.isArray(value?.hits?.hits);
  } catch {
    return false;
  }
}

// src/app/transfer/import.ts
import { stat as stat7 } from "node:fs/promises";

// src/app/transfer/import-ledger.ts
import { createHash as createHash5 } from "node:crypto";
import { rm as rm9, stat as stat6 } from "node:fs/promises";
import { join as join11, resolve as resolve2 } from "node:path";
var SAVE_EVERY_MS2 = 1e3;
function checkpointPath3(workDir, table, input) {
  const id = createHash5("sha256").update(`${table}
${input}`).digest("hex").slice(0, 16);
  return join11(workDir, `import-${id}.checkpoint.json`);
}
async function resumable(path, info, file, modifiedMs) {
  const cp = await readJsonFile(path, null);
  if (!cp)
    throw refused(
      `There is no interrupted import of ${file} into ${info.table} to resume`,
      "Import without --resume."
    );
  if (cp.size !== info.size || cp.modifiedMs !== modifiedMs)
    throw refused(
      `${file} changed since the interrupted import (its size or time differs): its lines may not be the ones imported`,
      "Import the file again without --resume (with --mode index, records already in go in again without duplicates when they carry their _id)."
    );
  if ((cp.format ?? "ndjson") !== info.format)
    throw refused(
      `The interrupted import read ${file} as ${cp.format ?? "ndjson"}, not ${info.format}`,
      `Resume with --format ${cp.format ?? "ndjson"}.`
    );
  if (cp.mode !== info.mode)
    throw refused(
      `The interrupted import used --mode ${cp.mode}, not ${info.mode}`,
      `Resume with --mode ${cp.mode}.`
    );
  return cp;
}
var ImportLedger = class _ImportLedger {
  failures;
  resumed;
  skipLines;
  written;
  linesDone;
  onBatch;
  #path;
  #base;
  #failedAccounted;
  #inFlightUpTo;
  /** The lines the interrupted run had reserved but not written: what they hold may be in. */
  #mayHaveLanded;
  #bytes = () => 0;
  #bytesAtStart = 0;
  #lastSave = 0;
  #saving = Promise.resolve();
  #folder;
  #timer;
  constructor(path, base, failures, from) {
    this.#path = path;
    this.#base = base;
    this.failures = failures;
    this.resumed = from !== null;
    this.skipLines = from?.linesDone ?? 0;
    this.linesDone = this.skipLines;
    this.written = from?.written ?? 0;
    this.failures.count = from?.failedCount ?? 0;
    this.#failedAccounted = this.failures.count;
    this.#inFlightUpTo = Math.max(this.skipLines, from?.inFlightUpTo ?? 0);
    this.#mayHaveLanded = { after: this.skipLines, upTo: from?.inFlightUpTo ?? 0 };
  }
  static async open(info) {
    if (!("path" in info.input)) {
      if (info.resume)
        throw refused(
          `${info.input.name} cannot be resumed: it cannot be read again`,
          "Import from a file to be able to resume."
        );
      return new _ImportLedger(null, null, new FailureLog(info.workDir, info.failuresName), null);
    }
    const file = resolve2(info.input.path);
    const modifiedMs = Math.trunc((await stat6(file)).mtimeMs);
    const path = checkpointPath3(info.workDir, info.table, file);
    const from = info.resume ? await resumable(path, info, file, modifiedMs) : null;
    const failuresFile = from?.failuresFile ?? info.failuresName;
    if (from) await keepFirstFailures(join11(info.workDir, failuresFile), from.failedCount);
    const base = {
      table: info.table,
      input: file,
      size: info.size ?? 0,
      modifiedMs,
      format: info.format,
      mode: info.mode,
      failuresFile
    };
    const ledger = new _ImportLedger(path, base, new FailureLog(info.workDir, failuresFile), from);
    await ledger.#saveNow();
    return ledger;
  }
  /** Where the bytes read of the input are counted (the progress meter's "done"). */
  countBytes(read) {
    this.#bytes = read;
  }
  /**
   * Reserves the lines up to `upTo` for the next batch: the checkpoint saved with them, settled
   * once it is on disk. The batch is sent only then, so a resume knows which lines may have landed;
   * the save may start while the batch before is being written.
   */
  beforeBatch(upTo) {
    this.#inFlightUpTo = upTo;
    return this.#saveNow();
  }
  /**
   * Whether a record refused because its key is taken comes from the lines the interrupted run
   * was sending: then it is that run's own write, not a failure.
   */
  landedBefore(origin) {
    return origin > this.#mayHaveLanded.after && origin <= this.#mayHaveLanded.upTo;
  }
  async batchWritten(upTo, outcome, problems) {
    await this.failures.addBatch(problems, outcome.failed);
    this.written += outcome.written;
    this.#failedAccounted += problems.length + outcome.failed.length;
    this.linesDone = upTo;
    this.onBatch?.();
    this.#saveSoon();
  }
  /** Bytes read of the input (the progress meter's "done"), and since this run began. */
  progress() {
    return {
      done: this.#bytes(),
      total: this.#base?.size ?? 0,
      writtenNow: this.#bytes() - this.#bytesAtStart
    };
  }
  async saved() {
    clearTimeout(this.#timer);
    this.#timer = void 0;
    await this.#saveNow();
  }
  async finished() {
    await this.#saving;
    if (this.#path) await rm9(this.#path, { force: true });
  }
  #saveSoon() {
    const wait = SAVE_EVERY_MS2 - (Date.now() - this.#lastSave);
    if (wait <= 0) {
      void this.#saveNow().catch(() => {
      });
      return;
    }
    this.#timer ??= setTimeout(() => {
      this.#timer = void 0;
      void this.#saveNow().catch(() => {
      });
    }, wait);
  }
  #saveNow() {
    this.#lastSave = Date.now();
    const path = this.#path;
    const base = this.#base;
    if (!path || !base) return this.#saving;
    const checkpoint = {
      ...base,
      linesDone: this.linesDone,
      inFlightUpTo: this.#inFlightUpTo,
      written: this.written,
      failedCount: this.#failedAccounted
    };
    this.#saving = this.#saving.then(async () => {
      this.#folder ??= ensurePrivateDir(join11(path, ".."));
      await this.#folder;
      await writeFileAtomic(path, JSON.stringify(checkpoint));
    });
    return this.#saving;
  }
};

// src/app/transfer/import-sources.ts
import { createReadStream as createReadStream2 } from "node:fs";
import { open as open5 } from "node:fs/promises";
import { createInterface as createInterface2 } from "node:readline";
import { Readable } from "node:stream";
import { StringDecoder } from "node:string_decoder";

// src/app/transfer/csv-rows.ts
var INFER_ROWS = 1e3;
var ID3 = "_id";
function bad(message, remedy) {
  return new QuarryError("invalid_input", message, remedy);
}
function readHeader(header, idColumn) {
  const names = header.map((h) => h.trim());
  const seen = /* @__PURE__ */ new Set();
  for (const [i, name] of names.entries()) {
    if (name === "" || name.split(".").some((part) => part === ""))
      throw bad(
        `Column ${i + 1} of the header has no usable name ("${name}")`,
        "Give every column a name in the first line (dotted names like customer.name make nested fields)."
      );
    if (seen.has(name))
      throw bad(
        `Two columns are named ${name}`,
        "Give each column its own name in the first line."
      );
    seen.add(name);
  }
  for (const name of names)
    for (const other of names)
      if (other.startsWith(`${name}.`))
        throw bad(
          `${name} cannot be both a field and the object holding ${other}`,
          `Rename one of the columns ${name} and ${other}.`
        );
  const keyColumn = names.indexOf(idColumn ?? ID3);
  if (idColumn !== void 0 && keyColumn === -1)
    throw bad(
      `--id-column: there is no column ${idColumn} in the header (${names.join(", ")})`,
      "Name a column of the first line, or leave --id-column out."
    );
  return { fields: names.map((n) => n === ID3 ? null : n), keyColumn };
}
var INTEGER = /^[-+]?\d+$/;
var NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;
var BOOLEAN = /^(true|false)$/i;
var DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])(T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
function fits(cell, kind) {
  const t = cell.trim();
  if (kind === "integer") return INTEGER.test(t);
  if (kind === "number") return NUMBER.test(t);
  if (kind === "boolean") return BOOLEAN.test(t);
  if (kind === "date") return DATE.test(t);
  return true;
}
var INFERRED_ORDER = ["integer", "number", "boolean", "date"];
function inferKinds(layout, rows, columns = layout.fields.filter((f2) => f2 !== null)) {
  const kinds = {};
  for (const field of columns) {
    const i = layout.fields.indexOf(field);
    const cells = rows.map((r) => r[i] ?? "").filter((c) => c !== "");
    kinds[field] = cells.length === 0 ? "string" : INFERRED_ORDER.find((k2) => cells.every((c) => fits(c, k2))) ?? "string";
  }
  return kinds;
}
function cellValue(cell, kind) {
  const t = cell.trim();
  switch (kind) {
    case "integer": {
      if (!INTEGER.test(t)) return { reason: "is not a whole number" };
      const n = Number(t);
      return { value: Number.isSafeInteger(n) ? n : t };
    }
    case "number":
      return NUMBER.test(t) ? { value: Number(t) } : { reason: "is not a number" };
    case "boolean":
      return BOOLEAN.test(t) ? { value: t.toLowerCase() === "true" } : { reason: "is not true or false" };
    default:
      return { value: cell };
  }
}
function place(document, field, value) {
  const parts = field.split(".");
  let at2 = document;
  for (const part of parts.slice(0, -1)) {
    at2[part] ??= {};
    at2 = at2[part];
  }
  at2[parts[parts.length - 1]] = value;
}
function rowRecord(row, line, layout, kinds) {
  if (row.length !== layout.fields.length)
    return {
      line,
      reason: `has ${row.length} cells where the header has ${layout.fields.length} columns`
    };
  const document = {};
  const problems = [];
  for (const [i, field] of layout.fields.entries()) {
    const cell = row[i];
    if (field === null || cell === "") continue;
    const got = cellValue(cell, kinds[field] ?? "string");
    if ("reason" in got) problems.push(`${field}: "${cell}" ${got.reason}`);
    else place(document, field, got.value);
  }
  if (problems.length > 0) return { line, reason: problems.join("; ") };
  const key = layout.keyColumn === -1 ? "" : row[layout.keyColumn];
  return { origin: line, ...key !== "" ? { key } : {}, document };
}

// src/app/transfer/csv-source.ts
function innerLines(cells) {
  let n = 0;
  for (const cell of cells)
    for (let i = cell.indexOf("\n"); i !== -1; i = cell.indexOf("\n", i + 1)) n++;
  return n;
}
async function* rowsOf(stream) {
  const broken = [];
  let parsedUpTo = 0;
  const onSkip = (err) => {
    if (err?.code !== "CSV_QUOTE_NOT_CLOSED") {
      const line = Number(err?.lines ?? parsedUpTo + 1);
      broken.push({ line, reason: `not CSV: ${err?.message ?? "a broken row"}` });
      return void 0;
    }
    const last = broken.at(-1);
    const swallowed = "its quote never closes, so the rest of the file is read into it and not imported";
    if (last && last.line > parsedUpTo) last.reason += `; ${swallowed}`;
    else broken.push({ line: parsedUpTo + 1, reason: `not CSV: ${swallowed}` });
    return void 0;
  };
  const parser2 = stream.pipe(
    parse({
      info: true,
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_error: true,
      on_skip: onSkip,
      on_record: (record, context) => {
        parsedUpTo = context.lines;
        return record;
      }
    })
  );
  for await (const got of parser2) {
    const line = got.info.lines - innerLines(got.record);
    while (broken.length > 0 && broken[0].line < line)
      yield broken.shift();
    yield { cells: got.record, line };
  }
  yield* broken.splice(0);
}
async function* csvRecords(stream, options, cursor) {
  const { kindsFor, idColumn } = options;
  const rows = rowsOf(stream);
  let layout;
  const held = [];
  let kinds;
  let sampled = 0;
  const give = function* (item) {
    const line = item.line;
    cursor.position = Math.max(cursor.position, line);
    if (line <= options.skip) return;
    if (!("cells" in item)) yield item;
    else yield rowRecord(item.cells, item.line, layout, kinds ?? {});
  };
  for await (const item of rows) {
    if (!layout) {
      if ("cells" in item) layout = readHeader(item.cells, idColumn);
      else yield* give(item);
      continue;
    }
    if (!kinds) {
      held.push(item);
      if ("cells" in item) sampled++;
      if (sampled < INFER_ROWS) continue;
      kinds = await kindsFor(layout, sampleOf(held));
      for (const h of held.splice(0)) yield* give(h);
      continue;
    }
    yield* give(item);
  }
  if (!layout)
    throw new QuarryError(
      "invalid_input",
      "The CSV file is empty: it has no header line naming the fields",
      "Give a file whose first line names the columns, e.g. _id,name,price."
    );
  if (!kinds) kinds = await kindsFor(layout, sampleOf(held));
  for (const h of held.splice(0)) yield* give(h);
}
function sampleOf(held) {
  return held.filter((h) => "cells" in h).map((h) => h.cells);
}

// node_modules/stream-chain/src/defs.js
var none = /* @__PURE__ */ Symbol.for("object-stream.none");
var stop = /* @__PURE__ */ Symbol.for("object-stream.stop");
var finalSymbol = /* @__PURE__ */ Symbol.for("object-stream.final");
var manySymbol = /* @__PURE__ */ Symbol.for("object-stream.many");
var flushSymbol = /* @__PURE__ */ Symbol.for("object-stream.flush");
var abortSymbol = /* @__PURE__ */ Symbol.for("object-stream.abort");
var fListSymbol = /* @__PURE__ */ Symbol.for("object-stream.fList");
var stopErrorSymbol = /* @__PURE__ */ Symbol.for("object-stream.stopError");
var finalValue = (value) => ({ [finalSymbol]: 1, value });
var many = (values) => ({ [manySymbol]: 1, values });
var isFinalValue = (o) => o && o[finalSymbol] === 1;
var isMany = (o) => o && o[manySymbol] === 1;
var isFlushable = (o) => o && o[flushSymbol] === 1;
var isFunctionList = (o) => o && o[fListSymbol] === 1;
var isStop = (o) => o && o[stopErrorSymbol] === 1;
var getFinalValue = (o) => o.value;
var getManyValues = (o) => o.values;
var getFunctionList = (o) => o.fList;
var flushable = (write, final2 = null, abort = null) => {
  const fn = final2 ? (value) => value === none ? final2() : write(value) : write;
  fn[flushSymbol] = 1;
  if (abort) fn[abortSymbol] = abort;
  return fn;
};
var setFunctionList = (o, fns) => {
  o.fList = fns;
  o[fListSymbol] = 1;
  return o;
};
var clearFunctionList = (o) => {
  delete o.fList;
  delete o[fListSymbol];
  return o;
};
var Stop = class extends Error {
};
Stop.prototype[stopErrorSymbol] = 1;
var toMany = (value) => value === none ? many([]) : value && value[manySymbol] === 1 ? value : many([value]);
var normalizeMany = (o) => {
  if (o?.[manySymbol] === 1) {
    switch (o.values.length) {
      case 0:
        return none;
      case 1:
        return o.values[0];
    }
  }
  return o;
};
var combineMany = (...args) => {
  const values = [];
  for (let i = 0; i < args.length; ++i) {
    const a = args[i];
    if (a === none) continue;
    if (a?.[manySymbol] === 1) {
      values.push(...a.values);
    } else {
      values.push(a);
    }
  }
  return many(values);
};
var combineManyMut = (a, ...args) => {
  const values = a === none ? [] : a?.[manySymbol] === 1 ? a.values : [a];
  for (let i = 0; i < args.length; ++i) {
    const b2 = args[i];
    if (b2 === none) continue;
    if (b2?.[manySymbol] === 1) {
      values.push(...b2.values);
    } else {
      values.push(b2);
    }
  }
  return many(values);
};
var final = finalValue;

// node_modules/stream-chain/src/exec.js
var cancelSymbol = /* @__PURE__ */ Symbol.for("object-stream.cancel");
var dropNullSymbol = /* @__PURE__ */ Symbol.for("object-stream.dropNull");
var stopAtSymbol = /* @__PURE__ */ Symbol.for("object-stream.stopAt");
var GEN_CANCEL = /* @__PURE__ */ Symbol.for("object-stream.genCancel");
var markStop = (error, index) => {
  if (isStop(error)) error[stopAtSymbol] = index;
  throw error;
};
var stopIndex = (stop2, fns) => stop2[stopAtSymbol] ?? fns.length;
var withCleanupError = (err, cleanupErr) => {
  if (err == null || isStop(err)) return cleanupErr;
  return err instanceof Error ? new AggregateError([err, cleanupErr], "pipeline error; generator cleanup also failed") : err;
};
var hasAborters = (fns) => fns.some((fn) => fn[abortSymbol]);
var noteFinal = (value, fn, finished) => {
  if (value && typeof value.then == "function") return value.then((v2) => (finished.add(fn), v2));
  finished.add(fn);
  return value;
};
var abortStages = async (fns, finished, to2 = fns.length) => {
  let failure;
  for (let i = 0; i < to2; ++i) {
    const fn = fns[i], abort = fn[abortSymbol];
    if (!abort || finished.has(fn)) continue;
    finished.add(fn);
    try {
      await abort();
    } catch (error) {
      failure = failure === void 0 ? error : new AggregateError([failure, error], "stage cleanup failed more than once");
    }
  }
  return failure;
};
var next = (value, fns, index, push) => {
  for (let i = index; ; ) {
    if (value && typeof value.then == "function") {
      const ii2 = i;
      return value.then(
        (v2) => next(v2, fns, ii2, push),
        (e) => markStop(e, ii2)
      );
    }
    if (value === none || value == null && push[dropNullSymbol]) return void 0;
    if (value === stop) markStop(new Stop(), i);
    if (isFinalValue(value)) {
      const final2 = getFinalValue(value);
      if (final2 == null && push[dropNullSymbol]) return void 0;
      return push(final2);
    }
    if (isMany(value)) {
      return nextMany(getManyValues(value), fns, i, push);
    }
    if (value && typeof value.next == "function") {
      return nextGen(value, fns, i, push);
    }
    if (i >= fns.length) {
      return push(value);
    }
    try {
      value = fns[i++](value);
    } catch (error) {
      markStop(error, i);
    }
  }
};
var nextMany = (values, fns, i, push) => {
  const step = (j2) => {
    for (; j2 < values.length; ++j2) {
      const r = next(values[j2], fns, i, push);
      if (r && typeof r.then == "function") {
        const jj = j2;
        return r.then(() => step(jj + 1));
      }
    }
  };
  return step(0);
};
var nextGen = (it2, fns, i, push) => {
  const step = () => {
    for (; ; ) {
      if (push[cancelSymbol]) throw push[cancelSymbol];
      let data;
      try {
        data = it2.next();
      } catch (error) {
        markStop(error, i);
      }
      if (data && typeof data.then == "function") {
        return data.then(
          (d) => {
            if (d.done) return;
            const r3 = next(d.value, fns, i, push);
            return r3 && typeof r3.then == "function" ? r3.then(step) : step();
          },
          (e) => markStop(e, i)
        );
      }
      if (data.done) return;
      const r2 = next(data.value, fns, i, push);
      if (r2 && typeof r2.then == "function") return r2.then(step);
    }
  };
  const abort = (err) => {
    const onCleanupError = (cleanupErr) => withCleanupError(err, cleanupErr);
    let ret;
    try {
      ret = it2.return ? it2.return() : void 0;
    } catch (cleanupErr) {
      throw onCleanupError(cleanupErr);
    }
    if (ret && typeof ret.then == "function") {
      return ret.then(
        () => {
          throw err;
        },
        (cleanupErr) => {
          throw onCleanupError(cleanupErr);
        }
      );
    }
    throw err;
  };
  let r;
  try {
    r = step();
  } catch (err) {
    return abort(err);
  }
  return r && typeof r.then == "function" ? r.then(void 0, abort) : r;
};
var flush = (fns, index, push, finished) => {
  let stop2 = null;
  const resume = (error) => {
    if (!isStop(error)) throw error;
    stop2 = error;
    return step(stopIndex(error, fns));
  };
  const step = (i) => {
    for (; i < fns.length; ++i) {
      const f2 = fns[i];
      if (!isFlushable(f2) || finished?.has(f2)) continue;
      let r;
      try {
        let value;
        try {
          value = f2(none);
        } catch (error) {
          markStop(error, i + 1);
        }
        if (finished) value = noteFinal(value, f2, finished);
        r = next(value, fns, i + 1, push);
      } catch (error) {
        return resume(error);
      }
      if (r && typeof r.then == "function") {
        const ii2 = i;
        return r.then(() => step(ii2 + 1), resume);
      }
    }
    if (stop2) throw stop2;
  };
  return step(index);
};
var releaseStopped = async (fns, finished, stop2) => {
  const failure = await abortStages(fns, finished, stopIndex(stop2, fns));
  if (failure === void 0) return void 0;
  const more = await abortStages(fns, finished);
  return more === void 0 ? failure : new AggregateError([failure, more], "stage cleanup failed more than once");
};
var finishStop = async (fns, stop2, push, finished) => {
  let error;
  try {
    await flush(fns, stopIndex(stop2, fns), push, finished);
  } catch (e) {
    if (isStop(e)) stop2 = e;
    else error = e;
  }
  const failure = error === void 0 ? await releaseStopped(fns, finished, stop2) : await abortStages(fns, finished);
  if (failure !== void 0) error = withCleanupError(error, failure);
  if (error !== void 0) throw error;
};
var genBridge = (fns, once) => {
  fns = fns.filter((fn) => fn).flat(Infinity).map((fn) => isFunctionList(fn) ? getFunctionList(fn) : fn).flat(Infinity);
  if (!fns.length) {
    fns = [(x) => x];
  }
  const canAbort = hasAborters(fns), finished = /* @__PURE__ */ new Set();
  let flushed = false, stopAt = 0;
  const drive = async (value, push) => {
    try {
      await next(value, fns, 0, push);
    } catch (error) {
      if (!isStop(error)) throw error;
      await finishStop(fns, error, push, finished);
      throw error;
    }
    await flush(fns, 0, push, finished);
  };
  let g2 = async function* (value) {
    if (flushed) throw Error("Call to a flushed pipe.");
    const isFlush = !once && value === none;
    if (isFlush || once) flushed = true;
    const pending2 = [];
    let wakeConsumer = null;
    let resolveProducer = null;
    let rejectProducer = null;
    let done = false, error = null, cancelled = false, completed = false;
    const push = (v2) => {
      if (cancelled) throw GEN_CANCEL;
      pending2.push(v2);
      if (wakeConsumer) {
        const w2 = wakeConsumer;
        wakeConsumer = null;
        w2();
      }
      return new Promise((res, rej) => {
        resolveProducer = res;
        rejectProducer = rej;
      });
    };
    Promise.resolve().then(
      () => once ? drive(value, push) : isFlush ? flush(fns, stopAt, push, finished) : next(value, fns, 0, push)
    ).then(
      () => {
      },
      (e) => {
        if (e === GEN_CANCEL) return;
        error = e;
        if (!isFlush && isStop(e)) stopAt = stopIndex(e, fns);
      }
    ).finally(() => {
      done = true;
      if (wakeConsumer) {
        const w2 = wakeConsumer;
        wakeConsumer = null;
        w2();
      }
    });
    try {
      for (; ; ) {
        while (pending2.length) {
          const v2 = pending2.shift();
          if (resolveProducer) {
            const r = resolveProducer;
            resolveProducer = rejectProducer = null;
            r();
          }
          yield v2;
        }
        if (error) throw error;
        if (done) {
          completed = true;
          return;
        }
        await new Promise((res) => wakeConsumer = res);
      }
    } finally {
      cancelled = true;
      push[cancelSymbol] = GEN_CANCEL;
      if (rejectProducer) {
        const rj = rejectProducer;
        resolveProducer = rejectProducer = null;
        rj(GEN_CANCEL);
      }
      if (!completed && canAbort) {
        const failure = isStop(error) ? await releaseStopped(fns, finished, error) : await abortStages(fns, finished);
        if (failure !== void 0) throw withCleanupError(error, failure);
      }
    }
  };
  if (once) return g2;
  const needToFlush = fns.some((fn) => isFlushable(fn));
  if (needToFlush) g2 = flushable(g2);
  return setFunctionList(g2, fns);
};

// node_modules/stream-chain/src/gen.js
var gen = (...fns) => genBridge(fns, false);
var gen_default = gen;

// node_modules/stream-chain/src/fun.js
var asArray = (...fns) => {
  fns = fns.filter((fn) => fn).flat(Infinity).map((fn) => isFunctionList(fn) ? getFunctionList(fn) : fn).flat(Infinity);
  if (!fns.length) {
    fns = [(x) => x];
  }
  let flushed = false, stopAt = 0;
  const noteStop = (error) => {
    if (isStop(error)) stopAt = stopIndex(error, fns);
    throw error;
  };
  let g2 = (value) => {
    if (flushed) throw Error("Call to a flushed pipe.");
    const results = [], push = (v2) => {
      results.push(v2);
    };
    let pending2;
    if (value !== none) {
      try {
        pending2 = next(value, fns, 0, push);
      } catch (error) {
        noteStop(error);
      }
    } else {
      flushed = true;
      pending2 = flush(fns, stopAt, push);
    }
    return pending2 && typeof pending2.then == "function" ? pending2.then(() => results, noteStop) : results;
  };
  const needToFlush = fns.some((fn) => isFlushable(fn));
  if (needToFlush) g2 = flushable(g2);
  return setFunctionList(g2, fns);
};
var fun = (...fns) => {
  const f2 = asArray(...fns);
  let g2 = (value) => {
    const result = (
      /** @type {any} */
      f2(value)
    );
    if (result && typeof result.then == "function") {
      return result.then((results) => many(results));
    }
    return many(result);
  };
  if (isFlushable(f2)) g2 = flushable(g2);
  return setFunctionList(g2, getFunctionList(f2));
};
var fun_default = fun;

// node_modules/stream-chain/src/dataSource.js
var dataSource = (fn) => {
  if (typeof fn == "function") return fn;
  if (fn) {
    if (typeof fn[Symbol.asyncIterator] == "function") return fn[Symbol.asyncIterator].bind(fn);
    if (typeof fn[Symbol.iterator] == "function") return fn[Symbol.iterator].bind(fn);
  }
  throw new TypeError("The argument should be a function or an iterable object.");
};
var dataSource_default = dataSource;

// node_modules/stream-chain/src/core/index.js
var chain = (fns, _options) => {
  const flat = (Array.isArray(fns) ? fns : []).flat(Infinity).filter(Boolean).map((fn) => isFunctionList(fn) ? getFunctionList(fn) : fn).flat(Infinity);
  const g2 = gen_default(...flat);
  const c = async function* (input) {
    if (input == null) return;
    if (typeof input === "string" || input[Symbol.asyncIterator] === void 0 && input[Symbol.iterator] === void 0) {
      yield* g2(input);
      return;
    }
    for await (const value of input) yield* g2(value);
  };
  c.streams = null;
  c.input = null;
  c.output = null;
  return c;
};
chain.none = none;
chain.stop = stop;
chain.Stop = Stop;
chain.stopErrorSymbol = stopErrorSymbol;
chain.isStop = isStop;
chain.finalSymbol = finalSymbol;
chain.finalValue = finalValue;
chain.final = final;
chain.isFinalValue = isFinalValue;
chain.getFinalValue = getFinalValue;
chain.manySymbol = manySymbol;
chain.many = many;
chain.isMany = isMany;
chain.getManyValues = getManyValues;
chain.flushSymbol = flushSymbol;
chain.flushable = flushable;
chain.isFlushable = isFlushable;
chain.abortSymbol = abortSymbol;
chain.fListSymbol = fListSymbol;
chain.isFunctionList = isFunctionList;
chain.getFunctionList = getFunctionList;
chain.setFunctionList = setFunctionList;
chain.clearFunctionList = clearFunctionList;
chain.toMany = toMany;
chain.normalizeMany = normalizeMany;
chain.combineMany = combineMany;
chain.combineManyMut = combineManyMut;
chain.chain = chain;
chain.chainUnchecked = chain;
chain.gen = gen_default;
chain.fun = fun_default;
chain.dataSource = dataSource_default;

// node_modules/stream-json/src/core/assembler.js
var startObject = (Ctr) => (
  /** @this {Assembler} */
  function() {
    if (this.done) {
      this.done = false;
    } else {
      this.stack.push(this.current, this.key);
    }
    this.current = new Ctr();
    this.key = null;
  }
);
var Assembler = class _Assembler {
  static connectTo(stream, options) {
    return new _Assembler(options).connectTo(stream);
  }
  constructor(options) {
    this.stack = [];
    this.current = this.key = null;
    this.done = true;
    this._onDone = null;
    if (options) {
      this.reviver = typeof options.reviver == "function" && options.reviver;
      if (this.reviver) {
        this.stringValue = this._saveValue = this._saveValueWithReviver;
      }
      if (options.numberAsString) {
        this.numberValue = this.stringValue;
      }
      if (typeof options.onDone == "function") {
        this._onDone = options.onDone;
      }
    }
    this.tapChain = (chunk) => {
      if (this[chunk.name]) {
        this[chunk.name](chunk.value);
        if (this.done) return this.current;
      }
      return none;
    };
  }
  connectTo(stream) {
    const consume = (chunk) => {
      if (this[chunk.name]) {
        this[chunk.name](chunk.value);
        if (this.done) this._onDone?.(this);
      }
    };
    if (typeof stream?.getReader === "function") {
      const reader = stream.getReader();
      (async () => {
        try {
          for (; ; ) {
            const { done, value } = await reader.read();
            if (done) return;
            consume(value);
          }
        } finally {
          reader.releaseLock();
        }
      })();
    } else {
      stream.on("data", consume);
    }
    return this;
  }
  onDone(fn) {
    this._onDone = typeof fn == "function" ? fn : null;
    return this;
  }
  get depth() {
    return (this.stack.length >> 1) + (this.done ? 0 : 1);
  }
  get path() {
    const path = [];
    for (let i = 0; i < this.stack.length; i += 2) {
      const key = this.stack[i + 1];
      path.push(key === null ? this.stack[i].length : key);
    }
    return path;
  }
  dropToLevel(level) {
    if (level < this.depth) {
      if (level > 0) {
        const index = level - 1 << 1;
        this.current = this.stack[index];
        this.key = this.stack[index + 1];
        this.stack.splice(index);
      } else {
        this.stack = [];
        this.current = this.key = null;
        this.done = true;
      }
    }
    return this;
  }
  consume(chunk) {
    this[chunk.name]?.(chunk.value);
    return this;
  }
  keyValue(value) {
    this.key = value;
  }
  //stringValue() - aliased below to _saveValue()
  numberValue(value) {
    this._saveValue(parseFloat(value));
  }
  nullValue() {
    this._saveValue(null);
  }
  trueValue() {
    this._saveValue(true);
  }
  falseValue() {
    this._saveValue(false);
  }
  //startObject() - assigned below
  endObject() {
    if (this.stack.length) {
      const value = this.current;
      this.key = this.stack.pop();
      this.current = this.stack.pop();
      this._saveValue(value);
    } else {
      if (this.reviver) {
        this.current = this.reviver.call({ "": this.current }, "", this.current);
      }
      this.done = true;
    }
  }
  //startArray() - assigned below
  //endArray() - aliased below to endObject()
  _saveValue(value) {
    if (this.done) {
      this.current = value;
      return;
    }
    if (this.current instanceof Array) {
      this.current.push(value);
    } else {
      if (this.key === "__proto__") {
        Object.defineProperty(this.current, this.key, { value, writable: true, enumerable: true, configurable: true });
      } else {
        this.current[this.key] = value;
      }
      this.key = null;
    }
  }
  _saveValueWithReviver(value) {
    if (this.done) {
      this.current = this.reviver.call({ "": value }, "", value);
      return;
    }
    if (this.current instanceof Array) {
      this.current.push(value);
      value = this.reviver.call(this.current, String(this.current.length - 1), value);
      if (value === void 0) {
        delete this.current[this.current.length - 1];
      } else {
        this.current[this.current.length - 1] = value;
      }
    } else {
      value = this.reviver.call(this.current, this.key, value);
      if (value !== void 0) {
        if (this.key === "__proto__") {
          Object.defineProperty(this.current, this.key, { value, writable: true, enumerable: true, configurable: true });
        } else {
          this.current[this.key] = value;
        }
      }
      this.key = null;
    }
  }
};
var proto = (
  /** @type {any} */
  Assembler.prototype
);
proto.stringValue = Assembler.prototype._saveValue;
proto.startObject = startObject(Object);
proto.startArray = startObject(Array);
proto.endArray = Assembler.prototype.endObject;
var assembler = (options) => new Assembler(options);
Assembler.assembler = assembler;

// node_modules/stream-chain/src/utils/fixUtf8Stream.js
var dropBOM = (s3) => s3.charCodeAt(0) === 65279 ? s3.slice(1) : s3;
var makeTextDecoderImpl = (options) => {
  const textDecoder = new TextDecoder("utf-8", { ignoreBOM: true });
  let atStart = !options?.ignoreBOM;
  return flushable((chunk) => {
    let s3;
    if (chunk === none) s3 = textDecoder.decode();
    else if (typeof chunk == "string") s3 = chunk;
    else if (chunk instanceof Uint8Array) s3 = textDecoder.decode(chunk, { stream: true });
    else throw new TypeError("Expected a string or a Uint8Array");
    if (!atStart || !s3) return s3;
    atStart = false;
    return dropBOM(s3);
  });
};
var makeStringDecoderImpl = (StringDecoder2) => (options) => {
  const stringDecoder = new StringDecoder2();
  let atStart = !options?.ignoreBOM;
  return flushable((chunk) => {
    let s3;
    if (chunk === none) s3 = stringDecoder.end();
    else if (typeof chunk == "string") s3 = chunk;
    else if (chunk instanceof Uint8Array) s3 = stringDecoder.write(chunk);
    else throw new TypeError("Expected a string or a Uint8Array");
    if (!atStart || !s3) return s3;
    atStart = false;
    return dropBOM(s3);
  });
};
var impl = makeTextDecoderImpl;
var isDeno = typeof globalThis["Deno"] == "object" && globalThis["Deno"]?.version;
var isBun = typeof globalThis["Bun"] == "object" && globalThis["Bun"]?.version;
var isNode = !isDeno && !isBun && typeof process == "object" && process?.versions?.node;
var readyPromise = isNode ? import("node:string_decoder").then(
  ({ StringDecoder: StringDecoder2 }) => {
    impl = makeStringDecoderImpl(StringDecoder2);
  },
  () => {
  }
  // squelch — stick with TextDecoder
) : Promise.resolve();
var fixUtf8Stream = (options) => impl(options);
var fixUtf8Stream_default = fixUtf8Stream;

// node_modules/stream-json/src/core/parser.js
var patterns = {
  value1: /[\"\{\[\]\-\d]|true\b|false\b|null\b|\s{1,256}/y,
  string: /[^\x00-\x1f\"\\]{1,256}|\\[bfnrt\"\\\/]|\\u[\da-fA-F]{4}|\"/y,
  numberStart: /\d/y,
  numberDigit: /\d{0,256}/y,
  numberFraction: /[\.eE]/y,
  numberExponent: /[eE]/y,
  numberExpSign: /[-+]/y
};
var MAX_PATTERN_SIZE = 16;
patterns.numberFracStart = patterns.numberExpStart = patterns.numberStart;
patterns.numberFracDigit = patterns.numberExpDigit = patterns.numberDigit;
var expected = { object: "objectStop", array: "arrayStop", "": "done" };
var tokenStartObject = { name: "startObject" };
var tokenEndObject = { name: "endObject" };
var tokenStartArray = { name: "startArray" };
var tokenEndArray = { name: "endArray" };
var tokenStartString = { name: "startString" };
var tokenEndString = { name: "endString" };
var tokenStartNumber = { name: "startNumber" };
var tokenEndNumber = { name: "endNumber" };
var tokenStartKey = { name: "startKey" };
var tokenEndKey = { name: "endKey" };
var literalTokens = {
  true: { name: "trueValue", value: true },
  false: { name: "falseValue", value: false },
  null: { name: "nullValue", value: null }
};
var fromHex = (s3) => String.fromCharCode(parseInt(s3.slice(2), 16));
var codes = { b: "\b", f: "\f", n: "\n", r: "\r", t: "	", '"': '"', "\\": "\\", "/": "/" };
var ASCII_TAB = "	".charCodeAt(0);
var ASCII_LF = "\n".charCodeAt(0);
var ASCII_CR = "\r".charCodeAt(0);
var ASCII_SPACE = " ".charCodeAt(0);
var ASCII_QUOTE = '"'.charCodeAt(0);
var ASCII_BACKSLASH = "\\".charCodeAt(0);
var ASCII_OPEN_BRACE = "{".charCodeAt(0);
var ASCII_CLOSE_BRACE = "}".charCodeAt(0);
var ASCII_OPEN_BRACKET = "[".charCodeAt(0);
var ASCII_CLOSE_BRACKET = "]".charCodeAt(0);
var ASCII_MINUS = "-".charCodeAt(0);
var ASCII_COLON = ":".charCodeAt(0);
var ASCII_COMMA = ",".charCodeAt(0);
var ASCII_ZERO = "0".charCodeAt(0);
var ASCII_NINE = "9".charCodeAt(0);
var ASCII_UPPER_A = "A".charCodeAt(0);
var ASCII_UPPER_F = "F".charCodeAt(0);
var ASCII_LOWER_A = "a".charCodeAt(0);
var ASCII_LOWER_F = "f".charCodeAt(0);
var ASCII_LOWER_N = "n".charCodeAt(0);
var ASCII_LOWER_T = "t".charCodeAt(0);
var ASCII_LOWER_U = "u".charCodeAt(0);
var HIGH_SURROGATE_FIRST = 55296;
var HIGH_SURROGATE_LAST = 56319;
var TERM = [];
for (const ch of ",}] 	\n\r") TERM[ch.charCodeAt(0)] = 1;
var numberFull = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?/y;
var HEX = (c) => c >= ASCII_ZERO && c <= ASCII_NINE || c >= ASCII_UPPER_A && c <= ASCII_UPPER_F || c >= ASCII_LOWER_A && c <= ASCII_LOWER_F;
var jsonParser = (options) => {
  let packKeys = true, packStrings = true, packNumbers = true, streamKeys = true, streamStrings = true, streamNumbers = true, jsonStreaming = false;
  if (options) {
    "packValues" in options && (packKeys = packStrings = packNumbers = options.packValues);
    "packKeys" in options && (packKeys = options.packKeys);
    "packStrings" in options && (packStrings = options.packStrings);
    "packNumbers" in options && (packNumbers = options.packNumbers);
    "streamValues" in options && (streamKeys = streamStrings = streamNumbers = options.streamValues);
    "streamKeys" in options && (streamKeys = options.streamKeys);
    "streamStrings" in options && (streamStrings = options.streamStrings);
    "streamNumbers" in options && (streamNumbers = options.streamNumbers);
    jsonStreaming = options.jsonStreaming;
  }
  !packKeys && (streamKeys = true);
  !packStrings && (streamStrings = true);
  !packNumbers && (streamNumbers = true);
  let done = false, expect = jsonStreaming ? "done" : "value", parent = "", openNumber = false, accumulator = "", heldSurrogate = "", buffer = "";
  const stack = [];
  const pushStringChunk = (tokens, value) => {
    if (heldSurrogate) {
      value = heldSurrogate + value;
      heldSurrogate = "";
    }
    const last = value.charCodeAt(value.length - 1);
    if (last >= HIGH_SURROGATE_FIRST && last <= HIGH_SURROGATE_LAST) {
      heldSurrogate = value.charAt(value.length - 1);
      if (value.length === 1) return;
      value = value.slice(0, -1);
    }
    tokens.push({ name: "stringChunk", value });
  };
  return flushable((buf) => {
    const tokens = [];
    if (buf === none) {
      done = true;
    } else {
      buffer += buf;
    }
    let match, fm, s3, e, q2, rs2, cc, value, index = 0;
    main: for (; ; ) {
      switch (expect) {
        case "value1":
        case "value": {
          while (index < buffer.length) {
            cc = buffer.charCodeAt(index);
            if (cc === ASCII_SPACE || cc === ASCII_TAB || cc === ASCII_LF || cc === ASCII_CR) {
              ++index;
              continue;
            }
            break;
          }
          if (index >= buffer.length) {
            if (done) throw new Error("Parser has expected a value");
            break main;
          }
          cc = buffer.charCodeAt(index);
          if (cc === ASCII_QUOTE) {
            q2 = index + 1;
            rs2 = q2;
            s3 = "";
            for (; ; ) {
              if (q2 >= buffer.length) {
                q2 = -1;
                break;
              }
              e = buffer.charCodeAt(q2);
              if (e === ASCII_QUOTE) {
                s3 += buffer.slice(rs2, q2);
                break;
              }
              if (e < ASCII_SPACE) {
                q2 = -1;
                break;
              }
              if (e === ASCII_BACKSLASH) {
                if (q2 + 1 >= buffer.length) {
                  q2 = -1;
                  break;
                }
                cc = buffer.charCodeAt(q2 + 1);
                if (cc === ASCII_LOWER_U) {
                  if (q2 + 6 > buffer.length || !(HEX(buffer.charCodeAt(q2 + 2)) && HEX(buffer.charCodeAt(q2 + 3)) && HEX(buffer.charCodeAt(q2 + 4)) && HEX(buffer.charCodeAt(q2 + 5)))) {
                    q2 = -1;
                    break;
                  }
                  s3 += buffer.slice(rs2, q2) + String.fromCharCode(parseInt(buffer.slice(q2 + 2, q2 + 6), 16));
                  q2 += 6;
                } else {
                  value = codes[buffer.charAt(q2 + 1)];
                  if (value === void 0) {
                    q2 = -1;
                    break;
                  }
                  s3 += buffer.slice(rs2, q2) + value;
                  q2 += 2;
                }
                rs2 = q2;
                continue;
              }
              ++q2;
            }
            if (q2 >= 0) {
              if (streamStrings) {
                tokens.push(tokenStartString);
                if (s3) tokens.push({ name: "stringChunk", value: s3 });
                tokens.push(tokenEndString);
              }
              if (packStrings) tokens.push({ name: "stringValue", value: s3 });
              index = q2 + 1;
              expect = expected[parent];
              continue main;
            }
            if (streamStrings) tokens.push(tokenStartString);
            expect = "string";
            ++index;
            continue main;
          }
          if (cc === ASCII_OPEN_BRACE) {
            tokens.push(tokenStartObject);
            stack.push(parent);
            parent = "object";
            expect = "key1";
            ++index;
            continue main;
          }
          if (cc === ASCII_OPEN_BRACKET) {
            tokens.push(tokenStartArray);
            stack.push(parent);
            parent = "array";
            expect = "value1";
            ++index;
            continue main;
          }
          if (cc === ASCII_CLOSE_BRACKET) {
            if (expect !== "value1") throw new Error("Parser cannot parse input: unexpected token ']'");
            tokens.push(tokenEndArray);
            parent = stack.pop();
            expect = expected[parent];
            ++index;
            continue main;
          }
          if (cc === ASCII_MINUS || cc >= ASCII_ZERO && cc <= ASCII_NINE) {
            numberFull.lastIndex = index;
            fm = numberFull.exec(buffer);
            if (fm) {
              e = index + fm[0].length;
              if (e < buffer.length && TERM[buffer.charCodeAt(e)]) {
                s3 = fm[0];
                if (streamNumbers) tokens.push(tokenStartNumber, { name: "numberChunk", value: s3 }, tokenEndNumber);
                if (packNumbers) tokens.push({ name: "numberValue", value: s3 });
                index = e;
                expect = expected[parent];
                continue main;
              }
            }
            openNumber = true;
            if (cc === ASCII_MINUS) {
              if (streamNumbers) tokens.push(tokenStartNumber, { name: "numberChunk", value: "-" });
              packNumbers && (accumulator = "-");
              expect = "numberStart";
            } else if (cc === ASCII_ZERO) {
              if (streamNumbers) tokens.push(tokenStartNumber, { name: "numberChunk", value: "0" });
              packNumbers && (accumulator = "0");
              expect = "numberFraction";
            } else {
              s3 = buffer.charAt(index);
              if (streamNumbers) tokens.push(tokenStartNumber, { name: "numberChunk", value: s3 });
              packNumbers && (accumulator = s3);
              expect = "numberDigit";
            }
            ++index;
            continue main;
          }
          if (cc === ASCII_LOWER_T || cc === ASCII_LOWER_F || cc === ASCII_LOWER_N) {
            patterns.value1.lastIndex = index;
            match = patterns.value1.exec(buffer);
            if (!match) {
              if (done || index + MAX_PATTERN_SIZE < buffer.length) {
                throw new Error("Parser cannot parse input: expected a value");
              }
              break main;
            }
            value = match[0];
            if (buffer.length - index === value.length && !done) break main;
            tokens.push(literalTokens[value]);
            expect = expected[parent];
            index += value.length;
            continue main;
          }
          throw new Error("Parser cannot parse input: expected a value");
        }
        // incremental string body (escapes / long / cross-chunk)
        case "keyVal":
        case "string":
          patterns.string.lastIndex = index;
          match = patterns.string.exec(buffer);
          if (!match) {
            if (index < buffer.length && (done || buffer.length - index >= 6)) throw new Error("Parser cannot parse input: escaped characters");
            if (done) throw new Error("Parser has expected a string value");
            break main;
          }
          value = match[0];
          if (value === '"') {
            if (heldSurrogate) {
              tokens.push({ name: "stringChunk", value: heldSurrogate });
              heldSurrogate = "";
            }
            if (expect === "keyVal") {
              if (streamKeys) tokens.push(tokenEndKey);
              if (packKeys) {
                tokens.push({ name: "keyValue", value: accumulator });
                accumulator = "";
              }
              expect = "colon";
            } else {
              if (streamStrings) tokens.push(tokenEndString);
              if (packStrings) {
                tokens.push({ name: "stringValue", value: accumulator });
                accumulator = "";
              }
              expect = expected[parent];
            }
          } else if (value.length > 1 && value.charAt(0) === "\\") {
            const t = value.length == 2 ? codes[value.charAt(1)] : fromHex(value);
            if (expect === "keyVal" ? streamKeys : streamStrings) {
              pushStringChunk(tokens, t);
            }
            if (expect === "keyVal" ? packKeys : packStrings) {
              accumulator += t;
            }
          } else {
            if (expect === "keyVal" ? streamKeys : streamStrings) {
              pushStringChunk(tokens, value);
            }
            if (expect === "keyVal" ? packKeys : packStrings) {
              accumulator += value;
            }
          }
          index += value.length;
          break;
        case "key1":
        case "key": {
          while (index < buffer.length) {
            cc = buffer.charCodeAt(index);
            if (cc === ASCII_SPACE || cc === ASCII_TAB || cc === ASCII_LF || cc === ASCII_CR) {
              ++index;
              continue;
            }
            break;
          }
          if (index >= buffer.length) {
            if (done) throw new Error("Parser cannot parse input: expected an object key");
            break main;
          }
          cc = buffer.charCodeAt(index);
          if (cc === ASCII_QUOTE) {
            q2 = index + 1;
            rs2 = q2;
            s3 = "";
            for (; ; ) {
              if (q2 >= buffer.length) {
                q2 = -1;
                break;
              }
              e = buffer.charCodeAt(q2);
              if (e === ASCII_QUOTE) {
                s3 += buffer.slice(rs2, q2);
                break;
              }
              if (e < ASCII_SPACE) {
                q2 = -1;
                break;
              }
              if (e === ASCII_BACKSLASH) {
                if (q2 + 1 >= buffer.length) {
                  q2 = -1;
                  break;
                }
                cc = buffer.charCodeAt(q2 + 1);
                if (cc === ASCII_LOWER_U) {
                  if (q2 + 6 > buffer.length || !(HEX(buffer.charCodeAt(q2 + 2)) && HEX(buffer.charCodeAt(q2 + 3)) && HEX(buffer.charCodeAt(q2 + 4)) && HEX(buffer.charCodeAt(q2 + 5)))) {
                    q2 = -1;
                    break;
                  }
                  s3 += buffer.slice(rs2, q2) + String.fromCharCode(parseInt(buffer.slice(q2 + 2, q2 + 6), 16));
                  q2 += 6;
                } else {
                  value = codes[buffer.charAt(q2 + 1)];
                  if (value === void 0) {
                    q2 = -1;
                    break;
                  }
                  s3 += buffer.slice(rs2, q2) + value;
                  q2 += 2;
                }
                rs2 = q2;
                continue;
              }
              ++q2;
            }
            if (q2 >= 0) {
              if (streamKeys) {
                tokens.push(tokenStartKey);
                if (s3) tokens.push({ name: "stringChunk", value: s3 });
                tokens.push(tokenEndKey);
              }
              if (packKeys) tokens.push({ name: "keyValue", value: s3 });
              index = q2 + 1;
              expect = "colon";
              continue main;
            }
            if (streamKeys) tokens.push(tokenStartKey);
            expect = "keyVal";
            ++index;
            continue main;
          }
          if (cc === ASCII_CLOSE_BRACE) {
            if (expect !== "key1") throw new Error("Parser cannot parse input: unexpected token '}'");
            tokens.push(tokenEndObject);
            parent = stack.pop();
            expect = expected[parent];
            ++index;
            continue main;
          }
          throw new Error("Parser cannot parse input: expected an object key");
        }
        case "colon": {
          while (index < buffer.length) {
            cc = buffer.charCodeAt(index);
            if (cc === ASCII_SPACE || cc === ASCII_TAB || cc === ASCII_LF || cc === ASCII_CR) {
              ++index;
              continue;
            }
            break;
          }
          if (index >= buffer.length) {
            if (done) throw new Error("Parser cannot parse input: expected ':'");
            break main;
          }
          cc = buffer.charCodeAt(index);
          if (cc === ASCII_COLON) {
            expect = "value";
            ++index;
            continue main;
          }
          throw new Error("Parser cannot parse input: expected ':'");
        }
        case "arrayStop":
        case "objectStop": {
          while (index < buffer.length) {
            cc = buffer.charCodeAt(index);
            if (cc === ASCII_SPACE || cc === ASCII_TAB || cc === ASCII_LF || cc === ASCII_CR) {
              ++index;
              continue;
            }
            break;
          }
          if (index >= buffer.length) {
            if (done) throw new Error("Parser cannot parse input: expected ','");
            break main;
          }
          if (openNumber) {
            if (streamNumbers) tokens.push(tokenEndNumber);
            openNumber = false;
            if (packNumbers) {
              tokens.push({ name: "numberValue", value: accumulator });
              accumulator = "";
            }
          }
          cc = buffer.charCodeAt(index);
          if (cc === ASCII_COMMA) {
            expect = expect === "arrayStop" ? "value" : "key";
            ++index;
            continue main;
          }
          if (cc === ASCII_CLOSE_BRACE || cc === ASCII_CLOSE_BRACKET) {
            if (cc === ASCII_CLOSE_BRACE ? expect === "arrayStop" : expect !== "arrayStop") {
              throw new Error("Parser cannot parse input: expected '" + (expect === "arrayStop" ? "]" : "}") + "'");
            }
            tokens.push(cc === ASCII_CLOSE_BRACE ? tokenEndObject : tokenEndArray);
            parent = stack.pop();
            expect = expected[parent];
            ++index;
            continue main;
          }
          throw new Error("Parser cannot parse input: expected ','");
        }
        // number chunks — cross-chunk / fallback
        case "numberStart":
          patterns.numberStart.lastIndex = index;
          match = patterns.numberStart.exec(buffer);
          if (!match) {
            if (index < buffer.length || done) throw new Error("Parser cannot parse input: expected a starting digit");
            break main;
          }
          value = match[0];
          if (streamNumbers) tokens.push({ name: "numberChunk", value });
          packNumbers && (accumulator += value);
          expect = value === "0" ? "numberFraction" : "numberDigit";
          index += value.length;
          break;
        case "numberDigit":
          patterns.numberDigit.lastIndex = index;
          match = patterns.numberDigit.exec(buffer);
          if (!match) {
            if (index < buffer.length || done) throw new Error("Parser cannot parse input: expected a digit");
            break main;
          }
          value = match[0];
          if (value) {
            if (streamNumbers) tokens.push({ name: "numberChunk", value });
            packNumbers && (accumulator += value);
            index += value.length;
          } else {
            if (index < buffer.length) {
              expect = "numberFraction";
              break;
            }
            if (done) {
              expect = expected[parent];
              break;
            }
            break main;
          }
          break;
        case "numberFraction":
          patterns.numberFraction.lastIndex = index;
          match = patterns.numberFraction.exec(buffer);
          if (!match) {
            if (index < buffer.length || done) {
              expect = expected[parent];
              break;
            }
            break main;
          }
          value = match[0];
          if (streamNumbers) tokens.push({ name: "numberChunk", value });
          packNumbers && (accumulator += value);
          expect = value === "." ? "numberFracStart" : "numberExpSign";
          index += value.length;
          break;
        case "numberFracStart":
          patterns.numberFracStart.lastIndex = index;
          match = patterns.numberFracStart.exec(buffer);
          if (!match) {
            if (index < buffer.length || done) throw new Error("Parser cannot parse input: expected a fractional part of a number");
            break main;
          }
          value = match[0];
          if (streamNumbers) tokens.push({ name: "numberChunk", value });
          packNumbers && (accumulator += value);
          expect = "numberFracDigit";
          index += value.length;
          break;
        case "numberFracDigit":
          patterns.numberFracDigit.lastIndex = index;
          match = patterns.numberFracDigit.exec(buffer);
          value = match[0];
          if (value) {
            if (streamNumbers) tokens.push({ name: "numberChunk", value });
            packNumbers && (accumulator += value);
            index += value.length;
          } else {
            if (index < buffer.length) {
              expect = "numberExponent";
              break;
            }
            if (done) {
              expect = expected[parent];
              break;
            }
            break main;
          }
          break;
        case "numberExponent":
          patterns.numberExponent.lastIndex = index;
          match = patterns.numberExponent.exec(buffer);
          if (!match) {
            if (index < buffer.length) {
              expect = expected[parent];
              break;
            }
            if (done) {
              expect = expected[parent];
              break;
            }
            break main;
          }
          value = match[0];
          if (streamNumbers) tokens.push({ name: "numberChunk", value });
          packNumbers && (accumulator += value);
          expect = "numberExpSign";
          index += value.length;
          break;
        case "numberExpSign":
          patterns.numberExpSign.lastIndex = index;
          match = patterns.numberExpSign.exec(buffer);
          if (!match) {
            if (index < buffer.length) {
              expect = "numberExpStart";
              break;
            }
            if (done) throw new Error("Parser has expected an exponent value of a number");
            break main;
          }
          value = match[0];
          if (streamNumbers) tokens.push({ name: "numberChunk", value });
          packNumbers && (accumulator += value);
          expect = "numberExpStart";
          index += value.length;
          break;
        case "numberExpStart":
          patterns.numberExpStart.lastIndex = index;
          match = patterns.numberExpStart.exec(buffer);
          if (!match) {
            if (index < buffer.length || done) throw new Error("Parser cannot parse input: expected an exponent part of a number");
            break main;
          }
          value = match[0];
          if (streamNumbers) tokens.push({ name: "numberChunk", value });
          packNumbers && (accumulator += value);
          expect = "numberExpDigit";
          index += value.length;
          break;
        case "numberExpDigit":
          patterns.numberExpDigit.lastIndex = index;
          match = patterns.numberExpDigit.exec(buffer);
          value = match[0];
          if (value) {
            if (streamNumbers) tokens.push({ name: "numberChunk", value });
            packNumbers && (accumulator += value);
            index += value.length;
          } else {
            if (index < buffer.length || done) {
              expect = expected[parent];
              break;
            }
            break main;
          }
          break;
        case "done": {
          while (index < buffer.length) {
            cc = buffer.charCodeAt(index);
            if (cc === ASCII_SPACE || cc === ASCII_TAB || cc === ASCII_LF || cc === ASCII_CR) {
              if (openNumber) {
                if (streamNumbers) tokens.push(tokenEndNumber);
                openNumber = false;
                if (packNumbers) {
                  tokens.push({ name: "numberValue", value: accumulator });
                  accumulator = "";
                }
              }
              ++index;
              continue;
            }
            break;
          }
          if (index >= buffer.length) break main;
          if (jsonStreaming) {
            if (openNumber) {
              if (streamNumbers) tokens.push(tokenEndNumber);
              openNumber = false;
              if (packNumbers) {
                tokens.push({ name: "numberValue", value: accumulator });
                accumulator = "";
              }
            }
            expect = "value";
            continue main;
          }
          throw new Error("Parser cannot parse input: unexpected characters");
        }
      }
    }
    if (done && openNumber) {
      if (streamNumbers) tokens.push(tokenEndNumber);
      openNumber = false;
      if (packNumbers) {
        tokens.push({ name: "numberValue", value: accumulator });
        accumulator = "";
      }
    }
    buffer = buffer.slice(index);
    return tokens.length ? many(tokens) : none;
  });
};
var parser = (options) => gen_default(fixUtf8Stream_default(options), jsonParser(options));
parser.parser = parser;

// src/app/transfer/json-array-reader.ts
var END = /* @__PURE__ */ Symbol.for("object-stream.none");
var SCALARS = {
  stringValue: (v2) => v2,
  numberValue: (v2) => Number(v2),
  nullValue: () => null,
  trueValue: () => true,
  falseValue: () => false
};
function notAnArray() {
  return new QuarryError(
    "invalid_input",
    "The file is not a JSON array of documents, nor a search answer with hits.hits",
    "Give a file that holds [ {...}, {...} ], or choose its format with --format ndjson or csv."
  );
}
var JsonArrayReader = class {
  #parse = jsonParser({ streamValues: false });
  /** Keys (and array marks) from the top down to where the tokens are. */
  #path = [];
  #key = null;
  /** The depth of the records' array once found (1: the whole file, 3: a search answer). */
  #arrayDepth = 0;
  #arrayDone = false;
  #element = null;
  #count = 0;
  #line = 1;
  #broken = false;
  #started = false;
  /** What the file turned out to be: "array" or "search answer" (undefined before its start). */
  kind;
  /** The elements completed by this text, and a break if the JSON breaks in it. */
  push(text2) {
    const out = [];
    if (this.#broken) return out;
    let from = 0;
    if (!this.#started && text2.charCodeAt(0) === 65279) from = 1;
    this.#started ||= text2.length > 0;
    while (from <= text2.length && !this.#broken) {
      const nl2 = text2.indexOf("\n", from);
      const to2 = nl2 === -1 ? text2.length : nl2 + 1;
      this.#feed(text2.slice(from, to2), out);
      if (nl2 === -1) break;
      this.#line++;
      from = to2;
    }
    return out;
  }
  /** At the end of the text: an unfinished array is a break; a file with no array is refused. */
  end() {
    if (this.#broken) return null;
    const out = [];
    this.#feed(null, out);
    const broke = out.find((e) => "reason" in e);
    if (broke) return broke;
    if (this.#arrayDepth === 0) throw notAnArray();
    if (!this.#arrayDone) return this.#break("the file ends before the array is closed");
    return null;
  }
  #feed(text2, out) {
    let result;
    try {
      result = this.#parse(text2 ?? END);
    } catch (e) {
      if (this.#arrayDepth === 0) throw notAnArray();
      out.push(this.#break(`not JSON: ${e.message}`));
      return;
    }
    if (typeof result === "symbol") return;
    for (const token of result.values) {
      const element = this.#token(token);
      if (element) out.push(element);
    }
  }
  #break(reason) {
    this.#broken = true;
    const number = this.#element?.number ?? this.#count + 1;
    const startLine = this.#element?.startLine ?? this.#line;
    return { number, startLine, reason: `${reason} (line ${this.#line}); the rest is not read` };
  }
  /** Long because each token moves the position, starts, feeds or ends an element, in one place. */
  #token(token) {
    const element = this.#element;
    if (element) {
      element.asm.consume(token);
      if (!element.asm.done) return null;
      this.#element = null;
      return { number: element.number, startLine: element.startLine, value: element.asm.current };
    }
    const depth = this.#path.length;
    if (this.#arrayDepth > 0 && depth === this.#arrayDepth && !this.#arrayDone) {
      if (token.name === "endArray") {
        this.#arrayDone = true;
        this.#path.pop();
        return null;
      }
      const number = ++this.#count;
      const scalar = SCALARS[token.name];
      if (scalar)
        return {
          number,
          startLine: this.#line,
          value: scalar("value" in token ? token.value : null)
        };
      const asm = new Assembler();
      asm.consume(token);
      this.#element = { asm, number, startLine: this.#line };
      return null;
    }
    switch (token.name) {
      case "keyValue":
        this.#key = token.value;
        return null;
      case "startObject":
      case "startArray":
        if (depth === 0) this.kind = token.name === "startArray" ? "array" : "search answer";
        this.#path.push(this.#key);
        this.#key = null;
        if (token.name === "startArray" && this.#isRecords()) this.#arrayDepth = this.#path.length;
        return null;
      case "endObject":
      case "endArray":
        this.#path.pop();
        if (this.#path.length === 0 && this.#arrayDepth === 0) throw notAnArray();
        return null;
      default:
        if (depth === 0) throw notAnArray();
        return null;
    }
  }
  /** Whether the array just opened holds the records: the top one, or a search answer's hits. */
  #isRecords() {
    if (this.#arrayDepth > 0) return false;
    const p2 = this.#path;
    if (p2.length === 1) return true;
    return p2.length === 3 && p2[1] === "hits" && p2[2] === "hits";
  }
};

// src/app/transfer/import-sources.ts
var PEEK_BYTES = 64 * 1024;
var inputName = (input) => "path" in input ? input.path : input.name;
async function peekStream(stream) {
  const chunks = stream[Symbol.asyncIterator]();
  const head = [];
  let size = 0;
  while (size < PEEK_BYTES && !/\S[^\n]*\n/.test(Buffer.concat(head).toString("utf8"))) {
    const next2 = await chunks.next();
    if (next2.done) break;
    const buffer = typeof next2.value === "string" ? Buffer.from(next2.value) : next2.value;
    head.push(buffer);
    size += buffer.length;
  }
  async function* whole() {
    yield* head;
    for (let next2 = await chunks.next(); !next2.done; next2 = await chunks.next()) yield next2.value;
  }
  return {
    head: Buffer.concat(head).toString("utf8"),
    stream: Readable.from(whole(), { objectMode: false })
  };
}
async function peekFile(path) {
  const file = await open5(path, "r");
  try {
    const buffer = Buffer.alloc(PEEK_BYTES);
    const { bytesRead } = await file.read(buffer, 0, PEEK_BYTES, 0);
    return buffer.subarray(0, bytesRead).toString("utf8");
  } finally {
    await file.close();
  }
}
async function chooseFormat(input, asked) {
  if (asked) return { format: asked, input };
  if ("path" in input) {
    const byName = formatOfName(input.path);
    if (byName && byName !== "json") return { format: byName, input };
    return { format: formatOfStart(await peekFile(input.path), input.path), input };
  }
  const peeked = await peekStream(input.stream);
  const format = formatOfStart(peeked.head, input.name);
  return { format, input: { stream: peeked.stream, name: input.name } };
}
var READ_CHUNK = 1 << 20;
function openStream2(input) {
  return "path" in input ? createReadStream2(input.path, { highWaterMark: READ_CHUNK }) : input.stream;
}
async function* ndjsonRecords(stream, options, cursor) {
  const decoder2 = options.decoder;
  const lines = createInterface2({ input: stream, crlfDelay: Number.POSITIVE_INFINITY });
  let number = 0;
  for await (const line of lines) {
    number++;
    cursor.position = number;
    const got = decoder2.push(line, number);
    cursor.shape = decoder2.shape ?? null;
    if (number > options.skip && got !== null) yield got;
  }
  const last = decoder2.end();
  if (last && last.line > options.skip) yield last;
}
async function* jsonRecords(stream, options, cursor) {
  if (typeof options.decoder.pushValue !== "function")
    throw new QuarryError(
      "plugin_unavailable",
      "This connection's driver plugin cannot read JSON arrays (its decoder has no pushValue)",
      "Update the driver plugin (quarry plugins update), or import the file as JSON lines.",
      {},
      "Update the driver plugin in Settings > Plugins, then try again."
    );
  const reader = new JsonArrayReader();
  const text2 = new StringDecoder("utf8");
  const give = function* (elements) {
    for (const e of elements) {
      cursor.position = e.number;
      if ("reason" in e) {
        if (e.number > options.skip)
          yield { line: e.number, startLine: e.startLine, reason: e.reason };
        continue;
      }
      const got = options.decoder.pushValue(e.value, e.number);
      cursor.shape = options.decoder.shape ?? null;
      if (e.number <= options.skip || got === null) continue;
      yield { ...got, startLine: e.startLine };
    }
  };
  for await (const chunk of stream) {
    cursor.bytes += chunk.length;
    yield* give(reader.push(typeof chunk === "string" ? chunk : text2.write(chunk)));
  }
  yield* give(reader.push(text2.end()));
  const broke = reader.end();
  if (broke) yield* give([broke]);
  const rest = options.decoder.end();
  if (rest && rest.line > options.skip) yield rest;
}
async function* readRecords(stream, options, cursor) {
  if (options.format === "json") {
    yield* jsonRecords(stream, options, cursor);
    return;
  }
  stream.on("data", (chunk) => {
    cursor.bytes += chunk.length;
  });
  if (options.format === "csv") {
    cursor.shape = "csv";
    yield* csvRecords(stream, options, cursor);
  } else yield* ndjsonRecords(stream, options, cursor);
}
function readable(item) {
  if ("reason" in item) return item;
  try {
    void item.document;
    return item;
  } catch (e) {
    return {
      line: item.origin,
      ...item.startLine !== void 0 ? { startLine: item.startLine } : {},
      reason: `not JSON: ${e.message}`
    };
  }
}
async function previewRecords(session, input, count, asked, kindsFor = async (layout, sample) => inferKinds(layout, sample)) {
  const chosen = await chooseFormat(input, asked);
  const format = chosen.format;
  const stream = openStream2(chosen.input);
  const cursor = { position: 0, shape: null, bytes: 0 };
  const items = [];
  const records = readRecords(
    stream,
    { format, skip: 0, decoder: session.lineDecoder(), kindsFor },
    cursor
  );
  try {
    for await (const item of records) {
      items.push(readable(item));
      if (items.length >= count) break;
    }
  } finally {
    if ("path" in input) stream.destroy();
  }
  return { format, shape: cursor.shape, items };
}

// src/app/transfer/import-table.ts
async function create(session, table, plan) {
  const result = await session.runConsole(plan.request);
  if (result.kind === "error" || result.status < 200 || result.status > 299)
    throw new QuarryError(
      "cluster_error",
      `Creating ${table} failed (${result.status})${result.kind === "error" ? `: ${result.type}: ${result.reason}` : ""}`,
      "Read the reason above; create the index yourself, then import again."
    );
}
function refuseUpdate(table) {
  throw new QuarryError(
    "transfer_refused",
    `${table} does not exist: there is nothing to update`,
    "Import in create or index mode (--mode create), or name an existing index."
  );
}
async function prepareTable(session, table, hooks) {
  const state = await session.tableState(table);
  if (state.exists) return false;
  if (hooks.mode === "update") refuseUpdate(table);
  const plan = await session.planCreateTable(table, null);
  await hooks.onPlan?.({ request: plan.request, notes: plan.notes });
  await create(session, table, plan);
  return true;
}
function withKnown(known, table, layout, sample) {
  const fields = layout.fields.filter((f2) => f2 !== null);
  const unknown2 = fields.filter((f2) => known[f2] === void 0);
  const inferred = inferKinds(layout, sample, unknown2);
  const kinds = { ...inferred };
  for (const f2 of fields) if (known[f2]) kinds[f2] = known[f2];
  const notes = unknown2.map(
    (f2) => `${f2} is not in ${table}'s mapping: read as ${inferred[f2]} (from ${sample.length} rows)`
  );
  return { kinds, notes };
}
function previewKinds(session, table) {
  return async (layout, sample) => {
    const known = await session.fieldKinds(table);
    return known ? withKnown(known, table, layout, sample).kinds : inferKinds(layout, sample);
  };
}
async function prepareCsvTable(session, table, hooks, layout, sample) {
  const known = await session.fieldKinds(table);
  if (known) return { ...withKnown(known, table, layout, sample), created: false };
  if (hooks.mode === "update") refuseUpdate(table);
  const kinds = inferKinds(layout, sample);
  const plan = await session.planCreateTable(table, await session.defineFields(kinds));
  const shown = {
    request: plan.request,
    notes: plan.notes,
    fields: kinds,
    inferredFrom: sample.length
  };
  await hooks.onPlan?.(shown);
  if (!hooks.confirmCreate)
    throw new QuarryError(
      "transfer_refused",
      `${table} does not exist, and creating it with the mapping inferred from the file was not confirmed`,
      "Read the mapping shown, then import again with --yes to create the index with it (or create the index yourself).",
      { plan: shown },
      "Read the mapping shown, then confirm it to create the index and import."
    );
  await hooks.confirmCreate(shown);
  await create(session, table, plan);
  return { kinds, created: true, notes: [] };
}

// src/app/transfer/import.ts
var DEFAULT_BATCH3 = 1e3;
async function sizeOf2(path) {
  try {
    const st2 = await stat7(path);
    if (st2.isDirectory()) throw Object.assign(new Error("it is a folder"), { code: "EISDIR" });
    return st2.size;
  } catch (e) {
    throw new QuarryError(
      "transfer_refused",
      `Cannot read ${path}: ${fsReason(e)}`,
      "Check the path, or give - to read standard input."
    );
  }
}
async function flush2(load, batch, problems, upTo, ledger, reserved, signal) {
  await reserved;
  const outcome = await writeWithRetries(load, batch, signal);
  const landed = outcome.failed.filter(
    (f2) => f2.status === 409 && ledger.landedBefore(f2.record.origin)
  );
  if (landed.length > 0) {
    outcome.written += landed.length;
    outcome.failed = outcome.failed.filter((f2) => !landed.includes(f2));
  }
  await ledger.batchWritten(upTo, outcome, problems);
}
async function writeAll2(records, first, load, ledger, cursor, options) {
  const batchSize = options.batchSize ?? DEFAULT_BATCH3;
  let batch = [];
  let problems = [];
  let writing;
  const send = async (upTo) => {
    const reserved = ledger.beforeBatch(upTo);
    reserved.catch(() => void 0);
    await writing;
    if (options.signal?.aborted) return;
    writing = flush2(load, batch, problems, upTo, ledger, reserved, options.signal);
    writing.catch(() => void 0);
    [batch, problems] = [[], []];
  };
  try {
    for (let next2 = first; !next2.done; next2 = await records.next()) {
      const got = next2.value;
      if ("reason" in got) problems.push(got);
      else batch.push(got);
      if (batch.length >= batchSize) await send(cursor.position);
      if (options.signal?.aborted) break;
    }
    if (!options.signal?.aborted) await send(cursor.position);
  } catch (e) {
    await writing?.catch(() => void 0);
    throw e;
  }
  await writing;
}
async function start(session, table, options, at2) {
  const size = "path" in options.input ? await sizeOf2(options.input.path) : null;
  const { format, input } = await chooseFormat(options.input, options.format);
  if (format === "csv") requireTransfer(session, "fieldKinds", "defineFields");
  else if (options.idColumn !== void 0)
    throw new QuarryError(
      "invalid_input",
      `--id-column names a CSV column, and ${inputName(input)} is read as ${format}`,
      "Leave --id-column out (JSON documents carry their _id), or give --format csv."
    );
  const hooks = {
    mode: options.mode,
    ...options.onPlan ? { onPlan: options.onPlan } : {},
    ...options.confirmCreate ? { confirmCreate: options.confirmCreate } : {}
  };
  const state = { created: false, notes: [] };
  const source = {
    format,
    skip: 0,
    decoder: session.lineDecoder(),
    ...options.idColumn !== void 0 ? { idColumn: options.idColumn } : {},
    kindsFor: async (layout, sample) => {
      const got = await prepareCsvTable(session, table, hooks, layout, sample);
      Object.assign(state, { created: got.created, fields: got.kinds, notes: got.notes });
      return got.kinds;
    }
  };
  const openLedger = () => ImportLedger.open({
    workDir: options.workDir,
    table,
    input: options.input,
    format,
    mode: options.mode,
    resume: options.resume === true,
    failuresName: failureFileName(table, at2),
    size
  });
  const cursor = { position: 0, shape: null, bytes: 0 };
  const stream = openStream2(input);
  const records = readRecords(stream, source, cursor);
  try {
    const ledger = options.resume ? await openLedger() : void 0;
    source.skip = ledger?.skipLines ?? 0;
    const first = await records.next();
    if (!options.resume && format !== "csv")
      state.created = await prepareTable(session, table, hooks);
    return {
      format,
      size,
      ...state,
      cursor,
      records,
      first,
      ledger: ledger ?? await openLedger()
    };
  } catch (e) {
    stream.destroy();
    throw e;
  }
}
async function importFile(session, table, options) {
  const started = Date.now();
  requireTransfer(session, "planCreateTable", "tableState", "openLoad", "lineDecoder");
  const input = inputName(options.input);
  const run = await start(session, table, options, new Date(started));
  const { ledger, cursor, size } = run;
  ledger.countBytes(() => cursor.bytes);
  const report = options.onProgress;
  const meter = new ProgressMeter(
    report && ((p2) => report({
      ...p2,
      total: size,
      written: ledger.written,
      failed: ledger.failures.count
    })),
    started,
    () => ledger.progress()
  );
  ledger.onBatch = () => meter.tick();
  const load = session.openLoad(table, { mode: options.mode });
  try {
    await writeAll2(run.records, run.first, load, ledger, cursor, options);
  } catch (e) {
    if (!options.signal?.aborted) throw e;
  } finally {
    meter.stop();
    await ledger.saved();
  }
  const origins = run.format === "json" ? "elements" : "lines";
  if (options.signal?.aborted)
    throw new QuarryError(
      "transfer_interrupted",
      `The import of ${input} into ${table} was stopped after ${origins === "lines" ? "line" : "element"} ${ledger.linesDone}`,
      "Run the same import with --resume to go on from there."
    );
  meter.tick(true);
  const { records } = await load.finish();
  await ledger.finished();
  return {
    table,
    input,
    format: run.format,
    origins,
    shape: cursor.shape,
    created: run.created,
    ...run.fields ? { fields: run.fields } : {},
    notes: run.notes,
    resumed: ledger.resumed,
    lines: ledger.linesDone,
    written: ledger.written,
    failedCount: ledger.failures.count,
    failed: ledger.failures.first,
    failuresFile: ledger.failures.count > 0 ? ledger.failures.path : null,
    tableRecords: records,
    durationMs: Date.now() - started
  };
}

// src/app/storage/audit-log.ts
import { closeSync as closeSync2, openSync as openSync2, writeSync } from "node:fs";
import { readFile as readFile7, rename as rename5, stat as stat8 } from "node:fs/promises";
import { join as join12 } from "node:path";

// src/app/storage/audit-chain.ts
import { hash } from "node:crypto";
function lineHash(line) {
  return hash("sha256", line, "hex");
}
var CHAIN_START = "0".repeat(64);
function chainedLine(entry, prev) {
  return JSON.stringify({ ...entry, prev });
}
function lastLine(text2) {
  const lines = text2.split("\n").filter((l) => l.trim() !== "");
  return lines.at(-1);
}
function verifyChain(files) {
  let previous;
  let linkedSeen = false;
  let lines = 0;
  let unlinked = 0;
  for (const file of files) {
    const all = file.text.split("\n");
    for (const [i, text2] of all.entries()) {
      if (text2.trim() === "") continue;
      lines++;
      const at2 = { file: file.name, line: i + 1 };
      const breaks = (problem) => ({
        holds: false,
        lines,
        unlinked,
        breaks: { ...at2, problem }
      });
      let prev;
      try {
        prev = JSON.parse(text2).prev;
      } catch {
        return breaks("it is not a complete JSON line (it was edited, or cut short by a crash)");
      }
      if (prev === void 0) {
        if (linkedSeen)
          return breaks(
            "it carries no link to the line before it (it was added or edited by hand)"
          );
        unlinked++;
      } else {
        if (previous && prev !== lineHash(previous.text))
          return breaks(
            `it does not follow ${previous.file} line ${previous.line}: that line was edited, or lines between them were removed or moved`
          );
        linkedSeen = true;
      }
      previous = { text: text2, ...at2 };
    }
  }
  return { holds: true, lines, unlinked };
}

// src/app/storage/audit-log.ts
var AUDIT_FILE = "mcp-audit.log";
var AUDIT_ROTATE_BYTES = 10 * 1024 * 1024;
function redactPath2(path) {
  const q2 = path.indexOf("?");
  if (q2 < 0) return path;
  const names = path.slice(q2 + 1).split("&").filter(Boolean).map((p2) => {
    const eq = p2.indexOf("=");
    return eq < 0 ? p2 : `${p2.slice(0, eq)}=\u2026`;
  });
  return `${path.slice(0, q2)}?${names.join("&")}`;
}
var AuditLog = class {
  dir;
  path;
  /** The open file, appended to with synchronous writes (see #drain). */
  #fd;
  #size = 0;
  #opening;
  /** Entries recorded since the last write: written together, once per turn of the event loop. */
  #pending = [];
  /** The link to the last line written (undefined: none yet, or not read from the file yet). */
  #lastHash;
  #chainRead = false;
  #scheduled = false;
  constructor(dir) {
    this.dir = dir;
    this.path = join12(dir, AUDIT_FILE);
  }
  /** Appends one entry. Never throws: the audit log must not break the call it records. */
  record(entry) {
    const safe = entry.request ? { ...entry, request: { ...entry.request, path: redactPath2(entry.request.path) } } : entry;
    this.#pending.push(safe);
    if (this.#scheduled) return;
    this.#scheduled = true;
    setImmediate(() => {
      this.#scheduled = false;
      void this.#drain();
    });
  }
  /**
   * Writes the pending lines in one synchronous append: a few hundred bytes into the page cache
   * cost less than the thread-pool round trip of an asynchronous write, which every MCP call paid.
   * A failed write keeps its entries pending for the next turn; none is dropped.
   */
  async #drain() {
    if (this.#fd === void 0) {
      this.#opening ??= this.#open().finally(() => {
        this.#opening = void 0;
      });
      await this.#opening.catch(() => {
      });
    }
    const fd = this.#fd;
    if (fd === void 0 || this.#pending.length === 0) return;
    let text2 = "";
    let hash2 = this.#lastHash ?? CHAIN_START;
    for (const entry of this.#pending) {
      const line = chainedLine(entry, hash2);
      hash2 = lineHash(line);
      text2 += `${line}
`;
    }
    try {
      writeSync(fd, text2);
    } catch {
      this.#closeFd();
      return;
    }
    this.#pending = [];
    this.#lastHash = hash2;
    this.#size += Buffer.byteLength(text2);
    if (this.#size >= AUDIT_ROTATE_BYTES) {
      this.#closeFd();
      this.#opening = rename5(this.path, `${this.path}.1`).then(() => this.#open()).finally(() => {
        this.#opening = void 0;
      });
      await this.#opening.catch(() => {
      });
    }
  }
  #closeFd() {
    const fd = this.#fd;
    this.#fd = void 0;
    if (fd !== void 0) closeSync2(fd);
  }
  async #open() {
    await ensurePrivateDir(this.dir);
    this.#size = (await stat8(this.path).catch(() => void 0))?.size ?? 0;
    if (!this.#chainRead) {
      for (const p2 of [this.path, `${this.path}.1`]) {
        const last = lastLine(await readFile7(p2, "utf8").catch(() => ""));
        if (last !== void 0) {
          this.#lastHash = lineHash(last);
          break;
        }
      }
      this.#chainRead = true;
    }
    this.#fd = openSync2(this.path, "a", 384);
  }
  /** Waits until everything recorded so far is on disk. */
  async flush() {
    await this.#opening?.catch(() => {
    });
    await this.#drain();
  }
  async close() {
    await this.flush();
    this.#closeFd();
  }
};
async function readAudit(dir, query = {}) {
  const entries = [];
  for (const { text: text2 } of await auditFiles(dir))
    for (const line of text2.split("\n")) {
      if (!line.trim()) continue;
      try {
        const { prev: _2, ...entry } = JSON.parse(line);
        entries.push(entry);
      } catch {
      }
    }
  const lc = (s3) => s3.toLowerCase();
  const filtered = entries.filter(
    (e) => (!query.token || lc(e.token ?? "") === lc(query.token)) && (!query.connection || e.connection?.id === query.connection || lc(e.connection?.name ?? "") === lc(query.connection)) && (!query.problemsOnly || e.outcome !== "allowed")
  );
  return query.limit ? filtered.slice(-query.limit) : filtered;
}
async function auditFiles(dir) {
  const names = [`${AUDIT_FILE}.1`, AUDIT_FILE];
  return Promise.all(
    names.map(async (name) => ({
      name,
      text: await readFile7(join12(dir, name), "utf8").catch(() => "")
    }))
  );
}
async function verifyAudit(dir) {
  return verifyChain(await auditFiles(dir));
}

// src/app/storage/token-store.ts
import { createHash as createHash6, randomBytes as randomBytes2, randomUUID as randomUUID3, timingSafeEqual } from "node:crypto";
import { readFileSync as readFileSync2, statSync, watch } from "node:fs";
import { join as join13 } from "node:path";
var TOKENS_FILE = "mcp-tokens.json";
var FORMAT_VERSION2 = 1;
function mintToken() {
  return TOKEN_PREFIX + randomBytes2(TOKEN_RANDOM_BYTES).toString("base64url");
}
function hashToken(salt, token) {
  return createHash6("sha256").update(Buffer.from(salt, "base64")).update(token, "utf8").digest("hex");
}
function tokenMatches(record, token) {
  const expected2 = Buffer.from(record.hash, "hex");
  const actual = Buffer.from(hashToken(record.salt, token), "hex");
  return expected2.length === actual.length && timingSafeEqual(expected2, actual);
}
var TokenStore = class {
  dir;
  path;
  #lockPath;
  #now;
  #cache;
  /** Uses not written yet: token id → ms. */
  #uses = /* @__PURE__ */ new Map();
  /** The last use written or being written, per token, so a burst of calls writes once. */
  #recorded = /* @__PURE__ */ new Map();
  #writingUses;
  constructor(dir, now = Date.now) {
    this.dir = dir;
    this.path = join13(dir, TOKENS_FILE);
    this.#lockPath = `${this.path}.lock`;
    this.#now = now;
  }
  async list() {
    return (await this.#read()).tokens;
  }
  /** Creates a token and returns it with its record. The token itself is never stored. */
  async create(input) {
    const name = input.name.trim();
    const problem = tokenNameProblem(name);
    if (problem)
      throw errors.invalidConfig(
        "Token name",
        problem,
        "Choose a short name, e.g. claude-desktop."
      );
    const token = mintToken();
    const salt = randomBytes2(16).toString("base64");
    const now = this.#now();
    const record = {
      id: randomUUID3(),
      name,
      prefix: publicPrefix(token),
      salt,
      hash: hashToken(salt, token),
      scope: input.scope,
      connections: input.connections ? [...new Set(input.connections)] : null,
      createdAt: new Date(now).toISOString(),
      expiresAt: input.lifetimeMs === null ? null : new Date(now + input.lifetimeMs).toISOString(),
      revokedAt: null,
      lastUsedAt: null
    };
    await this.#change((file) => {
      const clash = file.tokens.find(
        (t) => !t.revokedAt && t.name.toLowerCase() === name.toLowerCase()
      );
      if (clash)
        throw errors.invalidConfig(
          "Token name",
          `a live token is already named "${clash.name}"`,
          "Choose another name, or revoke that token first (quarry tokens revoke).",
          "Choose another name, or revoke that token first (Revoke, in the list of tokens)."
        );
      file.tokens.push(record);
    });
    return { token, record };
  }
  /**
   * Revokes the live token with this name, id or public prefix. The record stays (as revoked) so
   * the audit log's entries keep a name; the running app ends the token's requests at once.
   */
  async revoke(nameOrId) {
    return this.#change((file) => {
      const key = nameOrId.trim();
      const live = file.tokens.filter((t) => !t.revokedAt);
      const found = live.find((t) => t.id === key || t.prefix === key) ?? live.find((t) => t.name.toLowerCase() === key.toLowerCase());
      if (!found)
        throw errors.invalidConfig(
          "Token",
          `no live token is named "${key}"`,
          live.length ? `Use one of: ${live.map((t) => t.name).join(", ")} (quarry tokens list).` : "There are no live tokens (quarry tokens list).",
          "It may have been revoked meanwhile: the list of tokens shows the live ones."
        );
      found.revokedAt = new Date(this.#now()).toISOString();
      return { ...found };
    });
  }
  /**
   * Checks a presented token against the file as it is now. Synchronous and cheap: the file is
   * parsed again only when its stat changes.
   */
  check(presented, nowMs = this.#now()) {
    if (!looksLikeToken(presented)) return { ok: false, reason: "unknown" };
    const prefix = publicPrefix(presented);
    for (const t of this.#cached()) {
      if (t.prefix !== prefix || !tokenMatches(t, presented)) continue;
      const status = tokenStatus(t, nowMs);
      return status === "active" ? { ok: true, token: t } : { ok: false, reason: status, token: t };
    }
    return { ok: false, reason: "unknown" };
  }
  /** The record of a token by id, as the file is now (for re-checking in-flight requests). */
  byId(id) {
    return this.#cached().find((t) => t.id === id);
  }
  /**
   * Notes that the MCP server accepted the token at `nowMs`. Returns at once; the write follows,
   * and only when the last use on record is a minute old or more (TOKEN_USE_RESOLUTION_MS).
   */
  recordUse(id, nowMs = this.#now()) {
    const last = this.#recorded.get(id) ?? Date.parse(this.byId(id)?.lastUsedAt ?? "");
    if (!shouldRecordUse(last, nowMs)) return;
    this.#recorded.set(id, nowMs);
    this.#uses.set(id, nowMs);
    this.#startWritingUses();
  }
  /** Resolves once the uses noted so far are written (or failed to be). */
  async settled() {
    while (this.#writingUses) await this.#writingUses;
  }
  #startWritingUses() {
    if (this.#writingUses) return;
    this.#writingUses = this.#writeUses().finally(() => {
      this.#writingUses = void 0;
      if (this.#uses.size > 0) this.#startWritingUses();
    });
  }
  async #writeUses() {
    while (this.#uses.size > 0) {
      const uses = new Map(this.#uses);
      this.#uses.clear();
      try {
        await withFileLock(this.#lockPath, async () => {
          const file = await this.#read();
          let changed = false;
          for (const t of file.tokens) {
            const at2 = uses.get(t.id);
            if (at2 === void 0) continue;
            t.lastUsedAt = new Date(at2).toISOString();
            changed = true;
          }
          if (changed) await this.#write(file);
        });
      } catch {
      }
    }
  }
  /** Calls `onChange` (debounced) whenever the tokens file is replaced. Returns a stop function. */
  watch(onChange) {
    let timer;
    let watcher;
    try {
      watcher = watch(this.dir, { persistent: false }, (_event, file) => {
        if (file !== null && file !== TOKENS_FILE) return;
        clearTimeout(timer);
        timer = setTimeout(onChange, 20);
      });
    } catch {
    }
    return () => {
      clearTimeout(timer);
      watcher?.close();
    };
  }
  #cached() {
    let key;
    try {
      const st2 = statSync(this.path);
      key = `${st2.ino}:${st2.size}:${st2.mtimeMs}`;
    } catch {
      this.#cache = { key: "none", tokens: [] };
      return [];
    }
    if (this.#cache?.key === key) return this.#cache.tokens;
    try {
      const parsed = JSON.parse(readFileSync2(this.path, "utf8"));
      this.#cache = { key, tokens: Array.isArray(parsed.tokens) ? parsed.tokens : [] };
    } catch {
      this.#cache = { key, tokens: [] };
    }
    return this.#cache.tokens;
  }
  async #read() {
    const file = await readJsonFile(this.path, {
      version: FORMAT_VERSION2,
      tokens: []
    });
    if (!Array.isArray(file.tokens))
      throw errors.storageFailed(
        `The file ${this.path} has no "tokens" list`,
        `Quarry has not changed it. Repair it, or move it aside and create tokens again.`,
        { path: this.path }
      );
    return file;
  }
  async #change(mutate) {
    await ensurePrivateDir(this.dir);
    return withFileLock(this.#lockPath, async () => {
      const file = await this.#read();
      const result = mutate(file);
      await this.#write(file);
      return result;
    });
  }
  async #write(file) {
    file.version = FORMAT_VERSION2;
    await writeFileAtomic(this.path, `${JSON.stringify(file, null, 2)}
`, { mode: 384 });
  }
};

// src/app/mcp-host/approvals.ts
import { randomBytes as randomBytes3 } from "node:crypto";
import { watch as watch2 } from "node:fs";
import { readdir as readdir3, readFile as readFile8, rm as rm10 } from "node:fs/promises";
import { join as join14 } from "node:path";

// src/core/access.ts
var DENY_COOL_OFF_MS = 6e4;
var refuse = (layer, rule) => ({
  outcome: "refuse",
  layer,
  rule
});
function decideAccess(connection, token, request) {
  const hidden = hidingLayer(connection, token);
  if (hidden) {
    return request.kind === "see" ? { outcome: "hide", ...hidden } : refuse(hidden.layer, hidden.rule);
  }
  if (request.kind === "see") return { outcome: "allow", approval: null };
  const { need } = request;
  if (need !== "read" && connection.externalClients !== "read-write")
    return refuse("external-clients", "read-only-connection");
  if (need !== "read" && !scopeAllows(token.scope, "write"))
    return refuse("token-scope", "read-only-token");
  if (need === "destructive" || need === "admin") {
    if (!request.confirmed) return refuse("destructive-guard", `${need}-needs-confirmation`);
    if (!scopeAllows(token.scope, need))
      return refuse("token-scope", "confirmation-needs-full-access");
    return { outcome: "allow", approval: need };
  }
  return {
    outcome: "allow",
    approval: connection.aiPolicy === "ask-each-time" ? "ask-each-time" : null
  };
}
function hidingLayer(connection, token) {
  if (token.connections !== null && !token.connections.includes(connection.id))
    return { layer: "token-allowlist", rule: "outside-allowlist" };
  if (connection.externalClients === "blocked")
    return { layer: "external-clients", rule: "blocked" };
  if (connection.aiPolicy === "never") return { layer: "ai-policy", rule: "ai-never" };
  return void 0;
}
function isVisible(connection, token) {
  return hidingLayer(connection, token) === void 0;
}
function effectiveAccess(connection, token) {
  if (!isVisible(connection, token)) return "none";
  return connection.externalClients === "read-write" && scopeAllows(token.scope, "write") ? "read-write" : "read-only";
}

// src/app/mcp-host/approvals.ts
var APPROVALS_DIR = "mcp-approvals";
var GRANT_MS = 60 * 6e4;
var SHOWN_REQUEST_CHARS = 2e3;
var ApprovalQueue = class {
  folder;
  #now;
  #timeoutMs;
  #waiting = /* @__PURE__ */ new Map();
  /** subject|connection → until (ms) */
  #grants = /* @__PURE__ */ new Map();
  /** subject|connection → until (ms): every question is refused without asking. */
  #denials = /* @__PURE__ */ new Map();
  /** subject|connection|class → until (ms): confirmations of that class are refused unasked. */
  #destructiveDenials = /* @__PURE__ */ new Map();
  #listeners = /* @__PURE__ */ new Set();
  #watcher;
  constructor(options) {
    this.folder = join14(options.dir, APPROVALS_DIR);
    this.#timeoutMs = options.timeoutMs;
    this.#now = options.now ?? Date.now;
  }
  set timeoutMs(ms2) {
    this.#timeoutMs = ms2;
  }
  /** Clears files a previous run left and starts watching for answers from the CLI. */
  async start() {
    await ensurePrivateDir(this.folder);
    for (const name of await readdir3(this.folder).catch(() => []))
      await rm10(join14(this.folder, name), { force: true });
    try {
      this.#watcher = watch2(this.folder, { persistent: false }, (_e2, file) => {
        if (file?.startsWith("answer-")) void this.#readAnswers();
      });
    } catch {
    }
  }
  async stop() {
    this.#watcher?.close();
    this.#watcher = void 0;
    for (const w2 of this.#waiting.values()) w2.resolve("cancelled");
    this.#waiting.clear();
    await rm10(this.folder, { recursive: true, force: true }).catch(() => {
    });
  }
  /** Called whenever the pending list changes (for the UI). */
  onChange(listener) {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
  pending() {
    return [...this.#waiting.values()].map((w2) => w2.pending);
  }
  /**
   * Asks the user, unless an earlier answer still decides. Resolves when the user answers, the
   * timeout passes, or `signal` aborts (then as denied, and nothing is remembered).
   */
  async ask(request, options = {}) {
    const key = `${request.subject}|${request.connection.id}`;
    const now = this.#now();
    const destructive = request.reason !== "ask-each-time";
    const classKey = `${key}|${request.reason}`;
    if ((this.#denials.get(key) ?? 0) > now || destructive && (this.#destructiveDenials.get(classKey) ?? 0) > now)
      return { outcome: "denied", remembered: true };
    if (!destructive && (this.#grants.get(key) ?? 0) > now)
      return { outcome: "approved", remembered: true };
    const pending2 = {
      ...request,
      request: request.request && {
        ...request.request,
        body: request.request.body === void 0 ? void 0 : cut(request.request.body)
      },
      id: randomBytes3(4).toString("hex"),
      createdAt: new Date(now).toISOString(),
      expiresAt: new Date(now + this.#timeoutMs).toISOString(),
      pid: process.pid
    };
    const answer = await new Promise((resolve4) => {
      const finish = (a) => {
        clearTimeout(timer);
        options.signal?.removeEventListener("abort", onAbort);
        resolve4(a);
      };
      const timer = setTimeout(() => finish("timed-out"), this.#timeoutMs);
      const onAbort = () => finish("cancelled");
      options.signal?.addEventListener("abort", onAbort, { once: true });
      this.#waiting.set(pending2.id, { pending: pending2, resolve: finish });
      void this.#mirror(pending2);
      this.#changed();
      options.onPending?.(pending2);
      if (options.signal?.aborted) onAbort();
    });
    this.#waiting.delete(pending2.id);
    await rm10(join14(this.folder, `pending-${pending2.id}.json`), { force: true }).catch(() => {
    });
    this.#changed();
    if (answer === "timed-out") return { outcome: "timed-out", remembered: false };
    if (answer === "cancelled") return { outcome: "denied", remembered: false };
    const at2 = this.#now();
    if (answer.approve) {
      const grantMs = answer.grantMs ?? GRANT_MS;
      if (!destructive && grantMs > 0) this.#grants.set(key, at2 + grantMs);
      return { outcome: "approved", remembered: false };
    }
    if (destructive) this.#destructiveDenials.set(classKey, at2 + DENY_COOL_OFF_MS);
    else this.#denials.set(key, at2 + DENY_COOL_OFF_MS);
    return { outcome: "denied", remembered: false };
  }
  /** Answers a pending approval (from the UI, or from the CLI's answer file). */
  answer(id, answer) {
    const w2 = this.#waiting.get(id);
    if (!w2) return false;
    w2.resolve(answer);
    return true;
  }
  /** Forgets what a token was granted or denied (when it is revoked). */
  forget(subject) {
    for (const map of [this.#grants, this.#denials, this.#destructiveDenials])
      for (const key of map.keys()) if (key.startsWith(`${subject}|`)) map.delete(key);
  }
  #changed() {
    for (const l of this.#listeners) l();
  }
  async #mirror(p2) {
    try {
      await writeFileAtomic(join14(this.folder, `pending-${p2.id}.json`), JSON.stringify(p2), {
        mode: 384
      });
      if (!this.#waiting.has(p2.id))
        await rm10(join14(this.folder, `pending-${p2.id}.json`), { force: true });
    } catch {
    }
  }
  async #readAnswers() {
    for (const name of await readdir3(this.folder).catch(() => [])) {
      const m2 = /^answer-([0-9a-f]+)\.json$/.exec(name);
      if (!m2) continue;
      const path = join14(this.folder, name);
      try {
        const a = JSON.parse(await readFile8(path, "utf8"));
        await rm10(path, { force: true });
        this.answer(m2[1], {
          approve: a.approve === true,
          ...typeof a.grantMs === "number" && a.grantMs >= 0 ? { grantMs: a.grantMs } : {}
        });
      } catch {
      }
    }
  }
};
function cut(text2) {
  return text2.length > SHOWN_REQUEST_CHARS ? `${text2.slice(0, SHOWN_REQUEST_CHARS)}\u2026` : text2;
}
async function listPendingApprovals(dir) {
  const folder = join14(dir, APPROVALS_DIR);
  const out = [];
  for (const name of await readdir3(folder).catch(() => [])) {
    if (!/^pending-[0-9a-f]+\.json$/.test(name)) continue;
    try {
      const p2 = JSON.parse(await readFile8(join14(folder, name), "utf8"));
      if (isAlive(p2.pid)) out.push(p2);
    } catch {
    }
  }
  return out.sort((a, b2) => a.createdAt.localeCompare(b2.createdAt));
}
async function writeApprovalAnswer(dir, id, answer) {
  const folder = join14(dir, APPROVALS_DIR);
  await writeFileAtomic(join14(folder, `answer-${id}.json`), JSON.stringify(answer), { mode: 384 });
}

// src/app/mcp-host/client-config.ts
import { realpathSync } from "node:fs";
import { join as join15, resolve as resolve3 } from "node:path";
var CLIENTS = [
  "claude-desktop",
  "cursor",
  "vscode",
  "continue",
  "zed",
  "goose",
  "claude-code",
  "http"
];
var DEFAULT_SERVER_NAME = "quarry";
var GOOSE_TIMEOUT = 300;
var TOKEN_PLACEHOLDER = "<TOKEN: quarry tokens create --name <client> --scope read-write>";
var CLIENT_INFO = {
  "claude-desktop": {
    id: "claude-desktop",
    title: "Claude Desktop",
    format: "json",
    where: "Claude Desktop > Settings > Developer > Edit Config: claude_desktop_config.json (macOS: ~/Library/Application Support/Claude/; Windows: %APPDATA%\\Claude\\). Merge the mcpServers entry, then restart Claude Desktop."
  },
  cursor: {
    id: "cursor",
    title: "Cursor",
    format: "json",
    where: "~/.cursor/mcp.json for every project, or .cursor/mcp.json in one project. Merge the mcpServers entry."
  },
  vscode: {
    id: "vscode",
    title: "Visual Studio Code",
    format: "json",
    where: ".vscode/mcp.json in the workspace, or the command MCP: Open User Configuration. The key is servers, not mcpServers."
  },
  continue: {
    id: "continue",
    title: "Continue",
    format: "yaml",
    where: "Save as .continue/mcpServers/quarry.yaml in the workspace (or add the mcpServers entry to ~/.continue/config.yaml)."
  },
  zed: {
    id: "zed",
    title: "Zed",
    format: "json",
    where: "Zed's settings.json (zed: open settings): merge the context_servers entry. The Agent Panel's Add Custom Server dialog takes the same entry."
  },
  goose: {
    id: "goose",
    title: "Goose",
    format: "yaml",
    where: "~/.config/goose/config.yaml: merge the entry under extensions."
  },
  "claude-code": {
    id: "claude-code",
    title: "Claude Code",
    format: "shell",
    where: "Run it in a terminal; claude mcp list then shows quarry."
  },
  http: {
    id: "http",
    title: "Any client over HTTP (streamable HTTP)",
    format: "json",
    where: "For a client that connects over HTTP instead of starting quarry-mcp. Needs a token: quarry tokens create --name <client> --scope read-write (shown once). Some clients do not want the type field; drop it if yours refuses it."
  }
};
function isClientId(s3) {
  return CLIENTS.includes(s3);
}
function clientSnippet(client, options) {
  const name = options.name ?? DEFAULT_SERVER_NAME;
  const command = options.bridge;
  const info = CLIENT_INFO[client];
  const json = (value) => `${JSON.stringify(value, null, 2)}
`;
  const env = options.env && Object.keys(options.env).length ? options.env : void 0;
  const withEnv = env ? { env } : {};
  const yamlEnv = (key) => env ? [
    `    ${key}:`,
    ...Object.entries(env).map(([k2, v2]) => `      ${yamlString(k2)}: ${yamlString(v2)}`)
  ] : [];
  let text2;
  switch (client) {
    case "claude-desktop":
    case "cursor":
      text2 = json({ mcpServers: { [name]: { command, ...withEnv } } });
      break;
    case "vscode":
      text2 = json({ servers: { [name]: { type: "stdio", command, ...withEnv } } });
      break;
    case "zed":
      text2 = json({ context_servers: { [name]: { command, args: [], ...withEnv } } });
      break;
    case "continue":
      text2 = [
        "name: Quarry",
        "version: 0.0.1",
        "schema: v1",
        "mcpServers:",
        `  - name: ${yamlString(name)}`,
        "    type: stdio",
        `    command: ${yamlString(command)}`,
        ...yamlEnv("env"),
        ""
      ].join("\n");
      break;
    case "goose":
      text2 = [
        "extensions:",
        `  ${yamlString(name)}:`,
        `    name: ${yamlString(name)}`,
        "    type: stdio",
        `    cmd: ${yamlString(command)}`,
        "    args: []",
        "    enabled: true",
        `    timeout: ${GOOSE_TIMEOUT}`,
        `    description: ${yamlString("Quarry: your saved Elasticsearch connections")}`,
        ...yamlEnv("envs"),
        ""
      ].join("\n");
      break;
    case "claude-code":
      text2 = `claude mcp add ${shellWord(name)}${Object.entries(env ?? {}).map(([k2, v2]) => ` -e ${shellWord(`${k2}=${v2}`)}`).join("")} -- ${shellWord(command)}
`;
      break;
    case "http":
      text2 = json({
        mcpServers: {
          [name]: {
            type: "streamable-http",
            url: options.url ?? "http://127.0.0.1:23510/mcp",
            headers: { Authorization: `Bearer ${options.token ?? TOKEN_PLACEHOLDER}` }
          }
        }
      });
      break;
  }
  return { ...info, text: text2 };
}
function yamlString(s3) {
  return /^[A-Za-z0-9_/][A-Za-z0-9_./-]*$/.test(s3) && !/^(true|false|yes|no|on|off|null|~|[0-9.+-].*)$/i.test(s3) ? s3 : JSON.stringify(s3);
}
function shellWord(s3) {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(s3) ? s3 : `'${s3.replace(/'/g, `'\\''`)}'`;
}
function bridgeEnvironment(dataDir, env = process.env, platform = process.platform) {
  const { QUARRY_HOME: _q, XDG_DATA_HOME: _x, ...rest } = env;
  const standard = appDataDir(rest, platform);
  return resolve3(dataDir) === standard ? {} : { QUARRY_HOME: resolve3(dataDir) };
}
function bridgeExecutable() {
  return realpathSync(join15(PACKAGE_ROOT, "bin", "quarry-mcp"));
}

// src/app/mcp-host/mcp-settings.ts
import { watch as watch3 } from "node:fs";
import { join as join16 } from "node:path";
var MCP_SETTINGS_FILE = "mcp-settings.json";
var DEFAULT_MCP_PORT = 23510;
var DEFAULT_MCP_SETTINGS = {
  enabled: true,
  preferredPort: DEFAULT_MCP_PORT,
  limits: { requestsPerMinute: 600, concurrentRequests: 16, approvalTimeoutSeconds: 120 }
};
var LIMIT_RANGES = {
  requestsPerMinute: [1, 1e6],
  concurrentRequests: [1, 1e4],
  approvalTimeoutSeconds: [5, 3600]
};
function normalizeSettings(raw) {
  const o = raw && typeof raw === "object" ? raw : {};
  const l = o.limits && typeof o.limits === "object" ? o.limits : {};
  const limits = { ...DEFAULT_MCP_SETTINGS.limits };
  for (const key of Object.keys(LIMIT_RANGES)) {
    const v2 = l[key];
    const [min, max] = LIMIT_RANGES[key];
    if (typeof v2 === "number" && Number.isInteger(v2) && v2 >= min && v2 <= max) limits[key] = v2;
  }
  return {
    enabled: typeof o.enabled === "boolean" ? o.enabled : DEFAULT_MCP_SETTINGS.enabled,
    preferredPort: isPort(o.preferredPort) ? o.preferredPort : DEFAULT_MCP_SETTINGS.preferredPort,
    limits
  };
}
function isPort(v2) {
  return typeof v2 === "number" && Number.isInteger(v2) && v2 >= 1 && v2 <= 65535;
}
function parsePort(input) {
  const n = Number(input);
  if (!isPort(n))
    throw errors.invalidConfig(
      "Port",
      `"${input}" is not a port number`,
      "Give a whole number from 1 to 65535, e.g. 23510."
    );
  return n;
}
var McpSettingsStore = class {
  dir;
  path;
  constructor(dir) {
    this.dir = dir;
    this.path = join16(dir, MCP_SETTINGS_FILE);
  }
  async read() {
    return normalizeSettings(await readJsonFile(this.path, {}));
  }
  async update(change) {
    await ensurePrivateDir(this.dir);
    return withFileLock(`${this.path}.lock`, async () => {
      const settings = await this.read();
      change(settings);
      const next2 = normalizeSettings(settings);
      await writeFileAtomic(this.path, `${JSON.stringify(next2, null, 2)}
`, { mode: 384 });
      return next2;
    });
  }
  /** Calls `onChange` (debounced) when the settings file is replaced. Returns a stop function. */
  watch(onChange) {
    let timer;
    let watcher;
    try {
      watcher = watch3(this.dir, { persistent: false }, (_event, file) => {
        if (file !== null && file !== MCP_SETTINGS_FILE) return;
        clearTimeout(timer);
        timer = setTimeout(onChange, 50);
      });
    } catch {
    }
    return () => {
      clearTimeout(timer);
      watcher?.close();
    };
  }
};

// src/core/console-variables.ts
var VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
var VARIABLE_VALUE_MAX = 1e4;
var VARIABLES_MAX = 200;
var SECRET_LIKE = /(pass(word|wd|phrase)?|secret|token|api_?key|credentials?|private_?key|authori[sz]ation)$/i;
function variableValues(list) {
  return Object.fromEntries(list.map((v2) => [v2.name, v2.value]));
}
function variableNameProblem(name) {
  if (!VARIABLE_NAME.test(name))
    return {
      message: `"${name.slice(0, 60)}" is not a variable name`,
      remedy: "Use letters, digits and _ only, starting with a letter or _ (e.g. INDEX_NAME)."
    };
  if (SECRET_LIKE.test(name))
    return {
      message: `The variable name ${name} looks like a secret's`,
      remedy: "Variables are stored as plain text and their values show in the history: keep passwords and API keys in the connection's credentials, not in a variable."
    };
  return void 0;
}
function checkVariables(list) {
  if (!Array.isArray(list))
    throw new QuarryError(
      "invalid_input",
      "The variables are not a list",
      "Send them as [{ name, value }, \u2026]."
    );
  if (list.length > VARIABLES_MAX)
    throw new QuarryError(
      "invalid_input",
      `${list.length} variables are more than the ${VARIABLES_MAX} a connection keeps`,
      "Remove the ones you no longer use."
    );
  const seen = /* @__PURE__ */ new Set();
  return list.map((v2) => {
    const { name, value } = v2 ?? {};
    if (typeof name !== "string" || typeof value !== "string")
      throw new QuarryError(
        "invalid_input",
        "A variable needs a name and a value, both text",
        "Send each as { name, value }."
      );
    const problem = variableNameProblem(name);
    if (problem) throw new QuarryError("invalid_input", problem.message, problem.remedy);
    if (seen.has(name))
      throw new QuarryError(
        "invalid_input",
        `The variable ${name} is defined twice`,
        "Keep one of them."
      );
    seen.add(name);
    if (value.length > VARIABLE_VALUE_MAX)
      throw new QuarryError(
        "invalid_input",
        `The value of ${name} is ${value.length} characters long, more than ${VARIABLE_VALUE_MAX}`,
        "Keep variables for short values (names, sizes, dates, small JSON)."
      );
    return { name, value };
  });
}

// src/app/storage/console-variables.ts
import { createHash as createHash7 } from "node:crypto";
import { join as join17 } from "node:path";
var ConsoleVariables = class {
  #dir;
  constructor(dir) {
    this.#dir = dir;
  }
  #file(connection) {
    return join17(
      this.#dir,
      `${createHash7("sha256").update(connection).digest("hex").slice(0, 32)}.json`
    );
  }
  /** In the order they were saved; none for a connection that has none. */
  async list(connection) {
    const file = await readJsonFile(this.#file(connection), void 0);
    if (!file || file.connection !== connection || !Array.isArray(file.variables)) return [];
    return file.variables;
  }
  /** Replaces the connection's variables with `list`, checked first (nothing is written if bad). */
  async save(connection, list) {
    const variables = checkVariables(list);
    await ensurePrivateDir(this.#dir);
    const path = this.#file(connection);
    await withFileLock(`${path}.lock`, async () => {
      const file = { version: 1, connection, variables };
      await writeFileAtomic(path, `${JSON.stringify(file, null, 2)}
`, { mode: 384 });
    });
    return variables;
  }
};

// src/core/table-details.ts
function samePlannedRequest(plan, confirmed) {
  if (!confirmed || typeof confirmed !== "object") return false;
  const c = confirmed;
  return String(c.method ?? "").toUpperCase() === plan.method.toUpperCase() && c.path === plan.path && JSON.stringify(c.body ?? null) === JSON.stringify(plan.body ?? null);
}
function typedConfirms(plan, typed) {
  return plan.confirmName === null || typed === plan.confirmName;
}

// src/app/connections/table-actions.ts
function tableAdminOf(session) {
  if (typeof session.tableAdmin !== "function")
    throw new QuarryError(
      "plugin_unavailable",
      "This connection's driver plugin offers no table page",
      "Update the driver plugin (quarry plugins update), then try again."
    );
  return session.tableAdmin();
}
async function runTableAction(session, input, confirmation) {
  const signal = confirmation.signal;
  const plan = await tableAdminOf(session).plan(input, signal ? { signal } : {});
  if (!samePlannedRequest(plan.request, confirmation.confirmed))
    throw errors.confirmationMismatch(
      session.formatRequest(plan.request),
      confirmation.confirmed ? session.formatRequest(confirmation.confirmed) : "(nothing confirmed)"
    );
  if (!typedConfirms(plan, confirmation.typed))
    throw new QuarryError(
      "confirmation_mismatch",
      `Not confirmed: "${confirmation.typed ?? ""}" is not "${plan.confirmName}"; nothing was sent`,
      `Type exactly ${plan.confirmName} to confirm.`
    );
  session.checkRequest(plan.request);
  const result = await session.runConsole(plan.request, signal ? { signal } : {});
  return { plan, result };
}

// src/core/impact.ts
function confirmsTargets(impact, given) {
  if (impact.unmeasured !== void 0) return false;
  const want = new Set(impact.resolved);
  const got = new Set(given);
  return got.size === given.length && got.size === want.size && [...got].every((n) => want.has(n));
}
function missingConfirmation(impact, given) {
  if (!impact) return void 0;
  if (impact.widens && impact.unmeasured !== void 0) return "measurement";
  if (given !== void 0) return confirmsTargets(impact, given) ? void 0 : "mismatch";
  return impact.widens ? "names" : void 0;
}
function countText(n) {
  return n.toLocaleString("en-US");
}
function bytesText(bytes) {
  const units = ["B", "kB", "MB", "GB", "TB", "PB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1e3 && unit < units.length - 1) {
    value /= 1e3;
    unit++;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(1)} ${units[unit]}`;
}
function namesText(names, max = 10) {
  if (names.length <= max) return names.join(", ");
  return `${names.slice(0, max).join(", ")} and ${names.length - max} more`;
}

// src/app/mcp-host/handshake.ts
import { readFile as readFile9, rm as rm11 } from "node:fs/promises";
import { join as join18 } from "node:path";
function handshakePath(dir) {
  return join18(dir, HANDSHAKE_FILE);
}
async function writeHandshake(dir, file) {
  await ensurePrivateDir(dir);
  await writeFileAtomic(handshakePath(dir), `${JSON.stringify(file, null, 2)}
`, { mode: 384 });
}
async function readHandshake(dir) {
  try {
    return JSON.parse(await readFile9(handshakePath(dir), "utf8"));
  } catch {
    return void 0;
  }
}
async function removeHandshake(dir, instanceId) {
  const current = await readHandshake(dir);
  if (current?.instanceId === instanceId) await rm11(handshakePath(dir), { force: true });
}

export {
  writeFileAtomic,
  isAlive,
  readJsonFile,
  PACKAGE_ROOT,
  saveCatalogSetting,
  EXTERNAL_CLIENT_LEVELS,
  AI_POLICIES,
  EXTERNAL_CLIENT_LABELS,
  AI_POLICY_LABELS,
  DEFAULT_EXTERNAL_CLIENTS,
  DEFAULT_AI_POLICY,
  isShown,
  withDefaults,
  withFileLock,
  pluginServiceFor,
  loadInstalledDrivers,
  requireInstalledDriver,
  offerDriver,
  installedDriver,
  installedTypes,
  ConnectionStore,
  openAppStorage,
  openSavedConnection,
  addConnection,
  editConnection,
  removeConnection,
  describeConnection,
  SECRET_HEADER,
  catalogOf,
  VARIABLE_NAME,
  variableValues,
  ConsoleHistory,
  ConsoleVariables,
  tableAdminOf,
  runTableAction,
  FILTER_OPS,
  FILTER_OPERATORS,
  opSymbol,
  operandOf,
  RESULT_WINDOW,
  EXPORT_FORMATS,
  exportTable,
  LOAD_MODES,
  refused,
  copyTable,
  inferKinds,
  previewKinds,
  IMPORT_FORMATS,
  formatOf,
  previewRecords,
  importFile,
  AuditLog,
  readAudit,
  verifyAudit,
  TokenStore,
  DENY_COOL_OFF_MS,
  decideAccess,
  isVisible,
  effectiveAccess,
  GRANT_MS,
  ApprovalQueue,
  listPendingApprovals,
  writeApprovalAnswer,
  CLIENTS,
  CLIENT_INFO,
  isClientId,
  clientSnippet,
  bridgeEnvironment,
  bridgeExecutable,
  parsePort,
  McpSettingsStore,
  confirmsTargets,
  missingConfirmation,
  countText,
  bytesText,
  namesText,
  handshakePath,
  writeHandshake,
  readHandshake,
  removeHandshake,
  InstanceLock,
  lockIsHeld,
  readInstanceInfo,
  writeInstanceInfo,
  removeInstanceInfoNow,
  removeInstanceInfo,
  findRunningApp,
  START_MCP_URL,
  parseQuarryUrl
};
//# sourceMappingURL=chunk-2AY6Q5SE.js.map
