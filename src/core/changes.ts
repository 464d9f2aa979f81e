/**
 * Grid edits as a change set keyed by `_id` (docs/decisions.md, "Saving grid edits"), and what a
 * save reports per row. Types only.
 */
import type { Row } from "./grid.ts";

export interface RowUpdate {
  _id: string;
  /** The concrete index of the row (required when the table is an alias or pattern). */
  _index?: string;
  /** `Row.version` as loaded: the write is refused if the document changed since. */
  version?: string;
  /** Column → new value. JSON columns take JSON values (arrays, objects). */
  set: Record<string, unknown>;
  /**
   * Columns whose cell was cut at the display limit when the row was loaded (`Row.cut`) and has not
   * been loaded in full since. An edit to one of them is refused: it would write the fragment.
   */
  cut?: string[];
}

export interface RowInsert {
  /**
   * Typing an `_id` names the new document; without one the save gives it a random one (and a
   * row left in `remaining` carries it, so saving it again cannot create a second document).
   */
  _id?: string;
  /** The concrete index to write to (required when the table is an alias or pattern). */
  _index?: string;
  values: Record<string, unknown>;
}

export interface RowDelete {
  _id: string;
  _index?: string;
  /** `Row.version` as loaded: the deletion is refused if the document changed since. */
  version?: string;
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
  _index?: string;
  /** The document's new version (`Row.version`) after a successful update or insert. */
  version?: string;
  /**
   * Someone else changed, deleted or (for an insert with a typed `_id`) created the document since
   * it was loaded: nothing was overwritten, and `current` shows what the cluster now holds.
   */
  conflict?: boolean;
  error?: { status: number; type: string; reason: string };
  /** The document as the cluster now holds it (after this save, or the other writer's version). */
  current?: Row;
  /**
   * A change that was not sent because the save stopped first (cancelled, or a network failure).
   */
  notSent?: boolean;
  /**
   * The cluster already held this change, so nothing was written: an earlier save wrote it but
   * its answer was lost (a node died), or another writer made the very same change.
   */
  alreadySaved?: boolean;
}

export interface SaveResult {
  results: RowResult[];
  /** The changes that failed, to keep in the grid for fixing and retrying. */
  remaining: ChangeSet;
}
