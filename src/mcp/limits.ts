/**
 * The MCP server's limits (docs/mcp.md, "Limits"): the failed-authentication lockout, and the
 * per-token request rate and concurrency limits. Pure state machines over an injectable clock, so
 * tests move time instead of waiting. Values are documented in docs/mcp.md.
 */
import type { Clock } from "./host.ts";

/** Five failed authentications within 60 seconds lock authentication out for 5 minutes. */
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

/** The window the request rate is counted over. */
const RATE_WINDOW_MS = 60_000;

/**
 * At most `limit` requests per key in any 60 seconds: a sliding log of each key's arrival times
 * within the last 60 s (a request is refused while `limit` of them are younger than 60 s). Only
 * the arrivals still in the window are kept, and a key with none is forgotten, so what it holds
 * follows the rate, never the number of requests served: with the limit raised for sustained load
 * (`quarry mcp limits --requests-per-minute 1000000`) a log that kept `limit` entries grew by one
 * number a request, for good (docs/mcp.md, "Sustained load").
 */
export class RateWindow {
  readonly #now: Clock;
  #limit: number;
  /** Per key, its arrival times in order; those before `head` have left the window. */
  readonly #logs = new Map<string, { times: number[]; head: number }>();
  #sweptAt: number;

  constructor(limit: number, now: Clock) {
    this.#limit = limit;
    this.#now = now;
    this.#sweptAt = now();
  }

  set limit(n: number) {
    if (n !== this.#limit) this.#logs.clear();
    this.#limit = n;
  }

  /** Takes one request for `key`: 0 when allowed, else the milliseconds until one is. */
  take(key: string): number {
    const now = this.#now();
    if (now - this.#sweptAt >= RATE_WINDOW_MS) this.#sweep(now);
    let log = this.#logs.get(key);
    if (!log) {
      log = { times: [], head: 0 };
      this.#logs.set(key, log);
    }
    const { times } = log;
    while (log.head < times.length && times[log.head]! + RATE_WINDOW_MS <= now) log.head++;
    if (times.length - log.head >= this.#limit) return times[log.head]! + RATE_WINDOW_MS - now;
    // Left arrivals are dropped in one go once they are most of the array.
    if (log.head > 64 && log.head * 2 > times.length) {
      log.times = times.slice(log.head);
      log.head = 0;
    }
    log.times.push(now);
    return 0;
  }

  /** Arrival times held, over every key (what the window costs in memory). */
  get held(): number {
    let n = 0;
    for (const log of this.#logs.values()) n += log.times.length;
    return n;
  }

  /** Keys with a log (a token's stays while it has arrivals in the window). */
  get keys(): number {
    return this.#logs.size;
  }

  /** Forgets the keys whose every arrival has left the window (a rotated bridge token's…). */
  #sweep(now: number): void {
    this.#sweptAt = now;
    for (const [key, log] of this.#logs)
      if ((log.times.at(-1) ?? Number.NEGATIVE_INFINITY) + RATE_WINDOW_MS <= now)
        this.#logs.delete(key);
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
