/**
 * An ES|QL query run as an async query (async.ts): started, polled while it runs (each poll a
 * progress report), its id deleted once answered or when the caller's signal aborts. The requests
 * themselves are not aborted: each waits at most `ASYNC_WAIT`, so a cancel is acted on within that,
 * and the id it must delete is never lost to an aborted request.
 */
import type { EsRequest, EsResponse, EsTransport } from "../wire/transport.ts";
import { asyncDelete, asyncPoll, asyncStep } from "./async.ts";

export interface AsyncProgress {
  id: string;
  /** Milliseconds since the query started. */
  elapsedMs: number;
  /** Documents the query has read so far, when the cluster says. */
  documentsFound?: number;
}

export async function runAsyncQuery(
  transport: EsTransport,
  start: EsRequest,
  options: { signal?: AbortSignal; onProgress?: (p: AsyncProgress) => void } = {},
): Promise<EsResponse> {
  const { signal, onProgress } = options;
  signal?.throwIfAborted();
  const started = Date.now();
  let res = await transport.request(start);
  let step = asyncStep(res.status, res.body);
  // The answer a poll ends with does not repeat the id: it is kept from the running answers.
  let id = step.kind === "answered" ? step.id : undefined;
  while (step.kind === "running") {
    id = step.id;
    onProgress?.({ id, elapsedMs: Date.now() - started, ...found(res.body) });
    if (signal?.aborted) {
      await forget(transport, id);
      signal.throwIfAborted();
    }
    try {
      res = await transport.request(asyncPoll(id));
    } catch (e) {
      await forget(transport, id);
      throw e;
    }
    step = asyncStep(res.status, res.body);
  }
  if (id) await forget(transport, id);
  return res;
}

function found(body: unknown): { documentsFound?: number } {
  const n = (body as { documents_found?: unknown } | null)?.documents_found;
  return typeof n === "number" ? { documentsFound: n } : {};
}

/** Deletes the async query (stopping it when it still runs); a failure leaves it to expire. */
async function forget(transport: EsTransport, id: string): Promise<void> {
  await transport.request(asyncDelete(id)).catch(() => {});
}
