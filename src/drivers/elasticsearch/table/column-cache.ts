/**
 * The columns of a search target (from its mapping), kept for a short while by one session, so a
 * console search shown as a grid, and a one-off page (`browse`), do not read the mapping again
 * each time. Kept until the first of:
 *   - COLUMNS_FOR_MS since they were read;
 *   - any request through the session that is not a read (a mapping change, an index created or
 *     deleted, a document whose new field the mapping gains): `clear()`;
 *   - a hit holding a field the columns do not know (`unknownField`): that target is read again;
 *   - an error answer to a search planned with them: `forget(target)`.
 * A failed read is never kept. docs/decisions.md says why these rules.
 */
import type { Column } from "../../../core/grid.ts";

export const COLUMNS_FOR_MS = 30_000;

/** The columns of a search target; `fresh` reads the mapping even when they are held. */
export type ColumnsOf = (table: string, fresh: boolean) => Promise<Column[]>;

export class ColumnCache {
  readonly #ttlMs: number;
  readonly #now: () => number;
  readonly #held = new Map<string, { columns: Promise<Column[]>; at: number }>();
  /** Bumped by `clear`: a read that began before it is not kept. */
  #generation = 0;

  constructor(ttlMs = COLUMNS_FOR_MS, now: () => number = Date.now) {
    this.#ttlMs = ttlMs;
    this.#now = now;
  }

  /** The target's columns, read with `read` unless held and fresh (or `fresh` asks for a read). */
  get(target: string, read: () => Promise<Column[]>, fresh = false): Promise<Column[]> {
    const held = this.#held.get(target);
    if (!fresh && held && this.#now() - held.at < this.#ttlMs) return held.columns;
    const generation = this.#generation;
    const columns = read();
    const entry = { columns, at: this.#now() };
    this.#held.set(target, entry);
    columns.then(
      () => {
        if (generation !== this.#generation && this.#held.get(target) === entry)
          this.#held.delete(target);
      },
      () => {
        if (this.#held.get(target) === entry) this.#held.delete(target);
      },
    );
    return columns;
  }

  /** The target's columns if held and fresh, without reading them. */
  peek(target: string): Promise<Column[]> | undefined {
    const held = this.#held.get(target);
    return held && this.#now() - held.at < this.#ttlMs ? held.columns : undefined;
  }

  /** Whether the target's columns are held (and fresh). */
  has(target: string): boolean {
    const held = this.#held.get(target);
    return held !== undefined && this.#now() - held.at < this.#ttlMs;
  }

  forget(target: string): void {
    this.#held.delete(target);
  }

  clear(): void {
    this.#generation++;
    this.#held.clear();
  }
}

const MAX_DEPTH = 8;

// Every page of a grid checks its hits against the same columns: their names are gathered once.
const gathered = new WeakMap<
  readonly Column[],
  { size: number; names: Set<string>; parents: Set<string> }
>();

function namesOf(columns: readonly Column[]): { names: Set<string>; parents: Set<string> } {
  const known = gathered.get(columns);
  if (known && known.size === columns.length) return known;
  const names = new Set(columns.map((c) => c.name));
  const parents = new Set<string>();
  for (const c of columns) {
    const parts = c.name.split(".");
    for (let i = 1; i < parts.length; i++) parents.add(parts.slice(0, i).join("."));
  }
  gathered.set(columns, { size: columns.length, names, parents });
  return { names, parents };
}

/**
 * The first field path in the hits' `_source` that no column covers (a column of that name, one
 * above it such as a nested array's JSON column, or one below it), or undefined. Pure.
 */
export function unknownField(
  hits: readonly { _source?: unknown }[],
  columns: readonly Column[],
): string | undefined {
  const { names, parents } = namesOf(columns);
  const covered = (path: string): boolean => {
    if (names.has(path) || parents.has(path)) return true;
    for (let dot = path.lastIndexOf("."); dot > 0; dot = path.lastIndexOf(".", dot - 1))
      if (names.has(path.slice(0, dot))) return true;
    return false;
  };
  const walk = (value: unknown, path: string, depth: number): string | undefined => {
    if (Array.isArray(value)) {
      for (const item of value) {
        const found = walk(item, path, depth);
        if (found !== undefined) return found;
      }
      return undefined;
    }
    const isObject = value !== null && typeof value === "object";
    if (path && !covered(path)) return path;
    if (!isObject || depth >= MAX_DEPTH || (path && names.has(path))) return undefined;
    for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
      const found = walk(child, path ? `${path}.${key}` : key, depth + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  for (const hit of hits) {
    const found = walk(hit._source ?? {}, "", 0);
    if (found !== undefined) return found;
  }
  return undefined;
}
