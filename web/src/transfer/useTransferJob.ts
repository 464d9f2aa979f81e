/**
 * One copy or import job, from the press of its button to its end: starting it in the app, its
 * progress, cancelling it, and how it ended (its report, the cancellation, or the error with its
 * remedy). Closing the dialog while it runs cancels it: nothing else would show it.
 */
import { useRef, useState } from "react";
import type { JobResults, JobView } from "../api/types.ts";
import { cancelJob, followJob, jobError } from "../ui/jobs.ts";

type TransferKind = "copy" | "import";

export type TransferJob<K extends TransferKind> = ReturnType<typeof useTransferJob<K>>;

export function useTransferJob<K extends TransferKind>() {
  const [job, setJob] = useState<JobView<K> | null>(null);
  const [done, setDone] = useState<JobResults[K] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [cancelled, setCancelled] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [starting, setStarting] = useState(false);
  const ctrl = useRef<AbortController | null>(null);
  const running = job?.state === "running";
  const busy = starting || running;

  /** Starts the job (`begin` asks the app for it) and follows it to its end. */
  const start = async (begin: () => Promise<JobView<K>>) => {
    if (busy) return;
    setStarting(true);
    setError(null);
    setDone(null);
    setCancelled(false);
    ctrl.current = new AbortController();
    const signal = ctrl.current.signal;
    try {
      const started = await begin();
      setStarting(false);
      if (signal.aborted) {
        await cancelJob(started).catch(() => {});
        return;
      }
      const end = await followJob(started, (j) => setJob(j), signal);
      if (end.state === "done" && end.result !== undefined) setDone(end.result);
      else {
        setCancelled(end.state === "cancelled");
        setError(jobError(end));
      }
    } catch (e) {
      if (!signal.aborted) setError(e);
    } finally {
      setStarting(false);
      setCancelling(false);
    }
  };

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

  const abandon = () => {
    if (running && job) cancelJob(job).catch(() => {});
    ctrl.current?.abort();
  };

  return {
    job,
    done,
    error,
    cancelled,
    cancelling,
    starting,
    running,
    busy,
    start,
    cancel,
    abandon,
  };
}
