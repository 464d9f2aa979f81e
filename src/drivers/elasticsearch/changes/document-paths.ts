/**
 * Pure: documents from the grid's dotted column names. An update becomes a partial document shaped
 * like the document's own `_source`, so the cluster's merge replaces values in place; a new row
 * becomes a whole document.
 */

/** Thrown by `partialDocument` when a path goes through an array of objects. */
export class ObjectArrayPath extends Error {
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

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}
