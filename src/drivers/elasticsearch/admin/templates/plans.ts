/**
 * Saving and deleting templates as the console requests they send, and the simulation a draft is
 * checked with first (core/cluster-admin.ts). Pure: views.ts sends the simulation, the console
 * the plan.
 */
import type {
  ClusterAdminInput,
  ClusterAdminPlan,
  TemplateDraft,
  TemplateKind,
  TemplateSimulation,
} from "../../../../core/cluster-admin.ts";
import type { ConsoleRequest } from "../../../../core/console.ts";
import { QuarryError } from "../../../../core/errors.ts";
import { classifyRequest } from "../../console/classify.ts";
import { plainName } from "../snapshots/plans.ts";

export type TemplateInput = Extract<
  ClusterAdminInput,
  { action: "template-save" | "template-delete" }
>;

const base = (kind: TemplateKind) =>
  kind === "table" ? "/_index_template" : "/_component_template";
const what = (kind: TemplateKind) => (kind === "table" ? "index template" : "component template");

/** Pure: the body a draft is saved with, in the cluster's words. */
export function templateBody(draft: TemplateDraft): Record<string, unknown> {
  if (draft.kind === "component") return { template: draft.template };
  const patterns = (draft.patterns ?? []).map((p) => p.trim()).filter(Boolean);
  if (patterns.length === 0)
    throw new QuarryError(
      "invalid_input",
      `The index template ${draft.name} names no index pattern`,
      "Give the patterns of the indices it applies to, e.g. logs-*.",
    );
  return {
    index_patterns: patterns,
    ...(draft.priority !== undefined ? { priority: draft.priority } : {}),
    ...(draft.composedOf && draft.composedOf.length > 0 ? { composed_of: draft.composedOf } : {}),
    template: draft.template,
  };
}

/**
 * Pure: the simulation that checks a draft. An index template is simulated as it is; a component
 * template, which cannot be simulated alone, inside an index template of a pattern no index has.
 */
export function simulationRequest(draft: TemplateDraft): ConsoleRequest {
  const body =
    draft.kind === "table"
      ? templateBody(draft)
      : { index_patterns: [`quarry-simulated-${draft.name}-*`], template: draft.template };
  return { method: "POST", path: "/_index_template/_simulate", body };
}

export function planTemplateAction(
  input: TemplateInput,
  simulation?: TemplateSimulation,
): ClusterAdminPlan {
  if (input.action === "template-delete") {
    const request = {
      method: "DELETE",
      path: `${base(input.kind)}/${plainName(input.name, what(input.kind))}`,
    };
    return {
      input,
      requests: [request],
      shown: [request],
      classification: classifyRequest(request),
      confirmName: input.name,
      summary: `deletes the ${what(input.kind)} ${input.name}: indices created from now on no longer get what it holds`,
      affects: [input.name],
    };
  }
  const d = input.draft;
  const request: ConsoleRequest = {
    method: "PUT",
    path: `${base(d.kind)}/${plainName(d.name, what(d.kind))}${d.mode === "create" ? "?create=true" : ""}`,
    body: templateBody(d),
  };
  return {
    input,
    requests: [request],
    shown: [request],
    classification: classifyRequest(request),
    confirmName: null,
    summary:
      d.mode === "create"
        ? `creates the ${what(d.kind)} ${d.name}${d.kind === "table" ? ` for ${(d.patterns ?? []).join(", ")}` : ""}`
        : `saves the ${what(d.kind)} ${d.name}, replacing it if it exists (indices that exist keep what they have)`,
    affects: [d.name],
    ...(simulation ? { simulation } : {}),
  };
}
