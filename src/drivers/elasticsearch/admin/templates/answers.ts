/**
 * Composable index templates and component templates in core's words (core/cluster-admin.ts):
 * `GET /_index_template`, `GET /_component_template`, and `_simulate` answers; a refusal's deepest
 * cause, which names the field at fault. Pure.
 */
import type { TemplateInfo, TemplateSimulation } from "../../../../core/cluster-admin.ts";

export interface IndexTemplatesBody {
  index_templates?: {
    name: string;
    index_template?: {
      index_patterns?: string[] | string;
      priority?: number;
      composed_of?: string[];
      template?: Record<string, unknown>;
    };
  }[];
}

export interface ComponentTemplatesBody {
  component_templates?: {
    name: string;
    component_template?: { template?: Record<string, unknown> };
  }[];
}

const list = (v: string[] | string | undefined) => (Array.isArray(v) ? v : v ? [v] : []);

export function templateInfos(
  index: IndexTemplatesBody | null,
  component: ComponentTemplatesBody | null,
): TemplateInfo[] {
  const tables: TemplateInfo[] = (index?.index_templates ?? []).map((t) => ({
    kind: "table",
    name: t.name,
    patterns: list(t.index_template?.index_patterns),
    priority: t.index_template?.priority ?? null,
    composedOf: t.index_template?.composed_of ?? [],
    template: t.index_template?.template ?? {},
    definition: t.index_template ?? {},
  }));
  const components: TemplateInfo[] = (component?.component_templates ?? []).map((t) => ({
    kind: "component",
    name: t.name,
    patterns: [],
    priority: null,
    composedOf: [],
    template: t.component_template?.template ?? {},
    definition: t.component_template ?? {},
  }));
  const byName = (a: TemplateInfo, b: TemplateInfo) => a.name.localeCompare(b.name);
  return [...tables.sort(byName), ...components.sort(byName)];
}

export interface SimulateBody {
  template?: Record<string, unknown>;
  overlapping?: { name: string; index_patterns?: string[] | string }[];
}

export function simulationOf(body: SimulateBody): TemplateSimulation {
  return {
    result: body.template ?? {},
    overlapping: (body.overlapping ?? []).map((o) => ({
      name: o.name,
      patterns: list(o.index_patterns),
    })),
  };
}

interface Cause {
  reason?: unknown;
  caused_by?: Cause;
}

/**
 * Pure: the innermost reason of an error answer. The simulation wraps the cause ("mapper type
 * [bogus] does not exist") in generic ones ("template after composition is invalid").
 */
export function deepestReason(body: unknown): string {
  let e = (body as { error?: Cause | string } | null)?.error;
  if (typeof e === "string") return e;
  let reason = "";
  while (e && typeof e === "object") {
    if (typeof e.reason === "string") reason = e.reason;
    e = e.caused_by;
  }
  return reason || JSON.stringify(body).slice(0, 200);
}
