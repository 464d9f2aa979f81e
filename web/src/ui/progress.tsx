/** A progress bar with "done of total", rate and time left when known. */
import type { JobView } from "../api/types.ts";

export function ProgressBar({ label, progress }: { label: string; progress: JobView["progress"] }) {
  const total = progress?.total ?? null;
  const done = progress?.done ?? 0;
  const pct = total ? Math.min(100, Math.round((done / total) * 100)) : null;
  return (
    <div
      className="progress"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={total ?? undefined}
      aria-valuenow={done}
    >
      <div className="progress-label">
        <span>{label}</span>
        <span className="muted">
          {total !== null
            ? `${done.toLocaleString()} of ${total.toLocaleString()}`
            : done
              ? done.toLocaleString()
              : ""}
          {progress?.rate ? ` · ${Math.round(progress.rate).toLocaleString()}/s` : ""}
          {progress?.etaSeconds != null ? ` · ${formatSeconds(progress.etaSeconds)} left` : ""}
        </span>
      </div>
      <div className="progress-track">
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
