/**
 * CSV rows as records (pure). The header names the fields; a dotted name (`customer.name`) is a
 * field of a nested object. An `_id` column (or the one named by `--id-column`) gives the record's
 * key; `_id` itself is never a field. Each column is read as its kind (from the table's schema,
 * or inferred from the first rows): whole numbers, numbers, true/false, dates left as text for
 * the database to read, text. An empty cell leaves its field out. A cell that is not of its
 * column's kind makes its row a problem naming the line, the column and why.
 */
import { QuarryError } from "../../core/errors.ts";
import type { CellKind, LineProblem, LoadRecord } from "../../core/transfer.ts";

/** Rows the kinds of a new table's columns are inferred from. */
export const INFER_ROWS = 1_000;

export interface CsvLayout {
  /** Each column's field name (dotted), or null for the `_id` column. */
  fields: (string | null)[];
  /** The column whose cell is the record's key (-1: none). */
  keyColumn: number;
}

const ID = "_id";

function bad(message: string, remedy: string): QuarryError {
  return new QuarryError("invalid_input", message, remedy);
}

/** The layout of a header row; refuses names that cannot be fields. */
export function readHeader(header: readonly string[], idColumn?: string): CsvLayout {
  const names = header.map((h) => h.trim());
  const seen = new Set<string>();
  for (const [i, name] of names.entries()) {
    if (name === "" || name.split(".").some((part) => part === ""))
      throw bad(
        `Column ${i + 1} of the header has no usable name ("${name}")`,
        "Give every column a name in the first line (dotted names like customer.name make nested fields).",
      );
    if (seen.has(name))
      throw bad(
        `Two columns are named ${name}`,
        "Give each column its own name in the first line.",
      );
    seen.add(name);
  }
  for (const name of names)
    for (const other of names)
      if (other.startsWith(`${name}.`))
        throw bad(
          `${name} cannot be both a field and the object holding ${other}`,
          `Rename one of the columns ${name} and ${other}.`,
        );
  const keyColumn = names.indexOf(idColumn ?? ID);
  if (idColumn !== undefined && keyColumn === -1)
    throw bad(
      `--id-column: there is no column ${idColumn} in the header (${names.join(", ")})`,
      "Name a column of the first line, or leave --id-column out.",
    );
  return { fields: names.map((n) => (n === ID ? null : n)), keyColumn };
}

const INTEGER = /^[-+]?\d+$/;
const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;
const BOOLEAN = /^(true|false)$/i;
const DATE =
  /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])(T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** Whether a (non-empty) cell can be read as a kind; dates only in ISO 8601 form when inferred. */
function fits(cell: string, kind: CellKind): boolean {
  const t = cell.trim();
  if (kind === "integer") return INTEGER.test(t);
  if (kind === "number") return NUMBER.test(t);
  if (kind === "boolean") return BOOLEAN.test(t);
  if (kind === "date") return DATE.test(t);
  return true;
}

const INFERRED_ORDER: CellKind[] = ["integer", "number", "boolean", "date"];

/**
 * The kinds of the named columns from sample rows: the narrowest kind every non-empty cell fits,
 * text when none (or when the column has no value in the sample).
 */
export function inferKinds(
  layout: CsvLayout,
  rows: readonly (readonly string[])[],
  columns: readonly string[] = layout.fields.filter((f): f is string => f !== null),
): Record<string, CellKind> {
  const kinds: Record<string, CellKind> = {};
  for (const field of columns) {
    const i = layout.fields.indexOf(field);
    const cells = rows.map((r) => r[i] ?? "").filter((c) => c !== "");
    kinds[field] =
      cells.length === 0
        ? "string"
        : (INFERRED_ORDER.find((k) => cells.every((c) => fits(c, k))) ?? "string");
  }
  return kinds;
}

/** One cell as its kind's value, or why it cannot be. */
export function cellValue(cell: string, kind: CellKind): { value: unknown } | { reason: string } {
  const t = cell.trim();
  switch (kind) {
    case "integer": {
      if (!INTEGER.test(t)) return { reason: "is not a whole number" };
      const n = Number(t);
      // Beyond what a double holds exactly, the digits go as text for the database to read.
      return { value: Number.isSafeInteger(n) ? n : t };
    }
    case "number":
      return NUMBER.test(t) ? { value: Number(t) } : { reason: "is not a number" };
    case "boolean":
      return BOOLEAN.test(t)
        ? { value: t.toLowerCase() === "true" }
        : { reason: "is not true or false" };
    default:
      return { value: cell };
  }
}

function place(document: Record<string, unknown>, field: string, value: unknown): void {
  const parts = field.split(".");
  let at = document;
  for (const part of parts.slice(0, -1)) {
    at[part] ??= {};
    at = at[part] as Record<string, unknown>;
  }
  at[parts[parts.length - 1] as string] = value;
}

/** A row as a record whose origin is its line, or the problem that keeps it out. */
export function rowRecord(
  row: readonly string[],
  line: number,
  layout: CsvLayout,
  kinds: Readonly<Record<string, CellKind>>,
): LoadRecord | LineProblem {
  if (row.length !== layout.fields.length)
    return {
      line,
      reason: `has ${row.length} cells where the header has ${layout.fields.length} columns`,
    };
  const document: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [i, field] of layout.fields.entries()) {
    const cell = row[i] as string;
    if (field === null || cell === "") continue;
    const got = cellValue(cell, kinds[field] ?? "string");
    if ("reason" in got) problems.push(`${field}: "${cell}" ${got.reason}`);
    else place(document, field, got.value);
  }
  if (problems.length > 0) return { line, reason: problems.join("; ") };
  const key = layout.keyColumn === -1 ? "" : (row[layout.keyColumn] as string);
  return { origin: line, ...(key !== "" ? { key } : {}), document };
}
