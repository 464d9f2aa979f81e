/**
 * Pure: why an export lost the point in time it was reading, in words a user understands, and what
 * a resume will do about it. The cluster's answer says which shards failed; comparing the nodes
 * seen when the export started with the nodes now tells a node that left or restarted from a point
 * in time that simply expired.
 */
import type { NodeInfo } from "../wire/nodes.ts";
import { describeShardFailures, type ShardsHeader, shardFailures } from "../wire/shard-failures.ts";

/** What the cluster said when a search on the point in time failed. */
export interface LostPointInTime {
  /** `expired`: the cluster no longer knows it at all; `shards`: some shards did not answer. */
  kind: "expired" | "shards";
  /** Shards that failed (as counted by the cluster), and of how many (null when not said). */
  failed: number;
  total: number | null;
  /** The failures as the cluster listed them. */
  shards: ShardsHeader;
}

export interface Explained {
  /** Completes "The export stopped after N of M documents: …". */
  reason: string;
  /** Said after the resume advice. */
  note: string;
}

const CONTEXT_MISSING = "search_context_missing_exception";

/** Node names that left the cluster, and those that restarted, between two looks at it. */
export function nodeChanges(
  before: ReadonlyMap<string, NodeInfo> | undefined,
  now: ReadonlyMap<string, NodeInfo> | undefined,
): { left: string[]; restarted: string[] } {
  if (!before || !now) return { left: [], restarted: [] };
  const left: string[] = [];
  const restarted: string[] = [];
  for (const [id, node] of before) {
    const later = now.get(id);
    if (!later) left.push(node.name);
    else if (node.startedAt !== null && later.startedAt !== node.startedAt)
      restarted.push(node.name);
  }
  return { left: left.sort(), restarted: restarted.sort() };
}

function names(list: string[]): string {
  if (list.length <= 1) return list.join("");
  return `${list.slice(0, -1).join(", ")} and ${list.at(-1)}`;
}

export function explainLostPointInTime(
  lost: LostPointInTime,
  context: {
    table: string;
    keepAlive: string;
    nodesBefore: ReadonlyMap<string, NodeInfo> | undefined;
    nodesNow: ReadonlyMap<string, NodeInfo> | undefined;
  },
): Explained {
  const { left, restarted } = nodeChanges(context.nodesBefore, context.nodesNow);
  // Names from before too: a node that left is named by the export's first look at the cluster.
  const nodeNames = new Map<string, string>();
  for (const nodes of [context.nodesBefore, context.nodesNow])
    for (const [id, n] of nodes ?? []) nodeNames.set(id, n.name);
  const failures = shardFailures(lost.shards, nodeNames);
  const shards = failures.length > 0 ? describeShardFailures(failures, lost.failed) : "";
  const which =
    lost.total === null || lost.failed >= lost.total
      ? `none of the shards of ${context.table} that the export was reading answered`
      : `${lost.failed} of the ${lost.total} shards of ${context.table} that the export was reading did not answer`;
  const changes: string[] = [];
  if (left.length)
    changes.push(
      `node${left.length === 1 ? "" : "s"} ${names(left)} left the cluster during the export`,
    );
  if (restarted.length)
    changes.push(
      `node${restarted.length === 1 ? "" : "s"} ${names(restarted)} restarted during the export`,
    );
  const resumeNote =
    "A resume reads a new snapshot of the index: documents changed, added or deleted since the export started are exported as they are then.";
  const onlyExpired =
    changes.length === 0 &&
    (lost.kind === "expired" ||
      (failures.length > 0 && failures.every((f) => f.reason.includes(CONTEXT_MISSING))));
  if (onlyExpired) {
    return {
      reason: `the snapshot of ${context.table} that the export was reading (its point in time) expired, because no request reached the cluster within its keep-alive of ${context.keepAlive}`,
      note: `${resumeNote} If the export waits longer than that between two requests, give it a longer keep-alive (--keep-alive, now ${context.keepAlive}).`,
    };
  }
  const said = changes.length ? `${changes.join(" and ")}, and ` : "";
  return {
    reason: `${said}${which}${shards ? ` (${shards})` : ""}`,
    note: `${resumeNote}${changes.length ? "" : " If a node is down, resume once the cluster is at least yellow (GET /_cluster/health)."}`,
  };
}
