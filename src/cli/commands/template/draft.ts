/** A template draft from the command line's flags: patterns, priority, components and JSON. */
import type { TemplateDraft, TemplateKind } from "../../../core/cluster-admin.ts";
import { QuarryError } from "../../../core/errors.ts";
import { jsonObject, list } from "../../flag-values.ts";
import type { AdminFlags } from "../admin-run.ts";

export interface DraftFlags extends AdminFlags {
  patterns?: string;
  priority?: string;
  composedOf?: string;
  template?: string;
}

/** Remedies that say what a template's JSON holds. */
const TEMPLATE_JSON = {
  notJson: 'Give a JSON object such as {"settings":{…},"mappings":{…}}, or @file.json.',
  notObject: 'Give settings, mappings and aliases as one object: {"settings":{…},"mappings":{…}}.',
};

export async function draftOf(
  kind: TemplateKind,
  name: string,
  flags: DraftFlags,
  mode: TemplateDraft["mode"],
): Promise<TemplateDraft> {
  let priority: number | undefined;
  if (flags.priority !== undefined) {
    priority = Number(flags.priority);
    if (!Number.isInteger(priority) || priority < 0)
      throw new QuarryError(
        "invalid_input",
        `--priority ${flags.priority} is not a whole number of 0 or more`,
        "Give a priority such as 100: the highest among matching templates wins.",
      );
  }
  return {
    kind,
    name,
    mode,
    template:
      flags.template !== undefined
        ? await jsonObject(flags.template, "--template", TEMPLATE_JSON)
        : {},
    ...(kind === "table"
      ? {
          patterns: list(flags.patterns),
          composedOf: list(flags.composedOf),
          ...(priority !== undefined ? { priority } : {}),
        }
      : {}),
  };
}
