/**
 * The app's local HTTP server: the UI's pages and its JSON API, on 127.0.0.1 only.
 *
 * Guards, in order, on every request:
 * - Host must name this server (127.0.0.1:<port> or localhost:<port>): a web page that rebinds its
 *   own domain name to 127.0.0.1 (DNS rebinding) is refused.
 * - Origin, when sent, must be this server's: no other site's page can drive the API, and no CORS
 *   header is ever sent.
 * - `/api/*` needs the per-run secret in the X-Quarry-Secret header. The app opens the UI with the
 *   secret in the URL's fragment (never sent over the network, kept out of the address bar by the
 *   UI); other Quarry processes read it from instance.json (0600).
 * Pages and their assets hold no data and are served without the secret.
 *
 * The app's own routes (/api/app/*) are answered here; the rest of /api/* and the pages are handed
 * to the UI's API and asset server (src/app/http/api), composed in src/app/app.ts.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { errors, isQuarryError, QuarryError } from "../../core/errors.ts";
import { clientErrorAction, wasHead } from "../../core/http-client-error.ts";
import { requestUrl } from "./request-url.ts";

export const SECRET_HEADER = "x-quarry-secret";
const MAX_BODY_BYTES = 16 * 1024 * 1024;

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface RequestContext {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  /** Values of the route's `:name` segments, decoded. */
  params: Record<string, string>;
  /** The request body parsed as JSON (undefined when empty). */
  readJson<T = unknown>(): Promise<T>;
}

/**
 * A route of the JSON API. The handler's return value is sent as JSON with status 200; a thrown
 * QuarryError becomes `{ error }` with the status `httpStatusFor` gives. A handler that writes the
 * response itself (a stream, a file) returns nothing.
 */
export interface Route {
  method: Method;
  /** e.g. "/api/plugins/:id/install". */
  path: string;
  handler: (ctx: RequestContext) => unknown;
}

/** A handler that writes the whole response itself. */
export type RawHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

export interface UiServerOptions {
  secret: string;
  /** The app's own routes (under /api/app/), checked against `secret` here. */
  routes: Route[];
  /** The rest of /api/*: the UI's API, which checks the secret itself. */
  api?: RawHandler;
  /** Everything outside /api/: the UI's pages and assets (GET and HEAD only). */
  pages: RawHandler;
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

/**
 * Who is at fault, as an HTTP status: 400 input (or the status the refusal names, such as 413 for
 * a body over the limit), 404 unknown, 409 conflict, 502 upstream, 500 ours.
 */
export function httpStatusFor(e: QuarryError): number {
  const named = e.details.status;
  if (e.code === "invalid_input" && typeof named === "number") return named;
  switch (e.code) {
    case "invalid_config":
    case "invalid_input":
      return 400;
    case "connection_not_found":
    case "plugin_unavailable":
      return 404;
    case "connection_exists":
      return 409;
    case "authentication_failed":
    case "connection_failed":
    case "permission_denied":
    case "unsupported_cluster":
    case "cluster_error":
    case "catalog_unavailable":
    case "plugin_download_failed":
      return 502;
    default:
      return 500;
  }
}

function sendJson(res: ServerResponse, status: number, value: unknown): void {
  const body = JSON.stringify(value);
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(body),
    "cache-control": "no-store",
  });
  res.end(body);
}

function sendError(res: ServerResponse, status: number, e: QuarryError): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const error = e.toJSON();
  delete error.details.status; // said by the answer's own status
  sendJson(res, status, { error });
}

function refuse(res: ServerResponse, status: number, message: string, remedy: string): void {
  sendError(res, status, errors.requestRefused(message, remedy));
}

function sameSecret(given: string | string[] | undefined, secret: string): boolean {
  if (typeof given !== "string") return false;
  // Hashing first makes both sides the same length, so the comparison takes constant time.
  const a = createHash("sha256").update(given).digest();
  const b = createHash("sha256").update(secret).digest();
  return timingSafeEqual(a, b);
}

function compile(route: Route): { route: Route; pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const source = route.path
    .split("/")
    .map((part) => {
      if (!part.startsWith(":")) return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      names.push(part.slice(1));
      return "([^/]+)";
    })
    .join("/");
  return { route, pattern: new RegExp(`^${source}$`), names };
}

export async function startUiServer(options: UiServerOptions): Promise<UiServer> {
  const routes = options.routes.map(compile);
  let port = 0;
  const allowedHosts = () => new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
  const allowedOrigins = () => new Set([`http://127.0.0.1:${port}`, `http://localhost:${port}`]);

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    res.setHeader("x-content-type-options", "nosniff");
    res.setHeader("referrer-policy", "no-referrer");
    res.setHeader("x-frame-options", "DENY");
    res.setHeader("cross-origin-opener-policy", "same-origin");
    res.setHeader("cross-origin-resource-policy", "same-origin");

    const host = (req.headers.host ?? "").toLowerCase();
    if (!allowedHosts().has(host)) {
      refuse(
        res,
        421,
        `This Quarry server answers only to 127.0.0.1:${port}, not to "${host}"`,
        `Open http://127.0.0.1:${port}/ (quarry start opens it for you).`,
      );
      return;
    }
    const origin = req.headers.origin;
    if (origin !== undefined && !allowedOrigins().has(origin.toLowerCase())) {
      refuse(
        res,
        403,
        `Requests from ${origin} are refused`,
        "Only Quarry's own pages may call its API.",
      );
      return;
    }
    const url = requestUrl(req.url, host);
    if (!url) {
      refuse(res, 400, "The request's path cannot be read", "Check the address.");
      return;
    }
    if (!url.pathname.startsWith("/api/")) {
      if (req.method !== "GET" && req.method !== "HEAD") {
        refuse(res, 405, `${req.method} is not allowed on ${url.pathname}`, "Use GET.");
        return;
      }
      await options.pages(req, res);
      return;
    }
    if (!url.pathname.startsWith("/api/app/") && options.api) {
      await options.api(req, res);
      return;
    }
    if (!sameSecret(req.headers[SECRET_HEADER], options.secret)) {
      refuse(
        res,
        401,
        "This request does not carry the running Quarry's key",
        "Open Quarry with quarry start (the page it opens carries the key); after a restart, reload from the newly opened page.",
      );
      return;
    }
    let methodMismatch = false;
    for (const { route, pattern, names } of routes) {
      const m = pattern.exec(url.pathname);
      if (!m) continue;
      if (route.method !== req.method) {
        methodMismatch = true;
        continue;
      }
      const params: Record<string, string> = {};
      names.forEach((name, i) => {
        params[name] = decodeURIComponent(m[i + 1]!);
      });
      const ctx: RequestContext = { req, res, url, params, readJson: () => readJson(req) };
      const value = await route.handler(ctx);
      if (!res.headersSent && !res.writableEnded) {
        if (value === undefined) {
          res.writeHead(204);
          res.end();
        } else sendJson(res, 200, value);
      }
      return;
    }
    if (methodMismatch) {
      refuse(res, 405, `${req.method} is not allowed on ${url.pathname}`, "Check the method.");
    } else refuse(res, 404, `No API at ${url.pathname}`, "Check the path.");
  };

  // requireHostHeader off: a request without Host gets the Host guard's refusal (in the API's
  // error shape), not Node's bare 400.
  const server = createServer({ requireHostHeader: false }, (req, res) => {
    handle(req, res).catch((e: unknown) => {
      if (isQuarryError(e)) {
        sendError(res, httpStatusFor(e), e);
        return;
      }
      options.log?.(
        `error in ${req.method} ${req.url?.split("?")[0]}: ${(e as Error)?.stack ?? e}`,
      );
      if (res.headersSent) {
        res.destroy();
        return;
      }
      sendJson(res, 500, {
        error: {
          code: "internal",
          message: `Quarry failed on this request: ${(e as Error)?.message ?? String(e)}`,
          remedy: "This is a bug in Quarry; please report it with the app's log.",
          details: {},
        },
      });
    });
  });
  // Malformed HTTP or oversized headers: refused in the API's error shape too, then closed. A
  // client that left mid-request (it may have been answered) gets nothing more.
  server.on("clientError", (err: NodeJS.ErrnoException, socket: Socket) => {
    const action = clientErrorAction(err, socket);
    if (action === "wait") return;
    if (action === "close") return socket.destroy();
    const tooLarge = err.code === "HPE_HEADER_OVERFLOW";
    const body = JSON.stringify({
      error: errors
        .requestRefused(
          tooLarge ? "The request's headers are too large" : "The request is not well-formed HTTP",
          "Reload the page; if it keeps failing, restart Quarry.",
        )
        .toJSON(),
    });
    const head = wasHead(err);
    socket.end(
      `HTTP/1.1 ${tooLarge ? "431 Request Header Fields Too Large" : "400 Bad Request"}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${head ? "" : body}`,
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen({ host: "127.0.0.1", port: options.port ?? 0 }, () => {
      server.off("error", reject);
      resolve();
    });
  });
  port = (server.address() as AddressInfo).port;
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function readJson<T>(req: IncomingMessage): Promise<T> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) {
      // 413 on every route, as the UI's API answers (serve.ts).
      throw new QuarryError(
        "invalid_input",
        "The request is larger than 16 MB.",
        "Send less at once.",
        { status: 413 },
      );
    }
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString("utf8");
  if (text.trim() === "") return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new QuarryError("invalid_input", "The request body is not valid JSON", "Send JSON.");
  }
}
