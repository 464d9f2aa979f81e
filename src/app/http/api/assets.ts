/**
 * Serves the built web UI (`dist/web`): its files, and the SPA's index.html for unknown paths.
 * Hashed assets are cached for good; index.html never is, and carries a Content-Security-Policy
 * that keeps the page to its own origin.
 */
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { extname, join, normalize, sep } from "node:path";
import { Readable } from "node:stream";
import type { Context } from "hono";
import { installPaths } from "../../process/install.ts";

export const webRoot = installPaths.web;

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".map": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".woff2": "font/woff2",
};

const INDEX_HEADERS = {
  "Content-Security-Policy":
    "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
  "X-Frame-Options": "DENY",
};

/** The file (or index.html) for a page request; GET and HEAD only. */
export async function serveWebAssets(c: Context, root = webRoot): Promise<Response> {
  const method = c.req.method;
  if (method !== "GET" && method !== "HEAD")
    return new Response(null, { status: 405, headers: { Allow: "GET, HEAD" } });
  let rel: string;
  try {
    rel = decodeURIComponent(new URL(c.req.url).pathname);
  } catch {
    return new Response(null, { status: 400 });
  }
  const file = normalize(join(root, rel));
  const inside = file.startsWith(root + sep);
  let target = join(root, "index.html");
  if (inside && rel !== "/") {
    const st = await stat(file).catch(() => undefined);
    if (st?.isFile()) target = file;
    else if (rel.startsWith("/assets/"))
      return new Response("not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  }
  const st = await stat(target).catch(() => undefined);
  if (!st)
    return new Response("The web UI is not built. Run: npm run build:web", {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  const isIndex = target.endsWith("index.html");
  const headers = {
    "Content-Type": TYPES[extname(target)] ?? "application/octet-stream",
    "Content-Length": String(st.size),
    "Cache-Control": isIndex ? "no-store" : "public, max-age=31536000, immutable",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    ...(isIndex ? INDEX_HEADERS : {}),
  };
  if (method === "HEAD") return new Response(null, { status: 200, headers });
  const body = Readable.toWeb(createReadStream(target)) as ReadableStream<Uint8Array>;
  return new Response(body, { status: 200, headers });
}
