/**
 * Writing documents with `_bulk` (pure): the body for a batch in one of the three modes, and what
 * its answer says of each document: written, to send again (the node pushed back with 429), or
 * failed with the cluster's reason. Copy and import both write through these; none of a batch's
 * documents is ever left unaccounted for.
 */
import type { ImportDoc } from "./import-lines.ts";

/** create: only new `_id`s (a taken one fails); index: write or replace; update: change existing. */
export type WriteMode = "create" | "index" | "update";
export const WRITE_MODES: readonly WriteMode[] = ["create", "index", "update"];

/** The `POST /<index>/_bulk` body for a batch; the index is in the path, not in the lines. */
export function bulkBody(docs: readonly ImportDoc[], mode: WriteMode): string {
  let body = "";
  for (const d of docs) {
    const meta: Record<string, string> = {};
    if (d.id !== undefined) meta._id = d.id;
    if (d.routing !== undefined) meta.routing = d.routing;
    body += `${JSON.stringify({ [mode]: meta })}\n`;
    body += `${JSON.stringify(mode === "update" ? { doc: d.source } : d.source)}\n`;
  }
  return body;
}

/** Why a document cannot be written in this mode before anything is sent; null when it can. */
export function unwritable(doc: ImportDoc, mode: WriteMode): string | null {
  return mode === "update" && doc.id === undefined
    ? "no _id: an update needs the _id of the document it changes"
    : null;
}

export interface DocFailure {
  doc: ImportDoc;
  /** The document's `_id` as the cluster gave it back (also for auto-generated ones). */
  id: string | null;
  status: number;
  reason: string;
}

export interface BulkOutcome {
  written: number;
  /** Pushed back (429): send these again after a pause. */
  retry: ImportDoc[];
  failed: DocFailure[];
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
export function bulkOutcome(answer: unknown, docs: readonly ImportDoc[]): BulkOutcome {
  const items = (answer as { items?: unknown })?.items;
  if (!Array.isArray(items) || items.length !== docs.length)
    throw new Error(
      `the _bulk answer lists ${Array.isArray(items) ? items.length : "no"} items for ${docs.length} documents`,
    );
  const outcome: BulkOutcome = { written: 0, retry: [], failed: [] };
  items.forEach((item, i) => {
    const doc = docs[i] as ImportDoc;
    const result = Object.values(item as Record<string, BulkItemResult>)[0] ?? {};
    const status = result.status ?? 0;
    if (status >= 200 && status < 300) outcome.written++;
    else if (status === 429) outcome.retry.push(doc);
    else
      outcome.failed.push({
        doc,
        id: result._id ?? doc.id ?? null,
        status,
        reason: reasonOf(result.error),
      });
  });
  return outcome;
}

/**
 * The pause before sending pushed-back documents again: doubling from `baseMs`, capped, with up to
 * a quarter of jitter so parallel writers do not return together.
 */
export function backoffMs(attempt: number, baseMs = 200, capMs = 10_000, random = Math.random) {
  const pause = Math.min(capMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(pause * (0.75 + random() * 0.25));
}
