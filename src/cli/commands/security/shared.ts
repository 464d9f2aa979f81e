/** What the `quarry security` commands share: a named write, lists, JSON flags. */
import { readFile } from "node:fs/promises";
import type { Command } from "commander";
import { QuarryError } from "../../../core/errors.ts";
import { addConnectionFlags } from "../../connection-options.ts";
import { CONN_HELP } from "../browse/shared.ts";

/** A subcommand on a connection and a name, with `--confirm <name>`. */
export function namedWrite(group: Command, name: string, description: string, what: string) {
  return addConnectionFlags(
    group
      .command(name)
      .description(description)
      .argument("<conn>", CONN_HELP)
      .argument("<name>", what)
      .option("--confirm <name>", `the ${what}'s name, to confirm without a terminal`),
  );
}

export const list = (v: string | undefined) =>
  (v ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);

export async function jsonObject(text: string, flag: string): Promise<Record<string, unknown>> {
  const source = text.startsWith("@") ? await readFile(text.slice(1), "utf8") : text;
  let value: unknown;
  try {
    value = JSON.parse(source);
  } catch (e) {
    throw new QuarryError(
      "invalid_input",
      `${flag} is not JSON: ${(e as Error).message}`,
      "Give a JSON object, or @file.json.",
    );
  }
  if (!value || typeof value !== "object" || Array.isArray(value))
    throw new QuarryError("invalid_input", `${flag} is not a JSON object`, "Give a JSON object.");
  return value as Record<string, unknown>;
}
