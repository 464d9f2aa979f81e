/**
 * The long tasks running in the app: the jobs the UI starts and then polls (exports, copies,
 * imports, compares, plugin installs, `_delete_by_query`), and the work an MCP call runs on a
 * connection (export_data). Each runs with an AbortController and, when it works on a saved
 * connection, is known by it: forgetting the connection or stopping the app cancels it and waits
 * until it has ended (its scans and points in time closed by its own clean-up). A finished job is
 * kept for a while so the page can read its result, then forgotten.
 */
import { randomUUID } from "node:crypto";
import { isQuarryError } from "../../core/errors.ts";
import type { JobProgress } from "../../core/jobs.ts";

const KEEP_FINISHED_MS = 10 * 60_000;

/** A job as the UI reads it (the UI API's JobView has this shape). */
export interface JobState<Results, K extends keyof Results, Failure> {
  id: string;
  kind: K;
  state: "running" | "done" | "failed" | "cancelled";
  /** What is being done, in words ("Exporting orders"). */
  label: string;
  progress: JobProgress | null;
  result?: Results[K];
  error?: Failure;
  startedAt: string;
  endedAt?: string;
}

export interface JobContext {
  signal: AbortSignal;
  progress: (p: JobProgress) => void;
}

/** What a job or a piece of work runs on: the saved connections whose forgetting cancels it. */
export interface JobOwner {
  connections?: readonly string[];
}

/** What the owner of live state asks of the jobs (live-state.ts), whatever their result types. */
export interface ConnectionJobs {
  /**
   * Runs `work` as a job of `owner` that no page polls (an MCP call's export): aborted when
   * `signal` aborts, or when the connection is forgotten or the app stops.
   */
  track<T>(
    owner: JobOwner,
    signal: AbortSignal | undefined,
    work: (signal: AbortSignal) => Promise<T>,
  ): Promise<T>;
  /** Whether a job still runs on the connection (its session is then never closed as idle). */
  holds(connectionId: string): boolean;
  /** Cancels the connection's running jobs and resolves once each has ended. */
  cancelFor(connectionId: string): Promise<void>;
  /** Cancels every running job and resolves once each has ended. */
  cancelAll(): Promise<void>;
}

interface Running {
  connections: readonly string[];
  controller: AbortController;
  /** Settles when the work has ended, however it ended. */
  ended: Promise<void>;
}

interface Job<Results, K extends keyof Results, Failure> extends Running {
  view: JobState<Results, K, Failure>;
}

/** One map per kind, so a job read by its kind has that kind's result type without a cast. */
type JobsByKind<Results, Failure> = {
  [K in keyof Results]?: Map<string, Job<Results, K, Failure>>;
};

export class JobRegistry<Results, Failure> implements ConnectionJobs {
  readonly #jobs: JobsByKind<Results, Failure> = {};
  /** Work no page polls (track), by its controller. */
  readonly #untitled = new Set<Running>();
  /** How a failure is told to the page that polls the job. */
  readonly #describe: (e: unknown) => Failure | undefined;

  constructor(describe: (e: unknown) => Failure | undefined) {
    this.#describe = describe;
  }

  /** Starts `work` and returns its first view at once. */
  start<K extends keyof Results>(
    kind: K,
    label: string,
    work: (ctx: JobContext) => Promise<Results[K]>,
    owner: JobOwner = {},
  ): JobState<Results, K, Failure> {
    const jobs = this.#of(kind);
    const id = randomUUID();
    const controller = new AbortController();
    const view: JobState<Results, K, Failure> = {
      id,
      kind,
      label,
      state: "running",
      progress: null,
      startedAt: new Date().toISOString(),
    };
    const ended = work({ signal: controller.signal, progress: (p) => (view.progress = p) })
      .then(
        (result) => {
          view.result = result;
          view.state = controller.signal.aborted ? "cancelled" : "done";
        },
        (e) => {
          view.state = controller.signal.aborted ? "cancelled" : "failed";
          const failure = this.#describe(e);
          if (failure !== undefined) view.error = failure;
          // A cancelled job ends in its own abort: that is no failure to log.
          if (!isQuarryError(e) && !controller.signal.aborted)
            process.stderr.write(`job ${String(kind)} failed: ${(e as Error).stack}\n`);
        },
      )
      .finally(() => {
        view.endedAt = new Date().toISOString();
        setTimeout(() => jobs.delete(id), KEEP_FINISHED_MS).unref();
      });
    jobs.set(id, { view, controller, connections: owner.connections ?? [], ended });
    return view;
  }

  async track<T>(
    owner: JobOwner,
    signal: AbortSignal | undefined,
    work: (signal: AbortSignal) => Promise<T>,
  ): Promise<T> {
    const controller = new AbortController();
    const abort = () => controller.abort(signal?.reason);
    if (signal?.aborted) abort();
    else signal?.addEventListener("abort", abort, { once: true });
    const done = work(controller.signal);
    const running: Running = {
      connections: owner.connections ?? [],
      controller,
      ended: done.then(
        () => {},
        () => {},
      ),
    };
    this.#untitled.add(running);
    try {
      return await done;
    } finally {
      this.#untitled.delete(running);
      signal?.removeEventListener("abort", abort);
    }
  }

  /** A job of this kind; another kind's job of that id is not it. */
  get<K extends keyof Results>(id: string, kind: K): JobState<Results, K, Failure> | undefined {
    return this.#jobs[kind]?.get(id)?.view;
  }

  cancel(id: string): boolean {
    const job = this.#titled().find((j) => j.view.id === id);
    if (job?.view.state !== "running") return false;
    job.controller.abort();
    return true;
  }

  holds(connectionId: string): boolean {
    return this.#running().some((r) => r.connections.includes(connectionId));
  }

  cancelFor(connectionId: string): Promise<void> {
    return this.#cancel(this.#running().filter((r) => r.connections.includes(connectionId)));
  }

  cancelAll(): Promise<void> {
    return this.#cancel(this.#running());
  }

  async #cancel(running: Running[]): Promise<void> {
    for (const r of running) r.controller.abort();
    await Promise.all(running.map((r) => r.ended));
  }

  #of<K extends keyof Results>(kind: K): Map<string, Job<Results, K, Failure>> {
    const known = this.#jobs[kind];
    if (known) return known;
    const made = new Map<string, Job<Results, K, Failure>>();
    this.#jobs[kind] = made;
    return made;
  }

  #titled(): Job<Results, keyof Results, Failure>[] {
    const maps: (Map<string, Job<Results, keyof Results, Failure>> | undefined)[] = Object.values(
      this.#jobs,
    );
    return maps.flatMap((m) => (m ? [...m.values()] : []));
  }

  /** Every job and piece of work still running. */
  #running(): Running[] {
    return [...this.#titled().filter((j) => j.view.state === "running"), ...this.#untitled];
  }
}
