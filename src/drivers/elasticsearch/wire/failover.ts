/**
 * When a request that failed on one node may be sent to the next (several nodes, node-routes.ts).
 * Pure. A request is resent when nothing reached the node (refused before sending), or when it
 * only reads; a write whose request went out and whose answer was lost has an unknown fate and is
 * never resent blind.
 */

/** Codes that mean the connection was never made: nothing of the request reached the node. */
const NOT_SENT = new Set([
  "ECONNREFUSED",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "UND_ERR_CONNECT_TIMEOUT",
]);

/** Whether a network failure happened before any byte of the request was sent. */
export function neverSent(e: unknown): boolean {
  let cur = e as { code?: string; cause?: unknown } | undefined;
  for (let depth = 0; cur && depth < 4; depth++) {
    if (cur.code && NOT_SENT.has(cur.code)) return true;
    cur = cur.cause as typeof cur;
  }
  return false;
}

/** Endpoints that only read, whatever the method (POST carries a search's body). */
const READ_ENDPOINTS =
  /(^|\/)(_search|_msearch|_count|_mapping|_mappings|_field_caps|_validate\/query|_explain\/[^/]+|_pit|_search\/scroll|_query|_sql|_terms_enum|_mget|_termvectors|_rank_eval|_analyze)(\/|$)/;

/** Whether sending the request twice changes nothing (a read, a point in time opened or closed). */
export function safeToResend(method: string, path: string): boolean {
  if (method === "GET" || method === "HEAD") return true;
  const p = path.split("?")[0] ?? "";
  if (method === "POST" || method === "DELETE") return READ_ENDPOINTS.test(p);
  return false;
}

/** Answers that say the node, not the request, failed: another node may serve it. */
export function nodeUnavailable(status: number): boolean {
  return status === 502 || status === 503 || status === 504;
}

/** How long a node that stopped answering is left out before it is tried again. */
export const DEAD_FOR_MS = 60_000;
