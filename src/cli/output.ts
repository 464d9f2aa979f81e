/** How the CLI prints: `--json` for machines, aligned tables and plain lines for people. */
import { isQuarryError } from "../core/errors.ts";
import type { PartialResult } from "../core/grid.ts";
import { EXIT } from "./exit-codes.ts";

export function printJson(value: unknown, to: NodeJS.WriteStream = process.stdout): void {
  to.write(`${JSON.stringify(value, null, 2)}\n`);
}

export function printLine(line = ""): void {
  process.stdout.write(`${line}\n`);
}

/**
 * A result read from part of the data (some shards did not answer): said on stderr, so it is seen
 * even when stdout goes to a file or a pipe.
 */
export function warnPartial(partial: PartialResult): void {
  process.stderr.write(`warning: partial results. ${partial.message}\n`);
}

/** A readable table: one header line, aligned columns, long cells shortened to `maxWidth`. */
export function printTable(headers: string[], rows: unknown[][], maxWidth = 40): void {
  const text = (v: unknown): string => {
    const s = v === null || v === undefined ? "" : typeof v === "string" ? v : JSON.stringify(v);
    const flat = s.replace(/\s+/g, " ");
    return flat.length > maxWidth ? `${flat.slice(0, maxWidth - 1)}…` : flat;
  };
  const cells = rows.map((r) => r.map(text));
  const widths = headers.map((h, i) => Math.max(h.length, ...cells.map((r) => r[i]?.length ?? 0)));
  const line = (r: string[]) =>
    r
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join("  ")
      .trimEnd();
  printLine(line(headers));
  printLine(line(widths.map((w) => "-".repeat(w))));
  for (const r of cells) printLine(line(r));
}

/** Refusals of what was typed (nothing was done): exit code 2. Everything else is 1. */
const USAGE_ERRORS = new Set<string>([
  "invalid_config",
  "invalid_input",
  "connection_not_found",
  "connection_exists",
  "query_not_found",
  "query_exists",
  // Refused before anything was sent: the input must change, retrying the same will not help.
  "console_refused",
  "changes_refused",
  "export_refused",
  "confirmation_mismatch",
  "not_offered",
]);

/**
 * Prints an error the way every command does: message and remedy on stderr (or a JSON object on
 * stdout with `--json`; on stderr too when stdout carries data, as `export --out -` does), and
 * returns the exit code.
 */
export function reportError(
  e: unknown,
  json: boolean,
  jsonTo: NodeJS.WriteStream = process.stdout,
): number {
  if (isQuarryError(e)) {
    if (json) printJson({ error: e.toJSON() }, jsonTo);
    else process.stderr.write(`error: ${e.message}\n${e.remedy}\n`);
    return USAGE_ERRORS.has(e.code) ? EXIT.usage : EXIT.failed;
  }
  const message = e instanceof Error ? e.message : String(e);
  if (json)
    printJson(
      {
        error: { code: "internal", message, remedy: "This is a bug in Quarry; please report it." },
      },
      jsonTo,
    );
  else process.stderr.write(`error: ${message}\n`);
  return EXIT.failed;
}
