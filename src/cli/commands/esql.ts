/**
 * `quarry esql <conn> "<query>"` (or `--file F`, `-` or a pipe for standard input): runs a query
 * in the database's piped query language (ES|QL) through the console and prints its table;
 * `--format csv|ndjson` for scripts, `--json` for the whole result with typed columns. A result the
 * database cut says so on standard error. Exit codes as `quarry console` (docs/cli.md).
 */
import { readFile } from "node:fs/promises";
import type { Command } from "commander";
import { exportTable } from "../../app/export/export-table.ts";
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
import { showTaskProgress } from "./console-print.ts";
import { endProgress, showExportProgress, stdoutSink, stoppableExport } from "./export.ts";

interface EsqlFlags extends ConnectionFlags {
  file?: string;
  format?: string;
  all?: boolean;
  key?: string;
  out?: string;
  force?: boolean;
}

export function registerEsqlCommand(program: Command): void {
  addConnectionFlags(
    program
      .command("esql")
      .description("run an ES|QL query and print its table")
      .argument("<conn>", "a saved connection's name, or a URL such as http://localhost:9200")
      .argument("[query]", 'the query, e.g. "FROM my-index | LIMIT 10"')
      .option("--file <file>", "read the query from a file (- for standard input)")
      .option("--format <format>", "table (the default), csv or ndjson")
      .option(
        "--all",
        "every row, past the 10,000-row cap, in keyed pages (with --format csv|ndjson)",
      )
      .option("--key <column>", "with --all: the column the pages are cut by (default _id)")
      .option("--out <file>", "with --all: write to this file instead of standard output")
      .option("--force", "with --all --out: replace an existing file"),
  ).action(async (conn: string, query: string | undefined, flags: EsqlFlags, cmd: Command) => {
    const json = wantsJson(cmd);
    const format = formatOf(flags.format);
    const text = await queryText(query, flags.file);
    if (flags.all) {
      await exportAll(conn, text, flags, format, json);
      return;
    }
    if (flags.key !== undefined || flags.out !== undefined || flags.force)
      throw new QuarryError(
        "invalid_input",
        "--key, --out and --force go with --all",
        "Add --all to read every row, or leave them out.",
      );
    // Ctrl-C stops the query on the cluster (its async id deleted) instead of leaving it running.
    const result = await whileInterruptible((signal) =>
      withSession(conn, flags, (s) =>
        s.console.run(facet(s, "queryLanguage").queryRequest(text), {
          signal,
          ...(json ? {} : { onProgress: showTaskProgress }),
        }),
      ),
    );
    if (result === undefined) {
      process.stderr.write("\ncancelled: the query was stopped on the cluster\n");
      process.exitCode = EXIT.failed;
      return;
    }
    process.exitCode = printOutcome(result, json, format);
  });
}

/** Runs `work` with a signal Ctrl-C aborts; undefined when it was aborted. */
async function whileInterruptible<T>(
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T | undefined> {
  const controller = new AbortController();
  const onInterrupt = () => controller.abort();
  process.once("SIGINT", onInterrupt);
  try {
    return await work(controller.signal);
  } catch (e) {
    if (controller.signal.aborted && (e as Error).name === "AbortError") return undefined;
    throw e;
  } finally {
    process.removeListener("SIGINT", onInterrupt);
  }
}

/**
 * `--all`: every row in keyed pages, streamed as CSV or NDJSON through the export's writer (to
 * standard output, or `--out`), the count checked at the end; a query that cannot be paged is
 * refused before anything runs, with the reason.
 */
async function exportAll(
  conn: string,
  query: string,
  flags: EsqlFlags,
  format: QueryTableFormat | "table",
  json: boolean,
): Promise<void> {
  if (format !== "csv" && format !== "ndjson")
    throw new QuarryError(
      "invalid_input",
      "--all writes CSV or NDJSON, not a table",
      "Add --format csv or --format ndjson (and --out <file> for a file).",
    );
  const out = flags.out ?? "-";
  const toStdout = out === "-";
  await stoppableExport(toStdout, json, async (signal) => {
    const report = await withSession(conn, flags, (s) =>
      exportTable(facet(s, "queryLanguage").queryPages(query, flags.key), "esql", {
        format,
        out,
        ...(toStdout ? { sink: stdoutSink() } : {}),
        overwrite: flags.force === true,
        keepInterrupted: false,
        batchSize: MAX_PAGE,
        signal,
        ...(json ? {} : { onProgress: showExportProgress }),
      }),
    );
    endProgress();
    const say = toStdout ? process.stderr : process.stdout;
    if (json) printJson(report, say);
    else
      say.write(
        `${report.written.toLocaleString("en-US")} of ${report.expected.toLocaleString("en-US")} rows written to ${toStdout ? "standard output" : report.out} (${format}, ${(report.durationMs / 1000).toFixed(1)} s).\n`,
      );
  });
}

/** Rows a page asks for: the cluster's cap on one answer. */
const MAX_PAGE = 10_000;

/** `--format` of a command that prints a query's table (`command` names it in the refusal). */
export function formatOf(
  format: string | undefined,
  command = "quarry esql",
): QueryTableFormat | "table" {
  if (format === undefined || format === "table") return "table";
  if ((QUERY_TABLE_FORMATS as readonly string[]).includes(format) && format !== "json")
    return format as QueryTableFormat;
  throw new QuarryError(
    "invalid_input",
    `--format ${format} is not a format of ${command}`,
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
