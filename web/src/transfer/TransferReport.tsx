/**
 * How a copy or an import ended: the counts (the copy's source and target counts compared), the
 * documents that were not written, each with its line or _id and the reason (the first ones; the
 * file named holds them all), and an import's progress while it runs (documents written, failed,
 * how much of the file is read, time left).
 */
import type { CopyJobResult, ImportJobResult, JobView, TransferFailure } from "../api/types.ts";

const n = (x: number) => x.toLocaleString("en-US");
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Failures shown in the dialog; the failures file holds every one. */
const SHOWN = 50;

export function CopyReportView({ report: r }: { report: CopyJobResult }) {
  const held = r.targetRecords - r.targetBefore;
  return (
    <div className="transfer-report" data-testid="copy-report">
      <div className={r.failedCount ? "transfer-warn" : "ok-note"} role="status">
        Copied {n(r.written)} of {n(r.expected)} documents from <code>{r.source}</code> to{" "}
        <code>{r.target}</code>
        {r.created ? " (created)" : ""} in {seconds(r.durationMs)}.
      </div>
      <p data-testid="copy-count-check">
        Count check: the source held {n(r.expected)}; {n(r.written)} written
        {r.failedCount ? `, ${n(r.failedCount)} failed` : ""}; the target holds {n(r.targetRecords)}
        {r.targetBefore ? ` (${n(held)} more than the ${n(r.targetBefore)} before)` : ""}: they
        match.
      </p>
      {r.notes.length > 0 ? (
        <ul className="transfer-notes" aria-label="Left out or changed">
          {r.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      ) : null}
      <FailureList
        count={r.failedCount}
        failures={r.failed}
        file={r.failuresFile}
        where={(f) => `_id ${f.key ?? "(none)"}`}
      />
    </div>
  );
}

export function ImportReportView({ report: r }: { report: ImportJobResult }) {
  return (
    <div className="transfer-report" data-testid="import-report">
      <div className={r.failedCount ? "transfer-warn" : "ok-note"} role="status">
        Imported {n(r.written)} documents from <code>{r.input}</code> ({r.shape ?? "empty"},{" "}
        {n(r.lines)} lines) into <code>{r.table}</code>
        {r.created ? " (created)" : ""} in {seconds(r.durationMs)}; it holds {n(r.tableRecords)}.
      </div>
      <FailureList
        count={r.failedCount}
        failures={r.failed}
        file={r.failuresFile}
        where={(f) => `Line ${f.origin}${f.key ? ` (_id ${f.key})` : ""}`}
        lines
      />
    </div>
  );
}

function FailureList({
  count,
  failures,
  file,
  where,
  lines = false,
}: {
  count: number;
  failures: TransferFailure[];
  file: string | null;
  where: (f: TransferFailure) => string;
  lines?: boolean;
}) {
  if (count === 0) return null;
  return (
    <div className="transfer-failures">
      <p>
        {n(count)}{" "}
        {lines
          ? count === 1
            ? "line was not imported"
            : "lines were not imported"
          : count === 1
            ? "document failed"
            : "documents failed"}
        :
      </p>
      <ul data-testid="transfer-failures">
        {failures.slice(0, SHOWN).map((f) => (
          <li key={`${f.origin}-${f.key}`}>
            <strong>{where(f)}</strong>: {f.status ? `${f.status} ` : ""}
            {f.reason}
          </li>
        ))}
      </ul>
      {count > Math.min(SHOWN, failures.length) ? (
        <p className="hint">… and {n(count - Math.min(SHOWN, failures.length))} more.</p>
      ) : null}
      {file ? (
        <p className="hint">
          Every one, with its reason, is in <code data-testid="failures-file">{file}</code>.
        </p>
      ) : null}
    </div>
  );
}

/** An import's progress: the bar follows the file read, the words count documents. */
export function ImportProgress({
  job,
  onCancel,
  cancelling,
}: {
  job: JobView;
  onCancel: () => void;
  cancelling: boolean;
}) {
  const p = job.progress;
  const pct = p?.total ? Math.min(100, Math.round((p.done / p.total) * 100)) : null;
  const words = [
    `${n(p?.written ?? 0)} documents written`,
    p?.failed ? `${n(p.failed)} failed` : null,
    pct !== null ? `${pct}% of the file` : null,
    p?.etaSeconds != null ? `${Math.ceil(p.etaSeconds)} s left` : null,
    cancelling ? "cancelling…" : null,
  ].filter(Boolean);
  return (
    <div className="progress">
      <div className="progress-label">
        <span>{job.label}</span>
        <span className="muted" data-testid="progress-counts">
          {words.join(" · ")}
        </span>
        <button type="button" className="small" onClick={onCancel} disabled={cancelling}>
          Cancel
        </button>
      </div>
      <div
        className="progress-track"
        role="progressbar"
        aria-label={job.label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct ?? undefined}
        aria-valuetext={words.join(", ")}
      >
        <div
          className={pct === null ? "progress-fill indeterminate" : "progress-fill"}
          style={pct === null ? undefined : { width: `${pct}%` }}
        />
      </div>
    </div>
  );
}
