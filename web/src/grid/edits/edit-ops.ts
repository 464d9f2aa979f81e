/**
 * Pending edits changed, pure: a cell edited (on a loaded row or a new one), a new row added,
 * rows marked for deletion (new rows are simply dropped).
 */
import type { Row } from "../../api/types.ts";
import type { GridRow } from "../table/GridTable.tsx";
import { type Edits, rowKey } from "./edits.ts";

export function withCellEdit(e: Edits, r: GridRow, column: string, value: unknown): Edits {
  const next: Edits = { ...e, updates: new Map(e.updates), inserts: [...e.inserts] };
  if (r.isNew) {
    next.inserts = next.inserts.map((n) =>
      n.key === r.key ? { ...n, values: { ...n.values, [column]: value } } : n,
    );
  } else if (r.row) {
    const k = rowKey(r.row);
    const current = next.updates.get(k) ?? { row: r.row, set: {} };
    next.updates.set(k, { row: r.row, set: { ...current.set, [column]: value } });
  }
  return next;
}

export function withNewRow(e: Edits): Edits {
  return {
    ...e,
    inserts: [...e.inserts, { key: `new:${Date.now()}:${e.inserts.length}`, values: {} }],
  };
}

/** Marks the selected rows of the page for deletion; selected new rows are dropped instead. */
export function withDeletes(e: Edits, selected: string[], pageRows: Row[]): Edits {
  const deletes = new Map(e.deletes);
  let inserts = e.inserts;
  for (const key of selected) {
    if (key.startsWith("new:")) inserts = inserts.filter((n) => n.key !== key);
    const row = pageRows.find((r) => rowKey(r) === key);
    if (row) deletes.set(key, row);
  }
  return { ...e, deletes, inserts };
}
