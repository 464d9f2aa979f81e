/**
 * A saved query, as the library holds it: a console request, an ES|QL query or a grid view, with
 * its typed parameters, where it may run (one connection, or every connection of a database type)
 * and a one-line description. Pure: types and the name rule.
 */
import { QuarryError } from "../../core/errors.ts";

export type QueryKind = "console" | "esql" | "view";
export type ParamType = "text" | "number" | "date" | "list";
export const PARAM_TYPES: readonly ParamType[] = ["text", "number", "date", "list"];

export interface QueryParam {
  name: string;
  type: ParamType;
  /** As written in the file; checked against the type like any given value. */
  default?: string;
}

/** A grid view: what the grid shows of one table. */
export interface GridView {
  table: string;
  filters?: { column: string; op: string; value?: unknown; group?: number }[];
  /** The Raw SQL box's text. */
  rawQuery?: string;
  sort?: { column: string; direction: "asc" | "desc" }[];
  /** Column ids in the grid's order; absent for the table's own. */
  columns?: string[];
}

export interface SavedQuery {
  name: string;
  kind: QueryKind;
  description: string;
  params: QueryParam[];
  /** The connection's name it belongs to; absent for every connection of `dbType`. */
  connection?: string;
  /** The database type (driver) it was written for; absent for any. */
  dbType?: string;
  /** Console text (one request) or the ES|QL query; for a view, its JSON. */
  text: string;
  view?: GridView;
}

/** Names are file names: letters, digits, `.`, `_`, `-`. */
export const QUERY_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,79}$/;
export const PARAM_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,39}$/;

export function checkQueryName(name: string): string {
  if (!QUERY_NAME.test(name) || name.endsWith(".view"))
    throw new QuarryError(
      "invalid_input",
      `"${name.slice(0, 80)}" is not a query name`,
      "Use up to 80 letters, digits, '.', '_' or '-', starting with a letter or digit (e.g. orders-by-status).",
      { name },
    );
  return name;
}

/** The file a query is kept in, named by its name and kind. */
export function queryFileName(name: string, kind: QueryKind): string {
  return `${name}${EXTENSIONS[kind]}`;
}

export const EXTENSIONS: Record<QueryKind, string> = {
  console: ".http",
  esql: ".esql",
  view: ".view.json",
};

/** The name and kind a file's name says, or undefined for a file that is not a query. */
export function fromFileName(file: string): { name: string; kind: QueryKind } | undefined {
  for (const kind of ["view", "console", "esql"] as const) {
    const ext = EXTENSIONS[kind];
    if (file.endsWith(ext) && !file.startsWith(".")) {
      const name = file.slice(0, -ext.length);
      return QUERY_NAME.test(name) ? { name, kind } : undefined;
    }
  }
  return undefined;
}
