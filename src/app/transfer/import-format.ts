/**
 * Which format a file to import is in: the one asked for, else its name's extension, else (for
 * standard input or an unknown extension) its first non-blank character: `[` a JSON array, `{`
 * lines of JSON. Anything else is refused, naming `--format`.
 */
import { extname } from "node:path";
import { QuarryError } from "../../core/errors.ts";

export type ImportFormat = "ndjson" | "json" | "csv";
export const IMPORT_FORMATS: readonly ImportFormat[] = ["ndjson", "json", "csv"];

const BY_EXTENSION: Record<string, ImportFormat> = {
  ".csv": "csv",
  ".json": "json",
  ".ndjson": "ndjson",
  ".jsonl": "ndjson",
};

export function formatOf(text: string): ImportFormat {
  if (!IMPORT_FORMATS.includes(text as ImportFormat))
    throw new QuarryError(
      "invalid_input",
      `--format: "${text}" is not a format Quarry imports`,
      `Use one of ${IMPORT_FORMATS.join(", ")}.`,
    );
  return text as ImportFormat;
}

/** The format told by a file's name, if its extension is one Quarry knows. */
export function formatOfName(path: string): ImportFormat | undefined {
  return BY_EXTENSION[extname(path).toLowerCase()];
}

/**
 * The format told by the beginning of the content. `{` is JSON lines, unless the first line opens
 * a document it does not close (a pretty-printed search answer) or is a whole search answer:
 * those are read for their hits, as a JSON array.
 */
export function formatOfStart(head: string, input: string): ImportFormat {
  const text = head.replace(/^[\s\uFEFF]+/, "");
  const first = text[0];
  if (first === "[") return "json";
  if (first === "{") return isSearchAnswer(text) ? "json" : "ndjson";
  throw new QuarryError(
    "invalid_input",
    first === undefined
      ? `${input} is empty: there is nothing to import`
      : `Cannot tell the format of ${input}: it starts with "${first}", neither [ (a JSON array) nor { (JSON lines)`,
    "Say which it is with --format ndjson, json or csv.",
  );
}

const HITS = /^\{[\s\S]*"hits"\s*:\s*\{[\s\S]*"hits"\s*:\s*\[/;

function isSearchAnswer(text: string): boolean {
  const nl = text.indexOf("\n");
  // A first line longer than what was read: only a search answer's words tell it apart.
  if (nl === -1) return HITS.test(text);
  const line = text.slice(0, nl).trim();
  if (/[[{,:]$/.test(line)) return true;
  try {
    const value = JSON.parse(line) as { hits?: { hits?: unknown } };
    return Array.isArray(value?.hits?.hits);
  } catch {
    return false;
  }
}
