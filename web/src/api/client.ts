/**
 * The one door from the browser to the app: its loopback HTTP API, through Hono's client typed
 * from the routes' declaration (`ui`, `call`): no path strings and no answer casts elsewhere in
 * web/src (test/unit/house-rules.test.ts keeps it so). Every request
 * carries the per-run secret the app put in the URL it opened; every failure becomes an ApiError
 * with the server's message and remedy, so no screen has to guess what went wrong.
 */

import {
  type ClientRequestOptions,
  type ClientResponse,
  hc,
  type InferResponseType,
} from "hono/client";
import { SECRET_HEADER } from "../../../src/app/http/api/contract.ts";
import type { UiApi } from "../../../src/app/http/api/ui-api.ts";
import { parseJsonExact } from "../../../src/core/exact-json.ts";

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

/**
 * The UI's API, typed from the routes' own declaration (src/app/http/api/ui-api.ts): paths, inputs
 * and answers. Only the type is imported, so no server code reaches the page.
 */
export const ui = hc<UiApi>("/api", { fetch: send });

// biome-ignore lint/suspicious/noExplicitAny: any route of the typed client, whatever it takes
type Route = (args: any, options?: ClientRequestOptions) => Promise<ClientResponse<unknown>>;
/** What a route answers when it succeeds, as its declaration says. */
export type Answer<R extends Route> = InferResponseType<R, 200>;
type Args<R extends Route> = Parameters<R>[0];
type CallArgs<R extends Route> =
  undefined extends Args<R>
    ? [args?: Args<R>, signal?: AbortSignal]
    : [args: Args<R>, signal?: AbortSignal];

/**
 * Calls one route of `ui` and reads its answer, or throws an ApiError:
 * `await call(ui.connections[":id"].$get, { param: { id } }, signal)`.
 */
export async function call<R extends Route>(
  route: R,
  ...[args, signal]: CallArgs<R>
): Promise<Answer<R>> {
  const res = await route(encodedParams(args), signal ? { init: { signal } } : undefined);
  // The route's declaration gives the answer's type (ui-api.ts); the JSON read is that value.
  return (await readAnswer(res)) as Answer<R>;
}

/** Sends a file as a route's body (an upload), and reads its answer. */
export async function sendFile<R extends Route>(
  route: R,
  args: Args<R>,
  file: Blob,
  signal?: AbortSignal,
): Promise<Answer<R>> {
  const init: RequestInit = { body: file, ...(signal ? { signal } : {}) };
  const headers = { "Content-Type": "application/octet-stream" };
  return (await readAnswer(await route(encodedParams(args), { init, headers }))) as Answer<R>;
}

/** A route's answer as a file (a download), or an ApiError. */
export async function fetchFile<R extends Route>(
  route: R,
  ...[args, signal]: CallArgs<R>
): Promise<Blob> {
  const res = await route(encodedParams(args), signal ? { init: { signal } } : undefined);
  if (!res.ok) await readAnswer(res);
  return res.blob();
}

/**
 * Path values go into the path encoded (an index or a document id may hold `/`, `?` or `#`);
 * Hono's client puts them in as they are, and Hono's router decodes them.
 */
function encodedParams<A>(args: A): A {
  if (typeof args !== "object" || args === null || !("param" in args)) return args;
  const param = args.param as Record<string, string>;
  const encoded = Object.fromEntries(
    Object.entries(param).map(([k, v]) => [k, encodeURIComponent(v)]),
  );
  return { ...args, param: encoded };
}

/** Every request: the per-run secret, JSON asked, never cached; a network failure an ApiError. */
async function send(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const headers = new Headers(init?.headers);
  headers.set(SECRET_HEADER, secret);
  headers.set("Accept", "application/json");
  try {
    return await fetch(input, { ...init, headers, credentials: "same-origin", cache: "no-store" });
  } catch (e) {
    throw toApiError(e);
  }
}

/** The answer's JSON with its numbers exact (longs beyond 2^53), or the error it carries. */
async function readAnswer(res: ClientResponse<unknown>): Promise<unknown> {
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
  return parsed;
}
