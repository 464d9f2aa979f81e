/**
 * The template editor's form as text fields, and the draft it makes (core/cluster-admin.ts
 * `TemplateDraft`): patterns and composed-of as comma-separated names, settings, mappings and
 * aliases as JSON objects. Pure; a field that is not what it should be is answered as an error
 * naming it, in the shape the page shows (message and remedy).
 */
import type {
  TemplateDraft,
  TemplateInfo,
  TemplateKind,
} from "../../../../src/core/cluster-admin.ts";

export interface TemplateForm {
  kind: TemplateKind;
  name: string;
  patterns: string;
  priority: string;
  composedOf: string;
  settings: string;
  mappings: string;
  aliases: string;
}

export interface FormError {
  code: string;
  message: string;
  remedy: string;
}

/** The parts of a template written as JSON. */
export const JSON_PARTS: ("settings" | "mappings" | "aliases")[] = [
  "settings",
  "mappings",
  "aliases",
];

const json = (v: unknown) => (v === undefined ? "{}" : JSON.stringify(v, null, 2));

/** The form of a new template, or of a saved one to edit. */
export function formOf(saved?: TemplateInfo): TemplateForm {
  return {
    kind: saved?.kind ?? "table",
    name: saved?.name ?? "",
    patterns: saved?.patterns.join(", ") ?? "",
    priority:
      saved?.priority === null || saved?.priority === undefined ? "" : String(saved.priority),
    composedOf: saved?.composedOf.join(", ") ?? "",
    settings: json(saved?.template.settings),
    mappings: json(saved?.template.mappings),
    aliases: json(saved?.template.aliases),
  };
}

const names = (v: string) =>
  v
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);

const fault = (message: string, remedy: string): { error: FormError } => ({
  error: { code: "invalid_input", message, remedy },
});

/** The draft the form makes, or what is wrong with it. */
export function draftOf(
  form: TemplateForm,
  mode: TemplateDraft["mode"],
): { draft: TemplateDraft } | { error: FormError } {
  const template: Record<string, unknown> = {};
  for (const part of JSON_PARTS) {
    const text = form[part].trim();
    if (text === "") continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (e) {
      return fault(
        `The ${part} are not JSON: ${e instanceof Error ? e.message : String(e)}`,
        `Write the ${part} as a JSON object, e.g. {}.`,
      );
    }
    if (typeof value !== "object" || value === null || Array.isArray(value))
      return fault(`The ${part} are not a JSON object`, `Write the ${part} as { … }.`);
    if (Object.keys(value).length > 0) template[part] = value;
  }
  const priority = form.priority.trim();
  if (priority !== "" && !/^\d+$/.test(priority))
    return fault(
      `The priority "${priority}" is not a whole number`,
      "Give 0 or more, or leave it empty.",
    );
  const draft: TemplateDraft = { kind: form.kind, name: form.name.trim(), template, mode };
  if (form.kind === "table") {
    draft.patterns = names(form.patterns);
    if (priority !== "") draft.priority = Number(priority);
    const composedOf = names(form.composedOf);
    if (composedOf.length > 0) draft.composedOf = composedOf;
  }
  return { draft };
}
