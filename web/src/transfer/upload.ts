/**
 * A local file sent to the app for an import: its bytes as the request body (the browser streams
 * the file, and the app writes it to its data folder as it comes), with the per-run secret like
 * every API request. Removing it tells the app the dialog no longer needs it.
 */
import { ApiError, type ApiErrorBody, del, SECRET_HEADER, seg, toApiError } from "../api/client.ts";
import type { UploadAnswer } from "../api/types.ts";

export async function uploadFile(file: File, signal?: AbortSignal): Promise<UploadAnswer> {
  const secret = sessionStorage.getItem("quarry.secret") ?? "";
  let res: Response;
  try {
    res = await fetch(`/api/uploads?name=${encodeURIComponent(file.name)}`, {
      method: "POST",
      headers: { [SECRET_HEADER]: secret, "Content-Type": "application/octet-stream" },
      body: file,
      credentials: "same-origin",
      cache: "no-store",
      ...(signal ? { signal } : {}),
    });
  } catch (e) {
    throw toApiError(e);
  }
  const body = (await res.json().catch(() => null)) as
    | (UploadAnswer & { error?: ApiErrorBody })
    | null;
  if (!res.ok || !body || body.error)
    throw new ApiError(
      res.status,
      body?.error ?? {
        code: "upload_failed",
        message: `The file could not be sent to Quarry (${res.status}).`,
        remedy: "Pick the file again.",
      },
    );
  return body;
}

export function removeUpload(id: string): Promise<unknown> {
  return del(`/uploads/${seg(id)}`).catch(() => undefined);
}
