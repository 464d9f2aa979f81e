/**
 * Pure: two indices' mappings, settings, aliases and counts as rows of differences. A mapping is
 * compared field by field (each field's type and parameters, sub-fields as their own paths); of
 * the settings only those a person chose (not the ones every index differs in: its uuid, its
 * creation date, the version that created it).
 */
import { type DiffRow, diffNamed, type TableProfile } from "../../../core/compare.ts";

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** What an index profile's detail holds (profiles.ts reads it). */
export interface IndexDetail {
  /** The concrete index, when the name asked for was an alias of one. */
  index: string;
  mappings: Json;
  /** `index.*` settings, flat (`index.number_of_shards`). */
  settings: Record<string, string>;
  aliases: Json;
}

/** A field's type and parameters as one line: `text analyzer=english`. */
function describeField(def: Json, subField: boolean): string {
  const type = typeof def.type === "string" ? def.type : isObject(def.properties) ? "object" : "?";
  const params = Object.keys(def)
    .filter((k) => k !== "type" && k !== "properties" && k !== "fields")
    .sort()
    .map((k) => `${k}=${typeof def[k] === "string" ? def[k] : JSON.stringify(def[k])}`);
  return [type, ...params, ...(subField ? ["(sub-field)"] : [])].join(" ");
}

/** Every field of a mapping by its dotted path (sub-fields too), described in one line. */
export function mappingFields(mappings: Json): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (properties: unknown, prefix: string) => {
    if (!isObject(properties)) return;
    for (const [name, def] of Object.entries(properties)) {
      if (!isObject(def)) continue;
      const path = `${prefix}${name}`;
      out[path] = describeField(def, false);
      if (isObject(def.fields))
        for (const [sub, subDef] of Object.entries(def.fields))
          if (isObject(subDef)) out[`${path}.${sub}`] = describeField(subDef, true);
      walk(def.properties, `${path}.`);
    }
  };
  walk(mappings.properties, "");
  // The mapping's own parameters (dynamic, _source, _routing, runtime fields…) under their names.
  for (const [k, v] of Object.entries(mappings))
    if (k !== "properties" && k !== "_meta") out[`(mapping) ${k}`] = JSON.stringify(v);
  return out;
}

/** Settings every index has its own of, or that say how it was made rather than what it is. */
const INCIDENTAL = [
  /^index\.uuid$/,
  /^index\.creation_date(_string)?$/,
  /^index\.version\./,
  /^index\.provided_name$/,
  /^index\.history\.uuid$/,
  /^index\.routing\.allocation\.initial_recovery\./,
  /^index\.resize\./,
  /^index\.shrink\./,
  /^index\.verified_before_close$/,
];

/** The settings a comparison shows: the index's own, without the incidental ones. */
export function chosenSettings(settings: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(settings))
    if (!INCIDENTAL.some((re) => re.test(k))) out[k] = v;
  return out;
}

function detailOf(p: TableProfile): IndexDetail {
  return p.detail as unknown as IndexDetail;
}

/** The rows for two indices' profiles: mapping, settings, aliases, count. */
export function diffIndexProfiles(left: TableProfile, right: TableProfile): DiffRow[] {
  if (!left.exists || !right.exists) {
    const rows: DiffRow[] = [];
    if (left.exists !== right.exists)
      rows.push({
        group: "index",
        key: left.exists ? right.table : left.table,
        kind: left.exists ? "only_left" : "only_right",
        ...(left.exists ? { left: left.table } : { right: right.table }),
      });
    return rows;
  }
  const l = detailOf(left);
  const r = detailOf(right);
  const rows = [
    ...diffNamed("mapping", mappingFields(l.mappings), mappingFields(r.mappings)),
    ...diffNamed("settings", chosenSettings(l.settings), chosenSettings(r.settings)),
    ...diffNamed("aliases", l.aliases, r.aliases),
  ];
  if (left.records !== right.records)
    rows.push({
      group: "count",
      key: "documents",
      kind: "changed",
      left: String(left.records),
      right: String(right.records),
    });
  return rows;
}
