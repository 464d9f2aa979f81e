/**
 * Reads what a comparison compares, one side at a time: an index (mapping, settings, aliases,
 * count) and a cluster (version, nodes, indices, templates, pipelines, repositories).
 */
import type { ServerProfile, TableProfile } from "../../../core/compare.ts";
import { QuarryError } from "../../../core/errors.ts";
import { httpError } from "../wire/errors.ts";
import { indexPath } from "../wire/paths.ts";
import type { EsTransport } from "../wire/transport.ts";
import type { ClusterDetail, IndexLine } from "./server-diff.ts";
import type { IndexDetail } from "./table-diff.ts";

type Json = Record<string, unknown>;

/** Flat settings' values as text (a list setting as its JSON). */
function settingsText(settings: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (typeof settings !== "object" || settings === null) return out;
  for (const [k, v] of Object.entries(settings as Json))
    out[k] = typeof v === "string" ? v : JSON.stringify(v);
  return out;
}

/** A name that stands for more than one index: the comparison is of one index a side. */
export function severalIndices(table: string, names: string[]): QuarryError {
  const shown = names.slice(0, 5).join(", ");
  return new QuarryError(
    "invalid_input",
    `"${table}" names ${names.length} indices (${shown}${names.length > 5 ? ", …" : ""}): a comparison reads one index a side`,
    `Name one index on each side, e.g. ${names[0]}.`,
    { table, indices: names.length },
  );
}

export async function readIndexProfile(
  transport: EsTransport,
  table: string,
): Promise<TableProfile> {
  const res = await transport.request<Record<string, Json>>({
    method: "GET",
    path: indexPath(table),
    query: { flat_settings: true },
  });
  if (res.status === 404) return { table, exists: false, records: null, detail: {} };
  if (res.status < 200 || res.status > 299) throw httpError(res.status, res.body, transport.target);
  const names = Object.keys(res.body).sort();
  if (names.length !== 1) throw severalIndices(table, names);
  const index = names[0] as string;
  const entry = res.body[index] as Json;
  const counted = await transport.json<{ count: number }>({
    method: "GET",
    path: `${indexPath(index)}/_count`,
  });
  const detail: IndexDetail = {
    index,
    mappings: (entry.mappings as Json | undefined) ?? {},
    settings: settingsText(entry.settings),
    aliases: (entry.aliases as Json | undefined) ?? {},
  };
  return { table, exists: true, records: counted.count, detail: detail as unknown as Json };
}

/** A read whose 404 means "none of these" (no pipeline, no template on this version). */
async function readOrNone<T>(transport: EsTransport, path: string): Promise<T | undefined> {
  const res = await transport.request<T>({ method: "GET", path });
  if (res.status === 404) return undefined;
  if (res.status < 200 || res.status > 299) throw httpError(res.status, res.body, transport.target);
  return res.body;
}

/** The cluster's own objects (names starting with a dot, or marked managed) are left out. */
const ownedByCluster = (name: string, body: unknown) =>
  name.startsWith(".") ||
  (typeof body === "object" &&
    body !== null &&
    ((body as Json)._meta as Json | undefined)?.managed === true);

function byName(list: unknown, inner: string): Json {
  const out: Json = {};
  if (!Array.isArray(list)) return out;
  for (const item of list as Json[]) {
    const name = String(item.name);
    if (!ownedByCluster(name, item[inner])) out[name] = item[inner];
  }
  return out;
}

function ownOnly(map: Json | undefined): Json {
  const out: Json = {};
  for (const [k, v] of Object.entries(map ?? {})) if (!ownedByCluster(k, v)) out[k] = v;
  return out;
}

export async function readClusterProfile(
  transport: EsTransport,
  version: string,
): Promise<ServerProfile> {
  const [nodes, cat, indexTemplates, componentTemplates, pipelines, repositories] =
    await Promise.all([
      transport.json<{ version: string }[]>({
        method: "GET",
        path: "/_cat/nodes",
        query: { format: "json", h: "version" },
      }),
      transport.json<Record<string, string>[]>({
        method: "GET",
        path: "/_cat/indices",
        query: { format: "json", h: "index,health,docs.count,store.size", bytes: "b" },
      }),
      readOrNone<{ index_templates?: unknown }>(transport, "/_index_template"),
      readOrNone<{ component_templates?: unknown }>(transport, "/_component_template"),
      readOrNone<Json>(transport, "/_ingest/pipeline"),
      readOrNone<Json>(transport, "/_snapshot"),
    ]);
  const indices: Record<string, IndexLine> = {};
  for (const line of cat) {
    const name = String(line.index);
    if (name.startsWith(".")) continue;
    indices[name] = {
      health: String(line.health),
      docs: Number(line["docs.count"] ?? 0),
      bytes: Number(line["store.size"] ?? 0),
    };
  }
  const detail: ClusterDetail = {
    version,
    nodes: {
      count: nodes.length,
      versions: [...new Set(nodes.map((n) => String(n.version)))].sort(),
    },
    indices,
    indexTemplates: byName(indexTemplates?.index_templates, "index_template"),
    componentTemplates: byName(componentTemplates?.component_templates, "component_template"),
    pipelines: ownOnly(pipelines),
    repositories: ownOnly(repositories),
  };
  return { detail: detail as unknown as Json };
}
