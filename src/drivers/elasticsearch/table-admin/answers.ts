/**
 * Pure translations for the index page: `GET /<index>` into settings, mapping and aliases; the
 * nodes' modules into whether `_reindex` can run; and the read-only lists (index templates,
 * composable and legacy; ILM policies; snapshot repositories and snapshots) into neutral objects.
 */

import type {
  Availability,
  ObjectList,
  SchemaField,
  ServiceObject,
  TableAlias,
} from "../../../core/table-details.ts";
import { reasonOf } from "../wire/errors.ts";

export interface IndexBody {
  aliases?: Record<string, Record<string, unknown>>;
  mappings?: unknown;
  settings?: unknown;
}

/** The one index's entry of a `GET /<index>` answer (an alias names another key: the only one). */
export function indexEntry(
  answer: Record<string, IndexBody>,
  index: string,
): { name: string; body: IndexBody } | undefined {
  if (answer[index]) return { name: index, body: answer[index] };
  const keys = Object.keys(answer);
  return keys.length === 1
    ? { name: keys[0] as string, body: answer[keys[0] as string] as IndexBody }
    : undefined;
}

export function aliasesOf(body: IndexBody): TableAlias[] {
  return Object.entries(body.aliases ?? {})
    .map(([name, properties]) => ({ name, properties: properties ?? {} }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

type Properties = Record<string, { type?: string; properties?: Properties; fields?: Properties }>;

/**
 * A mapping as a tree: each field with its type, its object's fields and its multi-fields
 * (`title.keyword`) as children. A 7.x mapping with a document type is read through that type.
 */
export function mappingTree(mappings: unknown): SchemaField[] {
  const m = (mappings ?? {}) as { properties?: Properties } & Record<string, unknown>;
  const typed = Object.values(m).find(
    (v): v is { properties: Properties } =>
      v !== null && typeof v === "object" && "properties" in (v as object),
  );
  const walk = (p: Properties, prefix: string): SchemaField[] =>
    Object.entries(p).map(([name, f]) => ({
      name: `${prefix}${name}`,
      type: f.type ?? (f.properties ? "object" : "unknown"),
      children: [...walk(f.properties ?? {}, ""), ...walk(f.fields ?? {}, `${name}.`)],
    }));
  return walk(m.properties ?? typed?.properties ?? {}, "");
}

export interface NodesModulesBody {
  nodes?: Record<string, { name?: string; modules?: { name?: string }[] }>;
}

/** `_reindex` runs where every node has the reindex module; otherwise the page says so. */
export function reindexAvailability(body: NodesModulesBody): Availability {
  const nodes = Object.values(body.nodes ?? {});
  if (nodes.length === 0)
    return { available: false, note: "The cluster did not list its nodes' modules." };
  const without = nodes.filter((n) => !(n.modules ?? []).some((m) => m.name === "reindex"));
  if (without.length === 0) return { available: true };
  return {
    available: false,
    note: `Reindex is not available: ${without.length === nodes.length ? "no node of this cluster has" : `${without.map((n) => n.name ?? "a node").join(", ")} lack`} the reindex module.`,
  };
}

export interface ComposableTemplatesBody {
  index_templates?: {
    name: string;
    index_template?: { index_patterns?: string[]; priority?: number; composed_of?: string[] };
  }[];
}
export interface ComponentTemplatesBody {
  component_templates?: { name: string; component_template?: { version?: number } }[];
}
export type LegacyTemplatesBody = Record<string, { index_patterns?: string[]; order?: number }>;

export function templateObjects(
  composable: ComposableTemplatesBody | undefined,
  legacy: LegacyTemplatesBody | undefined,
  component?: ComponentTemplatesBody,
): ServiceObject[] {
  const a = (composable?.index_templates ?? []).map(
    (t): ServiceObject => ({
      name: t.name,
      kind: "composable",
      summary: [
        `patterns ${(t.index_template?.index_patterns ?? []).join(", ") || "none"}`,
        t.index_template?.priority !== undefined ? `priority ${t.index_template.priority}` : "",
        t.index_template?.composed_of?.length
          ? `composed of ${t.index_template.composed_of.join(", ")}`
          : "",
      ]
        .filter(Boolean)
        .join(" · "),
      definition: t.index_template ?? {},
    }),
  );
  const b = Object.entries(legacy ?? {}).map(
    ([name, t]): ServiceObject => ({
      name,
      kind: "legacy",
      summary: [
        `patterns ${(t.index_patterns ?? []).join(", ") || "none"}`,
        t.order !== undefined ? `order ${t.order}` : "",
      ]
        .filter(Boolean)
        .join(" · "),
      definition: t,
    }),
  );
  const c = (component?.component_templates ?? []).map(
    (t): ServiceObject => ({
      name: t.name,
      kind: "component",
      summary:
        t.component_template?.version !== undefined
          ? `version ${t.component_template.version}`
          : "a part of composable templates",
      definition: t.component_template ?? {},
    }),
  );
  return [...a, ...b, ...c].sort((x, y) => x.name.localeCompare(y.name));
}

export type PoliciesBody = Record<
  string,
  {
    version?: number;
    policy?: { phases?: Record<string, unknown> };
    in_use_by?: { indices?: string[] };
  }
>;

export function policyObjects(body: PoliciesBody): ServiceObject[] {
  return Object.entries(body)
    .map(([name, p]) => {
      const phases = Object.keys(p.policy?.phases ?? {});
      const used = p.in_use_by?.indices?.length;
      return {
        name,
        summary: [
          `phases ${phases.join(", ") || "none"}`,
          p.version !== undefined ? `version ${p.version}` : "",
          used !== undefined ? `used by ${used} ${used === 1 ? "index" : "indices"}` : "",
        ]
          .filter(Boolean)
          .join(" · "),
        definition: p,
      };
    })
    .sort((x, y) => x.name.localeCompare(y.name));
}

export type RepositoriesBody = Record<string, { type?: string; settings?: unknown }>;

export function repositoryObjects(body: RepositoriesBody): ServiceObject[] {
  return Object.entries(body)
    .map(([name, r]) => ({
      name,
      kind: r.type ?? "",
      summary: `type ${r.type ?? "unknown"}`,
      definition: r,
    }))
    .sort((x, y) => x.name.localeCompare(y.name));
}

export interface SnapshotsBody {
  snapshots?: {
    snapshot: string;
    state?: string;
    indices?: string[];
    start_time?: string;
  }[];
}

export function snapshotObjects(repository: string, body: SnapshotsBody): ServiceObject[] {
  return (body.snapshots ?? []).map((s) => ({
    name: s.snapshot,
    kind: repository,
    summary: [
      s.state ?? "",
      s.start_time ? `started ${s.start_time}` : "",
      `${s.indices?.length ?? 0} indices`,
      `repository ${repository}`,
    ]
      .filter(Boolean)
      .join(" · "),
    definition: s,
  }));
}

/**
 * A list read from one endpoint, or why the cluster has none: an endpoint it does not serve (a
 * distribution without that module: 400, 404 or 405 with no handler), or rights not held.
 * `module` names what such a cluster lacks when that is not the list itself ("ILM", not "ILM
 * policies": a cluster without it has no ILM at all, one with it may simply have no policy).
 */
export function listOrAbsence(
  status: number,
  body: unknown,
  feature: string,
  items: () => ServiceObject[],
  module = feature,
): ObjectList {
  if (status >= 200 && status < 300) return { available: true, items: items() };
  if (status === 403)
    return { available: false, note: `You may not read ${feature} on this cluster.`, items: [] };
  if ([400, 404, 405, 410].includes(status))
    return {
      available: false,
      note: `This cluster has no ${module} (${reasonOf(body)}).`,
      items: [],
    };
  return { available: false, note: `${feature} could not be read: ${reasonOf(body)}.`, items: [] };
}
