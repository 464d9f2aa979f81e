/**
 * Backup repositories and snapshots in the UI (core/cluster-admin.ts), the reads the Templates
 * page's forms and lists are made from: the repository kinds the nodes offer (the register form),
 * and the snapshots of one repository. A repository's list and one snapshot's detail are in
 * cluster-admin.ts, beside the plan and run every action goes through.
 */
import { Hono } from "hono";
import { clusterAdminOf } from "../../../connections/cluster-admin-actions.ts";
import { answer, param } from "../handlers.ts";
import type { UiServices } from "../services.ts";

export function adminSnapshotRoutes(app: UiServices) {
  const admin = async (id: string) => clusterAdminOf((await app.session(id)).session);
  return new Hono()
    .get(
      "/connections/:id/admin/repository-kinds",
      answer({ param: param("id") }, async (req, { id }) => ({
        kinds: await (await admin(id)).repositoryKinds({ signal: req.signal }),
      })),
    )
    .get(
      "/connections/:id/admin/repositories/:repo/snapshots",
      answer({ param: param("id", "repo") }, async (req, p) => ({
        snapshots: await (await admin(p.id)).backups(p.repo, { signal: req.signal }),
      })),
    );
}
