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
  while (step.kind === "running") {
    const id = step.id;
    if (signal?.aborted) {
      await forget(transport, id);
      signal.throwIfAborted();
    }
    onProgress?.({ id, elapsedMs: Date.now() - started });
    try {
      res = await transport.request(asyncPoll(id));
    } catch (e) {
      await forget(transport, id);
      throw e;
    }
    step = asyncStep(res.status, res.body);
  }
  if (step.id) await forget(transport, step.id);
  return res;
}

/** Deletes the async query (stopping it when it still runs); a failure leaves it to expire. */
async function forget(transport: EsTransport, id: string): Promise<void> {
  await transport.request(asyncDelete(id)).catch(() => {});
}
