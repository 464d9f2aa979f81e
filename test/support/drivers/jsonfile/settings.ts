/**
 * The JSON-file test driver's settings, as data (core's SettingsForm) and as rules: a file, how
 * its tables are laid out, and (for one table of rows) that table's name. It exists to prove the
 * driver interface: nothing outside this folder and the tests that load it knows it.
 */
import { isAbsolute } from "node:path";
import { QuarryError } from "../../../../src/core/errors.ts";
import type { SettingsForm } from "../../../../src/core/settings-form.ts";

export const TYPE = "jsonfile";
export const DISPLAY_NAME = "JSON File";

export interface JsonFileConfig {
  file: string;
  layout: "tables" | "rows";
  /** With layout `rows`: the name the one table is listed under. */
  tableName?: string;
}

export const JSON_FILE_FORM: SettingsForm = {
  about: "A JSON file on this computer, read as tables",
  url: { schemes: ["jsonfile"], example: "jsonfile:///path/to/data.json" },
  fields: [
    {
      key: "file",
      label: "Data file",
      kind: "file",
      placeholder: "/path/to/data.json",
      hint: "An absolute path to a JSON file.",
      cli: { flag: "data-file", valueName: "<path>", help: "the JSON file to read", urlFlag: null },
    },
    {
      key: "layout",
      label: "Layout",
      kind: "choice",
      choices: [
        { value: "tables", label: "An object of tables" },
        { value: "rows", label: "One table of rows" },
      ],
      default: "tables",
      cli: { flag: "layout", valueName: "<layout>", help: "how the file holds its tables" },
    },
    {
      key: "tableName",
      label: "Table name",
      kind: "text",
      default: "rows",
      showWhen: [{ field: "layout", oneOf: ["rows"] }],
      cli: {
        flag: "table-name",
        valueName: "<name>",
        help: "the one table's name (--layout rows)",
      },
    },
  ],
};

function refuse(field: string, problem: string, remedy: string): QuarryError {
  return new QuarryError("invalid_config", `${field}: ${problem}`, remedy, { field });
}

export function validateConfig(input: unknown): JsonFileConfig {
  const raw = (typeof input === "object" && input !== null ? input : {}) as Record<string, unknown>;
  const file = typeof raw.file === "string" ? raw.file.trim() : "";
  if (!file) throw refuse("Data file", "is empty", "Enter the path of a JSON file.");
  if (!isAbsolute(file))
    throw refuse("Data file", `"${file}" is not an absolute path`, "Enter the file's full path.");
  const layout = raw.layout ?? "tables";
  if (layout !== "tables" && layout !== "rows")
    throw refuse("Layout", `"${String(layout)}" is not one of the choices`, "Use tables or rows.");
  if (layout === "tables") return { file, layout };
  const tableName = typeof raw.tableName === "string" && raw.tableName ? raw.tableName : "rows";
  return { file, layout, tableName };
}

/** `jsonfile:///path/data.json` names the file. */
export function settingsFromUrl(url: URL): Record<string, unknown> {
  return { file: decodeURIComponent(url.pathname) };
}
