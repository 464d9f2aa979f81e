/**
 * `quarry query run <name> [conn] --param k=v`: runs a saved query with its parameters in place
 * (checked and substituted by the library, never pasted as text). A console request runs as
 * `quarry console` runs it (dangerous ones confirmed, the history kept), an ES|QL query as `quarry
 * esql`, a grid view as `quarry browse`. Exit codes as `quarry console`.
 */
import type { Command } from "commander";
import { openAppStorage } from "../../../app/connections/connection-service.ts";
import { QueryLibrary } from "../../../app/queries/library.ts";
import { paramPairs } from "../../../app/queries/params.ts";
import {
  checkTarget,
  defaultConnection,
  planRun,
  type QueryRun,
} from "../../../app/queries/plan.ts";
import type { SavedQuery } from "../../../app/queries/saved-query.ts";
import type { ConsoleRequest } from "../../../core/console.ts";
import type { DriverSession } from "../../../core/driver.ts";
import { QuarryError } from "../../../core/errors.ts";
import { facet } from "../../../core/facet-access.ts";
import type { BrowseRequest, FilterRow } from "../../../core/grid.ts";
import { addConnectionFlags, type ConnectionFlags } from "../../connection-options.ts";
import { isUrl, wantsJson, withSession } from "../../context.ts";
import { EXIT } from "../../exit-codes.ts";
import { printJson, warnPartial } from "../../output.ts";
import { chooseColumns, narrow, printPage } from "../browse/print.ts";
import { type ConsoleFlags, runAll } from "../console.ts";
import { confirmDangerous } from "../console-confirm.ts";
import { partlyDone } from "../console-print.ts";
import { variablesFor } from "../console-variables.ts";
import { formatOf, printOutcome } from "../esql.ts";

interface RunFlags extends ConnectionFlags {
  param: string[];
  format?: string;
  yes?: boolean;
  indices?: string;
  history?: boolean;
}

const collect = (value: string, previous: string[]) => [...previous, value];

export function registerRun(group: Command): void {
  addConnectionFlags(
    group
      .command("run")
      .description("run a saved query, its parameters given as --param name=value")
      .argument("<name>", "the query's name (quarry query list)")
      .argument("[conn]", "the connection to run it on (default: the one it belongs to)")
      .option(
        "--param <name=value>",
        "a parameter's value; a list as a,b,c (repeatable)",
        collect,
        [],
      )
      .option("--format <format>", "an ES|QL query's output: table (the default), csv or ndjson")
      .option("--yes", "run a destructive or admin request without asking (for scripts)")
      .option(
        "--indices <names>",
        "confirm a destructive request on a wildcard: the indices it resolves to",
      )
      .option("--no-history", "do not record the request in the connection's history"),
  ).action(async (name: string, connArg: string | undefined, flags: RunFlags, cmd: Command) => {
    const json = wantsJson(cmd);
    const q = await (await QueryLibrary.open()).get(name);
    const conn = defaultConnection(q, connArg);
    if (!isUrl(conn)) await checkSaved(q, conn);
    const { run } = planRun(q, paramPairs(flags.param));
    if (flags.format !== undefined && run.kind !== "esql")
      throw new QuarryError(
        "invalid_input",
        `--format is for ES|QL queries; ${q.name} is a ${q.kind === "view" ? "grid view" : "console request"}`,
        "Leave out --format (or use --json).",
      );
    process.exitCode = await withSession(conn, flags, (s) => execute(s, conn, run, flags, json));
  });
}

/** The saved connection exists and is one the query may run on. */
async function checkSaved(q: SavedQuery, conn: string): Promise<void> {
  const c = await (await openAppStorage()).connections.get(conn);
  if (!c)
    throw new QuarryError(
      "connection_not_found",
      q.connection && q.connection.toLowerCase() === conn.toLowerCase()
        ? `${q.name} belongs to the connection ${conn}, which is gone`
        : `No saved connection is named ${conn}`,
      q.connection
        ? `Run it on another connection (quarry query run ${q.name} <conn>), after saving a copy without --conn.`
        : "quarry connections list shows the saved connections.",
      { query: q.name, connection: conn },
    );
  checkTarget(q, { name: c.name, type: c.type });
}

async function execute(
  s: DriverSession,
  conn: string,
  run: QueryRun,
  flags: RunFlags,
  json: boolean,
): Promise<number> {
  if (run.kind === "esql") {
    const request = facet(s, "queryLanguage").queryRequest(run.query);
    const body = {
      ...(request.body as object),
      ...(run.params.length ? { params: run.params } : {}),
    };
    return printOutcome(
      await s.console.run({ ...request, body }),
      json,
      formatOf(flags.format, "quarry query run"),
    );
  }
  if (run.kind === "view") {
    const v = run.view;
    const request: BrowseRequest = {
      filters: (v.filters ?? []) as FilterRow[],
      sort: v.sort ?? [],
      ...(v.rawQuery ? { rawQuery: v.rawQuery } : {}),
    };
    const result = await s.grid.browse(v.table, request);
    const wanted = v.columns?.join(",");
    const shown = chooseColumns(result, wanted);
    if (result.partial) warnPartial(result.partial);
    if (json) printJson(wanted ? narrow(result, shown) : result);
    else printPage(result, shown);
    return EXIT.ok;
  }
  const blocks = s.console.parse(run.text, { variables: await variablesFor(conn) });
  const bad = blocks.find((b) => b.error || !b.request);
  if (bad || blocks.length === 0)
    throw new QuarryError(
      "invalid_input",
      `The saved request does not read: ${bad?.error?.message ?? "it holds no request"}`,
      bad?.error?.remedy ?? "Fix it with quarry query save --replace.",
    );
  const requests = blocks.map((b) => ({
    request: b.request as ConsoleRequest,
    classification: s.console.check(b.request as ConsoleRequest),
  }));
  await confirmDangerous(s, requests, flags);
  const results = await runAll(s, conn, requests, flags as ConsoleFlags, json);
  if (json) printJson(results.length === 1 ? results[0] : results);
  if (results.some((r) => r.kind === "error" || (r.kind === "json" && r.task?.error)))
    return EXIT.failed;
  return results.some(partlyDone) ? EXIT.partial : EXIT.ok;
}
