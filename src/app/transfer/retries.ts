/**
 * Writing one batch until every record of it is written or has failed: records the database
 * pushed back (too busy) are sent again after a growing pause, a few times, and then reported
 * as failed with that reason; none is dropped.
 */
import { setTimeout as sleep } from "node:timers/promises";
import type { LoadOutcome, LoadRecord, TableLoad } from "../../core/transfer.ts";

/** Sends of pushed-back records before they are reported as failed. */
export const MAX_ATTEMPTS = 8;

/**
 * The pause before attempt `attempt` (2 and on): doubling from `baseMs`, capped, with up to a
 * quarter of jitter so that parallel writers do not come back together.
 */
export function backoffMs(attempt: number, baseMs = 200, capMs = 10_000, random = Math.random) {
  const pause = Math.min(capMs, baseMs * 2 ** Math.max(0, attempt - 2));
  return Math.round(pause * (0.75 + random() * 0.25));
}

export async function writeWithRetries(
  load: TableLoad,
  records: readonly LoadRecord[],
  signal?: AbortSignal,
  pause: (attempt: number) => number = backoffMs,
): Promise<LoadOutcome> {
  const total: LoadOutcome = { written: 0, retry: [], failed: [] };
  let pending = records;
  for (let attempt = 1; pending.length > 0; attempt++) {
    if (attempt > 1) await sleep(pause(attempt), undefined, signal ? { signal } : {});
    const outcome = await load.write(pending, signal);
    total.written += outcome.written;
    total.failed.push(...outcome.failed);
    pending = outcome.retry;
    if (pending.length > 0 && attempt === MAX_ATTEMPTS) {
      for (const record of pending)
        total.failed.push({
          record,
          key: record.key ?? null,
          status: 429,
          reason: `still pushed back (too many requests) after ${MAX_ATTEMPTS} attempts`,
        });
      break;
    }
  }
  return total;
}
