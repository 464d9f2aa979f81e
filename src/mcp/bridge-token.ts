/**
 * The bridge token `__stdio_bridge__` (docs/mcp.md, "Tokens"): minted on every server start, Read &
 * Write, valid for one hour and replaced by a new one 15 minutes before it expires. Each new token
 * is handed to `onMint`, which rewrites the handshake file. Earlier tokens keep working until their
 * own expiry, so a bridge that read the file just before a rotation is not cut off. Only hashes of
 * the tokens are kept.
 */
import { hash, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import type { Clock } from "./host.ts";
import {
  BRIDGE_TOKEN_TIMES,
  type BridgeTokenTimes,
  bridgeTokenSchedule,
  TOKEN_PREFIX,
  TOKEN_RANDOM_BYTES,
} from "./policy/tokens.ts";

interface Minted {
  id: string;
  digest: Buffer;
  expiresAt: number;
}

export interface BridgeTokenGrant {
  id: string;
  expiresAt: number;
}

export class BridgeTokens {
  readonly #now: Clock;
  readonly #times: BridgeTokenTimes;
  readonly #onMint: (token: string, expiresAt: number) => Promise<void>;
  /**
   * The tokens minted recently (the live ones and those expired within a lifetime), newest last.
   */
  #live: Minted[] = [];
  #timer: NodeJS.Timeout | undefined;
  #stopped = false;

  constructor(options: {
    now: Clock;
    times?: BridgeTokenTimes;
    onMint: (token: string, expiresAt: number) => Promise<void>;
  }) {
    this.#now = options.now;
    this.#times = options.times ?? BRIDGE_TOKEN_TIMES;
    this.#onMint = options.onMint;
  }

  /** Mints the first token (and writes it through `onMint`) and schedules the rotations. */
  async start(): Promise<void> {
    this.#stopped = false;
    await this.#mint();
  }

  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#timer);
    this.#live = [];
  }

  /** The grant a presented token carries, or why it carries none. */
  check(
    presented: string,
  ): { ok: true; grant: BridgeTokenGrant } | { ok: false; expired: boolean } {
    const digest = sha256(presented);
    const now = this.#now();
    for (const t of this.#live) {
      if (!timingSafeEqual(t.digest, digest)) continue;
      if (now >= t.expiresAt) return { ok: false, expired: true };
      return { ok: true, grant: { id: t.id, expiresAt: t.expiresAt } };
    }
    return { ok: false, expired: false };
  }

  async #mint(): Promise<void> {
    const token = TOKEN_PREFIX + randomBytes(TOKEN_RANDOM_BYTES).toString("base64url");
    const { expiresAt, rotateAt } = bridgeTokenSchedule(this.#now(), this.#times);
    const minted: Minted = { id: `bridge:${randomUUID()}`, digest: sha256(token), expiresAt };
    // Good before the handshake file carrying it is written: a bridge may read the file and send
    // the token before this write's completion is seen here. Older tokens stay valid until their
    // own expiry; expired ones are remembered a while longer, so their refusal can say "expired".
    const now = this.#now();
    this.#live = [...this.#live.filter((t) => t.expiresAt + this.#times.lifetimeMs > now), minted];
    try {
      await this.#onMint(token, expiresAt);
    } catch (e) {
      // Never written, so never presented: forget it.
      this.#live = this.#live.filter((t) => t !== minted);
      throw e;
    }
    if (this.#stopped) return;
    this.#schedule(rotateAt - this.#now());
  }

  #schedule(delayMs: number): void {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(
      () => {
        this.#mint().catch((e: unknown) => {
          // The handshake could not be written: the current token stays; try again shortly.
          process.stderr.write(
            `quarry: could not rotate the bridge token: ${e instanceof Error ? e.message : String(e)}\n`,
          );
          if (!this.#stopped) this.#schedule(10_000);
        });
      },
      Math.max(0, delayMs),
    );
    this.#timer.unref();
  }
}

function sha256(s: string): Buffer {
  // One call, no Hash object: this runs on every request.
  return hash("sha256", s, "buffer");
}
