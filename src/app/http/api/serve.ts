/**
 * Node HTTP glue for the UI: `/api/*` requests (secret checked, body read with a cap, JSON out)
 * and the built web UI (`dist/web`, with the SPA's index.html for unknown paths).
 */
import { timingSafeEqual } from "node:crypto";
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { extname, join, normalize, sep } from "node:path";
import { QuarryError } from "../../../core/errors.ts";
import { parseJsonExact } from "../../../core/exact-json.ts";
import { requestUrl } from "../request-url.ts";
import { type ApiResult, errorResult, type Router } from "./router.ts";

/** The header every API request carries: the per-run secret from the URL the app opened. */
export const SECRET_HEADER = "x-quarry-secret";
const MAX_BODY_BYTES = 16 * 1024 * 1024;

export const webRoot = join(import.meta.dirname, "..", "..", "..", "..", "dist", "web");

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Serves one `/api/...` request. The server has checked Host and Origin before calling this. */
export async function serveApi(
  router: Router,
  req: IncomingMessage,
  res: ServerResponse,
  options: { secret: string },
): Promise<void> {
  const url = requestUrl(req.url) ?? new URL("http://127.0.0.1/");
  const given = req.headers[SECRET_HEADER];
  if (typeof given !== "string" || !sameSecret(given, options.secret)) {
    return send(res, {
      kind: "json",
      status: 401,
      body: {
        error: {
          code: "unauthorized",
          message: "This page does not carry this run's access key.",
          remedy:
            "This page belongs to an earlier run of Quarry: open Quarry again, and use the page it opens (its access key is for one run only).",
          details: {},
        },
      },
    });
  }
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  let body: unknown;
  try {
    body = await readJson(req);
  } catch (e) {
    return send(res, errorResult(e));
  }
  const result = await router.handle({
    method: req.method ?? "GET",
    path: url.pathname.replace(/^\/api/, "") || "/",
    query: url.searchParams,
    body,
    signal: controller.signal,
  });
  await send(res, result);
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) {
      throw new QuarryError(
        "invalid_input",
        "The request is larger than 16 MB.",
        "Send less at once.",
        { status: 413 },
      );
    }
    chunks.push(chunk as Buffer);
  }
  if (size === 0) return undefined;
  const type = req.headers["content-type"] ?? "";
  if (!type.startsWith("application/json")) {
    throw new QuarryError(
      "invalid_input",
      "The API takes JSON bodies only.",
      "Send Content-Type: application/json.",
      { status: 415 },
    );
  }
  try {
    return parseJsonExact(Buffer.concat(chunks).toString("utf8"));
  } catch {
    throw new QuarryError(
      "invalid_input",
      "The request body is not valid JSON.",
      "Reload the page and try again.",
    );
  }
}

async function send(res: ServerResponse, result: ApiResult): Promise<void> {
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("X-Content-Type-Options", "nosniff");
  if (result.kind === "json") {
    const text = JSON.stringify(result.body);
    res.writeHead(result.status, { "Content-Type": "application/json; charset=utf-8" });
    res.end(text);
    return;
  }
  try {
    const st = await stat(result.path);
    res.writeHead(200, {
      "Content-Type": result.contentType,
      "Content-Length": st.size,
      "Content-Disposition": `attachment; filename="${result.fileName}"`,
    });
    await new Promise<void>((resolve, reject) => {
      createReadStream(result.path).on("error", reject).pipe(res).on("finish", resolve);
    });
  } catch {
    if (!res.headersSent) {
      await send(
        res,
        errorResult(
          new QuarryError("invalid_input", "That export file no longer exists.", "Export again.", {
            status: 404,
          }),
        ),
      );
    } else res.destroy();
  }
}

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".map": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".woff2": "font/woff2",
};

/**
 * Serves the built UI. Hashed assets are cached for good; index.html never is, and carries a
 * Content-Security-Policy that keeps the page to its own origin.
 */
export async function serveWebAssets(
  req: IncomingMessage,
  res: ServerResponse,
  root = webRoot,
): Promise<void> {
  const url = requestUrl(req.url) ?? new URL("http://127.0.0.1/");
  if (req.method !== "GET" && req.method !== "HEAD") {
    res.writeHead(405, { Allow: "GET, HEAD" }).end();
    return;
  }
  let rel: string;
  try {
    rel = decodeURIComponent(url.pathname);
  } catch {
    res.writeHead(400).end();
    return;
  }
  const file = normalize(join(root, rel));
  const inside = file.startsWith(root + sep);
  let target = join(root, "index.html");
  if (inside && rel !== "/") {
    const st = await stat(file).catch(() => undefined);
    if (st?.isFile()) target = file;
    else if (rel.startsWith("/assets/")) {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("not found");
      return;
    }
  }
  const st = await stat(target).catch(() => undefined);
  if (!st) {
    res.writeHead(503, { "Content-Type": "text/plain; charset=utf-8" });
    res.end("The web UI is not built. Run: npm run build:web");
    return;
  }
  const isIndex = target.endsWith("index.html");
  res.writeHead(200, {
    "Content-Type": TYPES[extname(target)] ?? "application/octet-stream",
    "Content-Length": st.size,
    "Cache-Control": isIndex ? "no-store" : "public, max-age=31536000, immutable",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    ...(isIndex
      ? {
          "Content-Security-Policy":
            "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
          "X-Frame-Options": "DENY",
        }
      : {}),
  });
  if (req.method === "HEAD") {
    res.end();
    return;
  }
  createReadStream(target).pipe(res);
}
