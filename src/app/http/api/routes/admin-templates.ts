/**
 * Composable index templates and component templates in the UI (core/cluster-admin.ts): the list,
 * and a draft checked with the cluster's `_simulate` before it is saved, which answers the index
 * it would make or the cluster's refusal with its reason. Saving and deleting go through the
 * plan and run of cluster-admin.ts, like every administration action.
 */
import { Hono } from "hono";
import { z } from "zod";
import type { TemplateDraft } from "../../../../core/cluster-admin.ts";
import { clusterAdminOf } from "../../../connections/cluster-admin-actions.ts";
import { answer, param, passedOn } from "../handlers.ts";
import type { UiServices } from "../services.ts";

export function adminTemplateRoutes(app: UiServices) {
  const admin = async (id: string) => clusterAdminOf((await app.session(id)).session);
  return new Hono()
    .get(
      "/connections/:id/admin/templates",
      answer({ param: param("id") }, async (req, { id }) => ({
        templates: await (await admin(id)).templates({ signal: req.signal }),
      })),
    )
    .post(
      "/connections/:id/admin/templates/simulate",
      answer({ param: param("id"), json: simulated }, async (req, { id }) =>
        (await admin(id)).simulateTemplate(req.body.draft, { signal: req.signal }),
      ),
    );
}

/** `{ draft }`: the name and the template read here; the rest is the cluster's to check. */
const simulated = z.object({
  draft: passedOn<TemplateDraft>(
    z.object({ name: z.string(), template: z.record(z.string(), z.unknown()) }),
  ),
});
