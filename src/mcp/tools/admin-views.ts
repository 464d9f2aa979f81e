/**
 * The `admin` view of `catalog` (catalog-view.ts): what the session's `clusterAdmin` facet reads,
 * compact, for a model: repositories and their snapshots (state, shards, failed shards), index and
 * component templates, and users, roles, role mappings and API keys (never a secret: the reads
 * hold none). One view name, not three, for the catalog's size budget (docs/decisions.md). Reads
 * only; the writes stay requests an agent sends with execute_query, behind Full Access and the
 * person's approval (docs/mcp.md).
 */
import { z } from "zod";
import type { ClusterAdmin } from "../../core/cluster-admin.ts";
import type { DriverSession } from "../../core/driver.ts";
import { isQuarryError } from "../../core/errors.ts";
import { facet } from "../../core/facet-access.ts";
import { connectionArg, defineTool, reachConnection } from "./context.ts";
import { compactTable, output } from "./outputs.ts";

/** At most this many repositories are read for their snapshots, and snapshots kept per answer. */
const MAX_REPOSITORIES = 10;
const MAX_SNAPSHOTS = 200;

function adminOf(session: DriverSession): ClusterAdmin {
  return facet(session, "clusterAdmin");
}

/** A list the cluster may not serve: its rows, or why not (security off, a right not held). */
async function orNote<T>(read: () => Promise<T[]>): Promise<{ items: T[]; note: string | null }> {
  try {
    return { items: await read(), note: null };
  } catch (e) {
    if (isQuarryError(e)) return { items: [], note: e.message };
    throw e;
  }
}

type Signal = { signal: AbortSignal };

async function snapshotsPart(admin: ClusterAdmin, o: Signal, notes: string[]) {
  const repos = await orNote(() => admin.repositories(o));
  if (repos.note) notes.push(repos.note);
  if (repos.items.length > MAX_REPOSITORIES)
    notes.push(`Snapshots of the first ${MAX_REPOSITORIES} repositories only.`);
  const lists = await Promise.all(
    repos.items.slice(0, MAX_REPOSITORIES).map(async (r) => {
      const got = await orNote(() => admin.backups(r.name, o));
      if (got.note) notes.push(`${r.name}: ${got.note}`);
      return got.items;
    }),
  );
  const snaps = lists.flat();
  if (snaps.length > MAX_SNAPSHOTS) notes.push(`The first ${MAX_SNAPSHOTS} snapshots only.`);
  return {
    repositories: {
      columns: ["repository", "type", "settings"],
      rows: repos.items.map((r) => [r.name, r.type, JSON.stringify(r.settings)]),
    },
    snapshots: {
      columns: [
        "repository",
        "snapshot",
        "state",
        "started",
        "indices",
        "shards",
        "failed",
        "failures",
      ],
      rows: snaps
        .slice(0, MAX_SNAPSHOTS)
        .map((s) => [
          s.repository,
          s.name,
          s.state,
          s.startedAt,
          s.tables,
          s.shards.total,
          s.shards.failed,
          s.failures.map((f) => `${f.table}[${f.shard}]: ${f.reason}`),
        ]),
    },
  };
}

async function templatesPart(admin: ClusterAdmin, o: Signal, notes: string[]) {
  const all = await orNote(() => admin.templates(o));
  if (all.note) notes.push(all.note);
  return {
    templates: {
      columns: ["name", "kind", "patterns", "priority", "composed_of", "template"],
      rows: all.items.map((t) => [
        t.name,
        t.kind === "table" ? "index" : "component",
        t.patterns,
        t.priority,
        t.composedOf,
        JSON.stringify(t.template),
      ]),
    },
  };
}

async function securityPart(admin: ClusterAdmin, o: Signal, notes: string[]) {
  const [users, roles, mappings, keys] = await Promise.all([
    orNote(() => admin.users(o)),
    orNote(() => admin.roles(o)),
    orNote(() => admin.roleMappings(o)),
    orNote(() => admin.accessKeys(o)),
  ]);
  for (const n of new Set([users.note, roles.note, mappings.note, keys.note]))
    if (n !== null) notes.push(n);
  // Live keys only: invalidated and expired ones stay listed by the cluster for days and grow
  // with every key ever made; they are counted, not shown.
  const now = Date.now();
  const live = keys.items.filter(
    (k) => !k.invalidated && !(k.expiresAt !== null && Date.parse(k.expiresAt) <= now),
  );
  if (live.length < keys.items.length)
    notes.push(`${keys.items.length - live.length} invalidated or expired API keys not shown.`);
  return {
    users: {
      columns: ["user", "roles", "enabled", "built_in"],
      rows: users.items.map((u) => [u.name, u.roles, u.enabled, u.reserved]),
    },
    // Built-in roles by name only: their privileges are the cluster's documented ones, and
    // listing them in full (33 on 8.x) would crowd the roles people made out of the answer.
    roles: {
      columns: ["role", "cluster", "indices"],
      rows: roles.items
        .filter((r) => !r.reserved)
        .map((r) => [
          r.name,
          r.cluster,
          r.tables.map((t) => `${t.names.join(",")}: ${t.privileges.join(",")}`),
        ]),
    },
    built_in_roles: roles.items.filter((r) => r.reserved).map((r) => r.name),
    role_mappings: {
      columns: ["mapping", "roles", "enabled", "rules"],
      rows: mappings.items.map((m) => [m.name, m.roles, m.enabled, JSON.stringify(m.rules)]),
    },
    api_keys: {
      columns: ["name", "id", "owner", "created", "expires"],
      rows: live.map((k) => [k.name, k.id, k.owner, k.createdAt, k.expiresAt]),
    },
  };
}

export const adminView = defineTool({
  name: "cluster_admin",
  title: "Snapshots, templates, users and keys",
  description:
    "Snapshot repositories and snapshots (state, shards, failed shards), index and component templates, users, roles, role mappings and API keys (never a secret). Read-only.",
  input: z.strictObject({ connection: connectionArg }),
  output: output({
    repositories: compactTable,
    snapshots: compactTable,
    templates: compactTable,
    users: compactTable,
    roles: compactTable,
    built_in_roles: z.array(z.string()),
    role_mappings: compactTable,
    api_keys: compactTable,
    notes: z.array(z.string()),
  }),
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false },
  async run(args, ctx) {
    const admin = adminOf((await reachConnection(ctx, args.connection)).session);
    const o = { signal: ctx.signal };
    const notes: string[] = [];
    const [snapshots, templates, security] = await Promise.all([
      snapshotsPart(admin, o, notes),
      templatesPart(admin, o, notes),
      securityPart(admin, o, notes),
    ]);
    return { ...snapshots, ...templates, ...security, notes };
  },
});
