/**
 * The grid's pending edits, kept until Save or Discard, turned into the app's change set keyed by
 * `_id`. No rule lives here: whether an edit may be written is the app's answer to the change set.
 */
import type { ChangeSet, Row } from "../../api/types.ts";

export interface NewRow {
  /** Local key until the document exists. */
  key: string;
  values: Record<string, unknown>;
}

export interface Edits {
  /** Row key → column → new value. */
  updates: Map<string, { row: Row; set: Record<string, unknown> }>;
  inserts: NewRow[];
  deletes: Map<string, Row>;
}

export const emptyEdits = (): Edits => ({ updates: new Map(), inserts: [], deletes: new Map() });

export const rowKey = (r: Pick<Row, "_index" | "_id">) => `${r._index}\u0000${r._id}`;

export function countEdits(e: Edits): number {
  return e.updates.size + e.inserts.length + e.deletes.size;
}

/**
 * The value a typed text stands for: JSON columns take JSON (arrays, objects) when it parses,
 * otherwise the text goes as it is and the app says what it cannot write.
 */
export function typedValue(text: unknown, isJson: boolean): unknown {
  if (!isJson || typeof text !== "string") return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function toChangeSet(e: Edits): ChangeSet {
  return {
    updates: [...e.updates.values()].map(({ row, set }) => ({
      _id: row._id,
      _index: row._index,
      ...(row.version !== undefined ? { version: row.version } : {}),
      set,
    })),
    inserts: e.inserts.map((n) => {
      const { _id, ...values } = n.values;
      return typeof _id === "string" && _id !== "" ? { _id, values } : { values };
    }),
    deletes: [...e.deletes.values()].map((row) => ({
      _id: row._id,
      _index: row._index,
      ...(row.version !== undefined ? { version: row.version } : {}),
    })),
  };
}
