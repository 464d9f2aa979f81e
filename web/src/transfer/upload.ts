/**
 * A local file sent to the app for an import: its bytes as the request body (the browser streams
 * the file, and the app writes it to its data folder as it comes), with the per-run secret like
 * every API request. Removing it tells the app the dialog no longer needs it.
 */
import { ApiError, call, sendFile, ui } from "../api/client.ts";
import type { UploadAnswer } from "../api/types.ts";

export async function uploadFile(file: File, signal?: AbortSignal): Promise<UploadAnswer> {
  try {
    return await sendFile(ui.uploads.$post, { query: { name: file.name } }, file, signal);
  } catch (e) {
    // An answer without the app's error in it: say the file did not get through.
    if (e instanceof ApiError && (e.code === "http_error" || e.code === "bad_response"))
      throw new ApiError(e.status, {
        code: "upload_failed",
        message: `The file could not be sent to Quarry (${e.status}).`,
        remedy: "Pick the file again.",
      });
    throw e;
  }
}

export function removeUpload(id: string): Promise<unknown> {
  return call(ui.uploads[":upload"].$delete, { param: { upload: id } }).catch(() => undefined);
}
