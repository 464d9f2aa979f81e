/**
 * How the UI's API routes are written, Hono's own way: each route module chains its routes on a
 * `new Hono()` (path, then the handler with the input it takes), so the routes' type is the
 * declaration the web's typed client is made from (ui-api.ts, docs/architecture.md "The UI's
 * API"; why the input is declared on the handler: docs/decisions.md "The UI's API, typed from
 * its routes").
 *
 *   new Hono().post("/connections/:id/console/curl",
 *     answer(json<{ request: ConsoleRequest }>(), async (req, { id }) => ({ curl: … })))
 *
 * A handler takes the request (query, JSON body, a signal that aborts when the page goes away)
 * and the path's `:name` values, and returns a value (sent as JSON), a FileAnswer (`download`), or
 * throws a QuarryError (sent in the error shape). The input's checks stay in the handler, with
 * their own words; `json<T>()` and `query<T>()` say what the page sends.
 */
import type { Context, Env, Hono, Input, TypedResponse } from "hono";
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
export type Handler<T = unknown> = (req: ApiRequest, params: Params) => Promise<T> | T;

/** A route's answer as its declaration gives it: the JSON value of a 200. */
export type Answer<T> = Response & TypedResponse<T, 200, "json">;

/** A route's input as Hono's typed client reads it (what `c.req.valid` would give). */
export type Declared<In extends object> = { in: In; out: In };

/** Carries the type of what a route takes; the handler reads and checks it (`req.body`). */
export interface InputOf<In extends object> {
  readonly declares?: In;
}

/** The JSON body a route takes (at most 16 MB, numbers kept exact: json-body.ts). */
export function json<T>(): InputOf<{ json: T }> {
  return {};
}

/** The query a route reads. */
export function query<T extends Record<string, string | undefined>>(): InputOf<{ query: T }> {
  return {};
}

/**
 * A handler whose value is answered as JSON (`{ ok: true }` for none), with what the route takes
 * when it takes a body or a query: `answer(json<ConnectionInput>(), async (req) => …)`.
 */
export function answer<T>(handler: Handler<T>): (c: Context) => Promise<Answer<Awaited<T>>>;
export function answer<In extends object, T>(
  input: InputOf<In>,
  handler: Handler<T>,
): (c: Context<Env, string, Declared<In>>) => Promise<Answer<Awaited<T>>>;
export function answer<T>(
  ...args: [Handler<T>] | [InputOf<object>, Handler<T>]
): (c: Context<Env, string, Input>) => Promise<Answer<Awaited<T>>> {
  const handler = args.length === 1 ? args[0] : args[1];
  // The declaration's answer type is the handler's; the Response is the JSON of that value.
  return (c) => run(c, handler) as Promise<Answer<Awaited<T>>>;
}

/** A handler that answers a file to download (a FileAnswer), streamed from disk. */
export function download(handler: Handler<FileAnswer>): (c: Context) => Promise<Response> {
  return (c) => run(c, handler);
}

/** Answers, on `api`, every path of `routes` with another method 405; call it after them. */
export function refuseOtherMethods(api: Hono, routes: Hono): void {
  const paths = new Set(routes.routes.filter((r) => r.method !== "ALL").map((r) => r.path));
  for (const path of paths)
    api.all(path, (c) =>
      toResponse(errorResult(refusal(`${c.req.method} is not allowed on ${c.req.path}`, 405))),
    );
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

async function run(c: Context<Env, string, Input>, handler: Handler): Promise<Response> {
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
