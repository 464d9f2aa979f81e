/**
 * Mapping types as cell kinds, and back (pure): reading a CSV file into an index takes each
 * column's kind from the index's mapping; a new index gets the mapping made from the kinds
 * inferred from the first rows, shown before it is created.
 */
import type { CellKind } from "../../../core/transfer.ts";

const INTEGER_TYPES = new Set(["long", "integer", "short", "byte", "unsigned_long"]);
const NUMBER_TYPES = new Set(["double", "float", "half_float", "scaled_float"]);
const DATE_TYPES = new Set(["date", "date_nanos"]);

/** The cell kind of one mapping type; anything else (ip, geo_point...) goes as text the cluster reads. */
export function kindOfType(type: string): CellKind {
  if (INTEGER_TYPES.has(type)) return "integer";
  if (NUMBER_TYPES.has(type)) return "number";
  if (type === "boolean") return "boolean";
  if (DATE_TYPES.has(type)) return "date";
  return "string";
}

interface FieldMapping {
  type?: string;
  properties?: Record<string, FieldMapping>;
}

function collect(
  properties: Record<string, FieldMapping>,
  prefix: string,
  into: Record<string, CellKind>,
): void {
  for (const [name, field] of Object.entries(properties)) {
    const path = `${prefix}${name}`;
    if (field.properties) collect(field.properties, `${path}.`, into);
    // An alias field cannot be written; a field mapped differently in two indices is read as text.
    else if (field.type && field.type !== "alias") {
      const kind = kindOfType(field.type);
      into[path] = into[path] === undefined || into[path] === kind ? kind : "string";
    }
  }
}

/** Every leaf field of a `GET /<index>/_mapping` answer (one index or several), by dotted name. */
export function kindsOfMappings(answer: unknown): Record<string, CellKind> {
  const kinds: Record<string, CellKind> = {};
  if (typeof answer !== "object" || answer === null) return kinds;
  for (const entry of Object.values(answer as Record<string, { mappings?: unknown }>)) {
    let mappings = (entry?.mappings ?? {}) as FieldMapping & Record<string, unknown>;
    // A 6.x-style index read by 7.x keeps its one type's name around its properties.
    if (!mappings.properties) {
      const inner = Object.values(mappings).find(
        (v) => typeof v === "object" && v !== null && "properties" in v,
      );
      if (inner) mappings = inner as FieldMapping & Record<string, unknown>;
    }
    collect(mappings.properties ?? {}, "", kinds);
  }
  return kinds;
}

const TYPE_OF_KIND: Record<Exclude<CellKind, "string">, Record<string, unknown>> = {
  integer: { type: "long" },
  number: { type: "double" },
  boolean: { type: "boolean" },
  date: { type: "date" },
};

/** Text is mapped as dynamic mapping would: searchable, with an exact `keyword` beside it. */
const TEXT_MAPPING = { type: "text", fields: { keyword: { type: "keyword", ignore_above: 256 } } };

/** The `mappings` of a new index whose fields (dotted names: nested objects) hold these kinds. */
export function mappingForKinds(kinds: Record<string, CellKind>): {
  properties: Record<string, unknown>;
} {
  const root: Record<string, unknown> = {};
  for (const [path, kind] of Object.entries(kinds)) {
    const parts = path.split(".");
    let properties = root;
    for (const part of parts.slice(0, -1)) {
      properties[part] ??= { properties: {} };
      properties = (properties[part] as { properties: Record<string, unknown> }).properties;
    }
    properties[parts[parts.length - 1] as string] =
      kind === "string" ? structuredClone(TEXT_MAPPING) : { ...TYPE_OF_KIND[kind] };
  }
  return { properties: root };
}
