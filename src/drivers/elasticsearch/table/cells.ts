/**
 * Rows from search hits (docs/decisions.md, "Browsing"), pure. A nested leaf cell is a JSON array
 * with one entry per object of its array, `null` where an object omits the field; arrays and
 * objects render as JSON text (listed in `Row.json`); a cell longer than the display limit is cut
 * to it, ends in `...`, and is listed in `Row.cut` so no later edit writes the fragment back
 * unknowingly.
 */
import { exactIntegerText, isExactInteger } from "../../../core/exact-json.ts";
import { CELL_DISPLAY_LIMIT, type CellValue, type Column } from "../../../core/grid.ts";
import { type EsRow, encodeVersion, UNASSIGNED_SEQ_NO } from "./row-version.ts";

/** A hit as `_search` returns it (7.x adds `_type`, which the grid ignores). */
export interface SearchHit {
  _index: string;
  _id: string;
  _score?: number | null;
  _source?: Record<string, unknown>;
  _seq_no?: number;
  _primary_term?: number;
  sort?: unknown[];
}

const ELLIPSIS = "...";

/**
 * A hit as a grid row. `cut: false` keeps every cell whole (an export writes the full value; the
 * grid and the console cut at the display limit).
 */
export function hitToRow(
  hit: SearchHit,
  columns: Column[],
  options: { cut?: boolean } = {},
): EsRow {
  const cutLong = options.cut !== false;
  const seqNo = hit._seq_no ?? UNASSIGNED_SEQ_NO;
  const primaryTerm = hit._primary_term ?? 0;
  const version = encodeVersion(seqNo, primaryTerm);
  const row: EsRow = {
    _id: hit._id,
    _index: hit._index,
    _score: hit._score ?? null,
    ...(version !== undefined ? { version } : {}),
    _seq_no: seqNo,
    _primary_term: primaryTerm,
    cells: {},
    json: [],
    cut: [],
  };
  const source = hit._source ?? {};
  for (const reader of readersOf(columns)) {
    const name = reader.name;
    let value: unknown;
    if (reader.meta) value = metaValue(hit, name);
    else {
      value = readPath(source, reader.keys, 0);
      // A nested array holding one bare object is still an array of one object.
      if (reader.nestedLeaf && value !== undefined && !Array.isArray(value)) value = [value];
    }
    let cell = toCell(value);
    if (typeof value === "object" && value !== null && !isExactInteger(value)) row.json.push(name);
    if (cutLong && typeof cell === "string" && cell.length > CELL_DISPLAY_LIMIT) {
      cell = cut(cell);
      row.cut.push(name);
    }
    row.cells[name] = cell;
  }
  return row;
}

/**
 * A column made ready to read from `_source`: `keys[i]` lists the keys a node at depth i may hold
 * for the rest of the path, longest first (`a.b.c`, `a.b`, `a`), joined once rather than per row.
 */
interface Reader {
  name: string;
  meta: boolean;
  nestedLeaf: boolean;
  keys: PathKeys;
}
type PathKeys = { key: string; next: number }[][];

// Pages and exports shape every hit with the same columns: their readers are made once.
const readers = new WeakMap<readonly Column[], Reader[]>();

function readersOf(columns: readonly Column[]): Reader[] {
  let made = readers.get(columns);
  if (!made || made.length !== columns.length) {
    made = columns.map((c) => ({
      name: c.name,
      meta: c.kind === "meta",
      nestedLeaf: c.kind === "nested-leaf",
      keys: pathKeys(c.name.split(".")),
    }));
    readers.set(columns, made);
  }
  return made;
}

function pathKeys(path: string[]): PathKeys {
  const keys: PathKeys = [];
  for (let i = 0; i < path.length; i++) {
    const here: { key: string; next: number }[] = [];
    for (let n = path.length; n > i; n--) here.push({ key: path.slice(i, n).join("."), next: n });
    keys.push(here);
  }
  return keys;
}

/** `valueAt` over prepared keys, from depth `at`. */
function readPath(node: unknown, keys: PathKeys, at: number): unknown {
  if (at === keys.length) return node;
  if (Array.isArray(node)) return node.map((el) => readPath(el, keys, at) ?? null);
  if (node === null || typeof node !== "object") return undefined;
  const obj = node as Record<string, unknown>;
  for (const { key, next } of keys[at] as { key: string; next: number }[])
    if (Object.hasOwn(obj, key)) return readPath(obj[key], keys, next);
  return undefined;
}

function metaValue(hit: SearchHit, name: string): unknown {
  if (name === "_id") return hit._id;
  if (name === "_index") return hit._index;
  if (name === "_score") return hit._score ?? null;
  return undefined;
}

/**
 * The value at a dotted path of `_source`. Arrays on the way are read element by element (one
 * entry per object, `null` where an object lacks the rest of the path). `_source` may spell a path
 * with dots in its keys (`{"customer.name": …}`): the longest key that matches wins.
 */
export function valueAt(node: unknown, path: string[]): unknown {
  return readPath(node, pathKeys(path), 0);
}

function toCell(value: unknown): CellValue {
  if (value === undefined || value === null) return null;
  // A long beyond 2^53 shows as its exact digits: a number would be rounded on the way to a screen.
  if (isExactInteger(value)) return exactIntegerText(value);
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean")
    return value;
  return JSON.stringify(value);
}

/** Cuts to exactly the display limit, ending in `...`, never inside a surrogate pair. */
export function cut(text: string): string {
  let end = CELL_DISPLAY_LIMIT - ELLIPSIS.length;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  return text.slice(0, end) + ELLIPSIS;
}
