/**
 * `quarry esql <conn> "<query>"` (or `--file F`, `-` or a pipe for standard input): runs a query
 * in the database's piped query language (ES|QL) through the console and prints its table;
 * `--format csv|ndjson` for scripts, `--json` for the whole result with typed columns. A result the
 * database cut says so on standard error. Exit codes as `quarry console` (docs/cli.md).
 */
import { readFile } from "node:fs/promises";
import type { Command } from "commander";
import type { ConsoleResult } from "../../core/console.ts";
import { QuarryError } from "../../core/errors.ts";
import { facet } from "../../core/facet-access.ts";
import { queryCellText, queryHeaderText } from "../../core/query-cell-text.ts";
import type { QueryTable } from "../../core/query-table.ts";
import {
  QUERY_TABLE_FORMATS,
  type QueryTableFormat,
  queryTableText,
} from "../../core/query-table-files.ts";
import { addConnectionFlags, type ConnectionFlags, readStdin } from "../connection-options.ts";
import { wantsJson, withSession } from "../context.ts";
import { EXIT } from "../exit-codes.ts";
import { printJson, printLine, printTable } from "../output.ts";

interface EsqlFlags extends ConnectionFlags {
  file?: string;
  format?: string;
}

export function registerEsqlCommand(program: Command): void {
  addConnectionFlags(
    program
      .command("esql")
      .description("run an ES|QL query and print its table")
      .argument("<conn>", "a saved connection's name, or a URL such as http://localhost:9200")
      .argument("[query]", 'the query, e.g. "FROM my-index | LIMIT 10"')
      .option("--file <file>", "read the query from a file (- for standard input)")
      .option("--format <format>", "table (the default), csv or ndjson"),
  ).action(async (conn: string, query: string | undefined, flags: EsqlFlags, cmd: Command) => {
    const json = wantsJson(cmd);
    const format = formatOf(flags.format);
    const text = await queryText(query, flags.file);
    const result = await withSession(conn, flags, async (s) => {
      return s.runConsole(facet(s, "queryLanguage").queryRequest(text));
    });
    process.exitCode = printOutcome(result, json, format);
  });
}

function formatOf(format: string | undefined): QueryTableFormat | "table" {
  if (format === undefined || format === "table") return "table";
  if ((QUERY_TABLE_FORMATS as readonly string[]).includes(format) && format !== "json")
    return format as QueryTableFormat;
  throw new QuarryError(
    "invalid_input",
    `--format ${format} is not a format of quarry esql`,
    "Use --format table, csv or ndjson (or --json for the whole result).",
  );
}

/** The query from the argument, the file, or standard input when piped. */
async function queryText(query: string | undefined, file: string | undefined): Promise<string> {
  if (query !== undefined && file !== undefined)
    throw new QuarryError(
      "invalid_input",
      "Give the query or --file, not both",
      "Leave out one of them.",
    );
  let text = query;
  if (file === "-" || (file === undefined && query === undefined && !process.stdin.isTTY))
    text = await readStdin();
  else if (file !== undefined)
    text = await readFile(file, "utf8").catch((e: NodeJS.ErrnoException) => {
      throw new QuarryError(
        "invalid_input",
        `Cannot read ${file} (${e.code ?? "error"})`,
        "Check the file's path.",
      );
    });
  if (text === undefined || text.trim() === "")
    throw new QuarryError(
      "invalid_input",
      "No query to run",
      'Write the query, e.g. quarry esql <conn> "FROM my-index | LIMIT 10", or give --file.',
    );
  return text.trim();
}

/** Prints the answer, and returns the exit code: 1 for the cluster's error, as `quarry console`. */
export function printOutcome(
  r: ConsoleResult,
  json: boolean,
  format: QueryTableFormat | "table",
): number {
  if (r.kind === "error") {
    const at = r.queryPosition
      ? ` (line ${r.queryPosition.line}, column ${r.queryPosition.column})`
      : "";
    if (json)
      printJson({
        error: { status: r.status, type: r.type, reason: r.reason, ...r.queryPosition },
      });
    else process.stderr.write(`error: ${r.status} ${r.type}${at}: ${r.reason}\n`);
    return EXIT.failed;
  }
  const table = r.kind === "json" ? r.queryTable : undefined;
  if (!table) {
    printLine(JSON.stringify(r.raw, null, 2));
    return EXIT.ok;
  }
  if (json) process.stdout.write(queryTableText(table, "json"));
  else if (format === "table") printQueryTable(table);
  else process.stdout.write(queryTableText(table, format));
  if (table.cut) process.stderr.write(`note: ${table.cut.message} ${table.cut.remedy}\n`);
  return EXIT.ok;
}

function printQueryTable(t: QueryTable): void {
  printTable(
    t.columns.map(queryHeaderText),
    t.rows.map((r) => t.columns.map((c, i) => queryCellText(r[i], c))),
  );
  for (const c of t.columns)
    if (c.accuracy) process.stderr.write(`note: ${queryHeaderText(c)}: ${c.accuracy.how}\n`);
  const took = t.took === null ? "" : ` in ${t.took} ms`;
  process.stderr.write(`${t.rows.length} row${t.rows.length === 1 ? "" : "s"}${took}\n`);
}
