/**
 * How the UI's API routes are written, Hono's own way: each route module chains its routes on a
 * `new Hono()` (path, then the handler with the input it takes), so the routes' type is the
 * declaration the web's typed client is made from (ui-api.ts, docs/architecture.md "The UI's
 * API"; why the input is declared on the handler: docs/decisions.md "The UI's API, typed from
 * its routes").
 *
 *   new Hono().post("/connections/:id/console/curl",
 *     answer({ param: param("id"), json: z.object({ request: consoleRequest }) },
 *       async (req, { id }) => ({ curl: … })))
 *
 * A route declares its path values, query and JSON body once, as zod schemas (input.ts); they are
 * checked before the handler runs, and what does not match is refused with a 400 that names the
 * field (docs/decisions.md "Every UI API input checked at the door"). The handler takes the
 * checked request (query, JSON body, a signal that aborts when the page goes away) and the path's
 * values, and returns a value (sent as JSON), a FileAnswer (`download`), or throws a QuarryError
 * (sent in the error shape). Checks a schema cannot say (a driver's rules) stay in the handler.
 */
import { Readable } from "node:stream";
import type { ReadableStream as NodeWebStream } from "node:stream/web";
import type { Context, Env, Hono, Input, TypedResponse } from "hono";
import type { z } from "zod";
import { QuarryError } from "../../../core/errors.ts";
import { readJsonBody } from "../json-body.ts";
import { errorResult, FileAnswer, jsonResponse, toResponse } from "./answers.ts";
import { check, type InputPart, type Schemas } from "./input.ts";

export { param, passedOn, type Schemas, wholeNumber } from "./input.ts";

type Empty = Record<never, never>;

/** The checked value of one part of a route's input, or `undefined` when it declares none. */
export type Checked<S extends Schemas, K extends InputPart> = S extends {
  [P in K]: infer X extends z.ZodType;
}
  ? z.output<X>
  : undefined;

export interface ApiRequest<S extends Schemas = Empty> {
  method: string;
  query: Checked<S, "query">;
  body: Checked<S, "json">;
  signal: AbortSignal;
}

export type Handler<T = unknown, S extends Schemas = Empty> = (
  req: ApiRequest<S>,
  params: Checked<S, "param">,
) => Promise<T> | T;

/** A route's answer as its declaration gives it: the JSON value of a 200. */
export type Answer<T> = Response & TypedResponse<T, 200, "json">;

type Part<S extends Schemas, K extends "json" | "query", W extends "in" | "out"> = S extends {
  [P in K]: infer X extends z.ZodType;
}
  ? { [P in K]: W extends "in" ? z.input<X> : z.output<X> }
  : Empty;

/** A route's input as Hono's typed client reads it (what `c.req.valid` would give). */
export type Declared<S extends Schemas> = {
  in: Part<S, "json", "in"> & Part<S, "query", "in">;
  out: Part<S, "json", "out"> & Part<S, "query", "out">;
};

/** Each route handler's declared schemas: the house rule and the fuzz test read them. */
const declarations = new WeakMap<object, Schemas>();

/** The schemas a route's handler declares, when it was made by answer, download or streamed. */
export function declarationOf(handler: unknown): Schemas | undefined {
  return typeof handler === "function" ? declarations.get(handler) : undefined;
}

function declared<F extends object>(handler: F, schemas: Schemas): F {
  declarations.set(handler, schemas);
  return handler;
}

/**
 * A handler whose value is answered as JSON (`{ ok: true }` for none), with the input it takes
 * declared as schemas: `answer({ param: param("id"), json: body }, async (req, { id }) => …)`.
 */
export function answer<T>(handler: Handler<T>): (c: Context) => Promise<Answer<Awaited<T>>>;
export function answer<S extends Schemas, T>(
  schemas: S,
  handler: Handler<T, S>,
): (c: Context<Env, string, Declared<S>>) => Promise<Answer<Awaited<T>>>;
export function answer(
  ...args: [RawHandler] | [Schemas, RawHandler]
): (c: Context<Env, string, Input>) => Promise<Response> {
  const [schemas, handler] = args.length === 1 ? [{}, args[0]] : args;
  return declared((c) => run(c, schemas, handler), schemas);
}

/** A handler that answers a file to download (a FileAnswer), streamed from disk. */
export function download<S extends Schemas>(
  schemas: S,
  handler: Handler<FileAnswer, S>,
): (c: Context) => Promise<Response> {
  const raw: RawHandler = handler;
  return declared((c) => run(c, schemas, raw), schemas);
}

/**
 * A route whose body is a file, not JSON (the upload): the handler reads it as a stream, with
 * its query checked like any route's; its value is answered as JSON.
 */
export function streamed<Q extends NonNullable<Schemas["query"]>, T>(
  schemas: { query: Q },
  handler: (req: { query: z.output<Q>; file: Readable | null }) => Promise<T>,
): (c: Context<Env, string, Declared<{ query: Q }>>) => Promise<Answer<T>> {
  return declared(async (c) => {
    try {
      const query = check(schemas.query, queryOf(c.req.url), "query");
      const body = c.req.raw.body;
      // The request's stream is the web's ReadableStream; Node's types name it apart.
      const file = body ? Readable.fromWeb(body as NodeWebStream<Uint8Array>) : null;
      return jsonResponse(200, await handler({ query, file })) as Answer<T>;
    } catch (e) {
      return (await toResponse(errorResult(e))) as Answer<T>;
    }
  }, schemas);
}

/**
 * A handler as run: what the overloads above type, seen without its schemas' types (a method's
 * type, so that every route's handler is one: its checked values are what run() passes).
 */
type RawHandler = {
  handle(
    req: { method: string; query: unknown; body: unknown; signal: AbortSignal },
    params: unknown,
  ): unknown;
}["handle"];

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

async function run(
  c: Context<Env, string, Input>,
  schemas: Schemas,
  handler: RawHandler,
): Promise<Response> {
  try {
    const params = schemas.param ? check(schemas.param, c.req.param(), "param") : undefined;
    const query = schemas.query ? check(schemas.query, queryOf(c.req.url), "query") : undefined;
    // Every body is read (its size, type and JSON refused in json-body.ts's words), used or not.
    const raw = await readJsonBody(c.req.raw);
    const body = schemas.json ? check(schemas.json, raw, "json") : undefined;
    const out = await handler(
      { method: c.req.method, query, body, signal: c.req.raw.signal },
      params,
    );
    if (out instanceof FileAnswer) return await toResponse({ kind: "file", ...out });
    return await toResponse({ kind: "json", status: 200, body: out ?? { ok: true } });
  } catch (e) {
    return toResponse(errorResult(e));
  }
}

/** The query's values by name (the last of a repeated name). */
function queryOf(url: string): Record<string, string> {
  return Object.fromEntries(new URL(url).searchParams);
}
