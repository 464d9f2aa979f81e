/**
 * Who may do what on the cluster, read for the UI (core/cluster-security.ts): users, roles, role
 * mappings and API keys (never a password or a key's secret). Writes go through the administration
 * plan and run routes (cluster-admin.ts), like every other administration action.
 */
import { Hono } from "hono";
import { clusterAdminOf } from "../../../connections/cluster-admin-actions.ts";
import { answer, param } from "../handlers.ts";
import type { UiServices } from "../services.ts";

export function adminSecurityRoutes(app: UiServices) {
  const admin = async (id: string) => clusterAdminOf((await app.session(id)).session);
  return new Hono()
    .get(
      "/connections/:id/admin/users",
      answer({ param: param("id") }, async (req, { id }) => ({
        users: await (await admin(id)).users({ signal: req.signal }),
      })),
    )
    .get(
      "/connections/:id/admin/roles",
      answer({ param: param("id") }, async (req, { id }) => ({
        roles: await (await admin(id)).roles({ signal: req.signal }),
      })),
    )
    .get(
      "/connections/:id/admin/role-mappings",
      answer({ param: param("id") }, async (req, { id }) => ({
        roleMappings: await (await admin(id)).roleMappings({ signal: req.signal }),
      })),
    )
    .get(
      "/connections/:id/admin/api-keys",
      answer({ param: param("id") }, async (req, { id }) => ({
        keys: await (await admin(id)).accessKeys({ signal: req.signal }),
      })),
    );
}
