/**
 * A driver's connection settings as command-line flags, generated from its SettingsForm: the
 * flags of `connections add` / `edit` and of commands that take a URL, and the settings and
 * secrets read back from them. Secrets come only from standard input.
 */
import { accessSync, constants } from "node:fs";
import { resolve } from "node:path";
import { type Command, Option } from "commander";
import type { ConnectionSecrets } from "../core/driver.ts";
import { QuarryError } from "../core/errors.ts";
import type { SettingField, SettingsForm } from "../core/settings-form.ts";

/** add: a new connection (defaults apply); edit: only given fields change; url: with a URL. */
export type FlagMode = "add" | "edit" | "url";

/** Commander's attribute name for a flag: "ssl-mode" is sslMode. */
export function attributeOf(flag: string): string {
  return flag.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}

/** The flag a field has in a mode; undefined when it has none there. */
export function flagOf(field: SettingField, mode: FlagMode): string | undefined {
  if (mode !== "url") return field.cli.flag;
  return field.cli.urlFlag === null ? undefined : (field.cli.urlFlag ?? field.cli.flag);
}

/** A choice field's values as help lists them: "basic | api-key | none". */
export function choiceList(field: SettingField): string {
  return (field.choices ?? []).map((c) => c.value).join(" | ");
}

function helpOf(field: SettingField, mode: FlagMode): string {
  const parts = [
    field.kind === "choice" ? `${choiceList(field)}: ${field.cli.help}` : field.cli.help,
  ];
  if (mode === "edit" && field.kind !== "secret") parts.push("(unchanged when absent)");
  else if (
    mode === "add" &&
    field.default !== undefined &&
    field.kind !== "boolean" &&
    !field.impliedBy
  )
    parts.push(`(default ${String(field.default)})`);
  return parts.join(" ");
}

/** Adds the flags of a form's fields to a command; a flag already there (another driver's) is kept. */
export function addSettingsFlags(cmd: Command, form: SettingsForm, mode: FlagMode): void {
  const has = (flag: string) => cmd.options.some((o) => o.long === `--${flag}`);
  for (const field of form.fields) {
    const flag = flagOf(field, mode);
    if (!flag || has(flag)) continue;
    const takesValue = field.kind !== "secret" && field.kind !== "boolean";
    cmd.addOption(
      new Option(
        `--${flag}${takesValue ? ` ${field.cli.valueName ?? "<value>"}` : ""}`,
        helpOf(field, mode),
      ),
    );
    if (mode === "url") continue;
    if (field.kind === "boolean")
      cmd.addOption(new Option(`--no-${flag}`, `turn ${field.label} off`));
    if (field.kind === "file") cmd.addOption(new Option(`--no-${flag}`, `clear ${field.label}`));
  }
}

/** The flags of every field, by commander attribute: which of them were given. */
function givenFields(form: SettingsForm, opts: Record<string, unknown>, mode: FlagMode) {
  return form.fields.flatMap((field) => {
    const flag = flagOf(field, mode);
    const value = flag ? opts[attributeOf(flag)] : undefined;
    return flag && value !== undefined ? [{ field, flag, value }] : [];
  });
}

/**
 * The settings the flags give (secrets apart). A file is made absolute and checked readable;
 * `--no-<file flag>` clears it (null).
 */
export function settingsFromFlags(
  form: SettingsForm,
  opts: Record<string, unknown>,
  mode: FlagMode,
): Record<string, unknown> {
  const settings: Record<string, unknown> = {};
  for (const { field, value } of givenFields(form, opts, mode)) {
    if (field.kind === "secret") continue;
    if (field.kind === "file")
      settings[field.key] = value === false ? null : readablePath(String(value), field);
    else settings[field.key] = value;
  }
  return settings;
}

/** The secrets the flags ask for; standard input carries at most one. */
export function secretFlags(form: SettingsForm, opts: Record<string, unknown>, mode: FlagMode) {
  return givenFields(form, opts, mode)
    .filter(({ field, value }) => field.kind === "secret" && value === true)
    .map(({ field, flag }) => ({
      name: field.key as keyof ConnectionSecrets,
      label: field.label,
      flag,
    }));
}

/** Reads the one secret standard input carries, if a secret flag was given. */
export async function readSecrets(
  form: SettingsForm,
  opts: Record<string, unknown>,
  mode: FlagMode,
): Promise<ConnectionSecrets> {
  const wanted = secretFlags(form, opts, mode);
  if (wanted.length > 1) {
    throw new QuarryError(
      "invalid_input",
      `${wanted.map((w) => `--${w.flag}`).join(" and ")} were both given`,
      "Standard input carries one secret: pass the one the connection's settings use.",
    );
  }
  const [one] = wanted;
  if (!one) return {};
  if (process.stdin.isTTY) process.stderr.write(`${one.label} (then Ctrl-D): `);
  return { [one.name]: await readStdin() };
}

/**
 * Flags of other drivers (a command lists every installed driver's) given for settings of this
 * one are refused rather than ignored.
 */
export function refuseForeignFlags(
  form: SettingsForm,
  all: SettingsForm[],
  opts: Record<string, unknown>,
  mode: FlagMode,
  type: string,
): void {
  const own = new Set(form.fields.map((f) => flagOf(f, mode)));
  const foreign = all
    .flatMap((f) => f.fields.map((field) => flagOf(field, mode)))
    .filter(
      (flag): flag is string => !!flag && !own.has(flag) && opts[attributeOf(flag)] !== undefined,
    );
  if (foreign.length > 0) {
    throw new QuarryError(
      "invalid_input",
      `${[...new Set(foreign)].map((f) => `--${f}`).join(", ")} ${foreign.length > 1 ? "do" : "does"} not apply to a ${type} connection`,
      "Drop it; quarry connections add --type <type> --help lists each database's flags.",
    );
  }
}

/** The flag that sets a field (named by its label), for a refusal's remedy. */
export function flagHint(form: SettingsForm, label: string): string | undefined {
  const field = form.fields.find((f) => f.label === label);
  if (!field) return undefined;
  const flag = `--${field.cli.flag}`;
  if (field.kind === "boolean") return `${flag} / --no-${field.cli.flag}`;
  if (field.kind === "file")
    return `${flag} ${field.cli.valueName ?? "<path>"} / --no-${field.cli.flag}`;
  return flag;
}

export async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString("utf8")
    .replace(/\r?\n$/, "");
}

/** An absolute path (the app may run from another folder) to a file that can be read now. */
function readablePath(input: string, field: SettingField): string {
  const path = resolve(input);
  try {
    accessSync(path, constants.R_OK);
  } catch {
    throw new QuarryError(
      "invalid_input",
      `The ${field.label} ${path} cannot be read`,
      `Pass the path of a file you can read (${field.label}: ${field.hint ?? field.cli.help}).`,
    );
  }
  return path;
}
