/**
 * The cluster's administration in the UI (core/cluster-admin.ts): repositories and snapshots read
 * (users, roles, role mappings and keys: admin-security.ts); an action planned (its requests as
 * shown, a password hidden) and sent once confirmed with the typed name
 * (app/connections/cluster-admin-actions.ts), audited as the UI's.
 */
import { Hono } from "hono";
import type { ClusterAdminInput, ClusterAdminPlan } from "../../../../core/cluster-admin.ts";
import type { ConsoleRequest } from "../../../../core/console.ts";
import {
  adminRefusal,
  clusterAdminOf,
  runClusterAdminAction,
} from "../../../connections/cluster-admin-actions.ts";
import { badInput, confirmedBody } from "../answers.ts";
import type {
  AdminActionRun,
  AdminPlanView,
  PlannedAdminAction,
} from "../cluster-admin-contract.ts";
import { answer, json } from "../handlers.ts";
import type { UiServices } from "../services.ts";

export function clusterAdminRoutes(app: UiServices) {
  const admin = async (id: string) => {
    const { connection, session } = await app.session(id);
    return { connection, session, admin: clusterAdminOf(session) };
  };
  return new Hono()
    .get(
      "/connections/:id/admin/repositories",
      answer(async (req, { id }) => ({
        repositories: await (await admin(id!)).admin.repositories({ signal: req.signal }),
      })),
    )
    .get(
      "/connections/:id/admin/repositories/:repo/snapshots/:snap",
      answer(async (req, p) =>
        (await admin(p.id!)).admin.backup(p.repo!, p.snap!, { signal: req.signal }),
      ),
    )
    .post(
      "/connections/:id/admin/plan",
      answer(json<ClusterAdminInput>(), async (req, { id }): Promise<PlannedAdminAction> => {
        const { session, admin: a } = await admin(id!);
        const plan = await a.plan(adminInput(req.body), { signal: req.signal });
        return { plan: view(plan), texts: plan.shown.map((r) => session.formatRequest(r)) };
      }),
    )
    .post(
      "/connections/:id/admin/run",
      answer(
        json<{ input: ClusterAdminInput; confirmed: ConsoleRequest[]; typed?: string }>(),
        async (req, { id }): Promise<AdminActionRun> => {
          const { input, ...confirmation } = confirmedBody<ConsoleRequest[]>(req.body, {
            message: "An administration action needs the confirmed requests.",
            remedy: "Confirm it first.",
          });
          const { connection, session } = await admin(id!);
          const outcome = await runClusterAdminAction(session, adminInput(input), {
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

function adminInput(body: unknown): ClusterAdminInput {
  const b = body as Partial<ClusterAdminInput> | null;
  if (!b || typeof b !== "object" || typeof b.action !== "string")
    throw badInput("Send the action as { action, … }.");
  return b as ClusterAdminInput;
}
