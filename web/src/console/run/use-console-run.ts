/**
 * The console run: one run at a time (busy from the press of Run), destructive and admin requests
 * confirmed first, each request's outcome in order, long tasks followed as jobs with progress and cancel,
 * and a stop after a request that was cancelled or partly failed.
 */
import { useCallback, useRef, useState } from "react";
import { call, ui } from "../../api/client.ts";
import type { ConsoleRun, JobView, ParsedConsoleRequest } from "../../api/types.ts";
import { announceDataChanged } from "../../navigation/data-changed.ts";
import { useToasts } from "../../ui/errors.tsx";
import { cancelJob, followJob, jobError } from "../../ui/jobs.ts";

export type RunOutcome = {
  block: ParsedConsoleRequest;
  run?: ConsoleRun;
  error?: unknown;
  /** The request ran as a job that was cancelled; `run` holds how far it got, when known. */
  cancelled?: boolean;
};

export type RunAnswer = { kind: "run"; run: ConsoleRun } | { kind: "job"; job: JobView<"console"> };

/** Destructive and admin requests waiting for the user's yes or no. */
export interface PendingConfirm {
  blocks: ParsedConsoleRequest[];
  resolve: (ok: boolean) => void;
}

/** What a job's ending means for the request it ran. */
function jobOutcome(block: ParsedConsoleRequest, end: JobView<"console">): RunOutcome {
  if (end.state === "done" && end.result) return { block, run: end.result };
  if (end.state === "cancelled")
    return { block, cancelled: true, ...(end.result ? { run: end.result } : {}) };
  return { block, error: jobError(end) };
}

/** Whether the requests after this one should not run: it was cancelled, stopped or partly failed. */
function stopsTheRest(outcome: RunOutcome): "cancelled" | "partly failed" | undefined {
  if (outcome.cancelled) return "cancelled";
  const result = outcome.run?.result;
  const partly =
    result?.kind === "json" &&
    (result.task?.outcome === "stopped" || result.itemFailures !== undefined);
  return partly ? "partly failed" : undefined;
}

/** One run at a time: `exclusive(work)` is busy from its first moment; a second is ignored. */
function useExclusive(onError: (e: unknown) => void) {
  // The ref guards the keyboard shortcuts, which skip the disabled button.
  const [running, setRunning] = useState(false);
  const runningRef = useRef(false);
  const exclusive = useCallback(
    async (work: () => Promise<void>) => {
      if (runningRef.current) return;
      runningRef.current = true;
      setRunning(true);
      try {
        await work();
      } catch (e) {
        onError(e);
      } finally {
        runningRef.current = false;
        setRunning(false);
      }
    },
    [onError],
  );
  return { running, exclusive };
}

/** A yes or no asked of the user, as a promise. */
function useConfirm() {
  const [confirm, setConfirm] = useState<PendingConfirm | null>(null);
  const askConfirm = useCallback(
    (blocks: ParsedConsoleRequest[]) =>
      new Promise<boolean>((resolve) => setConfirm({ blocks, resolve })),
    [],
  );
  const answerConfirm = useCallback(
    (ok: boolean) => {
      confirm?.resolve(ok);
      setConfirm(null);
    },
    [confirm],
  );
  return { confirm, askConfirm, answerConfirm };
}

/** One request sent; a long task followed as a job, with its progress and a cancel. */
function useRunOne(connectionId: string, onError: (e: unknown) => void) {
  const [job, setJob] = useState<JobView | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const runOne = useCallback(
    async (block: ParsedConsoleRequest): Promise<RunOutcome> => {
      if (!block.request) return { block, error: block.error };
      try {
        const answer = await call(ui.connections[":id"].console.run.$post, {
          param: { id: connectionId },
          json: { request: block.request },
        });
        return answer.kind === "run"
          ? { block, run: answer.run }
          : jobOutcome(block, await followJob(answer.job, (j) => setJob(j)));
      } catch (e) {
        return { block, error: e };
      } finally {
        setJob(null);
        setCancelling(false);
      }
    },
    [connectionId],
  );
  const cancelRunning = useCallback(async () => {
    if (!job) return;
    setCancelling(true);
    try {
      await cancelJob(job);
    } catch (e) {
      setCancelling(false);
      onError(e);
    }
  }, [job, onError]);
  return { job, cancelling, runOne, cancelRunning };
}

export function useConsoleRun(connectionId: string) {
  const toasts = useToasts();
  const onError = useCallback((e: unknown) => toasts.error(e), [toasts]);
  const [outcomes, setOutcomes] = useState<RunOutcome[]>([]);
  const { running, exclusive } = useExclusive(onError);
  const { confirm, askConfirm, answerConfirm } = useConfirm();
  const { job, cancelling, runOne, cancelRunning } = useRunOne(connectionId, onError);

  const runBlocks = useCallback(
    async (blocks: ParsedConsoleRequest[]): Promise<RunOutcome[]> => {
      if (blocks.length === 0) return [];
      const dangerous = blocks.filter(
        (b) => b.classification === "destructive" || b.classification === "admin",
      );
      if (dangerous.length > 0 && !(await askConfirm(dangerous))) return [];
      setOutcomes([]);
      const out: RunOutcome[] = [];
      for (const [i, block] of blocks.entries()) {
        const outcome = await runOne(block);
        out.push(outcome);
        setOutcomes([...out]);
        const left = blocks.length - i - 1;
        const which = stopsTheRest(outcome);
        if (which && left > 0) {
          // The requests after it may rely on it: stop rather than run them anyway.
          toasts.info(
            left === 1
              ? `Stopped: the request after the ${which} one was not run.`
              : `Stopped: the ${left} requests after the ${which} one were not run.`,
          );
          break;
        }
      }
      // What a write may have changed (document counts in the sidebar) is loaded again, also
      // after a failure or a cancel: part of it may have been done.
      if (out.some((o) => o.block.request && o.block.classification !== "read"))
        announceDataChanged(connectionId);
      return out;
    },
    [askConfirm, runOne, toasts, connectionId],
  );

  return {
    outcomes,
    running,
    job,
    cancelling,
    confirm,
    answerConfirm,
    runBlocks,
    cancelRunning,
    exclusive,
  };
}
