/**
 * A small router for the UI's JSON API: method + path pattern (`/connections/:id/tables`) to a
 * handler. Handlers return a value (sent as JSON) or throw a QuarryError, which becomes
 * `{ error: { code, message, remedy, details } }` with a status that says whose fault it is.
 */
import { isQuarryError, QuarryError, remedyFor } from "../../../core/errors.ts";

export interface ApiRequest {
  method: string;
  /** The path below `/api`, e.g. `/connections`. */
  path: string;
  query: URLSearchParams;
  body: unknown;
  signal: AbortSignal;
}

/** A handler's answer: JSON, or a file to stream (downloads). */
export type ApiResult =
  | { kind: "json"; status: number; body: unknown }
  | { kind: "file"; path: string; fileName: string; contentType: string };

export type Params = Record<string, string>;
export type Handler = (req: ApiRequest, params: Params) => Promise<unknown> | unknown;

interface Route {
  method: string;
  parts: string[];
  handler: Handler;
}

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

export class Router {
  readonly #routes: Route[] = [];

  add(method: string, pattern: string, handler: Handler): this {
    this.#routes.push({ method, parts: split(pattern), handler });
    return this;
  }

  get = (p: string, h: Handler) => this.add("GET", p, h);
  post = (p: string, h: Handler) => this.add("POST", p, h);
  put = (p: string, h: Handler) => this.add("PUT", p, h);
  delete = (p: string, h: Handler) => this.add("DELETE", p, h);

  async handle(req: ApiRequest): Promise<ApiResult> {
    const parts = split(req.path);
    let pathMatched = false;
    for (const route of this.#routes) {
      const params = match(route.parts, parts);
      if (!params) continue;
      pathMatched = true;
      if (route.method !== req.method) continue;
      try {
        const out = await route.handler(req, params);
        if (out instanceof FileAnswer) return { kind: "file", ...out };
        return { kind: "json", status: 200, body: out ?? { ok: true } };
      } catch (e) {
        return errorResult(e);
      }
    }
    return errorResult(
      new QuarryError(
        "invalid_input",
        pathMatched
          ? `${req.method} is not allowed on /api${req.path}`
          : `There is no API at /api${req.path}`,
        "This page may be older than the running Quarry: reload it.",
        { status: pathMatched ? 405 : 404 },
      ),
    );
  }
}

function split(path: string): string[] {
  return path.split("/").filter(Boolean);
}

function match(pattern: string[], parts: string[]): Params | null {
  if (pattern.length !== parts.length) return null;
  const params: Params = {};
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i]!;
    const v = parts[i]!;
    if (p.startsWith(":")) {
      try {
        params[p.slice(1)] = decodeURIComponent(v);
      } catch {
        return null;
      }
    } else if (p !== v) return null;
  }
  return params;
}

/** The HTTP status for an error code: input problems 400, missing things 404, cluster trouble 502. */
export function statusFor(e: QuarryError): number {
  const explicit = e.details.status;
  if (e.code === "invalid_input" && typeof explicit === "number") return explicit;
  switch (e.code) {
    case "invalid_config":
    case "invalid_input":
    // Refusals of what the user asked (edits, a console request, a confirmation, an export):
    // nothing went wrong in Quarry, so never a 500.
    case "changes_refused":
    case "console_refused":
    case "confirmation_mismatch":
    case "export_refused":
      return 400;
    case "table_closed":
    case "result_window_too_small":
      return 409;
    case "connection_not_found":
    case "table_not_found":
    case "document_not_found":
    case "driver_not_installed":
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

export function errorResult(e: unknown): ApiResult {
  if (isQuarryError(e)) {
    const details = { ...e.details };
    delete details.status;
    return {
      kind: "json",
      status: statusFor(e),
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

/** A refusal of malformed input from the browser. */
export function badInput(message: string, remedy = "Reload the page and try again."): QuarryError {
  return new QuarryError("invalid_input", message, remedy);
}

export function notFound(message: string, remedy: string): QuarryError {
  return new QuarryError("invalid_input", message, remedy, { status: 404 });
}
