/**
 * Comparing two tables or two servers (pure vocabulary): a driver reads each side into a profile
 * and words the differences as rows; the app runs the record comparison page by page (the
 * `compare` facet, core/facets.ts). Nothing here holds a side's records.
 */

/** Where a difference stands: on the left only, on the right only, or on both but not alike. */
export type DiffKind = "only_left" | "only_right" | "changed";

/** One difference, as a row of the Compare page, the CLI and the MCP view. */
export interface DiffRow {
  /** What it is part of: "mapping", "settings", "aliases", "count", "documents", "indices", … */
  group: string;
  /** What differs inside the group: a field's path, a setting's name, a record's key. */
  key: string;
  kind: DiffKind;
  /** Each side's value, short and as text (absent on the side that does not have it). */
  left?: string;
  right?: string;
}

/** A table as a comparison reads it, on one side: opaque to everything but its driver. */
export interface TableProfile {
  table: string;
  /** False when the table is not there (the comparison then says so, and reads no records). */
  exists: boolean;
  records: number | null;
  /** The driver's own reading (schema, settings, names around it). */
  detail: Record<string, unknown>;
}

/** A server as a comparison reads it, on one side. */
export interface ServerProfile {
  detail: Record<string, unknown>;
}

/** What a record comparison reads: a filter in the database's language, a sample. */
export interface RecordCompareOptions {
  /** Only the records this query selects, on both sides (the database's own query language). */
  filter?: Record<string, unknown>;
  /** At most this many records of the left side (then the right side's extras are not looked for). */
  sample?: number;
  batchSize?: number;
  slices?: number;
  signal?: AbortSignal;
}

/** A page of one side's records: each key with a digest of the record's content. */
export interface RecordPage {
  keys: string[];
  /** Same order as `keys`; equal digests mean equal records (as the bytes were stored). */
  digests: string[];
  /** Where the next page starts (kept in a resume point). */
  cursor: unknown;
  /** The bytes the page read (for the rate). */
  bytes: number;
}

/** One side read in slices, each slice in pages, over a snapshot the server keeps for it. */
export interface RecordScan {
  /** The records the snapshot holds (with the filter), or null when not counted. */
  expected: number | null;
  slices: number;
  /** True when a resume's snapshot was taken up (its cursors hold); false when read anew. */
  continued: boolean;
  /** What a resume needs to take the same snapshot up again (null when it cannot). */
  state(): Record<string, unknown>;
  pages(slice: number, from: unknown, signal?: AbortSignal): AsyncIterable<RecordPage>;
  close(): Promise<void>;
}

/** One field that differs between two versions of a record. */
export interface FieldDiff {
  /** Dotted path; array elements as `[i]`. */
  path: string;
  kind: DiffKind;
  left?: unknown;
  right?: unknown;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * The fields in which two records differ, deepest first where both sides hold an object or an
 * array; equal values (key order aside) give no row.
 */
export function fieldDiff(left: unknown, right: unknown, path = ""): FieldDiff[] {
  if (isObject(left) && isObject(right)) {
    const out: FieldDiff[] = [];
    const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
    for (const k of [...keys].sort()) {
      const p = path ? `${path}.${k}` : k;
      if (!Object.hasOwn(right, k)) out.push({ path: p, kind: "only_left", left: left[k] });
      else if (!Object.hasOwn(left, k)) out.push({ path: p, kind: "only_right", right: right[k] });
      else out.push(...fieldDiff(left[k], right[k], p));
    }
    return out;
  }
  if (Array.isArray(left) && Array.isArray(right) && left.length === right.length) {
    return left.flatMap((v, i) => fieldDiff(v, right[i], `${path}[${i}]`));
  }
  return sameValue(left, right) ? [] : [{ path: path || "(record)", kind: "changed", left, right }];
}

/** Deep equality of JSON values, key order aside. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((v, i) => sameValue(v, b[i]));
  if (isObject(a) && isObject(b)) {
    const ka = Object.keys(a);
    if (ka.length !== Object.keys(b).length) return false;
    return ka.every((k) => Object.hasOwn(b, k) && sameValue(a[k], b[k]));
  }
  return false;
}

/** A value as a row shows it: short text (JSON, cut at `max` characters). */
export function shortText(value: unknown, max = 120): string {
  const text = typeof value === "string" ? value : (JSON.stringify(value) ?? String(value));
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Rows for two flat maps of named values: each name on one side only, or with other values. */
export function diffNamed(
  group: string,
  left: Record<string, unknown>,
  right: Record<string, unknown>,
): DiffRow[] {
  const rows: DiffRow[] = [];
  const names = [...new Set([...Object.keys(left), ...Object.keys(right)])].sort();
  for (const key of names) {
    const inLeft = Object.hasOwn(left, key);
    const inRight = Object.hasOwn(right, key);
    if (inLeft && !inRight)
      rows.push({ group, key, kind: "only_left", left: shortText(left[key]) });
    else if (!inLeft && inRight)
      rows.push({ group, key, kind: "only_right", right: shortText(right[key]) });
    else if (!sameValue(left[key], right[key]))
      rows.push({
        group,
        key,
        kind: "changed",
        left: shortText(left[key]),
        right: shortText(right[key]),
      });
  }
  return rows;
}

/**
 * `<conn>:<table>` or `<conn>` alone (a server): the table is after the last colon (index names
 * hold none); a URL's own colons come before it, and one ending in a port names a server.
 * Undefined when the text is neither.
 */
export function parseSide(text: string): { conn: string; table?: string } | undefined {
  const at = text.lastIndexOf(":");
  const table = at >= 0 ? text.slice(at + 1) : "";
  if (text.trim() === "") return undefined;
  if (at < 0 || /^\d+$/.test(table) || table.startsWith("//")) return { conn: text };
  if (table === "" || at === 0) return undefined;
  return { conn: text.slice(0, at), table };
}
