/**
 * The bridge's trust in the handshake file (docs/mcp.md, "Finding the app, and trusting it"),
 * before any proof: the folder and the file belong to the current user and no one else can read or
 * write them, the file is a regular file (never followed through a link), well formed, of a format
 * version this bridge understands, and its token has not expired. The checks are pure functions
 * over what `stat` returns; `readTrustedHandshake` does the I/O on one open descriptor, so the file
 * checked is the file read.
 */
import { closeSync, constants, fstatSync, openSync, readSync, type Stats, statSync } from "node:fs";
import { join } from "node:path";
import type { QuarryError } from "../core/errors.ts";
import { HANDSHAKE_FILE, HANDSHAKE_FORMAT, type HandshakeFile } from "../mcp/policy/handshake.ts";
import { looksLikeToken } from "../mcp/policy/tokens.ts";
import { bridgeErrors } from "./errors.ts";

/** A handshake file is a few hundred bytes; anything much larger is not one. */
const MAX_BYTES = 64 * 1024;

export type Checked =
  | { ok: true; handshake: HandshakeFile; expiresAt: number; path: string }
  | { ok: false; problem: string; expired?: boolean };

const isInt = (v: unknown, min: number, max: number): v is number =>
  typeof v === "number" && Number.isInteger(v) && v >= min && v <= max;

/** The content checks: shape, format version, expiry. Pure. */
export function checkHandshake(raw: unknown, nowMs: number): Checked {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw))
    return { ok: false, problem: "it is not a JSON object" };
  const f = raw as Record<string, unknown>;
  if (f.version !== HANDSHAKE_FORMAT)
    return {
      ok: false,
      problem: `it is of format version ${JSON.stringify(f.version ?? null)}, and this quarry-mcp reads version ${HANDSHAKE_FORMAT} only (the app and the bridge come from different Quarry builds)`,
    };
  const bad = (field: string, rule: string): Checked => ({
    ok: false,
    problem: `it is malformed: "${field}" ${rule}`,
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
  // The bridge talks to loopback only: the url must be http://127.0.0.1:<port>/<path>.
  let path: string;
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
      expired: true,
    };
  return { ok: true, handshake: f as unknown as HandshakeFile, expiresAt, path };
}

type StatLike = Pick<Stats, "uid" | "mode"> & { isFile(): boolean; isDirectory(): boolean };

const octal = (mode: number) => `0${(mode & 0o777).toString(8)}`;

/** Why the app data folder cannot be trusted, or undefined. Pure. */
export function folderProblem(st: StatLike, uid: number | undefined): string | undefined {
  if (!st.isDirectory()) return "its folder is not a folder";
  if (uid !== undefined && st.uid !== uid)
    return `its folder belongs to another user (uid ${st.uid}; you are uid ${uid})`;
  if (st.mode & 0o066)
    return `its folder can be read or written by other users (mode ${octal(st.mode)}; Quarry keeps it 0700)`;
  return undefined;
}

/** Why the handshake file cannot be trusted, or undefined. Pure. */
export function fileProblem(st: StatLike, uid: number | undefined): string | undefined {
  if (!st.isFile()) return "it is not a regular file";
  if (uid !== undefined && st.uid !== uid)
    return `it belongs to another user (uid ${st.uid}; you are uid ${uid})`;
  if (st.mode & 0o077)
    return `it can be read or written by other users (mode ${octal(st.mode)}; Quarry writes it 0600)`;
  return undefined;
}

export type ReadResult =
  | { ok: true; handshake: HandshakeFile; expiresAt: number; path: string; identity: string }
  | { ok: false; missing: boolean; error: QuarryError };

export function handshakeFilePath(dir: string): string {
  return join(dir, HANDSHAKE_FILE);
}

/** A cheap fingerprint of the file as it is now (changes with every rewrite), or undefined. */
export function fileIdentity(path: string): string | undefined {
  try {
    return identityOf(statSync(path));
  } catch {
    return undefined;
  }
}

function identityOf(st: Stats): string {
  return `${st.dev}:${st.ino}:${st.size}:${st.mtimeMs}:${st.ctimeMs}`;
}

/** Up to `limit` bytes of an open file (one more than allowed shows a file that grew). */
function readAtMost(fd: number, limit: number): Buffer {
  const buf = Buffer.alloc(limit);
  let n = 0;
  while (n < buf.length) {
    const r = readSync(fd, buf, n, buf.length - n, null);
    if (r === 0) break;
    n += r;
  }
  return buf.subarray(0, n);
}

/** Reads and checks the handshake file of an app data folder. Never throws. */
export function readTrustedHandshake(dir: string, nowMs: number): ReadResult {
  const path = handshakeFilePath(dir);
  const uid = process.getuid?.();
  const untrusted = (problem: string): ReadResult => ({
    ok: false,
    missing: false,
    error: bridgeErrors.handshakeUntrusted(path, problem),
  });
  let folder: Stats;
  try {
    folder = statSync(dir);
  } catch {
    return {
      ok: false,
      missing: true,
      error: bridgeErrors.appNotRunning(`there is no app data folder ${dir}`),
    };
  }
  if (process.platform !== "win32") {
    const p = folderProblem(folder, uid);
    if (p) return untrusted(p);
  }
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | constants.O_NONBLOCK);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOENT")
      return {
        ok: false,
        missing: true,
        error: bridgeErrors.appNotRunning(
          `there is no handshake file ${path} (Quarry, or its MCP server, is not running)`,
        ),
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
    let raw: unknown;
    try {
      raw = JSON.parse(bytes.toString("utf8"));
    } catch {
      return untrusted("it is malformed: not valid JSON");
    }
    const checked = checkHandshake(raw, nowMs);
    if (!checked.ok)
      return checked.expired
        ? {
            ok: false,
            missing: false,
            error: bridgeErrors.appNotRunning(
              `the handshake file ${path} is stale: ${checked.problem}`,
            ),
          }
        : untrusted(checked.problem);
    return {
      ok: true,
      handshake: checked.handshake,
      expiresAt: checked.expiresAt,
      path: checked.path,
      identity: identityOf(st),
    };
  } finally {
    closeSync(fd);
  }
}
