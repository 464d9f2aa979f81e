/**
 * The session's `clusterAdmin()` on Elasticsearch (core/cluster-admin.ts): repositories and
 * snapshots (snapshots/), templates (templates/), one plan entry for them all.
 */
import type { ClusterAdmin } from "../../../core/cluster-admin.ts";
import type { EsTransport } from "../wire/transport.ts";
import { esSnapshotAdmin } from "./snapshots/views.ts";
import { esTemplateAdmin } from "./templates/views.ts";

export function esClusterAdmin(transport: EsTransport, ready: () => Promise<void>): ClusterAdmin {
  const snapshots = esSnapshotAdmin(transport, ready);
  const templates = esTemplateAdmin(transport, ready);
  return {
    ...snapshots,
    templates: templates.templates,
    simulateTemplate: templates.simulateTemplate,
    simulateTable: templates.simulateTable,
    plan: (input, options) =>
      input.action === "template-save" || input.action === "template-delete"
        ? templates.plan(input, options)
        : snapshots.plan(input, options),
  };
}
