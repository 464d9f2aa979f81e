/**
 * Writing documents with `_bulk` (pure): the body for a batch in one of the three modes, and what
 * its answer says of each document: written, to send again (the node pushed back with 429), or
 * failed with the cluster's reason. Copy and import both write through these; none of a batch's
 * documents is ever left unaccounted for.
 */
import type { LoadMode, LoadOutcome, LoadRecord } from "../../core/transfer.ts";

/** The `POST /<index>/_bulk` body for a batch; the index is in the path, not in the lines. */
export function bulkBody(docs: readonly LoadRecord[], mode: LoadMode): string {
  let body = "";
  for (const d of docs) {
    const meta: Record<string, string> = {};
    if (d.key !== undefined) meta._id = d.key;
    if (d.route !== undefined) meta.routing = d.route;
    body += `${JSON.stringify({ [mode]: meta })}\n`;
    body += `${JSON.stringify(mode === "update" ? { doc: d.document } : d.document)}\n`;
  }
  return body;
}

/** Why a document cannot be written in this mode before anything is sent; null when it can. */
export function unwritable(doc: LoadRecord, mode: LoadMode): string | null {
  return mode === "update" && doc.key === undefined
    ? "no _id: an update needs the _id of the document it changes"
    : null;
}

interface BulkItemResult {
  _id?: string;
  status?: number;
  error?: { type?: string; reason?: string; caused_by?: { type?: string; reason?: string } };
}

function reasonOf(error: BulkItemResult["error"]): string {
  if (!error) return "failed without a reason";
  const head = [error.type, error.reason].filter(Boolean).join(": ");
  const cause = error.caused_by?.reason;
  return cause && cause !== error.reason ? `${head} (${cause})` : head || "failed without a reason";
}

/**
 * What a `_bulk` answer says of each document of the batch, in order. An answer whose items do
 * not match the batch one for one is an error: no document's fate may be guessed.
 */
export function bulkOutcome(answer: unknown, docs: readonly LoadRecord[]): LoadOutcome {
  const items = (answer as { items?: unknown })?.items;
  if (!Array.isArray(items) || items.length !== docs.length)
    throw new Error(
      `the _bulk answer lists ${Array.isArray(items) ? items.length : "no"} items for ${docs.length} documents`,
    );
  const outcome: LoadOutcome = { written: 0, retry: [], failed: [] };
  items.forEach((item, i) => {
    const record = docs[i] as LoadRecord;
    const result = Object.values(item as Record<string, BulkItemResult>)[0] ?? {};
    const status = result.status ?? 0;
    if (status >= 200 && status < 300) outcome.written++;
    else if (status === 429) outcome.retry.push(record);
    else
      outcome.failed.push({
        record,
        key: result._id ?? record.key ?? null,
        status,
        reason: reasonOf(result.error),
      });
  });
  return outcome;
}
