/**
 * MCP access tokens (docs/mcp.md, "Authentication"): scopes, the stored record, the bridge token's
 * rules and the input rules for creating a token. Pure: no I/O, no randomness, no clock of its own.
 * Storage (salted hashes, the file) lives in `src/app/storage/token-store.ts`.
 */

/** Token scopes, narrowest first. The CLI and the files use these ids. */
export const TOKEN_SCOPES = ["read-only", "read-write", "full-access"] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

export const TOKEN_SCOPE_LABELS: Record<TokenScope, string> = {
  "read-only": "Read Only",
  "read-write": "Read & Write",
  "full-access": "Full Access",
};

/** The camel-case spelling of the scopes (`readWrite`), accepted wherever a scope is typed. */
export const TOKEN_SCOPE_WIRE_NAMES: Record<TokenScope, string> = {
  "read-only": "readOnly",
  "read-write": "readWrite",
  "full-access": "fullAccess",
};

/** What a request does to a connection, from the one classifier. */
export type AccessNeed = "read" | "write" | "destructive" | "admin";

/**
 * Whether a scope covers a need. Read Only reads; Read & Write also writes; destructive and admin
 * requests need Full Access (and run only through `confirm_destructive_operation`, see access.ts).
 */
export function scopeAllows(scope: TokenScope, need: AccessNeed): boolean {
  const rank = TOKEN_SCOPES.indexOf(scope);
  const needed = need === "read" ? 0 : need === "write" ? 1 : 2;
  return rank >= needed;
}

export function parseScope(input: string): TokenScope | undefined {
  const s = input.trim();
  for (const scope of TOKEN_SCOPES) {
    if (s === scope || s === TOKEN_SCOPE_WIRE_NAMES[scope]) return scope;
    if (s.toLowerCase() === TOKEN_SCOPE_LABELS[scope].toLowerCase()) return scope;
  }
  return undefined;
}

/**
 * A user token as stored: never the token itself, only a salted hash and a short public prefix
 * that identifies it in lists and narrows the lookup.
 */
export interface StoredToken {
  /** Random id (UUID). */
  id: string;
  /** Unique (ignoring case), chosen by the user. */
  name: string;
  /** The first characters of the token, safe to show: `qry_AbCd1234`. */
  prefix: string;
  /** Base64 random salt. */
  salt: string;
  /** Hex SHA-256 of salt and token. */
  hash: string;
  scope: TokenScope;
  /** Connection ids the token may use; null means every connection. */
  connections: string[] | null;
  createdAt: string;
  /** ISO time; null means it never expires. */
  expiresAt: string | null;
  /** ISO time the token was revoked; null while it is live. */
  revokedAt: string | null;
  /**
   * ISO time the MCP server last accepted the token, true to within TOKEN_USE_RESOLUTION_MS;
   * null or absent when it never has (files written before Quarry recorded use have no field).
   */
  lastUsedAt?: string | null;
}

export type TokenStatus = "active" | "expired" | "revoked";

export function tokenStatus(
  t: Pick<StoredToken, "expiresAt" | "revokedAt">,
  nowMs: number,
): TokenStatus {
  if (t.revokedAt) return "revoked";
  if (t.expiresAt && Date.parse(t.expiresAt) <= nowMs) return "expired";
  return "active";
}

/**
 * How often a token's use is written down: at most once per minute per token. Last used answers
 * "is this client still using its token?", which a minute answers as well as a millisecond, and
 * a busy agent's hundreds of calls a minute must not each rewrite the tokens file.
 */
export const TOKEN_USE_RESOLUTION_MS = 60_000;

/**
 * Whether a use at `nowMs` is worth writing down, given the last use written (or being written),
 * in ms; null or NaN when there is none.
 */
export function shouldRecordUse(lastUsedMs: number | null, nowMs: number): boolean {
  if (lastUsedMs === null || !Number.isFinite(lastUsedMs)) return true;
  // A last use in the future means the clock was set back: write the true time.
  return nowMs - lastUsedMs >= TOKEN_USE_RESOLUTION_MS || nowMs < lastUsedMs;
}

/** Every token Quarry mints starts with this, so secret scanners and people can recognise one. */
export const TOKEN_PREFIX = "qry_";
/** Random bytes in a token: 256 bits. */
export const TOKEN_RANDOM_BYTES = 32;
/** Characters of the token kept as its public prefix (TOKEN_PREFIX plus 8 characters, 48 bits). */
export const TOKEN_PUBLIC_PREFIX_LENGTH = TOKEN_PREFIX.length + 8;

/** A token's shape: the prefix and 43 base64url characters (32 bytes, no padding). */
export function looksLikeToken(s: string): boolean {
  return /^qry_[A-Za-z0-9_-]{43}$/.test(s);
}

export function publicPrefix(token: string): string {
  return token.slice(0, TOKEN_PUBLIC_PREFIX_LENGTH);
}

// --- The bridge token ---

export const BRIDGE_TOKEN_NAME = "__stdio_bridge__";
export const BRIDGE_TOKEN_SCOPE: TokenScope = "read-write";
export const BRIDGE_TOKEN_LIFETIME_MS = 60 * 60_000;
export const BRIDGE_TOKEN_ROTATE_BEFORE_MS = 15 * 60_000;

export interface BridgeTokenTimes {
  lifetimeMs: number;
  rotateBeforeMs: number;
}

export const BRIDGE_TOKEN_TIMES: BridgeTokenTimes = {
  lifetimeMs: BRIDGE_TOKEN_LIFETIME_MS,
  rotateBeforeMs: BRIDGE_TOKEN_ROTATE_BEFORE_MS,
};

/** When a bridge token minted at `mintedAt` expires, and when its successor is minted. */
export function bridgeTokenSchedule(
  mintedAtMs: number,
  times: BridgeTokenTimes = BRIDGE_TOKEN_TIMES,
): { expiresAt: number; rotateAt: number } {
  if (times.rotateBeforeMs >= times.lifetimeMs || times.rotateBeforeMs < 0) {
    throw new RangeError("the bridge token must be rotated within its lifetime");
  }
  const expiresAt = mintedAtMs + times.lifetimeMs;
  return { expiresAt, rotateAt: expiresAt - times.rotateBeforeMs };
}

// --- Creating a user token ---

const NAME_MAX = 64;

/** Why a token name cannot be used, or undefined when it can. */
export function tokenNameProblem(name: string): string | undefined {
  const n = name.trim();
  if (!n) return "is empty";
  if (n.length > NAME_MAX) return `is longer than ${NAME_MAX} characters`;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(n)) return "contains a control character";
  if (n.startsWith("__")) return "starts with __, which Quarry keeps for its own tokens";
  if (looksLikeToken(n)) return "looks like a token";
  return undefined;
}

const UNIT_MS: Record<string, number> = {
  m: 60_000,
  h: 60 * 60_000,
  d: 24 * 60 * 60_000,
  w: 7 * 24 * 60 * 60_000,
};

/**
 * A lifetime as typed on the command line: `30d`, `12h`, `90m`, `2w`, or `never`. Returns the
 * milliseconds (null for never), or undefined when the text is not a lifetime.
 */
export function parseLifetime(input: string): number | null | undefined {
  const s = input.trim().toLowerCase();
  if (s === "never" || s === "none") return null;
  const m = /^(\d{1,6})\s*([mhdw])$/.exec(s);
  if (!m) return undefined;
  const ms = Number(m[1]) * (UNIT_MS[m[2]!] ?? 0);
  return ms > 0 ? ms : undefined;
}
