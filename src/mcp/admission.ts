/**
 * Admission of one authenticated message, for both doors (a POST, a line of the stream): the
 * token's request rate, then a concurrency slot held until the answer has ended (docs/mcp.md,
 * "Limits"). A refusal is audited here, once, whichever door asked.
 */
import { errors, type QuarryError } from "../core/errors.ts";
import type { Principal } from "./auth.ts";
import type { ConcurrencyLimit, RateWindow } from "./limits.ts";
import type { AuditSink } from "./policy/stores.ts";
import { RPC, type RpcId } from "./protocol.ts";

/** One authenticated message, as the limits and the audit name it. */
export interface AdmittedCall {
  id: RpcId;
  principal: Principal;
  method: string;
  started: number;
}

export type Admitted =
  | { ok: true; release: () => void }
  | { ok: false; error: QuarryError; retryAfter: number };

export class Admission {
  readonly #rate: RateWindow;
  readonly #concurrency: ConcurrencyLimit;
  readonly #audit: AuditSink;

  constructor(rate: RateWindow, concurrency: ConcurrencyLimit, audit: AuditSink) {
    this.#rate = rate;
    this.#concurrency = concurrency;
    this.#audit = audit;
  }

  /** A slot for `call` and what frees it (once, however often it is called), or the refusal. */
  take(call: AdmittedCall): Admitted {
    const { tokenId } = call.principal;
    const waitMs = this.#rate.take(tokenId);
    if (waitMs > 0)
      return this.#limited(call, Math.ceil(waitMs / 1000), "requests in the last 60 seconds");
    if (!this.#concurrency.tryAcquire(tokenId)) return this.#limited(call, 1, "requests in flight");
    let held = true;
    return {
      ok: true,
      release: () => {
        if (held) this.#concurrency.release(tokenId);
        held = false;
      },
    };
  }

  #limited(call: AdmittedCall, retryAfter: number, what: string): Admitted {
    this.#audit.record({
      at: new Date(call.started).toISOString(),
      token: call.principal.name,
      method: call.method,
      outcome: "refused",
      layer: "rate-limit",
      code: RPC.rateLimited,
      durationMs: 0,
    });
    const error = errors.rateLimited(
      `too many ${what} for the token "${call.principal.name}"`,
      retryAfter,
    );
    return { ok: false, error, retryAfter };
  }
}
