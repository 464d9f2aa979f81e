/**
 * Export with a format choice, the current filter or the whole index, progress, then a download.
 * A running export can be cancelled (Cancel export, or closing the dialog any way: its Cancel, ×,
 * Escape, a click beside it): the app stops it and removes the partial file, and the dialog says
 * how far it got.
 */
import { useRef, useState } from "react";
import { ApiError, post, SECRET_HEADER, seg } from "../api/client.ts";
import type { BrowseRequest, ExportFormat, ExportJobResult, JobView } from "../api/types.ts";
import { ErrorNote } from "../ui/errors.tsx";
import { cancelJob, followJob, jobError } from "../ui/jobs.ts";
import { Loading } from "../ui/loading.tsx";
import { Modal } from "../ui/modal.tsx";
import { ProgressBar } from "../ui/progress.tsx";

/** The driver's default batch (core's ExportOptions.batchSize). */
const DEFAULT_BATCH = 5_000;

const FORMATS: { value: ExportFormat; label: string; hint: string }[] = [
  { value: "ndjson", label: "NDJSON", hint: "one document per line, ready for _bulk" },
  {
    value: "csv",
    label: "CSV",
    hint: "the grid's columns, JSON in cells holding arrays or objects",
  },
  { value: "json", label: "JSON", hint: "one array of documents" },
];

export function ExportDialog({
  connectionId,
  table,
  filters,
  rawQuery,
  onClose,
}: {
  connectionId: string;
  table: string;
  filters: BrowseRequest["filters"];
  rawQuery: string | undefined;
  onClose: () => void;
}) {
  const filtered = (filters?.length ?? 0) > 0 || !!rawQuery;
  const [format, setFormat] = useState<ExportFormat>("ndjson");
  const [scope, setScope] = useState<"filter" | "all">(filtered ? "filter" : "all");
  const [batchSize, setBatchSize] = useState(String(DEFAULT_BATCH));
  const [job, setJob] = useState<JobView | null>(null);
  const [done, setDone] = useState<ExportJobResult | null>(null);
  const [cancelled, setCancelled] = useState<{ message: string; remedy: string } | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const ctrl = useRef<AbortController | null>(null);
  // From the press of Export until the app has started the job (and `job` says it runs): Export
  // is disabled meanwhile, so a double click cannot start two exports.
  const [starting, setStarting] = useState(false);
  const running = job?.state === "running";
  const busy = starting || running;

  const start = async () => {
    if (busy) return;
    setStarting(true);
    setError(null);
    setDone(null);
    setCancelled(null);
    ctrl.current = new AbortController();
    const signal = ctrl.current.signal;
    try {
      const started = await post<JobView<ExportJobResult>>(
        `/connections/${seg(connectionId)}/tables/${seg(table)}/export`,
        {
          format,
          ...(scope === "filter" ? { filters, rawQuery } : {}),
          ...(batchSize.trim() ? { batchSize: Number(batchSize) } : {}),
        },
      );
      setStarting(false);
      // Closed while the app was starting it: nothing will show this export, so stop it.
      if (signal.aborted) {
        await cancelJob(started).catch(() => {});
        return;
      }
      const end = await followJob(started, (j) => setJob(j), signal);
      // A cancel that came after the last document was written still leaves a complete file.
      if (end.result) setDone(end.result);
      else if (end.state === "cancelled") {
        const why = jobError(end);
        setCancelled({ message: why.message, remedy: why.remedy });
      } else setError(jobError(end));
    } catch (e) {
      setError(e);
    } finally {
      setStarting(false);
      setCancelling(false);
    }
  };

  /** Stops the running export in the app; the polling loop then reports how far it got. */
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

  /** Closing the dialog while an export runs cancels it: nothing else shows it or its file. */
  const close = () => {
    if (running && job) cancelJob(job).catch(() => {});
    ctrl.current?.abort();
    onClose();
  };

  const download = async () => {
    if (!done) return;
    try {
      const secret = sessionStorage.getItem("quarry.secret") ?? "";
      const res = await fetch(`/api${done.downloadUrl}`, { headers: { [SECRET_HEADER]: secret } });
      if (!res.ok)
        throw new ApiError(res.status, {
          code: "download_failed",
          message: `The download failed (${res.status}).`,
          remedy: "Export again.",
        });
      const blob = await res.blob();
      const a = document.createElement("a");
      a.href = URL.createObjectURL(blob);
      a.download = done.fileName;
      a.click();
      setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
    } catch (e) {
      setError(e);
    }
  };

  return (
    <Modal
      title={`Export ${table}`}
      onClose={close}
      footer={
        <>
          {running ? (
            <button type="button" onClick={cancel} disabled={cancelling}>
              {cancelling ? "Cancelling…" : "Cancel export"}
            </button>
          ) : (
            <button type="button" onClick={close}>
              {done ? "Close" : "Cancel"}
            </button>
          )}
          {done ? (
            <button type="button" className="primary" onClick={download}>
              Download {done.fileName}
            </button>
          ) : (
            <button type="button" className="primary" onClick={start} disabled={busy}>
              Export
            </button>
          )}
        </>
      }
    >
      <fieldset className="choices" disabled={busy}>
        <legend>Format</legend>
        {FORMATS.map((f) => (
          <label key={f.value} className="radio">
            <input
              type="radio"
              name="format"
              value={f.value}
              checked={format === f.value}
              onChange={() => setFormat(f.value)}
            />
            {f.label} <span className="hint">{f.hint}</span>
          </label>
        ))}
      </fieldset>
      <fieldset className="choices" disabled={busy}>
        <legend>Documents</legend>
        <label className="radio">
          <input
            type="radio"
            name="scope"
            checked={scope === "all"}
            onChange={() => setScope("all")}
          />
          The whole index
        </label>
        <label className="radio">
          <input
            type="radio"
            name="scope"
            checked={scope === "filter"}
            onChange={() => setScope("filter")}
            disabled={!filtered}
          />
          The current filter{filtered ? "" : " (no filter set)"}
        </label>
      </fieldset>
      <details className="advanced">
        <summary>Advanced</summary>
        <label className="field">
          <span>Documents per request</span>
          <input
            type="number"
            min={1}
            max={10_000}
            step={1}
            value={batchSize}
            onChange={(e) => setBatchSize(e.target.value)}
            disabled={busy}
          />
        </label>
        <span className="hint">
          5,000 by default. Fewer for large documents: each request holds this many.
        </span>
      </details>
      <p className="hint">
        Export reads through a point in time, so it is not capped at 10,000 documents.
      </p>
      {/* Only while it runs: once it ends, the note below says how it ended and how far it got. */}
      <Loading active={starting} label="Starting the export…" />
      {running ? (
        <ProgressBar label={job.label} progress={job.progress} cancelling={cancelling} />
      ) : null}
      {done ? (
        <div className="ok-note" role="status" data-testid="export-done">
          Exported {done.written.toLocaleString("en-US")} of {done.expected.toLocaleString("en-US")}{" "}
          documents to <code>{done.out}</code>.
        </div>
      ) : null}
      {cancelled ? (
        <div className="hint" role="status" data-testid="export-cancelled">
          {cancelled.message} {cancelled.remedy}
        </div>
      ) : null}
      <ErrorNote error={error} />
    </Modal>
  );
}
