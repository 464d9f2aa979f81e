/**
 * Long tasks the UI starts and then polls (exports, plugin installs, `_delete_by_query`): each runs
 * in the app with an AbortController and reports progress; a finished job is kept for a while so
 * the page can read its result, then forgotten.
 */
import { randomUUID } from "node:crypto";
import { isQuarryError } from "../../../core/errors.ts";
import { errorResult } from "./answers.ts";
import type { JobKind, JobResults, JobView } from "./contract.ts";

const KEEP_FINISHED_MS = 10 * 60_000;

type Progress = NonNullable<JobView["progress"]>;

interface Job<K extends JobKind> {
  view: JobView<K>;
  controller: AbortController;
}

/** One map per kind, so a job read by its kind has that kind's result type without a cast. */
type JobsByKind = { [K in JobKind]: Map<string, Job<K>> };

export class JobRegistry {
  readonly #jobs: JobsByKind = {
    plugin: new Map(),
    export: new Map(),
    copy: new Map(),
    import: new Map(),
    console: new Map(),
    compare: new Map(),
  };

  /** Starts `work` and returns its first view at once. */
  start<K extends JobKind>(
    kind: K,
    label: string,
    work: (ctx: { signal: AbortSignal; progress: (p: Progress) => void }) => Promise<JobResults[K]>,
  ): JobView<K> {
    const jobs: Map<string, Job<K>> = this.#jobs[kind];
    const id = randomUUID();
    const controller = new AbortController();
    const view: JobView<K> = {
      id,
      kind,
      label,
      state: "running",
      progress: null,
      startedAt: new Date().toISOString(),
    };
    jobs.set(id, { view, controller });
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
          // A cancelled job ends in its own abort: that is no failure to log.
          if (!isQuarryError(e) && !controller.signal.aborted)
            process.stderr.write(`job ${kind} failed: ${(e as Error).stack}\n`);
        },
      )
      .finally(() => {
        view.endedAt = new Date().toISOString();
        setTimeout(() => jobs.delete(id), KEEP_FINISHED_MS).unref();
      });
    return view;
  }

  /** A job of this kind; another kind's job of that id is not it. */
  get<K extends JobKind>(id: string, kind: K): JobView<K> | undefined {
    const jobs: Map<string, Job<K>> = this.#jobs[kind];
    return jobs.get(id)?.view;
  }

  cancel(id: string): boolean {
    const job = this.#all().find((j) => j.view.id === id);
    if (job?.view.state !== "running") return false;
    job.controller.abort();
    return true;
  }

  cancelAll(): void {
    for (const job of this.#all()) job.controller.abort();
  }

  #all(): Job<JobKind>[] {
    return Object.values(this.#jobs).flatMap((m: Map<string, Job<JobKind>>) => [...m.values()]);
  }
}
