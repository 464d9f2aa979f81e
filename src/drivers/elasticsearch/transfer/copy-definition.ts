/**
 * What a copy creates on the target: the source index's settings and mappings, without what
 * belongs to the source cluster (its uuid, creation date, version, where its shards live, its
 * blocks and lifecycle), translated where the target's major version differs. Pure: it takes the
 * source's `GET /<index>?flat_settings=true` entry and gives the `PUT /<target>` body, with a
 * note for each thing left out or changed, and what the target cannot hold at all.
 */

export interface IndexDefinition {
  /** Flat settings (`flat_settings=true`), values as the cluster gives them (strings). */
  settings: Record<string, unknown>;
  mappings: Record<string, unknown>;
}

export interface CopyDefinition {
  /** The `PUT /<target>` body. */
  body: { settings: Record<string, unknown>; mappings: Record<string, unknown> };
  /** What was left out or changed, and why, one line each. */
  notes: string[];
  /** What the target cannot hold (a field type or an index mode it lacks): the copy must not start. */
  blockers: string[];
}

/** Settings that describe the source index's life on its own cluster, never carried over. */
const SOURCE_ONLY: { prefix: string; why: string }[] = [
  { prefix: "index.uuid", why: "the target gets its own" },
  { prefix: "index.creation_date", why: "the target gets its own" },
  { prefix: "index.provided_name", why: "the target's name is given" },
  { prefix: "index.version.", why: "the target's cluster sets it" },
  { prefix: "index.history.uuid", why: "the target gets its own" },
  { prefix: "index.routing.allocation.", why: "node placement belongs to the source cluster" },
  { prefix: "index.resize.", why: "it records how the source was resized" },
  { prefix: "index.shrink.", why: "it records how the source was resized" },
  { prefix: "index.blocks.", why: "a block would stop the copy's own writes" },
  {
    prefix: "index.lifecycle.",
    why: "its lifecycle policy belongs to the source cluster; attach one on the target if wanted",
  },
  { prefix: "index.frozen", why: "frozen indices are the source cluster's state" },
  { prefix: "index.search.throttled", why: "frozen indices are the source cluster's state" },
  { prefix: "index.store.snapshot.", why: "it mounts a snapshot of the source cluster" },
  { prefix: "index.verified_before_close", why: "the source cluster's state" },
  { prefix: "index.downsample.", why: "it records how the source was made" },
  { prefix: "index.rollup.", why: "it records how the source was made" },
  { prefix: "index.recovery.", why: "the source cluster's state" },
];

/** Settings 8.0 and later no longer accept on a new index. */
const GONE_IN_8 = [
  "index.mapper.dynamic",
  "index.max_adjacency_matrix_filters",
  "index.force_memory_term_dictionary",
  "index.soft_deletes.enabled",
  "index.mapping.single_type",
];

/** Settings 7.17 does not know (added in 8.x), left out when the target is 7.17. */
const NEW_IN_8 = [
  "index.mapping.source.mode",
  "index.mapping.synthetic_source_keep",
  "index.mapping.total_fields.ignore_dynamic_beyond_limit",
  "index.mapping.ignore_above",
  "index.mapping.dimension_fields.limit",
  "index.dense_vector.",
  "index.look_ahead_time",
  "index.look_back_time",
  "index.logsdb.",
  "index.recovery.use_synthetic_source",
  "index.semantic_text.",
];

/** Index modes other than the default, which 7.17 has not: such an index cannot go there. */
const MODE_SETTINGS = ["index.mode", "index.routing_path", "index.time_series."];

const matches = (key: string, prefix: string) =>
  prefix.endsWith(".") ? key.startsWith(prefix) : key === prefix || key.startsWith(`${prefix}.`);

/** The target's settings: the source's, less what is the source cluster's or the target lacks. */
function copySettings(
  settings: Record<string, unknown>,
  from: number,
  to: number,
  notes: string[],
  blockers: string[],
): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(settings)) {
    const own = SOURCE_ONLY.find((s) => matches(key, s.prefix));
    if (own) {
      // The creation date and the like are noise to a reader; say only what changes behaviour.
      if (/blocks|lifecycle|allocation\.(require|include|exclude)\.(?!_tier)/.test(key))
        notes.push(`setting ${key} not copied: ${own.why}`);
      continue;
    }
    if (from < 8 && to >= 8 && GONE_IN_8.some((p) => matches(key, p))) {
      notes.push(`setting ${key} not copied: ${to}.x no longer accepts it`);
      continue;
    }
    if (to < 8 && MODE_SETTINGS.some((p) => matches(key, p))) {
      // 7.17 knows no `index.mode` at all, not even "standard": the setting goes either way.
      if (key === "index.mode" && value !== "standard")
        blockers.push(`the index mode "${String(value)}" does not exist in ${to}.x`);
      continue;
    }
    if (to < 8 && NEW_IN_8.some((p) => matches(key, p))) {
      notes.push(`setting ${key} not copied: ${to}.x does not know it`);
      continue;
    }
    kept[key] = value;
  }
  return kept;
}

/** Field types a 7.17 cluster has not (added in 8.x). */
const TYPES_NEW_IN_8 = new Set([
  "semantic_text",
  "sparse_vector",
  "counted_keyword",
  "passthrough",
  "aggregate_metric_double_v2",
]);

/** Field parameters 8.0+ refuses on a new index, and why they can go. */
const PARAMS_GONE_IN_8: Record<string, string> = {
  boost: "index-time boosts were removed in 8.0; boost in queries instead",
  tree: "geo_shape's prefix-tree parameters were removed in 8.0 (BKD is used)",
  precision: "geo_shape's prefix-tree parameters were removed in 8.0 (BKD is used)",
  tree_levels: "geo_shape's prefix-tree parameters were removed in 8.0 (BKD is used)",
  strategy: "geo_shape's prefix-tree parameters were removed in 8.0 (BKD is used)",
  distance_error_pct: "geo_shape's prefix-tree parameters were removed in 8.0 (BKD is used)",
  points_only: "geo_shape's prefix-tree parameters were removed in 8.0 (BKD is used)",
};

/** Field parameters 7.17 does not know, per field type (added in 8.x). */
const PARAMS_NEW_IN_8: Record<string, string[]> = {
  "*": ["synthetic_source_keep"],
  dense_vector: ["index", "similarity", "index_options", "element_type"],
};

interface FieldWalk {
  from: number;
  to: number;
  notes: string[];
  blockers: string[];
}

/** One field's mapping for the target (recursing into objects, nested fields and sub-fields). */
function copyField(path: string, field: Record<string, unknown>, w: FieldWalk): unknown {
  const type = typeof field.type === "string" ? field.type : undefined;
  const out: Record<string, unknown> = {};
  for (const [param, value] of Object.entries(field)) {
    const gone = w.from < 8 && w.to >= 8 ? PARAMS_GONE_IN_8[param] : undefined;
    if (gone && (param === "boost" ? type !== undefined : type === "geo_shape")) {
      w.notes.push(`${path}: "${param}" not copied: ${gone}`);
      continue;
    }
    if (w.to < 8) {
      const newer = [...(PARAMS_NEW_IN_8["*"] ?? []), ...(PARAMS_NEW_IN_8[type ?? ""] ?? [])];
      if (newer.includes(param)) {
        w.notes.push(`${path}: "${param}" not copied: ${w.to}.x does not know it`);
        continue;
      }
      if (param === "subobjects") {
        w.blockers.push(`${path}: "subobjects" does not exist in ${w.to}.x`);
        continue;
      }
    }
    if ((param === "properties" || param === "fields") && isObject(value)) {
      out[param] = copyProperties(path, value, w);
      continue;
    }
    out[param] = value;
  }
  if (w.to < 8 && type && TYPES_NEW_IN_8.has(type))
    w.blockers.push(`${path}: the field type "${type}" does not exist in ${w.to}.x`);
  return out;
}

function copyProperties(
  parent: string,
  properties: Record<string, unknown>,
  w: FieldWalk,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(properties)) {
    const path = parent ? `${parent}.${name}` : name;
    out[name] = isObject(field) ? copyField(path, field, w) : field;
  }
  return out;
}

/** The mapping's root: metadata fields first, then the fields. */
function copyMappings(mappings: Record<string, unknown>, w: FieldWalk): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(mappings)) {
    if (key === "_field_names" && w.to >= 8) {
      w.notes.push(`_field_names not copied: ${w.to}.x no longer lets it be configured`);
      continue;
    }
    if (key === "_data_stream_timestamp") {
      w.notes.push("_data_stream_timestamp not copied: the target is a plain index");
      continue;
    }
    if (key === "_source" && isObject(value) && "mode" in value && w.to < 8) {
      const { mode, ...rest } = value;
      w.notes.push(`_source.mode "${String(mode)}" not copied: ${w.to}.x does not know it`);
      if (Object.keys(rest).length > 0) out[key] = rest;
      continue;
    }
    if (key === "subobjects" && w.to < 8) {
      w.blockers.push(`"subobjects" does not exist in ${w.to}.x`);
      continue;
    }
    out[key] = key === "properties" && isObject(value) ? copyProperties("", value, w) : value;
  }
  return out;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/**
 * The target index's definition from the source's, for a target of major `to` (7, 8 or 9) when
 * the source is of major `from`.
 */
export function copyDefinition(source: IndexDefinition, from: number, to: number): CopyDefinition {
  const notes: string[] = [];
  const blockers: string[] = [];
  const settings = copySettings(source.settings, from, to, notes, blockers);
  const mappings = copyMappings(source.mappings, { from, to, notes, blockers });
  return { body: { settings, mappings }, notes, blockers };
}
