/**
 * What the UI's API answers: a handler's value as JSON, a file to download, or an error as
 * `{ error: { code, message, remedy, details } }` with the status of core's one table
 * (core/error-status.ts) and the UI's own words for the remedy.
 */
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { Readable } from "node:stream";
import { statusOf } from "../../../core/error-status.ts";
import { isQuarryError, QuarryError, remedyFor } from "../../../core/errors.ts";

/** A handler's answer: JSON, or a file to stream (downloads). */
export type ApiResult =
  | { kind: "json"; status: number; body: unknown }
  | { kind: "file"; path: string; fileName: string; contentType: string };

/** Marks a handler's answer as a file download instead of JSON. */
export class FileAnswer {
  readonly path: string;
  readonly fileName: string;
  readonly contentType: string;
  constructor(path: string, fileName: string, contentType: string) {
    this.path = path;
    this.fileName = fileName;
    this.contentType = contentType;
  }
}

/** A refusal of malformed input from the browser. */
export function badInput(message: string, remedy = "Reload the page and try again."): QuarryError {
  return new QuarryError("invalid_input", message, remedy);
}

export function notFound(message: string, remedy: string): QuarryError {
  return new QuarryError("invalid_input", message, remedy, { status: 404 });
}

export function errorResult(e: unknown): ApiResult {
  if (isQuarryError(e)) {
    const details = { ...e.details };
    delete details.status; // said by the answer's own status
    return {
      kind: "json",
      status: statusOf(e),
      // The UI's own words: its screens and buttons, never a command to type.
      body: { error: { code: e.code, message: e.message, remedy: remedyFor(e, "ui"), details } },
    };
  }
  // A bug, not a refusal: say so plainly, with what went wrong, rather than hide it.
  const message = e instanceof Error ? e.message : String(e);
  return {
    kind: "json",
    status: 500,
    body: {
      error: {
        code: "internal_error",
        message: `Quarry failed unexpectedly: ${message}`,
        remedy: "Try again; if it keeps failing, restart Quarry and report the message.",
        details: {},
      },
    },
  };
}

const NO_STORE = { "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" };

/** A JSON answer of the API, never cached. */
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...NO_STORE, "Content-Type": "application/json; charset=utf-8" },
  });
}

/** The API's answer as a Response: the JSON as it is, or the file streamed from disk. */
export async function toResponse(result: ApiResult): Promise<Response> {
  if (result.kind === "json") return jsonResponse(result.status, result.body);
  const st = await stat(result.path).catch(() => undefined);
  if (!st?.isFile()) {
    const gone = errorResult(
      new QuarryError("invalid_input", "That export file no longer exists.", "Export again.", {
        status: 404,
      }),
    );
    return toResponse(gone);
  }
  const body = Readable.toWeb(createReadStream(result.path)) as ReadableStream<Uint8Array>;
  return new Response(body, {
    status: 200,
    headers: {
      ...NO_STORE,
      "Content-Type": result.contentType,
      "Content-Length": String(st.size),
      "Content-Disposition": `attachment; filename="${result.fileName}"`,
    },
  });
}
