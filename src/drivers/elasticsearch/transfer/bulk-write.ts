/**
 * Writing documents with `_bulk` (pure): the body for a batch in one of the three modes, and what
 * its answer says of each document: written, to send again (the node pushed back with 429), or
 * failed with the cluster's reason. Copy and import both write through these; none of a batch's
 * documents is ever left unaccounted for.
 */
import type { LoadMode, LoadOutcome, LoadRecord } from "../../../core/transfer.ts";

/**
 * A record's action line (the index is in the path, not in the lines): written as text, no object
 * made and serialized for each record.
 */
function actionLine(d: LoadRecord, mode: LoadMode): string {
  const id = d.key !== undefined ? `"_id":${JSON.stringify(d.key)}` : "";
  const route =
    d.route !== undefined ? `${id === "" ? "" : ","}"routing":${JSON.stringify(d.route)}` : "";
  return `{"${mode}":{${id}${route}}}\n`;
}

/**
 * The `POST /<index>/_bulk` body for a batch, as bytes: a record that came as JSON text (a copy)
 * is written as that text, never parsed nor serialized again; others are serialized. Measured
 * first, then written once into one buffer: no list of pieces is made per batch.
 */
export function bulkBytes(docs: readonly LoadRecord[], mode: LoadMode): Buffer {
  const update = mode === "update";
  const lines: string[] = new Array(docs.length);
  let size = 0;
  for (let i = 0; i < docs.length; i++) {
    const d = docs[i] as LoadRecord;
    let line = actionLine(d, mode);
    if (d.text) {
      for (const p of d.text) size += typeof p === "string" ? Buffer.byteLength(p) : p.byteLength;
      if (update) line += '{"doc":';
    } else line += `${JSON.stringify(update ? { doc: d.document } : d.document)}\n`;
    lines[i] = line;
    size += Buffer.byteLength(line) + (d.text ? (update ? 2 : 1) : 0);
  }
  const body = Buffer.allocUnsafe(size);
  let at = 0;
  for (let i = 0; i < docs.length; i++) {
    const d = docs[i] as LoadRecord;
    at += body.write(lines[i] as string, at);
    if (!d.text) continue;
    for (const p of d.text) {
      if (typeof p === "string") at += body.write(p, at);
      else {
        body.set(p, at);
        at += p.byteLength;
      }
    }
    if (update) body[at++] = 0x7d;
    body[at++] = 0x0a;
  }
  return body;
}

/** The same body as text. */
export function bulkBody(docs: readonly LoadRecord[], mode: LoadMode): string {
  return bulkBytes(docs, mode).toString("utf8");
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

const ALL_WRITTEN = /^\s*\{\s*"errors"\s*:\s*false\s*[,}]/;
const STATUS = Buffer.from('"status":');

/**
 * The documents written, read from the answer's bytes without parsing it, when the answer says no
 * item failed (`"errors":false` first, as the filtered answer has it) and lists one item per
 * document (each item has one `"status":`; a name or reason holding those bytes would have its
 * quotes escaped); undefined otherwise, for `bulkOutcome` to read it whole.
 */
export function allWritten(answer: Buffer, docs: number): number | undefined {
  if (!ALL_WRITTEN.test(answer.toString("latin1", 0, 64))) return undefined;
  let items = 0;
  for (let at = answer.indexOf(STATUS); at >= 0; at = answer.indexOf(STATUS, at + STATUS.length))
    items++;
  return items === docs ? items : undefined;
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
