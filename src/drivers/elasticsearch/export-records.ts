/**
 * The export's records (pure): hits shaped for their format. NDJSON ready for `_bulk` (an action
 * line, then the `_source`), JSON objects of `_index`, `_id`, `_routing`, `_source`, and CSV rows
 * of the grid's flattened columns.
 *
 * A batch read as bytes (hit-bytes.ts) gives NDJSON and JSON records their text directly: each
 * `_source` as the cluster sent it, never parsed; `values` is then parsed only if someone asks.
 * CSV needs the fields, so each `_source` is parsed on its own, one document at a time.
 */

import { QuarryError } from "../../core/errors.ts";
import { parseJsonExact } from "../../core/exact-json.ts";
import type { ExportFormat, JsonText, ScanRecord } from "../../core/export.ts";
import type { Column } from "../../core/grid.ts";
import { hitToRow } from "./cells.ts";
import { type ByteHit, sourceOf } from "./hit-bytes.ts";
import type { ExportHit } from "./point-in-time.ts";

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
 * A record of a hit read as bytes: it keeps only the hit (names, where its `_source` is) until the
 * app frames it; its text, key and values are made when asked for.
 */
class HitRecord implements ScanRecord {
  readonly #hit: ByteHit;
  readonly #shape: RecordShape;
  constructor(hit: ByteHit, shape: RecordShape) {
    this.#hit = hit;
    this.#shape = shape;
  }
  get key(): string {
    return key(this.#hit._index, this.#hit._id);
  }
  get json(): JsonText[] {
    const h = this.#hit;
    const source = sourceOf(h) as Uint8Array;
    if (this.#shape.format === "json") return [jsonObject(h, source)];
    return [[actionLine(h, this.#shape.singleIndex)], [source]];
  }
  get load(): { key: string; route?: string; text: JsonText } {
    const h = this.#hit;
    const text = [sourceOf(h) as Uint8Array];
    return h._routing !== undefined
      ? { key: h._id, route: h._routing, text }
      : { key: h._id, text };
  }
  get values(): unknown[] {
    return this.json.map((pieces) =>
      parseJsonExact(pieces.map((p) => (typeof p === "string" ? p : utf8(p))).join("")),
    );
  }
}

/** The action line of a hit in NDJSON for `_bulk` (see `hitValues`), as text. */
function actionLine(h: ByteHit, singleIndex: string | null): string {
  const index = singleIndex === null ? `"_index":${JSON.stringify(h._index)},` : "";
  const routing = h._routing !== undefined ? `,"routing":${JSON.stringify(h._routing)}` : "";
  return `{"index":{${index}"_id":${JSON.stringify(h._id)}${routing}}}`;
}

/** The JSON format's object of a hit, around its `_source` bytes. */
function jsonObject(h: ByteHit, source: Uint8Array): JsonText {
  const routing = h._routing !== undefined ? `,"_routing":${JSON.stringify(h._routing)}` : "";
  const head = `{"_index":${JSON.stringify(h._index)},"_id":${JSON.stringify(h._id)}${routing},"_source":`;
  return [head, source, "}"];
}

/** Hits read as bytes, as records: the same files as `hitRecords` gives, `_source` unparsed. */
export function byteRecords(hits: ByteHit[], shape: RecordShape): ScanRecord[] {
  const records: ScanRecord[] = new Array(hits.length);
  for (let i = 0; i < hits.length; i++) {
    const h = hits[i] as ByteHit;
    const source = sourceOf(h);
    if (source === undefined) throw noSource(h);
    if (shape.format === "csv") {
      const hit: ExportHit = {
        _index: h._index,
        _id: h._id,
        _source: parseJsonExact(utf8(source)) as Record<string, unknown>,
      };
      if (h._routing !== undefined) hit._routing = h._routing;
      records[i] = { key: key(h._index, h._id), values: hitValues(hit, shape) };
    } else records[i] = new HitRecord(h, shape);
  }
  return records;
}
