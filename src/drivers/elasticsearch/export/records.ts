/**
 * The export's records (pure): hits shaped for their format. NDJSON ready for `_bulk` (an action
 * line, then the `_source`), JSON objects of `_index`, `_id`, `_routing`, `_source`, and CSV rows
 * of the grid's flattened columns.
 *
 * A batch read as bytes (hit-bytes.ts) gives NDJSON and JSON records their text directly: each
 * `_source` as the cluster sent it, never parsed; `values` is then parsed only if someone asks.
 * CSV needs the fields, so each `_source` is parsed on its own, one document at a time.
 */

import { QuarryError } from "../../../core/errors.ts";
import { parseJsonExact } from "../../../core/exact-json.ts";
import type { ExportFormat, JsonText, ScanRecord } from "../../../core/export.ts";
import type { Column } from "../../../core/grid.ts";
import { hitToRow } from "../table/cells.ts";
import { type HitTable, NAME } from "./hit-table.ts";
import type { ExportHit } from "./reads.ts";

/** The columns of the CSV: the grid's flattened columns, without `_score` (no search ranks them). */
export function csvColumns(columns: Column[]): Column[] {
  return columns.filter((c) => c.name !== "_score");
}

const key = (index: string, id: string) => `${index}\u0000${id}`;

/** How records of one scan are shaped. */
export interface RecordShape {
  format: ExportFormat;
  /** The CSV's columns (`csvColumns`). */
  columns: Column[];
  /** The index when the export spans one (NDJSON then leaves `_index` out of the action lines). */
  singleIndex: string | null;
}

/**
 * Hits as records: NDJSON's `index` action (with `_id`, the routing if any, and `_index` only when
 * the export spans several indices, so the file loads into any index named in the URL of
 * `POST /<index>/_bulk`) and `_source`; JSON's `{_index, _id, [_routing], _source}`; CSV's cells,
 * whole (never cut), JSON for arrays and objects.
 */
export function hitRecords(hits: ExportHit[], shape: RecordShape): ScanRecord[] {
  return hits.map((h) => ({ key: key(h._index, h._id), values: hitValues(h, shape) }));
}

function hitValues(h: ExportHit, shape: RecordShape): unknown[] {
  if (shape.format === "csv") {
    const row = hitToRow(h, shape.columns, { cut: false });
    return shape.columns.map((c) => row.cells[c.name] ?? null);
  }
  if (shape.format === "json") {
    return [
      {
        _index: h._index,
        _id: h._id,
        ...(h._routing !== undefined ? { _routing: h._routing } : {}),
        _source: h._source,
      },
    ];
  }
  const action: Record<string, unknown> =
    shape.singleIndex === null ? { _index: h._index, _id: h._id } : { _id: h._id };
  if (h._routing !== undefined) action.routing = h._routing;
  return [{ index: action }, h._source];
}

/** The key of a record as a file of this shape holds it (see `TableScan.storedKey`). */
export function storedKey(entry: string[], shape: RecordShape): string {
  if (shape.format === "csv") {
    const at = (name: string) => shape.columns.findIndex((c) => c.name === name);
    return key(entry[at("_index")] ?? "", entry[at("_id")] ?? "");
  }
  const first = JSON.parse(entry[0] ?? "{}") as Record<string, unknown>;
  if (shape.format === "json") return key(String(first._index), String(first._id));
  const action = (first as { index: { _index?: string; _id: string } }).index;
  return key(action._index ?? shape.singleIndex ?? "", action._id);
}

/** Bytes as text, without copying them first. */
const utf8 = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString("utf8");

function noSource(h: { _id: string; _index: string }): QuarryError {
  return new QuarryError(
    "export_refused",
    `The document ${h._id} of ${h._index} has no _source (the index does not store it), so it cannot be exported`,
    "Export an index that stores _source; Quarry never writes a document it cannot read whole.",
  );
}

/**
 * A record of a hit read as bytes: it keeps only the table and the hit's number until asked; its
 * text, key and values are made when asked for (a copy, a resume that skips records).
 */
class HitRecord implements ScanRecord {
  readonly #hits: HitTable;
  readonly #i: number;
  readonly #shape: RecordShape;
  constructor(hits: HitTable, i: number, shape: RecordShape) {
    this.#hits = hits;
    this.#i = i;
    this.#shape = shape;
  }
  get key(): string {
    return key(this.#hits.index(this.#i), this.#hits.id(this.#i));
  }
  get json(): JsonText[] {
    const h = this.#hits;
    const i = this.#i;
    const source = h.source(i) as Uint8Array;
    const names = { index: h.index(i), id: h.id(i), routing: h.routing(i) };
    if (this.#shape.format === "json") return [jsonObject(names, source)];
    return [[actionLine(names, this.#shape.singleIndex)], [source]];
  }
  get load(): { key: string; route?: string; text: JsonText } {
    const h = this.#hits;
    const i = this.#i;
    const text = [h.source(i) as Uint8Array];
    const route = h.routing(i);
    return route !== undefined ? { key: h.id(i), route, text } : { key: h.id(i), text };
  }
  get values(): unknown[] {
    return this.json.map((pieces) =>
      parseJsonExact(pieces.map((p) => (typeof p === "string" ? p : utf8(p))).join("")),
    );
  }
}

interface Names {
  index: string;
  id: string;
  routing: string | undefined;
}

/** The action line of a hit in NDJSON for `_bulk` (see `hitValues`), as text. */
function actionLine(h: Names, singleIndex: string | null): string {
  const index = singleIndex === null ? `"_index":${JSON.stringify(h.index)},` : "";
  const routing = h.routing !== undefined ? `,"routing":${JSON.stringify(h.routing)}` : "";
  return `{"index":{${index}"_id":${JSON.stringify(h.id)}${routing}}}`;
}

/** The JSON format's object of a hit, around its `_source` bytes. */
function jsonObject(h: Names, source: Uint8Array): JsonText {
  const routing = h.routing !== undefined ? `,"_routing":${JSON.stringify(h.routing)}` : "";
  const head = `{"_index":${JSON.stringify(h.index)},"_id":${JSON.stringify(h.id)}${routing},"_source":`;
  return [head, source, "}"];
}

const ascii = (text: string) => Buffer.from(text, "latin1");
/** The fixed parts of a record's text in each format (see `hitValues`). */
const ACTION_OPEN = ascii('{"index":{');
const INDEX_KEY = ascii('"_index":');
const ID_KEY = ascii('"_id":');
const ROUTING_KEY = ascii(',"routing":');
const ACTION_CLOSE = ascii("}}\n");
const OBJECT_OPEN = ascii("{");
const COMMA = ascii(",");
const JSON_ROUTING_KEY = ascii(',"_routing":');
const SOURCE_KEY = ascii(',"_source":');
const OBJECT_CLOSE = ascii("}");
const LINE_BREAK = ascii("\n");
const BETWEEN_ITEMS = ascii(",\n");

/** Copies a short constant (a loop: no call into the runtime for a dozen bytes). */
function put(out: Uint8Array, at: number, bytes: Uint8Array): number {
  for (let j = 0; j < bytes.length; j++) out[at++] = bytes[j] as number;
  return at;
}

/**
 * Hits `from` to `to` as a file of the format holds them, framed straight into one buffer from
 * `take` (measured first, then copied once): NDJSON's action line and `_source` a line each, or
 * JSON's objects with ",\n" between them (and before the first unless `first`). The names are
 * copied as the JSON strings the cluster sent, the `_source` as its bytes.
 */
export function frameRecords(
  hits: HitTable,
  format: ExportFormat,
  singleIndex: string | null,
  first: boolean,
  from = 0,
  to = hits.length,
  take: (size: number) => Uint8Array = (size) => Buffer.allocUnsafe(size),
): Uint8Array {
  const ndjson = format === "ndjson";
  const withIndex = !ndjson || singleIndex === null;
  let size = 0;
  for (let i = from; i < to; i++) {
    const routing = hits.nameLength(i, NAME.routing);
    size += hits.nameLength(i, NAME.id) + hits.sourceLength(i);
    if (withIndex) size += hits.nameLength(i, NAME.index) + INDEX_KEY.length + COMMA.length;
    if (routing > 0) size += routing + (ndjson ? ROUTING_KEY.length : JSON_ROUTING_KEY.length);
    size += ndjson
      ? ACTION_OPEN.length + ID_KEY.length + ACTION_CLOSE.length + LINE_BREAK.length
      : (i > 0 || !first ? BETWEEN_ITEMS.length : 0) +
        OBJECT_OPEN.length +
        ID_KEY.length +
        SOURCE_KEY.length +
        OBJECT_CLOSE.length;
  }
  const out = take(size);
  let at = 0;
  for (let i = from; i < to; i++) {
    if (ndjson) at = put(out, at, ACTION_OPEN);
    else {
      if (i > 0 || !first) at = put(out, at, BETWEEN_ITEMS);
      at = put(out, at, OBJECT_OPEN);
    }
    if (withIndex) {
      at = put(out, at, INDEX_KEY);
      at = hits.copyName(i, NAME.index, out, at);
      at = put(out, at, COMMA);
    }
    at = put(out, at, ID_KEY);
    at = hits.copyName(i, NAME.id, out, at);
    if (hits.nameLength(i, NAME.routing) > 0) {
      at = put(out, at, ndjson ? ROUTING_KEY : JSON_ROUTING_KEY);
      at = hits.copyName(i, NAME.routing, out, at);
    }
    at = put(out, at, ndjson ? ACTION_CLOSE : SOURCE_KEY);
    at = hits.copySource(i, out, at);
    at = put(out, at, ndjson ? LINE_BREAK : OBJECT_CLOSE);
  }
  return out;
}

/** Hits read as bytes, as records: the same files as `hitRecords` gives, `_source` unparsed. */
export function byteRecords(hits: HitTable, shape: RecordShape): ScanRecord[] {
  checkSources(hits);
  const records: ScanRecord[] = new Array(hits.length);
  for (let i = 0; i < hits.length; i++) {
    if (shape.format === "csv") {
      const hit: ExportHit = {
        _index: hits.index(i),
        _id: hits.id(i),
        _source: parseJsonExact(utf8(hits.source(i) as Uint8Array)) as Record<string, unknown>,
      };
      const routing = hits.routing(i);
      if (routing !== undefined) hit._routing = routing;
      records[i] = { key: key(hit._index, hit._id), values: hitValues(hit, shape) };
    } else records[i] = new HitRecord(hits, i, shape);
  }
  return records;
}

/** Every hit has its `_source`: the export never writes a document it cannot read whole. */
export function checkSources(hits: HitTable): void {
  for (let i = 0; i < hits.length; i++)
    if (!hits.hasSource(i)) throw noSource({ _id: hits.id(i), _index: hits.index(i) });
}
