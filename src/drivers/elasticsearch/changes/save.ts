/**
 * Saving grid edits (docs/decisions.md, "Saving grid edits") without losing data:
 * - every update and delete carries the row's `if_seq_no` / `if_primary_term` as loaded, so a
 *   document someone else changed since is a per-row conflict, never overwritten;
 * - a new row with a typed `_id` is written with create semantics (`op_type=create`): an existing
 *   document of that id is a conflict, not an overwrite; without `_id` the cluster picks one;
 * - refusals come before anything is sent (change-plan.ts): a refused change set sends nothing;
 * - each row gets its own result; failed rows stay in `remaining` with their edits; written rows
 *   are read back (new `_seq_no`) with the grid's columns;
 * - writes carry `refresh=wait_for` (or `refresh=true` on an index whose refresh is disabled) so
 *   the next browse shows them.
 */
import { randomBytes } from "node:crypto";
import type { ChangeSet, RowInsert } from "../../../core/changes.ts";
import { errors, isQuarryError } from "../../../core/errors.ts";
import type { Column } from "../../../core/grid.ts";
import { hitToRow } from "../table/cells.ts";
import {
  type EsChangeSet,
  type EsRowDelete,
  type EsRowResult,
  type EsRowUpdate,
  type EsSaveResult,
  encodeVersion,
} from "../table/row-version.ts";
import { errorTypeAndReason } from "../wire/errors.ts";
import { pathSegment } from "../wire/paths.ts";
import type { EsTransport } from "../wire/transport.ts";
import { alreadyHeld } from "./already-held.ts";
import { insertLabel } from "./checks.ts";
import { expandDocument } from "./document-paths.ts";
import { type MgetDoc, mget, normalize, plan } from "./plan.ts";

/** Writes in flight at once (the transport's pool has 16 connections). */
const CONCURRENCY = 8;

// ---------------------------------------------------------------------------------------------
// Saving

interface Write {
  change: EsRowResult["change"];
  row: string;
  index: string;
  id?: string;
  method: "POST" | "PUT" | "DELETE";
  path: (refresh: string) => string;
  body?: unknown;
  original: EsRowUpdate | RowInsert | EsRowDelete;
}

/**
 * Saves a change set. Refusals throw `changes_refused` before anything is sent. Otherwise every
 * row is written and reported; the save never stops at a failed row.
 */
export async function saveChanges(
  transport: EsTransport,
  table: string,
  input: ChangeSet,
  options: { signal?: AbortSignal } = {},
): Promise<EsSaveResult> {
  const changes = normalize(input);
  const { columns, refusals, partials } = await plan(transport, table, changes);
  if (refusals.length > 0) throw errors.changesRefused(refusals);
  const writes = writesOf(changes, table, partials);
  const refresh = await refreshPolicies(transport, [...new Set(writes.map((w) => w.index))]);
  const results = await sendAll(transport, writes, refresh, options.signal);
  const current = await attachCurrent(transport, columns, writes, results);
  for (const [i, doc] of current) {
    const w = writes[i] as Write;
    const r = results[i] as EsRowResult;
    if (!r.ok && alreadyHeld(w, doc)) results[i] = savedBefore(r, doc);
  }
  return { results, remaining: remainingOf(writes, results) };
}

/** The request of every change, updates first, then new rows, then deletions. */
function writesOf(
  changes: EsChangeSet,
  table: string,
  partials: (Record<string, unknown> | undefined)[],
): Write[] {
  const writes: Write[] = [];
  changes.updates.forEach((u, i) => {
    const index = u._index ?? table;
    const tokens = `if_seq_no=${u._seq_no}&if_primary_term=${u._primary_term}`;
    writes.push({
      change: "update",
      row: u._id,
      index,
      id: u._id,
      method: "POST",
      path: (refresh) =>
        `/${pathSegment(index)}/_update/${pathSegment(u._id)}?${tokens}&refresh=${refresh}`,
      body: { doc: partials[i] ?? {} },
      original: u,
    });
  });
  changes.inserts.forEach((ins, i) => {
    const index = ins._index ?? table;
    const body = expandDocument(ins.values ?? {});
    const label = insertLabel(ins, i);
    // A new row without _id gets one here, before it is sent: should the answer be lost (a node
    // dies), saving the row again re-sends the same id and cannot create a second document.
    const id = ins._id ?? newDocumentId();
    writes.push({
      change: "insert",
      row: label,
      index,
      id,
      method: "PUT",
      // Create semantics: an existing document of this id is a conflict, never overwritten.
      path: (refresh) =>
        `/${pathSegment(index)}/_doc/${pathSegment(id)}?op_type=create&refresh=${refresh}`,
      body,
      original: ins._id === undefined ? { ...ins, _id: id } : ins,
    });
  });
  for (const d of changes.deletes) {
    const index = d._index ?? table;
    const tokens = `if_seq_no=${d._seq_no}&if_primary_term=${d._primary_term}`;
    writes.push({
      change: "delete",
      row: d._id,
      index,
      id: d._id,
      method: "DELETE",
      path: (refresh) =>
        `/${pathSegment(index)}/_doc/${pathSegment(d._id)}?${tokens}&refresh=${refresh}`,
      original: d,
    });
  }

  return writes;
}

/**
 * Sends the writes, `CONCURRENCY` at a time. A write that gets no answer may or may not have
 * happened: the ones not sent yet are reported as not sent.
 */
async function sendAll(
  transport: EsTransport,
  writes: Write[],
  refresh: Map<string, string>,
  signal: AbortSignal | undefined,
): Promise<EsRowResult[]> {
  const results: EsRowResult[] = new Array(writes.length);
  let stopped: string | undefined;
  let next = 0;
  const worker = async () => {
    for (;;) {
      const i = next++;
      const w = writes[i];
      if (!w) return;
      if (stopped || signal?.aborted) {
        results[i] = {
          change: w.change,
          row: w.row,
          ok: false,
          ...(w.id !== undefined ? { _id: w.id } : {}),
          notSent: true,
          error: { status: 0, type: "not_sent", reason: stopped ?? "the save was cancelled" },
        };
        continue;
      }
      results[i] = await send(transport, w, refresh.get(w.index) ?? "wait_for", signal).catch(
        (e: unknown) => {
          // No answer: the write may or may not have happened; the rest is not sent.
          stopped = `not sent: an earlier write got no answer (${e instanceof Error ? e.message : String(e)})`;
          return {
            change: w.change,
            row: w.row,
            ok: false,
            ...(w.id !== undefined ? { _id: w.id } : {}),
            error: {
              status: 0,
              type: isQuarryError(e) ? e.code : "network_error",
              reason: e instanceof Error ? e.message : String(e),
            },
          } satisfies EsRowResult;
        },
      );
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, writes.length) }, worker));

  return results;
}

/** The changes that failed, as they were given, to fix and retry. */
function remainingOf(writes: Write[], results: EsRowResult[]): EsChangeSet {
  const remaining: EsChangeSet = { updates: [], inserts: [], deletes: [] };
  writes.forEach((w, i) => {
    if (results[i]?.ok) return;
    if (w.change === "update") remaining.updates.push(w.original as EsRowUpdate);
    else if (w.change === "insert") remaining.inserts.push(w.original as RowInsert);
    else remaining.deletes.push(w.original as EsRowDelete);
  });
  return remaining;
}

interface WriteAnswer {
  _id?: string;
  _index?: string;
  _seq_no?: number;
  _primary_term?: number;
  result?: string;
}

async function send(
  transport: EsTransport,
  w: Write,
  refresh: string,
  signal: AbortSignal | undefined,
): Promise<EsRowResult> {
  const res = await transport.request<WriteAnswer>({
    method: w.method,
    path: w.path(refresh),
    ...(w.body !== undefined ? { body: w.body } : {}),
    ...(signal ? { signal } : {}),
  });
  const base = { change: w.change, row: w.row };
  const body = res.body;
  if (res.status >= 200 && res.status < 300) {
    const out: EsRowResult = { ...base, ok: true, _index: body?._index ?? w.index };
    const id = body?._id ?? w.id;
    if (id !== undefined) out._id = id;
    if (w.change !== "delete") withVersion(out, body);
    return out;
  }
  const { type, reason } = errorTypeAndReason(body);
  const gone =
    res.status === 404 && (body?.result === "not_found" || type === "document_missing_exception");
  const out: EsRowResult = {
    ...base,
    ok: false,
    _index: w.index,
    ...(w.id !== undefined ? { _id: w.id } : {}),
    error: gone
      ? {
          status: 404,
          type: "document_missing",
          reason: "the document no longer exists: someone deleted it since it was loaded",
        }
      : { status: res.status, type, reason },
  };
  // Someone else changed, deleted or (for a typed _id) created the document: nothing was overwritten.
  if (res.status === 409 || gone) out.conflict = true;
  return out;
}

/**
 * `refresh=wait_for` makes a write visible to the next search without forcing small segments; on
 * an index whose refresh is disabled (`refresh_interval: -1`) it would wait forever, so those get
 * `refresh=true`. Unknown settings (no right to read them) keep `wait_for`.
 */
async function refreshPolicies(
  transport: EsTransport,
  indices: string[],
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (indices.length === 0) return out;
  const res = await transport.request<Record<string, { settings?: Record<string, unknown> }>>({
    method: "GET",
    path: `/${indices.map(pathSegment).join(",")}/_settings/index.refresh_interval`,
    query: { flat_settings: true, ignore_unavailable: true, allow_no_indices: true },
  });
  if (res.status < 200 || res.status > 299 || !res.body || typeof res.body !== "object") return out;
  const disabled = Object.values(res.body).some(
    (v) => String(v?.settings?.["index.refresh_interval"] ?? "") === "-1",
  );
  // An alias or pattern may name several indices: one disabled among them decides for the name.
  for (const name of indices) {
    const own = res.body[name]?.settings?.["index.refresh_interval"];
    out.set(name, String(own ?? (disabled ? "-1" : "")) === "-1" ? "true" : "wait_for");
  }
  return out;
}

/**
 * Reads back every written or conflicting document, so the grid shows what the cluster holds.
 * Returns the documents read, by position in `writes` (not found ones included).
 */
async function attachCurrent(
  transport: EsTransport,
  columns: Column[],
  writes: Write[],
  results: EsRowResult[],
): Promise<Map<number, MgetDoc | undefined>> {
  const read = new Map<number, MgetDoc | undefined>();
  const wanted = writes
    .map((w, i) => ({ w, r: results[i] as EsRowResult, i }))
    .filter(
      ({ r }) =>
        r && !r.notSent && r._id !== undefined && (r.ok ? r.change !== "delete" : r.conflict),
    );
  if (wanted.length === 0) return read;
  let docs: (MgetDoc | undefined)[];
  try {
    docs = await mget(
      transport,
      wanted.map(({ r, w }) => ({ index: r._index ?? w.index, id: r._id as string })),
    );
  } catch {
    return read; // the writes stand; the grid reloads on its own
  }
  wanted.forEach(({ r, i }, k) => {
    const doc = docs[k];
    // Only a real answer counts: a document that could not be read is not "not found".
    if (doc && !doc.error) read.set(i, doc);
    if (doc?.found) r.current = hitToRow(doc, columns);
  });
  return read;
}

/** A document id like the cluster's own: 20 URL-safe characters, 120 random bits. */
function newDocumentId(): string {
  return randomBytes(15).toString("base64url");
}

/** The result of a change the cluster already held: saved, nothing written again. */
function savedBefore(r: EsRowResult, doc: MgetDoc | undefined): EsRowResult {
  const { error: _error, conflict: _conflict, ...rest } = r;
  const out: EsRowResult = { ...rest, ok: true, alreadySaved: true };
  if (r.change !== "delete") withVersion(out, doc);
  return out;
}

/** Gives a result the document's new version, when the cluster's answer carries it. */
function withVersion(
  out: EsRowResult,
  answer: { _seq_no?: number; _primary_term?: number } | undefined,
): void {
  if (typeof answer?._seq_no !== "number") return;
  out._seq_no = answer._seq_no;
  if (typeof answer._primary_term !== "number") return;
  out._primary_term = answer._primary_term;
  const version = encodeVersion(answer._seq_no, answer._primary_term);
  if (version !== undefined) out.version = version;
}
