/** Long tasks run in the app as jobs; the browser polls them until they end, and may cancel them. */
import { ApiError, call, ui } from "../api/client.ts";
import type { JobView } from "../api/types.ts";

const POLL_MS = 250;

/** Polls a job until it ends and returns its last view, whatever the ending (done, failed…). */
export async function followJob<R>(
  job: JobView<R>,
  onUpdate: (j: JobView<R>) => void,
  signal?: AbortSignal,
): Promise<JobView<R>> {
  let current = job;
  onUpdate(current);
  while (current.state === "running") {
    await new Promise((r) => setTimeout(r, POLL_MS));
    if (signal?.aborted) throw new DOMException("cancelled", "AbortError");
    // The poll answers any job; this one's result is what its start route declared.
    current = (await call(
      ui.jobs[":job"].$get,
      { param: { job: current.id } },
      signal,
    )) as JobView<R>;
    onUpdate(current);
  }
  return current;
}

/** Polls a job until it ends; resolves with its result or throws its error (message + remedy). */
export async function waitForJob<R>(
  job: JobView<R>,
  onUpdate: (j: JobView<R>) => void,
  signal?: AbortSignal,
): Promise<R> {
  const end = await followJob(job, onUpdate, signal);
  if (end.state === "done") return end.result as R;
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
