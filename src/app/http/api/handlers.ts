/**
 * How the UI's API routes are written: a handler takes the request (query, JSON body, a signal
 * that aborts when the page goes away) and the path's `:name` values, and returns a value (sent as
 * JSON), a FileAnswer, or throws a QuarryError (sent in the error shape). Hono matches the paths;
 * this only adapts handlers to it, and answers a known path with another method 405.
 */
import type { Context, Hono } from "hono";
import { QuarryError } from "../../../core/errors.ts";
import { readJsonBody } from "../json-body.ts";
import { errorResult, FileAnswer, toResponse } from "./answers.ts";

export interface ApiRequest {
  method: string;
  query: URLSearchParams;
  body: unknown;
  signal: AbortSignal;
}

export type Params = Record<string, string>;
export type Handler = (req: ApiRequest, params: Params) => Promise<unknown> | unknown;

/** Where route modules register their routes (paths below `/api`, e.g. `/connections/:id`). */
export interface ApiRoutes {
  get(path: string, handler: Handler): void;
  post(path: string, handler: Handler): void;
  put(path: string, handler: Handler): void;
  delete(path: string, handler: Handler): void;
}

/**
 * Registers on `app` (mounted at /api). `done()` then adds, for every path, the 405 for the
 * methods it does not take; call it after the last route.
 */
export function apiRoutes(app: Hono): ApiRoutes & { done(): void } {
  const paths = new Set<string>();
  const add = (method: string) => (path: string, handler: Handler) => {
    paths.add(path);
    app.on(method, path, (c) => run(c, handler));
  };
  return {
    get: add("GET"),
    post: add("POST"),
    put: add("PUT"),
    delete: add("DELETE"),
    done() {
      for (const path of paths)
        app.all(path, (c) =>
          toResponse(errorResult(refusal(`${c.req.method} is not allowed on ${c.req.path}`, 405))),
        );
    },
  };
}

/** The refusal of a path no route serves. */
export function noApiAt(path: string): Response | Promise<Response> {
  return toResponse(errorResult(refusal(`There is no API at ${path}`, 404)));
}

function refusal(message: string, status: number): QuarryError {
  return new QuarryError(
    "invalid_input",
    message,
    "This page may be older than the running Quarry: reload it.",
    { status },
  );
}

async function run(c: Context, handler: Handler): Promise<Response> {
  try {
    const params: Params = {};
    for (const [name, value] of Object.entries(c.req.param() as Record<string, string>)) {
      params[name] = value;
    }
    const body = await readJsonBody(c.req.raw);
    const out = await handler(
      {
        method: c.req.method,
        query: new URL(c.req.url).searchParams,
        body,
        signal: c.req.raw.signal,
      },
      params,
    );
    if (out instanceof FileAnswer) return await toResponse({ kind: "file", ...out });
    return await toResponse({ kind: "json", status: 200, body: out ?? { ok: true } });
  } catch (e) {
    return toResponse(errorResult(e));
  }
}
