/**
 * Ask Each Time (docs/mcp.md, "Policies"): before an external client touches a connection whose AI
 * policy is Ask Each Time, and before any confirmed destructive or admin request, the user answers
 * in Quarry itself, never through the AI client, so a client cannot approve itself.
 *
 * The queue lives in the app process (the UI reads it through `pending()` and `answer()`); for the
 * CLI (`quarry mcp approvals|approve|deny`, another process) each pending request is mirrored as
 * `mcp-approvals/pending-<id>.json` and answered by writing `mcp-approvals/answer-<id>.json`,
 * which the app watches. Each file has one writer, so the two processes never race on a file.
 *
 * How long an answer lasts (docs/decisions.md):
 * - Approve: the same token (the bridge counts as one token across its rotations) may use the same
 *   connection for GRANT_MS (1 hour) without asking again; `--once` approves only this call.
 * - Deny: this call is refused, and for DENY_COOL_OFF_MS (60 s) the same token's requests on that
 *   connection that would ask the user are refused without asking, so a retrying model cannot
 *   flood the user with questions (nor wear them into approving). A denied destructive (or admin)
 *   request cools off the token's destructive (or admin) requests on that connection; any other
 *   denial cools off every question, confirmations included.
 * - Destructive and admin requests are asked every time: an approval of one is never remembered.
 * - No answer within the timeout (default 120 s): the call is refused; nothing is remembered.
 * - Grants live in memory: quitting Quarry forgets them.
 */
import { randomBytes } from "node:crypto";
import { type FSWatcher, watch } from "node:fs";
import { readdir, readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import type {
  ApprovalGate,
  ApprovalRequest,
  ApprovalResult,
  PendingApproval,
} from "../../mcp/host.ts";
import { DENY_COOL_OFF_MS } from "../../mcp/policy/access.ts";
import { isAlive, writeFileAtomic } from "../storage/atomic-write.ts";
import { ensurePrivateDir } from "../storage/paths.ts";

export const APPROVALS_DIR = "mcp-approvals";
export const GRANT_MS = 60 * 60_000;
export { DENY_COOL_OFF_MS };
/** Longest request text shown to the user; longer text is cut and ends in "…". */
export const SHOWN_REQUEST_CHARS = 2000;

/** The user's answer. `grantMs` 0 approves this call only. */
export interface ApprovalAnswer {
  approve: boolean;
  grantMs?: number;
}

interface Waiter {
  pending: PendingApproval;
  resolve: (a: ApprovalAnswer | "timed-out" | "cancelled") => void;
}

export interface ApprovalQueueOptions {
  dir: string;
  timeoutMs: number;
  now?: () => number;
}

export type { ApprovalRequest, ApprovalResult, PendingApproval };

export class ApprovalQueue implements ApprovalGate {
  readonly folder: string;
  readonly #now: () => number;
  #timeoutMs: number;
  readonly #waiting = new Map<string, Waiter>();
  /** subject|connection → until (ms) */
  readonly #grants = new Map<string, number>();
  /** subject|connection → until (ms): every question is refused without asking. */
  readonly #denials = new Map<string, number>();
  /** subject|connection|class → until (ms): confirmations of that class are refused unasked. */
  readonly #destructiveDenials = new Map<string, number>();
  readonly #listeners = new Set<() => void>();
  #watcher: FSWatcher | undefined;

  constructor(options: ApprovalQueueOptions) {
    this.folder = join(options.dir, APPROVALS_DIR);
    this.#timeoutMs = options.timeoutMs;
    this.#now = options.now ?? Date.now;
  }

  set timeoutMs(ms: number) {
    this.#timeoutMs = ms;
  }

  /** Clears files a previous run left and starts watching for answers from the CLI. */
  async start(): Promise<void> {
    await ensurePrivateDir(this.folder);
    for (const name of await readdir(this.folder).catch(() => [] as string[]))
      await rm(join(this.folder, name), { force: true });
    try {
      this.#watcher = watch(this.folder, { persistent: false }, (_e, file) => {
        if (file?.startsWith("answer-")) void this.#readAnswers();
      });
    } catch {
      // Without a watch the CLI cannot answer; the UI still can.
    }
  }

  async stop(): Promise<void> {
    this.#watcher?.close();
    this.#watcher = undefined;
    for (const w of this.#waiting.values()) w.resolve("cancelled");
    this.#waiting.clear();
    await rm(this.folder, { recursive: true, force: true }).catch(() => {});
  }

  /** Called whenever the pending list changes (for the UI). */
  onChange(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  pending(): PendingApproval[] {
    return [...this.#waiting.values()].map((w) => w.pending);
  }

  /**
   * Asks the user, unless an earlier answer still decides. Resolves when the user answers, the
   * timeout passes, or `signal` aborts (then as denied, and nothing is remembered).
   */
  async ask(
    request: ApprovalRequest,
    options: { signal?: AbortSignal; onPending?: (p: PendingApproval) => void } = {},
  ): Promise<ApprovalResult> {
    const key = `${request.subject}|${request.connection.id}`;
    const now = this.#now();
    // A destructive or admin confirmation: asked every time, its denial remembered per class.
    const destructive = request.reason !== "ask-each-time";
    const classKey = `${key}|${request.reason}`;
    // A recent denial decides before a grant does: the user's last word was no.
    if (
      (this.#denials.get(key) ?? 0) > now ||
      (destructive && (this.#destructiveDenials.get(classKey) ?? 0) > now)
    )
      return { outcome: "denied", remembered: true };
    if (!destructive && (this.#grants.get(key) ?? 0) > now)
      return { outcome: "approved", remembered: true };
    const pending: PendingApproval = {
      ...request,
      request: request.request && {
        ...request.request,
        body: request.request.body === undefined ? undefined : cut(request.request.body),
      },
      id: randomBytes(4).toString("hex"),
      createdAt: new Date(now).toISOString(),
      expiresAt: new Date(now + this.#timeoutMs).toISOString(),
      pid: process.pid,
    };
    let mirrored: Promise<void> = Promise.resolve();
    const answer = await new Promise<ApprovalAnswer | "timed-out" | "cancelled">((resolve) => {
      const finish = (a: ApprovalAnswer | "timed-out" | "cancelled") => {
        clearTimeout(timer);
        options.signal?.removeEventListener("abort", onAbort);
        resolve(a);
      };
      const timer = setTimeout(() => finish("timed-out"), this.#timeoutMs);
      const onAbort = () => finish("cancelled");
      options.signal?.addEventListener("abort", onAbort, { once: true });
      this.#waiting.set(pending.id, { pending, resolve: finish });
      mirrored = this.#mirror(pending);
      this.#changed();
      options.onPending?.(pending);
      if (options.signal?.aborted) onAbort();
    });
    this.#waiting.delete(pending.id);
    // An answer may come before the pending file is written: the call ends only once that write
    // (and its removal) is done, so nothing writes into the folder after the call returned.
    await mirrored;
    await rm(join(this.folder, `pending-${pending.id}.json`), { force: true }).catch(() => {});
    this.#changed();
    if (answer === "timed-out") return { outcome: "timed-out", remembered: false };
    if (answer === "cancelled") return { outcome: "denied", remembered: false };
    const at = this.#now();
    if (answer.approve) {
      const grantMs = answer.grantMs ?? GRANT_MS;
      if (!destructive && grantMs > 0) this.#grants.set(key, at + grantMs);
      return { outcome: "approved", remembered: false };
    }
    if (destructive) this.#destructiveDenials.set(classKey, at + DENY_COOL_OFF_MS);
    else this.#denials.set(key, at + DENY_COOL_OFF_MS);
    return { outcome: "denied", remembered: false };
  }

  /** Answers a pending approval (from the UI, or from the CLI's answer file). */
  answer(id: string, answer: ApprovalAnswer): boolean {
    const w = this.#waiting.get(id);
    if (!w) return false;
    w.resolve(answer);
    return true;
  }

  /** Forgets what a token was granted or denied (when it is revoked). */
  forget(subject: string): void {
    for (const map of [this.#grants, this.#denials, this.#destructiveDenials])
      for (const key of map.keys()) if (key.startsWith(`${subject}|`)) map.delete(key);
  }

  #changed(): void {
    for (const l of this.#listeners) l();
  }

  async #mirror(p: PendingApproval): Promise<void> {
    try {
      await writeFileAtomic(join(this.folder, `pending-${p.id}.json`), JSON.stringify(p), {
        mode: 0o600,
      });
      // An answer may have been answered before the pending file existed.
      if (!this.#waiting.has(p.id))
        await rm(join(this.folder, `pending-${p.id}.json`), { force: true });
    } catch {
      // The CLI will not see it; the UI and the timeout still apply.
    }
  }

  async #readAnswers(): Promise<void> {
    for (const name of await readdir(this.folder).catch(() => [] as string[])) {
      const m = /^answer-([0-9a-f]+)\.json$/.exec(name);
      if (!m) continue;
      const path = join(this.folder, name);
      try {
        const a = JSON.parse(await readFile(path, "utf8")) as ApprovalAnswer;
        await rm(path, { force: true });
        this.answer(m[1]!, {
          approve: a.approve === true,
          ...(typeof a.grantMs === "number" && a.grantMs >= 0 ? { grantMs: a.grantMs } : {}),
        });
      } catch {
        // Not fully written yet (the rename makes that rare): the next event reads it.
      }
    }
  }
}

function cut(text: string): string {
  return text.length > SHOWN_REQUEST_CHARS ? `${text.slice(0, SHOWN_REQUEST_CHARS)}…` : text;
}

// --- The CLI's side (another process) ---

/** Pending approvals of a running app, read from the mirror files. */
export async function listPendingApprovals(dir: string): Promise<PendingApproval[]> {
  const folder = join(dir, APPROVALS_DIR);
  const out: PendingApproval[] = [];
  for (const name of await readdir(folder).catch(() => [] as string[])) {
    if (!/^pending-[0-9a-f]+\.json$/.test(name)) continue;
    try {
      const p = JSON.parse(await readFile(join(folder, name), "utf8")) as PendingApproval;
      if (isAlive(p.pid)) out.push(p);
    } catch {
      // Removed or being replaced meanwhile.
    }
  }
  return out.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** Writes the user's answer for the running app to pick up. */
export async function writeApprovalAnswer(
  dir: string,
  id: string,
  answer: ApprovalAnswer,
): Promise<void> {
  const folder = join(dir, APPROVALS_DIR);
  await writeFileAtomic(join(folder, `answer-${id}.json`), JSON.stringify(answer), { mode: 0o600 });
}
