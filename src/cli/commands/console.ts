/**
 * `quarry console <conn> <METHOD> <path> [--body JSON | --body-file F]`, or `--file F` for Kibana
 * Dev Tools text with several requests (run in order) or a curl command. `${NAME}` takes the
 * connection's stored variables (the UI's Variables panel), `--var NAME=value` over them. Answers print as the console classifies
 * them: search hits as grid rows, arrays as a table, anything else as JSON; `--json` prints the
 * driver's ConsoleResult. Destructive and admin requests (the one classifier decides) ask first,
 * showing what they would affect (console-confirm.ts); `--yes` for scripts, with `--indices`
 * naming what a wildcard resolves to. `--curl` prints the requests as curl commands instead of
 * sending them (credentials left out unless `--reveal-secrets`). Each request run is added to the connection's history in the app
 * data folder (`--no-history` to skip); `quarry console <conn> --history` lists it.
 */
import { join } from "node:path";
import type { Command } from "commander";
import { openAppStorage } from "../../app/connections/connection-service.ts";
import { ConsoleHistory } from "../../app/storage/console-history.ts";
import { appDataDir } from "../../app/storage/paths.ts";
import type { ConsoleResult } from "../../core/console.ts";
import type { DriverSession } from "../../core/driver.ts";
import { addConnectionFlags, type ConnectionFlags } from "../connection-options.ts";
import { isUrl, wantsJson, withSession } from "../context.ts";
import { EXIT } from "../exit-codes.ts";
import { printJson, printLine } from "../output.ts";
import { confirmDangerous } from "./console-confirm.ts";
import { firstLine, partlyDone, printResult, showTaskProgress } from "./console-print.ts";
import { type CheckedRequest, requestsFrom } from "./console-requests.ts";
import { collectVar, variablesFor } from "./console-variables.ts";

export interface ConsoleFlags extends ConnectionFlags {
  body?: string;
  bodyFile?: string;
  file?: string;
  yes?: boolean;
  indices?: string;
  curl?: boolean;
  revealSecrets?: boolean;
  history?: boolean;
  listHistory?: boolean;
  var?: string[];
}

/** The folder of the console history in the app data folder. */
export function historyDir(): string {
  return join(appDataDir(), "console-history");
}

export function registerConsoleCommand(program: Command): void {
  addConnectionFlags(
    program
      .command("console")
      .description(
        "send requests like Kibana's Dev Tools console: a method, a path and a JSON body",
      )
      .argument("<conn>", "a saved connection's name, or a URL such as http://localhost:9200")
      .argument("[method]", "GET, POST, PUT, DELETE or HEAD")
      .argument(
        "[path]",
        "relative to the cluster, e.g. /my-index/_search (a query string may follow)",
      )
      .option("--body <json>", "the JSON body (NDJSON text for _bulk and _msearch)")
      .option("--body-file <file>", "read the body from a file (- for standard input)")
      .option(
        "--file <file>",
        "Kibana Dev Tools text with one or more requests, or a curl command (- for standard input)",
      )
      .option(
        "--var <NAME=value>",
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the console's variable syntax
        "a value for ${NAME} in the requests, over the connection's stored variables (repeatable)",
        collectVar,
      )
      .option("--yes", "run destructive and admin requests without asking (for scripts)")
      .option(
        "--indices <names>",
        "confirm a destructive request on a wildcard, _all or an alias: every index it resolves to, comma-separated (its refusal lists them)",
      )
      .option("--curl", "print the requests as curl commands instead of sending them")
      .option("--reveal-secrets", "with --curl: put the password or API key in the command")
      .option("--no-history", "do not record the requests in the connection's history")
      .option("--list-history", "print the connection's recent requests and exit"),
  ).action(
    async (
      conn: string,
      method: string | undefined,
      path: string | undefined,
      flags: ConsoleFlags,
      cmd: Command,
    ) => {
      const json = wantsJson(cmd);
      if (flags.listHistory) return listHistory(conn, flags, json);
      // Opening the session sends nothing: every request is read and checked, and destructive and
      // admin ones confirmed, before the first one goes out.
      const ran = await withSession(conn, flags, async (s) => {
        const variables = await variablesFor(conn, flags.var);
        const requests = await requestsFrom(s, method, path, { ...flags, variables });
        if (flags.curl) {
          for (const { request } of requests)
            printLine(s.console.toCurl(request, { reveal: flags.revealSecrets === true }));
          return undefined;
        }
        await confirmDangerous(s, requests, flags);
        return { count: requests.length, results: await runAll(s, conn, requests, flags, json) };
      });
      if (!ran) return;
      const { count, results } = ran;
      if (json) printJson(count === 1 && !flags.file ? results[0] : results);
      if (results.some((r) => r.kind === "error" || (r.kind === "json" && r.task?.error))) {
        process.exitCode = EXIT.failed;
      } else if (results.some(partlyDone)) {
        // Stopped early, or some items failed: what was done stays done, the rest was not.
        process.exitCode = EXIT.partial;
      }
    },
  );
}

/** `--list-history`: the connection's recent requests, written back as console text. */
async function listHistory(conn: string, flags: ConsoleFlags, json: boolean): Promise<void> {
  const entries = await new ConsoleHistory(historyDir()).list(await historyKey(conn));
  if (json) printJson({ history: entries });
  else if (entries.length > 0)
    // The console's language is the driver's: its session writes the requests back as text.
    await withSession(conn, flags, async (s) => {
      for (const e of entries) printLine(`${e.at}  ${e.status ?? "-"}  ${firstLine(s, e.request)}`);
    });
}

/**
 * Runs the requests in order, each added to the history, stopping after one that failed, stopped
 * or partly failed (the ones after it may depend on it).
 */
export async function runAll(
  s: DriverSession,
  conn: string,
  requests: CheckedRequest[],
  flags: ConsoleFlags,
  json: boolean,
): Promise<ConsoleResult[]> {
  const history = flags.history === false ? undefined : new ConsoleHistory(historyDir());
  const key = history ? await historyKey(conn) : "";
  const out: ConsoleResult[] = [];
  for (const { request: r, classification } of requests) {
    const started = Date.now();
    let result: ConsoleResult | undefined;
    try {
      result = await s.console.run(r, json ? {} : { onProgress: showTaskProgress });
      out.push(result);
    } finally {
      await history
        ?.add(key, {
          at: new Date(started).toISOString(),
          request: r,
          status: result?.status ?? null,
          durationMs: Date.now() - started,
          classification: classification.class,
          surface: "cli",
        })
        .catch(() => {
          // A history that cannot be written must not fail the request that ran.
        });
    }
    if (!json) printResult(firstLine(s, r), result);
    if (result.kind === "error" || partlyDone(result)) break;
  }
  return out;
}

/** History is kept per saved connection (by id), or per cluster address for a URL. */
async function historyKey(conn: string): Promise<string> {
  if (isUrl(conn)) {
    const u = new URL(conn);
    return `url:${u.protocol}//${u.host}`;
  }
  const storage = await openAppStorage();
  return (await storage.connections.require(conn)).id;
}
