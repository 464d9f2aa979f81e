/**
 * Authentication of every HTTP request (docs/mcp.md, "Authentication"): `Authorization: Bearer
 * <token>` with the bridge token or a user token, the lockout after failed attempts (docs/mcp.md,
 * "Limits"), and the principal a request runs as. A principal carries a signal that aborts when its
 * token is revoked, so in-flight calls of a revoked token end (RevocationWatch).
 *
 * What counts as a failed authentication (docs/mcp.md): an Authorization header that is not
 * `Bearer <token>`, and a token that is unknown, expired or revoked. A request without any
 * Authorization header is answered 401 but not counted: it guesses nothing.
 */

import { errors, type QuarryError } from "../core/errors.ts";
import type { BridgeTokens } from "./bridge-token.ts";
import type { Clock } from "./host.ts";
import type { AuthLockout } from "./limits.ts";
import type { TokenGrant } from "./policy/access.ts";
import type { TokenDirectory } from "./policy/stores.ts";
import { BRIDGE_TOKEN_NAME, BRIDGE_TOKEN_SCOPE, type TokenScope } from "./policy/tokens.ts";

export interface Principal extends TokenGrant {
  kind: "user" | "bridge";
  /** The token's id (the bridge's changes at each rotation): the key of the rate limits. */
  tokenId: string;
  /** Whose answers approvals remember: the token id, or "bridge" across rotations. */
  subject: string;
  /** Token name, for the audit log and approvals. */
  name: string;
  scope: TokenScope;
  connections: readonly string[] | null;
  /** Aborts (with a QuarryError) when the token is revoked. */
  revoked: AbortSignal;
}

export type AuthOutcome =
  | { ok: true; principal: Principal }
  | {
      ok: false;
      error: QuarryError;
      status: 401 | 429;
      /** Seconds, for Retry-After (429 only). */
      retryAfter?: number;
      /** Whether this attempt counted towards the lockout. */
      counted: boolean;
      /** For the audit log: what was presented, when it named a known token. */
      tokenName?: string;
    };

/**
 * Keeps one abort controller per user token with requests in flight, and fires it on revocation.
 */
export class RevocationWatch {
  readonly #tokens: TokenDirectory;
  readonly #live = new Map<string, { controller: AbortController; refs: number }>();
  readonly #never = new AbortController().signal;
  readonly #onRevoked: (tokenId: string) => void;
  #stopWatching: (() => void) | undefined;

  constructor(tokens: TokenDirectory, onRevoked: (tokenId: string) => void) {
    this.#tokens = tokens;
    this.#onRevoked = onRevoked;
  }

  start(): void {
    this.#stopWatching = this.#tokens.watch(() => this.sweep());
  }

  stop(): void {
    this.#stopWatching?.();
  }

  /** A signal for a user token's request; call the returned release when the request ends. */
  acquire(tokenId: string): { signal: AbortSignal; release: () => void } {
    let entry = this.#live.get(tokenId);
    if (!entry) {
      entry = { controller: new AbortController(), refs: 0 };
      this.#live.set(tokenId, entry);
    }
    entry.refs++;
    const held = entry;
    let released = false;
    return {
      signal: held.controller.signal,
      release: () => {
        if (released) return;
        released = true;
        held.refs--;
        if (held.refs <= 0 && this.#live.get(tokenId) === held) this.#live.delete(tokenId);
      },
    };
  }

  /** The bridge token is never revoked by hand; its requests get a signal that never fires. */
  get never(): AbortSignal {
    return this.#never;
  }

  /** Re-checks every token with requests in flight; aborts those revoked (or deleted). */
  sweep(): void {
    for (const [id, entry] of this.#live) {
      const t = this.#tokens.byId(id);
      if (t && !t.revokedAt) continue;
      entry.controller.abort(
        errors.unauthenticated(`the token "${t?.name ?? id}" was revoked during this request`, {
          reason: "revoked",
        }),
      );
      this.#live.delete(id);
      this.#onRevoked(id);
    }
  }
}

export class Authenticator {
  readonly #tokens: TokenDirectory;
  readonly #bridge: BridgeTokens;
  readonly #lockout: AuthLockout;
  readonly #revocations: RevocationWatch;
  readonly #now: Clock;

  constructor(deps: {
    tokens: TokenDirectory;
    bridge: BridgeTokens;
    lockout: AuthLockout;
    revocations: RevocationWatch;
    now: Clock;
  }) {
    this.#tokens = deps.tokens;
    this.#bridge = deps.bridge;
    this.#lockout = deps.lockout;
    this.#revocations = deps.revocations;
    this.#now = deps.now;
  }

  /**
   * Authenticates one request. On success the caller must call `release` when the request ends
   * (it frees the revocation watch).
   */
  authenticate(header: string | undefined): AuthOutcome & { release?: () => void } {
    const locked = this.#lockout.remainingMs();
    if (locked > 0) return this.#lockedOut(locked, false);
    if (header === undefined || header.trim() === "")
      return {
        ok: false,
        status: 401,
        counted: false,
        error: errors.unauthenticated("the request has no Authorization header", {
          reason: "missing",
        }),
      };
    const m = /^Bearer +(\S+) *$/i.exec(header);
    if (!m) return this.#fail("the Authorization header is not `Bearer <token>`", "malformed");
    const presented = m[1]!;

    const bridge = this.#bridge.check(presented);
    if (bridge.ok) {
      return {
        ok: true,
        principal: {
          kind: "bridge",
          tokenId: bridge.grant.id,
          subject: "bridge",
          name: BRIDGE_TOKEN_NAME,
          scope: BRIDGE_TOKEN_SCOPE,
          connections: null,
          revoked: this.#revocations.never,
        },
      };
    }
    if (bridge.expired)
      return this.#fail(
        "the bridge token has expired (the bridge re-reads the handshake file)",
        "expired",
        BRIDGE_TOKEN_NAME,
      );

    const now = this.#now();
    const user = this.#tokens.check(presented, now);
    if (!user.ok) {
      const reason =
        user.reason === "unknown"
          ? "the token is not one of this Quarry's tokens"
          : `the token "${user.token?.name}" is ${user.reason}`;
      return this.#fail(reason, user.reason, user.token?.name);
    }
    const t = user.token;
    this.#tokens.recordUse(t.id, now);
    const { signal, release } = this.#revocations.acquire(t.id);
    return {
      ok: true,
      release,
      principal: {
        kind: "user",
        tokenId: t.id,
        subject: t.id,
        name: t.name,
        scope: t.scope,
        connections: t.connections,
        revoked: signal,
      },
    };
  }

  #fail(reason: string, code: string, tokenName?: string): AuthOutcome {
    const startsLockout = this.#lockout.recordFailure();
    if (startsLockout) return this.#lockedOut(this.#lockout.remainingMs(), true, tokenName);
    return {
      ok: false,
      status: 401,
      counted: true,
      error: errors.unauthenticated(reason, { reason: code }),
      ...(tokenName ? { tokenName } : {}),
    };
  }

  #lockedOut(remainingMs: number, counted: boolean, tokenName?: string): AuthOutcome {
    const retryAfter = Math.ceil(remainingMs / 1000);
    return {
      ok: false,
      status: 429,
      counted,
      retryAfter,
      error: errors.rateLimited(
        "five failed authentications within 60 seconds locked authentication out for 5 minutes",
        retryAfter,
        `Wait ${retryAfter} s, or restart Quarry (quarry mcp disable, then enable) to clear the lockout; check the client's token (quarry tokens list).`,
      ),
      ...(tokenName ? { tokenName } : {}),
    };
  }
}
