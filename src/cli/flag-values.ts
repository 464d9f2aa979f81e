/** Values of command-line flags shared by several commands: comma lists and JSON objects. */
import { readFile } from "node:fs/promises";
import { QuarryError } from "../core/errors.ts";

/** A comma-separated flag as its trimmed, non-empty items (none when the flag is absent). */
export const list = (v: string | undefined) =>
  (v ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);

/** What to tell a user whose flag is not JSON, or is JSON but not an object. */
export interface JsonObjectRemedies {
  notJson: string;
  notObject: string;
}

const ANY_OBJECT: JsonObjectRemedies = {
  notJson: "Give a JSON object, or @file.json.",
  notObject: "Give a JSON object.",
};

/** A flag holding a JSON object, inline or as `@file.json`; anything else is refused. */
export async function jsonObject(
  text: string,
  flag: string,
  remedies: JsonObjectRemedies = ANY_OBJECT,
): Promise<Record<string, unknown>> {
  const source = text.startsWith("@") ? await readFile(text.slice(1), "utf8") : text;
  let value: unknown;
  try {
    value = JSON.parse(source);
  } catch (e) {
    throw new QuarryError(
      "invalid_input",
      `${flag} is not JSON: ${(e as Error).message}`,
      remedies.notJson,
    );
  }
  if (!value || typeof value !== "object" || Array.isArray(value))
    throw new QuarryError("invalid_input", `${flag} is not a JSON object`, remedies.notObject);
  return value as Record<string, unknown>;
}
