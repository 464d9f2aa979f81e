/**
 * A driver's connection settings described as data: the fields, their kinds, choices, defaults,
 * command-line flags and when each is shown, plus the URLs the driver reads. The CLI's flags and
 * the UI's connection editor are generated from it, so neither knows any database's settings.
 * Types and pure helpers only.
 */
import type { ConnectionSecrets } from "./driver.ts";

/** One value a setting may take, and how people see it ("verify-ca" is "Verify CA"). */
export interface SettingChoice {
  value: string;
  label: string;
}

/**
 * How a field is entered. `secret` is kept in the secret store, never in the settings: its key
 * names the secret (`password`, `apiKey`) and the CLI reads it from standard input. `file` is a
 * path the CLI makes absolute and checks it can read.
 */
export type SettingKind = "text" | "number" | "secret" | "choice" | "file" | "boolean";

export type SettingValue = string | number | boolean;

/** A field is shown while another field's value is one of these (or, with `orWhenSet`, while it has a value of its own). */
export interface SettingCondition {
  field: string;
  oneOf: SettingValue[];
  /** Also shown while this field holds a value, so that it can be cleared. */
  orWhenSet?: boolean;
}

/** A choice's value that follows from another field being given (`--username` means basic). */
export interface ImpliedChoice {
  /** The field (or secret) whose presence implies the value. */
  field: string;
  value: string;
}

export interface SettingField {
  /** The settings' key, or for a `secret` the secret's name. */
  key: string;
  /** As people see it; refusals name the field by this label. */
  label: string;
  kind: SettingKind;
  /** For `choice`: the values in the order a form offers them. */
  choices?: SettingChoice[];
  /** A new connection's value; absent means empty. */
  default?: SettingValue;
  /** For `choice` without a value given: the first rule whose field was given wins over the default. */
  impliedBy?: ImpliedChoice[];
  /** Shown only while every condition holds. */
  showWhen?: SettingCondition[];
  /** The editor's placeholder and hint. */
  placeholder?: string;
  hint?: string;
  /** Fields with the same row are laid out side by side; `width` says how much room each takes. */
  row?: string;
  width?: "grow" | "narrow";
  /** Kept behind the editor's Advanced disclosure. */
  advanced?: boolean;
  /** For `secret`: the settings may do without it (an unencrypted key needs no passphrase). */
  optional?: boolean;
  cli: {
    /** The long flag without dashes: "ssl-mode". A `boolean` also gets `--no-<flag>`, a `file` `--no-<flag>` to clear it. */
    flag: string;
    /** The flag's value name in help: "<mode>". */
    valueName?: string;
    help: string;
    /**
     * With a URL in place of a saved connection: the flag's name there ("user"), or null when
     * the URL itself gives the value (host, port) or the flag does not apply.
     */
    urlFlag?: string | null;
  };
}

/** What a driver tells the app about its connection settings. */
export interface SettingsForm {
  fields: SettingField[];
  /** A line under a new connection's title: which versions, over what. */
  about?: string;
  /** The URL schemes a connection URL of this database starts with, and an example for help. */
  url?: { schemes: string[]; example: string };
  /**
   * Where an editor's new connection starts (e.g. a default install of the current version), over
   * the fields' defaults, with a line on when to choose otherwise. The fields' `default`s stay what
   * an omitted value means (command-line flags, saved files).
   */
  newConnection?: { settings: Record<string, SettingValue>; note?: string };
}

export type SecretName = keyof ConnectionSecrets;

/** The settings of a new connection: every field's default (secrets are never defaulted). */
export function defaultSettings(form: SettingsForm): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of form.fields)
    if (f.kind !== "secret" && f.default !== undefined) out[f.key] = f.default;
  return out;
}

/** Whether a field is shown given the values so far (settings and secrets together). */
export function isShown(field: SettingField, values: Record<string, unknown>): boolean {
  return (field.showWhen ?? []).every((c) => {
    const own = values[field.key];
    if (c.orWhenSet && own !== undefined && own !== null && own !== "") return true;
    return c.oneOf.includes(values[c.field] as SettingValue);
  });
}

/**
 * Fills in what was not given: an implied choice first (given fields decide), then the default.
 * `given` holds the settings and the names of the secrets given.
 */
export function withDefaults(
  form: SettingsForm,
  given: Record<string, unknown>,
  secretsGiven: readonly string[] = [],
): Record<string, unknown> {
  const out = { ...given };
  const present = (key: string) =>
    secretsGiven.includes(key) || (given[key] !== undefined && given[key] !== null);
  for (const f of form.fields) {
    if (f.kind === "secret" || present(f.key)) continue;
    const implied = f.impliedBy?.find((r) => present(r.field));
    if (implied) out[f.key] = implied.value;
    else if (f.default !== undefined) out[f.key] = f.default;
  }
  return out;
}

/** Each choice field's values and labels, by the field's key. */
export function choicesOf(form: SettingsForm): Record<string, SettingChoice[]> {
  return Object.fromEntries(
    form.fields.filter((f) => f.kind === "choice").map((f) => [f.key, f.choices ?? []]),
  );
}

/** The field a refusal names by its label ("SSL Mode"), if any. */
export function fieldByLabel(form: SettingsForm, label: string): SettingField | undefined {
  const l = label.toLowerCase();
  return form.fields.find((f) => f.label.toLowerCase() === l);
}
