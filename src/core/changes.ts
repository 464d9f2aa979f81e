/**
 * Grid edits as a change set keyed by `_id` (spec 4.3, 4.5), and what a save reports per row.
 * Types only.
 */
import type { CellValue } from "./grid.ts";

export interface RowUpdate {
  _id: string;
  /** The concrete index of the row (required when the table is an alias or pattern). */
  _index?: string;
  /** From the row as loaded: the write is refused if the document changed since. */
  _seq_no: number;
  _primary_term: number;
  /** Column → new value. JSON columns take JSON values (arrays, objects). */
  set: Record<string, unknown>;
}

export interface RowInsert {
  /** Typing an `_id` names the new document; without one the cluster picks it. */
  _id?: string;
  values: Record<string, unknown>;
}

export interface RowDelete {
  _id: string;
  _index?: string;
  _seq_no: number;
  _primary_term: number;
}

export interface ChangeSet {
  updates: RowUpdate[];
  inserts: RowInsert[];
  deletes: RowDelete[];
}

/** Why a change set was refused before anything was sent, naming the column and the row. */
export interface ChangeRefusal {
  change: "update" | "insert" | "delete";
  /** `_id` of the row, or the position of a new row ("new row 2"). */
  row: string;
  column?: string;
  message: string;
  remedy: string;
}

export interface RowResult {
  change: "update" | "insert" | "delete";
  /** The row as the user knows it (for an insert without `_id`, "new row N"). */
  row: string;
  ok: boolean;
  /** The document's id after the write (the cluster's id for inserts without one). */
  _id?: string;
  /** New concurrency tokens after a successful update or insert. */
  _seq_no?: number;
  _primary_term?: number;
  /** A conflict means someone else changed (or created) the document: nothing was overwritten. */
  conflict?: boolean;
  error?: { status: number; type: string; reason: string };
  /** The refreshed cells of an updated or inserted row. */
  cells?: Record<string, CellValue>;
}

export interface SaveResult {
  results: RowResult[];
  /** The changes that failed, to keep in the grid for fixing and retrying. */
  remaining: ChangeSet;
}
