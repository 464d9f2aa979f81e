/**
 * Moving records into a table: a copy from another table (of this connection or another, of any
 * version the driver speaks) and an import of a file. Types only: the driver reads a table's
 * definition, plans the new table, and writes batches (the `transfer` facet's `openLoad`); the app
 * runs the copy or import (src/app/transfer) with its progress, retries and report.
 */
import type { ConsoleRequest } from "./console.ts";
import type { JsonText } from "./export.ts";

/** A table's definition as its database states it, carried from one connection to another. */
export interface TableDefinition {
  /** The driver type that read it; another driver cannot use it. */
  driver: string;
  /** The major version of the server it was read from. */
  major: number;
  /** The driver's own description (settings, schema), opaque to the app. */
  content: unknown;
}

/** The request that creates the target table, with what was left out or translated. */
export interface CreatePlan {
  request: ConsoleRequest;
  /** One line per setting or field parameter left out or changed, and why. */
  notes: string[];
  /** What the target cannot hold at all: the copy must not start while there is any. */
  blockers: string[];
}

/** How records are written: only new keys, new or replacing, or changing existing records. */
export type LoadMode = "create" | "index" | "update";
export const LOAD_MODES: readonly LoadMode[] = ["create", "index", "update"];

/** One record to write, and where it came from (a file's line, or its place in a scan). */
export interface LoadRecord {
  origin: number;
  /** The line it starts on, when its origin is not a line (an element of a JSON array). */
  startLine?: number;
  key?: string;
  /** Where the database keeps it, when it is placed by a value other than its key. */
  route?: string;
  document: Record<string, unknown>;
  /**
   * The document's JSON text when the record came as text (a copy): written as it is, so the
   * document is parsed only if something reads `document`.
   */
  text?: JsonText;
}

export interface LoadFailure {
  record: LoadRecord;
  /** The record's key as the database gave it back (also a generated one); null if none. */
  key: string | null;
  /** The database's status for it (an HTTP status, for a database spoken to over HTTP). */
  status: number;
  reason: string;
}

export interface LoadOutcome {
  written: number;
  /** Pushed back by the database (too busy): send these again after a pause. */
  retry: LoadRecord[];
  failed: LoadFailure[];
}

/** Writing batches into one table. */
export interface TableLoad {
  /** Writes one batch; every record of it is written, to retry, or failed with a reason. */
  write(records: readonly LoadRecord[], signal?: AbortSignal): Promise<LoadOutcome>;
  /**
   * Readies the request of a batch about to be written (its body encoded now, while the batch
   * before it is on its way): `write` of the same array then sends it as it is. Optional: without
   * it, `write` encodes the batch itself.
   */
  prepare?(records: readonly LoadRecord[]): void;
  /** Makes what was written visible, and counts the table's records. */
  finish(): Promise<{ records: number }>;
}

/** Whether a table exists, and how many records it holds (null: it does not exist). */
export interface TableState {
  exists: boolean;
  records: number | null;
}

/** A line of a file that cannot be imported, and why. */
export interface LineProblem {
  /** Its origin: the line, or the element's number in a JSON array. */
  line: number;
  reason: string;
  /** The line it starts on, when `line` is an element's number. */
  startLine?: number;
}

/**
 * Reads a file's lines as records, in the database's own file shapes (a driver's choice). `push`
 * gives a record, a problem naming the line, or nothing (a blank line, a line that only
 * introduces the next one).
 */
export interface LineDecoder {
  push(line: string, lineNumber: number): LoadRecord | LineProblem | null;
  /** The same for a value already parsed (an element of a JSON array), `origin` its number. */
  pushValue(value: unknown, origin: number): LoadRecord | LineProblem | null;
  /** At the end of the file: a record left unfinished is a problem. */
  end(): LineProblem | null;
  /** The shape recognised, in the database's words, once the first line that holds one is read. */
  readonly shape: string | undefined;
}

/**
 * What a text cell (a CSV file's) is read as, from the table's schema or inferred from the first
 * rows: a whole number, any number, true/false, a date left as text for the database to read, or
 * text.
 */
export type CellKind = "integer" | "number" | "boolean" | "date" | "string";
