/**
 * Saving grid edits (spec 4.3, 4.5.1-4) without losing data:
 * - every update and delete carries the row's `if_seq_no` / `if_primary_term` as loaded, so a
 *   document someone else changed since is a per-row conflict, never overwritten;
 * - a new row with a typed `_id` is written with create semantics (`op_type=create`): an existing
 *   document of that id is a conflict, not an overwrite; without `_id` the cluster picks one;
 * - a cut cell (or an edit built on its cut text) is never written back, and an edit that would
 *   replace an array of objects the grid shows only as flattened leaves is refused;
 * - refusals come before anything is sent: a refused change set sends nothing;
 * - each row gets its own result; failed rows stay in `remaining` with their edits; written rows
 *   are read back (new `_seq_no`) with the grid's columns;
 * - writes carry `refresh=wait_for` (or `refresh=true` on an index whose refresh is disabled) so
 *   the next browse shows them.
 *
 * `checkChanges`, `partialDocument` and `expandDocument` are pure; the rest talks to the cluster.
 */
import { randomBytes } from "node:crypto";
import type { ChangeRefusal, ChangeSet, RowInsert } from "../../core/changes.ts";
import { errors, isQuarryError } from "../../core/errors.ts";
import { isExactInteger } from "../../core/exact-json.ts";
import type { Column } from "../../core/grid.ts";
import { hitToRow, type SearchHit } from "./cells.ts";
import { errorTypeAndReason } from "./errors.ts";
import { describeTable } from "./mapping.ts";
import {
  changeSetWithTokens,
  type EsChangeSet,
  type EsRowDelete,
  type EsRowResult,
  type EsRowUpdate,
  type EsSaveResult,
  encodeVersion,
} from "./row-version.ts";
import { pathSegment } from "./search-errors.ts";
import type { EsTransport } from "./transport.ts";

/** Writes in flight at once (the transport's pool has 16 connections). */
const CONCURRENCY = 8;

const META_REFUSALS: Record<string, { message: string; remedy: string }> = {
  _id: {
    message: "is the document's key and cannot be edited",
    remedy:
      "Undo the edit. To give the document another _id, add a new row with that _id and delete this one.",
  },
  _index: {
    message: "is the index that holds the document and cannot be edited",
    remedy:
      "Undo the edit. To move the document, add it as a new row of the other index and delete it here.",
  },
  _score: {
    message: "is computed by each search and cannot be edited",
    remedy: "Undo the edit.",
  },
};

// ---------------------------------------------------------------------------------------------
// Pure checks

/** How the user knows a new row: its typed `_id`, else "new row N" (1-based). */
export function insertLabel(insert: RowInsert, position: number): string {
  return typeof insert._id === "string" && insert._id !== ""
    ? insert._id
    : `new row ${position + 1}`;
}

/**
 * Pure: every reason the change set cannot be written as it is, naming the row and the column.
 * An empty list means it may be sent (the cluster may still refuse single rows).
 */
export function checkChanges(
  columns: Column[],
  input: EsChangeSet,
  table: string,
): ChangeRefusal[] {
  const changes = changeSetWithTokens(input);
  const refusals: ChangeRefusal[] = [];
  const byName = new Map(columns.map((c) => [c.name, c]));
  const seen = new Map<string, string>();
  const refuse = (r: ChangeRefusal) => refusals.push(r);

  const once = (change: ChangeRefusal["change"], row: string, index: string | undefined) => {
    const key = `${index ?? table}\u0000${row}`;
    const before = seen.get(key);
    if (before) {
      refuse({
        change,
        row,
        message: `the document "${row}" appears twice in the change set (${before} and ${change})`,
        remedy: "Keep one change per document: combine the edits, or undo one of them.",
      });
    } else seen.set(key, change);
  };

  const checkColumn = (
    change: "update" | "insert",
    row: string,
    name: string,
    value: unknown,
    cut: string[] | undefined,
  ) => {
    const meta = Object.hasOwn(META_REFUSALS, name) ? META_REFUSALS[name] : undefined;
    if (meta)
      return refuse({
        change,
        row,
        column: name,
        message: `"${name}" ${meta.message}`,
        remedy: meta.remedy,
      });
    if (name.startsWith("_") && !byName.has(name)) {
      return refuse({
        change,
        row,
        column: name,
        message: `"${name}" is document metadata, not a field`,
        remedy: "Undo the edit.",
      });
    }
    const column = byName.get(name);
    if (!column) {
      return refuse({
        change,
        row,
        column: name,
        message: `"${name}" is not a column of ${table}`,
        remedy:
          "Undo the edit, or check the column's name. Quarry does not add fields to a mapping; add one through the console (PUT /<index>/_mapping) first.",
      });
    }
    if (column.kind === "nested-leaf") {
      const parent = column.nestedPaths?.at(-1) ?? name.split(".").slice(0, -1).join(".");
      return refuse({
        change,
        row,
        column: name,
        message: `"${name}" is a leaf of the nested array "${parent}" and cannot be written`,
        remedy: `Undo the edit, and change the array in its JSON column "${parent}" instead.`,
      });
    }
    if (column.kind === "nested-parent" && value !== null && typeof value !== "object") {
      return refuse({
        change,
        row,
        column: name,
        message: `the nested column "${name}" takes a JSON array of objects, not ${JSON.stringify(value)}`,
        remedy: 'Write the value as JSON, e.g. [{"field": "value"}], or empty the cell.',
      });
    }
    if (cut?.includes(name)) {
      return refuse({
        change,
        row,
        column: name,
        message: `the cell "${name}" shows only its first characters (it was cut at the display limit); saving it would store the fragment`,
        remedy: "Undo the edit, load the cell's full value (open the cell), edit that, then save.",
      });
    }
    if (value === undefined || (typeof value === "number" && !Number.isFinite(value))) {
      return refuse({
        change,
        row,
        column: name,
        message: `the value of "${name}" cannot be written as JSON`,
        remedy: "Enter a value, or empty the cell (null).",
      });
    }
    // A number beyond 2^53 reached Quarry already rounded (a JSON number or a number editor);
    // writing it would store digits nobody typed.
    if (typeof value === "number" && Number.isInteger(value) && !Number.isSafeInteger(value)) {
      return refuse({
        change,
        row,
        column: name,
        message: `the number in "${name}" is beyond 2^53 and may already be rounded (${value})`,
        remedy:
          'Enter it as text in quotes (e.g. "12345678901234567891"): Elasticsearch stores the exact digits in a long field.',
      });
    }
  };

  const checkTokens = (change: "update" | "delete", row: string, r: EsRowUpdate | EsRowDelete) => {
    const seqNo = r._seq_no ?? Number.NaN;
    const primaryTerm = r._primary_term ?? Number.NaN;
    if (
      !Number.isInteger(seqNo) ||
      seqNo < 0 ||
      !Number.isInteger(primaryTerm) ||
      primaryTerm < 1
    ) {
      refuse({
        change,
        row,
        message: `the row "${row}" has no valid _seq_no and _primary_term (it was loaded without them)`,
        remedy:
          "Reload the row and redo the edit: Quarry sends them with every write so it never overwrites someone else's change.",
      });
    }
  };

  const checkId = (change: ChangeRefusal["change"], row: string, id: unknown): boolean => {
    if (typeof id === "string" && id !== "") return true;
    refuse({
      change,
      row,
      column: "_id",
      message: "the row has no _id, so it cannot be addressed",
      remedy: "Reload the table; rows of the grid always carry their _id.",
    });
    return false;
  };

  /** A row that is not the shape the grid sends: refused, naming its place in the list. */
  const malformed = (change: ChangeRefusal["change"], position: number, shape: string) =>
    refuse({
      change,
      row: `${change} ${position + 1}`,
      message: `${change} ${position + 1} of the change set is not ${shape}`,
      remedy: "Reload the page and redo the edit; the grid sends every change in that shape.",
    });

  for (const [i, u] of changes.updates.entries()) {
    if (!isPlainObject(u) || !isPlainObject(u.set) || (u.cut !== undefined && !isStrings(u.cut))) {
      malformed("update", i, "{_id, _seq_no, _primary_term, set: {column: value}, cut?: [column]}");
      continue;
    }
    const row = rowLabel("update", i, u._id);
    if (!checkId("update", row, u._id)) continue;
    once("update", row, u._index);
    checkTokens("update", row, u);
    const names = Object.keys(u.set ?? {});
    if (names.length === 0) {
      refuse({
        change: "update",
        row,
        message: `the update of "${row}" changes no column`,
        remedy: "Drop it from the change set.",
      });
    }
    for (const name of names) checkColumn("update", row, name, u.set[name], u.cut);
  }
  changes.inserts.forEach((ins, i) => {
    if (!isPlainObject(ins) || !isPlainObject(ins.values)) {
      malformed("insert", i, "{_id?, values: {column: value}}");
      return;
    }
    const row = insertLabel(ins, i);
    if (ins._id !== undefined && !checkId("insert", row, ins._id)) return;
    if (ins._id !== undefined) once("insert", row, ins._index);
    for (const name of Object.keys(ins.values ?? {})) {
      if (name === "_id") {
        refuse({
          change: "insert",
          row,
          column: "_id",
          message: "the new row's _id is given as a value",
          remedy: "Type the _id in the row's _id field, not among its values.",
        });
        continue;
      }
      checkColumn("insert", row, name, ins.values[name], undefined);
    }
  });
  for (const [i, d] of changes.deletes.entries()) {
    if (!isPlainObject(d)) {
      malformed("delete", i, "{_id, _seq_no, _primary_term}");
      continue;
    }
    const row = rowLabel("delete", i, d._id);
    if (!checkId("delete", row, d._id)) continue;
    once("delete", row, d._index);
    checkTokens("delete", row, d);
  }
  return refusals;
}

/** Thrown by `partialDocument` when a path goes through an array of objects. */
class ObjectArrayPath extends Error {
  readonly at: string;
  constructor(at: string) {
    super(`array of objects at ${at}`);
    this.at = at;
  }
}

/**
 * Pure: the partial document of an update, shaped like the document's own `_source` so the
 * cluster's merge replaces the values in place: `customer.name` becomes `{"customer":{"name":…}}`,
 * or `{"customer.name":…}` when the source spells the key with dots. Throws ObjectArrayPath when
 * the path crosses an array of objects (a partial document would replace the whole array).
 */
export function partialDocument(
  source: unknown,
  set: Record<string, unknown>,
): Record<string, unknown> {
  const doc: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(set)) place(doc, source, name.split("."), value, []);
  return doc;
}

function place(
  target: Record<string, unknown>,
  source: unknown,
  path: string[],
  value: unknown,
  walked: string[],
): void {
  const obj = isPlainObject(source) ? source : undefined;
  for (let n = path.length; n >= 1 && obj; n--) {
    const key = path.slice(0, n).join(".");
    if (!Object.hasOwn(obj, key)) continue;
    if (n === path.length) {
      target[key] = value;
      return;
    }
    const child = obj[key];
    if (Array.isArray(child) && child.some((el) => isPlainObject(el)))
      throw new ObjectArrayPath([...walked, key].join("."));
    if (isPlainObject(child)) {
      const next = isPlainObject(target[key]) ? (target[key] as Record<string, unknown>) : {};
      target[key] = next;
      place(next, child, path.slice(n), value, [...walked, key]);
      return;
    }
    break; // a scalar (or nothing) where an object is expected: write the rest as objects
  }
  setPath(target, path, value);
}

/** Pure: a new document from dotted column names (`customer.name` → `{"customer":{"name":…}}`). */
export function expandDocument(values: Record<string, unknown>): Record<string, unknown> {
  const doc: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) setPath(doc, name.split("."), value);
  return doc;
}

function setPath(target: Record<string, unknown>, path: string[], value: unknown): void {
  let cur = target;
  for (const key of path.slice(0, -1)) {
    if (!isPlainObject(cur[key])) cur[key] = {};
    cur = cur[key] as Record<string, unknown>;
  }
  cur[path.at(-1) as string] = value;
}

/** A row by its `_id`; one without a usable `_id` by its place in the list ("update 2"). */
function rowLabel(change: "update" | "delete", position: number, id: unknown): string {
  return typeof id === "string" && id !== "" ? id : `${change} ${position + 1}`;
}

function isStrings(v: unknown): v is string[] {
  return Array.isArray(v) && v.every((x) => typeof x === "string");
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

// ---------------------------------------------------------------------------------------------
// Checks against the documents as they are

interface MgetDoc extends SearchHit {
  found?: boolean;
  error?: unknown;
}

/** What validation learned, reused by the save so each update is checked and built once. */
interface Plan {
  columns: Column[];
  refusals: ChangeRefusal[];
  /** Partial document per update (same order as `changes.updates`). */
  partials: (Record<string, unknown> | undefined)[];
}

async function plan(transport: EsTransport, table: string, changes: ChangeSet): Promise<Plan> {
  const columns = await describeTable(transport, table);
  const refusals = checkChanges(columns, changes, table);
  const partials: Plan["partials"] = changes.updates.map(() => undefined);
  const refusedRows = new Set(refusals.map((r) => `${r.change}\u0000${r.row}`));
  // Updates refused already (by their _id), or without the shape checkChanges refused (named by
  // their place in the list), are not read back.
  const pending = changes.updates
    .map((u, i) => ({ u, i }))
    .filter(
      ({ u }) =>
        isPlainObject(u) &&
        isPlainObject(u.set) &&
        typeof u._id === "string" &&
        u._id !== "" &&
        !refusedRows.has(`update\u0000${u._id}`),
    );
  if (pending.length === 0) return { columns, refusals, partials };

  const docs = await mget(
    transport,
    pending.map(({ u }) => ({ index: u._index ?? table, id: u._id, fields: Object.keys(u.set) })),
  );
  pending.forEach(({ u, i }, k) => {
    const doc = docs[k];
    const source = doc?.found ? (doc._source ?? {}) : {};
    for (const [name, value] of Object.entries(u.set)) {
      const fragment = doc?.found ? isCutText(doc, columns, name, value) : false;
      if (fragment) {
        refusals.push({
          change: "update",
          row: u._id,
          column: name,
          message: `the new value of "${name}" is the cell's cut display text (it ends in "..." where the grid cut it); saving it would store the fragment`,
          remedy:
            "Undo the edit, load the cell's full value (open the cell), edit that, then save.",
        });
      }
    }
    try {
      partials[i] = partialDocument(source, u.set);
    } catch (e) {
      if (!(e instanceof ObjectArrayPath)) throw e;
      const column = Object.keys(u.set).find((n) => n === e.at || n.startsWith(`${e.at}.`));
      refusals.push({
        change: "update",
        row: u._id,
        ...(column ? { column } : {}),
        message: `"${column ?? e.at}" lies inside "${e.at}", an array of objects in this document; a partial update would replace the whole array`,
        remedy: `Undo the edit, and change the document through the console (GET then PUT /<index>/_doc/${u._id} with if_seq_no).`,
      });
    }
  });
  return { columns, refusals, partials };
}

/**
 * True when `value` is the cut display text of the cell as the grid's rules render it now, or that
 * text with more typed after it: the fragment would be written back in place of the whole value.
 */
function isCutText(doc: SearchHit, columns: Column[], name: string, value: unknown): boolean {
  if (typeof value !== "string") return false;
  const column = columns.find((c) => c.name === name);
  if (!column) return false;
  const row = hitToRow(doc, [column]);
  if (!row.cut.includes(name)) return false;
  // The fragment itself, or the fragment with text typed after its "...". (Typing over the dots
  // is caught by the grid's cut list: the value is then indistinguishable from a real edit.)
  return value.startsWith(String(row.cells[name]));
}

async function mget(
  transport: EsTransport,
  refs: { index: string; id: string; fields?: string[] }[],
): Promise<(MgetDoc | undefined)[]> {
  if (refs.length === 0) return [];
  const res = await transport.request<{ docs?: MgetDoc[] }>({
    method: "POST",
    path: "/_mget",
    body: {
      docs: refs.map((r) => ({
        _index: r.index,
        _id: r.id,
        ...(r.fields ? { _source: r.fields } : {}),
      })),
    },
  });
  if (res.status < 200 || res.status > 299) return refs.map(() => undefined);
  return refs.map((_, i) => res.body.docs?.[i]);
}

/** Refusals of a change set (spec 4.5.3-4); an empty list means it may be saved. Sends nothing. */
export async function validateChanges(
  transport: EsTransport,
  table: string,
  changes: ChangeSet,
): Promise<ChangeRefusal[]> {
  return (await plan(transport, table, normalize(changes))).refusals;
}

function normalize(changes: ChangeSet): EsChangeSet {
  return changeSetWithTokens({
    updates: Array.isArray(changes?.updates) ? changes.updates : [],
    inserts: Array.isArray(changes?.inserts) ? changes.inserts : [],
    deletes: Array.isArray(changes?.deletes) ? changes.deletes : [],
  });
}

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

const enc = pathSegment;

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
      path: (refresh) => `/${enc(index)}/_update/${enc(u._id)}?${tokens}&refresh=${refresh}`,
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
      path: (refresh) => `/${enc(index)}/_doc/${enc(id)}?op_type=create&refresh=${refresh}`,
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
      path: (refresh) => `/${enc(index)}/_doc/${enc(d._id)}?${tokens}&refresh=${refresh}`,
      original: d,
    });
  }

  const refresh = await refreshPolicies(transport, [...new Set(writes.map((w) => w.index))]);
  const results: EsRowResult[] = new Array(writes.length);
  let stopped: string | undefined;
  let next = 0;
  const worker = async () => {
    for (;;) {
      const i = next++;
      const w = writes[i];
      if (!w) return;
      if (stopped || options.signal?.aborted) {
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
      results[i] = await send(
        transport,
        w,
        refresh.get(w.index) ?? "wait_for",
        options.signal,
      ).catch((e: unknown) => {
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
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, writes.length) }, worker));

  const current = await attachCurrent(transport, columns, writes, results);
  for (const [i, doc] of current) {
    const w = writes[i] as Write;
    const r = results[i] as EsRowResult;
    if (!r.ok && alreadyHeld(w, doc)) results[i] = savedBefore(r, doc);
  }

  const remaining: EsChangeSet = { updates: [], inserts: [], deletes: [] };
  writes.forEach((w, i) => {
    if (results[i]?.ok) return;
    if (w.change === "update") remaining.updates.push(w.original as EsRowUpdate);
    else if (w.change === "insert") remaining.inserts.push(w.original as RowInsert);
    else remaining.deletes.push(w.original as EsRowDelete);
  });
  return { results, remaining };
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
    path: `/${indices.map(enc).join(",")}/_settings/index.refresh_interval`,
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

/**
 * Pure: whether a change refused as a conflict is already what the cluster holds: an update whose
 * values the document has, a new row whose document is there as it would be written, a deletion
 * of a document that is gone. That is what a save finds when an earlier save wrote the change but
 * its answer was lost (a node died): the change is done, and is not written again.
 */
export function alreadyHeld(
  w: Pick<Write, "change" | "body">,
  doc: Pick<MgetDoc, "found" | "_source"> | undefined,
): boolean {
  if (!doc) return false;
  if (w.change === "delete") return doc.found === false;
  if (!doc.found) return false;
  if (w.change === "insert") return sameJson(w.body, doc._source ?? {});
  return holds(doc._source ?? {}, (w.body as { doc?: unknown } | undefined)?.doc ?? {});
}

/** Whether `source` has every value of `partial`, objects merged as the cluster merges them. */
function holds(source: unknown, partial: unknown): boolean {
  if (!isPlainObject(partial) || !isPlainObject(source)) return sameJson(source, partial);
  return Object.entries(partial).every(([k, v]) => Object.hasOwn(source, k) && holds(source[k], v));
}

/** Equal as JSON, whatever the order of object keys (exact longs compare by their digits). */
function sameJson(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(",")}]`;
  if (isPlainObject(v) && !isExactInteger(v)) {
    const keys = Object.keys(v).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`).join(",")}}`;
  }
  return JSON.stringify(v) ?? "null";
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
