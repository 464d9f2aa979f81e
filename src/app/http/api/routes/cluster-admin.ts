/**
 * The cluster's administration in the UI (core/cluster-admin.ts): repositories and snapshots read
 * (users, roles, role mappings and keys: admin-security.ts); an action planned (its requests as
 * shown, a password hidden) and sent once confirmed with the typed name
 * (app/connections/cluster-admin-actions.ts), audited as the UI's.
 */
import { Hono } from "hono";
import { z } from "zod";
import type { ClusterAdminInput, ClusterAdminPlan } from "../../../../core/cluster-admin.ts";
import {
  adminRefusal,
  clusterAdminOf,
  runClusterAdminAction,
} from "../../../connections/cluster-admin-actions.ts";
import type {
  AdminActionRun,
  AdminPlanView,
  PlannedAdminAction,
} from "../cluster-admin-contract.ts";
import { answer, param, passedOn } from "../handlers.ts";
import type { UiServices } from "../services.ts";
import { confirmed, consoleRequest } from "../shapes.ts";

export function clusterAdminRoutes(app: UiServices) {
  const admin = async (id: string) => {
    const { connection, session } = await app.session(id);
    return { connection, session, admin: clusterAdminOf(session) };
  };
  return new Hono()
    .get(
      "/connections/:id/admin/repositories",
      answer({ param: param("id") }, async (req, { id }) => ({
        repositories: await (await admin(id)).admin.repositories({ signal: req.signal }),
      })),
    )
    .get(
      "/connections/:id/admin/repositories/:repo/snapshots/:snap",
      answer({ param: param("id", "repo", "snap") }, async (req, p) =>
        (await admin(p.id)).admin.backup(p.repo, p.snap, { signal: req.signal }),
      ),
    )
    .post(
      "/connections/:id/admin/plan",
      answer(
        { param: param("id"), json: adminInput },
        async (req, { id }): Promise<PlannedAdminAction> => {
          const { session, admin: a } = await admin(id);
          const plan = await a.plan(req.body, { signal: req.signal });
          return { plan: view(plan), texts: plan.shown.map((r) => session.console.format(r)) };
        },
      ),
    )
    .post(
      "/connections/:id/admin/run",
      answer(
        { param: param("id"), json: adminRun },
        async (req, { id }): Promise<AdminActionRun> => {
          const { input, ...confirmation } = req.body;
          const { connection, session } = await admin(id);
          const outcome = await runClusterAdminAction(session, input, {
            ...confirmation,
            signal: req.signal,
            audit: { dir: app.storage.dir, surface: "ui", connection: connection.name },
          });
          const refusal = adminRefusal(session, outcome);
          return {
            plan: view(outcome.plan),
            results: outcome.results,
            refusal: refusal ? { message: refusal.message, remedy: refusal.remedy } : null,
          };
        },
      ),
    );
}

/** The plan without its sent requests and input, which may hold a password. */
function view(plan: ClusterAdminPlan): AdminPlanView {
  const { input: _input, requests: _requests, ...rest } = plan;
  return rest;
}

/** An action: its name read here, its fields checked by the plan (cluster-admin-actions.ts). */
const adminInput = passedOn<ClusterAdminInput>(z.object({ action: z.string() }));

/** The action, the requests the person confirmed, and the name they typed. */
const adminRun = confirmed(adminInput, z.array(consoleRequest));
