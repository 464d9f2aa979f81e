/**
 * `quarry browse <conn> <table>`: one page of a table's rows, filtered and sorted. `--json` prints
 * the driver's own shapes (docs/cli.md); otherwise a readable table.
 */
import type { Command } from "commander";
import { errors } from "../../../core/errors.ts";
import type { BrowseRequest, FilterRow } from "../../../core/grid.ts";
import { addConnectionFlags, type ConnectionFlags } from "../../connection-options.ts";
import { wantsJson, withSession } from "../../context.ts";
import { printJson, warnPartial } from "../../output.ts";
import { FILTER_HELP_OPS, parseFilter, parseSort, withAttachedGroup } from "./filter-syntax.ts";
import { chooseColumns, narrow, printPage } from "./print.ts";
import { CONN_HELP } from "./shared.ts";

interface BrowseFlags extends ConnectionFlags {
  filter: string[];
  raw?: string;
  sort: string[];
  page?: string;
  pageSize?: string;
  columns?: string;
}

const collect = (value: string, previous: string[]) => [...previous, value];

export function registerBrowse(program: Command): void {
  addConnectionFlags(
    program
      .command("browse")
      .description("show one page of a table's rows, filtered and sorted")
      .argument("<conn>", CONN_HELP)
      .argument("<table>", "an index, alias, pattern (logs-*) or comma list")
      .option(
        "--filter <expr>",
        `"<column> <op> <value>", ops: ${FILTER_HELP_OPS}; a trailing @<n> puts a nested-leaf filter in element group n (repeatable)`,
        collect,
        [],
      )
      .option("--raw <query>", "the Raw SQL filter: Lucene query_string text across all fields")
      .option(
        "--sort <column[:desc]>",
        "sort column, ascending unless :desc (repeatable)",
        collect,
        [],
      )
      .option("--page <n>", "page number, from 1", "1")
      .option("--page-size <n>", "rows per page, 1 to 10000", "100")
      .option(
        "--columns <list>",
        "only these columns, comma-separated (the output, not the query)",
      ),
  ).action(async (conn: string, table: string, flags: BrowseFlags, cmd: Command) => {
    const sort = flags.sort.map(parseSort);
    const parsed = flags.filter.map(parseFilter);
    const page = wholeNumber("--page", flags.page);
    const pageSize = wholeNumber("--page-size", flags.pageSize);
    const result = await withSession(conn, flags, async (s) => {
      let filters: FilterRow[] = parsed.map((p) => p.row);
      // `KB-01@1` is a group only on a nested leaf; elsewhere `@1` may be part of the value.
      if (parsed.some((p) => p.attachedGroup !== undefined)) {
        const columns = await s.grid.describeTable(table);
        filters = parsed.map((p) => withAttachedGroup(p, columns));
      }
      const request: BrowseRequest = { filters, sort, page, pageSize };
      if (flags.raw !== undefined) request.rawQuery = flags.raw;
      return s.grid.browse(table, request);
    });
    const shown = chooseColumns(result, flags.columns);
    if (result.partial) warnPartial(result.partial);
    if (wantsJson(cmd)) printJson(flags.columns ? narrow(result, shown) : result);
    else printPage(result, shown);
  });
}

function wholeNumber(flag: string, text: string | undefined): number {
  const n = Number(text);
  if (!/^\d+$/.test(text ?? "") || !Number.isSafeInteger(n)) {
    throw errors.badPaging(
      `${flag} ${text} is not a whole number`,
      `Give ${flag} a number such as 1.`,
    );
  }
  return n;
}
