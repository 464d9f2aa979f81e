/**
 * Pure: every reason a change set cannot be written as it is, before anything is sent, one rule
 * per function, each naming the row and the column. The checks that need the documents as they
 * are (a cut cell's text, an array of objects on the path) are in plan.ts.
 */
import type { ChangeRefusal, RowInsert } from "../../../core/changes.ts";
import type { Column } from "../../../core/grid.ts";
import {
  changeSetWithTokens,
  type EsChangeSet,
  type EsRowDelete,
  type EsRowUpdate,
} from "../table/row-version.ts";
import { isPlainObject } from "./document-paths.ts";

type Change = ChangeRefusal["change"];
/** A refusal before it is given its change and row. */
type Reason = Omit<ChangeRefusal, "change" | "row">;

const META_REFUSALS: Record<string, { message: string; remedy: string }> = {
  _id: {
    message: "is the document's key and cannot be edited",
    remedy:
      "Undo the edit. To give the document another _id, add a new row with that _id and delete this one.",
  },
  _index: {
    message: "is the index that holds the document and cannot be edited",
    remedy:
      "Undo the edit. To move the document, add it as a new row of the other index and delete it here.",
  },
  _score: {
    message: "is computed by each search and cannot be edited",
    remedy: "Undo the edit.",
  },
};

/** How the user knows a new row: its typed `_id`, else "new row N" (1-based). */
export function insertLabel(insert: RowInsert, position: number): string {
  return typeof insert._id === "string" && insert._id !== ""
    ? insert._id
    : `new row ${position + 1}`;
}

/** A row by its `_id`; one without a usable `_id` by its place in the list ("update 2"). */
function rowLabel(change: "update" | "delete", position: number, id: unknown): string {
  return typeof id === "string" && id !== "" ? id : `${change} ${position + 1}`;
}

function isStrings(v: unknown): v is string[] {
  return Array.isArray(v) && v.every((x) => typeof x === "string");
}

// ---------------------------------------------------------------------------------------------
// Rules for one value written to one column

/** `_id`, `_index`, `_score`, and any other metadata that is not a mapped field. */
function metadataColumn(name: string, byName: Map<string, Column>): Reason | undefined {
  const meta = Object.hasOwn(META_REFUSALS, name) ? META_REFUSALS[name] : undefined;
  if (meta) return { column: name, message: `"${name}" ${meta.message}`, remedy: meta.remedy };
  if (name.startsWith("_") && !byName.has(name))
    return {
      column: name,
      message: `"${name}" is document metadata, not a field`,
      remedy: "Undo the edit.",
    };
  return undefined;
}

function unknownColumn(name: string, table: string): Reason {
  return {
    column: name,
    message: `"${name}" is not a column of ${table}`,
    remedy:
      "Undo the edit, or check the column's name. Quarry does not add fields to a mapping; add one through the console (PUT /<index>/_mapping) first.",
  };
}

/** Nested leaves are read-only; a nested parent takes a JSON array (or nothing). */
function nestedColumn(column: Column, value: unknown): Reason | undefined {
  const name = column.name;
  if (column.kind === "nested-leaf") {
    const parent = column.nestedPaths?.at(-1) ?? name.split(".").slice(0, -1).join(".");
    return {
      column: name,
      message: `"${name}" is a leaf of the nested array "${parent}" and cannot be written`,
      remedy: `Undo the edit, and change the array in its JSON column "${parent}" instead.`,
    };
  }
  if (column.kind === "nested-parent" && value !== null && typeof value !== "object")
    return {
      column: name,
      message: `the nested column "${name}" takes a JSON array of objects, not ${JSON.stringify(value)}`,
      remedy: 'Write the value as JSON, e.g. [{"field": "value"}], or empty the cell.',
    };
  return undefined;
}

function cutCell(name: string, cut: string[] | undefined): Reason | undefined {
  if (!cut?.includes(name)) return undefined;
  return {
    column: name,
    message: `the cell "${name}" shows only its first characters (it was cut at the display limit); saving it would store the fragment`,
    remedy: "Undo the edit, load the cell's full value (open the cell), edit that, then save.",
  };
}

/** Nothing, a non-finite number, or an integer beyond 2^53 (already rounded on its way here). */
function unwritableValue(name: string, value: unknown): Reason | undefined {
  if (value === undefined || (typeof value === "number" && !Number.isFinite(value)))
    return {
      column: name,
      message: `the value of "${name}" cannot be written as JSON`,
      remedy: "Enter a value, or empty the cell (null).",
    };
  // A number beyond 2^53 reached Quarry already rounded (a JSON number or a number editor);
  // writing it would store digits nobody typed.
  if (typeof value === "number" && Number.isInteger(value) && !Number.isSafeInteger(value))
    return {
      column: name,
      message: `the number in "${name}" is beyond 2^53 and may already be rounded (${value})`,
      remedy:
        'Enter it as text in quotes (e.g. "12345678901234567891"): Elasticsearch stores the exact digits in a long field.',
    };
  return undefined;
}

/** The first rule a value written to a column breaks, in the order a user fixes them. */
export function columnRefusal(
  byName: Map<string, Column>,
  table: string,
  name: string,
  value: unknown,
  cut: string[] | undefined,
): Reason | undefined {
  const meta = metadataColumn(name, byName);
  if (meta) return meta;
  const column = byName.get(name);
  if (!column) return unknownColumn(name, table);
  return nestedColumn(column, value) ?? cutCell(name, cut) ?? unwritableValue(name, value);
}

// ---------------------------------------------------------------------------------------------
// Rules for one row

/** Updates and deletions carry the row's version as loaded. */
export function tokensRefusal(row: string, r: EsRowUpdate | EsRowDelete): Reason | undefined {
  const seqNo = r._seq_no ?? Number.NaN;
  const primaryTerm = r._primary_term ?? Number.NaN;
  if (Number.isInteger(seqNo) && seqNo >= 0 && Number.isInteger(primaryTerm) && primaryTerm >= 1)
    return undefined;
  return {
    message: `the row "${row}" has no valid _seq_no and _primary_term (it was loaded without them)`,
    remedy:
      "Reload the row and redo the edit: Quarry sends them with every write so it never overwrites someone else's change.",
  };
}

export function idRefusal(id: unknown): Reason | undefined {
  if (typeof id === "string" && id !== "") return undefined;
  return {
    column: "_id",
    message: "the row has no _id, so it cannot be addressed",
    remedy: "Reload the table; rows of the grid always carry their _id.",
  };
}

const ID_AS_VALUE: Reason = {
  column: "_id",
  message: "the new row's _id is given as a value",
  remedy: "Type the _id in the row's _id field, not among its values.",
};

/** A row that is not the shape the grid sends, named by its place in the list. */
function malformed(change: Change, position: number, shape: string): ChangeRefusal {
  return {
    change,
    row: `${change} ${position + 1}`,
    message: `${change} ${position + 1} of the change set is not ${shape}`,
    remedy: "Reload the page and redo the edit; the grid sends every change in that shape.",
  };
}

/** Remembers each document once; a second change to it is refused. */
class SeenDocuments {
  readonly #seen = new Map<string, string>();
  readonly #table: string;
  constructor(table: string) {
    this.#table = table;
  }

  refusal(change: Change, row: string, index: string | undefined): Reason | undefined {
    const key = `${index ?? this.#table}\u0000${row}`;
    const before = this.#seen.get(key);
    if (!before) {
      this.#seen.set(key, change);
      return undefined;
    }
    return {
      message: `the document "${row}" appears twice in the change set (${before} and ${change})`,
      remedy: "Keep one change per document: combine the edits, or undo one of them.",
    };
  }
}

// ---------------------------------------------------------------------------------------------
// The change set

/**
 * Pure: every reason the change set cannot be written as it is, naming the row and the column.
 * An empty list means it may be sent (the cluster may still refuse single rows).
 */
export function checkChanges(
  columns: Column[],
  input: EsChangeSet,
  table: string,
): ChangeRefusal[] {
  const changes = changeSetWithTokens(input);
  const byName = new Map(columns.map((c) => [c.name, c]));
  const seen = new SeenDocuments(table);
  const refusals: ChangeRefusal[] = [];
  /** Records a refusal of the row; true when there was one. */
  const refuse = (change: Change, row: string, reason: Reason | undefined): boolean => {
    if (reason) refusals.push({ change, row, ...reason });
    return reason !== undefined;
  };

  for (const [i, u] of changes.updates.entries()) {
    if (!isPlainObject(u) || !isPlainObject(u.set) || (u.cut !== undefined && !isStrings(u.cut))) {
      refusals.push(malformed("update", i, "{_id, version, set: {column: value}, cut?: [column]}"));
      continue;
    }
    const row = rowLabel("update", i, u._id);
    if (refuse("update", row, idRefusal(u._id))) continue;
    refuse("update", row, seen.refusal("update", row, u._index));
    refuse("update", row, tokensRefusal(row, u));
    if (Object.keys(u.set).length === 0)
      refuse("update", row, {
        message: `the update of "${row}" changes no column`,
        remedy: "Drop it from the change set.",
      });
    for (const [name, value] of Object.entries(u.set))
      refuse("update", row, columnRefusal(byName, table, name, value, u.cut));
  }
  for (const [i, ins] of changes.inserts.entries()) {
    if (!isPlainObject(ins) || !isPlainObject(ins.values)) {
      refusals.push(malformed("insert", i, "{_id?, values: {column: value}}"));
      continue;
    }
    const row = insertLabel(ins, i);
    if (ins._id !== undefined) {
      if (refuse("insert", row, idRefusal(ins._id))) continue;
      refuse("insert", row, seen.refusal("insert", row, ins._index));
    }
    for (const [name, value] of Object.entries(ins.values))
      refuse(
        "insert",
        row,
        name === "_id" ? ID_AS_VALUE : columnRefusal(byName, table, name, value, undefined),
      );
  }
  for (const [i, d] of changes.deletes.entries()) {
    if (!isPlainObject(d)) {
      refusals.push(malformed("delete", i, "{_id, version}"));
      continue;
    }
    const row = rowLabel("delete", i, d._id);
    if (refuse("delete", row, idRefusal(d._id))) continue;
    refuse("delete", row, seen.refusal("delete", row, d._index));
    refuse("delete", row, tokensRefusal(row, d));
  }
  return refusals;
}
