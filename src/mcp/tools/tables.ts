/**
 * `list_tables` and `describe_table`, sized for a model at any scale (docs/mcp.md, "Answers sized
 * for a model"): indices as a compact table a page at a time, and an index's fields grouped under
 * their objects with abbreviated types (a legend says each once, with the type ES|QL reads it as
 * where that differs), filtered by name or type, a page of fields at a time. Pure shaping in
 * `fieldGroups`; the tools read through the session.
 */
import { z } from "zod";
import type { Column, TableInfo } from "../../core/grid.ts";
import { HIDDEN } from "./compact-args.ts";
import { connectionArg, defineTool, reachConnection, tableArg } from "./context.ts";
import { output, pagedFields, tableShape } from "./outputs.ts";
import { cursorArg, pageFields, pageOf } from "./paging.ts";

/** Mapping types by abbreviation, and the type ES|QL reads a field of it as, where it differs. */
const TYPES: Record<string, [string, string?]> = {
  keyword: ["k"],
  text: ["t"],
  long: ["l"],
  integer: ["i"],
  short: ["s", "integer"],
  byte: ["by", "integer"],
  double: ["d"],
  float: ["f", "double"],
  half_float: ["hf", "double"],
  scaled_float: ["sf", "double"],
  unsigned_long: ["ul"],
  date: ["dt"],
  date_nanos: ["dn"],
  boolean: ["b"],
  ip: ["ip"],
  nested: ["n", "unsupported"],
  object: ["o", "unsupported"],
  geo_point: ["gp"],
  geo_shape: ["gs"],
  match_only_text: ["mt", "text"],
  constant_keyword: ["ck", "keyword"],
  wildcard: ["w", "keyword"],
  flattened: ["fl", "unsupported"],
  version: ["v"],
  binary: ["bin", "unsupported"],
};

const abbreviation = (type: string) => TYPES[type]?.[0] ?? type;

/** The legend of the abbreviations a page uses: `{"hf": "half_float (ES|QL double)"}`. */
function legend(types: Iterable<string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const type of [...new Set(types)].sort()) {
    const known = TYPES[type];
    if (!known) continue;
    out[known[0]] = known[1] ? `${type} (ES|QL ${known[1]})` : type;
  }
  return out;
}

/** A name filter: a glob with * and ?, or else a part of the dotted name; case-insensitive. */
function nameMatcher(name: string | undefined): (field: string) => boolean {
  if (!name) return () => true;
  const needle = name.toLowerCase();
  if (!/[*?]/.test(needle)) return (f) => f.toLowerCase().includes(needle);
  const pattern = needle
    .replace(/[.+^${}()|[\]\\]/g, "\\$&")
    .replace(/\*/g, ".*")
    .replace(/\?/g, ".");
  const re = new RegExp(`^${pattern}$`);
  return (f) => re.test(f.toLowerCase());
}

/** The object a field sits in (`customer` for customer.name; "" at the top), nested marked. */
function groupOf(c: Column, nested: ReadonlySet<string>): string {
  const dot = c.name.lastIndexOf(".");
  const parent = dot < 0 ? "" : c.name.slice(0, dot);
  return nested.has(parent) ? `${parent} (nested)` : parent;
}

/**
 * Fields as rows of [object, "name type, name type(.keyword k)"], in the order given; an object
 * in `nested` (the nested arrays' paths) is marked so. Pure.
 */
export function fieldGroups(
  columns: readonly Column[],
  nested: ReadonlySet<string>,
): { rows: [string, string][]; types: string[] } {
  const groups = new Map<string, string[]>();
  const types: string[] = [];
  for (const c of columns) {
    const group = groupOf(c, nested);
    const leaf = group ? c.name.slice(c.name.lastIndexOf(".") + 1) : c.name;
    const subs = (c.multiFields ?? [])
      .map((m) => {
        types.push(m.type);
        return `${m.name.slice(c.name.length)} ${abbreviation(m.type)}`;
      })
      .join(", ");
    types.push(c.type);
    const entry = `${leaf} ${abbreviation(c.type)}${subs ? `(${subs})` : ""}`;
    groups.set(group, [...(groups.get(group) ?? []), entry]);
  }
  return { rows: [...groups].map(([g, fields]) => [g, fields.join(", ")]), types };
}

const FIELDS_PER_PAGE = 300;

export const describeTable = defineTool({
  name: "describe_table",
  title: "Describe an index",
  description: "An index's fields.",
  input: z.strictObject({
    connection: connectionArg,
    table: tableArg,
    name: z.string().max(255).optional(),
    types: z.array(z.string().min(1).max(64)).max(20).optional().meta(HIDDEN),
    limit: z.number().int().min(1).max(5000).optional().meta(HIDDEN),
    cursor: cursorArg,
  }),
  output: output({
    types: z.record(z.string(), z.string()),
    ...tableShape,
    ...pagedFields,
  }),
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false },
  async run(args, ctx) {
    const { session } = await reachConnection(ctx, args.connection);
    const matches = nameMatcher(args.name);
    const wanted = args.types?.map((t) => t.toLowerCase());
    const all = await session.grid.describeTable(args.table);
    const nested = new Set(all.filter((c) => c.kind === "nested-parent").map((c) => c.name));
    // Meta columns and a nested array's own JSON column are left out (its leaves are listed).
    const fields = all.filter(
      (c) =>
        c.kind !== "meta" &&
        c.kind !== "nested-parent" &&
        matches(c.name) &&
        (!wanted || wanted.includes(c.type) || wanted.includes(abbreviation(c.type))),
    );
    const page = pageOf(fields, args.cursor, args.limit ?? FIELDS_PER_PAGE);
    const grouped = fieldGroups(page.rows, nested);
    return {
      types: legend(grouped.types),
      columns: ["object", "fields"],
      rows: grouped.rows,
      ...pageFields(page),
    };
  },
});

const TABLES_PER_PAGE = 100;

export const listTables = defineTool({
  name: "list_tables",
  title: "List indices",
  description: "Indices: docs, size, health.",
  input: z.strictObject({
    connection: connectionArg,
    name: z.string().max(255).optional(),
    limit: z.number().int().min(1).max(2000).optional().meta(HIDDEN),
    cursor: cursorArg,
  }),
  output: output({ ...tableShape, ...pagedFields }),
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false },
  async run(args, ctx) {
    const { session } = await reachConnection(ctx, args.connection);
    const needle = args.name?.toLowerCase();
    // In name order: pages read in separate calls must see one order.
    const tables = (await session.grid.listTables(needle ? { nameContains: needle } : {}))
      .filter((t) => !needle || t.name.toLowerCase().includes(needle))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const page = pageOf<TableInfo>(tables, args.cursor, args.limit ?? TABLES_PER_PAGE);
    return {
      columns: ["index", "docs", "size_bytes", "health", "status"],
      rows: page.rows.map((t) => [t.name, t.docCount, t.sizeBytes, t.health, t.status]),
      ...pageFields(page),
    };
  },
});
