/**
 * Repositories and snapshots on Elasticsearch (core/cluster-admin.ts): the reads, and the plans,
 * for which a restore first reads the snapshot's indices and which of its targets exist. Reads
 * only: a plan's requests are sent by the console (app/connections/cluster-admin-actions.ts).
 */
import type { ClusterAdmin, ClusterAdminInput } from "../../../../core/cluster-admin.ts";
import { isQuarryError } from "../../../../core/errors.ts";
import { httpError } from "../../wire/errors.ts";
import { pathSegment } from "../../wire/paths.ts";
import type { EsTransport } from "../../wire/transport.ts";
import {
  detailOf,
  type NodesRepoBody,
  type RepositoriesBody,
  repositories,
  repositoryKinds,
  type SnapshotEntry,
  type SnapshotStatusBody,
  summaryOf,
} from "./answers.ts";
import {
  plainName,
  planSnapshotAction,
  type RestoreFacts,
  restoreTargets,
  type SnapshotInput,
} from "./plans.ts";

type Signal = { signal?: AbortSignal };
type SnapshotViews = Pick<
  ClusterAdmin,
  "repositories" | "repositoryKinds" | "backups" | "backup"
> & {
  plan: (input: SnapshotInput, o?: Signal) => ReturnType<ClusterAdmin["plan"]>;
};

export function esSnapshotAdmin(transport: EsTransport, ready: () => Promise<void>): SnapshotViews {
  const get = async <T>(path: string, signal: AbortSignal | undefined, query = {}) => {
    await ready();
    return transport.json<T>({ method: "GET", path, query, signal });
  };
  const repo = (r: string) => `/_snapshot/${plainName(r, "repository")}`;
  const entries = async (r: string, which: string, signal?: AbortSignal) =>
    (await get<{ snapshots?: SnapshotEntry[] }>(`${repo(r)}/${which}`, signal)).snapshots ?? [];
  return {
    repositories: async (o: Signal = {}) =>
      repositories(await get<RepositoriesBody>("/_snapshot", o.signal)),
    repositoryKinds: async (o: Signal = {}) =>
      repositoryKinds(
        await get<NodesRepoBody>("/_nodes", o.signal, {
          filter_path: "nodes.*.modules.name,nodes.*.plugins.name,nodes.*.settings.path.repo",
        }),
      ),
    backups: async (r, o: Signal = {}) =>
      (await entries(r, "_all", o.signal)).map((s) => summaryOf(r, s)),
    backup: async (r, name, o: Signal = {}) => {
      const [entry] = await entries(r, plainName(name, "snapshot"), o.signal);
      if (!entry) throw httpError(404, { error: `snapshot ${r}/${name} is missing` });
      const notes: string[] = [];
      const status = await get<SnapshotStatusBody>(
        `${repo(r)}/${pathSegment(name)}/_status`,
        o.signal,
      ).catch((e: unknown) => {
        notes.push(`Its status could not be read: ${isQuarryError(e) ? e.message : String(e)}`);
        return null;
      });
      return detailOf(summaryOf(r, entry), status, notes);
    },
    plan: async (input, o: Signal = {}) => {
      if (input.action !== "backup-restore") return planSnapshotAction(input);
      return planSnapshotAction(input, await restoreFacts(input, o.signal));
    },
  };

  async function restoreFacts(
    input: Extract<ClusterAdminInput, { action: "backup-restore" }>,
    signal: AbortSignal | undefined,
  ): Promise<RestoreFacts> {
    const [entry] = await entries(input.repository, plainName(input.backup, "snapshot"), signal);
    if (!entry)
      throw httpError(404, { error: `snapshot ${input.repository}/${input.backup} is missing` });
    const snapshotIndices = entry.indices ?? [];
    const targets = restoreTargets(input, snapshotIndices).map((t) => t.to);
    const rows = await get<{ index?: string; status?: string }[]>(
      `/_cat/indices/${targets.map((t) => pathSegment(t)).join(",")}`,
      signal,
      { format: "json", h: "index,status", expand_wildcards: "all", ignore_unavailable: true },
    );
    const existing: Record<string, string> = {};
    for (const r of rows) if (r.index) existing[r.index] = r.status ?? "open";
    return { snapshotIndices, existing };
  }
}
