/**
 * Pure: an ES|QL query run as an async query (`POST /_query/async`), so a long one is polled with
 * progress and can be cancelled (docs/decisions.md, "ES|QL as async queries"): the requests, and
 * what each answer means. The cluster answers at once when the query ends within the first wait;
 * otherwise it gives an id, polled until the answer comes, and deleted then or when cancelled
 * (deleting a running async query stops it), so nothing is left stored on the cluster.
 */
import type { EsRequest } from "../wire/transport.ts";

/** How long each request waits for the query before answering that it still runs. */
export const ASYNC_WAIT = "1s";
/** How long the cluster keeps an answer nobody reads (a client gone without deleting it). */
export const ASYNC_KEEP_ALIVE = "5m";

/** Whether a console request runs an ES|QL query that can run as an async one. */
export function runsAsAsync(method: string, path: string, body: unknown): boolean {
  const bare = path.split("?")[0]?.replace(/\/+$/, "") ?? "";
  if (method !== "POST" || !/^\/?_query$/.test(bare)) return false;
  // Another answer format (csv, txt, arrow) is asked for on the path; kept as written.
  if (/[?&]format=/.test(path)) return false;
  return (
    !!body && typeof body === "object" && typeof (body as { query?: unknown }).query === "string"
  );
}

/** The async request for a `POST /_query` path and body; the user's own wait and keep win. */
export function asyncStart(path: string, body: Record<string, unknown>): EsRequest {
  const query = path.includes("?") ? path.slice(path.indexOf("?")) : "";
  return {
    method: "POST",
    path: `/_query/async${query}`,
    body: {
      wait_for_completion_timeout: ASYNC_WAIT,
      keep_alive: ASYNC_KEEP_ALIVE,
      ...body,
      keep_on_completion: false,
    },
  };
}

export function asyncPoll(id: string): EsRequest {
  return {
    method: "GET",
    path: `/_query/async/${encodeURIComponent(id)}?wait_for_completion_timeout=${ASYNC_WAIT}`,
  };
}

export function asyncDelete(id: string): EsRequest {
  return { method: "DELETE", path: `/_query/async/${encodeURIComponent(id)}` };
}

/** What an answer of the async API says: still running (poll this id), or the answer itself. */
export type AsyncStep =
  | { kind: "running"; id: string }
  | { kind: "answered"; status: number; body: unknown; id?: string };

/** Pure: the step an answer (of the start or of a poll) is. */
export function asyncStep(status: number, body: unknown): AsyncStep {
  const b = (body ?? {}) as { id?: unknown; is_running?: unknown };
  const id = typeof b.id === "string" ? b.id : undefined;
  if (status >= 200 && status < 300 && b.is_running === true && id) return { kind: "running", id };
  return { kind: "answered", status, body, ...(id ? { id } : {}) };
}

/** Pure: the answer without the async API's own fields, as `POST /_query` gives it. */
export function syncShape(body: unknown): unknown {
  if (!body || typeof body !== "object" || Array.isArray(body)) return body;
  const { id: _id, is_running: _running, ...rest } = body as Record<string, unknown>;
  return rest;
}
