import type { Column, ColumnKind } from "../../../core/grid.ts";
import { esErrors } from "../wire/error-catalog.ts";
import { indexPath } from "../wire/paths.ts";
import { searchError } from "../wire/search-errors.ts";
import type { EsTransport } from "../wire/transport.ts";
import { filterOpsForColumn } from "./filters.ts";
import { sortTarget } from "./sort.ts";

/** One field of a mapping, as `GET /<index>/_mapping` returns it. */
export interface MappingField {
  type?: string;
  properties?: Record<string, MappingField>;
  fields?: Record<string, MappingField>;
  enabled?: boolean;
  [setting: string]: unknown;
}

/** The body of `GET /<target>/_mapping`: one entry per concrete index. */
export type MappingResponse = Record<
  string,
  { mappings?: { properties?: Record<string, MappingField>; [key: string]: unknown } }
>;

/** A field as one index maps it, before the union. */
interface FieldEntry {
  name: string;
  type: string;
  kind: ColumnKind;
  nestedPaths?: string[];
  multiFields?: { name: string; type: string }[];
}

export const META_COLUMNS: readonly Column[] = [
  {
    name: "_id",
    type: "keyword",
    kind: "meta",
    primaryKey: true,
    sortField: null,
    sortNote: sortTarget({ name: "_id", type: "keyword", kind: "meta" }).note,
    filterable: true,
    editable: false,
  },
  {
    name: "_index",
    type: "keyword",
    kind: "meta",
    sortField: "_index",
    filterable: true,
    editable: false,
  },
  {
    name: "_score",
    type: "float",
    kind: "meta",
    sortField: "_score",
    filterable: false,
    editable: false,
  },
];

/** Pure: the grid's columns for a mapping response (one index or several → their union). */
export function mappingToColumns(response: MappingResponse): Column[] {
  const byName = new Map<string, { entries: Map<string, FieldEntry>; first: FieldEntry }>();
  for (const index of Object.keys(response).sort()) {
    const properties = response[index]?.mappings?.properties ?? {};
    for (const entry of walk(properties, "", [])) {
      const known = byName.get(entry.name);
      if (known) known.entries.set(index, entry);
      else byName.set(entry.name, { entries: new Map([[index, entry]]), first: entry });
    }
  }
  const columns: Column[] = META_COLUMNS.map((c) => ({ ...c }));
  for (const { entries, first } of byName.values()) columns.push(toColumn(first, entries));
  return columns;
}

function* walk(
  properties: Record<string, MappingField>,
  prefix: string,
  nested: string[],
): Generator<FieldEntry> {
  for (const [key, field] of Object.entries(properties)) {
    const name = prefix + key;
    const type = field.type ?? "object";
    const kind: ColumnKind = nested.length > 0 ? "nested-leaf" : "field";
    // Field aliases and runtime-only fields are not in `_source`: a cell could never show them.
    if (type === "alias") continue;
    if (type === "nested") {
      const paths = [...nested, name];
      yield { name, type, kind: "nested-parent", nestedPaths: paths };
      yield* walk(field.properties ?? {}, `${name}.`, paths);
      continue;
    }
    if (type === "object" && field.properties && field.enabled !== false) {
      yield* walk(field.properties, `${name}.`, nested);
      continue;
    }
    const entry: FieldEntry = { name, type, kind };
    if (nested.length > 0) entry.nestedPaths = nested;
    const multi = Object.entries(field.fields ?? {}).map(([sub, f]) => ({
      name: `${name}.${sub}`,
      type: f.type ?? "object",
    }));
    if (multi.length > 0) entry.multiFields = multi;
    yield entry;
  }
}

function toColumn(first: FieldEntry, entries: Map<string, FieldEntry>): Column {
  const types = new Map<string, string[]>();
  const multi = new Map<string, string>();
  for (const [index, e] of entries) {
    types.set(e.type, [...(types.get(e.type) ?? []), index]);
    for (const m of e.multiFields ?? []) if (!multi.has(m.name)) multi.set(m.name, m.type);
  }
  const column: Column = {
    name: first.name,
    type: types.size > 1 ? "conflict" : first.type,
    kind: first.kind,
    sortField: null,
    filterable: false,
    editable: first.kind !== "nested-leaf",
  };
  if (first.nestedPaths) column.nestedPaths = first.nestedPaths;
  if (multi.size > 0) column.multiFields = [...multi].map(([name, type]) => ({ name, type }));
  if (types.size > 1) column.conflict = Object.fromEntries(types);
  column.filterable = filterOpsForColumn(column).length > 0;
  const target = sortTarget(column);
  column.sortField = target.field;
  if (target.note) column.sortNote = target.note;
  return column;
}

/** The body of `GET /<target>/_field_caps?fields=*`. */
export interface FieldCapsResponse {
  indices?: string[];
  fields?: Record<
    string,
    Record<string, { type?: string; metadata_field?: boolean; indices?: string[] }>
  >;
}

/**
 * Pure: a mapping response rebuilt from field capabilities, for users allowed to search an index
 * but not to read its mapping (the `read` privilege covers `_field_caps`, not `_mapping`). A
 * dotted path under a leaf is that leaf's multi-field; under an object or nested field, a child.
 * (Disabled objects are not reported by `_field_caps`, so they have no column this way.)
 */
export function fieldCapsToMapping(body: FieldCapsResponse): MappingResponse {
  const indices = body.indices ?? [];
  const out: MappingResponse = {};
  const roots = new Map<string, Record<string, MappingField>>();
  for (const index of indices) {
    const properties: Record<string, MappingField> = {};
    roots.set(index, properties);
    out[index] = { mappings: { properties } };
  }
  const paths = Object.keys(body.fields ?? {}).map((p) => p.split("."));
  paths.sort((a, b) => {
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      const c = (a[i] ?? "").localeCompare(b[i] ?? "");
      if (c !== 0) return c;
    }
    return a.length - b.length;
  });
  for (const parts of paths) {
    for (const [type, cap] of Object.entries(body.fields?.[parts.join(".")] ?? {})) {
      if (cap.metadata_field) continue;
      for (const index of cap.indices ?? indices) {
        const root = roots.get(index);
        if (root) place(root, parts, cap.type ?? type);
      }
    }
  }
  return out;
}

function place(root: Record<string, MappingField>, parts: string[], type: string): void {
  let properties = root;
  for (let i = 0; i < parts.length - 1; i++) {
    const key = parts[i] as string;
    properties[key] ??= { properties: {} };
    const node = properties[key];
    if (node.type && node.type !== "object" && node.type !== "nested") {
      node.fields ??= {};
      node.fields[parts.slice(i + 1).join(".")] = { type };
      return;
    }
    node.properties ??= {};
    properties = node.properties;
  }
  const leaf = parts.at(-1) as string;
  properties[leaf] = { ...properties[leaf], type };
}

/**
 * The columns of a table (an index, alias, pattern or comma list), from its live mapping, or from
 * its field capabilities when the user may search it but not read its mapping.
 */
export async function describeTable(transport: EsTransport, table: string): Promise<Column[]> {
  const res = await transport.request<MappingResponse>({
    method: "GET",
    path: `${indexPath(table)}/_mapping`,
  });
  let mapping: MappingResponse;
  if (res.status === 403) {
    const caps = await transport.request<FieldCapsResponse>({
      method: "GET",
      path: `${indexPath(table)}/_field_caps`,
      query: { fields: "*" },
    });
    if (caps.status < 200 || caps.status > 299) throw searchError(table, res.status, res.body);
    mapping = fieldCapsToMapping(caps.body);
  } else if (res.status < 200 || res.status > 299) {
    throw searchError(table, res.status, res.body);
  } else mapping = res.body;
  if (!mapping || typeof mapping !== "object" || Object.keys(mapping).length === 0) {
    throw esErrors.tableNotFound(table);
  }
  return mappingToColumns(mapping);
}
