/**
 * Console variables: `${NAME}` in console text, defined per connection (the console's Variables
 * panel, `quarry console --var`). Pure: the name rule and the checks of a list, shared by the
 * store, the UI's API and the CLI; the driver's parser substitutes them.
 */
import { QuarryError } from "./errors.ts";

/** A variable's name as written between `${` and `}`. */
export const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** The longest value kept (a value is text inserted in a request, not a document). */
export const VARIABLE_VALUE_MAX = 10_000;
export const VARIABLES_MAX = 200;
/**
 * Names that say they hold a secret. Variables are stored as plain text, and requests that use
 * them are kept in the history: a password belongs in the connection's credentials instead.
 */
const SECRET_LIKE =
  /(pass(word|wd|phrase)?|secret|token|api_?key|credentials?|private_?key|authori[sz]ation)$/i;

export interface ConsoleVariable {
  name: string;
  value: string;
}

/** The variables as the parser reads them. */
export type VariableValues = Readonly<Record<string, string>>;

/** Pure: the list as name → value. */
export function variableValues(list: readonly ConsoleVariable[]): Record<string, string> {
  return Object.fromEntries(list.map((v) => [v.name, v.value]));
}

/** Why a name cannot be a variable's, or undefined when it can. */
export function variableNameProblem(name: string): { message: string; remedy: string } | undefined {
  if (!VARIABLE_NAME.test(name))
    return {
      message: `"${name.slice(0, 60)}" is not a variable name`,
      remedy: "Use letters, digits and _ only, starting with a letter or _ (e.g. INDEX_NAME).",
    };
  if (SECRET_LIKE.test(name))
    return {
      message: `The variable name ${name} looks like a secret's`,
      remedy:
        "Variables are stored as plain text and their values show in the history: keep passwords and API keys in the connection's credentials, not in a variable.",
    };
  return undefined;
}

/** Checks a whole list (names, duplicates, sizes); throws the first problem as `invalid_input`. */
export function checkVariables(list: unknown): ConsoleVariable[] {
  if (!Array.isArray(list))
    throw new QuarryError(
      "invalid_input",
      "The variables are not a list",
      "Send them as [{ name, value }, …].",
    );
  if (list.length > VARIABLES_MAX)
    throw new QuarryError(
      "invalid_input",
      `${list.length} variables are more than the ${VARIABLES_MAX} a connection keeps`,
      "Remove the ones you no longer use.",
    );
  const seen = new Set<string>();
  return list.map((v: unknown) => {
    const { name, value } = (v ?? {}) as { name?: unknown; value?: unknown };
    if (typeof name !== "string" || typeof value !== "string")
      throw new QuarryError(
        "invalid_input",
        "A variable needs a name and a value, both text",
        "Send each as { name, value }.",
      );
    const problem = variableNameProblem(name);
    if (problem) throw new QuarryError("invalid_input", problem.message, problem.remedy);
    if (seen.has(name))
      throw new QuarryError(
        "invalid_input",
        `The variable ${name} is defined twice`,
        "Keep one of them.",
      );
    seen.add(name);
    if (value.length > VARIABLE_VALUE_MAX)
      throw new QuarryError(
        "invalid_input",
        `The value of ${name} is ${value.length} characters long, more than ${VARIABLE_VALUE_MAX}`,
        "Keep variables for short values (names, sizes, dates, small JSON).",
      );
    return { name, value };
  });
}
