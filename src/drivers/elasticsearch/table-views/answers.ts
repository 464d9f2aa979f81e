/**
 * The table views' answers (core/catalog.ts) read from Elasticsearch's `_stats`, `_cat/indices`
 * and `_field_caps`, as 7.17, 8.x and 9.x word them (`_field_caps` lists a type's indices only
 * when not every index has it). Pure.
 */
import type { FieldMatch, FieldQuery, TableStats } from "../../../core/catalog.ts";
import { catNumber } from "../wire/cat-cells.ts";

interface StatsSection {
  docs?: { count?: number; deleted?: number };
  store?: { size_in_bytes?: number };
  segments?: { count?: number };
}

export interface StatsBody {
  indices?: Record<string, { primaries?: StatsSection; total?: StatsSection }>;
}

/** A `_cat/indices` row for the shard counts `_stats` does not give. */
export interface CatIndexCountsRow {
  index?: string;
  pri?: string | null;
  rep?: string | null;
}

export function tableStatsOf(body: StatsBody, counts: CatIndexCountsRow[] = []): TableStats[] {
  const byName = new Map(counts.map((c) => [c.index ?? "", c]));
  return Object.entries(body.indices ?? {}).map(([name, s]) => ({
    name,
    docs: s.primaries?.docs?.count ?? null,
    deletedDocs: s.primaries?.docs?.deleted ?? null,
    sizeBytes: s.total?.store?.size_in_bytes ?? null,
    primarySizeBytes: s.primaries?.store?.size_in_bytes ?? null,
    segments: s.total?.segments?.count ?? null,
    primaries: catNumber(byName.get(name)?.pri),
    replicas: catNumber(byName.get(name)?.rep),
  }));
}

export interface FieldCapsBody {
  indices?: string[];
  fields?: Record<
    string,
    Record<
      string,
      {
        type?: string;
        metadata_field?: boolean;
        searchable?: boolean;
        aggregatable?: boolean;
        indices?: string[] | null;
      }
    >
  >;
}

/** Case-insensitive: a pattern with `*`/`?` must match the whole name, plain text any part. */
export function nameMatcher(pattern: string | undefined): (name: string) => boolean {
  const p = pattern?.trim().toLowerCase();
  if (!p) return () => true;
  if (!/[*?]/.test(p)) return (name) => name.toLowerCase().includes(p);
  const re = new RegExp(
    `^${p
      .replace(/[.+^${}()|[\]\\]/g, "\\$&")
      .replace(/\*/g, ".*")
      .replace(/\?/g, ".")}$`,
  );
  return (name) => re.test(name.toLowerCase());
}

/**
 * The fields of a `_field_caps?include_unmapped=true` answer that match the query: one entry per
 * name and type, with the indices that map it so (a type's own list, or every index when the
 * answer leaves it out). Metadata fields and "unmapped" are left out. Sorted by name, then type.
 */
export function fieldsOf(body: FieldCapsBody, query: FieldQuery): FieldMatch[] {
  const all = [...(body.indices ?? [])].sort();
  const matches = nameMatcher(query.name);
  const types = query.types?.length ? new Set(query.types.map((t) => t.toLowerCase())) : undefined;
  const found: FieldMatch[] = [];
  for (const [name, byType] of Object.entries(body.fields ?? {})) {
    if (!matches(name)) continue;
    for (const [type, caps] of Object.entries(byType)) {
      if (type === "unmapped" || caps.metadata_field) continue;
      if (types && !types.has(type.toLowerCase())) continue;
      found.push({
        name,
        type,
        tables: caps.indices ? [...caps.indices].sort() : all,
        searchable: caps.searchable ?? null,
        aggregatable: caps.aggregatable ?? null,
      });
    }
  }
  // By code unit, so a field's children (customer.city) stay next to it (customer).
  const order = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  return found.sort((a, b) => order(a.name, b.name) || order(a.type, b.type));
}
