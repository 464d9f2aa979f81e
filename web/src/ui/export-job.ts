/**
 * One export job of a table, from the press of Export to its end: starting it in the app, its
 * progress, cancelling it (which removes the partial file), how it ended, and the download of a
 * finished file.
 */
import { useRef, useState } from "react";
import { ApiError, call, fetchFile, ui } from "../api/client.ts";
import type { ExportInput, ExportJobResult, JobView } from "../api/types.ts";
import { cancelJob, followJob, jobError } from "./jobs.ts";

export type ExportJob = ReturnType<typeof useExportJob>;

/** How the job is started: a table's export by default, or another export the app runs as a job. */
type Begin = (input: ExportInput) => Promise<JobView<"export">>;

export function useExportJob(connectionId: string, table: string, begin?: Begin) {
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

  const start = async (input: ExportInput) => {
    if (busy) return;
    setStarting(true);
    setError(null);
    setDone(null);
    setCancelled(null);
    ctrl.current = new AbortController();
    const signal = ctrl.current.signal;
    try {
      const started = await (begin ?? ((i) => startExport(connectionId, table, i)))(input);
      setStarting(false);
      // Closed while the app was starting it: nothing will show this export, so stop it.
      if (signal.aborted) {
        await cancelJob(started).catch(() => {});
        return;
      }
      const end = await followJob(started, (j) => setJob(j), signal);
      // A cancel that came after the last document was written still leaves a complete file.
      if (end.result) setDone(end.result);
      else if (end.state === "cancelled") setCancelled(jobError(end));
      else setError(jobError(end));
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
  const abandon = () => {
    if (running && job) cancelJob(job).catch(() => {});
    ctrl.current?.abort();
  };

  const download = () => {
    if (done) downloadFile(done).catch(setError);
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
    download,
  };
}

/** Asks the app to start the export (a job that writes the file). */
function startExport(id: string, table: string, input: ExportInput) {
  return call(ui.connections[":id"].tables[":table"].export.$post, {
    param: { id, table },
    json: input,
  });
}

/** Fetches the finished file with the per-run secret and hands it to the browser as a download. */
async function downloadFile(done: ExportJobResult): Promise<void> {
  const blob = await fetchFile(ui.exports[":file"].$get, { param: { file: done.fileName } }).catch(
    (e: unknown) => {
      if (!(e instanceof ApiError) || e.status === 0) throw e;
      throw new ApiError(e.status, {
        code: "download_failed",
        message: `The download failed (${e.status}).`,
        remedy: "Export again.",
      });
    },
  );
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = done.fileName;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}
