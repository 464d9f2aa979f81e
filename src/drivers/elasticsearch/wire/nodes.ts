/** The cluster's nodes by id: their names, and when each started (to tell a restart). */
import type { EsTransport } from "./transport.ts";

export interface NodeInfo {
  name: string;
  /** When the node's JVM started (ms since the epoch); a new value means it restarted. */
  startedAt: number | null;
}

/**
 * id → node, or undefined when the cluster cannot say (no `monitor` privilege, a network error):
 * callers then word their messages without names.
 */
export async function clusterNodes(
  transport: EsTransport,
): Promise<Map<string, NodeInfo> | undefined> {
  try {
    const res = await transport.request<{
      nodes?: Record<string, { name?: string; jvm?: { start_time_in_millis?: number } }>;
    }>({
      method: "GET",
      path: "/_nodes/_all/jvm",
      query: { filter_path: "nodes.*.name,nodes.*.jvm.start_time_in_millis" },
      timeoutMs: 10_000,
    });
    if (res.status < 200 || res.status > 299) return undefined;
    const out = new Map<string, NodeInfo>();
    for (const [id, n] of Object.entries(res.body?.nodes ?? {})) {
      out.set(id, { name: n.name ?? id, startedAt: n.jvm?.start_time_in_millis ?? null });
    }
    return out;
  } catch {
    return undefined;
  }
}

/** id → name, for naming the nodes of shard failures. */
export async function nodeNames(transport: EsTransport): Promise<Map<string, string>> {
  const nodes = await clusterNodes(transport);
  return new Map([...(nodes ?? new Map<string, NodeInfo>())].map(([id, n]) => [id, n.name]));
}
