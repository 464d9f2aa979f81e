/**
 * Templates on Elasticsearch (core/cluster-admin.ts): the lists, the simulations, and a save's
 * plan, made only after the cluster's `_simulate` accepts the draft, so a template it would refuse
 * is refused with its reason before anything is saved.
 */
import type { ClusterAdmin, TemplateDraft } from "../../../../core/cluster-admin.ts";
import { QuarryError } from "../../../../core/errors.ts";
import { httpError } from "../../wire/errors.ts";
import { pathSegment } from "../../wire/paths.ts";
import type { EsTransport } from "../../wire/transport.ts";
import {
  type ComponentTemplatesBody,
  deepestReason,
  type IndexTemplatesBody,
  type SimulateBody,
  simulationOf,
  templateInfos,
} from "./answers.ts";
import { planTemplateAction, simulationRequest, type TemplateInput } from "./plans.ts";

type Signal = { signal?: AbortSignal };
type TemplateViews = Pick<ClusterAdmin, "templates" | "simulateTemplate" | "simulateTable"> & {
  plan: (input: TemplateInput, o?: Signal) => ReturnType<ClusterAdmin["plan"]>;
};

export function esTemplateAdmin(transport: EsTransport, ready: () => Promise<void>): TemplateViews {
  const simulate = async (draft: TemplateDraft, signal?: AbortSignal) => {
    await ready();
    const req = simulationRequest(draft);
    const res = await transport.request<SimulateBody>({
      method: "POST",
      path: req.path,
      body: req.body,
      signal,
    });
    if (res.status === 400)
      throw new QuarryError(
        "invalid_input",
        `The cluster refuses the template ${draft.name}: ${deepestReason(res.body)}`,
        "Fix what it names in the patterns, settings or mappings; nothing was saved.",
        { status: res.status },
      );
    if (res.status < 200 || res.status > 299)
      throw httpError(res.status, res.body, transport.target);
    return simulationOf(res.body);
  };
  return {
    templates: async (o: Signal = {}) => {
      await ready();
      const get = async <T>(path: string) => {
        const res = await transport.request<T>({ method: "GET", path, signal: o.signal });
        if (res.status === 404) return null;
        if (res.status < 200 || res.status > 299)
          throw httpError(res.status, res.body, transport.target);
        return res.body;
      };
      const [index, component] = await Promise.all([
        get<IndexTemplatesBody>("/_index_template"),
        get<ComponentTemplatesBody>("/_component_template"),
      ]);
      return templateInfos(index, component);
    },
    simulateTemplate: (draft, o: Signal = {}) => simulate(draft, o.signal),
    simulateTable: async (table, o: Signal = {}) => {
      await ready();
      return simulationOf(
        await transport.json<SimulateBody>({
          method: "POST",
          path: `/_index_template/_simulate_index/${pathSegment(table)}`,
          signal: o.signal,
        }),
      );
    },
    plan: async (input, o: Signal = {}) =>
      input.action === "template-save"
        ? planTemplateAction(input, await simulate(input.draft, o.signal))
        : planTemplateAction(input),
  };
}
