/**
 * The role editor's pure parts: a form's index privilege entries, the role body the form stands
 * for in the cluster's words (`cluster`, `indices`), and back.
 */
import type { TablePrivileges } from "../../../../src/core/cluster-security.ts";

/** One index privileges entry as typed: comma-separated names and privileges. */
export interface Entry {
  key: number;
  names: string;
  privileges: string;
}

let nextKey = 0;

export function entriesOf(tables: TablePrivileges[]): Entry[] {
  return tables.map((t) => ({
    key: nextKey++,
    names: t.names.join(", "),
    privileges: t.privileges.join(", "),
  }));
}

/** Pure: comma-separated text as a list, blanks dropped. */
export function list(text: string): string[] {
  return text
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

export function roleBody(cluster: string[], tables: TablePrivileges[]): Record<string, unknown> {
  return { cluster, indices: tables.map((t) => ({ names: t.names, privileges: t.privileges })) };
}

/** Pure: JSON text as an object, or what is wrong with it. */
export function parsedObject(text: string): Record<string, unknown> | string {
  try {
    const value: unknown = JSON.parse(text);
    if (isRecord(value)) return value;
    return 'The role must be a JSON object, e.g. { "cluster": [], "indices": [] }.';
  } catch (e) {
    return `The JSON is not valid: ${e instanceof Error ? e.message : String(e)}`;
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

const strings = (v: unknown): string[] =>
  Array.isArray(v)
    ? v.filter((x): x is string => typeof x === "string")
    : typeof v === "string"
      ? [v]
      : [];

/** Pure: the form's fields from a role body (what the form cannot show stays in JSON only). */
export function formOf(body: Record<string, unknown>): {
  cluster: string[];
  tables: TablePrivileges[];
} {
  const indices = Array.isArray(body.indices) ? body.indices.filter(isRecord) : [];
  return {
    cluster: strings(body.cluster),
    tables: indices.map((i) => ({ names: strings(i.names), privileges: strings(i.privileges) })),
  };
}

/** Index privilege keys the form shows; any other (field or document security) needs JSON. */
const FORM_INDEX_KEYS = new Set(["names", "privileges", "allow_restricted_indices"]);

/**
 * Pure: the role's own JSON, when the form cannot show all of it (run-as, applications, field or
 * document security): the editor then opens in JSON, so saving does not drop those parts. The
 * cluster's `transient_metadata` is its own and is left out.
 */
export function jsonOnlyDefinition(definition: unknown): string | null {
  if (!isRecord(definition)) return null;
  const { transient_metadata: _t, ...own } = definition;
  const nonEmpty = (v: unknown) =>
    Array.isArray(v) ? v.length > 0 : isRecord(v) ? Object.keys(v).length > 0 : v !== undefined;
  const indices = Array.isArray(own.indices) ? own.indices.filter(isRecord) : [];
  const beyondForm =
    Object.entries(own).some(
      ([k, v]) => !["cluster", "indices", "metadata"].includes(k) && nonEmpty(v),
    ) ||
    indices.some(
      (i) =>
        Object.keys(i).some((k) => !FORM_INDEX_KEYS.has(k)) || i.allow_restricted_indices === true,
    );
  return beyondForm ? JSON.stringify(own, null, 2) : null;
}
