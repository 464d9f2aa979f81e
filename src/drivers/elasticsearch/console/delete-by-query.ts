/**
 * Bulk delete (`_delete_by_query`: asynchronous, with conflicts reported per document), and
 * the same for its siblings `_update_by_query` and `_reindex`: the request is sent with
 * `wait_for_completion=false`, the task is polled through the tasks API until it ends, with
 * progress, and its final answer becomes a report that lists every document that conflicted or
 * failed. Cancelling the caller's signal cancels the task on the cluster.
 *
 * `taskReport` and `taskProgress` are pure; `runAsTask` and `pollTask` talk to the cluster.
 */
import { setTimeout as sleep } from "node:timers/promises";
import type { DocumentFailure, TaskProgress, TaskReport } from "../../../core/console.ts";
import { esErrors } from "../wire/error-catalog.ts";
import { httpError } from "../wire/errors.ts";
import type { EsRequest, EsTransport } from "../wire/transport.ts";

const FIRST_POLL_MS = 250;
const MAX_POLL_MS = 2_000;

/** The counters a bulk-by-query task reports while it runs and when it ends. */
interface BulkByScrollStatus {
  total?: number;
  deleted?: number;
  updated?: number;
  created?: number;
  batches?: number;
  version_conflicts?: number;
  noops?: number;
  timed_out?: boolean;
  took?: number;
  failures?: RawFailure[];
}

interface Cause {
  type?: string;
  reason?: string;
  caused_by?: Cause;
}

/** A bulk failure names a document; a search failure names a shard. */
interface RawFailure {
  index?: string;
  id?: string;
  status?: number;
  cause?: Cause;
  shard?: number;
  node?: string;
  reason?: Cause;
}

/** `GET /_tasks/<id>` */
export interface TasksApiBody {
  completed?: boolean;
  task?: { action?: string; status?: BulkByScrollStatus; cancelled?: boolean };
  response?: BulkByScrollStatus & Record<string, unknown>;
  error?: Cause;
}

/** Pure: progress of a running (or finished) task from the tasks API's answer. */
export function taskProgress(task: string, body: TasksApiBody): TaskProgress {
  const s = body.response ?? body.task?.status ?? {};
  const deleted = s.deleted ?? 0;
  const versionConflicts = s.version_conflicts ?? 0;
  const done = deleted + (s.updated ?? 0) + (s.created ?? 0) + (s.noops ?? 0) + versionConflicts;
  return {
    task,
    done,
    total: typeof s.total === "number" ? s.total : null,
    deleted,
    versionConflicts,
  };
}

/** Pure: the final report of a task, from the tasks API's answer. */
export function taskReport(task: string, body: TasksApiBody): TaskReport {
  const s: BulkByScrollStatus = body.response ?? body.task?.status ?? {};
  const failures: DocumentFailure[] = [];
  const searchFailures: TaskReport["searchFailures"] = [];
  for (const f of s.failures ?? []) {
    if (f.cause || f.id !== undefined) {
      const type = f.cause?.type ?? "error";
      failures.push({
        index: f.index ?? null,
        id: f.id ?? null,
        status: f.status ?? null,
        type,
        reason: f.cause?.reason ?? "",
        conflict: f.status === 409 || type === "version_conflict_engine_exception",
      });
    } else {
      searchFailures.push({
        index: f.index ?? null,
        shard: f.shard ?? null,
        type: f.reason?.type ?? "error",
        reason: deepestReason(f.reason),
      });
    }
  }
  const report: TaskReport = {
    task,
    action: body.task?.action ?? "",
    completed: body.completed === true,
    total: typeof s.total === "number" ? s.total : null,
    deleted: s.deleted ?? 0,
    updated: s.updated ?? 0,
    created: s.created ?? 0,
    noops: s.noops ?? 0,
    versionConflicts: s.version_conflicts ?? 0,
    batches: s.batches ?? 0,
    timedOut: s.timed_out === true,
    failures,
    searchFailures,
    response: body,
    tookMs: typeof s.took === "number" ? s.took : null,
    outcome: "completed",
    notAttempted: null,
  };
  if (body.error)
    report.error = { type: body.error.type ?? "error", reason: deepestReason(body.error) };
  else if (body.task?.cancelled && !body.response)
    report.error = { type: "task_cancelled", reason: "the task was cancelled" };
  return settle(report);
}

/** The task's endpoint in words: what it does to a document. */
const DONE_WORD: Record<string, string> = {
  "indices:data/write/delete/byquery": "deleted",
  "indices:data/write/update/byquery": "updated",
  "indices:data/write/reindex": "copied",
};

/**
 * Pure: how a report ends. A bulk-by-query task stops at the first batch that had failures (a
 * version conflict, unless asked to proceed past them), and the cluster still calls it
 * "completed": the documents after that batch were never attempted, and the report says so.
 */
export function settle(report: TaskReport): TaskReport {
  const failed = report.failures.filter((f) => !f.conflict).length;
  const handled =
    report.deleted +
    report.updated +
    report.created +
    report.noops +
    report.versionConflicts +
    failed;
  const left = report.total === null ? null : Math.max(0, report.total - handled);
  const conflicts = report.failures.some((f) => f.conflict);
  const failures = failed > 0 || report.searchFailures.length > 0;
  let outcome: TaskReport["outcome"] = "completed";
  let stop: TaskReport["stop"];
  if (report.error) outcome = report.error.type === "task_cancelled" ? "cancelled" : "failed";
  else if (conflicts || failures || report.timedOut) {
    outcome = "stopped";
    const word = DONE_WORD[report.action] ?? "handled";
    stop =
      conflicts && !failures
        ? {
            reason: `the cluster stopped it at its first version conflict (documents changed while it ran), as it does unless told to proceed`,
            remedy: `To go on past version conflicts, run it again with conflicts=proceed in the path: the documents that changed are then counted as conflicts and left as they are, and the others are ${word}. What was ${word} stays ${word}.`,
          }
        : report.timedOut
          ? {
              reason: "a batch timed out on the cluster",
              remedy: `Run it again (what was ${word} stays ${word}); a smaller scroll_size or a longer timeout helps a slow cluster.`,
            }
          : {
              reason: "the cluster stopped it at its first batch with failures",
              remedy: `Fix the cause the failures below name, then run it again; what was ${word} stays ${word}.`,
            };
  }
  const { stop: _earlier, ...rest } = report;
  return {
    ...rest,
    outcome,
    notAttempted: outcome === "completed" ? 0 : left,
    ...(stop ? { stop } : {}),
  };
}

/** The stop's remedy with the request to send instead, when proceeding past conflicts is it. */
export function withProceedExample(report: TaskReport, method: string, path: string): TaskReport {
  const stop = report.stop;
  if (!stop?.remedy.includes("conflicts=proceed")) return report;
  const again = `${method} ${withParam(path, "conflicts", "proceed")}`;
  return {
    ...report,
    stop: { ...stop, remedy: stop.remedy.replace("in the path", `in the path (${again})`) },
  };
}

function deepestReason(cause: Cause | undefined): string {
  let reason = cause?.reason ?? "";
  let cur = cause?.caused_by;
  for (let depth = 0; cur && depth < 5; depth++) {
    if (cur.reason) reason = `${reason}${reason ? ": " : ""}${cur.reason}`;
    cur = cur.caused_by;
  }
  return reason;
}

export interface TaskOptions {
  signal?: AbortSignal;
  onProgress?: (p: TaskProgress) => void;
  /** First pause between polls; it grows to MAX_POLL_MS. */
  pollMs?: number;
}

/**
 * Sends `start` as a task (`wait_for_completion=false` in its query) and waits for it to end.
 * A refusal of the start request itself (bad query, missing index) is thrown as the cluster's error.
 */
export async function runAsTask(
  transport: EsTransport,
  start: EsRequest,
  options: TaskOptions = {},
): Promise<TaskReport> {
  const path = withParam(start.path, "wait_for_completion", "false");
  const res = await transport.request<{ task?: string }>({
    ...start,
    path,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  if (res.status < 200 || res.status > 299) throw httpError(res.status, res.body);
  const task = res.body?.task;
  if (typeof task !== "string") {
    throw esErrors.clusterError(
      res.status,
      "no_task",
      `the cluster did not start a task for ${start.method} ${start.path}`,
    );
  }
  return pollTask(transport, task, options);
}

/** Polls `GET /_tasks/<task>` until it completes; on abort, cancels the task and reports that. */
export async function pollTask(
  transport: EsTransport,
  task: string,
  options: TaskOptions = {},
): Promise<TaskReport> {
  let pause = options.pollMs ?? FIRST_POLL_MS;
  for (;;) {
    if (options.signal?.aborted) return cancelTask(transport, task);
    const res = await transport.request<TasksApiBody>({
      method: "GET",
      path: `/_tasks/${encodeURIComponent(task)}`,
    });
    if (res.status < 200 || res.status > 299) throw httpError(res.status, res.body);
    const body = res.body;
    options.onProgress?.(taskProgress(task, body));
    if (body.completed) return taskReport(task, body);
    try {
      await sleep(pause, undefined, options.signal ? { signal: options.signal } : {});
    } catch {
      return cancelTask(transport, task);
    }
    pause = Math.min(pause * 2, MAX_POLL_MS);
  }
}

/** Cancels the task and waits for its final state, so the report says what was done before. */
async function cancelTask(transport: EsTransport, task: string): Promise<TaskReport> {
  await transport.request({
    method: "POST",
    path: `/_tasks/${encodeURIComponent(task)}/_cancel`,
  });
  for (let i = 0; i < 50; i++) {
    const res = await transport.request<TasksApiBody>({
      method: "GET",
      path: `/_tasks/${encodeURIComponent(task)}`,
    });
    if (res.status >= 200 && res.status < 300 && res.body.completed) {
      const report = taskReport(task, res.body);
      // Cancelling may end the task in an error of its own (its search interrupted): say both.
      const own = report.error ? ` (${report.error.type}: ${report.error.reason})` : "";
      report.error = { type: "task_cancelled", reason: `the task was cancelled${own}` };
      return settle(report);
    }
    await sleep(200);
  }
  const report = taskReport(task, {});
  report.error = {
    type: "task_cancelled",
    reason: "cancellation was requested; the cluster had not confirmed it yet",
  };
  return settle(report);
}

/** Sets a query parameter in a path, dropping any value it had, leaving the others as typed. */
export function withParam(path: string, key: string, value: string): string {
  const q = path.indexOf("?");
  const base = q === -1 ? path : path.slice(0, q);
  const kept = (q === -1 ? "" : path.slice(q + 1))
    .split("&")
    .filter((pair) => pair !== "" && paramName(pair) !== key);
  kept.push(`${encodeURIComponent(key)}=${encodeURIComponent(value)}`);
  return `${base}?${kept.join("&")}`;
}

function paramName(pair: string): string {
  const name = pair.split("=")[0] ?? "";
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}
