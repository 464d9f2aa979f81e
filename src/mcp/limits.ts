/**
 * The MCP server's limits (docs/mcp.md, "Limits"): the failed-authentication lockout, and the
 * per-token request rate and concurrency limits. Pure state machines over an injectable clock, so
 * tests move time instead of waiting. Values are documented in docs/mcp.md.
 */
import type { Clock } from "./host.ts";

/** Spec 8: five failed authentications within 60 seconds lock authentication out for 5 minutes. */
export const FAILED_AUTH_THRESHOLD = 5;
export const FAILED_AUTH_WINDOW_MS = 60_000;
export const LOCKOUT_MS = 5 * 60_000;

/**
 * Authentication lockout. Failures are counted in a sliding 60-second window; the fifth
 * inside it locks authentication out for 5 minutes, for every caller (all callers share the one
 * loopback address). During the lockout requests are refused before their token is looked at, so
 * they neither count nor extend it. State is in memory: a restart of the app clears it.
 */
export class AuthLockout {
  readonly #now: Clock;
  #failures: number[] = [];
  #lockedUntil = 0;

  constructor(now: Clock) {
    this.#now = now;
  }

  /** Milliseconds of lockout left; 0 when authentication is open. */
  remainingMs(): number {
    return Math.max(0, this.#lockedUntil - this.#now());
  }

  /** Counts a failed authentication; returns true when it starts a lockout. */
  recordFailure(): boolean {
    const now = this.#now();
    if (this.#lockedUntil > now) return false;
    this.#failures = this.#failures.filter((t) => now - t < FAILED_AUTH_WINDOW_MS);
    this.#failures.push(now);
    if (this.#failures.length < FAILED_AUTH_THRESHOLD) return false;
    this.#failures = [];
    this.#lockedUntil = now + LOCKOUT_MS;
    return true;
  }
}

/**
 * At most `limit` requests per key in any 60 seconds (a sliding log kept as a ring of the last
 * `limit` arrival times: a request is refused while the oldest of them is younger than 60 s).
 */
export class RateWindow {
  readonly #now: Clock;
  #limit: number;
  readonly #rings = new Map<string, { times: number[]; next: number }>();

  constructor(limit: number, now: Clock) {
    this.#limit = limit;
    this.#now = now;
  }

  set limit(n: number) {
    if (n !== this.#limit) this.#rings.clear();
    this.#limit = n;
  }

  /** Takes one request for `key`: 0 when allowed, else the milliseconds until one is. */
  take(key: string): number {
    const now = this.#now();
    let ring = this.#rings.get(key);
    if (!ring) {
      ring = { times: [], next: 0 };
      this.#rings.set(key, ring);
    }
    if (ring.times.length < this.#limit) {
      ring.times.push(now);
      return 0;
    }
    const oldest = ring.times[ring.next]!;
    const wait = oldest + 60_000 - now;
    if (wait > 0) return wait;
    ring.times[ring.next] = now;
    ring.next = (ring.next + 1) % this.#limit;
    return 0;
  }
}

/** At most `max` requests in flight per key. */
export class ConcurrencyLimit {
  #max: number;
  readonly #inFlight = new Map<string, number>();

  constructor(max: number) {
    this.#max = max;
  }

  set max(n: number) {
    this.#max = n;
  }

  tryAcquire(key: string): boolean {
    const n = this.#inFlight.get(key) ?? 0;
    if (n >= this.#max) return false;
    this.#inFlight.set(key, n + 1);
    return true;
  }

  release(key: string): void {
    const n = (this.#inFlight.get(key) ?? 1) - 1;
    if (n <= 0) this.#inFlight.delete(key);
    else this.#inFlight.set(key, n);
  }
}
