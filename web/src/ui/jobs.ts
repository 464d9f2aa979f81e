/** Long tasks run in the app as jobs; the browser polls them until they end. */
import { ApiError, get, seg } from "../api/client.ts";
import type { JobView } from "../api/types.ts";

const POLL_MS = 250;

/** Polls a job until it ends; resolves with its result or throws its error (message + remedy). */
export async function waitForJob<R>(
  job: JobView<R>,
  onUpdate: (j: JobView<R>) => void,
  signal?: AbortSignal,
): Promise<R> {
  let current = job;
  onUpdate(current);
  while (current.state === "running") {
    await new Promise((r) => setTimeout(r, POLL_MS));
    if (signal?.aborted) throw new DOMException("cancelled", "AbortError");
    current = await get<JobView<R>>(`/jobs/${seg(current.id)}`, { signal });
    onUpdate(current);
  }
  if (current.state === "done") return current.result as R;
  throw new ApiError(
    0,
    current.error ?? {
      code: current.state,
      message: `${current.label}: ${current.state}.`,
      remedy: "",
    },
  );
}
