/**
 * The `clusterViews` facet (core/facets.ts) on Elasticsearch: the cluster's health, nodes, shards
 * and allocation explanations (cluster.ts), each read once the server is identified.
 */
import type { ClusterViews } from "../../../core/catalog.ts";
import type { LiveConnection } from "../wire/live.ts";
import { explainAllocation, nodeSummaries, readClusterHealth, shardsOf } from "./cluster.ts";

export function esClusterViews(live: LiveConnection): ClusterViews {
  const { transport, ready } = live;
  return {
    health: async (options = {}) => {
      await ready();
      return readClusterHealth(transport, options.table, options.signal);
    },
    nodes: async (options = {}) => {
      await ready();
      return nodeSummaries(transport, options.signal);
    },
    partitions: async (table, options = {}) => {
      await ready();
      return shardsOf(transport, table, options.signal);
    },
    explainPlacement: async (copy, options = {}) => {
      await ready();
      return explainAllocation(transport, copy, options.signal);
    },
  };
}
