/**
 * Pure: a console request checked before it leaves and made ready to send. The path must stay on
 * the connection's host; `_sql` is refused; a GET keeps its body (Elasticsearch reads bodies on
 * GET, and turning it into a POST could turn a read into a write); `_bulk` and `_msearch` bodies
 * go as NDJSON.
 */
import type { ConsoleRequest } from "../../../core/console.ts";
import { errors, QuarryError } from "../../../core/errors.ts";
import type { HttpMethod } from "../wire/transport.ts";
import { type RequestRoute, routesOf } from "./classify.ts";

export const CONSOLE_METHODS = ["GET", "POST", "PUT", "DELETE", "HEAD"] as const;

/** Endpoints whose body is NDJSON (one JSON value per line), not one JSON document. */
export const NDJSON_ENDPOINTS = new Set(["_bulk", "_msearch"]);

/** A request ready to send: checked, method normalized, body serialized. */
export interface PreparedRequest {
  method: HttpMethod;
  path: string;
  body?: string;
  contentType?: string;
  /** How Elasticsearch routes the path. */
  route: RequestRoute;
}

/**
 * Pure: checks a console request and makes it ready to send. Refuses a method the console does
 * not speak, a path that would leave the connection's host, a path with spaces or control
 * characters, and the `_sql` endpoint.
 */
export function prepareRequest(request: ConsoleRequest): PreparedRequest {
  const method = String(request.method ?? "")
    .trim()
    .toUpperCase();
  if (!(CONSOLE_METHODS as readonly string[]).includes(method)) {
    throw new QuarryError(
      "invalid_input",
      `"${request.method}" is not a console method`,
      `Use one of ${CONSOLE_METHODS.join(", ")}.`,
      { method: request.method },
    );
  }
  const path = checkPath(String(request.path ?? ""));
  const routes = routesOf(path);
  const route = routes[0] ?? { target: [], endpoint: undefined, rest: [] };
  if (routes.some(isSql)) throw errors.sqlRefused(path);

  const prepared: PreparedRequest = { method: method as HttpMethod, path, route };
  if (request.body !== undefined && request.body !== null && request.body !== "") {
    if (method === "HEAD") {
      throw new QuarryError(
        "invalid_input",
        "HEAD takes no body",
        "Remove the body, or use GET to send one.",
      );
    }
    const ndjson = route.endpoint !== undefined && NDJSON_ENDPOINTS.has(route.endpoint);
    if (typeof request.body === "string") {
      prepared.body = ndjson && !request.body.endsWith("\n") ? `${request.body}\n` : request.body;
    } else if (ndjson && Array.isArray(request.body)) {
      prepared.body = `${request.body.map((l) => JSON.stringify(l)).join("\n")}\n`;
    } else {
      prepared.body = JSON.stringify(request.body);
    }
    prepared.contentType = ndjson ? "application/x-ndjson" : "application/json";
  }
  return prepared;
}

function checkPath(raw: string): string {
  const path = raw.trim();
  // An absolute URL, a scheme-relative "//host", or a backslash some clients read as "/".
  if (
    /^[a-z][a-z0-9+.-]*:/i.test(path) ||
    /^[/\\]{2}/.test(path) ||
    path.startsWith("\\") ||
    /^\/\\/.test(path)
  ) {
    throw errors.hostEscape(path);
  }
  // Control characters (CR, LF…) could split the request line; spaces would end it.
  if (hasControlOrSpace(path)) {
    throw new QuarryError(
      "invalid_input",
      `The path "${[...path].map((c) => (isControl(c) ? "?" : c)).join("")}" contains spaces or control characters`,
      "Percent-encode them (a space is %20), or put values in the body.",
      { path },
    );
  }
  if (path.includes("#")) {
    throw new QuarryError(
      "invalid_input",
      `The path "${path}" contains "#"`,
      "Percent-encode it as %23 (an index or id with # in it).",
      { path },
    );
  }
  if (path === "") return "/";
  return path.startsWith("/") ? path : `/${path}`;
}

const isControl = (c: string) => {
  const code = c.charCodeAt(0);
  return code < 0x20 || code === 0x7f;
};

function hasControlOrSpace(text: string): boolean {
  return [...text].some((c) => c === " " || isControl(c));
}

function isSql(route: RequestRoute): boolean {
  const ep = route.endpoint?.toLowerCase();
  return ep === "_sql" || (ep === "_xpack" && route.rest[0]?.toLowerCase() === "sql");
}
