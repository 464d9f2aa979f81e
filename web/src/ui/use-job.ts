/**
 * One job the app runs for a dialog (an export, a copy, an import), from the press of its button
 * to its end: starting it, its progress, cancelling it, and how it ended (its result, the
 * cancellation, or the error with its remedy). Closing the dialog while it runs cancels it:
 * nothing else would show it.
 */
import { useRef, useState } from "react";
import type { ApiError } from "../api/client.ts";
import type { JobKind, JobResults, JobView } from "../api/types.ts";
import { cancelJob, followJob, jobError } from "./jobs.ts";

export type Job<K extends JobKind> = ReturnType<typeof useJob<K>>;

export function useJob<K extends JobKind>() {
  const [job, setJob] = useState<JobView<K> | null>(null);
  const [done, setDone] = useState<JobResults[K] | null>(null);
  const [cancelled, setCancelled] = useState<ApiError | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const ctrl = useRef<AbortController | null>(null);
  // From the press of its button until the app has started the job (and `job` says it runs): the
  // button is disabled meanwhile, so a double click cannot start two jobs.
  const [starting, setStarting] = useState(false);
  const running = job?.state === "running";
  const busy = starting || running;

  /** Starts the job (`begin` asks the app for it) and follows it to its end. */
  const start = async (begin: () => Promise<JobView<K>>) => {
    if (busy) return;
    setStarting(true);
    setError(null);
    setDone(null);
    setCancelled(null);
    ctrl.current = new AbortController();
    const signal = ctrl.current.signal;
    try {
      const started = await begin();
      setStarting(false);
      // Closed while the app was starting it: nothing will show this job, so stop it.
      if (signal.aborted) {
        await cancelJob(started).catch(() => {});
        return;
      }
      const end = await followJob(started, (j) => setJob(j), signal);
      // A cancel that came after the last write still leaves the whole result (an export's file).
      if (end.result !== undefined) setDone(end.result);
      else if (end.state === "cancelled") setCancelled(jobError(end));
      else setError(jobError(end));
    } catch (e) {
      if (!signal.aborted) setError(e);
    } finally {
      setStarting(false);
      setCancelling(false);
    }
  };

  /** Stops the running job in the app; the polling loop then reports how far it got. */
  const cancel = async () => {
    if (!job || !running) return;
    setCancelling(true);
    try {
      await cancelJob(job);
    } catch (e) {
      setCancelling(false);
      setError(e);
    }
  };

  /** The dialog closes: a running job is cancelled and no longer followed. */
  const abandon = () => {
    if (running && job) cancelJob(job).catch(() => {});
    ctrl.current?.abort();
  };

  return {
    job,
    done,
    cancelled,
    cancelling,
    error,
    starting,
    running,
    busy,
    start,
    cancel,
    abandon,
    /** Shows an error of what follows the job (a download of its file). */
    fail: setError,
  };
}
