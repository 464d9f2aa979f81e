/**
 * The rows the grid shows, pure: the page with its pending edits, refusals and save problems
 * applied, then the new rows; and what of the edits is left after a save.
 */
import type { BrowseResult, ChangeRefusal, SaveResult } from "../../api/types.ts";
import { type Edits, rowKey } from "../edits/edits.ts";
import type { GridRow } from "./GridTable.tsx";

/** The rows the grid shows: the page with pending edits applied, then the new rows. */
export function buildRows(
  result: BrowseResult | null,
  edits: Edits,
  refusals: ChangeRefusal[],
  saved: SaveResult | null,
): GridRow[] {
  const refusedBy = (id: string) =>
    refusals.filter((r) => r.row === id && r.column).map((r) => r.column!);
  const problemOf = (id: string) => {
    const r = saved?.results.find((x) => x.row === id && !x.ok);
    if (!r) return undefined;
    return r.conflict ? "conflict" : (r.error?.reason ?? "failed");
  };
  const out: GridRow[] = (result?.rows ?? []).map((r) => {
    const k = rowKey(r);
    const upd = edits.updates.get(k);
    return {
      key: k,
      isNew: false,
      row: r,
      cells: { _id: r._id, _index: r._index, _score: r._score, ...r.cells, ...(upd?.set ?? {}) },
      json: r.json,
      cut: r.cut.filter((c) => !(upd && c in upd.set)),
      edited: upd ? Object.keys(upd.set) : [],
      deleted: edits.deletes.has(k),
      problem: problemOf(r._id),
      refused: refusedBy(r._id),
    };
  });
  edits.inserts.forEach((n, i) => {
    const label = insertLabel(n.values, i);
    out.push({
      key: n.key,
      isNew: true,
      row: null,
      cells: { ...n.values },
      json: [],
      cut: [],
      edited: Object.keys(n.values),
      deleted: false,
      problem: problemOf(label),
      refused: refusedBy(label),
    });
  });
  return out;
}

/** After a save: keep only the edits of rows that failed, so they can be fixed and retried. */
export function keepRemaining(edits: Edits, saved: SaveResult): Edits {
  const rem = saved.remaining;
  const updates = new Map(
    [...edits.updates].filter(([, u]) =>
      rem.updates.some((x) => x._id === u.row._id && x._index === u.row._index),
    ),
  );
  const deletes = new Map(
    [...edits.deletes].filter(([, r]) => rem.deletes.some((x) => x._id === r._id)),
  );
  const inserts = edits.inserts
    .filter((n, i) => {
      const label = insertLabel(n.values, i);
      return saved.results.some((r) => r.change === "insert" && r.row === label && !r.ok);
    })
    // A row saved without _id was given one by the app: kept, so saving it again cannot write a
    // second document should the first write have happened after all. Same order as `remaining`.
    .map((n, k) => {
      const id = rem.inserts[k]?._id;
      return id && n.values._id === undefined ? { ...n, values: { ...n.values, _id: id } } : n;
    });
  return { updates, deletes, inserts };
}

/** How the app names a new row in refusals and results: its typed `_id`, else "new row N". */
function insertLabel(values: Record<string, unknown>, index: number): string {
  const id = values._id;
  return typeof id === "string" && id !== "" ? id : `new row ${index + 1}`;
}
