/**
 * The app's local HTTP server: the UI's pages and its JSON API, on 127.0.0.1 only (Hono on
 * @hono/node-server, with the guards of guards.ts).
 *
 * Guards, in order, on every request:
 * - Host must name this server (a loopback name with this port): a web page that rebinds its own
 *   domain name to 127.0.0.1 (DNS rebinding) is refused.
 * - Origin, when sent, must be this server's: no other site's page can drive the API, and no CORS
 *   header is ever sent.
 * - `/api/*` needs the per-run secret in the X-Quarry-Secret header. The app opens the UI with the
 *   secret in the URL's fragment (never sent over the network, kept out of the address bar by the
 *   UI); other Quarry processes read it from instance.json (0600).
 * Pages and their assets hold no data and are served without the secret.
 *
 * The app's own routes (/api/app/*) are answered here; the rest of /api/* is the UI's API
 * (src/app/http/api, which checks the secret itself) and the rest are the pages, composed in
 * src/app/app.ts.
 */
import type { HttpBindings } from "@hono/node-server";
import { type Context, Hono } from "hono";
import { statusOf } from "../../core/error-status.ts";
import { errors, isQuarryError, type QuarryError } from "../../core/errors.ts";
import { hostGuard, isOwnOrigin, originGuard, secretGuard, sizeGuard } from "./guards.ts";
import { bodyTooLarge, MAX_BODY_BYTES, readJsonBody } from "./json-body.ts";
import { listenLoopback } from "./listen.ts";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface RequestContext {
  /** The request body parsed as JSON (undefined when empty). */
  readJson<T = unknown>(): Promise<T>;
  /** Runs `then` once the answer has been sent. */
  afterAnswer(then: () => void): void;
}

/**
 * A route of the app's own API. The handler's return value is sent as JSON with status 200 (204
 * when it returns nothing); a thrown QuarryError becomes `{ error }` with its status.
 */
export interface Route {
  method: Method;
  /** e.g. "/api/app/status". */
  path: string;
  handler: (ctx: RequestContext) => unknown;
}

/** What answers a page (everything outside /api/), GET and HEAD only. */
export type PageHandler = (c: Context) => Response | Promise<Response>;

export interface UiServerOptions {
  secret: string;
  /** The app's own routes (under /api/app/), checked against `secret` here. */
  routes: Route[];
  /** The rest of /api/*: the UI's API (mounted at /api), which checks the secret itself. */
  api?: Hono;
  /** Everything outside /api/: the UI's pages and assets. */
  pages: PageHandler;
  /** 0 (default) lets the system choose a free port. */
  port?: number;
  log?: (line: string) => void;
}

export interface UiServer {
  port: number;
  /** http://127.0.0.1:<port> */
  origin: string;
  close(): Promise<void>;
}

const SECURITY_HEADERS: Record<string, string> = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "x-frame-options": "DENY",
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin",
};

/** An error in the app's own API shape (the remedy in the CLI's words: other processes read it). */
function errorResponse(status: number, e: QuarryError): Response {
  const error = e.toJSON();
  delete error.details.status; // said by the answer's own status
  return new Response(JSON.stringify({ error }), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" },
  });
}

function refuse(status: number, message: string, remedy: string): Response {
  return errorResponse(status, errors.requestRefused(message, remedy));
}

export async function startUiServer(options: UiServerOptions): Promise<UiServer> {
  let port = 0;
  const app = new Hono<{ Bindings: HttpBindings }>({ strict: false });
  app.use("*", async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) c.res.headers.set(name, value);
  });
  app.use(
    "*",
    hostGuard(
      () => port,
      (c) =>
        refuse(
          421,
          `This Quarry server answers only to 127.0.0.1:${port}, not to "${(c.req.header("host") ?? "").toLowerCase()}"`,
          `Open http://127.0.0.1:${port}/ (quarry start opens it for you).`,
        ),
    ),
    originGuard(
      (origin) => isOwnOrigin(origin, port),
      (c) =>
        refuse(
          403,
          `Requests from ${c.req.header("origin")} are refused`,
          "Only Quarry's own pages may call its API.",
        ),
    ),
  );
  appRoutesOn(app, options);
  if (options.api) app.route("/api", options.api);
  else app.all("/api/*", (c) => refuse(404, `No API at ${c.req.path}`, "Check the path."));
  app.all("*", (c) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD")
      return refuse(405, `${c.req.method} is not allowed on ${c.req.path}`, "Use GET.");
    return options.pages(c);
  });
  app.onError((e, c) => {
    if (isQuarryError(e)) return errorResponse(statusOf(e), e);
    options.log?.(`error in ${c.req.method} ${c.req.path}: ${(e as Error)?.stack ?? e}`);
    return new Response(
      JSON.stringify({
        error: {
          code: "internal",
          message: `Quarry failed on this request: ${(e as Error)?.message ?? String(e)}`,
          remedy: "This is a bug in Quarry; please report it with the app's log.",
          details: {},
        },
      }),
      { status: 500, headers: { "content-type": "application/json; charset=utf-8" } },
    );
  });

  const listener = await listenLoopback(app, {
    port: options.port ?? 0,
    answers: {
      contentType: "application/json; charset=utf-8",
      extraHeaders: "Cache-Control: no-store\r\n",
      malformed: (tooLarge) =>
        JSON.stringify({
          error: errors
            .requestRefused(
              tooLarge
                ? "The request's headers are too large"
                : "The request is not well-formed HTTP",
              "Reload the page; if it keeps failing, restart Quarry.",
            )
            .toJSON(),
        }),
      unreadable: () => refuse(400, "The request's path cannot be read", "Check the address."),
    },
  });
  port = listener.port;
  return { port, origin: `http://127.0.0.1:${port}`, close: () => listener.close() };
}

/** The app's own routes: the secret, one body limit, then each route (405 and 404 for the rest). */
function appRoutesOn(app: Hono<{ Bindings: HttpBindings }>, options: UiServerOptions): void {
  app.use(
    "/api/app/*",
    secretGuard(options.secret, () =>
      refuse(
        401,
        "This request does not carry the running Quarry's key",
        "Open Quarry with quarry start (the page it opens carries the key); after a restart, reload from the newly opened page.",
      ),
    ),
    sizeGuard(MAX_BODY_BYTES, () => errorResponse(413, bodyTooLarge())),
  );
  for (const route of options.routes) {
    app.on(route.method, route.path, async (c) => {
      const value = await route.handler({
        readJson: async <T>() => (await readJsonBody(c.req.raw)) as T,
        afterAnswer: (then) => c.env.outgoing.once("finish", then),
      });
      if (value === undefined) return c.body(null, 204);
      return new Response(JSON.stringify(value), {
        headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" },
      });
    });
  }
  for (const path of new Set(options.routes.map((r) => r.path)))
    app.all(path, (c) =>
      refuse(405, `${c.req.method} is not allowed on ${c.req.path}`, "Check the method."),
    );
  app.all("/api/app/*", (c) => refuse(404, `No API at ${c.req.path}`, "Check the path."));
}
