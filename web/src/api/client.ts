/**
 * The one door from the browser to the app: JSON over the app's loopback HTTP API. Every request
 * carries the per-run secret the app put in the URL it opened; every failure becomes an ApiError
 * with the server's message and remedy, so no screen has to guess what went wrong.
 */

import { SECRET_HEADER } from "../../../src/app/http/api/contract.ts";
import { parseJsonExact } from "../../../src/core/exact-json.ts";

export { SECRET_HEADER };

const SECRET_KEY = "quarry.secret";

/** The secret from the URL the app opened (`?secret=` or `#secret=`), kept for this tab only. */
function readSecret(): string {
  const fromQuery = new URLSearchParams(location.search).get("secret");
  const fromHash = new URLSearchParams(location.hash.replace(/^#\??/, "")).get("secret");
  const found = fromQuery ?? fromHash;
  if (found) {
    sessionStorage.setItem(SECRET_KEY, found);
    // Keep the secret out of the address bar, bookmarks and screenshots.
    const url = new URL(location.href);
    url.searchParams.delete("secret");
    history.replaceState(
      null,
      "",
      `${url.pathname}${url.search}${found === fromHash ? "" : url.hash}`,
    );
    return found;
  }
  return sessionStorage.getItem(SECRET_KEY) ?? "";
}

const secret = readSecret();

export interface ApiErrorBody {
  code: string;
  message: string;
  remedy: string;
  details?: Record<string, unknown>;
}

export class ApiError extends Error {
  readonly code: string;
  readonly remedy: string;
  readonly details: Record<string, unknown>;
  readonly status: number;

  constructor(status: number, body: ApiErrorBody) {
    super(body.message);
    this.name = "ApiError";
    this.status = status;
    this.code = body.code;
    this.remedy = body.remedy;
    this.details = body.details ?? {};
  }

  /** The field a validation error names (the connection editor highlights it). */
  get field(): string | undefined {
    const f = this.details.field;
    return typeof f === "string" ? f : undefined;
  }
}

/** Any thrown value as an ApiError, so screens always have a message and a remedy to show. */
export function toApiError(e: unknown): ApiError {
  if (e instanceof ApiError) return e;
  if (e instanceof DOMException && e.name === "AbortError") {
    return new ApiError(0, { code: "aborted", message: "The request was cancelled.", remedy: "" });
  }
  const message = e instanceof Error ? e.message : String(e);
  return new ApiError(0, {
    code: "network",
    message: `Quarry did not answer: ${message}`,
    remedy: "Quarry may have stopped: open it again, then reload this page.",
  });
}

export interface RequestOptions {
  signal?: AbortSignal;
}

export async function api<T>(
  method: "GET" | "POST" | "PUT" | "DELETE",
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`/api${path}`, {
      method,
      headers: {
        [SECRET_HEADER]: secret,
        Accept: "application/json",
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: options.signal,
      credentials: "same-origin",
      cache: "no-store",
    });
  } catch (e) {
    throw toApiError(e);
  }
  const text = await res.text();
  let parsed: unknown = null;
  if (text) {
    try {
      parsed = parseJsonExact(text);
    } catch {
      throw new ApiError(res.status, {
        code: "bad_response",
        message: `Quarry answered ${res.status} with something that is not JSON.`,
        remedy: "Reload the page; if it persists, restart Quarry.",
      });
    }
  }
  if (!res.ok) {
    const err = (parsed as { error?: ApiErrorBody } | null)?.error;
    throw new ApiError(
      res.status,
      err ?? {
        code: "http_error",
        message: `Quarry answered ${res.status} ${res.statusText}.`,
        remedy:
          res.status === 401 || res.status === 403
            ? "This page belongs to an earlier run of Quarry: open Quarry again, and use the page it opens (its access key is for one run only)."
            : "Reload the page and try again.",
      },
    );
  }
  return parsed as T;
}

export const get = <T>(path: string, o?: RequestOptions) => api<T>("GET", path, undefined, o);
export const post = <T>(path: string, body?: unknown, o?: RequestOptions) =>
  api<T>("POST", path, body ?? {}, o);
export const put = <T>(path: string, body?: unknown, o?: RequestOptions) =>
  api<T>("PUT", path, body ?? {}, o);
export const del = <T>(path: string, body?: unknown, o?: RequestOptions) =>
  api<T>("DELETE", path, body, o);

/** Encodes one path segment (index names, ids). */
export const seg = (s: string) => encodeURIComponent(s);
