/**
 * Indices as tables (docs/decisions.md, "Indices as tables"): concrete indices only, hiding names
 * that begin with "." (system indices, data stream backing indices). Aliases and data streams are
 * not indices, so they never appear; hidden indices whose names do not begin with "." are listed.
 */
import type { TableInfo } from "../../../core/grid.ts";
import type { EsTransport } from "../wire/transport.ts";

interface CatIndexRow {
  index: string;
  health?: string | null;
  status?: string;
  "store.size"?: string | null;
}

interface CountsBody {
  aggregations?: { by_index?: { buckets?: { key: string; doc_count: number }[] } };
}

/** Pure: which names the sidebar shows. */
export function isListedIndex(name: string): boolean {
  return !name.startsWith(".");
}

/** Text that can stand inside a wildcard as itself: no wildcard, separator or escape in it. */
const PLAIN_NAME_TEXT = /^[a-z0-9_.-]+$/;

/** Indices counted by the one aggregation sent beside the listing (see `listTables`). */
const COUNTED_AT_ONCE = 10_000;

/**
 * The indices, hidden ones left out. With `nameContains`, the cluster is asked only for the
 * indices a `*text*` wildcard reaches (index names are lowercase): fewer shards to count, a shorter
 * listing. An alias the wildcard reaches brings its indices too, so callers still filter by name.
 */
export async function listTables(
  transport: EsTransport,
  nameContains?: string,
): Promise<TableInfo[]> {
  const only =
    nameContains !== undefined && PLAIN_NAME_TEXT.test(nameContains) ? `*${nameContains}*` : "";
  // The counts go out with the listing, not after it: one round trip. Only a cluster with more
  // open indices than one aggregation counted is asked again, for all of them.
  const early = topLevelCounts(transport, COUNTED_AT_ONCE, only);
  early.catch(() => undefined);
  const rows = await transport.json<CatIndexRow[]>({
    method: "GET",
    path: only ? `/_cat/indices/${only}` : "/_cat/indices",
    query: {
      format: "json",
      bytes: "b",
      expand_wildcards: "all",
      h: "index,health,status,store.size",
      s: "index",
    },
  });
  const listed = rows.filter((r) => isListedIndex(r.index));
  const open = listed.filter((r) => r.status !== "close").length;
  const counts =
    open === 0
      ? new Map<string, number>()
      : open <= COUNTED_AT_ONCE
        ? await early
        : await topLevelCounts(transport, open, only);
  return listed.map((r) => ({
    name: r.index,
    docCount: r.status === "close" ? null : (counts.get(r.index) ?? 0),
    sizeBytes: r["store.size"] == null ? null : Number(r["store.size"]),
    health: r.health ?? null,
    status: r.status ?? "open",
  }));
}

/**
 * `_cat/indices` counts every Lucene document, nested objects included; the grid counts what a
 * search returns. One aggregation on `_index` gives the right number for every index at once.
 */
async function topLevelCounts(
  transport: EsTransport,
  size: number,
  only: string,
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  // Every listed index (hidden ones too) and no dot-named one, without spelling names in the URL.
  const body = await transport.json<CountsBody>({
    method: "POST",
    path: `/${only || "*"},-.*/_search`,
    query: { expand_wildcards: "open,hidden", ignore_unavailable: true, allow_no_indices: true },
    body: {
      size: 0,
      track_total_hits: false,
      aggs: { by_index: { terms: { field: "_index", size: Math.max(size, 1) } } },
    },
  });
  for (const b of body.aggregations?.by_index?.buckets ?? []) counts.set(b.key, b.doc_count);
  return counts;
}
