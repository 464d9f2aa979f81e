/**
 * Pure: what running a saved query on a connection sends, with its parameters in place, or why it
 * cannot run there (saved for another connection or database type).
 */
import { QuarryError } from "../../core/errors.ts";
import {
  type ParamValue,
  resolveParams,
  substituteConsole,
  substituteEsql,
  substituteView,
} from "./params.ts";
import type { GridView, SavedQuery } from "./saved-query.ts";

export type QueryRun =
  | { kind: "console"; text: string }
  | { kind: "esql"; query: string; params: Record<string, string | number>[] }
  | { kind: "view"; view: GridView };

/** The connection a query is run on, as the library knows connections: by name and type. */
export interface Target {
  name: string;
  type: string;
}

/** Refuses a query kept for another connection or database type. */
export function checkTarget(q: SavedQuery, target: Target): void {
  if (q.dbType && q.dbType !== target.type)
    throw new QuarryError(
      "invalid_input",
      `${q.name} was saved for ${q.dbType} connections; ${target.name} is ${target.type}`,
      `Run it on a ${q.dbType} connection.`,
      { query: q.name, type: q.dbType },
    );
  if (q.connection && q.connection.toLowerCase() !== target.name.toLowerCase())
    throw new QuarryError(
      "invalid_input",
      `${q.name} belongs to the connection ${q.connection}, not ${target.name}`,
      `Run it on ${q.connection}, or save a copy without a connection (every ${q.dbType ?? "such"} connection).`,
      { query: q.name, connection: q.connection },
    );
}

/** The connection to run on when none is given: the query's own. */
export function defaultConnection(q: SavedQuery, given: string | undefined): string {
  if (given) return given;
  if (q.connection) return q.connection;
  throw new QuarryError(
    "invalid_input",
    `${q.name} is saved for every ${q.dbType ?? ""} connection; say which one to run it on`.replace(
      "  ",
      " ",
    ),
    `Name the connection, e.g. quarry query run ${q.name} <conn>.`,
    { query: q.name },
  );
}

/** What to send: the query with `given` parameters checked and in place. */
export function planRun(
  q: SavedQuery,
  given: Readonly<Record<string, unknown>>,
): { run: QueryRun; values: Record<string, ParamValue> } {
  const values = resolveParams(q, given);
  if (q.kind === "console")
    return { run: { kind: "console", text: substituteConsole(q.text, values) }, values };
  if (q.kind === "esql")
    return { run: { kind: "esql", ...substituteEsql(q.text, values) }, values };
  return { run: { kind: "view", view: substituteView(q.view as GridView, values) }, values };
}
