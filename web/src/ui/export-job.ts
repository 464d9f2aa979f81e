/**
 * One export job of a table, from the press of Export to its end: starting it in the app, its
 * progress, cancelling it (which removes the partial file), how it ended, and the download of a
 * finished file.
 */
import { ApiError, call, fetchFile, ui } from "../api/client.ts";
import type { ExportInput, ExportJobResult, JobView } from "../api/types.ts";
import { useJob } from "./use-job.ts";

export type ExportJob = ReturnType<typeof useExportJob>;

/** How the job is started: a table's export by default, or another export the app runs as a job. */
type Begin = (input: ExportInput) => Promise<JobView<"export">>;

export function useExportJob(connectionId: string, table: string, begin?: Begin) {
  const job = useJob<"export">();
  const { done, fail } = job;
  return {
    ...job,
    start: (input: ExportInput) =>
      job.start(() => (begin ?? ((i) => startExport(connectionId, table, i)))(input)),
    download: () => {
      if (done) downloadFile(done).catch(fail);
    },
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
