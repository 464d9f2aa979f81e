/**
 * Pure: a search that answered from part of the data (`_shards.failed > 0`, or `timed_out`) as a
 * warning people can act on, naming each failed shard (index, number, node) and why in plain
 * words. The cluster lists shards that failed for the same reason once (it groups them), so the
 * text says how many more failed that way.
 */
import type { PartialResult, ShardFailure } from "../../../core/grid.ts";

interface Cause {
  type?: string;
  reason?: string | null;
  caused_by?: Cause;
}

interface RawShardFailure {
  shard?: number;
  index?: string | null;
  node?: string | null;
  reason?: Cause;
}

/** The `_shards` header of a search answer. */
export interface ShardsHeader {
  total?: number;
  successful?: number;
  skipped?: number;
  failed?: number;
  failures?: RawShardFailure[];
}

export interface SearchHeader {
  _shards?: ShardsHeader;
  timed_out?: boolean;
}

/** What the failure types people meet when a node dies or a point in time ends mean. */
const PLAIN: Record<string, string> = {
  no_shard_available_action_exception:
    "no copy of the shard could answer (the node that held it may have left the cluster)",
  search_context_missing_exception:
    "the point in time kept for it is gone (it expired, or its node restarted)",
  node_not_connected_exception: "its node is not connected to the cluster",
  node_disconnected_exception: "its node disconnected",
  node_closed_exception: "its node was shutting down",
  connect_transport_exception: "its node could not be reached",
  receive_timeout_transport_exception: "its node did not answer in time",
  circuit_breaking_exception: "its node refused the search to protect its memory",
  es_rejected_execution_exception: "its node was too busy (its search queue was full)",
  task_cancelled_exception: "the search was cancelled on its node",
};

/** A node's name from a transport reason such as `[node-3][127.0.0.1:9300][indices:…]`. */
function nodeInReason(reason: string | null | undefined): string | undefined {
  const m = /^\[([^\]]+)\]\[[^\]]*:\d+\]\[/.exec(reason ?? "");
  return m?.[1];
}

function reasonText(cause: Cause | undefined): string {
  const type = cause?.type ?? "error";
  const plain = PLAIN[type];
  if (plain) return `${plain} [${type}]`;
  let deepest = cause;
  while (deepest?.caused_by && !deepest.reason) deepest = deepest.caused_by;
  const reason = deepest?.reason ?? cause?.reason;
  return reason ? `${type}: ${reason.split("\n")[0]}` : type;
}

/** The node ids the failures name, to look their names up. */
export function failureNodeIds(shards: ShardsHeader | undefined): string[] {
  return [
    ...new Set(
      (shards?.failures ?? []).map((f) => f.node).filter((n): n is string => typeof n === "string"),
    ),
  ];
}

/** The failures as listed, nodes by name where `nodeNames` (id → name) knows them. */
export function shardFailures(
  shards: ShardsHeader | undefined,
  nodeNames: ReadonlyMap<string, string> = new Map(),
): ShardFailure[] {
  return (shards?.failures ?? []).map((f) => ({
    index: typeof f.index === "string" ? f.index : null,
    shard: typeof f.shard === "number" ? f.shard : null,
    node:
      (f.node ? nodeNames.get(f.node) : undefined) ??
      nodeInReason(f.reason?.reason) ??
      f.node ??
      null,
    reason: reasonText(f.reason),
  }));
}

/** `shard 2 of orders on node-3: …`, one failure. */
export function describeShardFailure(f: ShardFailure): string {
  const shard = f.shard === null ? "a shard" : `shard ${f.shard}`;
  const where = f.index === null ? "" : ` of ${f.index}`;
  const node = f.node === null ? "" : ` on ${f.node}`;
  return `${shard}${where}${node}: ${f.reason}`;
}

/** Every listed failure, then how many more failed the same way (the cluster groups them). */
export function describeShardFailures(failures: ShardFailure[], failed: number): string {
  const listed = failures.map(describeShardFailure).join("; ");
  const more = failed - failures.length;
  if (more <= 0) return listed;
  const tail = `${more} more shard${more === 1 ? "" : "s"} failed with the same error`;
  return listed ? `${listed}; ${tail}` : tail;
}

/** The warning for a search answer, or undefined when every shard answered in time. */
export function partialResult(
  answer: SearchHeader | undefined,
  nodeNames: ReadonlyMap<string, string> = new Map(),
): PartialResult | undefined {
  const shards = answer?._shards;
  const failed = shards?.failed ?? 0;
  const timedOut = answer?.timed_out === true;
  if (failed <= 0 && !timedOut) return undefined;
  const total = shards?.total ?? 0;
  const failures = shardFailures(shards, nodeNames);
  const parts: string[] = [];
  if (failed > 0) {
    parts.push(
      `${failed} of ${total} shard${total === 1 ? "" : "s"} did not answer, so these results and their count leave out the documents ${failed === 1 ? "it holds" : "they hold"}: ${describeShardFailures(failures, failed)}.`,
    );
  }
  if (timedOut) {
    parts.push(
      "The search timed out on the cluster: documents not reached in time are left out of these results and their count.",
    );
  }
  return {
    message: parts.join(" "),
    shardsTotal: total,
    shardsFailed: failed,
    timedOut,
    failures,
  };
}
