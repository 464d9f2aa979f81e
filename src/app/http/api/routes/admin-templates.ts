/**
 * Composable index templates and component templates in the UI (core/cluster-admin.ts): the list,
 * and a draft checked with the cluster's `_simulate` before it is saved, which answers the index
 * it would make or the cluster's refusal with its reason. Saving and deleting go through the
 * plan and run of cluster-admin.ts, like every administration action.
 */
import { Hono } from "hono";
import type { TemplateDraft } from "../../../../core/cluster-admin.ts";
import { clusterAdminOf } from "../../../connections/cluster-admin-actions.ts";
import { badInput } from "../answers.ts";
import { answer, json } from "../handlers.ts";
import type { UiServices } from "../services.ts";

export function adminTemplateRoutes(app: UiServices) {
  const admin = async (id: string) => clusterAdminOf((await app.session(id)).session);
  return new Hono()
    .get(
      "/connections/:id/admin/templates",
      answer(async (req, { id }) => ({
        templates: await (await admin(id!)).templates({ signal: req.signal }),
      })),
    )
    .post(
      "/connections/:id/admin/templates/simulate",
      answer(json<{ draft: TemplateDraft }>(), async (req, { id }) =>
        (await admin(id!)).simulateTemplate(draftOf(req.body), { signal: req.signal }),
      ),
    );
}

function draftOf(body: unknown): TemplateDraft {
  const d = (body as { draft?: Partial<TemplateDraft> } | null)?.draft;
  if (!d || typeof d !== "object" || typeof d.name !== "string" || typeof d.template !== "object")
    throw badInput("Send the template as { draft: { kind, name, patterns, template, … } }.");
  return d as TemplateDraft;
}
