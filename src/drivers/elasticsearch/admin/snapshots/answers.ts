/**
 * The cluster's answers about repositories and snapshots in core's words (core/cluster-admin.ts):
 * `GET /_snapshot`, the repository types its nodes offer (`GET /_nodes` modules, plugins and
 * `path.repo`), `GET /_snapshot/<r>/_all` and `…/<s>/_status`. Pure.
 */
import type {
  BackupDetail,
  BackupShardFailure,
  BackupSummary,
  RepositoryField,
  RepositoryInfo,
  RepositoryKind,
} from "../../../../core/cluster-admin.ts";

export type RepositoriesBody = Record<
  string,
  { type?: string; settings?: Record<string, unknown> }
>;

export function repositories(body: RepositoriesBody): RepositoryInfo[] {
  return Object.entries(body)
    .map(([name, r]) => ({ name, type: r.type ?? "", settings: r.settings ?? {} }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

export interface NodesRepoBody {
  nodes?: Record<
    string,
    {
      modules?: { name?: string }[];
      plugins?: { name?: string }[];
      settings?: { path?: { repo?: string[] | string } };
    }
  >;
}

const text = (name: string, label: string, required = false): RepositoryField => ({
  name,
  label,
  required,
  kind: "text",
});
const compress: RepositoryField = {
  name: "compress",
  label: "Compress metadata",
  required: false,
  kind: "boolean",
};
const readonly: RepositoryField = {
  name: "readonly",
  label: "Read-only (another cluster writes it)",
  required: false,
  kind: "boolean",
};

/** A cloud store's settings: `where` in it (required), then those every cloud store has. */
const cloudFields = (where: RepositoryField): RepositoryField[] => [
  where,
  text("base_path", "Base path"),
  text("client", "Client"),
  compress,
  readonly,
];

/** Repository types held by a module or plugin, and the settings their forms ask for. */
const BY_COMPONENT: Record<string, RepositoryKind> = {
  "repository-url": { type: "url", label: "Read-only URL", fields: [text("url", "URL", true)] },
  "repository-s3": {
    type: "s3",
    label: "Amazon S3",
    fields: cloudFields(text("bucket", "Bucket", true)),
  },
  "repository-azure": {
    type: "azure",
    label: "Azure Blob Storage",
    fields: cloudFields(text("container", "Container", true)),
  },
  "repository-gcs": {
    type: "gcs",
    label: "Google Cloud Storage",
    fields: cloudFields(text("bucket", "Bucket", true)),
  },
  "repository-hdfs": {
    type: "hdfs",
    label: "HDFS",
    fields: [text("uri", "URI", true), text("path", "Path", true), compress, readonly],
  },
};

/**
 * Pure: the repository types every node offers. A shared file system needs `path.repo` on each
 * node, and its location must lie under one of them, so the form offers those folders.
 */
export function repositoryKinds(body: NodesRepoBody): RepositoryKind[] {
  const nodes = Object.values(body.nodes ?? {});
  if (nodes.length === 0) return [];
  const components = nodes.map(
    (n) => new Set([...(n.modules ?? []), ...(n.plugins ?? [])].map((m) => m.name ?? "")),
  );
  const kinds: RepositoryKind[] = [];
  const repoPaths = nodes.map((n) => {
    const r = n.settings?.path?.repo;
    return Array.isArray(r) ? r : r ? [r] : [];
  });
  const shared = (repoPaths[0] ?? []).filter((p) => repoPaths.every((ps) => ps.includes(p)));
  if (shared.length > 0)
    kinds.push({
      type: "fs",
      label: "Shared file system",
      fields: [
        { name: "location", label: "Location", required: true, kind: "text", choices: shared },
        compress,
        readonly,
      ],
    });
  for (const [component, kind] of Object.entries(BY_COMPONENT))
    if (components.every((c) => c.has(component))) kinds.push(kind);
  return kinds;
}

export interface SnapshotEntry {
  snapshot: string;
  repository?: string;
  state?: string;
  indices?: string[];
  include_global_state?: boolean;
  start_time?: string;
  duration_in_millis?: number;
  shards?: { total?: number; successful?: number; failed?: number };
  failures?: {
    index?: string;
    shard_id?: number;
    node_id?: string;
    reason?: string;
  }[];
}

export function failuresOf(entry: SnapshotEntry): BackupShardFailure[] {
  return (entry.failures ?? []).map((f) => ({
    table: f.index ?? "",
    shard: f.shard_id ?? -1,
    node: f.node_id ?? null,
    reason: f.reason ?? "",
  }));
}

export function summaryOf(repository: string, s: SnapshotEntry): BackupSummary {
  return {
    repository,
    name: s.snapshot,
    state: s.state ?? "",
    tables: [...(s.indices ?? [])].sort(),
    includesGlobalState: s.include_global_state ?? null,
    startedAt: s.start_time ?? null,
    durationMs: s.duration_in_millis ?? null,
    shards: {
      total: s.shards?.total ?? 0,
      successful: s.shards?.successful ?? 0,
      failed: s.shards?.failed ?? 0,
    },
    failures: failuresOf(s),
  };
}

interface ShardsStats {
  done?: number;
  failed?: number;
  total?: number;
}
interface SizeStats {
  total?: { size_in_bytes?: number };
  processed?: { size_in_bytes?: number };
}

export interface SnapshotStatusBody {
  snapshots?: {
    snapshot: string;
    state?: string;
    shards_stats?: ShardsStats;
    stats?: SizeStats;
    indices?: Record<string, { shards_stats?: ShardsStats; stats?: SizeStats }>;
  }[];
}

const RUNNING = new Set(["IN_PROGRESS", "STARTED", "INIT", "ABORTED"]);

/**
 * Pure: a snapshot in full from its listing entry and its `_status` (null when that could not be
 * read): shards done of the total, its size, and each index's part.
 */
export function detailOf(
  summary: BackupSummary,
  status: SnapshotStatusBody | null,
  notes: string[],
): BackupDetail {
  const st = status?.snapshots?.[0];
  const running = RUNNING.has(summary.state) || RUNNING.has(st?.state ?? "");
  const size = st?.stats?.total?.size_in_bytes ?? null;
  // A running snapshot's listing counts no shards yet: its status does.
  const shards =
    running && st?.shards_stats
      ? {
          total: st.shards_stats.total ?? 0,
          successful: st.shards_stats.done ?? 0,
          failed: st.shards_stats.failed ?? 0,
        }
      : summary.shards;
  return {
    ...summary,
    shards,
    running,
    shardsDone: st?.shards_stats?.done ?? summary.shards.successful,
    sizeBytes: size,
    doneBytes: running ? (st?.stats?.processed?.size_in_bytes ?? null) : size,
    perTable: Object.entries(st?.indices ?? {})
      .map(([name, i]) => ({
        name,
        shards: {
          total: i.shards_stats?.total ?? 0,
          done: i.shards_stats?.done ?? 0,
          failed: i.shards_stats?.failed ?? 0,
        },
        sizeBytes: i.stats?.total?.size_in_bytes ?? null,
      }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    notes,
  };
}
