/**
 * The bridge's link to the running app (docs/mcp.md, "Finding the app, and trusting it"): finding a
 * trusted handshake (the file's trust checks, the app's process alive, the endpoint's proof, a
 * revision the bridge speaks), launching the app when there is none and polling every 200 ms for up
 * to 10 s, noticing a rewritten handshake file before each request (a rotated token, a restarted
 * app), and finding the app again after a refusal.
 */
import { setTimeout as sleep } from "node:timers/promises";
import type { QuarryError } from "../core/errors.ts";
import { MODERN_VERSION } from "../mcp/protocol.ts";
import { bridgeErrors } from "./errors.ts";
import { fileIdentity, handshakeFilePath, readTrustedHandshake } from "./handshake-trust.ts";
import type { Launch, LaunchCommand, LaunchPlan } from "./launcher.ts";
import type { ProofResult } from "./upstream.ts";

/** The bridge polls every 200 ms, for up to 10 seconds. */
export const POLL_MS = 200;
export const LAUNCH_TIMEOUT_MS = 10_000;

/** A trusted, proven app endpoint and the token to use with it. */
export interface Endpoint {
  port: number;
  path: string;
  token: string;
  instanceId: string;
  pid: number;
  /** When the token expires (ms). */
  expiresAt: number;
  quarryVersion: string;
  /** The streams the app offers the bridge (`quarry-mcp-lines`), believed once it proved itself. */
  streams: readonly string[];
  /** The handshake file's fingerprint when it was read. */
  identity: string;
}

export interface LinkDeps {
  dir: string;
  now: () => number;
  log: (line: string) => void;
  prove: (handshake: {
    port: number;
    instanceId: string;
    proofKey: string;
  }) => Promise<ProofResult>;
  /**
   * Checks a newly found app instance before any request goes to it (the bridge asks its
   * `server/discover`); throws a QuarryError when the bridge cannot use it.
   */
  verify: (endpoint: Endpoint) => Promise<void>;
  plan: () => LaunchPlan;
  launch: (plan: LaunchCommand) => Launch;
  pollMs?: number;
  timeoutMs?: number;
}

type Attempt = { ok: true; endpoint: Endpoint } | { ok: false; error: QuarryError; final: boolean };

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: it exists but belongs to someone else; the proof decides whether it is Quarry.
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** What the relay needs of the app link. */
export interface Link {
  connect(launchIfMissing: boolean): Promise<Endpoint>;
  fresh(): Promise<Endpoint | undefined>;
  refresh(stale: Endpoint): Promise<{ endpoint: Endpoint } | { error: QuarryError }>;
}

export class AppLink implements Link {
  readonly #deps: LinkDeps;
  readonly #file: string;
  #current: Endpoint | undefined;
  /** Instances (`instanceId@port`) that answered the proof and passed `verify`. */
  readonly #trusted = new Set<string>();
  /** The last failed proof, by file fingerprint: an unchanged file is not challenged again. */
  #failed: { identity: string; error: QuarryError } | undefined;
  #pending: Promise<Attempt> | undefined;

  constructor(deps: LinkDeps) {
    this.#deps = deps;
    this.#file = handshakeFilePath(deps.dir);
  }

  get file(): string {
    return this.#file;
  }

  get current(): Endpoint | undefined {
    return this.#current;
  }

  /**
   * Finds the app; without a trusted handshake, launches it (when `launchIfMissing`) and polls.
   * Throws the QuarryError that says why there is no app to talk to.
   */
  async connect(launchIfMissing: boolean): Promise<Endpoint> {
    let attempt = await this.#attempt();
    if (attempt.ok) return attempt.endpoint;
    if (attempt.final || !launchIfMissing) throw attempt.error;

    const plan = this.#deps.plan();
    if (plan.kind === "none") {
      this.#deps.log(`not launching Quarry: ${plan.why}`);
      if (isTrustFailure(attempt.error)) throw attempt.error;
      throw bridgeErrors.appNotRunning(
        `${reasonOf(attempt.error)}; quarry-mcp does not launch it because ${plan.why}`,
      );
    }
    this.#deps.log(
      `no trusted handshake (${reasonOf(attempt.error)}); launching Quarry: ${plan.how}`,
    );
    let current: LaunchCommand = plan;
    let launched = this.#deps.launch(current);
    let launchFailed: string | undefined;
    let launcherDone = false;
    const watch = (l: Launch) =>
      void l.ended.then((why) => {
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
            `Quarry answered ${this.#deps.now() - started} ms after launching it${launcherDone ? "" : " (the launcher still runs)"}`,
          );
          return attempt.endpoint;
        }
        if (attempt.final) throw attempt.error;
        if (launchFailed && current.fallback) {
          this.#deps.log(`${launchFailed}; launching Quarry: ${current.fallback.how}`);
          launched.release();
          current = current.fallback;
          launched = this.#deps.launch(current);
          launchFailed = undefined;
          launcherDone = false;
          watch(launched);
        } else if (launchFailed)
          throw bridgeErrors.appNotRunning(`launching it failed: ${launchFailed}`);
        if (this.#deps.now() >= deadline) break;
      }
    } finally {
      launched.release();
    }
    const seconds = Math.round((this.#deps.timeoutMs ?? LAUNCH_TIMEOUT_MS) / 1000);
    // An endpoint that failed the proof, or a file that failed a trust check, is the real story.
    if (isTrustFailure(attempt.error)) throw attempt.error;
    throw bridgeErrors.appNotRunning(
      `no trusted handshake within ${seconds} s of launching it (${current.how}); last: ${reasonOf(attempt.error)}`,
    );
  }

  /**
   * The endpoint to use for the next request: the current one while the handshake file is
   * unchanged and its token valid, else the file read again (a rotation or a restart). Undefined
   * when there is no app to send to; throws why, when the app's process is gone.
   */
  async fresh(): Promise<Endpoint | undefined> {
    const cur = this.#current;
    // A killed app leaves its file and token behind, and its port may already be another
    // process's: never send the token there. The file read again names a new app, or says why
    // there is none.
    if (!cur || !isAlive(cur.pid)) {
      this.#current = undefined;
      const attempt = await this.#attempt();
      if (attempt.ok) return attempt.endpoint;
      throw attempt.error;
    }
    const identity = fileIdentity(this.#file);
    const valid = this.#deps.now() < cur.expiresAt;
    if (identity === cur.identity && valid) return cur;
    if (identity === undefined) return valid ? cur : undefined;
    const attempt = await this.#attempt();
    if (attempt.ok) return attempt.endpoint;
    // A rewritten file that cannot be trusted does not replace the proven endpoint while it lasts.
    return valid && attempt.error.code !== "app_too_old" ? cur : undefined;
  }

  /**
   * After the app refused `stale` (or did not answer): the handshake file read again. Returns the
   * endpoint to retry with, or the error that says why there is none.
   */
  async refresh(stale: Endpoint): Promise<{ endpoint: Endpoint } | { error: QuarryError }> {
    const cur = this.#current;
    if (cur && cur.token !== stale.token) return { endpoint: cur }; // refreshed meanwhile
    const attempt = await this.#attempt();
    return attempt.ok ? { endpoint: attempt.endpoint } : { error: attempt.error };
  }

  /** One look at the handshake file (concurrent callers share it). */
  #attempt(): Promise<Attempt> {
    this.#pending ??= this.#attemptOnce().finally(() => {
      this.#pending = undefined;
    });
    return this.#pending;
  }

  async #attemptOnce(): Promise<Attempt> {
    const read = readTrustedHandshake(this.#deps.dir, this.#deps.now());
    if (!read.ok) return { ok: false, error: read.error, final: false };
    const hs = read.handshake;
    const key = `${hs.instanceId}@${hs.port}`;
    const endpoint: Endpoint = {
      port: hs.port,
      path: read.path,
      token: hs.token,
      instanceId: hs.instanceId,
      pid: hs.pid,
      expiresAt: read.expiresAt,
      quarryVersion: typeof hs.quarryVersion === "string" ? hs.quarryVersion : "unknown",
      streams: Array.isArray(hs.streams) ? hs.streams.filter((v) => typeof v === "string") : [],
      identity: read.identity,
    };
    if (!isAlive(hs.pid)) {
      const error = bridgeErrors.appNotRunning(
        `the handshake file ${this.#file} names process ${hs.pid}, which is not running (a leftover of an app that ended)`,
      );
      return { ok: false, error, final: false };
    }
    if (!this.#trusted.has(key)) {
      if (this.#failed?.identity === read.identity)
        return { ok: false, error: this.#failed.error, final: false };
      const proof = await this.#deps.prove(hs);
      if (!proof.ok) {
        const error = proof.listening
          ? bridgeErrors.endpointUnproven(hs.port, this.#file, proof.detail)
          : bridgeErrors.appNotRunning(
              `nothing listens on port ${hs.port}, which the handshake file ${this.#file} names (a leftover of an app that ended)`,
            );
        if (proof.listening) {
          this.#failed = { identity: read.identity, error };
          this.#deps.log(`${error.message}`);
        }
        return { ok: false, error, final: false };
      }
      // What the file says is believed only now that its writer proved itself.
      if (!hs.protocolVersions.includes(MODERN_VERSION))
        return {
          ok: false,
          error: bridgeErrors.appTooOld(hs.protocolVersions.join(", ")),
          final: true,
        };
      try {
        await this.#deps.verify(endpoint);
      } catch (e) {
        return { ok: false, error: e as QuarryError, final: true };
      }
      this.#trusted.add(key);
      this.#deps.log(
        `connected to Quarry ${endpoint.quarryVersion} (process ${hs.pid}) at http://127.0.0.1:${hs.port}${read.path}`,
      );
    }
    this.#current = endpoint;
    return { ok: true, endpoint };
  }
}

/** A handshake that exists but cannot be trusted: its own message says more than "not running". */
function isTrustFailure(e: QuarryError): boolean {
  return e.code === "endpoint_unproven" || e.code === "handshake_untrusted";
}

function reasonOf(e: QuarryError): string {
  return e.message.replace(/^Quarry is not running: /, "");
}
