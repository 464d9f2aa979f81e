/** Long tasks run in the app as jobs; the browser polls them until they end, and may cancel them. */
import { ApiError, call, ui } from "../api/client.ts";
import type { JobKind, JobResults, JobView } from "../api/types.ts";

const POLL_MS = 250;

/** Each kind's poll route, which answers that kind's result (JobResults in the API's contract). */
const POLL: {
  [K in JobKind]: (job: string, signal?: AbortSignal) => Promise<JobView<K>>;
} = {
  plugin: (job, signal) => call(ui.jobs.plugin[":job"].$get, { param: { job } }, signal),
  export: (job, signal) => call(ui.jobs.export[":job"].$get, { param: { job } }, signal),
  copy: (job, signal) => call(ui.jobs.copy[":job"].$get, { param: { job } }, signal),
  import: (job, signal) => call(ui.jobs.import[":job"].$get, { param: { job } }, signal),
  console: (job, signal) => call(ui.jobs.console[":job"].$get, { param: { job } }, signal),
  compare: (job, signal) => call(ui.jobs.compare[":job"].$get, { param: { job } }, signal),
};

/** Polls a job until it ends and returns its last view, whatever the ending (done, failed…). */
export async function followJob<K extends JobKind>(
  job: JobView<K>,
  onUpdate: (j: JobView<K>) => void,
  signal?: AbortSignal,
): Promise<JobView<K>> {
  const poll: (job: string, signal?: AbortSignal) => Promise<JobView<K>> = POLL[job.kind];
  let current = job;
  onUpdate(current);
  while (current.state === "running") {
    await new Promise((r) => setTimeout(r, POLL_MS));
    if (signal?.aborted) throw new DOMException("cancelled", "AbortError");
    current = await poll(current.id, signal);
    onUpdate(current);
  }
  return current;
}

/** Polls a job until it ends; resolves with its result or throws its error (message + remedy). */
export async function waitForJob<K extends JobKind>(
  job: JobView<K>,
  onUpdate: (j: JobView<K>) => void,
  signal?: AbortSignal,
): Promise<JobResults[K]> {
  const end = await followJob(job, onUpdate, signal);
  if (end.state === "done" && end.result !== undefined) return end.result;
  throw jobError(end);
}

/** Why a job did not end done, as the error the page shows. */
export function jobError(job: JobView): ApiError {
  return new ApiError(
    0,
    job.error ?? {
      code: job.state,
      message: `${job.label}: ${job.state}.`,
      remedy: "",
    },
  );
}

/**
 * Asks the app to stop a running job. It ends a moment later (a task on the cluster is cancelled
 * there first), so keep following it to show how far it got. False when it had already ended.
 */
export async function cancelJob(job: JobView): Promise<boolean> {
  const { cancelled } = await call(ui.jobs[":job"].$delete, { param: { job: job.id } });
  return cancelled;
}
