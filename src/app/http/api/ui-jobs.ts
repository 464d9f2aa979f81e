/**
 * The jobs the UI polls, as the UI API types them: each kind's result (contract.ts, JobResults)
 * and a failure told in the UI's words. The registry itself is the app's (src/app/live/jobs.ts),
 * held by the owner of live state; this module only says how the API reads it.
 */
import { JobRegistry } from "../../live/jobs.ts";
import type { LiveState } from "../../live/live-state.ts";
import { errorResult } from "./answers.ts";
import type { ErrorBody, JobResults } from "./contract.ts";

export type UiJobs = JobRegistry<JobResults, ErrorBody["error"]>;

/** The owner of live state as the UI's API reaches it: with jobs it can poll. */
export type UiLiveState = LiveState<UiJobs>;

export function uiJobs(): UiJobs {
  return new JobRegistry<JobResults, ErrorBody["error"]>((e) => {
    const r = errorResult(e);
    return r.kind === "json" ? (r.body as { error: ErrorBody["error"] }).error : undefined;
  });
}
