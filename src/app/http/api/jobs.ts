/**
 * Long tasks the UI starts and then polls (exports, plugin installs, `_delete_by_query`): each runs
 * in the app with an AbortController and reports progress; a finished job is kept for a while so
 * the page can read its result, then forgotten.
 */
import { randomUUID } from "node:crypto";
import { isQuarryError } from "../../../core/errors.ts";
import { errorResult } from "./answers.ts";
import type { JobView } from "./contract.ts";

const KEEP_FINISHED_MS = 10 * 60_000;

type Progress = NonNullable<JobView["progress"]>;

interface Job {
  view: JobView;
  controller: AbortController;
}

export class JobRegistry {
  readonly #jobs = new Map<string, Job>();

  /** Starts `work` and returns its first view at once. */
  start<R>(
    kind: string,
    label: string,
    work: (ctx: { signal: AbortSignal; progress: (p: Progress) => void }) => Promise<R>,
  ): JobView<R> {
    const id = randomUUID();
    const controller = new AbortController();
    const view: JobView = {
      id,
      kind,
      label,
      state: "running",
      progress: null,
      startedAt: new Date().toISOString(),
    };
    this.#jobs.set(id, { view, controller });
    work({ signal: controller.signal, progress: (p) => (view.progress = p) })
      .then(
        (result) => {
          view.result = result;
          view.state = controller.signal.aborted ? "cancelled" : "done";
        },
        (e) => {
          view.state = controller.signal.aborted ? "cancelled" : "failed";
          const r = errorResult(e);
          view.error =
            r.kind === "json"
              ? (r.body as { error: NonNullable<JobView["error"]> }).error
              : undefined;
          if (!isQuarryError(e))
            process.stderr.write(`job ${kind} failed: ${(e as Error).stack}\n`);
        },
      )
      .finally(() => {
        view.endedAt = new Date().toISOString();
        setTimeout(() => this.#jobs.delete(id), KEEP_FINISHED_MS).unref();
      });
    return view as JobView<R>;
  }

  get(id: string): JobView | undefined {
    return this.#jobs.get(id)?.view;
  }

  cancel(id: string): boolean {
    const job = this.#jobs.get(id);
    if (job?.view.state !== "running") return false;
    job.controller.abort();
    return true;
  }

  cancelAll(): void {
    for (const job of this.#jobs.values()) job.controller.abort();
  }
}
