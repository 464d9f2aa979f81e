/**
 * The index page on Elasticsearch (core/table-details.ts): one index's settings, mapping, aliases,
 * statistics and shards (the table and cluster views' reads), whether `_reindex` can run; the read-only
 * templates, ILM policies and snapshots; and each action planned as a console request
 * (index-plans.ts). Reads only: actions are sent by the console.
 */
import type { ClusterViews, TableViews } from "../../../core/catalog.ts";
import { isQuarryError } from "../../../core/errors.ts";
import type {
  ObjectList,
  ServiceObjects,
  TableAdmin,
  TableDetails,
} from "../../../core/table-details.ts";
import { esErrors } from "../wire/error-catalog.ts";
import { httpError, reasonOf } from "../wire/errors.ts";
import { indexPath } from "../wire/paths.ts";
import type { EsTransport } from "../wire/transport.ts";
import {
  aliasesOf,
  type ComponentTemplatesBody,
  type ComposableTemplatesBody,
  type IndexBody,
  indexEntry,
  type LegacyTemplatesBody,
  listOrAbsence,
  mappingTree,
  type NodesModulesBody,
  type PoliciesBody,
  policyObjects,
  type RepositoriesBody,
  reindexAvailability,
  repositoryObjects,
  type SnapshotsBody,
  snapshotObjects,
  templateObjects,
} from "./answers.ts";
import { planIndexAction } from "./plans.ts";

/** The views an index's details read: its statistics and its shards. */
export type IndexViews = Pick<TableViews, "tableStats"> & Pick<ClusterViews, "partitions">;

/** At most this many repositories are asked for their snapshots (a page lists them, not a report). */
const MAX_REPOSITORIES = 20;

export function esIndexAdmin(
  transport: EsTransport,
  views: IndexViews,
  ready: () => Promise<void>,
): TableAdmin {
  return {
    details: async (table, options = {}) => {
      await ready();
      return details(transport, views, table, options.signal);
    },
    objects: async (options = {}) => {
      await ready();
      return objects(transport, options.signal);
    },
    plan: async (input, options = {}) => {
      const plan = planIndexAction(input);
      if (input.action !== "copy") return plan;
      await ready();
      const copy = await reindexOf(transport, options.signal);
      if (!copy.available)
        throw esErrors.featureUnavailable(copy.note ?? "Reindex is not available on this cluster.");
      const target = String(input.target);
      const there = await transport.request({
        method: "HEAD",
        path: indexPath(target),
        signal: options.signal,
      });
      if (there.status === 200) throw esErrors.copyTargetExists(target);
      return plan;
    },
  };
}

async function details(
  transport: EsTransport,
  views: IndexViews,
  index: string,
  signal: AbortSignal | undefined,
): Promise<TableDetails> {
  const res = await transport.request<Record<string, IndexBody>>({
    method: "GET",
    path: indexPath(index),
    query: { expand_wildcards: "all" },
    signal,
  });
  if (res.status === 404) throw esErrors.tableNotFound(index);
  if (res.status < 200 || res.status > 299) throw httpError(res.status, res.body, transport.target);
  const entry = indexEntry(res.body, index);
  if (!entry) throw esErrors.tableNotFound(index);
  const name = entry.name;
  const notes: string[] = [];
  const noted =
    <T>(what: string, fallback: T) =>
    (e: unknown) => {
      notes.push(`${what} could not be read: ${isQuarryError(e) ? e.message : String(e)}`);
      return fallback;
    };
  const [state, stats, partitions, copy] = await Promise.all([
    stateOf(transport, name, signal).catch(noted("The state", { health: null, status: null })),
    views
      .tableStats(name, signal ? { signal } : {})
      .then((s) => s.find((t) => t.name === name) ?? null)
      .catch(noted("The statistics", null)),
    views.partitions(name, signal ? { signal } : {}).catch(noted("The shards", [])),
    reindexOf(transport, signal),
  ]);
  if (state.status === "close") {
    // A closed index has no statistics to read: say why instead of the cluster's error.
    const kept = notes.filter((n) => !n.startsWith("The statistics"));
    notes.splice(0, notes.length, ...kept, "The index is closed: open it to read its statistics.");
  }
  return {
    name,
    state: state.status,
    health: state.health,
    stats,
    settings: entry.body.settings ?? {},
    schema: entry.body.mappings ?? {},
    fields: mappingTree(entry.body.mappings),
    aliases: aliasesOf(entry.body),
    partitions,
    copy,
    notes,
  };
}

async function stateOf(transport: EsTransport, index: string, signal: AbortSignal | undefined) {
  const rows = await transport.json<{ health?: string; status?: string }[]>({
    method: "GET",
    path: `/_cat/indices${indexPath(index)}`,
    query: { format: "json", h: "health,status", expand_wildcards: "all" },
    signal,
  });
  return { health: rows[0]?.health ?? null, status: rows[0]?.status ?? null };
}

async function reindexOf(transport: EsTransport, signal: AbortSignal | undefined) {
  const res = await transport.request<NodesModulesBody>({
    method: "GET",
    path: "/_nodes",
    query: { filter_path: "nodes.*.name,nodes.*.modules.name" },
    signal,
  });
  if (res.status !== 200)
    return {
      available: false,
      note: `The nodes' modules could not be read: ${reasonOf(res.body)}.`,
    };
  return reindexAvailability(res.body);
}

async function objects(
  transport: EsTransport,
  signal: AbortSignal | undefined,
): Promise<ServiceObjects> {
  const get = (path: string) => transport.request<unknown>({ method: "GET", path, signal });
  const [composable, legacy, component, policies, repositories] = await Promise.all([
    get("/_index_template"),
    get("/_template"),
    get("/_component_template"),
    get("/_ilm/policy"),
    get("/_snapshot"),
  ]);
  const templates = templatesList(composable, legacy, component);
  const lifecyclePolicies = listOrAbsence(
    policies.status,
    policies.body,
    "ILM policies",
    () => policyObjects(policies.body as PoliciesBody),
    "ILM",
  );
  const backupRepositories = listOrAbsence(
    repositories.status,
    repositories.body,
    "snapshot repositories",
    () => repositoryObjects(repositories.body as RepositoriesBody),
  );
  const backups = await snapshotsOf(transport, backupRepositories, signal);
  return { templates, lifecyclePolicies, backupRepositories, backups };
}

/** Composable, legacy and component templates in one list; each kind read where it is served. */
function templatesList(
  composable: { status: number; body: unknown },
  legacy: { status: number; body: unknown },
  component: { status: number; body: unknown },
): ObjectList {
  const listed = (r: { status: number; body: unknown }, what: string) =>
    listOrAbsence(r.status, r.body, what, () => []);
  const a = listed(composable, "composable index templates");
  const b = listed(legacy, "legacy index templates");
  const c = listed(component, "component templates");
  const items = templateObjects(
    a.available ? (composable.body as ComposableTemplatesBody) : undefined,
    b.available ? (legacy.body as LegacyTemplatesBody) : undefined,
    c.available ? (component.body as ComponentTemplatesBody) : undefined,
  );
  const notes = [a.note, b.note, c.note].filter((n): n is string => n !== undefined);
  return {
    available: a.available || b.available || c.available,
    items,
    ...(notes.length > 0 ? { note: notes.join(" ") } : {}),
  };
}

async function snapshotsOf(
  transport: EsTransport,
  repositories: ObjectList,
  signal: AbortSignal | undefined,
): Promise<ObjectList> {
  if (!repositories.available) return { ...repositories, items: [] };
  const names = repositories.items.slice(0, MAX_REPOSITORIES).map((r) => r.name);
  const lists = await Promise.all(
    names.map(async (repo) => {
      const res = await transport.request<SnapshotsBody>({
        method: "GET",
        path: `/_snapshot${indexPath(repo)}/_all`,
        signal,
      });
      return listOrAbsence(res.status, res.body, `snapshots in ${repo}`, () =>
        snapshotObjects(repo, res.body),
      );
    }),
  );
  const notes = lists.flatMap((l) => (l.note ? [l.note] : []));
  if (repositories.items.length > MAX_REPOSITORIES)
    notes.push(`Snapshots of the first ${MAX_REPOSITORIES} repositories only.`);
  return {
    available: true,
    items: lists.flatMap((l) => l.items),
    ...(notes.length > 0 ? { note: notes.join(" ") } : {}),
  };
}
