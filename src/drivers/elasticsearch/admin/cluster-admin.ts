/**
 * The `clusterAdmin` facet of an Elasticsearch session (core/cluster-admin.ts): repositories and
 * snapshots (snapshots/), templates (templates/), users, roles and keys (security/), one plan
 * entry for them all.
 */
import type { ClusterAdmin, ClusterAdminInput } from "../../../core/cluster-admin.ts";
import { SECURITY_ACTIONS, type SecurityInput } from "../../../core/cluster-security.ts";
import type { LiveConnection } from "../wire/live.ts";
import { esSecurityAdmin } from "./security/views.ts";
import { esSnapshotAdmin } from "./snapshots/views.ts";
import { esTemplateAdmin } from "./templates/views.ts";

export function esClusterAdmin(live: LiveConnection): ClusterAdmin {
  const { transport, ready } = live;
  const snapshots = esSnapshotAdmin(transport, ready);
  const templates = esTemplateAdmin(transport, ready);
  const security = esSecurityAdmin(transport, ready);
  return {
    ...snapshots,
    users: security.users,
    roles: security.roles,
    roleMappings: security.roleMappings,
    accessKeys: security.accessKeys,
    templates: templates.templates,
    simulateTemplate: templates.simulateTemplate,
    simulateTable: templates.simulateTable,
    plan: (input, options) => {
      if (input.action === "template-save" || input.action === "template-delete")
        return templates.plan(input, options);
      if (isSecurity(input)) return security.plan(input, options);
      return snapshots.plan(input, options);
    },
  };
}

function isSecurity(input: ClusterAdminInput): input is SecurityInput {
  return (SECURITY_ACTIONS as readonly string[]).includes(input.action);
}
