/** A template draft from the command line's flags: patterns, priority, components and JSON. */
import { readFile } from "node:fs/promises";
import type { TemplateDraft, TemplateKind } from "../../../core/cluster-admin.ts";
import { QuarryError } from "../../../core/errors.ts";
import type { AdminFlags } from "../admin-run.ts";

export interface DraftFlags extends AdminFlags {
  patterns?: string;
  priority?: string;
  composedOf?: string;
  template?: string;
}

const list = (v: string | undefined) =>
  (v ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);

async function json(text: string, flag: string): Promise<Record<string, unknown>> {
  const source = text.startsWith("@") ? await readFile(text.slice(1), "utf8") : text;
  let value: unknown;
  try {
    value = JSON.parse(source);
  } catch (e) {
    throw new QuarryError(
      "invalid_input",
      `${flag} is not JSON: ${(e as Error).message}`,
      'Give a JSON object such as {"settings":{…},"mappings":{…}}, or @file.json.',
    );
  }
  if (!value || typeof value !== "object" || Array.isArray(value))
    throw new QuarryError(
      "invalid_input",
      `${flag} is not a JSON object`,
      'Give settings, mappings and aliases as one object: {"settings":{…},"mappings":{…}}.',
    );
  return value as Record<string, unknown>;
}

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
    template: flags.template !== undefined ? await json(flags.template, "--template") : {},
    ...(kind === "table"
      ? {
          patterns: list(flags.patterns),
          composedOf: list(flags.composedOf),
          ...(priority !== undefined ? { priority } : {}),
        }
      : {}),
  };
}
