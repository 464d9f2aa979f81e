/**
 * The variables `quarry console` substitutes (`${NAME}`): the connection's stored ones (the UI's
 * Variables panel, same files in the app data folder) with `--var NAME=value` over them.
 */
import { join } from "node:path";
import { openAppStorage } from "../../app/connections/connection-service.ts";
import { ConsoleVariables } from "../../app/storage/console-variables.ts";
import { appDataDir } from "../../app/storage/paths.ts";
import { VARIABLE_NAME, variableValues } from "../../core/console-variables.ts";
import { QuarryError } from "../../core/errors.ts";
import { isUrl } from "../context.ts";

/** `--var` may be given many times. */
export const collectVar = (value: string, previous: string[] = []) => [...previous, value];

/** The stored variables of a saved connection (none for a URL), then the `--var` ones. */
export async function variablesFor(
  conn: string,
  vars: readonly string[] = [],
): Promise<Record<string, string>> {
  const overrides = Object.fromEntries(vars.map(parseVar));
  if (isUrl(conn)) return overrides;
  const storage = await openAppStorage();
  const id = (await storage.connections.require(conn)).id;
  const stored = await new ConsoleVariables(join(appDataDir(), "console-variables")).list(id);
  return { ...variableValues(stored), ...overrides };
}

function parseVar(text: string): [string, string] {
  const eq = text.indexOf("=");
  const name = eq === -1 ? text : text.slice(0, eq);
  if (eq === -1 || !VARIABLE_NAME.test(name))
    throw new QuarryError(
      "invalid_input",
      `--var ${text.slice(0, 60)} is not NAME=value`,
      "Write --var NAME=value, the name of letters, digits and _ (e.g. --var INDEX=orders).",
    );
  return [name, text.slice(eq + 1)];
}
