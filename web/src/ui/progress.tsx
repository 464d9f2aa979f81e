/**
 * A progress bar with "done of total", rate and time left when known, and Cancel when offered;
 * and a job's, after a spinner while it starts.
 */
import type { JobView } from "../api/types.ts";
import { Loading } from "./loading.tsx";

export function ProgressBar({
  label,
  progress,
  onCancel,
  cancelling = false,
}: {
  label: string;
  progress: JobView["progress"];
  /** Offers a Cancel button (long tasks the app can stop). */
  onCancel?: () => void;
  /** Cancel was asked for and the task has not stopped yet. */
  cancelling?: boolean;
}) {
  // A total of 0 while work goes on means "not counted yet" (a task before its first search),
  // not "nothing to do": show the bar as indeterminate rather than "0 of 0".
  const total = progress?.total || null;
  const done = progress?.done ?? 0;
  const pct = total ? Math.min(100, Math.round((done / total) * 100)) : null;
  const counts =
    total !== null
      ? `${done.toLocaleString()} of ${total.toLocaleString()}`
      : done
        ? done.toLocaleString()
        : "";
  return (
    <div className="progress">
      <div className="progress-label">
        <span>{label}</span>
        <span className="muted" data-testid="progress-counts">
          {counts}
          {progress?.rate ? ` · ${Math.round(progress.rate).toLocaleString()}/s` : ""}
          {progress?.etaSeconds != null ? ` · ${formatSeconds(progress.etaSeconds)} left` : ""}
          {cancelling ? " · cancelling…" : ""}
        </span>
        {onCancel ? (
          // Outside the progressbar element: a progressbar's children are presentational.
          <button type="button" className="small" onClick={onCancel} disabled={cancelling}>
            Cancel
          </button>
        ) : null}
      </div>
      <div
        className="progress-track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={total ?? undefined}
        aria-valuenow={total !== null ? done : undefined}
        aria-valuetext={counts || "starting"}
      >
        <div
          className={pct === null ? "progress-fill indeterminate" : "progress-fill"}
          style={pct === null ? undefined : { width: `${pct}%` }}
        />
      </div>
    </div>
  );
}

function formatSeconds(s: number): string {
  if (s < 60) return `${Math.ceil(s)} s`;
  const m = Math.floor(s / 60);
  return `${m} min ${Math.ceil(s % 60)} s`;
}

/** A job's progress bar while it runs, after a spinner while it starts when `starting` names it. */
export function JobProgress({
  job,
  starting,
}: {
  job: { starting: boolean; running: boolean; cancelling: boolean; job: JobView | null };
  starting?: string;
}) {
  return (
    <>
      {starting ? <Loading active={job.starting} label={starting} /> : null}
      {job.running && job.job ? (
        <ProgressBar
          label={job.job.label}
          progress={job.job.progress}
          cancelling={job.cancelling}
        />
      ) : null}
    </>
  );
}
